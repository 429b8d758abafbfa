//! What a replay found: where in a record a problem is (read and
//! written), and a verdict (written only).

use serde::{Deserialize, Serialize, Serializer};

use crate::ruleset::Ruleset;

names_escaped!(PlaceRepr);

/// Where in a record a problem is: `"header"`, `{"throw": N}` with N from
/// 1, or `{"end": {"after": N}}`.
#[derive(Serialize, Deserialize)]
#[serde(remote = "Self", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlaceRepr {
    /// In the header.
    Header,
    /// At a throw, numbered from 1.
    Throw(usize),
    /// Where the record stops.
    End {
        /// The number of throws in the record.
        after: usize,
    },
}

impl From<crate::replay::Place> for PlaceRepr {
    fn from(place: crate::replay::Place) -> PlaceRepr {
        use crate::replay::Place;
        match place {
            Place::Header => PlaceRepr::Header,
            Place::Throw(n) => PlaceRepr::Throw(n),
            Place::End { after } => PlaceRepr::End { after },
        }
    }
}

via_repr!(crate::replay::Place, PlaceRepr);

impl TryFrom<PlaceRepr> for crate::replay::Place {
    type Error = String;
    fn try_from(repr: PlaceRepr) -> Result<Self, String> {
        use crate::replay::Place;
        match repr {
            PlaceRepr::Header => Ok(Place::Header),
            PlaceRepr::Throw(0) => Err("throws are numbered from 1, found throw 0".into()),
            PlaceRepr::Throw(n) => Ok(Place::Throw(n)),
            PlaceRepr::End { after } => Ok(Place::End { after }),
        }
    }
}

/// A verdict is written, never read: it is what replaying a record found,
/// and a verdict read back would be one nobody checked. Store the record,
/// and replay it. Its form: `{"position": ..., "history": [turns],
/// "checked": ..., "finish": ... or null, "problem": {"place": ...,
/// "problem": ...} or null}`.
impl<R: Ruleset> Serialize for crate::replay::Verdict<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Verdict", 5)?;
        s.serialize_field("position", self.position())?;
        s.serialize_field("history", self.history())?;
        s.serialize_field("checked", &self.checked())?;
        s.serialize_field("finish", &self.finish())?;
        s.serialize_field("problem", &self.problem())?;
        s.end()
    }
}
