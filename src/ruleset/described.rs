//! `Described`: a ruleset stated as data, in a rules file, rather than
//! written in Rust.
//!
//! A rules file states a reconstruction key by key: the pieces and their
//! start, the implement, where each roll carries a piece, what blocks and
//! protects, what a landing does, the water, marks, who throws again and
//! who wins. [`Described::from_text`] checks it whole and turns it into a
//! [`Ruleset`] whose hooks read that data: no hook is a call into code
//! the compiler cannot see, and the move generator's tables are derived
//! once, when the file is read. The file's syntax is a [`RulesFormat`]'s
//! business, outside the crate: the `senet-rules-file` crate reads the
//! TOML files of the repository's `rules/` directory (one per built-in
//! ruleset, and Piccione's). `docs/rulesets.md` documents every key.

mod ending;
mod format;
#[cfg(test)]
mod listed;
mod read;
mod rules;
mod schema;
mod turns;
mod values;
mod vocabulary;

pub use format::RulesFormat;
pub use schema::RulesSchema;

use core::fmt;
use std::path::PathBuf;
use std::sync::Mutex;

use sha2::{Digest, Sha256};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::house::{House, Side};
use crate::movegen::steps::Steps;
use crate::mv::Move;
use crate::position::Position;
use crate::ruleset::kept::Kept;
use crate::ruleset::{Contact, Direction, Outcome, Reach, Refusal, Ruleset};
use crate::throw::{Dice, Roll};

use rules::Rules;

/// A ruleset read from a rules file: what a [`Rules`](crate::Rules)
/// made by [`Rules::read`](crate::Rules::read) holds.
///
/// It is checked when read (every key, and its start as any ruleset's
/// is). It is no built-in ruleset for what the crate ships per ruleset
/// ([`AnyRuleset::of`](crate::AnyRuleset::of) answers `None`: no bot
/// network), and a game's record carries the file's SHA-256 (the
/// `RulesFile` tag), so that a replay under another file is refused.
/// Reading the same text again gives the same ruleset; a ruleset read
/// lives as long as the program. A text refused keeps nothing, but for
/// one whose rules refuse their own start (the only check made of the
/// rules kept), which is kept once, with its refusal.
#[derive(Clone, Copy)]
pub(crate) struct Described(&'static Rules);

/// Every ruleset read so far, so that reading one again finds it.
static DESCRIBED: Kept<Rules> = Kept::new();

/// Every text whose rules refused their own start, by SHA-256, with the
/// refusal: the only refusal that comes after the rules are kept.
static REFUSED: Mutex<Vec<([u8; 32], String)>> = Mutex::new(Vec::new());

/// Why a rules file was refused: what is wrong, at which key and line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RulesFileError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file says something the crate cannot play, or contradicts itself.
    #[error("{}{message}", place(*line, key))]
    Invalid {
        /// The one-based line of the key, when it is written in the file.
        line: Option<usize>,
        /// The dotted key (`forward.from.26.1`), or empty for the whole file.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// "line 12, `forward.stop`: " before a message.
fn place(line: Option<usize>, key: &str) -> String {
    match (line, key.is_empty()) {
        (Some(line), false) => format!("line {line}, `{key}`: "),
        (Some(line), true) => format!("line {line}: "),
        (None, false) => format!("`{key}`: "),
        (None, true) => String::new(),
    }
}

impl Described {
    /// The longest text of a rules file, in bytes (1 MiB): the rules of
    /// any reconstruction take a few kilobytes, and a text past this is
    /// refused before it is parsed.
    pub(crate) const MAX_TEXT_BYTES: usize = 1 << 20;

    /// Reads a ruleset from the text of a rules file written in
    /// `format`'s syntax. The ruleset's digest is the SHA-256 of `text`
    /// itself: a text read again, in any syntax, is the ruleset read the
    /// first time.
    ///
    /// # Errors
    ///
    /// [`RulesFileError::Invalid`] naming the key and line of the first
    /// thing wrong: a text over [`MAX_TEXT_BYTES`](Described::MAX_TEXT_BYTES),
    /// what `format` refuses to parse (a malformed file, an unknown key),
    /// a value out of range, keys that contradict each other (a move into
    /// water the file does not have), a roll the implement never makes,
    /// a name or mark that does not print, a start the rules themselves
    /// refuse, or rules under which a game could never end (a house a
    /// piece can reach but never leave the board from, a bearing-off
    /// condition no side can meet, every roll throwing again, a move
    /// that leaves the board as it is). The line is the one `format`
    /// finds the key on.
    pub(crate) fn from_text<F: RulesFormat + ?Sized>(
        text: &str,
        format: &F,
    ) -> Result<Described, RulesFileError> {
        if text.len() > Described::MAX_TEXT_BYTES {
            return Err(RulesFileError::Invalid {
                line: None,
                key: String::new(),
                message: format!(
                    "the text is {} bytes; a rules file is at most {} bytes (1 MiB)",
                    text.len(),
                    Described::MAX_TEXT_BYTES
                ),
            });
        }
        let digest: [u8; 32] = Sha256::digest(text.as_bytes()).into();
        if let Some(known) = Described::known(digest) {
            return Ok(known);
        }
        // Read with the list unlocked: `format` is code of the caller's.
        let mut rules = read::read(text, format, digest)?;
        rules.text = text.into();
        // The generator's tables, derived from the reach tables alone.
        let geometry = Geometry {
            reach: rules.reach,
            water: rules.water,
            dice: rules.dice,
        };
        for (direction, tables) in [Direction::Forward, Direction::Backward]
            .into_iter()
            .zip(&mut rules.steps)
        {
            for (roll, table) in (1..=Roll::MAX).filter_map(Roll::new).zip(tables.iter_mut()) {
                *table = Steps::derive(&geometry, roll, direction);
            }
        }
        // The start is checked as any ruleset's is, which needs the rules
        // kept for the program's life: a refused text is remembered with
        // its refusal, so that reading it again keeps nothing more.
        let refused_start =
            |message: String| read::invalid(text, format, "start".to_owned(), message);
        if let Some(message) = Described::refused(digest) {
            return Err(refused_start(message));
        }
        let described = Described(Box::leak(Box::new(rules)));
        if let Err(error) = Position::start_checked(described) {
            let message = format!("the rules refuse their own start: {error}");
            REFUSED
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .push((digest, message.clone()));
            return Err(refused_start(message));
        }
        // Read meanwhile by another thread: that one stays the ruleset.
        let kept = DESCRIBED.find_or_keep(|rules| rules.digest == digest, || described.0);
        Ok(Described(kept))
    }

    /// Why the rules of the text of SHA-256 `digest` refused their own
    /// start, when they were read before and did.
    fn refused(digest: [u8; 32]) -> Option<String> {
        let refused = REFUSED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let found = refused.iter().find(|(text, _)| *text == digest);
        found.map(|(_, message)| message.clone())
    }

    /// The ruleset read so far from the text of SHA-256 `digest`.
    fn known(digest: [u8; 32]) -> Option<Described> {
        DESCRIBED
            .find(|rules| rules.digest == digest)
            .map(Described)
    }

    /// The SHA-256 of the file's text: records of its games carry it, so
    /// that a replay under another file is refused.
    pub(crate) fn digest(&self) -> [u8; 32] {
        self.0.digest
    }

    /// The file's text, byte for byte.
    pub(crate) fn text(&self) -> &'static str {
        &self.0.text
    }

    /// The file's `title`: what the reconstruction is, in a line.
    pub(crate) fn title(&self) -> &'static str {
        &self.0.title
    }

    /// The file's `source`: where the reconstruction was published.
    pub(crate) fn source(&self) -> &'static str {
        &self.0.source
    }

    /// The generator's table of `roll` going `direction`.
    #[inline(always)]
    pub(crate) fn steps(&self, roll: Roll, direction: Direction) -> Steps {
        let by_roll = &self.0.steps[usize::from(direction == Direction::Backward)];
        by_roll[usize::from(roll.value() - 1) % by_roll.len()]
    }

    /// Every ruleset read so far under `name`.
    pub(crate) fn all_named(name: &str) -> Vec<Described> {
        let named = DESCRIBED.all(|rules| &*rules.name == name);
        named.into_iter().map(Described).collect()
    }
}

/// A file's moves alone, as a ruleset: what the generator's tables are
/// derived from while the rest of the file is still being checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Geometry {
    reach: [[[Option<Reach>; Roll::MAX as usize]; 31]; 2],
    water: Option<House>,
    dice: Dice,
}

impl Ruleset for Geometry {
    fn name(&self) -> &'static str {
        "geometry"
    }
    fn revision(&self) -> u32 {
        0
    }
    fn pieces_per_side(&self) -> u8 {
        0
    }
    fn start(&self) -> [Bitboard; 2] {
        [Bitboard::EMPTY; 2]
    }
    fn dice(&self) -> Dice {
        self.dice
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        self.reach[0][usize::from(from.number())][usize::from(roll.value() - 1)]
    }
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        self.reach[1][usize::from(from.number())][usize::from(roll.value() - 1)]
    }
    fn water(&self) -> Option<House> {
        self.water
    }
    fn throws_again(&self, _: Roll, _: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, _: &Board) -> Option<Outcome> {
        None
    }
}

impl PartialEq for Described {
    /// The same file: one entry per text read.
    fn eq(&self, other: &Described) -> bool {
        core::ptr::eq(self.0, other.0)
    }
}

impl Eq for Described {}

impl core::hash::Hash for Described {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        core::ptr::hash(self.0, state);
    }
}

impl fmt::Debug for Described {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Described").field(&&*self.0.name).finish()
    }
}

impl Ruleset for Described {
    fn name(&self) -> &'static str {
        &self.0.name
    }
    fn revision(&self) -> u32 {
        self.0.revision
    }
    fn side_name(&self, side: Side) -> &'static str {
        &self.0.side_names[side as usize]
    }
    fn colour(&self, side: Side) -> Option<&'static str> {
        let colours = self.0.colours.as_ref();
        colours.map(|colours| &*colours[side as usize])
    }
    fn house_side(&self) -> Option<Side> {
        self.0.house_side
    }
    #[inline]
    fn pieces_per_side(&self) -> u8 {
        self.0.pieces
    }
    fn start(&self) -> [Bitboard; 2] {
        self.0.start
    }
    #[inline]
    fn dice(&self) -> Dice {
        self.0.dice
    }
    #[inline(always)]
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        self.0.reach[0][usize::from(from.number())][usize::from(roll.value() - 1)]
    }
    #[inline(always)]
    fn backward(&self, from: House, roll: Roll) -> Option<Reach> {
        self.0.reach[1][usize::from(from.number())][usize::from(roll.value() - 1)]
    }
    #[inline]
    fn must_play_first(&self) -> Bitboard {
        self.0.must_play_first
    }
    #[inline(always)]
    fn movable(&self, board: &Board, side: Side) -> Bitboard {
        self.0.movable.pieces(board, side)
    }
    #[inline(always)]
    fn may_bear_off(&self, board: &Board, side: Side) -> bool {
        (board.pieces(side) & !self.0.bear_off_from).is_empty()
    }
    #[inline(always)]
    fn impassable(&self, board: &Board, mover: Side, direction: Direction) -> Bitboard {
        self.0.blockade.impassable(board, mover, direction)
    }
    #[inline]
    fn safe_houses(&self) -> Bitboard {
        self.0.safe
    }
    #[inline(always)]
    fn shielded(&self, board: &Board, owner: Side) -> Bitboard {
        self.0.protection.shielded(self.0.safe, board, owner)
    }
    #[inline]
    fn contact(&self) -> Contact {
        self.0.contact
    }
    #[inline(always)]
    fn contact_at(&self, start: House, target: House) -> Option<Contact> {
        rules::contact_at(self.0.contact, &self.0.exceptions, start, target)
    }
    #[inline(always)]
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        self.0.water_landing.rest(occupied)
    }
    #[inline]
    fn return_landing(&self, occupied: Bitboard) -> Option<House> {
        self.0.return_landing.rest(occupied)
    }
    #[inline(always)]
    fn send_back(&self, occupied: Bitboard) -> Option<House> {
        self.0.send_back.rest(occupied)
    }
    #[inline]
    fn marks(&self, played: Move) -> bool {
        self.0.mark.is_some_and(|mark| mark.marks(played))
    }
    #[inline]
    fn mark_house(&self) -> Option<House> {
        self.0.mark.map(|mark| mark.house)
    }
    #[inline]
    fn water(&self) -> Option<House> {
        self.0.water
    }
    fn house_mark(&self, house: House) -> Option<&'static str> {
        self.0.house_marks[usize::from(house.number())].as_deref()
    }
    fn why(&self, refusal: Refusal) -> &'static str {
        let why = &self.0.why;
        let said = match refusal {
            Refusal::NoStep { from, .. } => why
                .no_step
                .iter()
                .find(|(houses, _)| houses.contains(from))
                .map(|(_, words)| &**words),
            Refusal::Blocked => why.blocked.as_deref(),
            Refusal::Protected => why.protected.as_deref(),
            Refusal::NotDisplaced => why.not_displaced.as_deref(),
            Refusal::Held => why.held.as_deref(),
            Refusal::NoBearingOff => why.no_bearing_off.as_deref(),
        };
        said.unwrap_or_else(|| crate::ruleset::plain_why(refusal))
    }
    #[inline(always)]
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        self.0.again.throws_again(roll, played)
    }
    #[inline]
    fn waits(&self, roll: Roll) -> Bitboard {
        self.0.waits[usize::from(roll.value() - 1) % Roll::MAX as usize]
    }
    #[inline]
    fn begins_with(&self, side: Side) -> Option<Roll> {
        self.0.begins[side.index()]
    }
    #[inline]
    fn enters(&self, roll: Roll) -> Option<House> {
        self.0.enters[usize::from(roll.value() - 1) % Roll::MAX as usize]
    }
    #[inline]
    fn water_to_hand(&self) -> bool {
        self.0.water_to_hand
    }
    #[inline]
    fn banks_throws(&self) -> bool {
        self.0.again.before_moving
    }
    #[inline]
    fn loses_next_turn(&self, played: Move) -> bool {
        self.0.lose_turn.is_some_and(|lose| lose.loses(played))
    }
    #[inline(always)]
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        self.0.winner.outcome(self.0.pieces, board)
    }
}
