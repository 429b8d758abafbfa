"""Shared helpers for the senet test suite (not tests themselves)."""

from pathlib import Path

import numpy as np

import senet

#: The workspace's rules files (`rules/*.toml`).
RULES_DIR = Path(__file__).resolve().parents[3] / "rules"

#: The seven built-in rulesets, in the crate's order.
BUILTIN_NAMES = ["kendall", "temple", "bell", "classic", "jequier", "kendall1979", "skyruk"]


def rules_file(name):
    """The ruleset of `rules/NAME.toml`."""
    return senet.Ruleset.from_file(RULES_DIR / f"{name}.toml")


def play_random(game, rng, max_turns=None):
    """Plays `game` on with moves chosen by the numpy generator `rng`;
    returns the positions met before each throw."""
    positions = []
    while not game.is_over and (max_turns is None or len(game.history) < max_turns):
        positions.append(game.position)
        game.throw()
        moves = game.legal_moves
        if moves:
            game.play(moves[int(rng.integers(len(moves)))])
    return positions


def random_positions(ruleset, games=3, seed=0, max_turns=None):
    """Positions met in `games` random games of `ruleset`."""
    rng = np.random.default_rng(seed)
    positions = []
    for number in range(games):
        game = senet.Game(ruleset, seed=seed * 1000 + number)
        positions.extend(play_random(game, rng, max_turns))
    return positions
