//! One HTTP/1.1 request from a chosen loopback address. The server counts
//! game creates per client address (`--creates-per-minute`), and
//! `senet_server::client` speaks from 127.0.0.1 only; binding the socket
//! before it connects (tokio's `TcpSocket`) gives the players, the slow
//! clients and the flood an address each, with no new dependency.

use std::io::{Error, ErrorKind};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// How long an answer may take before the request counts as failed.
const ANSWER_WITHIN: Duration = Duration::from_secs(120);

/// A connection from `from` (any port) to the server on `127.0.0.1:port`.
pub async fn connect_from(from: IpAddr, port: u16) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = socket
        .connect(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port))
        .await?;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Posts the JSON `body` to `path` from `from`, and answers the status
/// and the body (the server's JSON answers carry a `Content-Length`, so
/// the body is everything after the head).
pub async fn post(
    from: IpAddr,
    port: u16,
    path: &str,
    body: &str,
) -> std::io::Result<(u16, String)> {
    let mut stream = connect_from(from, port).await?;
    let message = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(message.as_bytes()).await?;
    let mut raw = Vec::new();
    tokio::time::timeout(ANSWER_WITHIN, stream.read_to_end(&mut raw))
        .await
        .map_err(|_| Error::new(ErrorKind::TimedOut, "no answer within 120 s"))??;
    let status =
        status(&raw).ok_or_else(|| Error::new(ErrorKind::InvalidData, "no status line"))?;
    let body = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .map_or(&[][..], |end| &raw[end + 4..]);
    Ok((status, String::from_utf8_lossy(body).into_owned()))
}

/// The status of an answer's first line, if `raw` starts with one.
pub fn status(raw: &[u8]) -> Option<u16> {
    let line = raw.split(|&b| b == b'\r').next()?;
    let line = std::str::from_utf8(line).ok()?;
    line.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
}
