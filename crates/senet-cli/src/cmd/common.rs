//! What the subcommands share: the parsers of their values (each naming
//! its range), the seed of a game, and reading small files and tables.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::io::Read;
use std::time::SystemTime;

use clap::Args;
use senet::{AnyRuleset, Ruleset, Seed};
use senet_odds::Table;

use crate::fail::{Fail, quote, usage};

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

/// Reads an odds table file of `ruleset` (written by `senet odds --build`).
pub fn read_table<R: Ruleset>(ruleset: R, path: &str) -> Result<Table<R>, Fail> {
    let file = std::fs::File::open(path)
        .map_err(|e| usage(format!("cannot open {}: {e}", quote(path))))?;
    if file.metadata().map_or(0, |m| m.len()) > MAX_TABLE_FILE {
        return Err(usage(format!(
            "{}: larger than {MAX_TABLE_FILE} bytes",
            quote(path)
        )));
    }
    Table::read_from(ruleset, std::io::BufReader::new(file))
        .map_err(|e| usage(format!("{}: {e}", quote(path))))
}

/// Parses a position of `ruleset`, or refuses it naming it.
pub fn position<R: Ruleset>(ruleset: R, text: &str) -> Result<senet::Position<R>, Fail> {
    senet::Position::parse(ruleset, text)
        .map_err(|e| usage(format!("bad position {}: {e}", quote(text))))
}
