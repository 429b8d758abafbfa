"""Gymnasium's registry and vector environments: the ids ``senet``
registers on import, ``gymnasium.make`` and ``gymnasium.make_vec`` with
each autoreset mode, synchronous and in subprocesses, with info values of
one type from the first reset to the last step."""

import numpy as np
import pytest

import senet

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode  # noqa: E402

from senet_testing import RULES_DIR  # noqa: E402


def test_every_id_is_registered_on_import_and_makes_its_ruleset():
    assert set(senet.GYM_IDS) <= set(gymnasium.registry)
    for env_id, name in senet.GYM_IDS.items():
        env = gymnasium.make(env_id)
        assert env.unwrapped.ruleset.name == name
        env.close()


def test_a_rules_file_is_made_through_the_ruleset_keyword():
    ruleset = senet.Ruleset.from_file(RULES_DIR / "piccione.toml")
    env = gymnasium.make("senet/Senet-v0", ruleset=ruleset, opponent=2)
    assert env.unwrapped.ruleset == ruleset
    assert env.unwrapped.opponent == 2
    env.close()


def test_info_has_the_same_keys_and_types_from_reset_to_the_end():
    env = gymnasium.make("senet/Kendall-v0")
    _, info = env.reset(seed=3)
    kinds = {key: type(value) for key, value in info.items()}
    assert set(kinds) == {"action_mask", "roll", "illegal_action"}
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, terminated, truncated, info = env.step(action)
        assert {key: type(value) for key, value in info.items()} == kinds
        done = terminated or truncated
    assert info["roll"] == 0
    assert not info["action_mask"].any()
    env.close()


def _play(envs, mode, steps, rng):
    """Steps `envs` with random legal actions; returns the games ended."""
    obs, info = envs.reset(seed=7)
    ended = 0
    done = np.zeros(envs.num_envs, bool)
    for _ in range(steps):
        assert obs.shape == (envs.num_envs, senet.OBSERVATION_SIZE)
        assert info["roll"].dtype.kind == "i"
        actions = []
        for mask, finished in zip(info["action_mask"], done):
            legal = np.flatnonzero(mask)
            # A game waiting for its autoreset takes any action.
            actions.append(int(rng.choice(legal)) if len(legal) and not finished else 0)
        obs, _, terminated, truncated, info = envs.step(np.array(actions))
        if mode == AutoresetMode.NEXT_STEP:
            ended += int(np.sum((terminated | truncated) & ~done))
            done = terminated | truncated
        elif mode == AutoresetMode.SAME_STEP:
            ended += int(np.sum(terminated | truncated))
        else:
            done = terminated | truncated
            ended += int(np.sum(done))
            if done.any():
                obs, info = envs.reset(options={"reset_mask": done})
                done = np.zeros(envs.num_envs, bool)
    return ended


@pytest.mark.parametrize("vectorization_mode", ["sync", "async"])
@pytest.mark.parametrize(
    "mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED]
)
def test_make_vec_plays_games_to_their_end_in_every_autoreset_mode(vectorization_mode, mode):
    envs = gymnasium.make_vec(
        "senet/Kendall-v0",
        num_envs=3,
        vectorization_mode=vectorization_mode,
        vector_kwargs={"autoreset_mode": mode},
    )
    try:
        ended = _play(envs, mode, 400, np.random.default_rng(1))
    finally:
        envs.close()
    # A game against level 1 takes about 60 of the agent's moves.
    assert ended >= 3, ended
