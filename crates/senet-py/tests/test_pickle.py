"""Every object pickles and deep-copies, and a copy goes on as the
original does: a game as its record (the same throws follow from its
seed), an episode or a batch as the records of their games and what made
them, a bot as its ruleset, level and table, a table as its bytes. Seeds
take any integer type."""

import copy
import pickle

import numpy as np
import pytest

import senet


def _round_trips(value):
    return [pickle.loads(pickle.dumps(value)), copy.deepcopy(value)]


def _first(moves):
    return moves[len(moves) // 2]


def test_a_game_pickles_as_its_record_and_goes_on_with_the_same_throws():
    game = senet.Game("kendall", seed=11)
    for _ in range(15):
        if game.throw() is not None and game.legal_moves:
            game.play(_first(game.legal_moves))
    game.throw()  # a throw pending
    for again in _round_trips(game):
        assert again.record() == game.record()
        assert again.position == game.position
        assert again.roll == game.roll
        assert [str(m) for m in again.legal_moves] == [str(m) for m in game.legal_moves]
    copies = _round_trips(game)
    for _ in range(30):
        if game.is_over:
            break
        if game.roll is None:
            rolls = [g.throw() for g in [game, *copies]]
            assert len(set(rolls)) == 1, rolls
        if game.legal_moves:
            move = _first(game.legal_moves)
            for g in [game, *copies]:
                g.play(move)
    assert all(g.record() == game.record() for g in copies)


def test_an_episode_pickles_and_plays_on_as_the_original():
    table = senet.Table.solve("kendall", 1)
    episode = senet.Episode("kendall", 5, opponent=3, opponent_side="x", max_turns=500, table=table)
    rng = np.random.default_rng(2)
    for _ in range(10):
        episode.step(int(rng.choice(np.flatnonzero(episode.action_mask()))))
    copies = _round_trips(episode)
    for again in copies:
        assert again.record() == episode.record()
        assert np.array_equal(again.observation(), episode.observation())
        assert np.array_equal(again.action_mask(), episode.action_mask())
    while not episode.is_done:
        action = int(rng.choice(np.flatnonzero(episode.action_mask())))
        results = [e.step(action) for e in [episode, *copies]]
        assert all(result == results[0] for result in results)
    assert all(e.record() == episode.record() for e in copies)


def test_a_batch_pickles_and_steps_on_as_the_original():
    batch = senet.Batch("kendall", 4, 9, opponent=1, max_turns=300)
    rng = np.random.default_rng(4)

    def actions():
        return np.array([int(rng.choice(np.flatnonzero(m))) for m in batch.action_masks()])

    for _ in range(40):
        batch.step(actions())
    copies = _round_trips(batch)
    for _ in range(120):
        chosen = actions()
        results = [b.step(chosen) for b in [batch, *copies]]
        for result in results[1:]:
            for ours, theirs in zip(results[0], result):
                assert np.array_equal(ours, theirs)
    for again in copies:
        assert again.episodes == batch.episodes > 0
        assert np.array_equal(again.observations(), batch.observations())


def test_a_bot_a_table_and_a_move_pickle():
    table = senet.Table.solve("kendall", 1)
    bot = senet.Bot("kendall", 4, table=table)
    position = senet.Position.parse("..........x..........o........ x 4 4", "kendall")
    for again in _round_trips(bot):
        assert again.level == 4 and again.ruleset == bot.ruleset
        assert again.decide(position, 2) == bot.decide(position, 2)
    for again in _round_trips(table):
        assert len(again) == len(table)
        assert again.probe(position) == table.probe(position)
    move = senet.Position.start("kendall").moves(2)[0]
    for again in _round_trips(move):
        assert again == move and str(again) == str(move)


def test_environments_deep_copy():
    env = senet.gym_env("kendall")
    env.reset(seed=3)
    twin = copy.deepcopy(env)
    assert twin.record() == env.record()
    aec = senet.pettingzoo_env("kendall")
    aec.reset(seed=3)
    assert copy.deepcopy(aec).record() == aec.record()


@pytest.mark.parametrize("seed", [np.int64(7), np.uint32(7), np.int8(7)])
def test_seeds_take_any_integer_type(seed):
    assert senet.Game("kendall", seed=seed).seed == senet.Game("kendall", seed=7).seed
    episode = senet.Episode("kendall", seed)
    assert episode.record() == senet.Episode("kendall", 7).record()
    with pytest.raises(senet.GameError):
        senet.Game("kendall", seed=np.int64(-1))
