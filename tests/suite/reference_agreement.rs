//! The fast move generator against the plain reference of
//! `tests/suite/reference/mod.rs`, which is written from the `Ruleset`
//! hooks piece by piece with no masks.
//!
//! For random reachable positions (random games from the start) and random
//! valid positions (random placements), under every ruleset, concrete and
//! through `AnyRuleset`, every roll must give the same set of moves, each
//! with the same flags and the same position after it, and the same lost
//! throw. Perft from the reference must give the pinned counts of
//! `tests/data/*.perft`.
//!
//! Failures persist: a failing case is written to
//! `tests/suite/reference_agreement.proptest-regressions`, which is committed,
//! and replayed first on every later run.

use crate::reference;

use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::{Config, FileFailurePersistence, TestRunner};
use reference::{RefMove, reference_lose, reference_moves, reference_perft, reference_play};
use senet::moves::Target;
use senet::rulesets::CheckedRuleset;
use senet::rulesets::Contact;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::{AnyRuleset, Bitboard, House, Move, Position, Roll, Ruleset, Side};

/// Cases per property and ruleset: CI runs at least this many.
const CASES: u32 = 2000;

/// The most throws a reachable position comes after: a Kendall or Temple
/// game of random play lasts about 150, a Bell game 90, a Classic game 400
/// (medians). More would reach further into Classic's games, at the cost
/// of the walk, which is most of this file's running time.
const MAX_THROWS: usize = 300;

/// Proptest's defaults with [`CASES`] cases, failures persisting in a
/// file beside this one.
///
/// The file is the one proptest's default persistence falls back to for a
/// test under `tests/` (where it finds no `lib.rs` to put a
/// `proptest-regressions` directory beside): named here so that it does
/// not warn about that on every run.
fn config() -> Config {
    Config {
        cases: CASES,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..Config::default()
    }
}

// ---- The two generators, side by side ----

/// The fast generator's moves of `roll`, each with the position after it.
///
/// The one place the crate's listing and playing API is called, so that
/// renaming it touches one line. Playing goes through the checked `play`,
/// which must accept every listed move.
fn fast_moves<R: Ruleset>(p: &Position<R>, roll: Roll) -> Vec<(Move, Position<R>)> {
    p.moves(roll)
        .iter()
        .map(|mv| {
            let after = p
                .play(mv)
                .unwrap_or_else(|e| panic!("{p}: the listed move {mv:?} is refused: {e}"));
            (mv, after)
        })
        .collect()
}

/// A move as both generators can say it, with the position string after
/// it (which names every piece, the borne-off counts and the side to throw).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Listed {
    roll: u8,
    from: u8,
    to: Target,
    swap: bool,
    capture: bool,
    backward: bool,
    water: bool,
    wait: bool,
    entry: bool,
    after: String,
}

fn listed_fast<R: Ruleset>(mv: Move, after: Position<R>) -> Listed {
    Listed {
        roll: mv.roll().value(),
        from: mv.from().number(),
        to: mv.to(),
        swap: mv.is_swap(),
        capture: mv.is_capture(),
        backward: mv.is_backward(),
        water: mv.is_water(),
        wait: mv.is_wait(),
        entry: mv.is_entry(),
        after: after.to_string(),
    }
}

fn listed_reference<R: Ruleset>(mv: &RefMove, after: Position<R>) -> Listed {
    Listed {
        roll: mv.roll.value(),
        from: mv.from.number(),
        to: mv.to,
        swap: mv.swap,
        capture: mv.capture,
        backward: mv.backward,
        water: mv.water,
        wait: mv.wait,
        entry: mv.entry,
        after: after.to_string(),
    }
}

/// Every roll a `Roll` can hold: the implement's, and for the long die the
/// 5 it cannot make (which must give no move and no lost throw).
fn every_roll() -> impl Iterator<Item = Roll> {
    (1..=Roll::MAX).map(|v| Roll::new(v).expect("1..=MAX are rolls"))
}

/// The reference's moves of `roll` in `p`, sorted, with the positions after them.
fn reference_listed<R: Ruleset>(p: &Position<R>, roll: Roll) -> Vec<Listed> {
    let mut listed: Vec<Listed> = reference_moves(p, roll)
        .iter()
        .map(|mv| listed_reference(mv, reference_play(p, mv)))
        .collect();
    listed.sort();
    listed
}

/// The fast generator's moves of `roll` in `p`, sorted, with the positions after them.
fn fast_listed<R: Ruleset>(p: &Position<R>, roll: Roll) -> Vec<Listed> {
    let mut listed: Vec<Listed> = fast_moves(p, roll)
        .into_iter()
        .map(|(mv, after)| listed_fast(mv, after))
        .collect();
    listed.sort();
    listed
}

/// What a position gives a roll: its moves with the positions after
/// them, sorted, and the position after losing the throw, if it is lost.
type Outcomes = (Vec<Listed>, Option<String>);

/// The two generators agree on `p`: for every roll, the same moves (a
/// move listed twice counts twice) with the same positions after them,
/// and the same lost throw. Returns what they agree on, roll by roll.
fn agreed<R: Ruleset>(p: &Position<R>) -> Result<Vec<Outcomes>, TestCaseError> {
    let mut agreed = Vec::new();
    for roll in every_roll() {
        let moves = reference_listed(p, roll);
        prop_assert_eq!(
            fast_listed(p, roll),
            moves.clone(),
            "{} {}: the moves of a {} (left: fast, right: reference)",
            p.ruleset().name(),
            p,
            roll
        );
        let lost = reference_lose(p, roll).map(|q| q.to_string());
        prop_assert_eq!(
            p.lose_throw(roll).ok().map(|q| q.to_string()),
            lost.clone(),
            "{} {}: losing a {} (left: fast, right: reference)",
            p.ruleset().name(),
            p,
            roll
        );
        agreed.push((moves, lost));
    }
    Ok(agreed)
}

/// The two generators agree on `p`, under its concrete ruleset and as the
/// same position under `AnyRuleset`; and both rulesets give the same
/// moves, which checks that `AnyRuleset` forwards every hook (a hook it
/// forwarded wrongly would mislead both generators alike).
fn assert_agree<R: Ruleset>(p: &Position<R>) -> Result<(), TestCaseError> {
    let concrete = agreed(p)?;
    let any: AnyRuleset = p.ruleset().name().parse().expect("a built-in ruleset");
    let twin = senet::Setup::from(p).position(any);
    prop_assert!(twin.is_ok(), "{}: refused under {}", p, any);
    prop_assert_eq!(
        agreed(&twin.unwrap())?,
        concrete,
        "{} {}: AnyRuleset (left) differs from the concrete ruleset",
        any,
        p
    );
    Ok(())
}

// ---- Random reachable positions ----

/// A small deterministic generator (SplitMix64): the game a seed plays is
/// the same on every machine and every run, and a shorter game from the
/// same seed is a prefix of a longer one, so shrinking the length finds
/// the first position where the generators part.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// An index below `len` (which is not 0).
    fn below(&mut self, len: usize) -> usize {
        (self.next() % len as u64) as usize
    }
}

/// The position after `throws` throws of random games from the start:
/// each roll drawn from the implement's rolls (uniformly, so that the rare
/// rolls are played as often as the others), each move from the
/// reference's moves. A game that ends on the way starts again from the
/// start, so nearly every position is a game in progress, taken anywhere
/// from its first throw to its last.
fn reachable<R: CheckedRuleset>(ruleset: R, seed: u64, throws: usize) -> Position<R> {
    let rolls: Vec<Roll> = ruleset.dice().rolls().collect();
    let mut rng = SplitMix(seed);
    let mut p = Position::start(ruleset);
    for _ in 0..throws {
        if p.is_over() {
            p = Position::start(ruleset);
        }
        let roll = rolls[rng.below(rolls.len())];
        let moves = reference_moves(&p, roll);
        p = if moves.is_empty() {
            reference_lose(&p, roll).expect("a roll with no move is lost")
        } else {
            reference_play(&p, &moves[rng.below(moves.len())])
        };
    }
    p
}

/// A seed for a game's choices and how many throws to play: shrinking the
/// count finds the earliest failing position of the same game.
fn game() -> impl Strategy<Value = (u64, usize)> {
    (any::<u64>(), 0..=MAX_THROWS)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn reachable_positions_agree_kendall((seed, throws) in game()) {
        assert_agree(&reachable(Kendall, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_temple((seed, throws) in game()) {
        assert_agree(&reachable(Temple, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_bell((seed, throws) in game()) {
        assert_agree(&reachable(Bell, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_classic((seed, throws) in game()) {
        assert_agree(&reachable(Classic, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_jequier((seed, throws) in game()) {
        assert_agree(&reachable(Jequier, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_kendall1979((seed, throws) in game()) {
        assert_agree(&reachable(Kendall1979, seed, throws))?;
    }

    #[test]
    fn reachable_positions_agree_skyruk((seed, throws) in game()) {
        assert_agree(&reachable(Skyruk, seed, throws))?;
    }
}

// ---- Random valid positions ----

/// A random placement of pieces, in raw numbers that every ruleset reads
/// with its own piece count (see [`Placement::position`]).
#[derive(Clone, Debug)]
struct Placement {
    /// The houses 1..=30 in a random order: pieces take them in turn.
    houses: Vec<u8>,
    /// Where the window of houses the pieces stand in starts, and how wide
    /// it is beyond the least that holds them: narrow windows crowd the
    /// pieces together, into blockades, protected pairs and contact.
    window_start: u8,
    window_slack: u8,
    /// How many pieces each side has on the board, and off.
    on: [u8; 2],
    off: [u8; 2],
    /// The side to throw.
    o_throws: bool,
    /// Whether a piece on house 15 is marked, in a ruleset that marks.
    marked: bool,
}

impl Placement {
    /// How many pieces of `n` a side has on the board: mostly 1..=n, now
    /// and then none (a side with every piece off).
    fn count_on(raw: u8, n: u8) -> u8 {
        if raw < 16 { 0 } else { 1 + raw % n }
    }

    /// The position this placement gives under `ruleset`, if it is valid.
    ///
    /// A placement that `Position::new` refuses is retried with the
    /// water's house left out: a piece there is what it refuses in
    /// Kendall, Temple and Classic, so nearly every case stays valid.
    fn position<R: Ruleset>(&self, ruleset: R) -> Option<Position<R>> {
        let n = ruleset.pieces_per_side();
        let on = self.on.map(|raw| Placement::count_on(raw, n));
        let off = if ruleset.contact() == Contact::Capture {
            // Captured pieces leave the game: any count off up to the rest.
            [0, 1].map(|i| self.off[i] % (n - on[i] + 1))
        } else {
            on.map(|on| n - on)
        };
        let total = on[0] + on[1];
        let width = total + self.window_slack % (House::COUNT - total + 1);
        let low = 1 + self.window_start % (House::COUNT - width + 1);
        let high = low + width - 1;
        let side = if self.o_throws { Side::O } else { Side::X };
        let place = |skip_water: bool| {
            let mut houses = self
                .houses
                .iter()
                .copied()
                .filter(|&h| low <= h && h <= high)
                .filter(|&h| {
                    let water = reference::water_house(&ruleset).map(House::number);
                    !(skip_water && Some(h) == water)
                });
            let mut x = Bitboard::EMPTY;
            let mut o = Bitboard::EMPTY;
            for _ in 0..on[0] {
                x = x.with(House::new(houses.next()?)?);
            }
            for _ in 0..on[1] {
                o = o.with(House::new(houses.next()?)?);
            }
            let position = senet::Setup {
                x,
                o,
                off_x: off[0],
                off_o: off[1],
                marked: None,
                ..senet::Setup::new(side)
            }
            .position(ruleset)
            .ok()?;
            // A mark on the first mark house that holds a piece.
            let mark = ruleset
                .mark_house()
                .filter(|&house| position.board().occupied().contains(house));
            position
                .with_marked_house(mark.filter(|_| self.marked))
                .ok()
        };
        place(false).or_else(|| place(true))
    }
}

/// Placements shrink toward the houses in order, the window at the start
/// and fewer pieces on the board.
fn placement() -> impl Strategy<Value = Placement> {
    (
        Just((1..=House::COUNT).collect::<Vec<u8>>()).prop_shuffle(),
        any::<u8>(),
        any::<u8>(),
        any::<[u8; 2]>(),
        any::<[u8; 2]>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(houses, window_start, window_slack, on, off, o_throws, marked)| Placement {
                houses,
                window_start,
                window_slack,
                on,
                off,
                o_throws,
                marked,
            },
        )
}

/// The placement's position under `ruleset`, or the case is rejected.
fn valid<R: Ruleset>(placement: &Placement, ruleset: R) -> Result<Position<R>, TestCaseError> {
    match placement.position(ruleset) {
        Some(p) => Ok(p),
        None => Err(TestCaseError::reject("not a valid position")),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn valid_positions_agree_kendall(placement in placement()) {
        assert_agree(&valid(&placement, Kendall)?)?;
    }

    #[test]
    fn valid_positions_agree_temple(placement in placement()) {
        assert_agree(&valid(&placement, Temple)?)?;
    }

    #[test]
    fn valid_positions_agree_bell(placement in placement()) {
        assert_agree(&valid(&placement, Bell)?)?;
    }

    #[test]
    fn valid_positions_agree_classic(placement in placement()) {
        assert_agree(&valid(&placement, Classic)?)?;
    }

    #[test]
    fn valid_positions_agree_jequier(placement in placement()) {
        assert_agree(&valid(&placement, Jequier)?)?;
    }

    #[test]
    fn valid_positions_agree_kendall1979(placement in placement()) {
        assert_agree(&valid(&placement, Kendall1979)?)?;
    }

    #[test]
    fn valid_positions_agree_skyruk(placement in placement()) {
        assert_agree(&valid(&placement, Skyruk)?)?;
    }
}

/// The strategies are worth their cases: nearly every placement is a valid
/// position, and most positions of both kinds are games still going on
/// (a finished game has no move to compare).
#[test]
fn most_generated_positions_are_valid_games_in_progress() {
    fn share<R: CheckedRuleset>(ruleset: R) -> (usize, usize, usize, usize) {
        let mut runner = TestRunner::deterministic();
        let (mut valid, mut valid_going_on, mut going_on) = (0, 0, 0);
        let samples = 100;
        for _ in 0..samples {
            let placement = placement().new_tree(&mut runner).unwrap().current();
            if let Some(p) = placement.position(ruleset) {
                valid += 1;
                valid_going_on += usize::from(!p.is_over());
            }
            let (seed, throws) = game().new_tree(&mut runner).unwrap().current();
            going_on += usize::from(!reachable(ruleset, seed, throws).is_over());
        }
        (samples, valid, valid_going_on, going_on)
    }
    for ruleset in AnyRuleset::ALL {
        let (samples, valid, valid_going_on, going_on) = share(ruleset);
        println!(
            "{ruleset}: {valid}/{samples} placements valid, {valid_going_on} of them going on; \
             {going_on}/{samples} reachable positions going on"
        );
        assert!(
            valid * 100 >= samples * 95,
            "{ruleset}: {valid}/{samples} valid"
        );
        assert!(
            valid_going_on * 100 >= samples * 80,
            "{ruleset}: {valid_going_on}/{samples} valid and going on"
        );
        assert!(
            going_on * 100 >= samples * 80,
            "{ruleset}: {going_on}/{samples} reachable going on"
        );
    }
}

// ---- Perft from the reference ----

/// The positions of a perft data file with their counts by depth, read as
/// `tests/suite/perft.rs` reads them: `POSITION ; D1 D2 ...`, `#` comments.
fn perft_cases(file: &str, text: &str) -> Vec<(usize, String, Vec<u64>)> {
    let mut cases = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (position, counts) = line
            .split_once(" ; ")
            .unwrap_or_else(|| panic!("{file}:{}: no ' ; ' in {line:?}", i + 1));
        let counts = counts
            .split(' ')
            .map(|c| {
                c.parse()
                    .unwrap_or_else(|e| panic!("{file}:{}: count {c:?}: {e}", i + 1))
            })
            .collect();
        cases.push((i + 1, position.to_owned(), counts));
    }
    assert!(!cases.is_empty(), "{file} has no positions");
    cases
}

/// The most leaves a reference perft here may count: the plain generator
/// in a debug build counts about this many in a second or two.
const PERFT_LEAVES: u64 = 70_000;

/// Reference perft equals every count of the file that is small enough to
/// run in a debug build (each position's depth 1 always runs); returns how
/// many counts were checked.
fn check_perft_file<R: CheckedRuleset>(ruleset: R, file: &str, text: &str) -> usize {
    let cases = perft_cases(file, text);
    assert_eq!(
        cases[0].1,
        Position::start(ruleset).to_string(),
        "{file}: the first position is the start position"
    );
    let mut checked = 0;
    for (line, text, counts) in cases {
        let position = Position::parse(ruleset, &text)
            .unwrap_or_else(|e| panic!("{file}:{line}: bad position: {e}"));
        for (i, &expected) in counts.iter().enumerate() {
            if i > 0 && expected > PERFT_LEAVES {
                break;
            }
            let depth = u32::try_from(i + 1).unwrap();
            assert_eq!(
                reference_perft(&position, depth),
                expected,
                "{file}:{line}: reference perft {depth} of {text}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn reference_perft_kendall_data() {
    let checked = check_perft_file(
        Kendall,
        "kendall.perft",
        include_str!("../data/kendall.perft"),
    );
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_temple_data() {
    let checked = check_perft_file(Temple, "temple.perft", include_str!("../data/temple.perft"));
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_bell_data() {
    let checked = check_perft_file(Bell, "bell.perft", include_str!("../data/bell.perft"));
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_classic_data() {
    let checked = check_perft_file(
        Classic,
        "classic.perft",
        include_str!("../data/classic.perft"),
    );
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_jequier_data() {
    let checked = check_perft_file(
        Jequier,
        "jequier.perft",
        include_str!("../data/jequier.perft"),
    );
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_kendall1979_data() {
    let checked = check_perft_file(
        Kendall1979,
        "kendall1979.perft",
        include_str!("../data/kendall1979.perft"),
    );
    assert!(checked >= 12, "{checked} counts");
}

#[test]
fn reference_perft_skyruk_data() {
    let checked = check_perft_file(Skyruk, "skyruk.perft", include_str!("../data/skyruk.perft"));
    assert!(checked >= 12, "{checked} counts");
}

/// From every start, through `AnyRuleset` too: the reference's perft is the
/// crate's, and the start's counts in the data files.
#[test]
fn reference_perft_from_the_start_equals_the_crates() {
    for ruleset in AnyRuleset::ALL {
        let start = Position::start(ruleset);
        for depth in 0..=3 {
            assert_eq!(
                reference_perft(&start, depth),
                senet::perft(&start, depth),
                "{ruleset}: perft {depth} from the start"
            );
        }
    }
    assert_eq!(reference_perft(&Position::start(Kendall), 3), 4189);
    assert_eq!(reference_perft(&Position::start(Temple), 3), 4505);
    assert_eq!(reference_perft(&Position::start(Bell), 3), 12220);
    assert_eq!(reference_perft(&Position::start(Classic), 3), 661);
    assert_eq!(reference_perft(&Position::start(Jequier), 3), 143);
    assert_eq!(reference_perft(&Position::start(Kendall1979), 3), 9229);
    assert_eq!(reference_perft(&Position::start(Skyruk), 3), 4182);
}
