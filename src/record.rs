//! Game records: what a game was played under, how it ended, and every throw
//! in move notation.
//!
//! A record is text: a header of tags, an empty line, then every throw of the
//! game, one a line, numbered from 1, in the move notation (`R: F-T` with the
//! suffixes `x`, `<`, `+`; `R: -` for a lost throw). It prints with
//! `Display`, parses with `FromStr`, and round-trips byte for byte. This is a
//! whole game, started from a position near the end:
//!
//! ```text
//! [Ruleset "kendall"]
//! [Revision "1"]
//! [Seed "0000000000000000"]
//! [Start "....................o.o.ox.oxx o 2 1"]
//! [X "Ann"]
//! [O "Bo"]
//! [Result "x"]
//! [Ending "borne off"]
//!
//! 1. 2: 21-19<
//! 2. 3: -
//! 3. 3: 28-off
//! 4. 2: 29-off
//! 5. 5: 19-24+
//! 6. 2: 24-22<
//! 7. 2: 26-28
//! 8. 2: 22-24
//! 9. 3: 28-off
//! 10. 3: 23-26
//! 11. 2: -
//! 12. 2: 26-28
//! 13. 1: 30-off
//! ```
//!
//! | tag | | value |
//! |---|---|---|
//! | `Ruleset` | required | the ruleset's name: `kendall`, `temple`, `bell`, `classic`, `jequier`, `kendall1979`, `skyruk`, or a ruleset of your own |
//! | `Revision` | required | the ruleset's revision the game was played under, in decimal |
//! | `RulesFile` | for a ruleset read from a rules file | the SHA-256 of the file, 64 lower-case hex digits: a replay under another file is refused |
//! | `Seed` | when seeded | the seed, lower-case hex (`""` for the empty seed) |
//! | `Start` | when not the ruleset's start | the start position string |
//! | `X`, `O` | optional | the players' names |
//! | `XAgent`, `OAgent` | optional | who or what played each side, free text: `person`, `level 4` |
//! | `Site` | optional | where the game was played, free text: a site's name or address |
//! | `Date` | optional | the day the game was played, `YYYY-MM-DD`, a real calendar date |
//! | `Commitment` | optional | the SHA-256 of the seed, 64 lower-case hex digits, published before the game ([`Commitment`]) |
//! | `Result` | required | `x` or `o` (the winner), `draw`, or `*` while unfinished |
//! | `Ending` | exactly when finished | `borne off` (the rules ended it with a win), `resignation`, `draw` |
//!
//! Every tag added since the first records (`XAgent` to `Commitment`) is
//! optional, so a record without them reads and prints exactly as before.
//! With the `commit` feature, [`Record::verify`] refuses a record whose
//! `Commitment` is not its `Seed`'s; without it, the tag is kept but not
//! checked.
//!
//! Tags come in this order, one a line, each at most once, as `[Name "value"]`
//! with `"` and `\` escaped as `\"` and `\\`; a value is 1 to 100 bytes
//! ([`Record::MAX_VALUE`]) and holds no control character, no format character
//! (Unicode category Cf, such as U+202E or U+200B) and no line separator.
//! Every line, the last included, ends with `\n` (no `\r`) and is at most 256
//! bytes ([`Record::MAX_LINE`]). Parsing is strict, reads line by line
//! ([`Record::read_from`] reads any `BufRead` so, one line at a time) and stops
//! at the first bad line; its errors name the line and column: `line 11,
//! column 11: throw 3: malformed move "2: 9-11 " at column 8: expected the
//! end, or the suffixes x, <, + in that order`.
//!
//! ```
//! use senet::Record;
//!
//! let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Seed \"2a00000000000000\"]\n\
//!             [Result \"*\"]\n\n1. 4: 10-14+\n2. 2: 14-16\n";
//! let record: Record = text.parse()?;
//! assert_eq!(record.to_string(), text); // byte for byte
//! let bad = text.replace("2. 2: 14-16", "2. 2: 14-16 ");
//! assert!(bad.parse::<Record>().unwrap_err().to_string().starts_with("line 7"));
//! # Ok::<(), senet::record::ParseRecordError>(())
//! ```
//!
//! # As JSON
//!
//! With the `serde` feature a record is also JSON:
//!
//! ```json
//! {"ruleset": "kendall", "revision": 1, "seed": "2a00000000000000", "start": null,
//!  "x": "Ann", "o": null, "finish": {"ending": "resignation", "winner": "x"},
//!  "throws": ["4: 10-14+", "2: 14-16"]}
//! ```
//!
//! Every public data type has a serde form, and reading one checks it before
//! the value exists: a position is `{"ruleset": "kendall", "position":
//! "<position string>"}` and is refused unless the string is a valid position
//! of that ruleset; a house is its number (0 and 31 are refused); a move is
//! `{"roll": 2, "from": 10, "to": 12}` plus `"swap"`, `"capture"`,
//! `"backward"`, `"water"` when true; a throw is `{"dice": "four_sticks",
//! "sticks": [true, false, true, false], "roll": 2}` or `{"dice":
//! "long_die", "roll": 3}` (sticks that do not make the roll are refused).
//! The JSON forms accept exactly what the text forms do: a struct is an
//! object with no unknown field (never an array of its fields), a finish is
//! `{"ending": "draw"}` or `{"ending": "borne_off" | "resignation",
//! "winner": "x" | "o"}` and nothing else, a set of houses is strictly
//! ascending, a board has at most 15 pieces a side on the board and off,
//! names are strings, and lists and strings are refused by their length as
//! they are read. Every built-in ruleset is its name (`"kendall1979"`), and
//! a saved `Game<R, SeededThrows>` is its record, replayed as it is read.
//! What only a replay or a refusal can say, a [`Verdict`](crate::replay::Verdict)
//! and the error types, is written and never read: one read back would be
//! unchecked.

mod error;
mod tags;
mod text;

use crate::game::{Finish, Game, Turn};
use crate::house::Side;
use crate::notation::move_text::MoveText;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::source::ThrowSource;
use crate::source::{Commitment, Seed};

pub use error::{ParseRecordError, ReadRecordError, RecordError};

/// The record of one game: what it was played under, how it ended, and
/// every throw in notation.
///
/// A record is a claim: it can be built or parsed with any throws at all,
/// and [`verify`](Record::verify) checks it against the rules and, when it
/// has one, against its seed. It prints and parses as text
/// (`Display`/`FromStr`) and, with the `serde` feature, as JSON.
///
/// The text is a header of tags, an empty line, and one line per throw:
///
/// ```
/// # use senet::Record;
/// # use senet::replay::Checked;
/// let text = r#"[Ruleset "kendall"]
/// [Revision "1"]
/// [Seed "2a00000000000000"]
/// [X "Ann"]
/// [O "Bo"]
/// [Result "x"]
/// [Ending "resignation"]
///
/// 1. 4: 10-14+
/// 2. 2: 14-16
/// 3. 2: 9-11
/// 4. 2: 16-18
/// 5. 1: 11-12+
/// 6. 2: 12-14
/// 7. 2: 18-20
/// 8. 3: 14-17
/// "#;
/// let record: Record = text.parse().unwrap();
/// assert_eq!(record.to_string(), text);
/// assert_eq!(record.verify().unwrap().checked(), Checked::SeedAndRules);
/// ```
///
/// The header is one tag a line, `[Name "value"]`, in this order:
/// `Ruleset` and `Revision` (required), `RulesFile` (the SHA-256 of the
/// rules file of a ruleset read from one, as 64 lower-case hex digits),
/// `Seed` (the seed as lower-case
/// hex, when the game was seeded), `Start` (a position string, only when
/// the game did not start from the ruleset's start), `X` and `O` (the
/// sides' names, optional), `XAgent` and `OAgent` (who or what played
/// each side, optional), `Site` (optional), `Date` (`YYYY-MM-DD`,
/// optional), `Commitment` (the seed's SHA-256 as 64 lower-case hex
/// digits, optional), `Result` (`x`, `o`, `draw`, or `*` while
/// unfinished) and `Ending` (`borne off`, `resignation` or `draw`; present
/// exactly when the game is finished). In a value, `"` and `\` are
/// written `\"` and `\\`; a value is not empty, is at most
/// [`Record::MAX_VALUE`] (100) bytes long, and holds no control character,
/// no format character (Unicode category Cf: bidirectional controls,
/// zero-width characters...) and no line or paragraph separator, so that
/// it shows as what it is. An empty line follows, then one line per
/// throw: its number from 1, a dot, a space and the throw in the strict
/// move notation ([`MoveText`]), lost throws and `+` included. Every line ends
/// with `\n` and is at most [`Record::MAX_LINE`] (256) bytes long.
/// Parsing accepts exactly what printing writes, so a record round-trips
/// byte for byte; it reads the text line by line and stops at the first
/// bad line ([`Record::read_from`] reads from any `BufRead` so, holding one
/// line at a time).
///
/// In JSON a record is an object: `ruleset`, `revision`, `seed` (hex or
/// null), `start`, `x`, `o` (text or null), `finish` (null, or
/// `{"ending": "borne_off" | "resignation", "winner": "x" | "o"}` or
/// `{"ending": "draw"}`) and `throws`, the notation of each throw; the
/// optional tags `rules_file`, `x_agent`, `o_agent`, `site`, `date` and `commitment`
/// appear only when set, so records without them read and write as before.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    ruleset: String,
    revision: u32,
    rules_file: Option<Commitment>,
    seed: Option<Seed>,
    start: Option<String>,
    names: [Option<String>; 2],
    agents: [Option<String>; 2],
    site: Option<String>,
    date: Option<String>,
    commitment: Option<Commitment>,
    finish: Option<Finish>,
    throws: Vec<MoveText>,
}

/// A game's record is written here, beside the record, so that the game
/// needs nothing of records.
impl<R: Ruleset, S: ThrowSource> Game<R, S> {
    /// The game's record so far: ruleset and revision, the seed for seeded
    /// games, the start position when it is not the ruleset's, how the game
    /// ended, and every throw in notation. Add the players' names with
    /// [`Record::with_name`]. The record of a seeded game holds its seed:
    /// publish it only once the game is over.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(11));
    /// game.resign(Side::O)?;
    /// let record = game.record().with_name(Side::X, "Ann")?;
    /// assert_eq!((record.ruleset(), record.seed()), ("kendall", Some(Seed::from_u64(11))));
    /// assert!(record.verify()?.is_valid());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&self) -> Record {
        let ruleset = self.ruleset();
        let start = *self.view().start();
        let custom_start = Position::start_checked(ruleset) != Ok(start);
        Record::from_game(
            &ruleset,
            self.seed(),
            custom_start.then(|| start.to_string()),
            self.finish(),
            self.history().iter().map(Turn::text).collect(),
        )
    }
}

impl Record {
    /// An empty record of an unfinished game under `ruleset` from its start,
    /// with no seed.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    /// use senet::replay::Checked;
    ///
    /// let mut record = Record::new(Kendall);
    /// record.push_throw("2: 10-12".parse()?);
    /// assert!(record.finish().is_none());
    /// // No seed: only the moves can be checked.
    /// assert_eq!(record.verify()?.checked(), Checked::RulesOnly);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new<R: Ruleset>(ruleset: R) -> Record {
        Record::from_game(&ruleset, None, None, None, Vec::new())
    }

    pub(crate) fn from_game<R: Ruleset>(
        ruleset: &R,
        seed: Option<Seed>,
        start: Option<String>,
        finish: Option<Finish>,
        throws: Vec<MoveText>,
    ) -> Record {
        Record {
            ruleset: ruleset.name().to_owned(),
            revision: ruleset.revision(),
            rules_file: crate::ruleset::identity::rules_file(ruleset),
            seed,
            start,
            names: [None, None],
            agents: [None, None],
            site: None,
            date: None,
            commitment: None,
            finish,
            throws,
        }
    }

    /// A record from every part, each checked as parsing would check it.
    #[cfg(feature = "serde")]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(
        ruleset: String,
        revision: u32,
        seed: Option<Seed>,
        start: Option<String>,
        names: [Option<String>; 2],
        finish: Option<Finish>,
        throws: Vec<MoveText>,
    ) -> Result<Record, RecordError> {
        tags::check_value("Ruleset", &ruleset)?;
        if let Some(start) = &start {
            tags::check_value("Start", start)?;
        }
        for (side, name) in Side::BOTH.into_iter().zip(&names) {
            if let Some(name) = name {
                tags::check_value(tags::name_tag(side), name)?;
            }
        }
        Ok(Record {
            ruleset,
            revision,
            rules_file: None,
            seed,
            start,
            names,
            agents: [None, None],
            site: None,
            date: None,
            commitment: None,
            finish,
            throws,
        })
    }

    /// The name of the ruleset the game was played under (`"kendall"`).
    ///
    /// ```
    /// use senet::{Record, rulesets::Temple};
    ///
    /// assert_eq!(Record::new(Temple).ruleset(), "temple");
    /// ```
    pub fn ruleset(&self) -> &str {
        &self.ruleset
    }

    /// The ruleset's [revision](Ruleset::revision) the game was played under.
    ///
    /// ```
    /// use senet::{Record, Ruleset, rulesets::Kendall};
    ///
    /// assert_eq!(Record::new(Kendall).revision(), Kendall.revision());
    /// ```
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// The seed every throw came from, when the game was seeded.
    ///
    /// ```
    /// use senet::{Game, Record, Seed, rulesets::Kendall};
    ///
    /// assert_eq!(Record::new(Kendall).seed(), None);
    /// let game = Game::seeded(Kendall, Seed::from_u64(42));
    /// assert_eq!(game.record().seed(), Some(Seed::from_u64(42)));
    /// ```
    pub fn seed(&self) -> Option<Seed> {
        self.seed
    }

    /// The position string the game started from, when it is not the
    /// ruleset's start position.
    ///
    /// ```
    /// use senet::{Game, Position, Seed, rulesets::Kendall};
    ///
    /// let game = Game::seeded(Kendall, Seed::from_u64(1));
    /// assert_eq!(game.record().start(), None);
    /// let endgame: Position<Kendall> = "o...........................x. x 4 4".parse()?;
    /// let game = Game::seeded(endgame, Seed::from_u64(1));
    /// assert_eq!(game.record().start(), Some("o...........................x. x 4 4"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The name of the player of `side`, if recorded.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let record = Record::new(Kendall).with_name(Side::X, "Ann")?;
    /// assert_eq!(record.name(Side::X), Some("Ann"));
    /// assert_eq!(record.name(Side::O), None);
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn name(&self, side: Side) -> Option<&str> {
        self.names[side.index()].as_deref()
    }

    /// Who or what played `side` (`person`, `level 4`), if recorded: the
    /// `XAgent` or `OAgent` tag.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_agent(Side::O, Some("level 4"))?;
    /// assert_eq!(record.agent(Side::O), Some("level 4"));
    /// assert_eq!(record.agent(Side::X), None);
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn agent(&self, side: Side) -> Option<&str> {
        self.agents[side.index()].as_deref()
    }

    /// Where the game was played, if recorded: the `Site` tag.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// assert_eq!(record.site(), None);
    /// record.set_site(Some("senet.example"))?;
    /// assert_eq!(record.site(), Some("senet.example"));
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn site(&self) -> Option<&str> {
        self.site.as_deref()
    }

    /// The day the game was played, `YYYY-MM-DD`, if recorded: the `Date` tag.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_date(Some("2026-12-02"))?;
    /// assert_eq!(record.date(), Some("2026-12-02"));
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn date(&self) -> Option<&str> {
        self.date.as_deref()
    }

    /// The SHA-256 of the rules file the game was played under, when its
    /// ruleset was read from one (`Rules::read`, feature
    /// `rules-file`): the `RulesFile` tag, as the [`Commitment`] type
    /// writes a SHA-256. A replay under a ruleset of another file (or of
    /// none) is refused ([`Problem::RulesFile`](crate::replay::Problem::RulesFile)).
    pub fn rules_file(&self) -> Option<Commitment> {
        self.rules_file
    }

    /// Sets or clears the `RulesFile` tag (see [`rules_file`](Self::rules_file)).
    pub fn set_rules_file(&mut self, digest: Option<Commitment>) {
        self.rules_file = digest;
    }

    /// The commitment to the seed published before the game, if recorded:
    /// the `Commitment` tag.
    ///
    /// ```
    /// use senet::{Commitment, Record, rulesets::Kendall};
    ///
    /// let text = "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c";
    /// let mut record = Record::new(Kendall);
    /// record.set_commitment(Some(text.parse()?));
    /// assert_eq!(record.commitment().map(|c| c.to_string()), Some(text.to_owned()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn commitment(&self) -> Option<Commitment> {
        self.commitment
    }

    /// How the game ended; `None` while unfinished.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    /// use senet::game::Finish;
    ///
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(1));
    /// assert_eq!(game.record().finish(), None);
    /// game.resign(Side::O)?;
    /// assert_eq!(game.record().finish(), Some(Finish::Resignation { winner: Side::X }));
    /// # Ok::<(), senet::GameError>(())
    /// ```
    pub fn finish(&self) -> Option<Finish> {
        self.finish
    }

    /// Every throw, in order.
    ///
    /// ```
    /// use senet::Record;
    ///
    /// let text = "[Ruleset \"kendall\"]\n[Revision \"1\"]\n[Result \"*\"]\n\n\
    ///             1. 4: 10-14+\n2. 2: 14-16\n";
    /// let record: Record = text.parse()?;
    /// let throws: Vec<String> = record.throws().iter().map(ToString::to_string).collect();
    /// assert_eq!(throws, ["4: 10-14+", "2: 14-16"]);
    /// # Ok::<(), senet::record::ParseRecordError>(())
    /// ```
    pub fn throws(&self) -> &[MoveText] {
        &self.throws
    }

    /// The record with the player of `side` named `name`: any text of 1 to
    /// [`Record::MAX_VALUE`] bytes without control characters (no line
    /// breaks), format characters (Unicode Cf) or line separators.
    ///
    /// # Errors
    ///
    /// [`RecordError`] for a name the record's text could not hold as it
    /// is: empty, too long, or with a character listed above.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let record = Record::new(Kendall).with_name(Side::O, "Bo")?;
    /// assert!(record.to_string().contains("[O \"Bo\"]"));
    /// // A line break would end the tag's line early.
    /// assert!(Record::new(Kendall).with_name(Side::X, "Ann\nBo").is_err());
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn with_name(mut self, side: Side, name: &str) -> Result<Record, RecordError> {
        self.set_name(side, Some(name))?;
        Ok(self)
    }

    /// Names the player of `side` (`None` removes the name); see [`Record::with_name`].
    ///
    /// # Errors
    ///
    /// As [`Record::with_name`]; the record is then unchanged.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_name(Side::X, Some("Ann"))?;
    /// assert!(record.set_name(Side::X, Some("")).is_err());
    /// assert_eq!(record.name(Side::X), Some("Ann"));
    /// record.set_name(Side::X, None)?;
    /// assert_eq!(record.name(Side::X), None);
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn set_name(&mut self, side: Side, name: Option<&str>) -> Result<(), RecordError> {
        if let Some(name) = name {
            tags::check_value(tags::name_tag(side), name)?;
        }
        self.names[side.index()] = name.map(str::to_owned);
        Ok(())
    }

    /// Records who or what played `side` (`None` removes it): free text, as
    /// a name is ([`Record::with_name`]), such as `person` or `level 4`.
    ///
    /// # Errors
    ///
    /// [`RecordError::BadValue`] for text the record could not hold as it
    /// is: empty, too long, or with a control, format or line separator
    /// character. The record is then unchanged.
    ///
    /// ```
    /// use senet::{Record, Side, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_agent(Side::X, Some("person"))?;
    /// assert!(record.to_string().contains("[XAgent \"person\"]\n"));
    /// assert!(record.set_agent(Side::X, Some("")).is_err());
    /// assert_eq!(record.agent(Side::X), Some("person"));
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn set_agent(&mut self, side: Side, agent: Option<&str>) -> Result<(), RecordError> {
        if let Some(agent) = agent {
            tags::check_value(tags::agent_tag(side), agent)?;
        }
        self.agents[side.index()] = agent.map(str::to_owned);
        Ok(())
    }

    /// Records where the game was played (`None` removes it): free text,
    /// as a name is.
    ///
    /// # Errors
    ///
    /// As [`Record::set_agent`]; the record is then unchanged.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_site(Some("Thebes"))?;
    /// assert!(record.set_site(Some("a\u{202e}b")).is_err()); // a format character
    /// assert_eq!(record.site(), Some("Thebes"));
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn set_site(&mut self, site: Option<&str>) -> Result<(), RecordError> {
        if let Some(site) = site {
            tags::check_value("Site", site)?;
        }
        self.site = site.map(str::to_owned);
        Ok(())
    }

    /// Records the day the game was played (`None` removes it): exactly
    /// `YYYY-MM-DD`, a day of the (proleptic Gregorian) calendar.
    ///
    /// # Errors
    ///
    /// [`RecordError::BadValue`] for text of another form or a day that
    /// does not exist (`2026-02-29`); the record is then unchanged.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    ///
    /// let mut record = Record::new(Kendall);
    /// record.set_date(Some("2028-02-29"))?; // a leap year
    /// assert!(record.set_date(Some("2026-02-29")).is_err());
    /// assert!(record.set_date(Some("2026-2-3")).is_err());
    /// assert_eq!(record.date(), Some("2028-02-29"));
    /// # Ok::<(), senet::RecordError>(())
    /// ```
    pub fn set_date(&mut self, date: Option<&str>) -> Result<(), RecordError> {
        if let Some(date) = date {
            tags::check_date(date)?;
        }
        self.date = date.map(str::to_owned);
        Ok(())
    }

    /// Records the commitment to the seed published before the game
    /// (`None` removes it). With the `commit` feature,
    /// [`Record::verify`] then checks it against the record's seed.
    ///
    /// ```
    /// use senet::{Game, Seed, Side, rulesets::Kendall};
    ///
    /// // Published before the game: printf 2a00000000000000 | xxd -r -p | sha256sum
    /// let commitment = "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c".parse()?;
    /// let mut game = Game::seeded(Kendall, Seed::from_u64(42));
    /// game.resign(Side::O)?;
    /// let mut record = game.record();
    /// record.set_commitment(Some(commitment));
    /// assert!(record.to_string().contains("[Commitment \"ed0491"));
    /// assert!(record.verify()?.is_valid());
    /// # #[cfg(feature = "commit")]
    /// # {
    /// record.set_commitment(Some(Seed::from_u64(8).commitment()));
    /// assert!(record.verify().is_err()); // not this game's seed (with `commit`)
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_commitment(&mut self, commitment: Option<Commitment>) {
        self.commitment = commitment;
    }

    /// Sets the seed the record claims its throws came from.
    ///
    /// ```
    /// use senet::{Record, Seed, rulesets::Kendall};
    /// use senet::replay::Checked;
    ///
    /// let mut record = Record::new(Kendall);
    /// record.push_throw("4: 10-14+".parse()?);
    /// assert_eq!(record.verify()?.checked(), Checked::RulesOnly);
    /// // Seed 42 throws a 4 first: with it, the roll is checked too.
    /// record.set_seed(Some(Seed::from_u64(42)));
    /// assert_eq!(record.verify()?.checked(), Checked::SeedAndRules);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_seed(&mut self, seed: Option<Seed>) {
        self.seed = seed;
    }

    /// Sets the position the record claims the game started from (`None`:
    /// the ruleset's start).
    ///
    /// ```
    /// use senet::{Position, Record, Side, rulesets::Kendall};
    ///
    /// let endgame: Position<Kendall> = "o...........................x. x 4 4".parse()?;
    /// let mut record = Record::new(Kendall);
    /// record.set_start(Some(&endgame));
    /// // From 29 only a 2 moves: a 3 is lost there, not at the start.
    /// record.push_throw("3: -".parse()?);
    /// assert_eq!(record.start(), Some("o...........................x. x 4 4"));
    /// assert_eq!(record.verify()?.position().side_to_throw(), Side::O);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_start<R: Ruleset>(&mut self, start: Option<&Position<R>>) {
        self.start = start.map(ToString::to_string);
    }

    /// Sets how the record claims the game ended.
    ///
    /// ```
    /// use senet::{Position, Record, Side, rulesets::Kendall};
    /// use senet::game::Finish;
    ///
    /// let endgame: Position<Kendall> = "o...........................x. x 4 4".parse()?;
    /// let mut record = Record::new(Kendall);
    /// record.set_start(Some(&endgame));
    /// record.push_throw("2: 29-off".parse()?);
    /// // x's last piece is off: a record that says the game goes on is refused.
    /// assert!(record.verify().is_err());
    /// record.set_finish(Some(Finish::BorneOff { winner: Side::X }));
    /// assert!(record.verify()?.is_valid());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_finish(&mut self, finish: Option<Finish>) {
        self.finish = finish;
    }

    /// Adds a throw at the end.
    ///
    /// ```
    /// use senet::{Record, rulesets::Kendall};
    /// use senet::replay::Place;
    ///
    /// let mut record = Record::new(Kendall);
    /// record.push_throw("2: 10-12".parse()?);
    /// assert!(record.verify().is_ok());
    /// // o is to throw now, and has no piece on 12.
    /// record.push_throw("2: 12-14".parse()?);
    /// assert_eq!(record.verify().unwrap_err().place, Place::Throw(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn push_throw(&mut self, throw: MoveText) {
        self.throws.push(throw);
    }
}
