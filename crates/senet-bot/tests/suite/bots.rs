//! The bots, through the public API only: legality, determinism, the
//! agreement of search and rule of thumb, exact expectimax values, duels.

use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use senet::game::Thrown;
use senet::{AnyRuleset, Game, Position, Roll, Ruleset, Seed, Side, Throw};
use senet_bot::{
    Agent, Bot, Decision, DecisionError, Duel, Evaluation, Evaluator, Greedy, Level, RandomAgent,
    Search, SearchLimits, Weights,
};

/// A position reached by `steps` random throws and moves from the start.
fn random_position(ruleset: AnyRuleset, seed: u64, steps: u32) -> Position<AnyRuleset> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut position = Position::start(ruleset);
    for _ in 0..steps {
        if position.is_over() {
            break;
        }
        let roll = ruleset.dice().throw(&mut rng).roll();
        let moves = position.moves(roll).to_list();
        position = if moves.is_empty() {
            position.lose_throw(roll).unwrap()
        } else {
            let pick = rng.next_u32() as usize % moves.len();
            position.play(moves[pick]).unwrap()
        };
    }
    position
}

fn throw_of(ruleset: AnyRuleset, roll: u8) -> Throw {
    let dice = ruleset.dice();
    let roll = Roll::new(roll).unwrap();
    Throw::canonical(dice, roll)
        .unwrap_or_else(|| Throw::canonical(dice, Roll::new(1).unwrap()).unwrap())
}

fn small_search(ruleset: AnyRuleset, depth: u8) -> Search<Evaluation<AnyRuleset>> {
    Search::new(
        Evaluation::new(ruleset),
        SearchLimits {
            max_depth: depth,
            nodes: 4_000,
            table_bits: 10,
        },
    )
    .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_agent_returns_a_legal_move(
        which in 0usize..4,
        seed in any::<u64>(),
        steps in 0u32..300,
        roll in 1u8..=5,
    ) {
        let ruleset = AnyRuleset::ALL[which];
        let position = random_position(ruleset, seed, steps);
        let throw = throw_of(ruleset, roll);
        let Ok(decision) = Decision::new(position, throw, &[]) else {
            return Ok(());
        };
        let mut agents: Vec<Box<dyn Agent<AnyRuleset>>> = vec![
            Box::new(RandomAgent::new(seed)),
            Box::new(Greedy::new(Evaluation::new(ruleset))),
            Box::new(Greedy::new(Evaluation::with_weights(ruleset, Weights::race()))),
            Box::new(Bot::new(ruleset, Level::new(1).unwrap())),
            Box::new(Bot::new(ruleset, Level::new(2).unwrap())),
            Box::new(small_search(ruleset, 3)),
        ];
        for agent in &mut agents {
            let mv = agent.choose(&decision);
            prop_assert!(decision.moves().contains(&mv), "{} chose {mv:?} in {position}", agent.name());
            prop_assert!(position.play(mv).is_ok());
        }
    }

    #[test]
    fn search_at_depth_one_is_the_rule_of_thumb(
        which in 0usize..4,
        seed in any::<u64>(),
        steps in 0u32..300,
        roll in 1u8..=5,
        race in any::<bool>(),
    ) {
        let ruleset = AnyRuleset::ALL[which];
        let position = random_position(ruleset, seed, steps);
        let Ok(decision) = Decision::new(position, throw_of(ruleset, roll), &[]) else {
            return Ok(());
        };
        let eval = if race {
            Evaluation::with_weights(ruleset, Weights::race())
        } else {
            Evaluation::new(ruleset)
        };
        let limits = SearchLimits { max_depth: 1, nodes: 1_000_000, table_bits: 8 };
        let mut search = Search::new(eval.clone(), limits).unwrap();
        let mut greedy = Greedy::new(eval);
        prop_assert_eq!(search.think(&decision).ranked, greedy.think(&decision).ranked);
        prop_assert_eq!(search.choose(&decision), greedy.choose(&decision));
    }

    #[test]
    fn search_values_are_exact_expectimax(
        which in 0usize..4,
        seed in any::<u64>(),
        steps in 0u32..300,
        roll in 1u8..=5,
        depth in 2u8..=3,
    ) {
        let ruleset = AnyRuleset::ALL[which];
        let position = random_position(ruleset, seed, steps);
        let Ok(decision) = Decision::new(position, throw_of(ruleset, roll), &[]) else {
            return Ok(());
        };
        let eval = Evaluation::new(ruleset);
        let limits = SearchLimits { max_depth: depth, nodes: u64::MAX, table_bits: 12 };
        let thought = Search::new(eval.clone(), limits).unwrap().think(&decision);
        prop_assert_eq!(thought.depth, depth);
        let me = decision.side();
        for scored in &thought.ranked {
            let after = position.play(scored.mv).unwrap();
            let exact = expectimax(&eval, &after, depth - 1, me);
            prop_assert!((scored.equity - exact).abs() < 1e-9, "{:?}: {} vs {}", scored.mv, scored.equity, exact);
        }
    }

    #[test]
    fn decisions_are_deterministic(
        which in 0usize..4,
        seed in any::<u64>(),
        steps in 0u32..300,
        roll in 1u8..=5,
        level in 1u8..=Level::MAX,
    ) {
        let ruleset = AnyRuleset::ALL[which];
        let position = random_position(ruleset, seed, steps);
        let Ok(decision) = Decision::new(position, throw_of(ruleset, roll), &[]) else {
            return Ok(());
        };
        let level = Level::new(level).unwrap();
        let mut bot = Bot::new(ruleset, level);
        let first = bot.think(&decision);
        // The same bot again (its table is reused), and a fresh one.
        prop_assert_eq!(&bot.think(&decision), &first);
        prop_assert_eq!(&Bot::new(ruleset, level).think(&decision), &first);
        prop_assert_eq!(bot.choose(&decision), first.best());
        // The ranking holds every legal move once, best first.
        prop_assert_eq!(first.ranked.len(), decision.moves().len());
        for mv in decision.moves() {
            prop_assert_eq!(first.ranked.iter().filter(|s| s.mv == *mv).count(), 1);
        }
        prop_assert!(first.ranked.windows(2).all(|w| w[0].equity >= w[1].equity));
        prop_assert!(first.ranked.iter().all(|s| (0.0..=1.0).contains(&s.equity)));
    }
}

/// Plain expectimax without pruning or table, from the public API: the
/// equity of `me`, `depth` throws ahead.
fn expectimax<R: Ruleset>(
    eval: &Evaluation<R>,
    position: &Position<R>,
    depth: u8,
    me: Side,
) -> f64 {
    if depth == 0 || position.is_over() {
        return eval.equity_for(position, me);
    }
    let dice = position.ruleset().dice();
    let total = f64::from(dice.total_weight());
    let mut value = 0.0;
    for &(roll, weight) in dice.weights() {
        let moves = position.moves(roll).to_list();
        let best = if moves.is_empty() {
            expectimax(eval, &position.lose_throw(roll).unwrap(), depth - 1, me)
        } else {
            let values = moves
                .iter()
                .map(|&mv| expectimax(eval, &position.play(mv).unwrap(), depth - 1, me));
            if position.side_to_throw() == me {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        };
        value += f64::from(weight) / total * best;
    }
    value
}

#[test]
fn no_decision_without_a_choice() {
    let start = Position::start(AnyRuleset::Kendall);
    let die = Throw::canonical(senet::Dice::LONG_DIE, Roll::new(2).unwrap()).unwrap();
    assert!(matches!(
        Decision::new(start, die, &[]),
        Err(DecisionError::WrongDice { .. })
    ));
    let finished: Position<AnyRuleset> =
        Position::parse(AnyRuleset::Kendall, "xxxxx......................... o 0 5").unwrap();
    let three = throw_of(AnyRuleset::Kendall, 3);
    assert_eq!(
        Decision::new(finished, three, &[]).unwrap_err(),
        DecisionError::GameOver
    );
}

#[test]
fn levels_parse_and_print() {
    assert_eq!("2".parse::<Level>().unwrap().number(), 2);
    assert!("0".parse::<Level>().is_err());
    assert!("02".parse::<Level>().is_err());
    assert!(format!("{}", Level::MAX + 1).parse::<Level>().is_err());
    assert_eq!(Level::all().count(), usize::from(Level::MAX));
    assert!(Level::new(1).unwrap().limits().is_none());
}

#[test]
fn mirrored_pairs_cancel_between_equal_agents() {
    // The same deterministic agent in both seats, the same throws: the two
    // games are the same game, so each seat wins once.
    for ruleset in AnyRuleset::ALL {
        let duel = Duel::new(ruleset);
        let mut a = Bot::new(ruleset, Level::new(1).unwrap());
        let mut b = Bot::new(ruleset, Level::new(1).unwrap());
        let pair = duel
            .play_pair(&mut a, &mut b, Seed::for_pair(5, 0))
            .unwrap();
        assert_eq!(pair.a_first.throws, pair.a_second.throws, "{ruleset}");
        assert_eq!(pair.a_first.outcome, pair.a_second.outcome, "{ruleset}");
        assert_eq!(pair.a_half_points(), 2, "{ruleset}");
    }
}

#[test]
fn duels_are_reproducible() {
    let run = || {
        let duel = Duel::new(AnyRuleset::Bell);
        let mut stats = senet_bot::DuelStats::default();
        for pair in 0..4 {
            let mut a = Bot::new(AnyRuleset::Bell, Level::new(2).unwrap());
            let mut b = RandomAgent::new(pair);
            let result = duel
                .play_pair(&mut a, &mut b, Seed::for_pair(9, pair))
                .unwrap();
            stats.record(&result);
        }
        stats
    };
    let first = run();
    assert_eq!(first, run());
    assert_eq!(first.games(), 8);
    let (low, high) = first.interval();
    assert!(low <= first.win_rate() && first.win_rate() <= high);
}

#[test]
fn decisions_come_from_the_game_view() {
    let mut game = Game::seeded(AnyRuleset::Temple, Seed::from_u64(3));
    let mut bot = Bot::new(AnyRuleset::Temple, Level::new(2).unwrap());
    assert_eq!(
        Decision::from_view(&game.view()).unwrap_err(),
        DecisionError::NotThrown
    );
    while game.history().len() < 30 && !game.is_over() {
        if let Thrown::ToPlay(_) = game.throw().unwrap() {
            let view = game.view();
            let decision = Decision::from_view(&view).unwrap();
            assert_eq!(decision.history().len(), game.history().len());
            assert_eq!(decision.moves(), game.legal_moves());
            let mv = bot.choose(&decision);
            assert_eq!(decision.after(mv), Some(game.position().play(mv).unwrap()));
            game.play(mv).unwrap();
        }
    }
    assert!(game.record().verify().is_ok());
}

/// The calls a server makes without type annotations: an agent's name,
/// a decision from a roll, and a hint in one call.
#[test]
fn names_decisions_and_hints_need_no_annotations() {
    use senet_bot::hint;
    let b = senet_bot::RandomAgent::new(1);
    assert_eq!(b.name(), "random");
    // A duel's pair seed needs no ruleset named, and is the bytes it was.
    let mut bytes = [0u8; 16];
    bytes[0] = 5;
    bytes[8] = 7;
    assert_eq!(Seed::for_pair(5, 7), Seed::from_bytes(&bytes).unwrap());
    assert_eq!(Duel::<AnyRuleset>::pair_seed(5, 7), Seed::for_pair(5, 7));
    let g = Greedy::new(senet_bot::Evaluation::new(senet::rulesets::Kendall));
    assert_eq!(g.name(), "greedy");
    let start = Position::start(senet::rulesets::Kendall);
    let three = senet::Roll::new(3).unwrap();
    let decision = Decision::from_roll(start, three).unwrap();
    assert_eq!(decision.moves(), &start.moves(three).to_list()[..]);
    // A hint: every legal move, written, best first, each the bot's value.
    for level in Level::all() {
        let hints = hint(&start, three, level).unwrap();
        assert_eq!(hints.len(), start.moves(three).len());
        assert!(hints.windows(2).all(|w| w[0].equity >= w[1].equity));
        for h in &hints {
            assert_eq!(h.text, start.notation(h.mv));
            assert!((0.0..=1.0).contains(&h.equity));
        }
        let mut bot = senet_bot::Bot::new(senet::rulesets::Kendall, level);
        assert_eq!(bot.think(&decision).best(), hints[0].mv);
    }
    // Refusals: a roll the sticks cannot make, a lost throw, a finished game.
    let six = senet::Roll::new(6).unwrap();
    assert_eq!(
        hint(&start, six, Level::new(1).unwrap()).unwrap_err(),
        DecisionError::RollNotOnDice { roll: six }
    );
    let stuck = Position::parse(
        senet::rulesets::Kendall,
        "xxxxxooooo.................... x 0 0",
    )
    .unwrap();
    let two = senet::Roll::new(2).unwrap();
    assert!(matches!(
        hint(&stuck, two, Level::new(2).unwrap()),
        Err(DecisionError::LostThrow { .. })
    ));
}
