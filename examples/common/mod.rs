//! What the examples share: strict argument parsing and picking a ruleset.
#![allow(dead_code)]

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::process::exit;
use std::str::FromStr;
use std::time::SystemTime;

use senet::AnyRuleset;

/// Prints one line on stderr and exits with code 2 (bad arguments or input).
pub fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("error: {message}");
    exit(2)
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

/// `--name value` options and `--flag` switches, each allowed once.
pub struct Args {
    values: HashMap<String, String>,
    flags: Vec<String>,
    positional: Vec<String>,
}

impl Args {
    /// Reads the command line; `switches` are the options that take no value.
    pub fn parse(switches: &[&str]) -> Args {
        let mut args = Args {
            values: HashMap::new(),
            flags: Vec::new(),
            positional: Vec::new(),
        };
        let mut input = std::env::args().skip(1);
        while let Some(arg) = input.next() {
            let Some(name) = arg.strip_prefix("--") else {
                args.positional.push(arg);
                continue;
            };
            if switches.contains(&name) {
                args.flags.push(name.to_owned());
                continue;
            }
            let Some(value) = input.next() else {
                fail(format!("--{name} needs a value"))
            };
            if args.values.insert(name.to_owned(), value).is_some() {
                fail(format!("--{name} given twice"));
            }
        }
        args
    }

    /// Fails unless every option given is one of `known` (values and switches).
    pub fn only(&self, known: &[&str]) {
        for name in self.values.keys().chain(self.flags.iter()) {
            if !known.contains(&name.as_str()) {
                fail(format!(
                    "unknown option --{name}; known: --{}",
                    known.join(", --")
                ));
            }
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
                .unwrap_or_else(|e| fail(format!("--{name} {text:?}: {e}")))
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

    /// Arguments that are not options, in order.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// `--ruleset NAME`, or `default` when not given.
    pub fn ruleset_or(&self, default: AnyRuleset) -> AnyRuleset {
        self.parsed("ruleset").unwrap_or(default)
    }
}

/// Runs `$body` with `$r` bound to the concrete ruleset `$any` names, so
/// the generic code is monomorphised for it (the fast path).
#[macro_export]
macro_rules! with_ruleset {
    ($any:expr, |$r:ident| $body:expr) => {
        match $any {
            senet::AnyRuleset::Kendall => {
                let $r = senet::rulesets::Kendall;
                $body
            }
            senet::AnyRuleset::Temple => {
                let $r = senet::rulesets::Temple;
                $body
            }
            senet::AnyRuleset::Bell => {
                let $r = senet::rulesets::Bell;
                $body
            }
            senet::AnyRuleset::Classic => {
                let $r = senet::rulesets::Classic;
                $body
            }
        }
    };
}
