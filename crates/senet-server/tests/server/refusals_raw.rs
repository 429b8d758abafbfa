//! Requests of a shape no well-behaved client sends, written byte for
//! byte, and bodies not sent as JSON or hosts not answered for: each
//! refused with a status and `{"error": ...}`, and the game unchanged.

use std::ffi::OsStr;

use serde_json::json;

use senet_server::client::{Answer, request_raw};

use crate::hardening::a_move_waits;
use crate::harness::{Server, TempDir, try_start_with};
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

#[test]
fn a_body_not_sent_as_json_is_a_json_415() {
    let dir = TempDir::new("raw-415");
    let server = Server::start(&dir.db());
    let (id, before, token) = a_move_waits(&server);
    let body = json!({ "move": before["legal_moves"][0]["text"] }).to_string();
    for content_type in [
        "",
        "Content-Type: text/plain\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
    ] {
        let request = format!(
            "POST /api/games/{id}/move HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n{content_type}Content-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let message = refused(&raw(&server, request.as_bytes()), 415);
        assert!(
            message.contains("Content-Type: application/json"),
            "{message}"
        );
    }
    assert_eq!(server.game(&id), before);
    // JSON with a parameter is JSON.
    let body = json!({"ruleset": "kendall"}).to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: Application/JSON; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let created = raw(&server, request.as_bytes());
    assert_eq!(created.status, 201, "{}", created.body);
}

#[test]
fn with_allowed_hosts_a_request_for_another_host_is_a_json_421() {
    let dir = TempDir::new("raw-421");
    let more = [OsStr::new("--allowed-host"), OsStr::new("example.org")];
    let server = try_start_with(&dir.db(), &more).unwrap_or_else(|e| panic!("no start: {e}"));
    let asking = |host: &str| {
        let request =
            format!("GET /api/rulesets HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
        raw(&server, request.as_bytes())
    };
    let message = refused(&asking(&format!("127.0.0.1:{}", server.port)), 421);
    assert_eq!(
        message,
        format!(
            "this server answers for example.org, not for \"127.0.0.1:{}\"",
            server.port
        )
    );
    refused(&asking("evil.test"), 421);
    assert_eq!(asking("example.org").status, 200);
    assert_eq!(asking("Example.ORG:8080").status, 200);
}

#[test]
fn with_strict_headers_a_control_byte_in_a_header_is_refused_before_any_route() {
    let dir = TempDir::new("raw-strict");
    let server = try_start_with(&dir.db(), &[OsStr::new("--strict-headers")])
        .unwrap_or_else(|e| panic!("no start: {e}"));
    let request = "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Odd: a\u{1}b\r\n\r\n";
    // hyper's own answer: a 400 with no body, the line never skipped.
    let answer = raw(&server, request.as_bytes());
    assert_eq!(
        (answer.status, answer.body.as_str()),
        (400, ""),
        "{answer:?}"
    );
    let clean =
        "GET /api/rulesets HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Odd: ab\r\n\r\n";
    assert_eq!(raw(&server, clean.as_bytes()).status, 200);
}
