//! serde for the bots' data (feature `serde`): each type is read as it is
//! written and checked before a value exists, as the core's types are.
//!
//! JSON forms: a level is its number (`3`); weights the list of their
//! [`FEATURES`] numbers, in the order of [`FEATURE_NAMES`](crate::FEATURE_NAMES);
//! a tuning sample `{"features": [...], "result": 0.5}`; every other
//! struct the object of its public fields, with no unknown field and never
//! an array standing in for it. Errors are written, never read.

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use senet::notation::quote::{EscapedKeys, escaped, excerpt};

use crate::agent::{Scored, Thought};
use crate::duel::{DuelStats, GameEnd, PairResult};
use crate::eval::{FEATURES, Weights};
use crate::hint::Hint;
use crate::level::{Level, LevelError};
use crate::search::SearchLimits;
use crate::study::{Pairing, Score, Spread, Tally};
use crate::train::{Plan, Report};
use crate::tune::{NewtonStep, Sample};

/// An equity, a chance from 0 to 1.
fn equity(what: &str, value: f64) -> Result<(), String> {
    if (0.0..=1.0).contains(&value) {
        Ok(())
    } else {
        Err(format!("{what} is a chance from 0 to 1, found {value}"))
    }
}

senet::object_only!(Scored, |s: Scored| equity("an equity", s.equity)
    .map(|()| s));

senet::object_only!(Hint, |h: Hint| {
    equity("an equity", h.equity)?;
    let mv = h.mv;
    let agrees = h.text.roll() == mv.roll()
        && h.text.play() == Some((mv.from(), mv.to()))
        && h.text.is_swap() == (mv.is_swap() || mv.is_capture() || mv.is_sent_away())
        && h.text.is_backward() == mv.is_backward();
    if agrees {
        Ok(h)
    } else {
        Err(format!(
            "the hint's text {:?} does not write its move {}: {}-{}",
            excerpt(&h.text.to_string()),
            mv.roll(),
            mv.from(),
            mv.to()
        ))
    }
});

senet::object_only!(Thought, |t: Thought| {
    if t.exact && t.depth != 0 {
        return Err(format!(
            "exact values are read from a table, at depth 0, not {}",
            t.depth
        ));
    }
    Ok::<Thought, String>(t)
});

senet::object_only!(GameEnd);
senet::object_only!(PairResult);

senet::object_only!(DuelStats, DuelStats::checked);

senet::object_only!(SearchLimits, SearchLimits::check);

senet::object_only!(Tally, |t: Tally| {
    let ended = [t.x_wins, t.draws, t.unfinished]
        .iter()
        .try_fold(0u64, |sum, &n| sum.checked_add(n));
    if ended.is_none_or(|ended| ended > t.games) || t.top_wins > t.games {
        return Err(format!(
            "a tally of {} games counts more wins, draws and unfinished games than games",
            t.games
        ));
    }
    for counts in [&t.games_by_throws, &t.games_by_turns] {
        let listed = counts.iter().try_fold(0u64, |sum, &n| sum.checked_add(n));
        if listed.is_none_or(|listed| listed > t.games) {
            return Err(format!(
                "a tally of {} games counts more lengths than games",
                t.games
            ));
        }
        if counts.len() as u64 > u64::from(crate::study::MAX_THROWS) + 1
            || counts.last() == Some(&0)
        {
            return Err(format!(
                "a tally's counts per length are at most {} long and end with a nonzero count",
                u64::from(crate::study::MAX_THROWS) + 1
            ));
        }
    }
    Ok(t)
});

senet::object_only!(Score, |s: Score| {
    equity("a score", s.value)?;
    if s.half_width.is_finite() && s.half_width >= 0.0 {
        Ok(s)
    } else {
        Err(format!(
            "a score's half_width is a finite number from 0, found {}",
            s.half_width
        ))
    }
});

senet::object_only!(Spread, |s: Spread| {
    if s.low <= s.median && s.median <= s.high {
        Ok(s)
    } else {
        Err(format!(
            "a spread is low <= median <= high, found {} {} {}",
            s.low, s.median, s.high
        ))
    }
});

senet::object_only!(NewtonStep, |s: NewtonStep| {
    if s.log_loss.is_finite() && s.log_loss >= 0.0 && s.step.is_finite() {
        Ok(s)
    } else {
        Err(format!(
            "a Newton step has a finite log loss from 0 and a finite step, found {} and {}",
            s.log_loss, s.step
        ))
    }
});

senet::object_only!(Plan, |p: Plan| p.check());

senet::object_only!(Report);

/// A level is its number.
impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        let number = u64::deserialize(deserializer)?;
        u8::try_from(number)
            .ok()
            .and_then(Level::checked)
            .ok_or_else(|| {
                de::Error::custom(LevelError {
                    found: number.to_string(),
                    max: Level::MAX,
                })
            })
    }
}

/// Exactly `N` numbers, read one at a time: a longer list is refused at
/// its first extra number.
struct Numbers<T, const N: usize>([T; N]);

impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Deserialize<'de> for Numbers<T, N> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct List<T, const N: usize>(PhantomData<T>);
        impl<'de, T: Deserialize<'de> + Copy + Default, const N: usize> Visitor<'de> for List<T, N> {
            type Value = Numbers<T, N>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of {N} numbers")
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut numbers = [T::default(); N];
                let mut count = 0;
                while let Some(number) = seq.next_element::<T>()? {
                    if count == N {
                        return Err(de::Error::invalid_length(N + 1, &self));
                    }
                    numbers[count] = number;
                    count += 1;
                }
                if count < N {
                    return Err(de::Error::invalid_length(count, &self));
                }
                Ok(Numbers(numbers))
            }
        }
        deserializer.deserialize_seq(List(PhantomData))
    }
}

/// Weights are the list of their numbers, one per feature, each finite.
impl Serialize for Weights {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de> Deserialize<'de> for Weights {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Weights, D::Error> {
        let Numbers(numbers) = Numbers::<f64, FEATURES>::deserialize(deserializer)?;
        Weights::new(numbers).map_err(de::Error::custom)
    }
}

/// A tuning sample's fields, checked by [`Sample::new`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SampleRepr {
    features: Numbers<f32, FEATURES>,
    result: f32,
}

impl Serialize for Sample {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Sample", 2)?;
        s.serialize_field("features", self.features().as_slice())?;
        s.serialize_field("result", &self.result())?;
        s.end()
    }
}

impl<'de> Deserialize<'de> for Sample {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Sample, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = Sample;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Sample, A::Error> {
                let repr = SampleRepr::deserialize(de::value::MapAccessDeserializer::new(
                    EscapedKeys(map),
                ))?;
                Sample::new(repr.features.0, repr.result).map_err(de::Error::custom)
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// A pairing is its name, as a string only: `"random_vs_random"`,
/// `"top_vs_top"` or `"top_vs_random"`.
impl<'de> Deserialize<'de> for Pairing {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Pairing, D::Error> {
        struct Names;
        impl Visitor<'_> for Names {
            type Value = Pairing;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a pairing: \"random_vs_random\", \"top_vs_top\" or \"top_vs_random\"")
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<Pairing, E> {
                const NAMES: [&str; 3] = ["random_vs_random", "top_vs_top", "top_vs_random"];
                match text {
                    "random_vs_random" => Ok(Pairing::RandomVsRandom),
                    "top_vs_top" => Ok(Pairing::TopVsTop),
                    "top_vs_random" => Ok(Pairing::TopVsRandom),
                    _ => Err(E::unknown_variant(&escaped(text), &NAMES)),
                }
            }
        }
        deserializer.deserialize_str(Names)
    }
}
