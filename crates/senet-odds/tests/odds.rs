//! Solved endgames: values derived by hand, the Bellman equation over
//! every position of the bound-2 tables, play that follows the tables
//! winning as often as they say, pinned bytes, and files refused.

use std::sync::OnceLock;

use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use senet::rulesets::Reach;
use senet::rulesets::first_home_wins;
use senet::rulesets::{Bell, Classic, Jequier, Kendall, Kendall1979, Skyruk, Temple};
use senet::{Bitboard, Board, Dice, House, Move, Outcome, Position, Roll, Ruleset, Side};
use senet_odds::{SolveError, Table, TableError};

/// The tables are solved once per test binary and shared.
fn table<R: Ruleset>(cell: &'static OnceLock<Table<R>>, ruleset: R, k: u8) -> &'static Table<R> {
    cell.get_or_init(|| Table::solve(ruleset, k).expect("solvable"))
}

static KENDALL: OnceLock<Table<Kendall>> = OnceLock::new();
static TEMPLE: OnceLock<Table<Temple>> = OnceLock::new();
static BELL: OnceLock<Table<Bell>> = OnceLock::new();
static CLASSIC: OnceLock<Table<Classic>> = OnceLock::new();
static JEQUIER: OnceLock<Table<Jequier>> = OnceLock::new();
static KENDALL1979: OnceLock<Table<Kendall1979>> = OnceLock::new();
static SKYRUK: OnceLock<Table<Skyruk>> = OnceLock::new();

fn kendall() -> &'static Table<Kendall> {
    table(&KENDALL, Kendall, 2)
}

/// One quantum of a stored value.
const STEP: f64 = 1.0 / (u32::MAX - 1) as f64;

fn position<R: Ruleset>(ruleset: R, text: &str) -> Position<R> {
    Position::parse(ruleset, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn assert_share<R: Ruleset>(table: &Table<R>, text: &str, expected: f64) {
    let position = position(table.ruleset(), text);
    let share = table
        .probe(&position)
        .unwrap_or_else(|| panic!("{text} outside"));
    assert!(
        (share - expected).abs() <= STEP,
        "{text}: table {share:.12}, by hand {expected:.12}"
    );
}

/// Kendall, x's last piece on 29 and o's on 30.
///
/// x's piece on 29 leaves only with a 2 (6 in 16); with a 1, 4 or 5
/// (6 in 16) x cannot move and throws again; with a 3 (4 in 16) the turn
/// passes. o's piece on 30 leaves only with a 1 (4 in 16); with a 4 or 5
/// (2 in 16) o throws again; with a 2 or 3 (10 in 16) the turn passes.
/// With V x's share when x throws and W when o throws:
/// V = 6/16 + 6/16 V + 4/16 W and W = 2/16 W + 10/16 V, so W = 5/7 V and
/// V (10/16 - 20/112) = 6/16: V = 0.84, W = 0.6.
#[test]
fn kendall_one_piece_each_on_29_and_30_by_hand() {
    let table = kendall();
    assert_share(table, "............................xo x 4 4", 0.84);
    assert_share(table, "............................xo o 4 4", 0.6);
}

/// Kendall, x's last piece on 30 and o's on 28.
///
/// x leaves with a 1 (4 in 16), throws again after a lost 4 or 5 (2 in
/// 16) and passes on a 2 or 3 (10 in 16). o's piece on 28 leaves only
/// with a 3 (4 in 16); after a lost 1, 4 or 5 (6 in 16) o throws again;
/// after a 2 (6 in 16) the turn passes. V = 4/16 + 2/16 V + 10/16 W and
/// W = 6/16 W + 6/16 V: W = 3/5 V, V (14/16 - 6/16) = 4/16, V = 1/2, W = 3/10.
#[test]
fn kendall_last_pieces_on_30_and_28_by_hand() {
    let table = kendall();
    assert_share(table, "...........................o.x x 4 4", 0.5);
    assert_share(table, "...........................o.x o 4 4", 0.3);
}

/// Bell, x on 30 and o on 29, both protected: with 5 borne off against 4
/// x wins whatever happens (after either bears off, x's last piece still
/// scores); with 4 each it is a draw whatever happens.
#[test]
fn bell_certain_results_by_hand() {
    let table = table(&BELL, Bell, 2);
    assert_share(table, "............................ox x 5 4", 1.0);
    assert_share(table, "............................ox x 4 4", 0.5);
    assert_share(table, "............................ox o 4 4", 0.5);
}

/// Finished games are worth their outcome.
#[test]
fn finished_games_are_worth_their_outcome() {
    let table = kendall();
    assert_share(table, ".............................o x 5 4", 1.0);
    assert_share(table, "x............................. o 4 5", 0.0);
}

/// What the side to throw expects, by the Bellman equation, from the
/// table's values of the positions after each move.
fn bellman<R: Ruleset>(table: &Table<R>, position: &Position<R>) -> f64 {
    if let Some(outcome) = position.outcome() {
        return match outcome {
            Outcome::Win(Side::X) => 1.0,
            Outcome::Win(Side::O) => 0.0,
            Outcome::Draw => 0.5,
        };
    }
    let dice = position.ruleset().dice();
    let maximize = position.side_to_throw() == Side::X;
    let mut sum = 0.0;
    for &(roll, weight) in dice.weights() {
        let moves = position.moves(roll);
        let value = if moves.is_empty() {
            let after = moves.lose_throw().expect("a lost throw");
            table.probe(&after).expect("inside")
        } else {
            let values = moves.iter().map(|mv| {
                let after = position.play(mv).expect("legal");
                table.probe(&after).expect("a move stays inside the table")
            });
            if maximize {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        };
        sum += f64::from(weight) * value;
    }
    sum / f64::from(dice.total_weight())
}

/// Every position of the table satisfies the Bellman equation to within
/// the rounding of stored values (and, where nobody can ever move again,
/// is worth a half).
fn residual<R: Ruleset>(table: &Table<R>) -> usize {
    let mut checked = 0;
    for (position, share) in table.iter() {
        assert_eq!(table.probe(&position), Some(share));
        let expected = bellman(table, &position);
        assert!(
            (expected - share).abs() <= 2.0 * STEP,
            "{position}: stored {share:.12}, Bellman {expected:.12}"
        );
        checked += 1;
    }
    assert_eq!(checked, table.len());
    checked
}

#[test]
fn bellman_residual_kendall() {
    assert_eq!(residual(kendall()), 332_224);
}

#[test]
fn bellman_residual_temple() {
    assert!(residual(table(&TEMPLE, Temple, 2)) > 300_000);
}

#[test]
fn bellman_residual_classic() {
    assert!(residual(table(&CLASSIC, Classic, 2)) > 300_000);
}

#[test]
fn bellman_residual_jequier() {
    assert!(residual(table(&JEQUIER, Jequier, 2)) > 300_000);
}

#[test]
fn bellman_residual_kendall1979() {
    assert!(residual(table(&KENDALL1979, Kendall1979, 2)) > 400_000);
}

#[test]
fn bellman_residual_skyruk() {
    assert!(residual(table(&SKYRUK, Skyruk, 2)) > 300_000);
}

#[test]
fn bellman_residual_bell() {
    assert!(residual(table(&BELL, Bell, 2)) > 1_000_000);
}

/// Positions with more pieces on the track than the bound are outside.
#[test]
fn positions_past_the_bound_are_outside() {
    let table = kendall();
    assert_eq!(table.probe(&Position::start(Kendall)), None);
    let three = position(Kendall, "....................x.x.x....o o 2 4");
    assert_eq!(table.probe(&three), None);
    assert_eq!(table.best_move(&three, Roll::new(1).unwrap()), None);
}

/// Play that follows the table from each sample position, both sides,
/// wins as often as the table says: the total of the results of all the
/// games lies within 1.96 standard deviations of the total the values
/// predict.
#[test]
fn table_guided_play_wins_as_often_as_the_table_says() {
    let table = kendall();
    let samples: Vec<(Position<Kendall>, f64)> = table
        .iter()
        .filter(|(p, _)| !p.is_over())
        .step_by(997)
        .take(200)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let games_each = 50;
    let (mut observed, mut expected, mut variance) = (0.0, 0.0, 0.0);
    for (start, share) in &samples {
        for _ in 0..games_each {
            let mut position = *start;
            while !position.is_over() {
                let roll = Kendall.dice().throw(&mut rng).roll();
                position = match table.best_move(&position, roll) {
                    Some((mv, _)) => position.play(mv).unwrap(),
                    None => position.lose_throw(roll).unwrap(),
                };
            }
            observed += match position.outcome() {
                Some(Outcome::Win(Side::X)) => 1.0,
                Some(Outcome::Draw) => 0.5,
                _ => 0.0,
            };
            expected += share;
            variance += share * (1.0 - share);
        }
    }
    let z = (observed - expected) / variance.sqrt();
    assert!(
        z.abs() < 1.96,
        "observed {observed}, expected {expected:.1}, z {z:.2}"
    );
}

/// The best move is the one whose result the table values most for the mover.
#[test]
fn best_move_is_the_best_for_the_mover() {
    let table = kendall();
    for (position, _) in table.iter().filter(|(p, _)| !p.is_over()).step_by(4999) {
        for roll in Kendall.dice().rolls() {
            let moves = position.moves(roll);
            let Some((best, value)) = table.best_move(&position, roll) else {
                assert!(moves.is_empty());
                continue;
            };
            let after = |mv| table.probe(&position.play(mv).unwrap()).unwrap();
            assert_eq!(after(best), value);
            for mv in moves.iter() {
                if position.side_to_throw() == Side::X {
                    assert!(after(mv) <= value);
                } else {
                    assert!(after(mv) >= value);
                }
            }
        }
    }
}

/// The same tables, byte for byte, on every run: FNV-1a of each file.
/// FNV-1a, 64 bits, written here from its definition.
fn hash(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &byte in bytes {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

#[test]
fn bound_two_tables_are_pinned() {
    let hashes = [
        ("kendall", hash(&kendall().to_bytes())),
        ("temple", hash(&table(&TEMPLE, Temple, 2).to_bytes())),
        ("bell", hash(&table(&BELL, Bell, 2).to_bytes())),
        ("classic", hash(&table(&CLASSIC, Classic, 2).to_bytes())),
        ("jequier", hash(&table(&JEQUIER, Jequier, 2).to_bytes())),
        (
            "kendall1979",
            hash(&table(&KENDALL1979, Kendall1979, 2).to_bytes()),
        ),
        ("skyruk", hash(&table(&SKYRUK, Skyruk, 2).to_bytes())),
    ];
    let pinned = [
        ("kendall", 8_943_051_304_434_417_647),
        ("temple", 3_021_550_866_405_993_102),
        ("bell", 10_135_289_437_687_601_108),
        ("classic", 11_718_280_039_448_961_505),
        ("jequier", 14_205_609_911_084_005_471),
        ("kendall1979", 6_199_160_945_981_242_742),
        ("skyruk", 6_196_876_774_212_750_437),
    ];
    assert_eq!(hashes, pinned);
}

#[test]
fn a_table_reads_back_as_written() {
    let table = kendall();
    let bytes = table.to_bytes();
    let read = Table::from_bytes(Kendall, &bytes).unwrap();
    assert_eq!(read.to_bytes(), bytes);
    let read = Table::read_from(Kendall, &bytes[..]).unwrap();
    assert_eq!(read.len(), table.len());
}

/// The file with its checksum made right again after an edit.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 8;
    let sealed = hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&sealed.to_le_bytes());
    bytes
}

#[test]
fn bad_files_are_refused_with_the_reason() {
    let small = Table::solve(Kendall, 1).unwrap();
    let bytes = small.to_bytes();
    let read = |bytes: &[u8]| Table::from_bytes(Kendall, bytes).unwrap_err();
    // Header: magic, version, name length, "kendall", revision, k, pieces, slots.
    let name_at = 13;
    let revision_at = name_at + 7;
    let k_at = revision_at + 4;
    let slots_at = k_at + 2;

    assert!(matches!(read(b""), TableError::NotATable));
    assert!(matches!(read(b"SENETODX\x01\0\0\0"), TableError::NotATable));
    for cut in [8, 12, 20, slots_at + 3, bytes.len() - 9, bytes.len() - 1] {
        assert!(
            matches!(read(&bytes[..cut]), TableError::Truncated { .. }),
            "cut at {cut}: {}",
            read(&bytes[..cut])
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        read(&longer),
        TableError::TrailingBytes { extra: 1 }
    ));

    let mut version = bytes.clone();
    version[8] = 2;
    assert!(matches!(
        read(&version),
        TableError::UnknownVersion { found: 2 }
    ));

    let wrong = Table::from_bytes(Temple, &bytes).unwrap_err();
    assert!(
        matches!(&wrong, TableError::WrongRuleset { found, expected: "temple" } if found == "kendall")
    );
    assert!(wrong.to_string().contains("\"kendall\""), "{wrong}");

    let mut revision = bytes.clone();
    revision[revision_at] = 9;
    let revision = resealed(revision);
    assert!(matches!(
        read(&revision),
        TableError::WrongRevision {
            found: 9,
            expected: 1,
            ..
        }
    ));

    let mut k = bytes.clone();
    k[k_at] = 6;
    assert!(matches!(read(&resealed(k)), TableError::Header { .. }));
    let mut k = bytes.clone();
    k[k_at] = 2;
    assert!(matches!(read(&resealed(k)), TableError::Header { .. }));

    // One value changed: the checksum finds it.
    let mut flipped = bytes.clone();
    flipped[slots_at + 8 + 4 * 100] ^= 1;
    assert!(matches!(read(&flipped), TableError::Corrupt));
    let mut checksum = bytes.clone();
    let last = checksum.len() - 1;
    checksum[last] ^= 0x80;
    assert!(matches!(read(&checksum), TableError::Corrupt));
}

#[test]
fn bounds_out_of_range_are_refused() {
    assert_eq!(
        Table::solve(Kendall, 0).unwrap_err(),
        SolveError::Bound { k: 0, pieces: 5 }
    );
    assert_eq!(
        Table::solve(Kendall, 6).unwrap_err(),
        SolveError::Bound { k: 6, pieces: 5 }
    );
}

// ---------------------------------------------------------------------------
// Rulesets of a user's own.

/// Three pieces each, every roll steps plainly and bears off past 30,
/// no other rule. `start` is the start it claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Sprint {
    start: [u32; 2],
}

const GOOD: Sprint = Sprint {
    start: [0b1010100, 0b101010],
};

impl Ruleset for Sprint {
    fn name(&self) -> &'static str {
        "sprint"
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        3
    }
    fn start(&self) -> [Bitboard; 2] {
        self.start.map(|bits| {
            Bitboard::from_numbers(
                &(1..=30u8)
                    .filter(|&h| bits >> h & 1 != 0)
                    .collect::<Vec<_>>(),
            )
        })
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To))
    }
    fn throws_again(&self, _roll: Roll, _played: Option<senet::Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

/// A ruleset of the user's own gets exact odds like a built-in one.
///
/// Sprint, x's last piece on 30 and o's on 29. x to throw bears off with
/// any roll: 1. o to throw (W) bears off with a 2 or more (12 in 16); with
/// a 1 (4 in 16) it lands on x's piece and swaps, and x to throw on 29
/// (V) bears off with a 2 or more or, with a 1, swaps back to where o
/// throws again: W = 4/16 V and V = 12/16 + 4/16 W, so V = 0.8, W = 0.2.
#[test]
fn a_user_ruleset_gets_exact_odds() {
    let table = senet_odds::Table::solve(GOOD, 2).expect("solvable");
    let share = |text: &str| {
        let position = Position::parse(GOOD, text).expect("valid");
        table.probe(&position).expect("inside the table")
    };
    assert_eq!(share("............................ox x 2 2"), 1.0);
    assert!((share("............................ox o 2 2") - 0.2).abs() < 1e-9);
    assert!((share("............................xo x 2 2") - 0.8).abs() < 1e-9);
}

/// A plain step, bearing off past 30.
fn step(from: House, roll: Roll) -> Reach {
    House::new(from.number() + roll.value()).map_or(Reach::Off, Reach::To)
}

/// Three pieces each; landing on an opponent's piece swaps it below house
/// 20 and captures it from 20 on, though `contact()` says swap: only
/// `contact_at` says that pieces can leave the game. The side that keeps
/// pieces and bears them off wins; a side with none left on the board
/// ends the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Brawl;

impl Ruleset for Brawl {
    fn name(&self) -> &'static str {
        "brawl"
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
            Bitboard::from_numbers(&[1, 3, 5]),
        ]
    }
    fn dice(&self) -> Dice {
        Dice::FOUR_STICKS
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        Some(step(from, roll))
    }
    fn contact_at(&self, _start: House, target: House) -> Option<senet::rulesets::Contact> {
        Some(if target.number() >= 20 {
            senet::rulesets::Contact::Capture
        } else {
            senet::rulesets::Contact::Swap
        })
    }
    fn throws_again(&self, _roll: Roll, _played: Option<Move>) -> bool {
        false
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        let gone = |side| board.on_board(side) == 0;
        if !gone(Side::X) && !gone(Side::O) {
            return None;
        }
        let (x, o) = (board.off(Side::X), board.off(Side::O));
        Some(match x.cmp(&o) {
            core::cmp::Ordering::Greater => Outcome::Win(Side::X),
            core::cmp::Ordering::Less => Outcome::Win(Side::O),
            core::cmp::Ordering::Equal => Outcome::Draw,
        })
    }
}

#[test]
fn the_endgame_tables_lay_out_a_capture_only_through_contact_at() {
    let table = Table::solve(Brawl, 1).unwrap();
    // One piece each, x's able to capture o's from 19 onto 20 with a 1.
    let position = Position::parse(Brawl, "..................xo.......... x 2 2").unwrap();
    let value = table.probe(&position).unwrap();
    assert!((0.0..=1.0).contains(&value), "{value}");
    // Two pieces lost by o, one borne off each: a position only a
    // capturing ruleset has, and the table holds it.
    let lopsided = Position::parse(Brawl, ".........................x..o. o 2 0").unwrap();
    assert!(table.probe(&lopsided).is_some());
}

/// FNV-1a over `bytes`, as the file's checksum is computed: a forger can
/// recompute it, so the checksum alone proves nothing about the values.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A Kendall bound-1 table file whose every value (34-byte header, the
/// checksum last) is `forge(value)`, with its checksum recomputed.
fn forged(forge: impl Fn(u32) -> u32) -> Vec<u8> {
    let mut bytes = Table::solve(Kendall, 1).unwrap().to_bytes();
    let end = bytes.len() - 8;
    for word in bytes[34..end].chunks_exact_mut(4) {
        let value = u32::from_le_bytes(word.try_into().unwrap());
        word.copy_from_slice(&forge(value).to_le_bytes());
    }
    let sum = fnv1a(&bytes[..end]);
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// Hostile tables: a file whose checksum was
/// recomputed over forged values is refused on load, naming the slot,
/// the position and what is wrong; the untouched file still loads.
#[test]
fn forged_values_under_a_good_checksum_are_refused_on_load() {
    assert!(Table::from_bytes(Kendall, &forged(|v| v)).is_ok());
    let cases: [(&dyn Fn(u32) -> u32, &str); 3] = [
        // Every value a hole: nothing to probe, nothing to check against.
        (
            &|_| senet_odds::HOLE,
            "a hole where the numbering puts a position",
        ),
        // Random-looking values where positions are: finished games too.
        (
            &|v| if v == senet_odds::HOLE { v } else { 12_345 },
            "a finished game not worth its outcome",
        ),
        (&|_| 7, "a value where the numbering puts no position"),
    ];
    for (forge, said) in cases {
        let error = Table::from_bytes(Kendall, &forged(forge)).unwrap_err();
        assert!(
            matches!(error, TableError::Inconsistent { .. }),
            "{error:?}"
        );
        assert!(error.to_string().contains(said), "{error}");
    }
}

/// Sprint with one rule the tables do not hold: a move onto 30 costs
/// the mover its next turn (`Tiring`), or a 1 enters a piece from the
/// hand on house 1 (`Entering`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Beyond {
    Tiring,
    Entering,
}

impl Ruleset for Beyond {
    fn name(&self) -> &'static str {
        match self {
            Beyond::Tiring => "tiring",
            Beyond::Entering => "entering",
        }
    }
    fn revision(&self) -> u32 {
        1
    }
    fn pieces_per_side(&self) -> u8 {
        GOOD.pieces_per_side()
    }
    fn start(&self) -> [Bitboard; 2] {
        GOOD.start()
    }
    fn dice(&self) -> Dice {
        GOOD.dice()
    }
    fn forward(&self, from: House, roll: Roll) -> Option<Reach> {
        GOOD.forward(from, roll)
    }
    fn loses_next_turn(&self, played: Move) -> bool {
        *self == Beyond::Tiring
            && played.to() == senet::moves::Target::House(House::new(30).unwrap())
    }
    fn enters(&self, roll: Roll) -> Option<House> {
        (*self == Beyond::Entering && roll.value() == 1)
            .then(|| House::new(1))
            .flatten()
    }
    fn throws_again(&self, roll: Roll, played: Option<Move>) -> bool {
        GOOD.throws_again(roll, played)
    }
    fn outcome(&self, board: &Board) -> Option<Outcome> {
        first_home_wins(self, board)
    }
}

/// A ruleset that takes turns away is refused with its reason, until the
/// tables hold lost turns: its positions would be valued without them.
#[test]
fn a_ruleset_that_takes_turns_is_refused() {
    let refused = Table::solve(Beyond::Tiring, 1).map(|_| ());
    assert_eq!(
        refused,
        Err(SolveError::TakesTurns {
            ruleset: "tiring".to_owned()
        })
    );
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .contains("takes turns away")
    );
    assert!(Table::solve(GOOD, 1).is_ok());
}

/// A ruleset whose pieces enter from the hand is refused with its
/// reason, until the tables hold the hand.
#[test]
fn a_ruleset_that_enters_pieces_is_refused() {
    let refused = Table::solve(Beyond::Entering, 1).map(|_| ());
    assert_eq!(
        refused,
        Err(SolveError::EntersPieces {
            ruleset: "entering".to_owned()
        })
    );
    assert!(refused.unwrap_err().to_string().contains("enters pieces"));
}
