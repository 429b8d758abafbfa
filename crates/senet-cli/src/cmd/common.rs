//! What the subcommands share: the parsers of their values (each naming
//! its range), the seed of a game, and reading small files and tables.

use std::collections::hash_map::RandomState;
use std::fs::File;
use std::hash::{BuildHasher, Hasher};
use std::io::{BufReader, Read};
use std::time::SystemTime;

use clap::Args;
use senet::record::ReadRecordError;
use senet::replay::{Place, Problem, ReplayError};
use senet::{AnyRuleset, Record, Rules, Ruleset, Seed};
use senet_odds::{Table, TableError};

use crate::fail::{Fail, error, quote, usage};

/// A whole number in decimal digits (no sign, no `0x`, no spaces).
fn whole(text: &str) -> Option<u64> {
    Some(text)
        .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|t| t.parse().ok())
}

/// A parser of whole numbers from `min` to `max`; the error names the range.
pub fn number(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text: &str| {
        whole(text)
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                format!("expected a whole number from {min} to {max}, in decimal digits")
            })
    }
}

/// A parser of any `u64` in decimal digits: `--seed N`.
pub fn seed_number(text: &str) -> Result<u64, String> {
    number(0, u64::MAX)(text)
}

/// A parser of a seed in lower-case hex, 0 to 32 bytes: `--seed-hex HEX`.
pub fn seed_hex(text: &str) -> Result<Seed, String> {
    text.parse::<Seed>().map_err(|e| e.to_string())
}

/// A parser of a ruleset's name.
pub fn ruleset(text: &str) -> Result<AnyRuleset, String> {
    text.parse::<AnyRuleset>().map_err(|e| e.to_string())
}

/// `--ruleset NAME` or `--rules FILE`: how every subcommand that plays
/// one ruleset is told which. `--ruleset` is `kendall` unless a
/// subcommand takes its default away (`train`, whose hours of work are
/// not spent on a ruleset nobody named).
#[derive(Args, Clone, Debug)]
pub struct RulesetArgs {
    /// The ruleset: kendall, temple, bell, classic, jequier, kendall1979 or skyruk
    #[arg(long, value_name = "R", value_parser = ruleset, default_value = "kendall")]
    pub ruleset: Option<AnyRuleset>,
    /// A ruleset read from a rules file (TOML, docs/rulesets.md) instead of --ruleset
    #[arg(long, value_name = "FILE", conflicts_with = "ruleset")]
    pub rules: Option<String>,
}

impl RulesetArgs {
    /// The ruleset named, its file read.
    pub fn chosen(&self) -> Result<Rules, Fail> {
        match (&self.rules, self.ruleset) {
            (Some(path), _) => rules_file(path),
            (None, Some(ruleset)) => Ok(Rules::from(ruleset)),
            (None, None) => Err(usage("name a ruleset: --ruleset R or --rules FILE")),
        }
    }
}

/// Refuses, as a bad argument, a ruleset whose throws are banked before
/// moving, for a command (`what`) whose bots or tables do not play banks
/// yet.
pub fn unbanked(rules: Rules, what: &str) -> Result<Rules, Fail> {
    if rules.banks_throws() {
        return Err(usage(format!(
            "{what} does not play banked throws yet ({} sets throw_again.before_moving); \
             game, moves, perft, replay and playouts do",
            rules.name()
        )));
    }
    Ok(rules)
}

/// Reads a rules file; a bad one is a bad argument, said at its line.
pub fn rules_file(path: &str) -> Result<Rules, Fail> {
    senet_rules_file::read(path).map_err(|error| match error {
        senet::RulesFileError::Invalid { .. } => {
            Fail::RulesFile(format!("{}: {error}", quote(path)))
        }
        _ => usage(error),
    })
}

/// A parser of a finite number from `min` to `max`.
pub fn real(min: f64, max: f64) -> impl Fn(&str) -> Result<f64, String> + Clone + Send + Sync {
    move |text: &str| {
        text.parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && (min..=max).contains(r))
            .ok_or_else(|| format!("expected a number from {min} to {max}"))
    }
}

/// `--seed N` or `--seed-hex HEX` (not both), or a fresh seed.
#[derive(Args, Clone, Debug)]
pub struct SeedArgs {
    /// The seed: any u64 in decimal digits; the seed is its 8
    /// little-endian bytes (`Seed::from_u64(N)`)
    #[arg(long, value_name = "N", value_parser = seed_number, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// The seed in lower-case hex, any seed of 0 to 32 bytes
    #[arg(long, value_name = "HEX", value_parser = seed_hex, conflicts_with = "seed")]
    pub seed_hex: Option<Seed>,
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

impl SeedArgs {
    /// The seed asked for, or a fresh one.
    pub fn seed(&self) -> SeedArg {
        match (self.seed, self.seed_hex) {
            (Some(n), _) => SeedArg::Number(n),
            (None, Some(seed)) => SeedArg::Hex(seed),
            (None, None) => SeedArg::Fresh(fresh_seed()),
        }
    }
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

/// A fresh seed (for a game nobody asked to repeat): the clock and the
/// process id, through std's randomly keyed hasher. Print it, so the game
/// can be played again.
pub fn fresh_seed() -> u64 {
    let mut hasher = RandomState::new().build_hasher();
    let now = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish()
}

/// Reads a file of at most `max` bytes, or fails with the reason.
pub fn read_small_bytes(path: &str, max: u64) -> Result<Vec<u8>, Fail> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| usage(format!("cannot read {}: {e}", quote(path))))?;
    if bytes.len() as u64 > max {
        return Err(usage(format!("{} is longer than {max} bytes", quote(path))));
    }
    Ok(bytes)
}

/// The text of a small file (weights, a list of positions): at most
/// `max` bytes of UTF-8.
pub fn read_small_file(path: &str, max: u64) -> Result<String, Fail> {
    String::from_utf8(read_small_bytes(path, max)?)
        .map_err(|_| usage(format!("{} is not UTF-8 text", quote(path))))
}

/// The largest odds table file read.
pub const MAX_TABLE_FILE: u64 = 2 << 30;

/// Reads an odds table file of `ruleset` (written by `senet odds --build`):
/// at most [`MAX_TABLE_FILE`] bytes, counted as they are read (a device or
/// a pipe reports no size), and no more than its header announces; the
/// values are checked on load ([`Table::read_from`]).
pub fn read_table<R: Ruleset>(ruleset: R, path: &str) -> Result<Table<R>, Fail> {
    let file = std::fs::File::open(path)
        .map_err(|e| usage(format!("cannot open {}: {e}", quote(path))))?;
    let reader = std::io::BufReader::new(file).take(MAX_TABLE_FILE);
    Table::read_from(ruleset, reader).map_err(|e| match e {
        TableError::Truncated { needed, .. } if needed > MAX_TABLE_FILE => usage(format!(
            "{}: its header announces {needed} bytes, more than the {MAX_TABLE_FILE} bytes \
             a table may have here",
            quote(path)
        )),
        e => usage(format!("{}: {e}", quote(path))),
    })
}

/// Checks, before any work, that a file can be written at `path`: its
/// folder exists (none is made) and it is not a folder itself. The file
/// is opened for writing, so that a folder without write permission is
/// refused too. A file that did not exist is created to try, then removed
/// again, so that a command that fails before its work is done leaves no
/// empty file behind; one that existed is left as it is (it is replaced
/// when the work is done).
pub fn writable(path: &str) -> Result<(), Fail> {
    let cannot =
        |why: &dyn std::fmt::Display| usage(format!("cannot write {}: {why}", quote(path)));
    let target = std::path::Path::new(path);
    if path.is_empty() {
        return Err(usage("an output path is empty"));
    }
    if target.is_dir() {
        return Err(cannot(&"it is a folder"));
    }
    if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty())
        && !parent.is_dir()
    {
        return Err(cannot(&format!(
            "its folder {} does not exist",
            quote(&parent.to_string_lossy())
        )));
    }
    let existed = target.exists();
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(target)
        .map_err(|e| cannot(&e))?;
    if !existed {
        // The try made it; the work writes it.
        std::fs::remove_file(target).map_err(|e| cannot(&e))?;
    }
    Ok(())
}

/// Writes `bytes` to the file at `path` (checked by [`writable`] before
/// the work); a failure then (a full disk) is an error of the work, exit
/// code 1.
pub fn write_file(path: &str, bytes: impl AsRef<[u8]>) -> Result<(), Fail> {
    std::fs::write(path, bytes).map_err(|e| error(format!("cannot write {}: {e}", quote(path))))
}

/// Parses a position of `ruleset`, or refuses it naming it.
pub fn position<R: Ruleset>(ruleset: R, text: &str) -> Result<senet::Position<R>, Fail> {
    senet::Position::parse(ruleset, text)
        .map_err(|e| usage(format!("bad position {}: {e}", quote(text))))
}

/// The memory a command may plan to use unless `--max-memory` says more:
/// 4 GiB.
pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;

/// A parser of a number of bytes: digits, optionally followed by `K`,
/// `M`, `G` or `T` (powers of 1024), as `--max-memory 8G`.
pub fn bytes(text: &str) -> Result<u64, String> {
    let expected = || {
        "expected bytes in decimal digits, optionally with K, M, G or T (powers of 1024), as 8G"
            .to_owned()
    };
    let (digits, shift) = match text.char_indices().last() {
        Some((at, 'K' | 'k')) => (&text[..at], 10),
        Some((at, 'M' | 'm')) => (&text[..at], 20),
        Some((at, 'G' | 'g')) => (&text[..at], 30),
        Some((at, 'T' | 't')) => (&text[..at], 40),
        _ => (text, 0),
    };
    whole(digits)
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(expected)
}

/// A number of bytes as a person reads it: `512 MiB`, `1.5 GiB`.
pub fn size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{value:.1} {}", UNITS[unit])
    }
}

/// `--max-memory BYTES`: the most memory the command may plan to use.
#[derive(Args, Clone, Debug)]
pub struct MemoryArgs {
    /// The most memory the command may plan to use, in bytes or with K, M, G or T (powers of 1024); it refuses up front, with its estimate, to start work that needs more [default: 4G]
    #[arg(long, value_name = "BYTES", value_parser = bytes, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
}

impl MemoryArgs {
    /// The limit: `--max-memory`, or [`DEFAULT_MAX_MEMORY`].
    pub fn limit(&self) -> u64 {
        self.max_memory.unwrap_or(DEFAULT_MAX_MEMORY)
    }

    /// Refuses, before the work, work whose memory `need` (what it is
    /// said by `what`) passes the limit, with both figures.
    pub fn check(&self, need: u64, what: impl std::fmt::Display) -> Result<(), Fail> {
        let limit = self.limit();
        if need <= limit {
            return Ok(());
        }
        Err(usage(format!(
            "{what} need {} ({need} bytes), over --max-memory {}; raise it to run this",
            size(need),
            size(limit)
        )))
    }
}

/// A record refused: `invalid: WHY`, exit code 1 (`senet replay` and
/// `senet review` alike).
pub fn invalid(problem: impl std::fmt::Display) -> Fail {
    Fail::Refused(format!("invalid: {problem}"))
}

/// Reads the record at `path` and the built-in ruleset it names, within
/// `memory`: the command keeps about `per_byte` bytes for each byte of
/// record (every throw is kept), so the need is checked from the file's
/// reported size first, and what is read is bounded all the same (a pipe
/// or a device reports none). A record that does not parse, or names a
/// ruleset this command does not know, is [`invalid`].
pub fn read_record(
    path: &str,
    memory: &MemoryArgs,
    per_byte: u64,
    doing: &str,
    rules: Option<&str>,
) -> Result<(Record, Rules), Fail> {
    let file = File::open(path).map_err(|e| usage(format!("cannot open {}: {e}", quote(path))))?;
    let max = memory.limit() / per_byte;
    let too_long = |bytes: u64| {
        memory.check(
            bytes.saturating_mul(per_byte),
            format_args!(
                "{doing} {}: {bytes}+ bytes of record × {per_byte}",
                quote(path)
            ),
        )
    };
    too_long(file.metadata().map_or(0, |m| m.len()))?;
    let mut input = BufReader::new(file).take(max + 1);
    let read = Record::read_from(&mut input);
    if input.limit() == 0 {
        too_long(max + 1)?;
    }
    let record = match read {
        Ok(record) => record,
        Err(ReadRecordError::Parse(e)) => return Err(invalid(format!("{}: {e}", quote(path)))),
        Err(e) => return Err(usage(format!("cannot read {}: {e}", quote(path)))),
    };
    if let Some(path) = rules {
        // The replay checks that the record names this file's ruleset
        // and carries its SHA-256.
        return Ok((record, rules_file(path)?));
    }
    if let Some(digest) = record.rules_file() {
        return Err(usage(format!(
            "the record was played under a rules file for {} (SHA-256 {digest}): give that file with --rules FILE",
            quote(record.ruleset())
        )));
    }
    let Ok(ruleset) = record.ruleset().parse::<AnyRuleset>() else {
        let found = record.ruleset().to_owned();
        let problem = Problem::ParseRulesetError { found };
        return Err(invalid(ReplayError {
            place: Place::Header,
            problem,
        }));
    };
    Ok((record, Rules::from(ruleset)))
}
