//! What the examples share: strict argument parsing and picking a ruleset.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::ops::RangeInclusive;
use std::process::exit;
use std::str::FromStr;
use std::time::SystemTime;

use senet::{AnyRuleset, Seed};

/// The longest message `fail` prints, in bytes, before its `error: `.
pub const MAX_MESSAGE: usize = 180;

/// The longest quotation of an argument in a message, in characters once escaped.
const QUOTE: usize = 40;

/// Prints one line on stderr and exits with code 2 (bad arguments or input).
///
/// The line is short whatever the input: control and invisible characters
/// are escaped, and a message longer than [`MAX_MESSAGE`] bytes keeps its
/// start and its end around a `…`.
pub fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {}", one_line(&message.to_string(), MAX_MESSAGE));
    exit(2)
}

/// `message` on one line of at most `max` bytes: every character that
/// does not print as itself (line breaks, controls, format characters
/// such as U+202E) escaped as `{:?}` escapes it, and the middle cut out
/// (marked `…`) when it is still too long.
pub fn one_line(message: &str, max: usize) -> String {
    let escaped: String = message.chars().map(escape).collect();
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

/// A character as it may reach a terminal: itself when it prints as
/// itself, its `{:?}` escape (`\n`, `\u{202e}`) otherwise.
fn escape(c: char) -> String {
    match c {
        '"' | '\'' | '\\' => c.to_string(),
        c => c.escape_debug().to_string(),
    }
}

/// Text from the command line or a file, quoted for a message: escaped,
/// and cut (marked `…`) past a few dozen characters.
pub fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    let mut width = 0;
    for c in text.chars() {
        let shown = c.escape_debug().to_string();
        if width + shown.len() > QUOTE {
            out.push('…');
            break;
        }
        width += shown.len();
        out.push_str(&shown);
    }
    out.push('"');
    out
}

/// Bytes that should have been UTF-8, shown: the UTF-8 parts escaped as
/// in [`shown`], every other byte as `\xNN`, cut (marked `…`) past a few
/// dozen characters.
fn bytes_shown(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(&shown(chunk.valid()));
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
        if out.len() > QUOTE {
            break;
        }
    }
    match out.char_indices().nth(QUOTE) {
        Some((cut, _)) => format!("{}…", &out[..cut]),
        None => out,
    }
}

/// Text from a record or a file, escaped for a terminal line (no cut):
/// control and invisible characters as `{:?}` escapes them.
pub fn shown(text: &str) -> String {
    text.chars().map(escape).collect()
}

/// A fresh seed (for a game nobody asked to repeat): the clock and the
/// process id, through std's randomly keyed hasher. Print it, so the game
/// can be played again.
pub fn fresh_seed() -> u64 {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// The seed of a game: `--seed N`, `--seed-hex HEX`, or a fresh one.
pub enum SeedArg {
    /// `--seed N`: `Seed::from_u64(N)`.
    Number(u64),
    /// `--seed-hex HEX`: any seed of 0 to 32 bytes.
    Hex(Seed),
    /// Neither given: made from the clock, as [`fresh_seed`] makes it.
    Fresh(u64),
}

impl SeedArg {
    /// The seed itself.
    pub fn seed(&self) -> Seed {
        match self {
            SeedArg::Number(n) | SeedArg::Fresh(n) => Seed::from_u64(*n),
            SeedArg::Hex(seed) => *seed,
        }
    }

    /// The seed with the option that plays its game again:
    /// `N (hex ...; play this game again with --seed N)` or
    /// `hex HEX (play this game again with --seed-hex HEX)`.
    pub fn again(&self) -> String {
        match self {
            SeedArg::Number(n) | SeedArg::Fresh(n) => format!(
                "{n} (hex {}; play this game again with --seed {n})",
                Seed::from_u64(*n)
            ),
            SeedArg::Hex(seed) => {
                format!("hex {seed} (play this game again with --seed-hex {seed})")
            }
        }
    }
}

/// `--name value` options and `--flag` switches, each allowed once.
pub struct Args {
    values: HashMap<String, String>,
    flags: Vec<String>,
    /// Every option's name, in the order given, so that a refusal names
    /// the first bad one whatever the hash order.
    given: Vec<String>,
    /// The first option given twice or without its value, as a message:
    /// reported by [`Args::only`] once no option is unknown, since an
    /// unknown name is the likelier mistake (and a typo's value would
    /// otherwise read as missing).
    problem: Option<String>,
    positional: Vec<String>,
    raw: Vec<String>,
}

/// The help of an example: the `//!` lines that open its source.
pub fn help_of(source: &str) -> String {
    let mut help = String::new();
    for line in source.lines().take_while(|l| l.starts_with("//!")) {
        let text = line.trim_start_matches("//!");
        help.push_str(text.strip_prefix(' ').unwrap_or(text));
        help.push('\n');
    }
    help
}

impl Args {
    /// Reads the command line; `switches` are the options that take no
    /// value. `--help` or `-h` in place of an option (not as an option's
    /// value) prints the example's help (the opening doc comment of
    /// `source`, its own text) and exits with code 0, whatever else is
    /// wrong with the command line. An argument that is not UTF-8
    /// text fails at once. An option given twice, or without its value
    /// (at the end, or followed by another `--` option, which is then
    /// read as an option), is refused by [`Args::only`], which every
    /// example calls next, as [`Args::no_positional`] refuses stray
    /// arguments.
    pub fn parse(source: &str, switches: &[&str]) -> Args {
        let mut args = Args {
            values: HashMap::new(),
            flags: Vec::new(),
            given: Vec::new(),
            problem: None,
            positional: Vec::new(),
            raw: Vec::new(),
        };
        for (i, arg) in std::env::args_os().skip(1).enumerate() {
            match arg.into_string() {
                Ok(arg) => args.raw.push(arg),
                Err(arg) => fail(format!(
                    "argument {} is not UTF-8 text: {}",
                    i + 1,
                    bytes_shown(arg.as_encoded_bytes())
                )),
            }
        }
        let mut input = args.raw.clone().into_iter().peekable();
        while let Some(arg) = input.next() {
            if arg == "--help" || arg == "-h" {
                print!("{}", help_of(source));
                exit(0);
            }
            let Some(name) = arg.strip_prefix("--") else {
                args.positional.push(arg);
                continue;
            };
            let twice = args.given.iter().any(|g| g == name);
            args.given.push(name.to_owned());
            if twice {
                args.note(format!("--{} given twice", quote_name(name)));
            }
            if switches.contains(&name) {
                args.flags.push(name.to_owned());
                continue;
            }
            match input.next_if(|next| !next.starts_with("--")) {
                Some(value) => {
                    args.values.insert(name.to_owned(), value);
                }
                None => {
                    let found = match input.peek() {
                        Some(next) => format!(", found the option {}", quote(next)),
                        None => String::new(),
                    };
                    args.note(format!("--{} needs a value{found}", quote_name(name)));
                }
            }
        }
        args
    }

    /// Keeps the first problem found while parsing, for [`Args::only`].
    fn note(&mut self, problem: String) {
        self.problem.get_or_insert(problem);
    }

    /// The arguments as given (all UTF-8, checked by [`Args::parse`]).
    pub fn raw(&self) -> &[String] {
        &self.raw
    }

    /// Fails when any argument is not an option (for commands that take none).
    pub fn no_positional(&self) {
        if let Some(extra) = self.positional.first() {
            stray(extra, "this command takes options only");
        }
    }

    /// The one argument that is not an option, named `what` in messages
    /// (`replay FILE`); fails when there is none or more than one.
    pub fn one_positional(&self, what: &str, usage: &str) -> &str {
        match self.positional.as_slice() {
            [one] => one,
            [] => fail(format!("{what} is missing; usage: {usage}")),
            [_, extra, ..] => stray(extra, &format!("only one {what} is read")),
        }
    }

    /// Fails unless every option given is one of `known` (values and
    /// switches), naming the first unknown one as typed; then on the
    /// first option given twice or without its value.
    pub fn only(&self, known: &[&str]) {
        for name in &self.given {
            if !known.contains(&name.as_str()) {
                fail(format!(
                    "unknown option --{}; known: --{}",
                    quote_name(name),
                    known.join(", --")
                ));
            }
        }
        if let Some(problem) = &self.problem {
            fail(problem);
        }
    }

    /// Whether `--name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The value of `--name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    /// The value of `--name` parsed, if given; a bad value fails.
    pub fn parsed<T: FromStr>(&self, name: &str) -> Option<T>
    where
        T::Err: std::fmt::Display,
    {
        self.value(name).map(|text| {
            text.parse()
                .unwrap_or_else(|e| fail(format!("--{name} {}: {e}", quote(text))))
        })
    }

    /// The value of `--name` parsed; fails when it is missing.
    pub fn required<T: FromStr>(&self, name: &str) -> T
    where
        T::Err: std::fmt::Display,
    {
        self.parsed(name)
            .unwrap_or_else(|| fail(format!("--{name} is required")))
    }

    /// The value of `--name` as a whole number in `range`, or `default`
    /// when not given; anything else fails, naming the range.
    pub fn number_in(&self, name: &str, range: RangeInclusive<u64>, default: u64) -> u64 {
        match self.value(name) {
            None => default,
            Some(text) => number_in(&format!("--{name}"), text, range),
        }
    }

    /// The value of `--name` as a whole number in `range`; fails when it is
    /// missing or out of range.
    pub fn required_in(&self, name: &str, range: RangeInclusive<u64>) -> u64 {
        match self.value(name) {
            None => fail(format!(
                "--{name} is required: a whole number from {} to {}",
                range.start(),
                range.end()
            )),
            Some(text) => number_in(&format!("--{name}"), text, range),
        }
    }

    /// Arguments that are not options, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// `--seed N` (a `u64` in decimal) or `--seed-hex HEX`, not both; a
    /// fresh seed when neither is given.
    pub fn seed(&self) -> SeedArg {
        match (self.value("seed"), self.value("seed-hex")) {
            (Some(_), Some(_)) => fail("give --seed or --seed-hex, not both"),
            (Some(_), None) => SeedArg::Number(self.number_in("seed", 0..=u64::MAX, 0)),
            (None, Some(_)) => SeedArg::Hex(self.required("seed-hex")),
            (None, None) => SeedArg::Fresh(fresh_seed()),
        }
    }

    /// `--ruleset NAME`, or `default` when not given.
    pub fn ruleset_or(&self, default: AnyRuleset) -> AnyRuleset {
        self.parsed("ruleset").unwrap_or(default)
    }
}

/// Refuses an argument that is not an option where none (or no more) is
/// read, saying `why`; a single-dash word gets a hint, since only `-h`
/// is short.
fn stray(extra: &str, why: &str) -> ! {
    if extra.len() > 1 && extra.starts_with('-') && !extra.starts_with("--") {
        fail(format!(
            "unexpected argument {}: options are written --name (only -h is short)",
            quote(extra)
        ))
    }
    fail(format!("unexpected argument {}: {why}", quote(extra)))
}

/// An option's name as typed, quoted when it is not plain.
fn quote_name(name: &str) -> String {
    if !name.is_empty()
        && name.len() <= QUOTE
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        name.to_owned()
    } else {
        quote(name)
    }
}

/// `text` (the value of `what`) as a whole number in `range`: plain
/// decimal digits, no sign, no `0x` (so `--seed` is always decimal);
/// anything else fails, naming the range.
pub fn number_in(what: &str, text: &str, range: RangeInclusive<u64>) -> u64 {
    let number = Some(text)
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse::<u64>().ok());
    match number {
        Some(n) if range.contains(&n) => n,
        _ => fail(format!(
            "{what} {}: expected a whole number from {} to {}, in decimal digits",
            quote(text),
            range.start(),
            range.end()
        )),
    }
}

/// The text of a small file (weights, a list of positions): at most
/// `max` bytes of UTF-8; anything else fails, naming the file.
pub fn read_small_file(path: &str, max: u64) -> String {
    let text = read_small_bytes(path, max);
    String::from_utf8(text).unwrap_or_else(|_| fail(format!("{} is not UTF-8 text", quote(path))))
}

/// Reads a file of at most `max` bytes, or fails with the reason.
pub fn read_small_bytes(path: &str, max: u64) -> Vec<u8> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
        .unwrap_or_else(|e| fail(format!("cannot read {}: {e}", quote(path))));
    if bytes.len() as u64 > max {
        fail(format!("{} is longer than {max} bytes", quote(path)));
    }
    bytes
}

/// The largest odds table file the examples read.
pub const MAX_TABLE_FILE: u64 = 2 << 30;

/// Reads an odds table file of `ruleset` (written by `odds --build`), or
/// fails with the reason.
pub fn read_table<R: senet::Ruleset>(ruleset: R, path: &str) -> senet::odds::Table<R> {
    let file = std::fs::File::open(path)
        .unwrap_or_else(|e| fail(format!("cannot open {}: {e}", quote(path))));
    if file.metadata().map_or(0, |m| m.len()) > MAX_TABLE_FILE {
        fail(format!(
            "{}: larger than {MAX_TABLE_FILE} bytes",
            quote(path)
        ));
    }
    senet::odds::Table::read_from(ruleset, std::io::BufReader::new(file))
        .unwrap_or_else(|e| fail(format!("{}: {e}", quote(path))))
}
