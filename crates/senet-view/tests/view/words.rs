//! What a move did, in words (`words::effect`): the sentence of each kind
//! of effect, in the ruleset where it happens, from real positions; and
//! every effect of random games of every ruleset makes one sentence about
//! the side that moved.

use crate::common;

use common::*;
use senet::effect::{Hit, Rest};
use senet::rulesets::{Contact, Reach, first_home_wins};
use senet::{
    AnyRuleset, Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset, Side,
};
use senet_view::words;

/// The sentence of the move typed `text` (`R: F-T`) in `position`.
#[track_caller]
fn said<R: Ruleset>(position: &Position<R>, text: &str) -> String {
    let value = text
        .split(':')
        .next()
        .and_then(|r| r.parse().ok())
        .expect("a roll");
    let mv = position
        .read_typed_move(roll(value), text)
        .unwrap_or_else(|e| panic!("{text} in {position}: {e}"));
    words::effect(&position.effect(mv).expect("a legal move"))
}

#[test]
fn each_kind_of_effect_has_its_sentence() {
    use AnyRuleset::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk};
    let start = |ruleset: AnyRuleset| Position::start(ruleset).to_string();
    let cases: [(AnyRuleset, String, &str, &str); 18] = [
        (
            Kendall,
            start(Kendall),
            "3: 2-5x",
            "x moves from 2 to 5 and swaps with o's piece there, which goes to 2.",
        ),
        (
            Kendall,
            "oooo..................o.x..... x 4 0".into(),
            "2: 25-23x<",
            "x moves back from 25 to 23 and swaps with o's piece there, which goes to 25.",
        ),
        (
            Kendall,
            start(Kendall),
            "2: 10-12",
            "x moves from 10 to 12.",
        ),
        (
            Kendall,
            "ooooo....................x.... x 4 0".into(),
            "1: 26-27+",
            "x goes from 26 into the water (27) and comes out on 15.",
        ),
        (
            Kendall,
            "ooooo....................x.... x 4 0".into(),
            "5: 26-off",
            "x bears off from 26.",
        ),
        (
            Bell,
            start(Bell),
            "1: 1-2x",
            "x moves from 1 to 2 and captures o's piece there.",
        ),
        (
            Jequier,
            "oxoxoxox.x.o.................. x 0 0".into(),
            "2: 10-12x",
            "x moves from 10 to 12 and sends o's piece there back to 9.",
        ),
        (
            Jequier,
            "oxoxoxoxo...............x..... x 0 0".into(),
            "2: 25-27",
            "x goes from 25 into the water (27) and comes out on 10.",
        ),
        (
            Jequier,
            ps(&[2, 4, 6, 8, 30], &[1, 3, 5, 7, 9], 'x', 0, 0),
            "3: 30-27<",
            "x goes back from 30 into the water (27) and comes out on 10.",
        ),
        (
            Kendall1979,
            ps(&[26], &[1, 28, 30], 'x', 6, 4),
            "2: 26-28x",
            "x moves from 26 to 28 and sends o's piece there into the water, where it waits.",
        ),
        (
            Kendall1979,
            ps(&[10, 26], &[1], 'x', 5, 6),
            "1: 26-27+",
            "x goes from 26 into the water (27), where it waits.",
        ),
        (
            Kendall1979,
            ps(&[10, 27], &[1], 'x', 5, 6),
            "2: 27-15<",
            "x comes back from the water (27) to 15, and is marked: it alone moves until it leaves.",
        ),
        (
            Kendall1979,
            ps(&[10, 27], &[1], 'x', 5, 6),
            "4: 27-off",
            "x bears off from the water (27).",
        ),
        (
            Classic,
            ps(&[28], &[1], 'x', 4, 4),
            "1: 28-27<",
            "x falls from 28 into the water (27) and comes out on 15.",
        ),
        (
            Classic,
            ps(&[28], &[15], 'x', 4, 4),
            "1: 28-27<",
            "x falls from 28 into the water (27), where it waits.",
        ),
        (
            Classic,
            ps(&[27], &[15], 'o', 4, 4),
            "2: 15-17",
            "o moves from 15 to 17. x's piece waiting in the water (27) comes out on 15.",
        ),
        (
            Skyruk,
            "ooooo....................x.... x 4 0".into(),
            "1: 26-27",
            "x goes from 26 into the water (27), where it waits.",
        ),
        (
            Skyruk,
            ps(&[27], &[1, 2, 3, 4, 5], 'x', 4, 0),
            "1: 27-15<+",
            "x comes back from the water (27) to 15.",
        ),
    ];
    for (ruleset, position, typed, sentence) in cases {
        let position = pos(ruleset, &position);
        assert_eq!(said(&position, typed), sentence, "{ruleset}: {position}");
    }
}

/// A tiny random generator (xorshift), so that the games need no crate.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every move of random games of every ruleset: one sentence (two when a
/// waiting piece is let out), about the side that moved, naming the house
/// it left and, when it hit a piece, the house it landed on.
#[test]
fn every_effect_is_said_of_the_side_that_moved() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    for ruleset in AnyRuleset::ALL {
        let dice: Vec<Roll> = ruleset.dice().rolls().collect();
        for _ in 0..20 {
            let mut position = Position::start(ruleset);
            let mut throws = 0;
            while !position.is_over() && throws < 2_000 {
                throws += 1;
                let moves = position.moves(dice[random.below(dice.len())]);
                if moves.is_empty() {
                    position = moves.lose_throw().expect("a lost throw");
                    continue;
                }
                let mv = moves.get(random.below(moves.len())).expect("a move");
                let (after, effect) = position.play_with_effect(mv).expect("a legal move");
                let sentence = words::effect(&effect);
                let side: Side = position.side_to_throw();
                assert!(sentence.starts_with(&format!("{side} ")), "{sentence}");
                assert!(sentence.ends_with('.'), "{sentence}");
                assert!(sentence.contains(&mv.from().to_string()), "{sentence}");
                let sentences = sentence.matches(". ").count() + 1;
                assert_eq!(sentences, 1 + usize::from(effect.released.is_some()));
                if let Some(hit) = effect.hit {
                    assert!(sentence.contains(&format!("{}", hit.on())), "{sentence}");
                    if let Hit::Drowned { to: Rest::Off, .. } = hit {
                        panic!("a drowned piece is never borne off: {effect:?}");
                    }
                }
                position = after;
            }
        }
    }
}

#[test]
fn every_implement_is_explained() {
    for ruleset in AnyRuleset::ALL {
        let dice = ruleset.dice();
        let line = words::dice(dice);
        assert!(line.starts_with(&words::implement(dice)), "{line}");
        assert!(line.contains(&words::reading(dice)), "{line}");
        assert!(line.ends_with(&words::chances(dice)), "{line}");
        // Every roll the implement makes has its chance.
        for roll in dice.rolls() {
            assert!(
                words::chances(dice).contains(&format!("{roll}: ")),
                "{line}"
            );
        }
    }
    // Jéquier's sticks are sticks too; only their reading differs.
    let six = Dice::FOUR_STICKS_SIX;
    assert_eq!(words::implement(six), words::implement(Dice::FOUR_STICKS));
    assert_ne!(words::reading(six), words::reading(Dice::FOUR_STICKS));
}

/// A ruleset of the user's own: three pieces each, plain steps, a pond on
/// house 20 instead of 27 whose pieces come out on 5 (or wait on 20 while
/// 5 is taken), and landing on a piece drowns it. Its sentences are made
/// from the effect alone, like those of the built-in rulesets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pond;

const POND: u8 = 20;
const SHORE: u8 = 5;

impl Ruleset for Pond {
    fn name(&self) -> &'static str {
        "pond"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        3
    }
    fn start(&self) -> [Bitboard; 2] {
        [
            Bitboard::from_numbers(&[2, 4, 6]),
            Bitboard::from_numbers(&[1, 3, 7]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        if from.number() == POND {
            return None;
        }
        match House::new(from.number() + roll.value()) {
            Some(to) if to.number() == POND => Some(Reach::Water),
            Some(to) => Some(Reach::To(to)),
            None => Some(Reach::Off),
        }
    }
    fn backward(&self, _from: House, _roll: Roll) -> Option<Reach> {
        None
    }
    fn contact_at(&self, _start: House, _target: House) -> Option<Contact> {
        Some(Contact::Drown)
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        [house(SHORE), house(POND)]
            .into_iter()
            .find(|&h| !occupied.contains(h))
    }
    fn water(&self) -> Option<House> {
        House::new(POND)
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_user_ruleset_has_the_same_sentences() {
    let p = pos(Pond, &ps(&[18], &[1], 'x', 2, 2));
    assert_eq!(
        said(&p, "2: 18-20"),
        "x goes from 18 into the water (20) and comes out on 5."
    );
    let p = pos(Pond, &ps(&[23], &[26], 'x', 2, 2));
    assert_eq!(
        said(&p, "3: 23-26x"),
        "x moves from 23 to 26 and sends o's piece there into the water, \
         from which it comes out on 5."
    );
    let p = pos(Pond, &ps(&[5, 23], &[26], 'x', 1, 2));
    assert_eq!(
        said(&p, "3: 23-26x"),
        "x moves from 23 to 26 and sends o's piece there into the water, where it waits."
    );
}
