"""Every call that takes a number, given extreme ones, returns or raises
an ordinary exception (a ``ValueError`` naming the limit where a size is
too large); none aborts the interpreter or raises ``PanicException``,
which ``except Exception`` does not catch."""

import numpy as np
import pytest

import senet
from senet.distributed import duel, study

#: Numbers no caller means: negative, past every size, past 64 bits.
EXTREMES = [-1, -(2**63), 2**31, 2**32, 10**12, 2**62, 2**63, 2**64, 2**100]


def refused_or_done(call):
    """Runs `call`; an ordinary exception is a refusal. A `PanicException`
    (a `BaseException`) is not caught here, and fails the test."""
    try:
        call()
    except Exception as error:  # noqa: BLE001 - any ordinary refusal
        return error
    return None


@pytest.mark.parametrize("value", EXTREMES)
def test_sizes_and_seeds_never_panic(value):
    position = senet.Position.start("kendall")
    calls = [
        lambda: senet.Batch("kendall", value, 1),
        lambda: senet.Batch("kendall", 1, value),
        lambda: senet.Batch("kendall", 1, 1, max_turns=value),
        lambda: senet.Batch("kendall", 1, 1, opponent=value),
        lambda: senet.playouts("kendall", value, 1),
        lambda: senet.playouts("kendall", 1, value),
        lambda: senet.playouts("kendall", 1, 1, max_throws=value),
        lambda: senet.Episode("kendall", value),
        lambda: senet.Episode("kendall", 1, max_turns=value),
        lambda: senet.Episode("kendall", 1, opponent=value),
        lambda: senet.Episode("kendall", 1).step(value),
        lambda: senet.Game("kendall", seed=value),
        lambda: senet.Bot("kendall", value),
        lambda: senet.Bot("kendall", 1).decide(position, value),
        lambda: senet.Table.solve("kendall", value),
        lambda: position.moves(value),
        lambda: position.lose_throw(value),
        lambda: position.piece_at(value),
        lambda: position.action_mask(value),
        lambda: position.move_for_action(1, value),
        lambda: position.move_for_action(value, 1),
        lambda: senet.pair_seed(value, 1),
        lambda: senet.pair_seed(1, value),
        lambda: study("kendall", games=value, part=max(1, value)),
        lambda: study(["kendall"], games=2, part=value),
        lambda: study(["kendall"], games=2, seed=value),
        lambda: duel("kendall", 1, "random", pairs=value, part=max(1, value)),
        lambda: duel("kendall", 1, "random", pairs=1, seed=value),
    ]
    for call in calls:
        refused_or_done(call)


@pytest.mark.parametrize(
    "call, limit",
    [
        (lambda n: senet.Batch("kendall", n, 1), "1000000"),
        (lambda n: senet.playouts("kendall", n, 1), "100000000"),
        (lambda n: study("kendall", games=n), "1000000000"),
        (lambda n: duel("kendall", 1, "random", pairs=n), "1000000000"),
    ],
)
def test_a_size_past_its_limit_is_a_value_error_naming_the_limit(call, limit):
    for n in (10**12, 2**62):
        with pytest.raises(ValueError, match=limit):
            call(n)


def test_numpy_integers_are_sizes_and_seeds_too():
    assert len(senet.Batch("kendall", np.int64(2), np.uint64(3))) == 2
    throws, _ = senet.playouts("kendall", np.int32(2), np.int64(1))
    assert len(throws) == 2


def test_study_takes_one_ruleset_by_name_and_refuses_a_negative_count():
    results = study("kendall", games=4, part=2)
    assert set(results) == {("kendall", "random_vs_random")}
    assert results[("kendall", "random_vs_random")].games == 4
    with pytest.raises(ValueError, match="at least 0"):
        study("kendall", games=-1)
    with pytest.raises(ValueError, match="at least 0"):
        duel("kendall", 1, "random", pairs=-1)


def test_a_gym_env_without_an_opponent_is_refused():
    with pytest.raises(ValueError, match="bot level"):
        senet.gym_env("kendall", opponent=None)
