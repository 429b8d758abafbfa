//! The network file: its format (a magic number, a version, the
//! ruleset's name, the weights and a checksum), writing it, and reading
//! it back with every byte checked.

use core::fmt;

use thiserror::Error;

use super::{HIDDEN, INPUTS, LARGE_HIDDEN, LARGE_INPUTS, Layers, Network};

impl fmt::Debug for Network {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Network {{ {INPUTS} inputs, {} hidden, weights hash {:016x} }}",
            self.hidden_units(),
            fnv1a(&self.parameter_bytes())
        )
    }
}

impl Network {
    fn parameter_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(4 * self.parameter_count());
        with_weights!(&self.layers, w => {
            for value in w.parameters() {
                bytes.extend_from_slice(&value.to_le_bytes());
            }
        });
        bytes
    }

    /// The network as a file, naming the ruleset it was trained for (its
    /// first 32 bytes, cut between characters): see
    /// [`Network::from_bytes`] for the layout.
    ///
    /// ```
    /// use senet_bot::{NETWORK_MAGIC, Network};
    ///
    /// let file = Network::zero().to_bytes("my rules");
    /// assert!(file.starts_with(NETWORK_MAGIC));
    /// assert_eq!(Network::from_bytes(&file)?, (Network::zero(), "my rules".to_string()));
    /// # Ok::<(), senet_bot::NetworkError>(())
    /// ```
    pub fn to_bytes(&self, ruleset: &str) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(64 + 4 * self.parameter_count());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&VERSION.to_le_bytes());
        // At most 32 bytes, cut between characters: the file always reads back.
        let mut end = ruleset.len().min(MAX_NAME);
        while !ruleset.is_char_boundary(end) {
            end -= 1;
        }
        let name = &ruleset.as_bytes()[..end];
        bytes.push(name.len() as u8);
        bytes.extend_from_slice(name);
        bytes.extend_from_slice(&(self.input_count() as u32).to_le_bytes());
        bytes.extend_from_slice(&(self.hidden_units() as u32).to_le_bytes());
        bytes.extend_from_slice(&self.parameter_bytes());
        let checksum = fnv1a(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        bytes
    }

    /// Reads a network file; returns the network and the ruleset name it
    /// was trained for.
    ///
    /// The layout, all numbers little-endian: the 8 bytes `SENETNET`; the
    /// format version (`u32`, 1); the ruleset's name (one length byte,
    /// then at most 32 bytes of UTF-8); the inputs and hidden units (each
    /// `u32`: [`INPUTS`] and [`HIDDEN`], or [`LARGE_INPUTS`] and
    /// [`LARGE_HIDDEN`]); the weights as `f32`, each finite
    /// and at most 10^30 in absolute value, so that no sum of the network
    /// can overflow and its equity is always a number in [0, 1]:
    /// input weights input by input, each input's hidden units in unit
    /// order, then the hidden biases, the output weights and the output
    /// bias; last, the FNV-1a 64-bit hash of every byte before it.
    ///
    /// # Errors
    ///
    /// [`NetworkError`] says what is wrong and at which byte.
    ///
    /// ```
    /// use senet_bot::{NetworkError, Network};
    ///
    /// let temple = Network::builtin(&senet::rulesets::Temple).expect("shipped");
    /// let file = temple.to_bytes("temple");
    /// let (network, name) = Network::from_bytes(&file)?;
    /// assert_eq!((&network, name.as_str()), (&*temple, "temple"));
    /// let cut = Network::from_bytes(&file[..100]);
    /// assert!(matches!(cut, Err(NetworkError::Truncated { at: 100, .. })));
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<(Network, String), NetworkError> {
        let mut reader = Reader {
            bytes,
            at: 0,
            part: "header",
        };
        if reader.take(MAGIC.len())? != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let version = reader.u32()?;
        if version != VERSION {
            return Err(NetworkError::UnknownVersion { found: version });
        }
        let length = usize::from(reader.take(1)?[0]);
        if length > MAX_NAME {
            return Err(NetworkError::Header {
                at: reader.at - 1,
                what: "a ruleset name is at most 32 bytes long",
            });
        }
        let name = core::str::from_utf8(reader.take(length)?)
            .map_err(|_| NetworkError::Header {
                at: reader.at - length,
                what: "the ruleset name is not UTF-8",
            })?
            .to_string();
        let shape_at = reader.at;
        let (inputs, hidden) = (reader.u32()?, reader.u32()?);
        let shaped = Network::zero_sized(hidden as usize)
            .filter(|network| network.input_count() == inputs as usize);
        let Some(mut network) = shaped else {
            return Err(NetworkError::Shape {
                at: shape_at,
                inputs,
                hidden,
            });
        };
        reader.part = "weights";
        let count = network.parameter_count();
        let mut values = Vec::with_capacity(count);
        for _ in 0..count {
            let at = reader.at;
            let value = f32::from_le_bytes(reader.array()?);
            if !value.is_finite() {
                return Err(NetworkError::NotFinite { at });
            }
            if value.abs() > MAX_WEIGHT {
                return Err(NetworkError::TooLarge { at });
            }
            values.push(value);
        }
        let body = reader.at;
        reader.part = "checksum";
        let checksum = u64::from_le_bytes(reader.array()?);
        if reader.at != bytes.len() {
            return Err(NetworkError::TrailingBytes {
                at: reader.at,
                extra: bytes.len() - reader.at,
            });
        }
        if checksum != fnv1a(&bytes[..body]) {
            return Err(NetworkError::Corrupt);
        }
        for (weight, value) in network.parameters_mut().zip(values) {
            *weight = value;
        }
        Ok((network, name))
    }
}

/// The largest weight a network file may hold, in absolute value.
///
/// A hidden unit sums its bias and at most [`LARGE_INPUTS`] weights, the
/// output its bias and at most [`LARGE_HIDDEN`] weights times a clipped
/// activity in [0, 1]: at most 213 terms of at most 10^30 each, far below `f32::MAX` (about
/// 3.4 × 10^38), so every sum stays finite and every equity is a number
/// in [0, 1]. Finite weights past it could overflow to infinities whose
/// sum is NaN. Trained weights are a few units.
pub(super) const MAX_WEIGHT: f32 = 1.0e30;

/// The first bytes of a network file.
///
/// ```
/// use senet_bot::{NETWORK_MAGIC, Network};
///
/// assert_eq!(NETWORK_MAGIC, b"SENETNET");
/// assert_eq!(Network::zero().to_bytes("kendall")[..8], NETWORK_MAGIC[..]);
/// ```
pub const MAGIC: &[u8; 8] = b"SENETNET";
/// The format version this crate writes and reads.
const VERSION: u32 = 1;
/// The longest ruleset name a file holds.
const MAX_NAME: usize = 32;

/// A network file that cannot be read.
///
/// ```
/// use senet_bot::{NetworkError, Network};
///
/// let mut file = Network::zero().to_bytes("kendall");
/// file[40] ^= 1; // one bit of a weight changed
/// assert_eq!(Network::from_bytes(&file), Err(NetworkError::Corrupt));
/// assert_eq!(Network::from_bytes(b"SENETODS"), Err(NetworkError::NotANetwork));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "snake_case")
)]
#[non_exhaustive]
pub enum NetworkError {
    /// The file does not start with `SENETNET`.
    #[error("not a network file: it does not start with SENETNET")]
    NotANetwork,
    /// Another version of the format.
    #[error("network file format version {found}; this crate reads version {VERSION}")]
    UnknownVersion {
        /// The version in the file.
        found: u32,
    },
    /// The file ends early.
    #[error("the network file ends at byte {at}, before its {what}")]
    Truncated {
        /// Its length.
        at: usize,
        /// What was being read.
        what: &'static str,
    },
    /// A field of the header is wrong.
    #[error("byte {at} of the network file: {what}")]
    Header {
        /// Where the field starts.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A network of another shape.
    #[error(
        "byte {at} of the network file: a network of {inputs} inputs and {hidden} hidden units; this crate's have {INPUTS} and {HIDDEN}, or {LARGE_INPUTS} and {LARGE_HIDDEN}"
    )]
    Shape {
        /// Where the shape starts.
        at: usize,
        /// Inputs in the file.
        inputs: u32,
        /// Hidden units in the file.
        hidden: u32,
    },
    /// A weight is infinite or not a number.
    #[error("byte {at} of the network file: a weight that is not a finite number")]
    NotFinite {
        /// Where the weight starts.
        at: usize,
    },
    /// A weight so large that the network's sums could overflow (and its
    /// equity be NaN): beyond ±10^30, where trained weights are a few units.
    #[error(
        "byte {at} of the network file: a weight beyond ±1e30, so large that the network's sums could overflow"
    )]
    TooLarge {
        /// Where the weight starts.
        at: usize,
    },
    /// Bytes after the checksum.
    #[error("{extra} bytes after the end of the network at byte {at}")]
    TrailingBytes {
        /// Where the network ends.
        at: usize,
        /// How many bytes follow.
        extra: usize,
    },
    /// The checksum does not match: the file was changed or damaged.
    #[error("the network file's checksum does not match its contents (damaged or edited)")]
    Corrupt,
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    /// What is being read, for a truncation's message.
    part: &'static str,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], NetworkError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(NetworkError::Truncated {
            at: self.bytes.len(),
            what: self.part,
        })?;
        let slice = &self.bytes[self.at..end];
        self.at = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], NetworkError> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, NetworkError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
}

/// FNV-1a (64 bits) of `bytes`: the network file's checksum.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
