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
    use crate::{AnyRuleset, House, Reach, Ruleset};

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
