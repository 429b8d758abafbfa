"""The learning environments: `senet.Episode`, the Gymnasium `SenetEnv`,
the PettingZoo `SenetAEC`, the action encoding and `senet.Batch`."""

import warnings

import numpy as np
import pytest

import senet
from senet_testing import BUILTIN_NAMES, random_positions, rules_file

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

# --- the checkers ---------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["kendall", "bell", "temple", "kendall1979", "kendall7-file"])
@pytest.mark.parametrize("agent_side", ["x", "o"])
def test_gym_env_passes_check_env_without_warnings(ruleset, agent_side):
    if ruleset == "kendall7-file":
        ruleset = rules_file("kendall7")
    env = senet.gym_env(ruleset, opponent=1, agent_side=agent_side)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    assert [str(w.message) for w in caught] == []


@pytest.mark.parametrize("ruleset", ["kendall", "bell", "skyruk", "kendall7-file"])
def test_pettingzoo_env_passes_api_test(ruleset, capsys):
    if ruleset == "kendall7-file":
        ruleset = rules_file("kendall7")
    with warnings.catch_warnings():
        # api_test warns that a dict observation is no array, as for
        # PettingZoo's own classic games with action masks.
        warnings.simplefilter("ignore", UserWarning)
        api_test(senet.pettingzoo_env(ruleset), num_cycles=1000)
    assert "Passed API test" in capsys.readouterr().out


def test_pettingzoo_env_passes_seed_test():
    seed_test(lambda: senet.pettingzoo_env("kendall"), num_cycles=200)


def test_gym_env_render_ansi_shows_the_position():
    env = senet.gym_env("kendall", render_mode="ansi")
    env.reset(seed=1)
    assert env.render().startswith(str(env.episode.position))
    with pytest.raises(ValueError):
        senet.gym_env("kendall", render_mode="rgb_array")
    with pytest.raises(ValueError):
        senet.gym_env("kendall", agent_side="z")


def test_human_render_mode_prints_the_game_as_it_goes(capsys):
    env = senet.gym_env("kendall", render_mode="human")
    _, info = env.reset(seed=1)
    assert env.render() is None
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    printed = capsys.readouterr().out.splitlines()
    # The reset, the render called, and the step.
    assert len(printed) == 3
    assert printed[-1] == f"{env.episode.position} roll {env.episode.roll}"


def test_pettingzoo_env_passes_render_test(capsys):
    render_test(lambda render_mode=None: senet.pettingzoo_env("kendall", render_mode=render_mode))
    assert capsys.readouterr().out


# --- seeded runs ------------------------------------------------------------------


def _run_gym(env, seed, choices):
    """A whole episode with random legal actions: observations, rewards,
    actions."""
    rng = np.random.default_rng(choices)
    obs, info = env.reset(seed=seed)
    observations, rewards, actions = [obs], [], []
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        assert not info["illegal_action"]
        observations.append(obs)
        rewards.append(reward)
        actions.append(action)
        done = terminated or truncated
    return observations, rewards, actions


def test_seeded_gym_runs_repeat_exactly():
    a_obs, a_rewards, a_actions = _run_gym(senet.gym_env("kendall", opponent=2), 42, 0)
    b_obs, b_rewards, b_actions = _run_gym(senet.gym_env("kendall", opponent=2), 42, 0)
    assert a_actions == b_actions and a_rewards == b_rewards
    assert len(a_obs) == len(b_obs)
    assert all((a == b).all() for a, b in zip(a_obs, b_obs))
    assert a_rewards[-1] in (1.0, -1.0)
    assert all(r == 0.0 for r in a_rewards[:-1])


def test_other_seed_gives_another_game():
    env = senet.gym_env("kendall")
    env.reset(seed=1)
    first = env.game_seed
    env.reset(seed=2)
    assert env.game_seed != first
    env.reset(seed=1)
    assert env.game_seed == first


def test_gym_observation_is_the_agents_view():
    env = senet.gym_env("kendall", agent_side="o")
    obs, info = env.reset(seed=3)
    assert obs.dtype == np.float32 and obs.shape == (senet.OBSERVATION_SIZE,)
    assert obs[98] == 0.0  # the observer is o
    position = env.episode.position
    assert position.side_to_throw == "o"
    assert (obs == position.observation(roll=info["roll"], observer="o")).all()
    assert (info["action_mask"] == position.action_mask(info["roll"])).all()
    assert (env.action_masks() == info["action_mask"].astype(bool)).all()


def _replay(ruleset, game_seed, agent_moves, bot_side=None, bot_level=1):
    """Plays the game again on `senet.Game`: the agents' moves in order,
    the bot's by `senet.Bot`."""
    game = senet.Game(ruleset, seed=game_seed)
    bot = senet.Bot(ruleset, bot_level) if bot_side else None
    moves = iter(agent_moves)
    while not game.is_over:
        game.throw()  # a lost throw is played here
        if not game.legal_moves:
            continue
        if game.to_play == bot_side:
            game.play(bot.decide(game.position, game.roll))
        else:
            action = next(moves, None)
            if action is None:
                break
            move = game.position.move_for_action(game.roll, action)
            assert move is not None
            game.play(move)
    assert next(moves, None) is None
    return game


@pytest.mark.parametrize("ruleset", ["kendall", "bell", "kendall1979", "kendall7-file"])
@pytest.mark.parametrize("agent_side", ["x", "o"])
def test_gym_episode_matches_the_rust_game_move_for_move(ruleset, agent_side):
    if ruleset == "kendall7-file":
        ruleset = rules_file("kendall7")
    env = senet.gym_env(ruleset, opponent=1, agent_side=agent_side)
    _, rewards, actions = _run_gym(env, 7, 1)
    game = _replay(ruleset, env.game_seed, actions, bot_side="o" if agent_side == "x" else "x")
    assert game.history == env.episode.history
    assert game.position == env.episode.position
    assert game.outcome == env.episode.outcome
    assert rewards[-1] == (1.0 if game.outcome == agent_side else -1.0)
    verified = senet.verify(env.record(), ruleset=ruleset)
    assert verified.position == game.position
    assert verified.turns == len(game.history)


def test_aec_episode_matches_the_rust_game_move_for_move():
    env = senet.pettingzoo_env("bell")
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    actions = []
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert env._sides[agent] == env.episode.to_play
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        env.step(action)
    game = _replay("bell", env.game_seed, actions)
    assert game.history == env.episode.history
    assert game.position == env.episode.position
    winner = {"x": "player_0", "o": "player_1"}[game.outcome]
    loser = "player_1" if winner == "player_0" else "player_0"
    assert totals == {winner: 1.0, loser: -1.0}
    assert senet.verify(env.record()).position == game.position


def test_illegal_gym_action_ends_the_game_lost():
    env = senet.gym_env("kendall")
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert reward == -1.0 and terminated and not truncated
    assert info["illegal_action"] is True
    assert env.episode.outcome == "o"
    assert (info["action_mask"] == 0).all()
    with pytest.raises(senet.GameError, match="the episode is over"):
        env.step(0)


def test_illegal_aec_action_ends_the_game_lost_by_its_agent():
    env = senet.pettingzoo_env("kendall")
    env.reset(seed=4)
    agent = env.agent_selection
    other = "player_1" if agent == "player_0" else "player_0"
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.terminations == {agent: True, other: True}
    assert env.rewards == {agent: -1.0, other: 1.0}
    assert env.infos[agent]["illegal_action"] is True
    assert env.infos[other]["illegal_action"] is False


def test_aec_refuses_max_turns_below_one_and_unknown_render_modes():
    with pytest.raises(ValueError, match="max_turns must be at least 1"):
        senet.pettingzoo_env("kendall", max_turns=0)
    with pytest.raises(ValueError, match="render_mode"):
        senet.pettingzoo_env("kendall", render_mode="rgb_array")


def test_aec_observation_of_the_waiting_agent_has_an_empty_mask():
    env = senet.pettingzoo_env("kendall")
    env.reset(seed=9)
    waiting = "player_1" if env.agent_selection == "player_0" else "player_0"
    assert env.observe(waiting)["action_mask"].sum() == 0
    assert env.observe(env.agent_selection)["action_mask"].sum() >= 1


def test_episode_is_cut_short_at_max_turns():
    env = senet.gym_env("kendall", max_turns=6)
    obs, info = env.reset(seed=2)
    truncated = terminated = False
    steps = 0
    while not (terminated or truncated):
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = env.step(action)
        steps += 1
    assert truncated and not terminated and reward == 0.0
    assert env.episode.turns >= 6 and env.episode.outcome is None
    assert env.episode.is_done and env.episode.to_play is None


def test_episode_directly():
    episode = senet.Episode("kendall", 3)
    assert episode.to_play == "x" and episode.roll is not None
    assert episode.legal_moves == episode.position.moves(episode.roll)
    assert episode.ruleset.name == "kendall"
    mask = episode.action_mask()
    assert mask.dtype == np.int8 and mask.shape == (senet.ACTIONS,)
    assert sorted(np.flatnonzero(mask)) == sorted(m.action for m in episode.legal_moves)
    action = episode.legal_moves[0].action
    reward_x, reward_o, terminated, truncated, illegal = episode.step(action)
    assert (reward_x, reward_o, terminated, truncated, illegal) == (0.0, 0.0, False, False, False)
    assert episode.turns >= 1 and episode.history[0][0] == "x"
    with pytest.raises(senet.BotError):
        senet.Episode("kendall", 3, opponent=9)


# --- actions ----------------------------------------------------------------------


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_every_legal_move_has_its_own_action(name):
    positions = random_positions(name, games=2, seed=13)
    checked = 0
    for position in positions[::3]:
        for roll in senet.Ruleset(name).rolls:
            moves = position.moves(roll)
            actions = [m.action for m in moves]
            assert len(set(actions)) == len(actions), (str(position), roll)
            mask = position.action_mask(roll)
            assert mask.dtype == np.int8 and mask.shape == (senet.ACTIONS,)
            assert sorted(np.flatnonzero(mask)) == sorted(actions)
            for move in moves:
                assert move.action == 2 * (move.from_house - 1) + int(move.is_backward)
                assert position.move_for_action(roll, move.action) == move
            for action in set(range(senet.ACTIONS)) - set(actions):
                assert position.move_for_action(roll, action) is None
            checked += len(moves)
    assert checked > 100
    assert position.move_for_action(1, -1) is None


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_observation_and_roll_determine_the_legal_actions(name):
    # An agent sees the observation: two positions it cannot tell apart
    # must allow the same actions.
    positions = random_positions(name, games=6, seed=2)
    for position in list(positions):
        board, rest = str(position).split(" ", 1)
        if board != board.lower():
            # The same board without its marked piece, where that is a position.
            try:
                positions.append(senet.Position.parse(f"{board.lower()} {rest}", name))
            except senet.PositionError:
                pass
    seen = {}
    for position in positions:
        for roll in senet.Ruleset(name).rolls:
            key = position.observation(roll).tobytes()
            mask = position.action_mask(roll).tobytes()
            assert seen.setdefault(key, (mask, str(position)))[0] == mask, (
                seen[key][1],
                str(position),
                roll,
            )


# --- Batch ------------------------------------------------------------------------


def _pair_seed(master, k):
    """`senet.pair_seed(master, k)`: game `k` of a batch throws from it."""
    seed = senet.pair_seed(master, k)
    assert seed == master.to_bytes(8, "little") + k.to_bytes(8, "little")
    return seed


def test_batch_arrays_have_their_shapes_and_dtypes():
    batch = senet.Batch("kendall", 5, seed=1)
    assert len(batch) == 5 and batch.episodes == 0
    obs, masks, sides = batch.observations(), batch.action_masks(), batch.sides()
    assert obs.shape == (5, senet.OBSERVATION_SIZE) and obs.dtype == np.float32
    assert masks.shape == (5, senet.ACTIONS) and masks.dtype == np.int8
    assert sides.shape == (5,) and sides.dtype == np.int8
    rewards, terminated, truncated = batch.step(masks.argmax(axis=1).astype(np.int64))
    assert rewards.shape == (5,) and rewards.dtype == np.float32
    assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_


def test_batch_games_are_the_episodes_of_their_seeds():
    # Game k of the batch is `senet.Episode(ruleset, senet.pair_seed(seed, k))`,
    # restarted in order as games end.
    n, seed = 4, 17
    batch = senet.Batch("kendall", n, seed=seed, max_turns=60)
    episodes = [senet.Episode("kendall", _pair_seed(seed, k), max_turns=60) for k in range(n)]
    started = n
    rng = np.random.default_rng(0)
    for _ in range(150):
        masks, obs, sides = batch.action_masks(), batch.observations(), batch.sides()
        for k, episode in enumerate(episodes):
            assert (masks[k] == episode.action_mask()).all()
            assert (obs[k] == episode.observation()).all()
            assert sides[k] == (0 if episode.to_play == "x" else 1)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)
        rewards, terminated, truncated = batch.step(actions)
        for k, episode in enumerate(episodes):
            mover = episode.to_play
            reward_x, reward_o, term, trunc, _ = episode.step(int(actions[k]))
            assert rewards[k] == (reward_x if mover == "x" else reward_o)
            assert (terminated[k], truncated[k]) == (term, trunc)
        for k in range(n):
            if terminated[k] or truncated[k]:
                episodes[k] = senet.Episode("kendall", _pair_seed(seed, started), max_turns=60)
                started += 1
    assert batch.episodes == started - n > 0


def test_batch_results_repeat_for_a_seed():
    def run(seed):
        batch = senet.Batch("bell", 3, seed=seed, max_turns=40)
        rng = np.random.default_rng(1)
        out = []
        for _ in range(100):
            actions = np.array([rng.choice(np.flatnonzero(m)) for m in batch.action_masks()], dtype=np.int64)
            out.append(tuple(a.tobytes() for a in batch.step(actions)))
        return out, batch.episodes

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_batch_refuses_a_wrong_number_of_actions():
    batch = senet.Batch("kendall", 3, seed=1)
    with pytest.raises(senet.GameError, match="2 actions for 3 games"):
        batch.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(senet.GameError, match="a batch needs at least one game"):
        senet.Batch("kendall", 0, seed=1)


def test_batch_illegal_action_loses_and_restarts():
    batch = senet.Batch("kendall", 2, seed=3)
    masks = batch.action_masks()
    actions = np.array([np.flatnonzero(masks[0] == 0)[0], np.flatnonzero(masks[1])[0]], dtype=np.int64)
    rewards, terminated, _ = batch.step(actions)
    assert rewards[0] == -1.0 and terminated[0] and not terminated[1]
    assert batch.episodes == 1


def test_batch_with_an_opponent_leaves_every_side_to_the_agent():
    batch = senet.Batch("kendall", 6, seed=2, opponent=1, max_turns=200)
    rng = np.random.default_rng(2)
    for _ in range(200):
        assert (batch.sides() == 0).all()
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in batch.action_masks()], dtype=np.int64)
        batch.step(actions)
    assert batch.episodes > 0
    as_o = senet.Batch("kendall", 4, seed=2, opponent=1, opponent_side="x")
    assert (as_o.sides() == 1).all()
    assert (as_o.observations()[:, 98] == 0.0).all()


def test_batch_step_takes_any_integer_sequence():
    masks = senet.Batch("kendall", 3, seed=4).action_masks()
    chosen = masks.argmax(axis=1)
    results = []
    for actions in (chosen.astype(np.int64), chosen.astype(np.int32), [int(a) for a in chosen]):
        batch = senet.Batch("kendall", 3, seed=4)
        rewards, terminated, truncated = batch.step(actions)
        results.append((rewards.tolist(), terminated.tolist(), batch.observations().tobytes()))
    assert results[0] == results[1] == results[2]
    with pytest.raises(TypeError):
        senet.Batch("kendall", 3, seed=4).step(["a", "b", "c"])


# --- exact values from the endgame tables --------------------------------------


def test_info_value_is_the_tables_exact_share_where_it_reaches_and_nan_beyond():
    import math

    table = senet.Table.solve("kendall", 1)
    env = senet.gym_env("kendall", opponent=2, agent_side="o", table=table)
    _, info = env.reset(seed=4)
    # Five pieces a side: past the table's bound of one.
    assert math.isnan(info["value"])
    assert type(info["value"]) is float
    done = False
    while not done:
        position, roll = env.episode.position, env.episode.roll
        action = int(np.flatnonzero(info["action_mask"])[0])
        best = table.best_move(position, roll) if roll is not None else None
        if best is not None:
            assert info["value"] == pytest.approx(1.0 - best[1])
        _, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert info["value"] == (1.0 if reward > 0 else 0.0)
    with pytest.raises(ValueError, match="table is of kendall"):
        senet.gym_env("temple", table=table)
    # A plain environment has no value.
    plain = senet.gym_env("kendall")
    _, info = plain.reset(seed=4)
    assert "value" not in info


def test_the_value_is_the_tables_best_move_for_the_side_asked():
    from types import SimpleNamespace

    from senet.envs import _share

    table = senet.Table.solve("kendall", 1)
    position = senet.Position.parse("..........x..........o........ x 4 4", "kendall")
    waiting = SimpleNamespace(outcome=None, is_done=False, position=position, roll=2)
    move, x_share = table.best_move(position, 2)
    assert 0.0 < x_share < 1.0
    assert _share(waiting, table, "x") == x_share
    assert _share(waiting, table, "o") == pytest.approx(1.0 - x_share)
    won = SimpleNamespace(outcome="o", is_done=True, position=position, roll=None)
    assert (_share(won, table, "o"), _share(won, table, "x")) == (1.0, 0.0)


def test_aec_infos_carry_each_agents_value():
    import math

    table = senet.Table.solve("kendall", 1)
    aec = senet.pettingzoo_env("kendall", table=table)
    aec.reset(seed=2)
    assert all(math.isnan(aec.infos[agent]["value"]) for agent in aec.agents)
    for agent in aec.agent_iter(max_iter=5000):
        obs, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            assert info["value"] in (0.0, 1.0)
            aec.step(None)
            continue
        aec.step(int(np.flatnonzero(obs["action_mask"])[0]))
