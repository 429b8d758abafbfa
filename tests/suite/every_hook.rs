//! Every hook of the `Ruleset` trait, sent through every holder of a
//! ruleset (`Rules` holding a ruleset of one's own or a built-in one,
//! `AnyRuleset`), gives
//! the answer of the ruleset held, over a spread of arguments. The hooks
//! compared are the crate's one list of them (`__each_hook!`), and the
//! list is compared with the trait as written, so that a hook added to
//! the trait and forgotten by a holder fails here.

use senet::rulesets::{Direction, Refusal};
use senet::{AnyRuleset, Bitboard, Board, House, Move, Position, Roll, Rules, Ruleset, Side};

use crate::user_ruleset::Probe;

/// A spread of the values a hook is asked about.
trait Spread: Sized {
    fn spread() -> Vec<Self>;
}

impl Spread for Side {
    fn spread() -> Vec<Side> {
        Side::BOTH.to_vec()
    }
}

impl Spread for House {
    fn spread() -> Vec<House> {
        (1..=30).filter_map(House::new).collect()
    }
}

impl Spread for Roll {
    fn spread() -> Vec<Roll> {
        (1..=6).filter_map(Roll::new).collect()
    }
}

impl Spread for Direction {
    fn spread() -> Vec<Direction> {
        vec![Direction::Forward, Direction::Backward]
    }
}

impl Spread for Bitboard {
    fn spread() -> Vec<Bitboard> {
        vec![
            Bitboard::EMPTY,
            Bitboard::from_numbers(&[1, 2, 3, 15]),
            Bitboard::range(1, 26),
            Bitboard::from_numbers(&[8, 9, 27]),
        ]
    }
}

impl Spread for Refusal {
    fn spread() -> Vec<Refusal> {
        let from = House::new(26).unwrap();
        let roll = Roll::new(2).unwrap();
        vec![
            Refusal::NoStep { from, roll },
            Refusal::Blocked,
            Refusal::Protected,
            Refusal::NotDisplaced,
            Refusal::Held,
            Refusal::NoBearingOff,
        ]
    }
}

/// Boards of a few games of Kendall, whose pieces stand everywhere.
impl Spread for &'static Board {
    fn spread() -> Vec<&'static Board> {
        let mut boards = Vec::new();
        for seed in 0..4 {
            let mut game =
                senet::Game::seeded(senet::rulesets::Kendall, senet::Seed::from_u64(seed));
            while !game.is_over() && game.history().len() < 120 {
                if let senet::game::Thrown::ToPlay(_) = game.throw().unwrap() {
                    let moves = game.legal_moves();
                    game.play(moves[moves.len() / 2]).unwrap();
                }
                if game.history().len().is_multiple_of(10) {
                    boards.push(&*Box::leak(Box::new(*game.position().board())));
                }
            }
        }
        boards
    }
}

/// Moves of the probe's and Kendall's starts, every roll.
impl Spread for Move {
    fn spread() -> Vec<Move> {
        let mut moves = Vec::new();
        for roll in Roll::spread() {
            let probe = Position::start(Rules::new(Probe).unwrap());
            moves.extend(probe.moves(roll).iter());
            moves.extend(Position::start(senet::rulesets::Kendall).moves(roll).iter());
        }
        moves
    }
}

impl Spread for Option<Move> {
    fn spread() -> Vec<Option<Move>> {
        std::iter::once(None)
            .chain(Move::spread().into_iter().map(Some))
            .collect()
    }
}

/// Asks `$direct` and `$held` every hook of the list with every spread
/// of its arguments, and compares the answers.
macro_rules! compare_every_hook {
    (
        { $direct:expr, $held:expr, $asked_count:ident }
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {{
        let (direct, held) = (&$direct, &$held);
        $(
            assert_eq!(
                Ruleset::$fixed(held),
                Ruleset::$fixed(direct),
                "{} through {held:?}",
                stringify!($fixed)
            );
            $asked_count.push(stringify!($fixed));
        )*
        $(
            every!(($( $arg: $arg_ty ),*) => {
                assert_eq!(
                    Ruleset::$asked(held, $( $arg ),*),
                    Ruleset::$asked(direct, $( $arg ),*),
                    "{} through {held:?} with {:?}",
                    stringify!($asked),
                    ($( $arg, )*)
                );
            });
            $asked_count.push(stringify!($asked));
        )*
    }};
}

/// Runs `$body` for every spread value of each argument, nested.
macro_rules! every {
    (() => $body:block) => { $body };
    (($arg:ident : $arg_ty:ty $(, $rest:ident : $rest_ty:ty)*) => $body:block) => {
        for $arg in <$arg_ty as Spread>::spread() {
            every!(($( $rest : $rest_ty ),*) => $body);
        }
    };
}

/// The hooks of the one list, by name.
macro_rules! names {
    (
        {}
        fixed { $( fn $fixed:ident() -> $fixed_answer:ty; )* }
        asked { $( fn $asked:ident( $( $arg:ident : $arg_ty:ty ),* ) -> $asked_answer:ty; )* }
    ) => {
        [$( stringify!($fixed), )* $( stringify!($asked), )*]
    };
}

#[test]
fn every_hook_through_every_holder_answers_as_the_ruleset_held() {
    let mut asked = Vec::new();
    let probe = Rules::new(Probe).expect("the probe is a valid ruleset");
    senet::__each_hook!((compare_every_hook) { Probe, probe, asked });
    for ruleset in AnyRuleset::ALL {
        senet::with_ruleset!(ruleset, |concrete| {
            senet::__each_hook!((compare_every_hook) { concrete, ruleset, asked });
            senet::__each_hook!((compare_every_hook) { concrete, Rules::from(ruleset), asked });
        });
    }
    let names = senet::__each_hook!((names) {});
    assert_eq!(asked.len(), names.len() * (1 + 2 * AnyRuleset::ALL.len()));
}

#[test]
fn the_list_of_hooks_is_the_trait_as_written() {
    let source = include_str!("../../src/ruleset/mod.rs");
    let body = source
        .split("pub trait Ruleset")
        .nth(1)
        .and_then(|rest| rest.split("\n}\n").next())
        .expect("the trait's body");
    let mut written: Vec<&str> = body
        .lines()
        .filter_map(|line| line.trim().strip_prefix("fn "))
        .map(|rest| rest.split('(').next().unwrap_or(rest))
        .collect();
    let mut listed = senet::__each_hook!((names) {}).to_vec();
    written.sort_unstable();
    listed.sort_unstable();
    assert_eq!(written.len(), 34, "{written:?}");
    assert_eq!(listed, written);
}
