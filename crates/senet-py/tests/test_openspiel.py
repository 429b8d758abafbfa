"""Senet as an OpenSpiel game (``import senet.openspiel``): checked by
OpenSpiel's ``random_sim_test``, its chance nodes the throws, and played
by OpenSpiel's MCTS against a ``senet.Bot``."""

import numpy as np
import pytest

import senet

pyspiel = pytest.importorskip("pyspiel")
import senet.openspiel  # noqa: E402,F401


@pytest.mark.parametrize("ruleset", ["kendall", "temple", "bell", "jequier"])
def test_openspiel_random_simulations(ruleset):
    game = pyspiel.load_game("python_senet", {"ruleset": ruleset})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_openspiel_chance_nodes_are_the_throws():
    game = pyspiel.load_game("python_senet", {"ruleset": "kendall"})
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {0: 0.25, 1: 0.375, 2: 0.25, 3: 0.0625, 4: 0.0625}
    state.apply_action(1)  # a roll of 2
    assert state.current_player() == 0
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == [
        str(m) for m in senet.Position.start("kendall").moves(2)
    ]
    with pytest.raises(ValueError, match="ruleset"):
        pyspiel.load_game("python_senet", {"ruleset": "chess"})


def test_openspiel_mcts_plays_against_a_senet_bot():
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_senet", {"ruleset": "kendall", "max_turns": 60})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=8,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    level1 = senet.Bot("kendall", 1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            rolls, chances = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(rolls, p=chances)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(level1.decide(state.position, state.roll).action)
    assert state.returns()[0] + state.returns()[1] == 0
