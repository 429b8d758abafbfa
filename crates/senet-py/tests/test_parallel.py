"""PettingZoo's parallel form, ``senet.envs.SenetParallel``, checked by
PettingZoo's ``parallel_api_test`` and ``parallel_seed_test``."""

import warnings

import numpy as np
import pytest

import senet

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import parallel_api_test, parallel_seed_test  # noqa: E402

from senet.envs import SenetParallel  # noqa: E402


@pytest.mark.parametrize("ruleset", ["kendall", "bell", "kendall1979"])
def test_the_parallel_env_passes_parallel_api_test_without_warnings(ruleset):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(SenetParallel(ruleset), num_cycles=2000)
    assert [str(w.message) for w in caught] == []


def test_the_parallel_env_passes_parallel_seed_test_without_warnings():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_seed_test(lambda: SenetParallel("kendall"))
    assert [str(w.message) for w in caught] == []


def test_the_parallel_env_plays_the_agent_to_move_and_ends_with_no_agent():
    env = SenetParallel("kendall")
    observations, infos = env.reset(seed=3)
    assert set(observations) == {"player_0", "player_1"}
    steps = 0
    while env.agents:
        actions = {}
        for agent in env.agents:
            mask = observations[agent]["action_mask"]
            actions[agent] = int(np.flatnonzero(mask)[0]) if mask.any() else 0
        movers = [agent for agent in env.agents if observations[agent]["action_mask"].any()]
        assert len(movers) == 1
        observations, rewards, terminated, truncated, infos = env.step(actions)
        steps += 1
    assert sorted(rewards.values()) == [-1.0, 1.0]
    verified = senet.verify(env.record())
    assert verified.outcome in ("x", "o")
    # Every step played a move; the record also holds the lost throws.
    assert verified.turns >= steps
