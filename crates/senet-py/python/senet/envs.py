"""Environments for reinforcement learning: Gymnasium and PettingZoo.

Both run ``senet.Episode``, the Rust engine's game for learning agents:
it throws for both sides, plays lost throws (a roll with no legal move)
and the bot's moves, and stops where an agent has a move to choose.

Observations are float32 vectors of ``senet.OBSERVATION_SIZE`` (99),
from the observing side's point of view:

====================  ==================================================
slice                 what
====================  ==================================================
``0:30``              1 where the observer has a piece (house 1 first)
``30:60``             1 where the opponent has one
``60:90``             1 on the house the ruleset marks, if any (the
                      piece that moves alone, in Kendall 1979)
``90``, ``91``        pieces borne off, the observer's and the
                      opponent's, as a fraction of a side's pieces
``92:98``             the roll to play, one-hot from 1 to 6
``98``                1 when the observer is ``x`` (who throws first)
====================  ==================================================

Actions are ``Discrete(senet.ACTIONS)`` (60): ``2 * (house - 1) +
backward``, the house the piece leaves and the direction. The legal ones
are in the action mask (int8, 1 = legal). An action that names no legal
move resigns the game: it ends, lost (-1) by the side that chose it, as
PettingZoo's classic games do with illegal moves. Rewards come at the
end: 1 for a win, -1 for a loss, 0 for a draw or a game cut short at
``max_turns`` (``truncated``).
"""

import math
from typing import Any, Optional, Union, cast

import numpy as np
import numpy.typing as npt
import gymnasium
import gymnasium.vector
from gymnasium import spaces

import senet

_OTHER = {"x": "o", "o": "x"}

#: An observation (float32; a row per game in a vector environment).
_Observation = npt.NDArray[np.float32]
#: An action: one of ``senet.ACTIONS``.
_Action = Union[int, np.integer[Any]]


def _ruleset(ruleset: Union[str, senet.Ruleset]) -> senet.Ruleset:
    return ruleset if isinstance(ruleset, senet.Ruleset) else senet.Ruleset(ruleset)


def _share(episode: Any, table: senet.Table, side: str) -> float:
    """`side`'s share of the game (a win 1, a draw half) under best play by
    both sides, from the endgame `table`: at a decision, the value of the
    best move for the pending roll; at the end, the result. NaN where the
    table does not reach (more pieces on the board than its bound) and
    for a game cut short; a float either way, so that vector
    environments can stack it."""
    outcome = episode.outcome
    if outcome is not None:
        return 0.5 if outcome == "draw" else float(outcome == side)
    if episode.is_done or episode.roll is None:
        return math.nan
    best = table.best_move(episode.position, episode.roll)
    if best is None:
        return math.nan
    return best[1] if side == "x" else 1.0 - best[1]


def _table_of(table: Optional[senet.Table], ruleset: senet.Ruleset) -> Optional[senet.Table]:
    if table is not None and table.ruleset != ruleset:
        raise ValueError(f"the table is of {table.ruleset.name}, not {ruleset.name}")
    return table


def _check_one_agent(agent_side: str, opponent: Optional[int]) -> None:
    """Refuses what one agent against a bot cannot play."""
    if agent_side not in _OTHER:
        raise ValueError(f'agent_side is "x" or "o", not {agent_side!r}')
    if opponent is None:
        # Without a bot the agent would move both sides while seeing one
        # side's observation: two learners are PettingZoo's form.
        raise ValueError(
            "opponent is a bot level, 1 to 5; for two learning agents, "
            "use senet.pettingzoo_env (senet.envs.SenetAEC)"
        )


def _observation_box() -> "spaces.Space[_Observation]":
    """The space of one observation: ``senet.OBSERVATION_SIZE`` floats in [0, 1]."""
    box = spaces.Box(0.0, 1.0, (senet.OBSERVATION_SIZE,), np.float32)
    return cast("spaces.Space[_Observation]", box)


class _Shown:
    """What both environments show of their game."""

    episode: Optional[senet.Episode]
    render_mode: Optional[str]

    def _live(self) -> senet.Episode:
        """The episode, once ``reset`` has made one."""
        if self.episode is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.episode

    def record(self) -> str:
        """The game's record (text), which ``senet.verify`` replays."""
        return self._live().record()

    def render(self) -> Optional[str]:
        """The position string and the roll: returned with
        ``render_mode="ansi"``, printed with ``"human"`` (after every reset
        and step too, as Gymnasium and PettingZoo expect of it)."""
        if self.episode is None or self.render_mode is None:
            return None
        text = f"{self.episode.position} roll {self.episode.roll}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _shown_to_human(self) -> None:
        if self.render_mode == "human":
            self.render()


class SenetEnv(_Shown, gymnasium.Env[_Observation, _Action]):
    """One agent against a bot of level ``opponent`` (1 to 5).

    The agent plays ``agent_side`` (``"x"`` throws first). ``info`` holds,
    after a reset and after every step alike, ``action_mask`` (int8),
    ``roll`` (an int, 0 once the game is over) and ``illegal_action``
    (whether the step's action named no legal move); with an endgame
    ``table`` (``senet.Table`` of the ruleset), ``value`` too: the agent's
    exact share of the game under best play by both sides (a win 1, a
    draw half) where the table reaches, NaN where it does not;
    ``action_masks()`` gives the mask as booleans, as sb3-contrib's
    MaskablePPO asks. Each ``reset(seed=...)`` draws the game's seed from
    the environment's generator, so seeded runs repeat exactly, and
    ``record()`` gives the game's record, which ``senet.verify`` replays.

    Importing ``senet`` registers it with Gymnasium (``senet.GYM_IDS``):
    ``gymnasium.make("senet/Kendall-v0")``, one id per built-in ruleset,
    and ``gymnasium.make("senet/Senet-v0", ruleset=...)`` for any other,
    a rules file's included; ``gymnasium.make_vec`` takes them too.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        ruleset: Union[str, senet.Ruleset] = "kendall",
        opponent: int = 1,
        agent_side: str = "x",
        max_turns: int = 10_000,
        render_mode: Optional[str] = None,
        table: Optional[senet.Table] = None,
    ) -> None:
        _check_one_agent(agent_side, opponent)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        self.ruleset = _ruleset(ruleset)
        self.table = _table_of(table, self.ruleset)
        self.opponent = opponent
        self.agent_side = agent_side
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.observation_space = _observation_box()
        self.action_space = spaces.Discrete(senet.ACTIONS)
        self.episode: Optional[senet.Episode] = None
        self.game_seed: Optional[int] = None

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        # The same keys, each of one type, on every reset and step, so
        # that Gymnasium's vector environments can stack them.
        roll = self._live().roll
        info = {
            "action_mask": self._live().action_mask(),
            "roll": 0 if roll is None else int(roll),
            "illegal_action": bool(illegal),
        }
        if self.table is not None:
            info["value"] = _share(self.episode, self.table, self.agent_side)
        return info

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = int(self.np_random.integers(0, 2**63))
        self.episode = senet.Episode(
            self.ruleset,
            self.game_seed,
            opponent=self.opponent,
            opponent_side=_OTHER[self.agent_side],
            max_turns=self.max_turns,
        )
        self._shown_to_human()
        return self._live().observation(self.agent_side), self._info()

    def step(self, action: _Action) -> tuple[_Observation, float, bool, bool, dict[str, Any]]:
        reward_x, reward_o, terminated, truncated, illegal = self._live().step(
            int(action)
        )
        reward = reward_x if self.agent_side == "x" else reward_o
        info = self._info(illegal)
        obs = self._live().observation(self.agent_side)
        self._shown_to_human()
        return obs, float(reward), terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions as booleans (sb3-contrib's MaskablePPO)."""
        return self._live().action_mask().astype(bool)



class SenetVectorEnv(gymnasium.vector.VectorEnv[_Observation, npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``num_envs`` games of ``SenetEnv``, stepped together in Rust
    (``senet.Batch``): the fast vector environment, the default of
    ``gymnasium.make_vec`` for the ids ``senet`` registers.

    The agent plays ``agent_side`` against a bot of level ``opponent`` in
    every game. A game that ends starts again in the same step
    (``AutoresetMode.SAME_STEP``): the observation returned is the new
    game's, and ``info["final_obs"]`` holds the last one of the game that
    ended (``info["_final_obs"]`` says which). ``info`` holds, for every
    game and after every reset and step, ``action_mask`` (int8) and
    ``roll`` (int).
    """

    metadata: dict[str, Any] = {
        "autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        num_envs: int = 8,
        ruleset: Union[str, senet.Ruleset] = "kendall",
        opponent: int = 1,
        agent_side: str = "x",
        max_turns: int = 10_000,
    ) -> None:
        _check_one_agent(agent_side, opponent)
        self.num_envs = num_envs
        self.ruleset = _ruleset(ruleset)
        self.opponent = opponent
        self.agent_side = agent_side
        self.max_turns = max_turns
        self.render_mode = None
        self.single_observation_space = _observation_box()
        self.single_action_space = spaces.Discrete(senet.ACTIONS)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(
            self.single_action_space, num_envs
        )
        self.batch: Optional[senet.Batch] = None

    def _live_batch(self) -> senet.Batch:
        """The batch, once ``reset`` has made one."""
        if self.batch is None:
            raise RuntimeError("no games yet: call reset() first")
        return self.batch

    def _info(self, obs: _Observation) -> dict[str, Any]:
        # The roll, 1 to 6, is the one-hot slice 92:98 of the observation.
        rolls = obs[:, 92:98]
        roll = np.where(rolls.any(axis=1), rolls.argmax(axis=1) + 1, 0).astype(np.int64)
        return {"action_mask": self._live_batch().action_masks(), "roll": roll}

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[_Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.batch = senet.Batch(
            self.ruleset,
            self.num_envs,
            int(self.np_random.integers(0, 2**63)),
            opponent=self.opponent,
            opponent_side=_OTHER[self.agent_side],
            max_turns=self.max_turns,
        )
        obs = self._live_batch().observations()
        return obs, self._info(obs)

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[_Observation, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]]:
        actions = np.asarray(actions, dtype=np.int64)
        rewards, terminated, truncated = self._live_batch().step(actions)
        obs = self._live_batch().observations()
        info = self._info(obs)
        ended = terminated | truncated
        if ended.any():
            info["final_obs"] = self._live_batch().final_observations()
            info["_final_obs"] = ended
        return obs, rewards.astype(np.float64), terminated, truncated, info


try:
    from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - pettingzoo is optional
    AECEnv = object
    ParallelEnv = object


def _check_two_agents(base: Any, name: str, max_turns: int, render_mode: Optional[str]) -> None:
    """Refuses what neither PettingZoo form can play."""
    if base is object:
        raise ImportError(f"{name} needs pettingzoo: pip install pettingzoo")
    if max_turns < 1:
        # A game cut short before its first move has no agent to select.
        raise ValueError(f"max_turns must be at least 1, not {max_turns}")
    if render_mode is not None and render_mode not in ("ansi", "human"):
        raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")


def _agent_spaces(agents: list[str]) -> tuple[dict[str, spaces.Dict], dict[str, spaces.Discrete]]:
    """The observation (the view and the action mask) and action spaces of
    each agent, alike in the AEC and the parallel forms."""
    observation = {
        agent: spaces.Dict(
            {
                "observation": _observation_box(),
                "action_mask": spaces.Box(0, 1, (senet.ACTIONS,), np.int8),
            }
        )
        for agent in agents
    }
    action = {agent: spaces.Discrete(senet.ACTIONS) for agent in agents}
    return observation, action


class _TwoAgents(_Shown):
    """What PettingZoo's AEC and parallel forms share: the agents and
    their spaces, the episode they play, an agent's observation, and each
    agent's value from the table."""

    possible_agents = ["player_0", "player_1"]
    _sides = {"player_0": "x", "player_1": "o"}
    _agents_by_side = {"x": "player_0", "o": "player_1"}

    def _setup(
        self,
        ruleset: Union[str, senet.Ruleset],
        max_turns: int,
        render_mode: Optional[str],
        table: Optional[senet.Table],
    ) -> None:
        self.ruleset = _ruleset(ruleset)
        self.table = _table_of(table, self.ruleset)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self._observation_spaces, self._action_spaces = _agent_spaces(self.possible_agents)
        self._rng = np.random.default_rng()
        self.episode: Optional[senet.Episode] = None
        self.game_seed: Optional[int] = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def _new_episode(self, seed: Optional[int]) -> None:
        """A new game, its seed drawn from the environment's generator
        (seeded again when `seed` is given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.game_seed = int(self._rng.integers(0, 2**63))
        self.episode = senet.Episode(self.ruleset, self.game_seed, max_turns=self.max_turns)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """`agent`'s view, and its action mask (all 0 unless it is to play)."""
        side = self._sides[agent]
        episode = self._live()
        to_move = episode.to_play == side
        mask = episode.action_mask() if to_move else np.zeros(senet.ACTIONS, np.int8)
        return {"observation": episode.observation(side), "action_mask": mask}

    def _values(self) -> dict[str, float]:
        """With a table, each agent's exact share under best play (see
        ``SenetEnv``); without one, none."""
        if self.table is None:
            return {}
        return {
            agent: _share(self._live(), self.table, side) for agent, side in self._sides.items()
        }

    def close(self) -> None:
        pass


class SenetAEC(_TwoAgents, AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """Two learning agents, ``player_0`` (``x``, throws first) and
    ``player_1`` (``o``), in PettingZoo's AEC form.

    Observations are dicts: ``observation`` (float32, from the agent's own
    point of view) and ``action_mask`` (int8, all 0 for an agent not to
    move). With an endgame ``table``, each agent's ``info["value"]`` is its
    exact share under best play, as ``SenetEnv`` gives it. A side that throws again (a roll that gives another throw, or
    a lost throw of the opponent) is selected again.
    """

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "senet_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: Union[str, senet.Ruleset] = "kendall",
        max_turns: int = 10_000,
        render_mode: Optional[str] = None,
        table: Optional[senet.Table] = None,
    ) -> None:
        _check_two_agents(AECEnv, "senet.pettingzoo_env", max_turns, render_mode)
        super().__init__()
        self._setup(ruleset, max_turns, render_mode, table)

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        self._new_episode(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_play()
        self._value_infos()
        self._shown_to_human()

    def _agent_to_play(self) -> str:
        """The agent whose side is to play (the game is not over)."""
        side = self._live().to_play
        if side is None:
            raise RuntimeError("the game is over: no agent is to play")
        return self._agents_by_side[side]

    def _value_infos(self) -> None:
        """With a table, each agent's value in its ``info["value"]``."""
        for agent, value in self._values().items():
            if agent in self.infos:
                self.infos[agent]["value"] = value

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("an agent still in the game needs an action, not None")
        self._cumulative_rewards[agent] = 0.0
        reward_x, reward_o, terminated, truncated, illegal = self._live().step(int(action))
        self.rewards = {"player_0": float(reward_x), "player_1": float(reward_o)}
        if terminated or truncated:
            for other in self.agents:
                self.terminations[other] = terminated
                self.truncations[other] = truncated
                self.infos[other] = {"illegal_action": illegal and other == agent}
            self.agent_selection = self.possible_agents[1 - self.possible_agents.index(agent)]
        else:
            self.agent_selection = self._agent_to_play()
        self._value_infos()
        self._accumulate_rewards()
        self._shown_to_human()




class SenetParallel(_TwoAgents, ParallelEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """Two learning agents in PettingZoo's parallel form: ``player_0``
    (``x``) and ``player_1`` (``o``) each give an action every step, and
    the action of the agent whose side is to play is played (the other's,
    which its empty action mask leaves free, is not). Observations,
    rewards, ``table`` and ``info["value"]`` are ``SenetAEC``'s; once the
    game ends no agent is left.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "senet_parallel_v0"}

    def __init__(
        self,
        ruleset: Union[str, senet.Ruleset] = "kendall",
        max_turns: int = 10_000,
        render_mode: Optional[str] = None,
        table: Optional[senet.Table] = None,
    ) -> None:
        _check_two_agents(ParallelEnv, "senet.envs.SenetParallel", max_turns, render_mode)
        self._setup(ruleset, max_turns, render_mode, table)
        self.agents: list[str] = []

    def _infos(self, illegal_by: Optional[str] = None) -> dict[str, dict[str, Any]]:
        infos: dict[str, dict[str, Any]] = {
            agent: {"illegal_action": agent == illegal_by} for agent in self.possible_agents
        }
        for agent, value in self._values().items():
            infos[agent]["value"] = value
        return infos

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[dict[str, dict[str, npt.NDArray[Any]]], dict[str, dict[str, Any]]]:
        self._new_episode(seed)
        self.agents = self.possible_agents[:]
        self._shown_to_human()
        return {agent: self.observe(agent) for agent in self.agents}, self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, dict[str, npt.NDArray[Any]]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        episode = self._live()
        side = episode.to_play
        if side is None or not self.agents:
            raise RuntimeError("the game is over: call reset()")
        mover = self.possible_agents[_SIDE_INDEX[side]]
        if actions.get(mover) is None:
            raise ValueError(f"{mover} is to play and needs an action")
        reward_x, reward_o, terminated, truncated, illegal = episode.step(int(actions[mover]))
        live = self.agents
        observations = {agent: self.observe(agent) for agent in live}
        rewards = {"player_0": float(reward_x), "player_1": float(reward_o)}
        terminations = {agent: bool(terminated) for agent in live}
        truncations = {agent: bool(truncated) for agent in live}
        infos = self._infos(mover if illegal else None)
        if terminated or truncated:
            self.agents = []
        self._shown_to_human()
        return observations, rewards, terminations, truncations, infos



_SIDE_INDEX = {"x": 0, "o": 1}
