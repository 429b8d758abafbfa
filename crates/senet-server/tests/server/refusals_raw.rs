//! Requests of a shape no well-behaved client sends, written byte for
//! byte: each refused with a status and `{"error": ...}`, and the game
//! unchanged.

use serde_json::json;

use senet_server::client::{Answer, request_raw};

use crate::hardening::a_move_waits;
use crate::harness::{Server, TempDir};
use crate::refusals::refused;

fn raw(server: &Server, bytes: &[u8]) -> Answer {
    request_raw(server.port, bytes).expect("the server answers")
}

#[test]
fn a_control_byte_in_the_authorization_header_is_a_json_403() {
    let dir = TempDir::new("raw-control");
    let server = Server::start(&dir.db());
    let (id, before, token) = a_move_waits(&server);
    let body = json!({ "move": before["legal_moves"][0]["text"] }).to_string();
    let request = format!(
        "POST /api/games/{id}/move HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer {token}\u{1}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let message = refused(&raw(&server, request.as_bytes()), 403);
    assert!(message.contains("control character"), "{message}");
    assert_eq!(server.game(&id), before);
}

#[test]
fn a_path_that_is_not_utf8_is_a_json_400() {
    let dir = TempDir::new("raw-utf8");
    let server = Server::start(&dir.db());
    for path in [
        "/api/games/%ff",
        "/api/games/%ff/record",
        "/api/games/%c3%28/review",
        "/static/%ff",
    ] {
        let request =
            format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        let message = refused(&raw(&server, request.as_bytes()), 400);
        assert!(message.contains("UTF-8"), "{path}: {message}");
    }
}

#[test]
fn a_long_request_target_is_a_json_414() {
    let dir = TempDir::new("raw-414");
    let server = Server::start(&dir.db());
    let request = format!(
        "GET /api/games/{} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        "a".repeat(3000)
    );
    let message = refused(&raw(&server, request.as_bytes()), 414);
    assert!(message.contains("limit: 2048"), "{message}");
}

#[test]
fn too_many_or_too_long_headers_are_a_json_431() {
    let dir = TempDir::new("raw-431");
    let server = Server::start(&dir.db());
    let many: String = (0..70).map(|n| format!("X-Header-{n}: {n}\r\n")).collect();
    let request =
        format!("GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{many}\r\n");
    let message = refused(&raw(&server, request.as_bytes()), 431);
    assert!(message.contains("limit: 64"), "{message}");
    let request = format!(
        "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Long: {}\r\n\r\n",
        "v".repeat(20_000)
    );
    let message = refused(&raw(&server, request.as_bytes()), 431);
    assert!(message.contains("limit: 16384"), "{message}");
    // Within the limits, the same route answers.
    let request = "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    assert_eq!(raw(&server, request.as_bytes()).status, 200);
}
