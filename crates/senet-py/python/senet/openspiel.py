"""Senet as an OpenSpiel game: ``import senet.openspiel`` registers
``python_senet``, so that ``pyspiel.load_game("python_senet", {"ruleset":
"kendall"})`` plays any ruleset (a built-in one by name) with OpenSpiel's
algorithms.

The throws are chance nodes: each roll of the ruleset's implement is a
chance outcome (action ``roll - 1``) with its probability (four sticks:
1/4, 3/8, 1/4, 1/16, 1/16 for 1 to 5). A roll with no legal move is lost
at once, and the next throw is another chance node; a roll that throws
again leaves the same player to throw. A player's actions are
``senet.ACTIONS`` (60): ``2 * (house - 1) + backward``, as in the
Gymnasium environments. Player 0 is ``x`` (throws first), player 1 is
``o``. The observation tensor is the environments' (99 floats, from the
observing player's side); the game is one of perfect information. A game
longer than ``max_turns`` decisions and throws (a parameter, 2,000 by
default) ends in a draw, so that every game is finite as OpenSpiel asks.
"""

from typing import Any, Optional

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]  # no types shipped

import senet

_SIDES = ("x", "o")
_DEFAULT_MAX_TURNS = 2000

_GAME_TYPE = pyspiel.GameType(
    short_name="python_senet",
    long_name="Senet (python_senet)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"ruleset": "kendall", "max_turns": _DEFAULT_MAX_TURNS},
)


class SenetGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One ruleset of Senet, as OpenSpiel plays games."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        params = dict(params or {})
        self.ruleset = senet.Ruleset(str(params.get("ruleset", "kendall")))
        self.max_turns = int(params.get("max_turns", _DEFAULT_MAX_TURNS))
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be at least 1, not {self.max_turns}")
        self.chances = self.ruleset.roll_chances
        info = pyspiel.GameInfo(
            num_distinct_actions=senet.ACTIONS,
            max_chance_outcomes=6,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_turns,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> "SenetState":
        """The start of a game: a chance node, x's first throw."""
        return SenetState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Optional[dict[str, Any]] = None
    ) -> "SenetObserver":
        """The observer of the observation tensor and string."""
        return SenetObserver(params)


class SenetState(pyspiel.State):  # type: ignore[misc]
    """A position of the game, and the roll to play when one is thrown."""

    def __init__(self, game: SenetGame) -> None:
        super().__init__(game)
        self.position = senet.Position.start(game.ruleset)
        self.roll: Optional[int] = None
        self.turns = 0
        # Kept here, not read from the game: a state is copied whole.
        self.max_turns = game.max_turns
        self.chances = game.chances

    def _truncated(self) -> bool:
        return not self.position.is_over and self.turns >= self.max_turns

    def current_player(self) -> int:
        """The player to move, the chance player before a throw, or
        terminal."""
        if self.position.is_over or self._truncated():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.roll is None:
            return int(pyspiel.PlayerId.CHANCE)
        return _SIDES.index(self.position.side_to_throw)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.roll is not None and player == _SIDES.index(self.position.side_to_throw)
        return [int(a) for a in np.flatnonzero(self.position.action_mask(self.roll))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each roll (as action ``roll - 1``) with its chance."""
        assert self.is_chance_node()
        return [(roll - 1, chance) for roll, chance in self.chances]

    def _apply_action(self, action: int) -> None:
        self.turns += 1
        if self.is_chance_node():
            roll = int(action) + 1
            if self.position.moves(roll):
                self.roll = roll
            else:
                # No legal move: the throw is lost, and the next throw is
                # the next chance node.
                self.position = self.position.lose_throw(roll)
            return
        assert self.roll is not None
        move = self.position.move_for_action(self.roll, int(action))
        if move is None:
            raise ValueError(f"action {action} is no legal move for roll {self.roll}")
        self.position = self.position.play(move)
        self.roll = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"roll {int(action) + 1}"
        assert self.roll is not None
        move = self.position.move_for_action(self.roll, int(action))
        return str(move) if move is not None else f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut short at ``max_turns``."""
        return bool(self.position.is_over or self._truncated())

    def returns(self) -> list[float]:
        """1 to the winner and -1 to the loser; 0 each for a draw, a game
        cut short, or one still going."""
        outcome = self.position.outcome
        if outcome in _SIDES:
            return [1.0, -1.0] if outcome == "x" else [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self) -> str:
        roll = "" if self.roll is None else f" roll {self.roll}"
        return f"{self.position}{roll}"


class SenetObserver:
    """The environments' observation (99 floats) from a player's side,
    and the position string with the roll."""

    def __init__(self, params: Optional[dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(senet.OBSERVATION_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SenetState, player: int) -> None:
        """The observation of `state` from `player`'s side."""
        self.tensor[:] = state.position.observation(state.roll, _SIDES[player])

    def string_from(self, state: SenetState, player: int) -> str:
        """The position string and the roll (the same for both players)."""
        return str(state)


pyspiel.register_game(_GAME_TYPE, SenetGame)
