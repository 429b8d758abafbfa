//! The fair-play contract is pinned: the throws of `tests/data/throws.txt`
//! never change, and an independent ChaCha20 written from the contract's
//! description (checked against the published ChaCha20 test vector)
//! reproduces every one of them.

use senet::game::Thrown;
use senet::source::{SeededThrows, ThrowSource};
use senet::{AnyRuleset, Dice, Game, Ruleset, Seed};

const VECTORS: &str = include_str!("../data/throws.txt");

/// One line of the data file.
struct Vector {
    ruleset: AnyRuleset,
    seed: Seed,
    rolls: Vec<u8>,
    /// The light sticks of each throw, for the four sticks.
    faces: Option<Vec<u8>>,
}

fn vectors() -> Vec<Vector> {
    VECTORS
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let [ruleset, seed, rolls, faces] = fields[..] else {
                panic!("bad vector line {line:?}")
            };
            let digits = |text: &str| -> Vec<u8> {
                text.chars()
                    .map(|c| c.to_digit(16).unwrap() as u8)
                    .collect()
            };
            Vector {
                ruleset: ruleset.parse().unwrap(),
                seed: if seed == "-" {
                    "".parse()
                } else {
                    seed.parse()
                }
                .unwrap(),
                rolls: digits(rolls),
                faces: (faces != "-").then(|| digits(faces)),
            }
        })
        .collect()
}

#[test]
fn the_data_file_covers_every_ruleset_with_several_seeds() {
    let vectors = vectors();
    for ruleset in AnyRuleset::ALL {
        let of_ruleset: Vec<_> = vectors.iter().filter(|v| v.ruleset == ruleset).collect();
        assert!(
            of_ruleset.len() >= 5,
            "{ruleset}: {} seeds",
            of_ruleset.len()
        );
        for v in of_ruleset {
            assert_eq!(v.rolls.len(), 64);
            assert_eq!(v.faces.is_some(), ruleset.dice() != Dice::LONG_DIE);
        }
    }
}

#[test]
fn seeded_throws_match_the_pinned_vectors() {
    for v in vectors() {
        let mut source = SeededThrows::new(v.seed);
        for i in 0..64 {
            let throw = source.next_throw(v.ruleset.dice()).unwrap();
            let at = format!("{} seed {:?} throw {}", v.ruleset, v.seed, i + 1);
            assert_eq!(throw.roll().value(), v.rolls[i], "{at}: roll");
            if let Some(faces) = &v.faces {
                let sticks = throw.sticks().unwrap();
                let light = (0..4).fold(0, |bits, s| bits | u8::from(sticks[s]) << s);
                assert_eq!(light, faces[i], "{at}: sticks");
            }
        }
    }
}

#[test]
fn a_seeded_game_throws_the_pinned_sequence() {
    // The game asks for exactly one throw per turn, lost throws included.
    for v in vectors() {
        let mut game = Game::seeded(v.ruleset, v.seed);
        while game.history().len() < 64 && !game.is_over() {
            if let Thrown::ToPlay(_) = game.throw().unwrap() {
                let mv = *game.legal_moves().last().unwrap();
                game.play(mv).unwrap();
            }
        }
        let rolls: Vec<u8> = game.history().iter().map(|t| t.roll().value()).collect();
        assert_eq!(
            rolls[..],
            v.rolls[..rolls.len()],
            "{} {:?}",
            v.ruleset,
            v.seed
        );
    }
}

/// ChaCha20, written from its specification (RFC 8439 section 2.3, with
/// the original 64-bit counter and 64-bit nonce), independent of `rand_chacha`.
fn chacha20_block(key: &[u8; 32], counter: u64, stream: u64) -> [u32; 16] {
    fn quarter(s: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        s[a] = s[a].wrapping_add(s[b]);
        s[d] = (s[d] ^ s[a]).rotate_left(16);
        s[c] = s[c].wrapping_add(s[d]);
        s[b] = (s[b] ^ s[c]).rotate_left(12);
        s[a] = s[a].wrapping_add(s[b]);
        s[d] = (s[d] ^ s[a]).rotate_left(8);
        s[c] = s[c].wrapping_add(s[d]);
        s[b] = (s[b] ^ s[c]).rotate_left(7);
    }
    let mut state = [0u32; 16];
    state[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    for i in 0..8 {
        state[4 + i] = u32::from_le_bytes(key[4 * i..4 * i + 4].try_into().unwrap());
    }
    state[12] = counter as u32;
    state[13] = (counter >> 32) as u32;
    state[14] = stream as u32;
    state[15] = (stream >> 32) as u32;
    let mut working = state;
    for _ in 0..10 {
        quarter(&mut working, 0, 4, 8, 12);
        quarter(&mut working, 1, 5, 9, 13);
        quarter(&mut working, 2, 6, 10, 14);
        quarter(&mut working, 3, 7, 11, 15);
        quarter(&mut working, 0, 5, 10, 15);
        quarter(&mut working, 1, 6, 11, 12);
        quarter(&mut working, 2, 7, 8, 13);
        quarter(&mut working, 3, 4, 9, 14);
    }
    core::array::from_fn(|i| working[i].wrapping_add(state[i]))
}

/// The contract as the source module docs state it: key = seed bytes padded with
/// zeros, stream = the seed's length, counter from 0, one word per throw.
fn contract_words(seed: &[u8], count: usize) -> Vec<u32> {
    let mut key = [0u8; 32];
    key[..seed.len()].copy_from_slice(seed);
    (0..)
        .flat_map(|block| chacha20_block(&key, block, seed.len() as u64))
        .take(count)
        .collect()
}

#[test]
fn the_independent_chacha20_matches_the_published_test_vector() {
    // RFC 8439 appendix A.1, test vector 1 (all-zero key, nonce and
    // counter); the same block as the original ChaCha20 all-zero vector.
    let published = "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7\
                     da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586";
    let bytes: Vec<u8> = chacha20_block(&[0; 32], 0, 0)
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(hex, published);
}

#[test]
fn the_empty_seed_throws_what_the_published_keystream_says() {
    // The empty seed is the all-zero key on stream 0: its words are the
    // published keystream read as little-endian u32s.
    let words = [
        0xade0_b876_u32,
        0x903d_f1a0,
        0xe56a_5d40,
        0x28bd_8653,
        0xb819_d2bd,
    ];
    assert_eq!(contract_words(&[], 5), words);
    // Sticks take the low four bits: 0x6 = 0110 (sticks 1 and 2 light, a
    // 2), 0x0 (none light, a 5), 0x0 (a 5), 0x3 = 0011 (a 2), 0xd = 1101 (a 3).
    // The long die takes the low two bits plus one: 3, 1, 1, 4, 2.
    let v = vectors();
    let sticks = v
        .iter()
        .find(|v| v.ruleset == AnyRuleset::Kendall && v.seed.as_bytes().is_empty());
    let sticks = sticks.unwrap();
    assert_eq!(
        sticks.faces.as_ref().unwrap()[..5],
        [0x6, 0x0, 0x0, 0x3, 0xd]
    );
    assert_eq!(sticks.rolls[..5], [2, 5, 5, 2, 3]);
    let die = v
        .iter()
        .find(|v| v.ruleset == AnyRuleset::Bell && v.seed.as_bytes().is_empty());
    assert_eq!(die.unwrap().rolls[..5], [3, 1, 1, 4, 2]);
}

#[test]
fn the_independent_contract_reproduces_every_vector() {
    for v in vectors() {
        let words = contract_words(v.seed.as_bytes(), 64);
        for (i, word) in words.iter().enumerate() {
            let at = format!("{} seed {:?} throw {}", v.ruleset, v.seed, i + 1);
            match &v.faces {
                Some(faces) => {
                    let light = (word & 0xF) as u8;
                    assert_eq!(light, faces[i], "{at}");
                    // None light: a 5, or a 6 where the sticks count it so.
                    let none = if v.ruleset.dice() == Dice::FOUR_STICKS_SIX {
                        6
                    } else {
                        5
                    };
                    let roll = if light == 0 {
                        none
                    } else {
                        light.count_ones() as u8
                    };
                    assert_eq!(roll, v.rolls[i], "{at}");
                }
                None => assert_eq!((word & 3) as u8 + 1, v.rolls[i], "{at}"),
            }
        }
    }
}
