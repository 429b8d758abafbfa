//! What a move did (`senet::effect`): each kind of effect in the ruleset
//! where it happens, from real positions; every effect of many random
//! games of every ruleset accounts for the board after the move; and a
//! ruleset of the user's own, whose water is another house, to show that
//! nothing is tied to the built-in rulesets. (The sentences that say the
//! effects are `senet-view`'s, and tested there.)

use crate::common;

use common::*;
use senet::Rules;
use senet::effect::{Effect, Hit, Release, Rest, Way};
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, first_home_wins};
use senet::rulesets::{Contact, Direction, Reach};
use senet::{
    AnyRuleset, Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset, Side,
};

/// The effect of the move typed `text` (`R: F-T`, suffixes not needed) in
/// `position`, with the position after; checked against the board after.
#[track_caller]
fn effect_of<R: Ruleset>(position: &Position<R>, text: &str) -> (Effect, Position<R>) {
    let value = text
        .split(':')
        .next()
        .and_then(|r| r.parse().ok())
        .expect("a roll");
    let mv = position
        .read_typed_move(roll(value), text)
        .unwrap_or_else(|e| panic!("{text} in {position}: {e}"));
    let (after, effect) = position.play_with_effect(mv).expect("a legal move");
    assert_eq!(position.effect(mv), Ok(effect));
    check_accounts(position, &effect, &after);
    (effect, after)
}

/// The board before, changed as `effect` says, is the board after.
fn check_accounts<R: Ruleset>(before: &Position<R>, effect: &Effect, after: &Position<R>) {
    let side = effect.side;
    let mv = effect.played;
    assert_eq!(side, before.side_to_throw());
    let mut pieces = [
        before.board().pieces(Side::X),
        before.board().pieces(Side::O),
    ];
    let mut off = [before.board().off(Side::X), before.board().off(Side::O)];
    let (own, theirs) = (side.index(), side.opponent().index());
    pieces[own] = pieces[own].without(mv.from());
    match effect.rest.house() {
        Some(house) => pieces[own] = pieces[own].with(house),
        None => off[own] += 1,
    }
    if let Some(hit) = effect.hit {
        pieces[theirs] = pieces[theirs].without(hit.on());
        let went = match hit {
            Hit::Swapped { to, .. } | Hit::SentBack { to, .. } => Some(to),
            Hit::Drowned { to, .. } => {
                assert_ne!(to, Rest::Off, "{effect:?}");
                to.house()
            }
            Hit::Captured { .. } => None,
        };
        if let Some(house) = went {
            pieces[theirs] = pieces[theirs].with(house);
        }
    }
    if let Some(Release { side, from, to }) = effect.released {
        let i = side.index();
        assert!(pieces[i].contains(from), "{effect:?}");
        pieces[i] = pieces[i].without(from).with(to);
    }
    let board = after.board();
    assert_eq!(
        (pieces, off),
        (
            [board.pieces(Side::X), board.pieces(Side::O)],
            [board.off(Side::X), board.off(Side::O)]
        ),
        "{before} then {}: {effect:?} gives {after}",
        before.notation(mv)
    );
    if effect.marked {
        assert_eq!(board.marked(), Some(side));
    }
    assert_eq!(
        effect.from_water,
        before.ruleset().water() == Some(mv.from())
    );
}

fn h(number: u8) -> House {
    house(number)
}

#[test]
fn kendall_swap_sends_the_opponent_to_the_movers_start() {
    let start = Position::start(Kendall);
    let (effect, _) = effect_of(&start, "3: 2-5x");
    assert_eq!(effect.way, Way::Along(Direction::Forward));
    assert_eq!(effect.rest, Rest::House(h(5)));
    assert_eq!(effect.hit, Some(Hit::Swapped { on: h(5), to: h(2) }));
    assert!(!effect.is_plain());
    // A backward swap sends the opponent's piece forward, to the start.
    let p = pos(Kendall, "oooo..................o.x..... x 4 0");
    let (effect, _) = effect_of(&p, "2: 25-23x<");
    assert_eq!(effect.way, Way::Along(Direction::Backward));
    assert_eq!(
        effect.hit,
        Some(Hit::Swapped {
            on: h(23),
            to: h(25)
        })
    );
    let (plain, _) = effect_of(&start, "2: 10-12");
    assert!(plain.is_plain());
}

#[test]
fn kendall_water_to_15_or_the_first_empty_house_below() {
    let p = pos(Kendall, "ooooo....................x.... x 4 0");
    let (effect, after) = effect_of(&p, "1: 26-27+");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::House(h(15)));
    assert_eq!(after.to_string(), "ooooo.........x............... x 4 0");
    // 15 taken: the first empty house below it.
    let p = pos(Kendall, "oooo..........o..........x.... x 4 0");
    let (effect, _) = effect_of(&p, "1: 26-27+");
    assert_eq!(effect.rest, Rest::House(h(14)));
    // Bearing off.
    let p = pos(Kendall, "ooooo....................x.... x 4 0");
    let (effect, _) = effect_of(&p, "5: 26-off");
    assert_eq!(effect.rest, Rest::Off);
}

#[test]
fn bell_capture_takes_the_piece_out_of_the_game() {
    let start = Position::start(Bell);
    let (effect, after) = effect_of(&start, "1: 1-2x");
    assert_eq!(effect.hit, Some(Hit::Captured { on: h(2) }));
    assert_eq!(after.board().on_board(Side::O), 9);
}

#[test]
fn jequier_sends_back_to_the_lowest_empty_house_and_the_water_too() {
    let p = pos(Jequier, "oxoxoxox.x.o.................. x 0 0");
    let (effect, _) = effect_of(&p, "2: 10-12x");
    assert_eq!(
        effect.hit,
        Some(Hit::SentBack {
            on: h(12),
            to: h(9)
        })
    );
    // Into the water: the lowest empty house, counted after the move.
    let p = pos(Jequier, "oxoxoxoxo...............x..... x 0 0");
    let (effect, after) = effect_of(&p, "2: 25-27");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::House(h(10)));
    assert_eq!(after.to_string(), "oxoxoxoxox.................... o 0 0");
    // Backward into the water, from 30.
    let p = pos(Jequier, &ps(&[2, 4, 6, 8, 30], &[1, 3, 5, 7, 9], 'x', 0, 0));
    let (effect, _) = effect_of(&p, "3: 30-27<");
    assert_eq!(effect.way, Way::IntoWater(Direction::Backward));
    assert_eq!(effect.rest, Rest::House(h(10)));
}

#[test]
fn kendall1979_drowns_returns_and_marks() {
    let k = Kendall1979;
    // From 26 onto 28: o's piece goes into the water and stays on 27.
    let p = pos(k, &ps(&[26], &[1, 28, 30], 'x', 6, 4));
    let (effect, after) = effect_of(&p, "2: 26-28x");
    assert_eq!(
        effect.hit,
        Some(Hit::Drowned {
            on: h(28),
            to: Rest::Water(h(27))
        })
    );
    assert_eq!(after.to_string(), ps(&[28], &[1, 27, 30], 'o', 6, 4));
    // Into the water from 26: the piece stays on 27.
    let p = pos(k, &ps(&[10, 26], &[1], 'x', 5, 6));
    let (effect, _) = effect_of(&p, "1: 26-27+");
    assert_eq!(effect.rest, Rest::Water(h(27)));
    // Out of the water: back to 15, marked.
    let p = pos(k, &ps(&[10, 27], &[1], 'x', 5, 6));
    let (effect, after) = effect_of(&p, "2: 27-15<");
    assert_eq!(effect.way, Way::Return);
    assert_eq!(effect.rest, Rest::House(h(15)));
    assert!(effect.marked && effect.from_water);
    assert_eq!(after.board().marked(), Some(Side::X));
    // Or it leaves the water by bearing off with a 4.
    let (effect, _) = effect_of(&p, "4: 27-off");
    assert_eq!(effect.rest, Rest::Off);
    assert!(effect.from_water && !effect.marked);
}

#[test]
fn kendall1979_a_marked_piece_that_moves_is_no_longer_marked() {
    let p = pos(Kendall1979, "o.............X..........o.... x 6 5");
    let (effect, after) = effect_of(&p, "2: 15-17");
    assert!(!effect.marked);
    assert_eq!(after.board().marked(), None);
}

#[test]
fn classic_falls_waits_on_27_and_is_released() {
    // A fall from 28 with 15 empty: straight to 15.
    let p = pos(Classic, &ps(&[28], &[1], 'x', 4, 4));
    let (effect, _) = effect_of(&p, "1: 28-27<");
    assert_eq!(effect.way, Way::Fall);
    assert_eq!(effect.rest, Rest::House(h(15)));
    // 15 taken: the piece waits on 27.
    let p = pos(Classic, &ps(&[28], &[15], 'x', 4, 4));
    let (effect, after) = effect_of(&p, "1: 28-27<");
    assert_eq!(effect.way, Way::Fall);
    assert_eq!(effect.rest, Rest::Water(h(27)));
    assert_eq!(after.to_string(), ps(&[27], &[15], 'x', 4, 4));
    // o's piece leaves 15: x's waiting piece comes out on it.
    let p = pos(Classic, &ps(&[27], &[15], 'o', 4, 4));
    let (effect, after) = effect_of(&p, "2: 15-17");
    assert_eq!(
        effect.released,
        Some(Release {
            side: Side::X,
            from: h(27),
            to: h(15)
        })
    );
    assert!(!effect.is_plain());
    assert_eq!(after.to_string(), ps(&[15], &[17], 'x', 4, 4));
    // From 26 into the water while 15 is taken: waits too.
    let p = pos(Classic, &ps(&[26], &[15], 'x', 4, 4));
    let (effect, _) = effect_of(&p, "1: 26-27+");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::Water(h(27)));
}

#[test]
fn skyruk_water_stays_on_27_or_goes_on() {
    let p = pos(Skyruk, "ooooo....................x.... x 4 0");
    let (effect, _) = effect_of(&p, "1: 26-27");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::Water(h(27)));
    // 27 taken: on to 15.
    let p = pos(Skyruk, &ps(&[26], &[1, 2, 3, 4, 27], 'x', 4, 0));
    let (effect, _) = effect_of(&p, "1: 26-27");
    assert_eq!(effect.rest, Rest::House(h(15)));
    // A 2 to 28 when 28 is taken goes into the water instead.
    let p = pos(Skyruk, &ps(&[26], &[1, 2, 3, 4, 28], 'x', 4, 0));
    let (effect, _) = effect_of(&p, "2: 26-27");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::Water(h(27)));
    // Out of the water to 15 (Skyruk marks nothing).
    let p = pos(Skyruk, &ps(&[27], &[1, 2, 3, 4, 5], 'x', 4, 0));
    let (effect, _) = effect_of(&p, "1: 27-15<+");
    assert_eq!(effect.way, Way::Return);
    assert!(!effect.marked);
}

#[test]
fn an_illegal_move_has_no_effect() {
    let start = Position::start(Kendall);
    let mv = start.moves(roll(2)).get(0).unwrap();
    let after = start.play(mv).unwrap();
    // The move was made for the start, not for the position after it.
    assert!(after.effect(mv).is_err());
    assert!(after.play_with_effect(mv).is_err());
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

/// Every move of random games of every ruleset: its effect accounts for
/// the board after it, whatever it did.
#[test]
fn every_effect_accounts_for_the_board_after_it() {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    for ruleset in AnyRuleset::ALL {
        let dice: Vec<Roll> = ruleset.dice().rolls().collect();
        let mut seen = [false; 8];
        for _ in 0..60 {
            let mut position = Position::start(ruleset);
            let mut throws = 0;
            while !position.is_over() && throws < 2_000 {
                throws += 1;
                let roll = dice[random.below(dice.len())];
                let moves = position.moves(roll);
                if moves.is_empty() {
                    position = moves.lose_throw().unwrap();
                    continue;
                }
                let mv = moves.get(random.below(moves.len())).unwrap();
                let (after, effect) = position.play_with_effect(mv).unwrap();
                check_accounts(&position, &effect, &after);
                let kinds = [
                    effect.hit.is_some(),
                    matches!(effect.way, Way::IntoWater(_)),
                    effect.way == Way::Fall,
                    effect.way == Way::Return,
                    effect.marked,
                    effect.released.is_some(),
                    matches!(effect.rest, Rest::Water(_)),
                    effect.rest == Rest::Off,
                ];
                for (seen, kind) in seen.iter_mut().zip(kinds) {
                    *seen |= kind;
                }
                position = after;
            }
        }
        // The kinds each ruleset has turn up.
        let water = ruleset.water().is_some();
        assert!(seen[0] && seen[7], "{ruleset}: {seen:?}");
        assert_eq!(seen[1], water, "{ruleset}: {seen:?}");
        if ruleset == AnyRuleset::Classic {
            assert!(seen[2] && seen[5] && seen[6], "{ruleset}: {seen:?}");
        }
        if ruleset == AnyRuleset::Kendall1979 {
            assert!(seen[3] && seen[4] && seen[6], "{ruleset}: {seen:?}");
        }
    }
}

/// A ruleset of the user's own: three pieces each, plain steps, and a
/// pond on house 20 instead of 27. A piece that steps onto 20 goes into
/// the pond and comes out on 5, or waits on 20 while 5 is taken (and goes
/// to 5 as soon as it is empty); a piece on 28 or 29 that cannot bear
/// off falls into the pond; landing on a piece on 25 or above drowns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pond;

const POND: House = match House::new(20) {
    Some(house) => house,
    None => panic!(),
};
const SHORE: House = match House::new(5) {
    Some(house) => house,
    None => panic!(),
};

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
        if from == POND {
            return None;
        }
        if from.number() >= 28 {
            return (from.number() + roll.value() == 31).then_some(Reach::Off);
        }
        match House::new(from.number() + roll.value()) {
            Some(POND) => Some(Reach::Water),
            Some(house) => Some(Reach::To(house)),
            None => Some(Reach::Off),
        }
    }
    fn backward(&self, from: House, _roll: Roll) -> Option<Reach> {
        (from.number() >= 28).then_some(Reach::Fall)
    }
    fn contact_at(&self, _start: House, target: House) -> Option<Contact> {
        Some(if target.number() >= 25 {
            Contact::Drown
        } else {
            Contact::Swap
        })
    }
    fn water_landing(&self, occupied: Bitboard) -> Option<House> {
        [SHORE, POND].into_iter().find(|&h| !occupied.contains(h))
    }
    fn water(&self) -> Option<House> {
        Some(POND)
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

#[test]
fn a_user_ruleset_with_its_water_elsewhere_has_the_same_effects() {
    // Into the pond, out on 5.
    let p = pos(Pond, &ps(&[18], &[1], 'x', 2, 2));
    let (effect, _) = effect_of(&p, "2: 18-20");
    assert_eq!(effect.way, Way::IntoWater(Direction::Forward));
    assert_eq!(effect.rest, Rest::House(h(5)));
    // 5 taken: the piece waits on 20; when 5 empties, it comes out.
    let p = pos(Pond, &ps(&[18], &[5], 'x', 2, 2));
    let (effect, after) = effect_of(&p, "2: 18-20");
    assert_eq!(effect.rest, Rest::Water(h(20)));
    let (effect, _) = effect_of(&after, "1: 5-6");
    assert_eq!(
        effect.released,
        Some(Release {
            side: Side::X,
            from: h(20),
            to: h(5)
        })
    );
    // A fall from 29, written with the pond as its target.
    let p = pos(Pond, &ps(&[29], &[5], 'x', 2, 2));
    let (effect, _) = effect_of(&p, "1: 29-20<");
    assert_eq!(effect.way, Way::Fall);
    assert_eq!(effect.rest, Rest::Water(h(20)));
    // Landing on 26 drowns o's piece: out on 5, or waiting on 20.
    let p = pos(Pond, &ps(&[23], &[26], 'x', 2, 2));
    let (effect, _) = effect_of(&p, "3: 23-26x");
    assert_eq!(
        effect.hit,
        Some(Hit::Drowned {
            on: h(26),
            to: Rest::House(h(5))
        })
    );
    let p = pos(Pond, &ps(&[5, 23], &[26], 'x', 1, 2));
    let (effect, _) = effect_of(&p, "3: 23-26x");
    assert_eq!(
        effect.hit,
        Some(Hit::Drowned {
            on: h(26),
            to: Rest::Water(h(20))
        })
    );
    // Random games of it account for every board too.
    let mut random = Random(7);
    for _ in 0..100 {
        let mut position = Position::start(Rules::new(Pond).unwrap());
        for _ in 0..500 {
            if position.is_over() {
                break;
            }
            let moves = position.moves(roll(1 + random.below(5) as u8));
            if moves.is_empty() {
                position = moves.lose_throw().unwrap();
                continue;
            }
            let mv = moves.get(random.below(moves.len())).unwrap();
            let (after, effect) = position.play_with_effect(mv).unwrap();
            check_accounts(&position, &effect, &after);
            position = after;
        }
    }
}
