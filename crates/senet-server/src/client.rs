//! A minimal blocking HTTP/1.1 client, one request per connection: what
//! the server's tests and its load benchmark speak to it with, so that
//! they need no HTTP crate of their own; and the turn a game waits for,
//! taken as a player would.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer: the status and the body as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body, as UTF-8 (lossily).
    pub body: String,
}

impl Answer {
    /// The body as JSON.
    ///
    /// # Errors
    ///
    /// When the body is not JSON.
    pub fn json(&self) -> Result<serde_json::Value, serde_json::Error> {
        serde_json::from_str(&self.body)
    }
}

/// Sends `method path` to `127.0.0.1:port` with an optional bearer
/// `token` and a body sent as it is, and reads the whole answer.
///
/// # Errors
///
/// When the connection fails or the answer is not HTTP/1.1.
pub fn request(
    port: u16,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&[u8]>,
) -> std::io::Result<Answer> {
    let body = body.unwrap_or_default();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    head.push_str("\r\n");
    let mut message = head.into_bytes();
    message.extend_from_slice(body);
    request_raw(port, &message)
}

/// Sends `message`, a whole request written byte for byte (of any shape,
/// for tests of refusals; it should ask for `Connection: close`), to
/// `127.0.0.1:port`, and reads the whole answer.
///
/// # Errors
///
/// When the connection fails or the answer is not HTTP/1.1.
pub fn request_raw(port: u16, message: &[u8]) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    stream.set_nodelay(true)?;
    stream.write_all(message)?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw)?;
    parse(&raw)
}

/// Takes the turn that `game` (a game as the API shows it) waits for: a
/// throw when none waits, else the legal move numbered `pick(count)` of
/// the `count` listed (modulo `count`). It is sent with the token of the
/// side to play or, when that seat is a bot's (`None`), the other's, which
/// lets the bot play. The request names the view's `turn` (when it has
/// one), so a request sent on a view that is no longer the game's is
/// refused (409) rather than played on a game its sender did not see.
///
/// # Errors
///
/// [`std::io::ErrorKind::InvalidInput`] when `game` shows no side to play
/// (the game is over) or no token is given; otherwise as [`request`].
pub fn take_turn(
    port: u16,
    game: &serde_json::Value,
    tokens: [Option<&str>; 2],
    pick: impl FnOnce(usize) -> usize,
) -> std::io::Result<Answer> {
    let invalid = |what: &str| std::io::Error::new(std::io::ErrorKind::InvalidInput, what);
    let id = game["id"]
        .as_str()
        .ok_or_else(|| invalid("a game without its id"))?;
    let side = match game["to_play"].as_str() {
        Some("x") => 0,
        Some("o") => 1,
        _ => return Err(invalid("the game has no side to play")),
    };
    let token = tokens[side]
        .or(tokens[1 - side])
        .ok_or_else(|| invalid("no seat's token"))?;
    let turn = game["turn"].as_u64();
    match game["legal_moves"]
        .as_array()
        .filter(|moves| !moves.is_empty())
    {
        None => {
            let body = turn.map(|turn| serde_json::json!({ "turn": turn }).to_string());
            request(
                port,
                "POST",
                &format!("/api/games/{id}/throw"),
                Some(token),
                body.as_deref().map(str::as_bytes),
            )
        }
        Some(moves) => {
            let chosen = &moves[pick(moves.len()) % moves.len()];
            let text = chosen["text"]
                .as_str()
                .ok_or_else(|| invalid("a legal move without its text"))?;
            let mut body = serde_json::json!({ "move": text });
            if let Some(turn) = turn {
                body["turn"] = turn.into();
            }
            let body = body.to_string();
            request(
                port,
                "POST",
                &format!("/api/games/{id}/move"),
                Some(token),
                Some(body.as_bytes()),
            )
        }
    }
}

fn bad(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what.to_owned())
}

fn parse(raw: &[u8]) -> std::io::Result<Answer> {
    let end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| bad("no end of the head"))?;
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.split(' ').nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| bad("no status line"))?;
    let mut content_type = None;
    let mut chunked = false;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-type") {
            content_type = Some(value.to_owned());
        } else if name.eq_ignore_ascii_case("transfer-encoding") && value.contains("chunked") {
            chunked = true;
        }
    }
    let mut body = raw[end + 4..].to_vec();
    if chunked {
        body = dechunk(&body)?;
    }
    Ok(Answer {
        status,
        content_type,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

fn dechunk(mut rest: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut body = Vec::new();
    loop {
        let line_end = rest
            .windows(2)
            .position(|w| w == b"\r\n")
            .ok_or_else(|| bad("a chunk without its size line"))?;
        let size_text = String::from_utf8_lossy(&rest[..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| bad("a chunk size that is not hex"))?;
        rest = &rest[line_end + 2..];
        if size == 0 {
            return Ok(body);
        }
        let chunk = rest.get(..size).ok_or_else(|| bad("a chunk cut short"))?;
        body.extend_from_slice(chunk);
        rest = rest
            .get(size + 2..)
            .ok_or_else(|| bad("a chunk cut short"))?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_and_chunked_answers_are_read() {
        let plain = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}";
        let answer = parse(plain).unwrap();
        assert_eq!((answer.status, answer.body.as_str()), (404, "{}"));
        assert_eq!(answer.content_type.as_deref(), Some("application/json"));
        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n";
        assert_eq!(parse(chunked).unwrap().body, "abcde");
        assert!(parse(b"garbage").is_err());
    }
}
