//! A small neural network that values positions, learned by self-play
//! ([`crate::train`]), and its file format.
//!
//! The network sees the whole board from the side about to throw: one
//! input per house and side, the pieces borne off, and the marked pieces.
//! Its one hidden layer of [`HIDDEN`] clipped linear units feeds a
//! logistic output, the thrower's equity. Every input is 0 or 1, so the
//! hidden layer is a sum of the columns of the inputs that are set: about
//! a dozen additions of [`HIDDEN`] numbers per position, no
//! multiplication. Arithmetic is `f32` in a fixed order, with no fused
//! multiply-add and no `exp`, so every machine gets the same value.

use std::sync::{Arc, OnceLock};

use crate::eval::logistic;
use senet::Position;
use senet::Ruleset;
use senet::rulesets::Direction;
use senet::{AnyRuleset, House};

/// Hidden units of a small [`Network`], the size of the networks shipped
/// for levels 2 to 4.
///
/// ```
/// use senet_bot::{HIDDEN, INPUTS, Network};
///
/// // One weight per input and hidden unit, a bias per unit, one output weight
/// // per unit and the output's bias: each four bytes in the file.
/// let weights = INPUTS * HIDDEN + 2 * HIDDEN + 1;
/// assert!(Network::zero().to_bytes("kendall").len() > 4 * weights);
/// assert_eq!(HIDDEN, 32);
/// ```
pub const HIDDEN: usize = 32;

/// Hidden units of a large [`Network`]: four times the shipped ones'.
/// A large network also sees more of the board ([`LARGE_INPUTS`]) and
/// costs more a position. Level 5 plays with one
/// ([`Network::builtin_large`]); the repository's `docs/bots.md` records
/// what it measured against the small networks, and its decision times.
///
/// ```
/// use senet_bot::{LARGE_HIDDEN, Network};
///
/// assert_eq!(Network::zero_sized(LARGE_HIDDEN).unwrap().hidden_units(), LARGE_HIDDEN);
/// assert!(Network::zero_sized(50).is_none());
/// ```
pub const LARGE_HIDDEN: usize = 128;

/// Inputs per side: 30 houses, 15 "at least k pieces borne off", and
/// "has the marked piece".
const SIDE_INPUTS: usize = House::COUNT as usize + OFF_INPUTS + 1;
/// Inputs for the pieces borne off, one per count reached: counts past 15
/// (no built-in ruleset has more than 10 pieces a side) read as 15.
const OFF_INPUTS: usize = 15;

/// Inputs of a [`Network`]: 46 for the side about to throw,
/// then as many for its opponent.
///
/// Input `s * 46 + h - 1` is 1 when side `s` (0: the thrower, 1: the
/// other) has a piece on house `h`; input `s * 46 + 30 + k` is 1 when it
/// has borne off more than `k` pieces (k from 0 to 14); input `s * 46 + 45`
/// is 1 when it holds the marked piece.
///
/// ```
/// use senet_bot::INPUTS;
///
/// assert_eq!(INPUTS, 2 * (30 + 15 + 1)); // houses, pieces off, the marked piece
/// ```
pub const INPUTS: usize = 2 * SIDE_INPUTS;

/// Inputs per side of a large network: those of a small one, then 30
/// for the side's pieces the opponent may not land on (the ruleset's
/// [`shielded`](Ruleset::shielded) set) and 30 for the houses the
/// opponent may not pass (its [`impassable`](Ruleset::impassable) set,
/// moving forward: the side's blockades).
const LARGE_SIDE_INPUTS: usize = SIDE_INPUTS + 2 * House::COUNT as usize;

/// Inputs of a large [`Network`] ([`LARGE_HIDDEN`] hidden units): 106 for
/// the side about to throw, then as many for its opponent.
///
/// The first 46 of a side's are those of [`INPUTS`]; input `s * 106 + 46
/// + h - 1` is 1 when side `s` has a piece on house `h` that the other
/// side may not land on, and input `s * 106 + 76 + h - 1` when the other
/// side may not pass house `h` moving forward.
///
/// ```
/// use senet_bot::{INPUTS, LARGE_INPUTS};
///
/// assert_eq!(LARGE_INPUTS, INPUTS + 2 * (30 + 30)); // and: shielded pieces, walls
/// ```
pub const LARGE_INPUTS: usize = 2 * LARGE_SIDE_INPUTS;

/// The houses of the track as bits of a [`senet::Bitboard`]: 1 to 30.
const TRACK: u32 = 0x7FFF_FFFE;

/// Learned weights: `equity = σ(b₂ + Σⱼ w₂ⱼ · clip(b₁ⱼ + Σᵢ w₁ᵢⱼ xᵢ))`
/// with `clip(h) = min(max(h, 0), 1)` and the inputs `x` of
/// [`INPUTS`].
///
/// Built-in rulesets ship a network each ([`Network::builtin`]); the
/// training tool writes one for any ruleset ([`crate::train`]), and
/// [`Network::from_bytes`] reads it back.
///
/// ```
/// use senet_bot::Network;
///
/// let kendall = Network::builtin(&senet::rulesets::Kendall).expect("shipped");
/// let file = kendall.to_bytes("kendall");
/// let (read, name) = Network::from_bytes(&file)?;
/// assert_eq!((&read, name.as_str()), (&*kendall, "kendall"));
/// # Ok::<(), senet_bot::NetworkError>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct Network {
    pub(crate) layers: Layers,
}

/// The weights, in one of the sizes a network may have: each size is its
/// own compiled code, so the small networks of the lower levels pay
/// nothing for the large one.
#[derive(Clone, PartialEq)]
pub(crate) enum Layers {
    /// [`HIDDEN`] hidden units over [`INPUTS`].
    Small(Box<Weights<HIDDEN, INPUTS>>),
    /// [`LARGE_HIDDEN`] hidden units over [`LARGE_INPUTS`].
    Large(Box<Weights<LARGE_HIDDEN, LARGE_INPUTS>>),
}

/// The weights of a network of `H` hidden units over `I` inputs.
#[derive(Clone, PartialEq)]
pub(crate) struct Weights<const H: usize, const I: usize> {
    /// The weights of each input to each hidden unit.
    pub(crate) input: [[f32; H]; I],
    /// The hidden units' biases.
    pub(crate) hidden_bias: [f32; H],
    /// The hidden units' weights in the output.
    pub(crate) output: [f32; H],
    /// The output's bias.
    pub(crate) output_bias: f32,
}

impl<const H: usize, const I: usize> Weights<H, I> {
    /// Every weight zero.
    fn zero() -> Box<Weights<H, I>> {
        Box::new(Weights {
            input: [[0.0; H]; I],
            hidden_bias: [0.0; H],
            output: [0.0; H],
            output_bias: 0.0,
        })
    }

    /// The hidden layer's activity before clipping.
    #[inline]
    pub(crate) fn hidden(&self, active: &Active<I>) -> [f32; H] {
        let mut sum = self.hidden_bias;
        for &i in active.indices() {
            let column = &self.input[usize::from(i) % I];
            for (s, w) in sum.iter_mut().zip(column) {
                *s += w;
            }
        }
        sum
    }

    /// The output before the logistic function, from the hidden layer.
    #[inline]
    pub(crate) fn logit(&self, hidden: &[f32; H]) -> f32 {
        // Eight partial sums in a fixed order: vectorizable, and the same
        // on every machine.
        let mut lanes = [0.0f32; 8];
        for (chunk, weights) in hidden.chunks_exact(8).zip(self.output.chunks_exact(8)) {
            for ((lane, &h), &w) in lanes.iter_mut().zip(chunk).zip(weights) {
                *lane += w * clip(h);
            }
        }
        let pairs = [
            lanes[0] + lanes[4],
            lanes[1] + lanes[5],
            lanes[2] + lanes[6],
            lanes[3] + lanes[7],
        ];
        self.output_bias + ((pairs[0] + pairs[2]) + (pairs[1] + pairs[3]))
    }

    /// Every weight, in the file's order: inputs by input then unit,
    /// hidden biases, output weights, output bias.
    fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .flatten()
            .chain(&mut self.hidden_bias)
            .chain(&mut self.output)
            .chain(core::iter::once(&mut self.output_bias))
    }

    /// Every weight, in the file's order.
    fn parameters(&self) -> impl Iterator<Item = f32> + '_ {
        self.input
            .iter()
            .flatten()
            .chain(&self.hidden_bias)
            .chain(&self.output)
            .chain(core::iter::once(&self.output_bias))
            .copied()
    }
}

/// Runs `$body` with `$weights` bound to the network's weights, whatever
/// their size.
macro_rules! with_weights {
    ($layers:expr, $weights:ident => $body:expr) => {
        match $layers {
            Layers::Small($weights) => $body,
            Layers::Large($weights) => $body,
        }
    };
}

impl Default for Network {
    /// [`Network::zero`].
    fn default() -> Network {
        Network::zero()
    }
}

/// The inputs set in a position, for a network of `I` inputs
/// ([`INPUTS`] or [`LARGE_INPUTS`]): their indices, at most `I`.
#[derive(Clone, Copy)]
pub(crate) struct Active<const I: usize> {
    indices: [u8; I],
    len: usize,
}

impl<const I: usize> Active<I> {
    /// The inputs of `position`, seen from the side about to throw.
    #[inline]
    pub(crate) fn of<R: Ruleset>(position: &Position<R>) -> Active<I> {
        let board = position.board();
        let mover = position.side_to_throw();
        let ruleset = position.ruleset();
        let mut active = Active {
            indices: [0; I],
            len: 0,
        };
        let large = I == LARGE_INPUTS;
        for (k, side) in [mover, mover.opponent()].into_iter().enumerate() {
            let base = k * (I / 2);
            let mut bits = board.pieces(side).bits();
            while bits != 0 {
                let house = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                active.push(base + house - 1);
            }
            let off = usize::from(board.off(side)).min(OFF_INPUTS);
            for count in 0..off {
                active.push(base + House::COUNT as usize + count);
            }
            if board.marked() == Some(side) {
                active.push(base + SIDE_INPUTS - 1);
            }
            if large {
                let pieces = board.pieces(side).bits();
                let shielded = ruleset.shielded(board, side).bits() & pieces & TRACK;
                active.push_houses(base + SIDE_INPUTS, shielded);
                let walls = ruleset.impassable(board, side.opponent(), Direction::Forward);
                active.push_houses(
                    base + SIDE_INPUTS + House::COUNT as usize,
                    walls.bits() & TRACK,
                );
            }
        }
        active
    }

    /// Pushes input `first + h - 1` for each house `h` in `houses`.
    #[inline]
    fn push_houses(&mut self, first: usize, mut houses: u32) {
        while houses != 0 {
            let house = houses.trailing_zeros() as usize;
            houses &= houses - 1;
            self.push(first + house - 1);
        }
    }

    #[inline]
    fn push(&mut self, index: usize) {
        if self.len < I {
            self.indices[self.len] = index as u8;
            self.len += 1;
        }
    }

    /// The indices set.
    #[inline]
    pub(crate) fn indices(&self) -> &[u8] {
        &self.indices[..self.len]
    }
}

/// `shipped_file` and `shipped_large_file`: the network files shipped for
/// each built-in ruleset, `networks/<name>.net` (levels 2 to 4) and
/// `networks/large/<name>.net` (level 5), from senet's one list of them.
macro_rules! shipped_files {
    ([$($(#[$doc:meta])* ($ty:ident, $module:ident)),* $(,)?]) => {
        /// The bytes of the network file shipped for `ruleset`.
        fn shipped_file(ruleset: AnyRuleset) -> &'static [u8] {
            match ruleset {
                $( AnyRuleset::$ty => include_bytes!(concat!("networks/", stringify!($module), ".net")), )*
            }
        }

        /// The bytes of the large network file shipped for `ruleset`.
        fn shipped_large_file(ruleset: AnyRuleset) -> &'static [u8] {
            match ruleset {
                $( AnyRuleset::$ty => include_bytes!(concat!("networks/large/", stringify!($module), ".net")), )*
            }
        }
    };
}

senet::for_each_builtin!(shipped_files);

/// One shipped network per built-in ruleset, each read on first use.
type Shelf = [OnceLock<Option<Arc<Network>>>; AnyRuleset::ALL.len()];

/// The network `file` ships for `ruleset`, read from `shelf` or into it.
fn read_once(
    shelf: &Shelf,
    ruleset: AnyRuleset,
    file: fn(AnyRuleset) -> &'static [u8],
) -> Option<Arc<Network>> {
    // The shipped files are checked by the tests; a broken one would
    // fail them, so reading it here cannot fail in a released crate.
    shelf[ruleset as usize]
        .get_or_init(|| {
            Network::from_bytes(file(ruleset))
                .ok()
                .map(|(n, _)| Arc::new(n))
        })
        .clone()
}

impl Network {
    /// A network whose every weight is zero: it values every position at
    /// one half. The start of training, before the random first weights.
    ///
    /// ```
    /// use senet_bot::Network;
    /// use senet::{Position, rulesets::Kendall};
    ///
    /// let zero = Network::zero();
    /// assert_eq!(zero.equity(&Position::start(Kendall)), 0.5);
    /// assert_eq!(zero, Network::default());
    /// ```
    pub fn zero() -> Network {
        Network {
            layers: Layers::Small(Weights::zero()),
        }
    }

    /// A network of `hidden` units whose every weight is zero, or `None`
    /// unless `hidden` is one of the sizes a network may have: [`HIDDEN`]
    /// or [`LARGE_HIDDEN`].
    ///
    /// ```
    /// use senet_bot::{HIDDEN, Network};
    ///
    /// assert_eq!(Network::zero_sized(HIDDEN), Some(Network::zero()));
    /// assert_eq!(Network::zero_sized(0), None);
    /// ```
    pub fn zero_sized(hidden: usize) -> Option<Network> {
        let layers = match hidden {
            HIDDEN => Layers::Small(Weights::zero()),
            LARGE_HIDDEN => Layers::Large(Weights::zero()),
            _ => return None,
        };
        Some(Network { layers })
    }

    /// Its inputs: [`INPUTS`] for a small network, [`LARGE_INPUTS`] for a
    /// large one.
    ///
    /// ```
    /// use senet_bot::{LARGE_HIDDEN, LARGE_INPUTS, Network};
    ///
    /// assert_eq!(Network::zero_sized(LARGE_HIDDEN).unwrap().input_count(), LARGE_INPUTS);
    /// ```
    pub fn input_count(&self) -> usize {
        match &self.layers {
            Layers::Small(_) => INPUTS,
            Layers::Large(_) => LARGE_INPUTS,
        }
    }

    /// Its hidden units: [`HIDDEN`] or [`LARGE_HIDDEN`].
    ///
    /// ```
    /// use senet_bot::{HIDDEN, Network};
    ///
    /// let kendall = Network::builtin(&senet::rulesets::Kendall).expect("shipped");
    /// assert_eq!(kendall.hidden_units(), HIDDEN);
    /// ```
    pub fn hidden_units(&self) -> usize {
        match &self.layers {
            Layers::Small(_) => HIDDEN,
            Layers::Large(_) => LARGE_HIDDEN,
        }
    }

    /// Its weights: [`parameters`] of its shape.
    fn parameter_count(&self) -> usize {
        parameters(self.input_count(), self.hidden_units())
    }

    /// Every weight in the file's order, to be set (training and reading).
    pub(crate) fn parameters_mut(&mut self) -> Box<dyn Iterator<Item = &mut f32> + '_> {
        with_weights!(&mut self.layers, w => Box::new(w.parameters_mut()))
    }

    /// The network shipped for `ruleset` when it is a built-in ruleset
    /// (known from its type by [`AnyRuleset::of`], never from its name),
    /// or `None` for a ruleset of your own, whatever it calls itself. Each
    /// file is read once per process and shared.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use senet::{AnyRuleset, rulesets::Kendall};
    /// use senet_bot::Network;
    ///
    /// let kendall = Network::builtin(&Kendall).expect("shipped");
    /// assert!(Arc::ptr_eq(&kendall, &Network::builtin(&AnyRuleset::Kendall).unwrap())); // shared
    /// // From a name given at run time: parse it as a built-in ruleset first.
    /// let named: AnyRuleset = "KENDALL".parse()?;
    /// assert!(Arc::ptr_eq(&kendall, &Network::builtin(&named).unwrap()));
    /// # Ok::<(), senet::rulesets::ParseRulesetError>(())
    /// ```
    pub fn builtin<R: Ruleset>(ruleset: &R) -> Option<Arc<Network>> {
        static SHIPPED: Shelf = [const { OnceLock::new() }; AnyRuleset::ALL.len()];
        read_once(&SHIPPED, AnyRuleset::of(ruleset)?, shipped_file)
    }

    /// The large network shipped for `ruleset` ([`LARGE_HIDDEN`] hidden
    /// units over [`LARGE_INPUTS`] inputs), level 5's evaluation, when it
    /// is a built-in ruleset; `None` for a ruleset of your own. Read once
    /// per process and shared, as [`Network::builtin`].
    ///
    /// ```
    /// use senet_bot::{LARGE_HIDDEN, LARGE_INPUTS, Network};
    /// use senet::rulesets::Temple;
    ///
    /// let large = Network::builtin_large(&Temple).expect("shipped");
    /// assert_eq!((large.hidden_units(), large.input_count()), (LARGE_HIDDEN, LARGE_INPUTS));
    /// assert_ne!(*large, *Network::builtin(&Temple).unwrap());
    /// ```
    pub fn builtin_large<R: Ruleset>(ruleset: &R) -> Option<Arc<Network>> {
        static SHIPPED: Shelf = [const { OnceLock::new() }; AnyRuleset::ALL.len()];
        read_once(&SHIPPED, AnyRuleset::of(ruleset)?, shipped_large_file)
    }

    /// The equity of the side about to throw in `position`, a game not
    /// over, from 0 to 1.
    ///
    /// ```
    /// use senet_bot::Network;
    /// use senet::{Position, rulesets::Bell};
    ///
    /// let bell = Network::builtin(&Bell).expect("shipped");
    /// let equity = bell.equity(&Position::start(Bell));
    /// assert!(equity > 0.5 && equity < 1.0); // Bell favours the side that throws first
    /// ```
    #[inline]
    pub fn equity<R: Ruleset>(&self, position: &Position<R>) -> f64 {
        let logit = with_weights!(&self.layers, w => w.logit(&w.hidden(&Active::of(position))));
        logistic(f64::from(logit))
    }
}

/// The hidden units' activation: linear between 0 and 1, flat outside.
#[inline(always)]
pub(crate) fn clip(h: f32) -> f32 {
    h.clamp(0.0, 1.0)
}

/// Weights in a network of `inputs` and `hidden` units.
const fn parameters(inputs: usize, hidden: usize) -> usize {
    inputs * hidden + 2 * hidden + 1
}

mod file;
mod learned;

pub use file::{MAGIC, NetworkError};
pub use learned::Learned;

#[cfg(test)]
mod tests {
    use super::file::MAX_WEIGHT;
    use super::*;
    use senet::Side;
    use senet::rulesets::{Bell, Kendall};

    #[test]
    fn the_start_sets_one_input_per_piece() {
        let start = Position::start(Kendall);
        assert_eq!(start.side_to_throw(), Side::X);
        let active = Active::<INPUTS>::of(&start);
        assert_eq!(active.indices().len(), 10);
        // x (to throw) on 2, 4, .., 10; o on 1, 3, .., 9, in the second block.
        assert_eq!(active.indices()[0], 1);
        assert_eq!(usize::from(active.indices()[5]), SIDE_INPUTS);
        let bell = Active::<INPUTS>::of(&Position::start(Bell));
        assert_eq!(bell.indices().len(), 20);
    }

    #[test]
    fn a_file_round_trips_and_refuses_damage() {
        let mut network = Network::zero();
        *network.parameters_mut().nth(3 * HIDDEN + 5).unwrap() = 0.25;
        *network.parameters_mut().last().unwrap() = -1.5;
        let bytes = network.to_bytes("kendall");
        let (back, name) = Network::from_bytes(&bytes).unwrap();
        assert_eq!(back, network);
        assert_eq!(name, "kendall");
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert_eq!(Network::from_bytes(&damaged), Err(NetworkError::Corrupt));
        assert!(matches!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Truncated { .. })
        ));
        assert_eq!(
            Network::from_bytes(b"SENETODS"),
            Err(NetworkError::NotANetwork)
        );
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(matches!(
            Network::from_bytes(&longer),
            Err(NetworkError::TrailingBytes { extra: 1, .. })
        ));
    }

    /// Finite weights whose sums could overflow would give a NaN equity:
    /// weights past `MAX_WEIGHT` are refused, and at
    /// `MAX_WEIGHT`, with every input set, every sum stays finite.
    /// The logit with every input set, checking every hidden sum is finite.
    fn logit_of_every_input<const H: usize, const I: usize>(weights: &Weights<H, I>) -> f32 {
        let mut every = Active::<I> {
            indices: [0; I],
            len: 0,
        };
        (0..I).for_each(|i| every.push(i));
        let hidden = weights.hidden(&every);
        assert!(hidden.iter().all(|h| h.is_finite()), "{hidden:?}");
        weights.logit(&hidden)
    }

    #[test]
    fn weights_whose_sums_could_overflow_are_refused() {
        for hidden in [HIDDEN, LARGE_HIDDEN] {
            let mut network = Network::zero_sized(hidden).unwrap();
            let count = network.parameter_count();
            let inputs = network.input_count();
            *network.parameters_mut().nth(7 * hidden + 3).unwrap() = MAX_WEIGHT * 2.0;
            let bytes = network.to_bytes("kendall");
            let first = bytes.len() - 8 - 4 * count;
            assert_eq!(
                Network::from_bytes(&bytes),
                Err(NetworkError::TooLarge {
                    at: first + 4 * (7 * hidden + 3)
                })
            );
            for sign in [1.0, -1.0] {
                let mut network = Network::zero_sized(hidden).unwrap();
                for (k, weight) in network.parameters_mut().enumerate() {
                    // The output weights and bias carry the sign.
                    let output = k >= inputs * hidden + hidden;
                    *weight = if output { sign } else { 1.0 } * MAX_WEIGHT;
                }
                assert_eq!(network.parameters_mut().count(), count);
                let (network, _) = Network::from_bytes(&network.to_bytes("kendall")).unwrap();
                let logit = with_weights!(&network.layers, w => logit_of_every_input(w));
                assert!(logit.is_finite(), "{logit}");
                let equity = network.equity(&Position::start(Kendall));
                assert!((0.0..=1.0).contains(&equity), "{equity}");
            }
        }
    }

    /// A large network's extra inputs, in Kendall: a piece beside one of
    /// its own side is protected, three in a row are a blockade the other
    /// side may not pass; a piece alone is neither.
    #[test]
    fn a_large_network_sees_protected_pieces_and_blockades() {
        let extras = |text: &str| {
            let position: Position<Kendall> = text.parse().unwrap();
            let small = Active::<INPUTS>::of(&position);
            let large = Active::<LARGE_INPUTS>::of(&position);
            let (mut shielded, mut walls) = (vec![], vec![]);
            for &i in large.indices() {
                let i = usize::from(i);
                let (side, i) = (i / LARGE_SIDE_INPUTS, i % LARGE_SIDE_INPUTS);
                let small_index = side * SIDE_INPUTS + i;
                match i.checked_sub(SIDE_INPUTS) {
                    None => assert!(small.indices().contains(&(small_index as u8))),
                    Some(h) if h < 30 => shielded.push((side, h + 1)),
                    Some(h) => walls.push((side, h - 30 + 1)),
                }
            }
            (shielded, walls)
        };
        // x (to throw, side 0) on 1, 2, 3; o (side 1) alone on 13.
        assert_eq!(
            extras("xxx.........o................. x 2 4"),
            (vec![(0, 1), (0, 2), (0, 3)], vec![(0, 1), (0, 2), (0, 3)])
        );
        // A pair protects but does not block.
        assert_eq!(
            extras("xx..........o................. x 3 4"),
            (vec![(0, 1), (0, 2)], vec![])
        );
        // Seen from o when o throws: o is side 0.
        assert_eq!(
            extras("x.x.........oo................ o 3 3"),
            (vec![(0, 13), (0, 14)], vec![])
        );
    }

    #[test]
    fn a_large_network_round_trips_and_other_sizes_are_refused() {
        let mut network = Network::zero_sized(LARGE_HIDDEN).unwrap();
        for (k, weight) in network.parameters_mut().enumerate() {
            *weight = (k % 7) as f32 * 0.125;
        }
        let bytes = network.to_bytes("temple");
        assert_eq!(
            Network::from_bytes(&bytes),
            Ok((network.clone(), "temple".to_string()))
        );
        assert_ne!(network, Network::zero());
        // The hidden count of a small file changed to 64: no such size.
        let mut other = Network::zero().to_bytes("kendall");
        let at = 8 + 4 + 1 + "kendall".len() + 4;
        other[at..at + 4].copy_from_slice(&64u32.to_le_bytes());
        assert!(matches!(
            Network::from_bytes(&other),
            Err(NetworkError::Shape { hidden: 64, .. })
        ));
    }

    #[test]
    fn a_zero_network_values_everything_at_one_half() {
        let network = Network::zero();
        assert_eq!(network.equity(&Position::start(Kendall)), 0.5);
    }
}
