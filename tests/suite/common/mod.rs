//! Helpers shared by the integration tests: building positions from the
//! houses of each side, rolls, and move lists as notation.
//!
//! Each test file uses only part of this module; the tests of
//! `crates/senet-rules-file` use it too (by `#[path]`), on the rules files.
#![allow(dead_code)]

use senet::moves::{Target, divide};
use senet::{
    Dice, House, IllegalMoveError, MoveText, MoveTextError, Position, Roll, Ruleset, Side, Throw,
    perft,
};

/// The roll with this value (1..=5).
pub fn roll(value: u8) -> Roll {
    Roll::new(value).unwrap_or_else(|| panic!("no roll {value}"))
}

/// The house with this number (1..=30).
pub fn house(number: u8) -> House {
    House::new(number).unwrap_or_else(|| panic!("no house {number}"))
}

/// The target house with this number.
pub fn to(number: u8) -> Target {
    Target::House(house(number))
}

/// Bearing off.
pub const OFF: Target = Target::Off;

/// A position string: `x`'s pieces on the houses `x`, `o`'s on `o`, the
/// side to throw and the borne-off counts.
pub fn ps(x: &[u8], o: &[u8], side: char, off_x: u8, off_o: u8) -> String {
    let mut board = ['.'; 30];
    for &h in x {
        assert_eq!(board[usize::from(h - 1)], '.', "house {h} given twice");
        board[usize::from(h - 1)] = 'x';
    }
    for &h in o {
        assert_eq!(board[usize::from(h - 1)], '.', "house {h} given twice");
        board[usize::from(h - 1)] = 'o';
    }
    let board: String = board.iter().collect();
    format!("{board} {side} {off_x} {off_o}")
}

/// Parses a position string, panicking with the error if it is refused.
pub fn pos<R: Ruleset>(ruleset: R, text: &str) -> Position<R> {
    Position::parse(ruleset, text).unwrap_or_else(|e| panic!("position {text:?} refused: {e}"))
}

/// A position with pieces on the houses given, every other piece of each
/// side borne off (so no piece is missing), and `side` to throw.
pub fn setup<R: Ruleset>(ruleset: R, x: &[u8], o: &[u8], side: char) -> Position<R> {
    let pieces = usize::from(ruleset.pieces_per_side());
    let off_x = u8::try_from(pieces - x.len()).unwrap();
    let off_o = u8::try_from(pieces - o.len()).unwrap();
    pos(ruleset, &ps(x, o, side, off_x, off_o))
}

/// The legal moves of `value`, in notation, sorted.
pub fn moves<R: Ruleset>(position: &Position<R>, value: u8) -> Vec<String> {
    let mut list: Vec<String> = position
        .moves(roll(value))
        .iter()
        .map(|mv| position.notation(mv).to_string())
        .collect();
    list.sort();
    list
}

/// The legal moves of `value` in the generator's order: each move's start
/// house and whether it enters the water. The moves of every roll at once,
/// the moves one by one and the written list must be the same.
#[track_caller]
pub fn starts_and_water<R: Ruleset>(position: &Position<R>, value: u8) -> (Vec<u8>, Vec<bool>) {
    let moves = position.moves(roll(value));
    assert_eq!(position.moves_by_roll().get(roll(value)), moves);
    let list = moves.to_list();
    assert!(moves.iter().eq(list.iter().copied()));
    let nth: Vec<_> = (0..moves.len()).filter_map(|n| moves.get(n)).collect();
    assert_eq!(nth, &list[..]);
    let starts = list.iter().map(|mv| mv.from().number()).collect();
    let water = list.iter().map(|mv| mv.is_water()).collect();
    (starts, water)
}

/// Asserts that the legal moves of `value` are exactly `expected` (any order).
#[track_caller]
pub fn assert_moves<R: Ruleset>(position: &Position<R>, value: u8, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(|s| (*s).to_owned()).collect();
    expected.sort();
    assert_eq!(
        moves(position, value),
        expected,
        "legal moves of a {value} in {position}"
    );
}

/// Asserts that `value` is a lost throw here, written `text`, and returns
/// the position after it.
#[track_caller]
pub fn assert_lost<R: Ruleset>(position: &Position<R>, value: u8, text: &str) -> Position<R> {
    assert_moves(position, value, &[]);
    assert!(
        position.moves(roll(value)).is_lost_throw(),
        "{position}: {value}"
    );
    assert_eq!(position.lost_notation(roll(value)).to_string(), text);
    let written: MoveText = text.parse().expect("lost throw notation parses");
    assert_eq!(written.resolve(position), Ok(None), "{text} in {position}");
    position
        .lose_throw(roll(value))
        .unwrap_or_else(|e| panic!("{text} refused in {position}: {e}"))
}

/// Plays the throw written `text` in strict notation (a move, a lost
/// throw or a banked throw) and returns the position after it.
#[track_caller]
pub fn play<R: Ruleset>(position: &Position<R>, text: &str) -> Position<R> {
    let written: MoveText = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} is not notation: {e}"));
    match written.resolve(position) {
        Ok(Some(mv)) => {
            assert_eq!(position.notation(mv).to_string(), text);
            position
                .play(mv)
                .unwrap_or_else(|e| panic!("{text} refused by play in {position}: {e}"))
        }
        Ok(None) if written.is_banked() => position
            .bank_throw(written.roll())
            .unwrap_or_else(|e| panic!("{text} refused by bank_throw in {position}: {e}")),
        Ok(None) => position
            .lose_throw(written.roll())
            .unwrap_or_else(|e| panic!("{text} refused by lose_throw in {position}: {e}")),
        Err(e) => panic!("{text} refused in {position}: {e}"),
    }
}

/// The position string after playing `text`.
#[track_caller]
pub fn after<R: Ruleset>(position: &Position<R>, text: &str) -> String {
    play(position, text).to_string()
}

/// Why the move of `value` from `from` to `target` is illegal here.
#[track_caller]
pub fn why<R: Ruleset>(
    position: &Position<R>,
    value: u8,
    from: u8,
    target: Target,
) -> IllegalMoveError {
    match position.find_move(roll(value), house(from), target) {
        Ok(mv) => panic!(
            "{value}: {from}-{target} is legal in {position}: {}",
            position.notation(mv)
        ),
        Err(e) => e,
    }
}

/// Why `text` cannot be played here (it must parse).
#[track_caller]
pub fn refused<R: Ruleset>(position: &Position<R>, text: &str) -> MoveTextError {
    let written: MoveText = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} is not notation: {e}"));
    match written.resolve(position) {
        Ok(found) => panic!("{text} accepted in {position}: {found:?}"),
        Err(e) => e,
    }
}

/// Checks a finished game: no legal move and no lost throw for any roll,
/// perft 1 at every depth, an empty divide, and every move refused.
#[track_caller]
pub fn assert_finished<R: Ruleset>(position: &Position<R>) {
    assert!(position.is_over(), "{position} should be over");
    for value in 1..=5 {
        let r = roll(value);
        assert!(position.moves(r).is_empty(), "{position}: {value}");
        assert!(!position.moves(r).is_lost_throw(), "{position}: {value}");
        assert!(position.lose_throw(r).is_err(), "{position}: {value}");
    }
    assert_eq!(
        position.lose_throw(roll(1)),
        Err(IllegalMoveError::GameOver),
        "{position}"
    );
    for depth in 0..=3 {
        assert_eq!(perft(position, depth), 1, "perft {depth} of {position}");
    }
    assert!(divide(position, 2).is_empty());
    let text: MoveText = "1: -".parse().unwrap();
    assert_eq!(
        text.resolve(position),
        Err(MoveTextError::Illegal(IllegalMoveError::GameOver))
    );
}

/// The throw of the four sticks: the roll is the number of light faces, or
/// 5 when there is none; P(1..=5) = 4, 6, 4, 1, 1 out of 16.
#[track_caller]
pub fn assert_four_sticks(dice: Dice) {
    assert_eq!(dice, Dice::FOUR_STICKS);
    let weights: Vec<(u8, u32)> = dice
        .weights()
        .iter()
        .map(|&(r, w)| (r.value(), w))
        .collect();
    assert_eq!(weights, [(1, 4), (2, 6), (3, 4), (4, 1), (5, 1)]);
    assert_eq!(dice.total_weight(), 16);
    let rolls: Vec<u8> = dice.rolls().map(Roll::value).collect();
    assert_eq!(rolls, [1, 2, 3, 4, 5]);
    // Every one of the 16 equally likely stick falls, counted by roll.
    let mut counts = [0u32; 6];
    for light in 0..16u8 {
        let throw = Throw::from_sticks(light);
        let faces = u8::try_from(light.count_ones()).unwrap();
        let expected = if faces == 0 { 5 } else { faces };
        assert_eq!(throw.roll().value(), expected, "sticks {light:04b}");
        counts[usize::from(expected)] += 1;
    }
    for &(r, w) in dice.weights() {
        assert_eq!(counts[usize::from(r.value())], w, "roll {r}");
    }
}

/// The side written in a position string.
pub fn side(c: char) -> Side {
    Side::from_char(c).unwrap()
}

/// Back by the roll from houses 2 to 20, never below house 1: the
/// backward play of the small test rulesets.
pub fn back_from_20(from: House, roll: Roll) -> Option<senet::rulesets::Reach> {
    let h = from.number();
    (h <= 20 && h > roll.value())
        .then(|| House::new(h - roll.value()).map(senet::rulesets::Reach::To))
        .flatten()
}

/// The items a small test ruleset shares with every other: its name,
/// revision 1, three pieces a side starting on 2, 4, 6 (x) and 1, 3, 5
/// (o) unless `start:` says otherwise, and four sticks. Written inside an `impl Ruleset` block, so that
/// each test ruleset states only the rules it is about.
#[allow(unused_macros)]
macro_rules! three_a_side {
    ($name:literal) => {
        $crate::common::three_a_side!($name, start: [&[2, 4, 6], &[1, 3, 5]]);
    };
    ($name:literal, start: [$x:expr, $o:expr]) => {
        fn name(&self) -> &'static str {
            $name
        }
        fn revision(&self) -> u32 {
            1
        }
        fn pieces_per_side(&self) -> u8 {
            3
        }
        fn start(&self) -> [senet::Bitboard; 2] {
            [
                senet::Bitboard::from_numbers($x),
                senet::Bitboard::from_numbers($o),
            ]
        }
        fn dice(&self) -> senet::Dice {
            senet::Dice::FOUR_STICKS
        }
    };
}
#[allow(unused_imports)]
pub(crate) use three_a_side;

/// A seeded game of `rules` played to its end (or `throws` throws), each
/// move picked by the throw's number and the seed (no random source
/// needed, and every kind of move gets played); its record is written,
/// read back, and verified to replay to the game's position. Returns the
/// record's text and whether the game ended.
pub fn replayed_record(rules: senet::Rules, seed: u64, throws: u64) -> (String, bool) {
    let mut game = senet::Game::seeded(rules, senet::Seed::from_u64(seed));
    for throw in 0..throws {
        if game.is_over() {
            break;
        }
        game.throw().expect("a seeded throw");
        let moves = game.legal_moves();
        if !moves.is_empty() {
            let pick = (throw.wrapping_mul(31) + seed) as usize % moves.len();
            game.play(moves[pick]).expect("a legal move");
        }
    }
    let record = game.record();
    let text = record.to_string();
    let read: senet::Record = text.parse().expect("a record");
    assert_eq!(read, record);
    let verdict = read.verify_with(rules).expect("it replays");
    assert!(verdict.is_valid());
    assert_eq!(verdict.position(), game.position());
    (text, game.is_over())
}

/// Positions reached by playing the first legal move of seeded random
/// throws (a simple walk, no random source needed): every position on
/// the way, until the game ends or `throws` are played.
pub fn walk<R: Ruleset>(start: Position<R>, seed: u64, throws: usize) -> Vec<Position<R>> {
    let rolls: Vec<Roll> = start.ruleset().dice().rolls().collect();
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut seen = vec![start];
    let mut position = start;
    for _ in 0..throws {
        if position.is_over() {
            break;
        }
        let r = rolls[(next() % rolls.len() as u64) as usize];
        let moves = position.moves(r);
        position = if moves.is_empty() {
            moves.lose_throw().unwrap()
        } else {
            moves
                .play_nth((next() % moves.len() as u64) as usize)
                .unwrap()
        };
        seen.push(position);
    }
    seen
}

/// Every position of the walks from `start`, one walk of `throws` throws
/// for each seed of `seeds` (see [`walk`]), is written as its string and
/// parsed back to itself; `each` is then given the position and its text,
/// for the checks of the caller.
#[track_caller]
pub fn walked_positions_read_back<R: Ruleset>(
    start: Position<R>,
    seeds: std::ops::Range<u64>,
    throws: usize,
    mut each: impl FnMut(&Position<R>, &str),
) {
    for seed in seeds {
        for position in walk(start, seed, throws) {
            let text = position.to_string();
            assert_eq!(
                Position::parse(start.ruleset(), &text),
                Ok(position),
                "{text}"
            );
            each(&position, &text);
        }
    }
}
