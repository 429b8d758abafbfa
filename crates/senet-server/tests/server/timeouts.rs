//! Connections that misbehave, and a server short of file descriptors:
//! each is closed or refused in its time, and the server goes on.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::harness::{TempDir, try_start_with_fds};

#[test]
fn running_out_of_file_descriptors_slows_accepting_and_never_stops_the_server() {
    let dir = TempDir::new("fds");
    // 48 descriptors: the runtime, the database and its WAL take about a
    // dozen, so the connections below run the server out of them.
    let mut server = try_start_with_fds(48, &dir.db(), &[])
        .unwrap_or_else(|e| panic!("the server did not start under ulimit -n 48: {e}"));
    let held: Vec<TcpStream> = (0..80)
        .filter_map(|_| TcpStream::connect(("127.0.0.1", server.port)).ok())
        .collect();
    assert!(held.len() > 48, "only {} connections were made", held.len());
    // Long enough for the server to accept until it has no descriptor left.
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        server.running(),
        "the server stopped when it ran out of file descriptors: {}",
        server.stderr()
    );
    drop(held);
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let answer = senet_server::client::request(server.port, "GET", "/api/rulesets", None, None);
        if matches!(&answer, Ok(answer) if answer.status == 200) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the server does not answer after the connections closed: {answer:?}"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(server.running());
}
