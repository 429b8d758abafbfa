//! How the command fails: what it prints on stderr and its exit code.

use std::fmt::Display;
use std::io;
use std::process::ExitCode;

/// A line on stderr (progress, a note), as `eprintln!` writes it, but a
/// stderr that cannot be written (closed, a full disk) is ignored rather
/// than a panic: the results go to stdout, whose failures are reported.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
pub(crate) use note;

/// The longest message printed on stderr, in bytes, before its prefix.
pub const MAX_MESSAGE: usize = 180;

/// The longest refusal of a rules file printed on stderr, in bytes: long
/// enough for the whole list of a table's keys after an unknown one (the
/// parts a file wrote are quoted short), so that the list is never cut.
pub const MAX_RULES_MESSAGE: usize = 640;

/// Why a subcommand stopped.
#[derive(Debug)]
pub enum Fail {
    /// Bad arguments, or a file named by them that cannot be read or
    /// written: `error: MESSAGE`, exit code 2.
    Usage(String),
    /// A rules file named by the arguments is refused: `error: MESSAGE`,
    /// exit code 2, the message cut only past [`MAX_RULES_MESSAGE`].
    RulesFile(String),
    /// The input given is refused (a record that is not valid, a move
    /// text that is not legal): MESSAGE as it is, exit code 1.
    Refused(String),
    /// The work could not be done (a failed read of standard input, a
    /// tuning round that failed): `error: MESSAGE`, exit code 1.
    Error(String),
    /// Writing the output failed: quietly [`BROKEN_PIPE`] for a closed
    /// pipe (`| head`), `error: ...` and exit code 1 otherwise.
    Write(io::Error),
}

impl From<io::Error> for Fail {
    /// An error of the output: every `?` on a write lands here.
    fn from(e: io::Error) -> Fail {
        Fail::Write(e)
    }
}

/// The exit code of a command whose output was closed early (`| head`):
/// 141, the status a shell reports for a process ended by SIGPIPE (128 +
/// 13), so that `set -o pipefail` scripts see what they would see of any
/// other Unix tool; nothing is printed.
pub const BROKEN_PIPE: u8 = 141;

/// Bad arguments: exit code 2.
pub fn usage(message: impl Display) -> Fail {
    Fail::Usage(message.to_string())
}

/// The work failed: exit code 1.
pub fn error(message: impl Display) -> Fail {
    Fail::Error(message.to_string())
}

/// Prints why the command failed, if it did, and gives its exit code.
pub fn exit(result: Result<(), Fail>) -> ExitCode {
    let mut max = MAX_MESSAGE;
    let (line, code) = match result {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Fail::RulesFile(message)) => {
            max = MAX_RULES_MESSAGE;
            (format!("error: {message}"), 2)
        }
        Err(Fail::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            return ExitCode::from(BROKEN_PIPE);
        }
        Err(Fail::Usage(message)) => (format!("error: {message}"), 2),
        Err(Fail::Refused(message)) => (message, 1),
        Err(Fail::Error(message)) => (format!("error: {message}"), 1),
        Err(Fail::Write(e)) => (format!("error: cannot write the output: {e}"), 1),
    };
    note!("{}", one_line(&line, max + "error: ".len()));
    ExitCode::from(code)
}

/// `message` on one line of at most `max` bytes: every character that
/// does not print as itself (line breaks, controls, format characters
/// such as U+202E) escaped as `{:?}` escapes it, and the middle cut out
/// (marked `…`) when it is still too long.
pub fn one_line(message: &str, max: usize) -> String {
    let escaped = shown(message);
    if escaped.len() <= max {
        return escaped;
    }
    let keep = max.saturating_sub('…'.len_utf8());
    let mut head = keep * 2 / 3;
    while !escaped.is_char_boundary(head) {
        head -= 1;
    }
    let mut tail = escaped.len() - (keep - head);
    while !escaped.is_char_boundary(tail) {
        tail += 1;
    }
    format!("{}…{}", &escaped[..head], &escaped[tail..])
}

/// Text from a record or a file, escaped for a terminal line (no cut):
/// control and invisible characters as `{:?}` escapes them, quotes and
/// backslashes as themselves.
pub fn shown(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '"' | '\'' | '\\' => c.to_string(),
            c => c.escape_debug().to_string(),
        })
        .collect()
}

/// Text from the command line or a file, quoted for a message: its
/// start only (the library's [`senet::notation::quote::excerpt`]), escaped.
pub fn quote(text: &str) -> String {
    format!("{:?}", senet::notation::quote::excerpt(text))
}
