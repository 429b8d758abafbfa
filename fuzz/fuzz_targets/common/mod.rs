//! Checks the fuzz targets share: everything a position promises about its
//! legal moves, lost throws, notation and position string.
#![allow(dead_code)]

use senet::rulesets::CheckedRuleset;
use senet::{AnyRuleset, House, Move, MoveList, Position, Roll, Ruleset, perft};
use senet::moves::Target;

/// Every roll value, including those the ruleset's implement cannot make.
pub fn all_rolls() -> impl Iterator<Item = Roll> {
    (1..=Roll::MAX).filter_map(Roll::new)
}

/// Every target a move could name: houses 1..=30 and off.
pub fn all_targets() -> impl Iterator<Item = Target> {
    House::all().map(Target::House).chain([Target::Off])
}

/// The position printed and parsed back is the same position, and the
/// text is what parsing it prints.
pub fn check_round_trip<R: Ruleset>(position: &Position<R>) {
    let text = position.to_string();
    let again = Position::parse(position.ruleset(), &text)
        .unwrap_or_else(|e| panic!("{text:?} was printed but does not parse: {e}"));
    assert_eq!(&again, position, "{text:?} parses to another position");
    assert_eq!(again.to_string(), text);
}

/// Everything the engine promises about `position` and each roll:
/// generation agrees with itself, with `find_move`, `starting_at`,
/// `is_lost_throw` and `lose_throw`; every generated move plays to a
/// position that prints and parses back; notation round-trips and
/// resolves to the move; perft(1) counts the same leaves.
pub fn check_position<R: Ruleset>(position: &Position<R>) {
    check_round_trip(position);
    let over = position.is_over();
    let dice = position.ruleset().dice();
    let mut leaves = 0u64;
    let mut list = MoveList::new();
    for roll in all_rolls() {
        let moves = position.moves(roll).to_list();
        position.moves(roll).write_to(&mut list);
        assert_eq!(moves, list, "to_list and write_to differ");
        assert!(moves.len() <= senet::moves::MAX_MOVES);
        let playable = !over && dice.can_roll(roll);
        if !playable {
            assert!(moves.is_empty(), "moves for a roll that cannot be played");
            assert!(position.lose_throw(roll).is_err());
            assert!(!position.moves(roll).is_lost_throw());
            continue;
        }
        // Where throws are banked: while the side throws, each roll is
        // banked, and none is lost; once it plays its bank, only the
        // lowest banked roll is lost, and only when no banked roll moves.
        let bank = position.bank();
        let banking = position.ruleset().banks_throws();
        let expected_lost = match (banking, position.is_to_throw()) {
            (false, _) => moves.is_empty(),
            (true, true) => false,
            (true, false) => {
                bank.lowest() == Some(roll)
                    && bank.distinct().all(|roll| position.moves(roll).is_empty())
            }
        };
        if banking && position.is_to_throw() {
            leaves += 1;
            let after = position.bank_throw(roll).expect("a throw is banked");
            assert_eq!(after.board(), position.board(), "a banked throw moved a piece");
            check_round_trip(&after);
            let text = position.bank_notation(roll);
            assert_eq!(text.to_string().parse::<senet::MoveText>(), Ok(text));
            assert_eq!(text.resolve(position), Ok(None), "{text} does not resolve");
        }
        let lost = position.lose_throw(roll);
        assert_eq!(
            lost.is_ok(),
            expected_lost,
            "{position}: roll {roll}: lose_throw is {lost:?} with moves {moves:?}"
        );
        assert_eq!(position.moves(roll).is_lost_throw(), expected_lost);
        if let Ok(after) = lost {
            leaves += 1;
            assert_eq!(
                after.board(),
                position.board(),
                "a lost throw moved a piece"
            );
            check_round_trip(&after);
            let text = position.lost_notation(roll);
            let parsed: senet::MoveText = text.to_string().parse().expect("lost notation parses");
            assert_eq!(parsed, text);
            assert_eq!(text.resolve(position), Ok(None), "{text} does not resolve");
        }
        for (i, &mv) in moves.iter().enumerate() {
            leaves += 1;
            check_move(position, roll, mv);
            // One move per piece, and one wait besides.
            assert!(
                moves[..i]
                    .iter()
                    .all(|other| other.from() != mv.from()
                        || other.is_wait() != mv.is_wait()
                        || other.is_entry() != mv.is_entry()),
                "{position}: roll {roll}: two moves from {}",
                mv.from()
            );
        }
    }
    if !over {
        assert_eq!(perft(position, 1), leaves, "{position}: perft(1)");
    } else {
        assert_eq!(perft(position, 1), 1);
    }
}

/// One generated move: it is found, plays, and is written and read back.
fn check_move<R: Ruleset>(position: &Position<R>, roll: Roll, mv: Move) {
    assert_eq!(mv.roll(), roll);
    if mv.is_entry() {
        assert_eq!(position.piece_at(mv.from()), None, "{position}: {mv:?}");
        assert!(position.in_hand(position.side_to_throw()) > 0);
        assert_eq!(position.find_entry(roll), Ok(mv), "{position}: {mv:?}");
        assert_eq!(mv.to(), Target::House(mv.from()));
    } else if mv.is_wait() {
        assert_eq!(position.piece_at(mv.from()), Some(position.side_to_throw()));
        assert_eq!(position.find_wait(roll, mv.from()), Ok(mv), "{position}: {mv:?}");
        assert_eq!(mv.to(), Target::House(mv.from()));
    } else {
        assert_eq!(position.piece_at(mv.from()), Some(position.side_to_throw()));
        assert_eq!(
            position.find_move(roll, mv.from(), mv.to()),
            Ok(mv),
            "{position}: find_move disagrees with generation for {mv:?}"
        );
        assert_eq!(position.moves(roll).starting_at(mv.from()), Some(mv));
    }
    assert!(position.moves(roll).contains(mv));
    let after = position
        .play(mv)
        .unwrap_or_else(|e| panic!("{position}: generated {mv:?} does not play: {e}"));
    check_round_trip(&after);
    let text = position.notation(mv);
    let printed = text.to_string();
    let parsed: senet::MoveText = printed
        .parse()
        .unwrap_or_else(|e| panic!("{printed:?} was printed but does not parse: {e}"));
    assert_eq!(parsed, text);
    assert_eq!(
        parsed.resolve(position),
        Ok(Some(mv)),
        "{position}: {printed}"
    );
    // What the move does agrees with what it says.
    let side = position.side_to_throw();
    let total = |p: &Position<R>| p.board().on_board(side) + p.board().off(side) + p.in_hand(side);
    let (before_total, after_total) = (total(position), total(&after));
    assert_eq!(before_total, after_total, "the mover lost a piece");
    if mv.is_off() {
        assert_eq!(after.board().off(side), position.board().off(side) + 1);
    }
    if mv.is_backward() {
        assert!(mv.to() < Target::House(mv.from()) || mv.is_water());
    }
    if mv.is_wait() {
        assert_eq!(after.board(), position.board(), "a wait moved a piece");
    }
}

/// The repository's rules file with pieces in hand and entries,
/// `rules/piccione-entering.toml`, read once.
pub fn entering_rules() -> senet::Rules {
    static RULES: std::sync::OnceLock<senet::Rules> = std::sync::OnceLock::new();
    *RULES.get_or_init(|| {
        senet_rules_file::from_toml(include_str!("../../../rules/piccione-entering.toml"))
            .expect("the repository's rules file reads")
    })
}

/// The repository's rules file whose throws are banked before moving,
/// `rules/kendall1979-booklet.toml`, read once: the bank of the
/// position string and `R: bank` come from it.
pub fn booklet_rules() -> senet::Rules {
    static RULES: std::sync::OnceLock<senet::Rules> = std::sync::OnceLock::new();
    *RULES.get_or_init(|| {
        senet_rules_file::from_toml(include_str!("../../../rules/kendall1979-booklet.toml"))
            .expect("the repository's rules file reads")
    })
}

/// The repository's rules file with waits and lost turns,
/// `rules/kendall1979-water.toml`, read once: the new forms of the
/// position string and the notation come from it.
pub fn water_rules() -> senet::Rules {
    static RULES: std::sync::OnceLock<senet::Rules> = std::sync::OnceLock::new();
    *RULES.get_or_init(|| {
        senet_rules_file::from_toml(include_str!("../../../rules/kendall1979-water.toml"))
            .expect("the repository's rules file reads")
    })
}

/// Turns bytes into choices: each call takes one byte (0 once they run out).
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    pub fn next(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::from(self.next()) % n
    }
}

/// A deterministic game from the start: rolls and choices from a small
/// generator; every position of it (at most `limit`).
pub fn derived_game<R: CheckedRuleset>(ruleset: R, mut state: u64, limit: usize) -> Vec<Position<R>> {
    let mut next = move || {
        // SplitMix64: enough to vary the games, no dependency needed.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let mut position = Position::start(ruleset);
    let mut positions = vec![position];
    while !position.is_over() && positions.len() < limit {
        let roll = rolls[(next() % rolls.len() as u64) as usize];
        let bank = position.bank();
        if position.ruleset().banks_throws() {
            // A throw banked while the side throws; once it plays its
            // bank, a move of any banked roll, or the lowest roll lost.
            position = if position.is_to_throw() {
                position.bank_throw(roll).expect("a throw is banked")
            } else {
                let moves: Vec<_> = bank
                    .distinct()
                    .flat_map(|roll| position.moves(roll).to_list().to_vec())
                    .collect();
                match moves.len() {
                    0 => position
                        .lose_throw(bank.lowest().expect("a bank to play holds a roll"))
                        .expect("the lowest banked roll is lost"),
                    n => position
                        .play(moves[(next() % n as u64) as usize])
                        .expect("a generated move plays"),
                }
            };
            positions.push(position);
            continue;
        }
        let moves = position.moves(roll).to_list();
        position = if moves.is_empty() {
            position
                .lose_throw(roll)
                .expect("a roll with no move is lost")
        } else {
            position
                .play(moves[(next() % moves.len() as u64) as usize])
                .expect("a generated move plays")
        };
        positions.push(position);
    }
    positions
}

/// A few positions per ruleset, every built-in one and
/// [`water_rules`], as `Rules` positions: the start and positions along
/// deterministic games, late ones included.
pub fn sample_positions() -> Vec<Position<senet::Rules>> {
    let mut out = Vec::new();
    let rulesets = AnyRuleset::ALL.map(senet::Rules::from);
    for ruleset in rulesets
        .into_iter()
        .chain([water_rules(), entering_rules(), booklet_rules()])
    {
        for game in 0..3u64 {
            let positions = derived_game(ruleset, game + 1, 2_000);
            let step = (positions.len() / 12).max(1);
            out.extend(positions.iter().step_by(step).copied());
            out.extend(positions.last().copied());
        }
    }
    out
}
