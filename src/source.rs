//! Where throws come from, and the fair-play contract that makes every game checkable.
//!
//! Anything decided by chance in a game comes from the game's [`Seed`]. A
//! site plays with [`Game::seeded`](crate::Game::seeded), keeps the seed
//! secret while the game runs, and publishes it (it is in the game's
//! [`Record`](crate::Record)) when the game ends. Anyone can then replay the
//! record and check that every roll is what the seed throws and every move is
//! legal ([`Record::verify`](crate::Record::verify)).
//!
//! # The throw contract
//!
//! The throws of a game are a pure function of its seed and its ruleset's
//! implement ([`Dice`]: four sticks, counted with 5 or with 6 when no stick
//! shows its light face, the long die, or one to five sticks of a
//! ruleset's own). This contract never changes
//! between versions: `tests/data/throws.txt` in the package pins the first 64
//! throws of eight seeds under every ruleset, and a test fails if any throw
//! changes.
//!
//! 1. **Seed.** A seed is 0 to 32 bytes, written as lower-case hex
//!    (`2a00000000000000`). [`Seed::from_u64`] gives the 8 little-endian
//!    bytes of its number (`42` is `2a00000000000000`).
//! 2. **Generator.** ChaCha20 (20 rounds) in D. J. Bernstein's original
//!    layout, with a 64-bit block counter and a 64-bit nonce, as
//!    `rand_chacha::ChaCha20Rng` implements it (it calls the nonce the
//!    stream). The 16 words of the initial state are:
//!    - words 0-3: the constants `0x61707865 0x3320646e 0x79622d32 0x6b206574`;
//!    - words 4-11: the key, read as 8 little-endian 32-bit words. The key is
//!      the seed's bytes followed by zero bytes up to 32 bytes;
//!    - words 12-13: the block counter, low word first, starting at 0;
//!    - words 14-15: the stream, low word first: the seed's **length in
//!      bytes** (so seeds `01` and `0100` throw differently).
//!
//!    Each block is 16 output words (the state after 20 rounds plus the
//!    initial state, word by word, modulo 2^32); blocks come in counter
//!    order. For the empty seed this is exactly the all-zero-key test vector
//!    of RFC 8439 appendix A.1, whose first words are `0xade0b876 0x903df1a0
//!    0xe56a5d40 0x28bd8653 0xb819d2bd`.
//! 3. **One word per throw.** Every throw of the game, in order, takes the
//!    next word `w`, whoever throws and whether or not the throw is then
//!    lost. Nothing else takes words ([`Dice::throw`]).
//!    - Four sticks (Kendall, Temple, Classic, Kendall 1979, Skyruk): stick
//!      `i` (0 to 3) landed light face up when bit `i` of `w` is set. The
//!      roll is the number of light sticks, or 5 when there is none.
//!    - Jéquier's sticks: the same four bits read the same way, but no light
//!      stick is a 6, not a 5.
//!    - Long die (Bell): the face is `(w & 3) + 1`.
//!    - Any other number of sticks ([`Dice::sticks`], one to five): stick
//!      `i` is bit `i` of `w` read the same way, the roll the number of
//!      light sticks or, when there is none, the roll the implement names.
//!    - The other bits of the word are not used.
//!
//!    Worked example, the empty seed: the low nibbles `6 0 0 3 d` are sticks
//!    `-||-`, `----`, `----`, `||--`, `|-||`, rolls 2, 5, 5, 2, 3; the long
//!    die shows 3, 1, 1, 4, 2.
//!
//! ```
//! use senet::{Dice, Seed};
//! use senet::source::{SeededThrows, ThrowSource};
//!
//! let mut throws = SeededThrows::new(Seed::from_bytes(&[])?);
//! let rolls: Vec<u8> = (0..5)
//!     .map(|_| throws.next_throw(Dice::FOUR_STICKS).map(|t| t.roll().value()))
//!     .collect::<Result<_, _>>()?;
//! assert_eq!(rolls, [2, 5, 5, 2, 3]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A reimplementation in Python that reproduces every line of
//! `tests/data/throws.txt`:
//!
//! ```python
//! def chacha20_block(key: bytes, counter: int, stream: int) -> list[int]:
//!     M = 0xFFFFFFFF
//!     def rotl(v, n): return ((v << n) & M) | (v >> (32 - n))
//!     def qr(s, a, b, c, d):
//!         s[a] = (s[a] + s[b]) & M; s[d] = rotl(s[d] ^ s[a], 16)
//!         s[c] = (s[c] + s[d]) & M; s[b] = rotl(s[b] ^ s[c], 12)
//!         s[a] = (s[a] + s[b]) & M; s[d] = rotl(s[d] ^ s[a], 8)
//!         s[c] = (s[c] + s[d]) & M; s[b] = rotl(s[b] ^ s[c], 7)
//!     state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
//!     state += [int.from_bytes(key[i:i + 4], "little") for i in range(0, 32, 4)]
//!     state += [counter & M, counter >> 32, stream & M, stream >> 32]
//!     w = state[:]
//!     for _ in range(10):
//!         qr(w, 0, 4, 8, 12); qr(w, 1, 5, 9, 13); qr(w, 2, 6, 10, 14); qr(w, 3, 7, 11, 15)
//!         qr(w, 0, 5, 10, 15); qr(w, 1, 6, 11, 12); qr(w, 2, 7, 8, 13); qr(w, 3, 4, 9, 14)
//!     return [(w[i] + state[i]) & M for i in range(16)]
//!
//! def throws(seed: bytes, dice: str, count: int):
//!     """The first `count` throws: (light-stick mask or None, roll)."""
//!     key = seed + bytes(32 - len(seed))
//!     out, block = [], 0
//!     while len(out) < count:
//!         for word in chacha20_block(key, block, len(seed)):
//!             if dice == "four sticks":
//!                 light = word & 0xF
//!                 out.append((light, bin(light).count("1") or 5))
//!             elif dice == "four sticks, none light counting 6":  # Jéquier
//!                 light = word & 0xF
//!                 out.append((light, bin(light).count("1") or 6))
//!             else:  # "long die"
//!                 out.append((None, (word & 3) + 1))
//!         block += 1
//!     return out[:count]
//! ```
//!
//! # Rules revisions
//!
//! Each ruleset has a revision number ([`Ruleset::revision`](crate::Ruleset::revision),
//! 1 for every built-in ruleset today). It changes only when a game replayed
//! from the same seed and the same moves would play differently; a move
//! generated in another order does not count, since records hold moves, not
//! indices. Records carry the revision, and the verifier refuses a record made
//! under another revision than the one the crate plays. The throw contract
//! above has no revision: it never changes.
//!
//! # Recording a game, publishing the seed, verifying it
//!
//! For a site that hosts games:
//!
//! 1. **Make a secret seed** for each game: 32 random bytes from the
//!    operating system (`Seed::random` with the `os-seed` feature, or
//!    [`Seed::from_bytes`]). Optionally publish a [`Commitment`] to it
//!    before the game starts (its SHA-256: `Seed::commitment` with the
//!    `commit` feature), so players can later check the seed was fixed in
//!    advance; a record carries it in its `Commitment` tag.
//! 2. **Play** with `Game::seeded(ruleset, seed)`. Give players and bots only
//!    [`Game::view`](crate::Game::view): it holds no throw source. Never show
//!    the seed or the record's `Seed` tag while the game runs: whoever knows
//!    the seed knows every throw to come.
//! 3. **When the game ends** (all pieces off, a resignation or a draw),
//!    publish the record, `game.record().to_string()`; it holds the seed.
//! 4. **Anyone verifies** it with [`Record::verify`](crate::Record::verify),
//!    with the `replay` example, or with their own reimplementation of the
//!    contract above.
//!
//! [`ScriptedThrows`] plays given rolls instead, for tests and puzzles; a game
//! played from it has no seed, and its record can only be checked for
//! legality. A roll given as a number is checked by
//! [`Roll::try_from`](crate::Roll::try_from), whose [`RollError`] names
//! the number and the range.

/// The random-number traits [`Dice::throw`](crate::Dice::throw) takes a
/// generator through, re-exported so that a caller names the very version
/// the crate uses. It is part of the crate's contract: the only
/// third-party item in its API besides the optional `serde` traits.
pub use rand_core;

use core::fmt;
use core::str::FromStr;

use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use thiserror::Error;

use crate::notation::quote::excerpt;
pub use crate::throw::{DiceError, RollError};

mod commitment;
use crate::throw::{Dice, Roll, Throw};
pub use commitment::{Commitment, CommitmentError};

/// Something that throws: the game asks it for each throw in turn.
///
/// ```
/// use senet::{Dice, Game, Roll, Throw, rulesets::Kendall};
/// use senet::source::{ThrowError, ThrowSource};
///
/// /// Always a 2: a source for a test of the twos.
/// struct Twos;
///
/// impl ThrowSource for Twos {
///     fn next_throw(&mut self, dice: Dice) -> Result<Throw, ThrowError> {
///         Ok(Throw::canonical(dice, Roll::new(2).unwrap()).expect("every implement makes a 2"))
///     }
/// }
///
/// let mut game = Game::new(Kendall, Twos);
/// assert_eq!(game.throw()?.throw().roll().value(), 2);
/// assert_eq!(game.seed(), None); // no fresh seed: nothing for a record to check
/// # Ok::<(), senet::GameError>(())
/// ```
pub trait ThrowSource {
    /// The next throw of `dice`, or why there is none.
    ///
    /// # Errors
    ///
    /// A [`ThrowError`] when the source cannot throw `dice` now; a
    /// seeded source never fails.
    ///
    /// ```
    /// use senet::{Dice, Roll};
    /// use senet::source::{ScriptedThrows, ThrowSource};
    ///
    /// let mut source = ScriptedThrows::from_rolls([Roll::new(5).unwrap()]);
    /// let throw = source.next_throw(Dice::FOUR_STICKS)?;
    /// assert_eq!(throw.roll().value(), 5);
    /// assert_eq!(throw.sticks(), Some(&[false; 4][..])); // a 5: no stick light
    /// assert!(source.next_throw(Dice::FOUR_STICKS).is_err()); // used up
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    fn next_throw(&mut self, dice: Dice) -> Result<Throw, ThrowError>;

    /// The seed whose stream this source throws, when it has not thrown
    /// yet: a game made from it then records the seed, so that anyone can
    /// check its every roll (see [`Game::record`](crate::Game::record)).
    /// `None` for a source that is not a seed's stream from its start.
    /// Default: `None`.
    ///
    /// ```
    /// use senet::{Dice, Seed};
    /// use senet::source::{SeededThrows, ThrowSource};
    ///
    /// let mut source = SeededThrows::new(Seed::from_u64(7));
    /// assert_eq!(source.fresh_seed(), Some(Seed::from_u64(7)));
    /// source.next_throw(Dice::FOUR_STICKS)?;
    /// // Once it has thrown, a game from it could not be checked from the seed.
    /// assert_eq!(source.fresh_seed(), None);
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    fn fresh_seed(&self) -> Option<Seed> {
        None
    }
}

/// Why a throw source could not throw.
///
/// ```
/// use senet::{Dice, Roll};
/// use senet::source::{ScriptedThrows, ThrowError, ThrowSource};
///
/// let mut empty = ScriptedThrows::default();
/// assert_eq!(empty.next_throw(Dice::FOUR_STICKS), Err(ThrowError::Exhausted { used: 0 }));
/// // Four sticks counted with 5 never make a 6.
/// let mut six = ScriptedThrows::from_rolls([Roll::new(6).unwrap()]);
/// let err = six.next_throw(Dice::FOUR_STICKS).unwrap_err();
/// assert!(matches!(err, ThrowError::NotOnDice { index: 1, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum ThrowError {
    /// A scripted source has no throw left.
    #[error("the scripted throws are used up after {used} throws")]
    Exhausted {
        /// How many throws it gave.
        used: usize,
    },
    /// A scripted roll the implement cannot make.
    #[error("throw {index}: the {dice} cannot make a {roll}")]
    NotOnDice {
        /// The 1-based number of the throw.
        index: usize,
        /// The roll scripted.
        roll: Roll,
        /// The implement asked for.
        dice: Dice,
    },
}

/// A game's seed: 0 to 32 bytes, written as lower-case hex.
///
/// ```
/// use senet::Seed;
///
/// let seed = Seed::from_u64(42);
/// let text = seed.to_string(); // lower-case hex, as records write it
/// assert_eq!(text.parse::<Seed>().unwrap(), seed);
/// assert!("not hex".parse::<Seed>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seed {
    bytes: [u8; 32],
    len: u8,
}

/// A seed that is too long, or hex that is not a seed.
///
/// ```
/// use senet::Seed;
/// use senet::source::SeedError;
///
/// assert_eq!(Seed::from_bytes(&[0; 33]), Err(SeedError::TooLong { found: 33 }));
/// // Records write seeds in lower case only.
/// assert!(matches!("2A".parse::<Seed>(), Err(SeedError::BadHex { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum SeedError {
    /// More than 32 bytes.
    #[error("a seed has at most 32 bytes, found {found}")]
    TooLong {
        /// How many bytes were given.
        found: usize,
    },
    /// Hex with an odd length or a character that is not a lower-case hex digit.
    #[error("a seed is written as lower-case hex digits in pairs; {found:?} is not")]
    BadHex {
        /// The start of the text as given (at most 60 bytes once
        /// escaped; `…` marks a cut).
        found: String,
    },
    /// The operating system gave no randomness (`Seed::random`, with the `os-seed` feature).
    #[error("the operating system's random source failed: {reason}")]
    NoRandomness {
        /// What the system said.
        reason: String,
    },
}

impl Seed {
    /// A fresh secret seed: 32 bytes from the operating system's random
    /// source. With the `os-seed` feature.
    ///
    /// # Errors
    ///
    /// [`SeedError::NoRandomness`] when the system has no random source
    /// to give.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// let seed = Seed::random()?;
    /// assert_eq!(seed.as_bytes().len(), 32);
    /// assert_ne!(seed, Seed::random()?);
    /// # Ok::<(), senet::source::SeedError>(())
    /// ```
    #[cfg(feature = "os-seed")]
    pub fn random() -> Result<Seed, SeedError> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|e| SeedError::NoRandomness {
            reason: e.to_string(),
        })?;
        Ok(Seed { bytes, len: 32 })
    }

    /// The seed made of these bytes (at most 32).
    ///
    /// # Errors
    ///
    /// [`SeedError::TooLong`] for more than 32 bytes.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// let seed = Seed::from_bytes(&[1, 2, 3])?;
    /// assert_eq!(seed.to_string(), "010203");
    /// assert!(Seed::from_bytes(&[7; 40]).is_err());
    /// # Ok::<(), senet::source::SeedError>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Seed, SeedError> {
        if bytes.len() > 32 {
            return Err(SeedError::TooLong { found: bytes.len() });
        }
        let mut seed = Seed {
            bytes: [0; 32],
            len: bytes.len() as u8,
        };
        seed.bytes[..bytes.len()].copy_from_slice(bytes);
        Ok(seed)
    }

    /// The seed made of the 8 little-endian bytes of `value`.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// assert_eq!(Seed::from_u64(42).to_string(), "2a00000000000000");
    /// ```
    pub fn from_u64(value: u64) -> Seed {
        let mut seed = Seed {
            bytes: [0; 32],
            len: 8,
        };
        seed.bytes[..8].copy_from_slice(&value.to_le_bytes());
        seed
    }

    /// The seed of pair number `pair` of a duel (or any numbered series
    /// of games) with master seed `master`: the 16 little-endian bytes of
    /// both numbers. Any game of the series can be replayed alone from it.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// let seed = Seed::for_pair(7, 3);
    /// assert_eq!(seed.to_string(), "07000000000000000300000000000000");
    /// assert_ne!(seed, Seed::for_pair(7, 4));
    /// ```
    pub fn for_pair(master: u64, pair: u64) -> Seed {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&master.to_le_bytes());
        bytes[8..16].copy_from_slice(&pair.to_le_bytes());
        Seed { bytes, len: 16 }
    }

    /// The seed's bytes.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// assert_eq!(Seed::from_u64(258).as_bytes(), [2, 1, 0, 0, 0, 0, 0, 0]);
    /// assert!("".parse::<Seed>()?.as_bytes().is_empty()); // the empty seed
    /// # Ok::<(), senet::source::SeedError>(())
    /// ```
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// The generator this seed starts: ChaCha20 keyed by the zero-padded
    /// bytes, on the stream numbered by the seed's length (the module docs
    /// throw contract says it word by word; [`SeededThrows`] throws from it).
    pub(crate) fn rng(&self) -> ChaCha20Rng {
        let mut rng = ChaCha20Rng::from_seed(self.bytes);
        rng.set_stream(u64::from(self.len));
        rng
    }
}

/// Writes `bytes` as lower-case hex, two digits a byte: how seeds and
/// commitments are written everywhere (records, JSON, the command line).
fn write_hex(f: &mut fmt::Formatter<'_>, bytes: &[u8]) -> fmt::Result {
    bytes.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_hex(f, self.as_bytes())
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seed({self})")
    }
}

impl FromStr for Seed {
    type Err = SeedError;

    /// Parses lower-case hex, two digits per byte (the empty string is the empty seed).
    fn from_str(text: &str) -> Result<Seed, SeedError> {
        let bad = || SeedError::BadHex {
            found: excerpt(text),
        };
        let digits = text.as_bytes();
        if !digits.len().is_multiple_of(2) {
            return Err(bad());
        }
        let nibble = |d: u8| match d {
            b'0'..=b'9' => Some(d - b'0'),
            b'a'..=b'f' => Some(d - b'a' + 10),
            _ => None,
        };
        let bytes = digits
            .chunks(2)
            .map(|pair| Some(nibble(pair[0])? << 4 | nibble(pair[1])?))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(bad)?;
        Seed::from_bytes(&bytes)
    }
}

/// Throws drawn from a [`Seed`]: the same seed always throws the same sequence.
///
/// ```
/// use senet::{Dice, Seed};
/// use senet::source::{SeededThrows, ThrowSource};
///
/// let mut a = SeededThrows::new(Seed::from_u64(9));
/// let mut b = SeededThrows::new(Seed::from_u64(9));
/// for _ in 0..20 {
///     assert_eq!(a.next_throw(Dice::LONG_DIE)?, b.next_throw(Dice::LONG_DIE)?);
/// }
/// # Ok::<(), senet::source::ThrowError>(())
/// ```
#[derive(Clone, Debug)]
pub struct SeededThrows {
    seed: Seed,
    rng: ChaCha20Rng,
    /// Whether it has thrown yet.
    started: bool,
}

impl SeededThrows {
    /// A source that throws from the start of the seed's stream.
    ///
    /// ```
    /// use senet::{Dice, Seed};
    /// use senet::source::{SeededThrows, ThrowSource};
    ///
    /// let mut throws = SeededThrows::new(Seed::from_u64(42));
    /// // Every game seeded with 42 begins with a 4.
    /// assert_eq!(throws.next_throw(Dice::FOUR_STICKS)?.roll().value(), 4);
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    pub fn new(seed: Seed) -> SeededThrows {
        SeededThrows {
            seed,
            rng: seed.rng(),
            started: false,
        }
    }

    /// The seed it throws from.
    ///
    /// ```
    /// use senet::{Dice, Seed};
    /// use senet::source::{SeededThrows, ThrowSource};
    ///
    /// let mut throws = SeededThrows::new(Seed::from_u64(5));
    /// throws.next_throw(Dice::FOUR_STICKS)?;
    /// assert_eq!(throws.seed(), Seed::from_u64(5)); // after throwing too
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    pub fn seed(&self) -> Seed {
        self.seed
    }
}

impl ThrowSource for SeededThrows {
    #[inline]
    fn next_throw(&mut self, dice: Dice) -> Result<Throw, ThrowError> {
        self.started = true;
        Ok(dice.throw(&mut self.rng))
    }

    /// The seed, until the first throw.
    fn fresh_seed(&self) -> Option<Seed> {
        (!self.started).then_some(self.seed)
    }
}

/// Throws given in advance: rolls (shown with canonical sticks) or whole throws.
///
/// ```
/// use senet::{Game, Roll, rulesets::Kendall};
/// use senet::source::ScriptedThrows;
///
/// // A puzzle: x throws a 2, then o a 3.
/// let rolls = [2, 3].map(|r| Roll::new(r).unwrap());
/// let mut game = Game::new(Kendall, ScriptedThrows::from_rolls(rolls));
/// game.throw()?;
/// game.play_text("2: 10-12")?;
/// assert_eq!(game.throw()?.throw().roll().value(), 3);
/// # Ok::<(), senet::GameError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ScriptedThrows {
    throws: Vec<Throw>,
    rolls: Vec<Roll>,
    used: usize,
}

impl ScriptedThrows {
    /// A source that throws these rolls in order, each as
    /// [`Throw::canonical`] shows it.
    ///
    /// ```
    /// use senet::{Dice, Roll, Throw};
    /// use senet::source::{ScriptedThrows, ThrowSource};
    ///
    /// let three = Roll::new(3).unwrap();
    /// let mut source = ScriptedThrows::from_rolls([three]);
    /// let throw = source.next_throw(Dice::FOUR_STICKS)?;
    /// assert_eq!(Some(throw), Throw::canonical(Dice::FOUR_STICKS, three));
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    pub fn from_rolls(rolls: impl IntoIterator<Item = Roll>) -> ScriptedThrows {
        ScriptedThrows {
            throws: Vec::new(),
            rolls: rolls.into_iter().collect(),
            used: 0,
        }
    }

    /// A source that throws exactly these throws in order.
    ///
    /// ```
    /// use senet::{Dice, Throw};
    /// use senet::source::{ScriptedThrows, ThrowSource};
    ///
    /// // Sticks 0 and 3 light: a 2, shown as it fell.
    /// let two = Throw::from_sticks(0b1001);
    /// let mut source = ScriptedThrows::from_throws([two]);
    /// assert_eq!(source.next_throw(Dice::FOUR_STICKS)?, two);
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    pub fn from_throws(throws: impl IntoIterator<Item = Throw>) -> ScriptedThrows {
        let throws: Vec<Throw> = throws.into_iter().collect();
        ScriptedThrows {
            rolls: throws.iter().map(|t| t.roll()).collect(),
            throws,
            used: 0,
        }
    }

    /// How many throws are left.
    ///
    /// ```
    /// use senet::{Dice, Roll};
    /// use senet::source::{ScriptedThrows, ThrowSource};
    ///
    /// let mut source = ScriptedThrows::from_rolls([1, 2].map(|r| Roll::new(r).unwrap()));
    /// assert_eq!(source.remaining(), 2);
    /// source.next_throw(Dice::FOUR_STICKS)?;
    /// assert_eq!(source.remaining(), 1);
    /// # Ok::<(), senet::source::ThrowError>(())
    /// ```
    pub fn remaining(&self) -> usize {
        self.rolls.len() - self.used
    }
}

impl ThrowSource for ScriptedThrows {
    fn next_throw(&mut self, dice: Dice) -> Result<Throw, ThrowError> {
        let index = self.used;
        let roll = *self
            .rolls
            .get(index)
            .ok_or(ThrowError::Exhausted { used: index })?;
        let throw = match self.throws.get(index) {
            Some(&throw) if throw.dice() == dice => Some(throw),
            _ => Throw::canonical(dice, roll),
        };
        let throw = throw.ok_or(ThrowError::NotOnDice {
            index: index + 1,
            roll,
            dice,
        })?;
        self.used += 1;
        Ok(throw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_print_and_parse_as_hex() {
        let seed = Seed::from_u64(42);
        assert_eq!(seed.to_string(), "2a00000000000000");
        assert_eq!("2a00000000000000".parse::<Seed>(), Ok(seed));
        assert!("2A".parse::<Seed>().is_err());
        assert!("abc".parse::<Seed>().is_err());
        assert!("zz".parse::<Seed>().is_err());
        assert_eq!("".parse::<Seed>().map(|s| s.as_bytes().len()), Ok(0));
        assert!(Seed::from_bytes(&[0; 33]).is_err());
    }

    #[test]
    fn seeds_of_different_lengths_throw_differently() {
        let short = Seed::from_bytes(&[1]).unwrap();
        let padded = Seed::from_bytes(&[1, 0]).unwrap();
        let mut a = SeededThrows::new(short);
        let mut b = SeededThrows::new(padded);
        let a: Vec<_> = (0..32)
            .map(|_| a.next_throw(Dice::FOUR_STICKS).unwrap())
            .collect();
        let b: Vec<_> = (0..32)
            .map(|_| b.next_throw(Dice::FOUR_STICKS).unwrap())
            .collect();
        assert_ne!(a, b);
    }

    #[test]
    fn scripted_throws_run_out_with_an_error() {
        let mut source = ScriptedThrows::from_rolls([Roll::new(5).unwrap()]);
        assert!(source.next_throw(Dice::LONG_DIE).is_err());
        assert_eq!(
            source
                .next_throw(Dice::FOUR_STICKS)
                .map(|t| t.roll().value()),
            Ok(5)
        );
        assert_eq!(
            source.next_throw(Dice::FOUR_STICKS),
            Err(ThrowError::Exhausted { used: 1 })
        );
    }
}
