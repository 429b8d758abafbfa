//! A game in words (`commentary`): a whole seeded game of every ruleset
//! written with `write_game` has its header, its legend, one line per
//! throw in the order they fell, and its end.

use senet::game::Thrown;
use senet::{AnyRuleset, Game, Ruleset, Seed};
use senet_view::commentary::{legend, said, turn_line, write_game};

#[test]
fn a_whole_game_is_written_throw_by_throw() {
    for ruleset in AnyRuleset::ALL {
        let mut game = Game::seeded(ruleset, Seed::from_u64(11));
        let start = *game.position();
        let mut steps = Vec::new();
        while !game.is_over() {
            let mut effect = None;
            if let Ok(Thrown::ToPlay(_)) = game.throw() {
                let mv = game.legal_moves()[0];
                effect = Some(game.play_with_effect(mv).expect("a legal move").1);
            }
            steps.push((*game.position(), effect));
        }
        let mut out = Vec::new();
        write_game(&mut out, &game, &start, &steps, false, "").expect("written");
        let text = String::from_utf8(out).expect("UTF-8");
        assert!(
            text.starts_with(&format!("ruleset: {}", ruleset.name())),
            "{text}"
        );
        assert!(text.contains(&legend(ruleset)), "{ruleset}");
        // One line per throw, each the turn's own.
        let history = game.history();
        let lines: Vec<&str> = text
            .lines()
            .filter(|line| line.chars().next().is_some_and(|c| c.is_ascii_digit()))
            .collect();
        assert_eq!(lines.len(), history.len(), "{ruleset}");
        for ((line, turn), (after, effect)) in lines.iter().zip(history).zip(&steps) {
            let words = said(turn, effect.as_ref(), after);
            assert_eq!(*line, turn_line(turn, &words.text), "{ruleset}");
        }
        let finish = game.finish().expect("finished");
        assert!(
            text.trim_end()
                .ends_with(&format!("outcome: {finish} after {} throws", history.len())),
            "{text}"
        );
    }
}

#[test]
fn the_legend_names_each_ruleset_s_contact() {
    assert!(legend(AnyRuleset::Kendall).contains("swapped places with it"));
    assert!(legend(AnyRuleset::Bell).contains("captured it"));
    assert!(legend(AnyRuleset::Jequier).contains("sent it back"));
    for ruleset in AnyRuleset::ALL {
        assert_eq!(
            legend(ruleset).contains("water:"),
            ruleset.water().is_some(),
            "{ruleset}"
        );
    }
}
