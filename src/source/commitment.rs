//! [`Commitment`]: a seed's SHA-256, published before a game so that
//! players can check afterwards that its seed was fixed in advance.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

#[cfg(feature = "commit")]
use super::Seed;

/// A commitment to a seed: 32 bytes, written as 64 lower-case hex digits.
///
/// A site publishes it before the game starts and the seed after the game
/// ends; anyone can then check that the seed is the one committed to. With
/// the `commit` feature, `Seed::commitment` makes one and
/// `Commitment::verifies` checks one. It is the SHA-256 of the seed's
/// bytes exactly as [`Seed::as_bytes`](crate::Seed::as_bytes) gives them (8 bytes for
/// `Seed::from_u64`, no padding), so it can be recomputed without this
/// crate:
///
/// ```sh
/// printf '2a00000000000000' | xxd -r -p | sha256sum
/// # ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c  -
/// ```
///
/// The type itself (parsing, printing, the record's `Commitment` tag) needs
/// no feature. With `serde`, it is its hex string.
///
/// ```
/// use senet::source::Commitment;
///
/// let text = "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c";
/// let commitment: Commitment = text.parse()?;
/// assert_eq!(commitment.to_string(), text);
/// assert_eq!(commitment.as_bytes()[0], 0xed);
/// # Ok::<(), senet::source::CommitmentError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment([u8; 32]);

/// Text that is not a commitment: what is wrong and where.
///
/// ```
/// use senet::source::{Commitment, CommitmentError};
///
/// assert_eq!("abc".parse::<Commitment>(), Err(CommitmentError::Length { found: 3 }));
/// let upper = "ED049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c";
/// let err = upper.parse::<Commitment>().unwrap_err();
/// assert_eq!(err, CommitmentError::Digit { found: 'E', position: 1 });
/// assert_eq!(
///     err.to_string(),
///     "character 1 of the commitment is 'E', not a lower-case hex digit (0-9, a-f)"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum CommitmentError {
    /// Not 64 characters long.
    #[error("a commitment is 64 lower-case hex digits, found {found} characters")]
    Length {
        /// How many characters were given.
        found: usize,
    },
    /// A character that is not a lower-case hex digit.
    #[error(
        "character {position} of the commitment is {found:?}, not a lower-case hex digit (0-9, a-f)"
    )]
    Digit {
        /// The character found.
        found: char,
        /// Its 1-based position in the text, in characters.
        position: usize,
    },
}

impl Commitment {
    /// The commitment made of these 32 bytes (a SHA-256 digest computed
    /// elsewhere, say).
    ///
    /// ```
    /// use senet::source::Commitment;
    ///
    /// let commitment = Commitment::from_bytes([0xab; 32]);
    /// assert_eq!(commitment.to_string(), "ab".repeat(32));
    /// ```
    pub const fn from_bytes(bytes: [u8; 32]) -> Commitment {
        Commitment(bytes)
    }

    /// The commitment's 32 bytes.
    ///
    /// ```
    /// use senet::source::Commitment;
    ///
    /// assert_eq!(Commitment::from_bytes([7; 32]).as_bytes(), &[7; 32]);
    /// ```
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// Whether `seed` is the seed committed to: its SHA-256 is this
    /// commitment. With the `commit` feature.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// let commitment = Seed::from_u64(42).commitment();
    /// assert!(commitment.verifies(&Seed::from_u64(42)));
    /// assert!(!commitment.verifies(&Seed::from_u64(43)));
    /// ```
    #[cfg(feature = "commit")]
    pub fn verifies(&self, seed: &Seed) -> bool {
        seed.commitment() == *self
    }
}

#[cfg(feature = "commit")]
impl Seed {
    /// The seed's commitment: the SHA-256 of its bytes exactly as
    /// [`Seed::as_bytes`] gives them. Publish it before the game, the seed
    /// after. With the `commit` feature.
    ///
    /// ```
    /// use senet::Seed;
    ///
    /// // printf '2a00000000000000' | xxd -r -p | sha256sum
    /// assert_eq!(
    ///     Seed::from_u64(42).commitment().to_string(),
    ///     "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c"
    /// );
    /// ```
    pub fn commitment(&self) -> Commitment {
        use sha2::{Digest, Sha256};
        Commitment(Sha256::digest(self.as_bytes()).into())
    }
}

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::write_hex(f, &self.0)
    }
}

impl fmt::Debug for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Commitment({self})")
    }
}

impl FromStr for Commitment {
    type Err = CommitmentError;

    /// Parses exactly 64 lower-case hex digits.
    fn from_str(text: &str) -> Result<Commitment, CommitmentError> {
        let length = text.chars().count();
        if length != 64 {
            return Err(CommitmentError::Length { found: length });
        }
        let nibble =
            |(i, c): (usize, char)| match c {
                '0'..='9' | 'a'..='f' => c.to_digit(16).and_then(|d| u8::try_from(d).ok()).ok_or(
                    CommitmentError::Digit {
                        found: c,
                        position: i + 1,
                    },
                ),
                _ => Err(CommitmentError::Digit {
                    found: c,
                    position: i + 1,
                }),
            };
        let mut bytes = [0u8; 32];
        let mut digits = text.chars().enumerate();
        for byte in &mut bytes {
            // 64 characters: every byte has two.
            let (Some(high), Some(low)) = (digits.next(), digits.next()) else {
                return Err(CommitmentError::Length { found: length });
            };
            *byte = nibble(high)? << 4 | nibble(low)?;
        }
        Ok(Commitment(bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORTY_TWO: &str = "ed049108bc18f2c64369e8d0ea42850bdd1a7d1dd340cfde716315579702a76c";

    #[test]
    fn commitments_print_and_parse_as_lower_case_hex() {
        let commitment: Commitment = FORTY_TWO.parse().unwrap();
        assert_eq!(commitment.to_string(), FORTY_TWO);
        assert_eq!(&commitment.as_bytes()[..3], [0xed, 0x04, 0x91]);
        assert_eq!(
            format!("{commitment:?}"),
            format!("Commitment({FORTY_TWO})")
        );
        assert_eq!(Commitment::from_bytes(*commitment.as_bytes()), commitment);
    }

    #[test]
    fn bad_commitments_say_what_and_where() {
        assert_eq!(
            "".parse::<Commitment>(),
            Err(CommitmentError::Length { found: 0 })
        );
        let long = format!("{FORTY_TWO}0");
        assert_eq!(
            long.parse::<Commitment>(),
            Err(CommitmentError::Length { found: 65 })
        );
        let mut upper = FORTY_TWO.to_owned();
        upper.replace_range(10..11, "C");
        assert_eq!(
            upper.parse::<Commitment>(),
            Err(CommitmentError::Digit {
                found: 'C',
                position: 11
            })
        );
        // A multi-byte character counts as one: 64 characters, position 64.
        let accented = format!("{}é", &FORTY_TWO[..63]);
        assert_eq!(
            accented.parse::<Commitment>(),
            Err(CommitmentError::Digit {
                found: 'é',
                position: 64
            })
        );
        let spaced = format!(" {}", &FORTY_TWO[1..]);
        assert_eq!(
            spaced.parse::<Commitment>(),
            Err(CommitmentError::Digit {
                found: ' ',
                position: 1
            })
        );
    }

    #[cfg(feature = "commit")]
    #[test]
    fn commitments_are_sha256_of_the_seed_bytes() {
        // Both computed with `printf ... | sha256sum`, not with this crate.
        assert_eq!(Seed::from_u64(42).commitment().to_string(), FORTY_TWO);
        let empty: Seed = "".parse().unwrap();
        assert_eq!(
            empty.commitment().to_string(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        let commitment = Seed::from_u64(42).commitment();
        assert!(commitment.verifies(&Seed::from_u64(42)));
        assert!(!commitment.verifies(&Seed::from_u64(43)));
        // The same bytes as a longer seed are another seed.
        let padded = Seed::from_bytes(&[0x2a, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
        assert!(!commitment.verifies(&padded));
    }
}
