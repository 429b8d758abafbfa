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


def test_make_vec_defaults_to_the_rust_batched_vector_environment():
    envs = gymnasium.make_vec("senet/Kendall-v0", num_envs=6, opponent=2)
    assert isinstance(envs.unwrapped, senet.envs.SenetVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    assert envs.unwrapped.opponent == 2
    obs, info = envs.reset(seed=5)
    assert obs.shape == (6, senet.OBSERVATION_SIZE) and obs.dtype == np.float32
    assert set(info) == {"action_mask", "roll"}
    rng = np.random.default_rng(0)
    ended = wins = 0
    for _ in range(600):
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]])
        assert envs.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert set(info) <= {"action_mask", "roll", "final_obs", "_final_obs"}
        done = terminated | truncated
        if done.any():
            assert np.array_equal(info["_final_obs"], done)
            # The last view of a game that ended, and the new game's first.
            for row in np.flatnonzero(done):
                assert not np.array_equal(info["final_obs"][row], obs[row])
        # Every game goes on at once: each has a legal action.
        assert info["action_mask"].any(axis=1).all()
        ended += int(done.sum())
        wins += int((rewards > 0).sum())
        assert np.all(rewards[~done] == 0)
    envs.close()
    assert ended >= 6 and 0 < wins < ended


def test_the_vector_environment_repeats_for_a_seed():
    def run():
        envs = gymnasium.make_vec("senet/Temple-v0", num_envs=3)
        obs, info = envs.reset(seed=9)
        seen = [obs]
        for _ in range(100):
            actions = info["action_mask"].argmax(axis=1)
            obs, _, _, _, info = envs.step(actions)
            seen.append(obs)
        return np.stack(seen)

    assert np.array_equal(run(), run())
