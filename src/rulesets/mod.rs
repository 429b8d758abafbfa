//! The built-in reconstructions, one file each.

mod bell;
mod classic;
mod kendall;
mod temple;

pub use bell::Bell;
pub use classic::Classic;
pub use kendall::Kendall;
pub use temple::Temple;

#[cfg(test)]
mod tests {
    use crate::ruleset::Steps;
    use crate::{AnyRuleset, House, Reach, Ruleset};

    /// What a [`Steps`] table says of the piece on `from`: `None` when it
    /// leaves it to the hook, else the reach it promises.
    fn promised(steps: Steps, from: House, roll: u8, backward: bool) -> Option<Option<Reach>> {
        if steps.ask.contains(from) {
            return None;
        }
        if !steps.along.contains(from) {
            return Some(None);
        }
        if steps.water.contains(from) {
            return Some(Some(Reach::Water));
        }
        let to = if backward {
            from.number() - roll
        } else {
            from.number() + roll
        };
        Some(Some(if to == 31 {
            Reach::Off
        } else {
            Reach::To(House::new(to).expect("a step stays on the track"))
        }))
    }

    /// The per-roll tables must say exactly what `forward` and `backward`
    /// say, and water steps must reach 27.
    #[test]
    fn step_tables_agree_with_the_hooks() {
        for ruleset in AnyRuleset::ALL {
            for roll in ruleset.dice().rolls() {
                let r = roll.value();
                for (steps, backward) in [
                    (ruleset.forward_steps(roll), false),
                    (ruleset.backward_steps(roll), true),
                ] {
                    assert!((steps.along & steps.ask).is_empty(), "{ruleset} {r}");
                    assert_eq!(steps.water & steps.along, steps.water, "{ruleset} {r}");
                    for from in House::all() {
                        let said = if backward {
                            ruleset.backward(from, roll)
                        } else {
                            ruleset.forward(from, roll)
                        };
                        if let Some(promise) = promised(steps, from, r, backward) {
                            assert_eq!(
                                promise, said,
                                "{ruleset}: {from} by {r}, backward {backward}"
                            );
                        }
                        if steps.water.contains(from) {
                            let to = if backward {
                                from.number() - r
                            } else {
                                from.number() + r
                            };
                            assert_eq!(to, 27, "{ruleset}: {from} by {r}");
                        }
                    }
                }
            }
        }
    }

    /// The fast path must say exactly what `forward` says for the houses it covers.
    #[test]
    fn plain_forward_agrees_with_forward() {
        for ruleset in AnyRuleset::ALL {
            for roll in ruleset.dice().rolls() {
                for from in ruleset.plain_forward(roll) {
                    let to = House::new(from.number() + roll.value());
                    assert_eq!(
                        ruleset.forward(from, roll),
                        to.map(Reach::To),
                        "{ruleset}: {from} by {roll}"
                    );
                }
            }
        }
    }
}
