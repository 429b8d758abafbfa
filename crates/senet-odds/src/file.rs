//! The table file: a fixed header, one value per slot, and a checksum.
//!
//! The format is documented in the module above (`odds`).

use thiserror::Error;

use super::Table;
use super::index::Layout;
use senet::Ruleset;

/// The first eight bytes of every table file.
///
/// ```
/// use senet_odds::{MAGIC, Table};
/// use senet::rulesets::Kendall;
///
/// assert_eq!(&MAGIC, b"SENETODS");
/// assert!(Table::solve(Kendall, 1)?.to_bytes().starts_with(&MAGIC));
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub const MAGIC: [u8; 8] = *b"SENETODS";

/// The format version this crate writes and reads.
///
/// ```
/// use senet_odds::{Table, VERSION};
/// use senet::rulesets::Kendall;
///
/// let bytes = Table::solve(Kendall, 1)?.to_bytes();
/// assert_eq!(bytes[8..12], VERSION.to_le_bytes()); // after the magic
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub const VERSION: u32 = 1;

/// The stored value of a share of 1 (x certainly wins).
///
/// ```
/// use senet_odds::{HOLE, ONE, Table};
/// use senet::rulesets::Kendall;
///
/// // The values follow a header of 34 bytes for Kendall; the checksum ends the file.
/// let bytes = Table::solve(Kendall, 1)?.to_bytes();
/// let values: Vec<u32> = bytes[34..bytes.len() - 8]
///     .chunks_exact(4)
///     .map(|v| u32::from_le_bytes(v.try_into().unwrap()))
///     .collect();
/// assert!(values.contains(&ONE)); // some positions are won for x whatever falls
/// assert!(values.iter().all(|&v| v <= ONE || v == HOLE));
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub const ONE: u32 = u32::MAX - 1;

/// The stored value of a slot that names no position.
///
/// ```
/// use senet_odds::{HOLE, ONE, Table};
/// use senet::rulesets::Kendall;
///
/// let bytes = Table::solve(Kendall, 1)?.to_bytes();
/// let values = bytes[34..bytes.len() - 8].chunks_exact(4);
/// let holes = values.filter(|v| u32::from_le_bytes((*v).try_into().unwrap()) == HOLE).count();
/// assert!(holes > 0); // a slot of the numbering that is no position
/// assert_eq!(HOLE, ONE + 1);
/// # Ok::<(), senet_odds::SolveError>(())
/// ```
pub const HOLE: u32 = u32::MAX;

/// Why a table file was refused.
///
/// ```
/// use senet_odds::{Table, TableError};
/// use senet::rulesets::Kendall;
///
/// let err = Table::from_bytes(Kendall, b"not a table").unwrap_err();
/// assert!(matches!(err, TableError::NotATable));
/// let bytes = Table::solve(Kendall, 1)?.to_bytes();
/// let err = Table::from_bytes(Kendall, &bytes[..bytes.len() - 1]).unwrap_err();
/// assert!(matches!(err, TableError::Truncated { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum TableError {
    /// The file does not start with the magic bytes.
    #[error("not a senet odds table (the file does not start with \"SENETODS\")")]
    NotATable,
    /// The file ends before its header or its values do.
    #[error("the table file is truncated: it needs {needed} bytes, it has {found}")]
    Truncated {
        /// The bytes the header announces (or the header's own length).
        needed: u64,
        /// The bytes found.
        found: u64,
    },
    /// Bytes follow the checksum.
    #[error("the table file has {extra} bytes after its end")]
    TrailingBytes {
        /// How many.
        extra: u64,
    },
    /// A format version this crate does not read.
    #[error("table format version {found} is unknown; this crate reads version {VERSION}")]
    UnknownVersion {
        /// The version in the file.
        found: u32,
    },
    /// The table was solved for another ruleset.
    #[error("the table is for the ruleset {found:?}, not {expected:?}")]
    WrongRuleset {
        /// The ruleset named in the file.
        found: String,
        /// The ruleset asked for.
        expected: &'static str,
    },
    /// The table was solved for another revision of the ruleset's rules.
    #[error(
        "the table is for revision {found} of {ruleset}, whose rules are now revision {expected}"
    )]
    WrongRevision {
        /// The ruleset's name.
        ruleset: &'static str,
        /// The revision in the file.
        found: u32,
        /// The ruleset's revision now.
        expected: u32,
    },
    /// The header's bound or counts do not fit the ruleset.
    #[error("the table's header does not fit {ruleset}: {what}")]
    Header {
        /// The ruleset's name.
        ruleset: &'static str,
        /// What does not fit.
        what: String,
    },
    /// The checksum does not match: the file was altered or damaged.
    #[error("the table file is corrupt: its checksum does not match its contents")]
    Corrupt,
    /// A value does not fit its slot, though the checksum matches: a hole
    /// where the numbering puts a position, a value where it puts none, or a finished game not worth 0, ½ or 1 to x.
    #[error("the table does not hold together: slot {slot}{at}: {what}")]
    Inconsistent {
        /// The slot.
        slot: u64,
        /// ` (POSITION)`, the position the slot numbers, or empty.
        at: String,
        /// What is wrong with its value.
        what: &'static str,
    },
    /// Reading failed.
    #[error("reading the table: {0}")]
    Io(#[from] std::io::Error),
}

/// FNV-1a, 64 bits.
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The table's bytes.
pub(crate) fn to_bytes<R: Ruleset>(table: &Table<R>) -> Vec<u8> {
    let ruleset = table.ruleset();
    let name = ruleset.name().as_bytes();
    let mut bytes = Vec::with_capacity(40 + name.len() + 4 * table.values.len());
    bytes.extend_from_slice(&MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    // Names are short; a longer one is cut, and reading then refuses it.
    bytes.push(name.len().min(255) as u8);
    bytes.extend_from_slice(&name[..name.len().min(255)]);
    bytes.extend_from_slice(&ruleset.revision().to_le_bytes());
    bytes.push(table.layout.k());
    bytes.push(ruleset.pieces_per_side());
    bytes.extend_from_slice(&(table.values.len() as u64).to_le_bytes());
    for value in &table.values {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    let hash = fnv1a(&bytes);
    bytes.extend_from_slice(&hash.to_le_bytes());
    bytes
}

/// A reader over the file's bytes that reports truncation.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len());
        let Some(end) = end else {
            return Err(TableError::Truncated {
                needed: (self.at as u64).saturating_add(n as u64),
                found: self.bytes.len() as u64,
            });
        };
        let taken = &self.bytes[self.at..end];
        self.at = end;
        Ok(taken)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TableError> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N)?);
        Ok(array)
    }
}

/// The bytes of the header before the ruleset's name: the magic, the
/// version and the name's length.
const PREFIX: u64 = 8 + 4 + 1;

/// The bytes of the header after the ruleset's name: the revision, the
/// bound, the pieces per side and the slot count.
const SUFFIX: u64 = 4 + 1 + 1 + 8;

/// Reads a table of `ruleset` from `reader`: the header first, then
/// only the bytes the header announces (and one more, to see bytes
/// after the end), so that what is read is bounded by the header's
/// table, checked against the ruleset, whatever the reader holds.
pub(crate) fn read_from<R: Ruleset>(
    ruleset: R,
    mut reader: impl std::io::Read,
) -> Result<Table<R>, TableError> {
    use std::io::Read;
    let mut bytes = Vec::new();
    (&mut reader).take(PREFIX).read_to_end(&mut bytes)?;
    if bytes.len() as u64 == PREFIX && bytes.starts_with(&MAGIC) {
        let name = u64::from(bytes[PREFIX as usize - 1]);
        (&mut reader).take(name + SUFFIX).read_to_end(&mut bytes)?;
        let layout = header(
            ruleset,
            &mut Cursor {
                bytes: &bytes,
                at: 0,
            },
        )?;
        let rest = (layout.len() as u64).saturating_mul(4).saturating_add(8);
        reader
            .take(rest.saturating_add(1))
            .read_to_end(&mut bytes)?;
    }
    from_bytes(ruleset, &bytes)
}

/// Reads a table of `ruleset` from its bytes.
pub(crate) fn from_bytes<R: Ruleset>(ruleset: R, bytes: &[u8]) -> Result<Table<R>, TableError> {
    let mut cursor = Cursor { bytes, at: 0 };
    let layout = header(ruleset, &mut cursor)?;
    let values = cursor.take(layout.len().saturating_mul(4))?;
    let hashed = cursor.at;
    let stored = u64::from_le_bytes(cursor.array()?);
    if cursor.at < bytes.len() {
        return Err(TableError::TrailingBytes {
            extra: (bytes.len() - cursor.at) as u64,
        });
    }
    if fnv1a(&bytes[..hashed]) != stored {
        return Err(TableError::Corrupt);
    }
    let values: Vec<u32> = values
        .chunks_exact(4)
        .map(|word| u32::from_le_bytes([word[0], word[1], word[2], word[3]]))
        .collect();
    check_values(&layout, &values)?;
    Ok(Table { layout, values })
}

/// Reads and checks the header, up to the values: the layout it announces.
fn header<R: Ruleset>(ruleset: R, cursor: &mut Cursor<'_>) -> Result<Layout<R>, TableError> {
    let bytes = cursor.bytes;
    if bytes.len() < MAGIC.len() || bytes[..MAGIC.len()] != MAGIC {
        return Err(TableError::NotATable);
    }
    cursor.take(MAGIC.len())?;
    let version = u32::from_le_bytes(cursor.array()?);
    if version != VERSION {
        return Err(TableError::UnknownVersion { found: version });
    }
    let [length] = cursor.array()?;
    let name = cursor.take(length.into())?;
    if name != ruleset.name().as_bytes() {
        return Err(TableError::WrongRuleset {
            found: String::from_utf8_lossy(name).chars().take(60).collect(),
            expected: ruleset.name(),
        });
    }
    let revision = u32::from_le_bytes(cursor.array()?);
    if revision != ruleset.revision() {
        return Err(TableError::WrongRevision {
            ruleset: ruleset.name(),
            found: revision,
            expected: ruleset.revision(),
        });
    }
    let [k, pieces] = cursor.array()?;
    let header = |what: String| TableError::Header {
        ruleset: ruleset.name(),
        what,
    };
    if pieces != ruleset.pieces_per_side() {
        return Err(header(format!(
            "it has {pieces} pieces per side, the ruleset {}",
            ruleset.pieces_per_side()
        )));
    }
    if k == 0 || k > pieces {
        return Err(header(format!(
            "its bound {k} is not between 1 and {pieces}"
        )));
    }
    let slots = u64::from_le_bytes(cursor.array()?);
    let layout = Layout::new(ruleset, k).ok_or_else(|| {
        header(format!(
            "bound {k} gives more slots than memory can address"
        ))
    })?;
    if slots != layout.len() as u64 {
        return Err(header(format!(
            "it has {slots} slots; bound {k} gives {}",
            layout.len()
        )));
    }
    Ok(layout)
}

/// Checks every slot's value against the position the layout puts
/// there (the structure, not the Bellman equation: `odds --verify`
/// checks that): a hole exactly where no position is (every other value
/// is at most [`ONE`], since [`HOLE`] is `ONE + 1`), and a finished game worth what its outcome gives x.
fn check_values<R: Ruleset>(layout: &Layout<R>, values: &[u32]) -> Result<(), TableError> {
    for (slot, &value) in values.iter().enumerate() {
        let position = layout.position(slot);
        let wrong = |what| TableError::Inconsistent {
            slot: slot as u64,
            at: position.map_or(String::new(), |p| format!(" ({p})")),
            what,
        };
        let Some(position) = position else {
            if value != HOLE {
                return Err(wrong("a value where the numbering puts no position"));
            }
            continue;
        };
        if value == HOLE {
            return Err(wrong("a hole where the numbering puts a position"));
        }
        if let Some(outcome) = position.outcome()
            && value != crate::quantize(outcome.x_share())
        {
            return Err(wrong("a finished game not worth its outcome (0, 1/2 or 1)"));
        }
    }
    Ok(())
}
