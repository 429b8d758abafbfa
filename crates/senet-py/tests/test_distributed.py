"""The study and duels in parts: `senet.study`, `senet.duel`, in one
process and on Ray (one local Ray instance for the whole module)."""

import os
import pickle

import pytest

import senet


def _ray_or_skip():
    """Ray, or a skip when it is not installed (a failure under CI)."""
    try:
        import ray

        # A folder named `ray` in the working directory (Ray's own
        # /tmp/ray, say) imports as an empty namespace package.
        if not hasattr(ray, "init"):
            raise ImportError(f"{ray!r} is not Ray")
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("ray is not installed (pip install ray)")
    return ray


@pytest.fixture(scope="module")
def ray_cluster():
    ray = _ray_or_skip()
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    started = not ray.is_initialized()
    if started:
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    if started:
        ray.shutdown()


# --- in one process ------------------------------------------------------------


def test_study_does_not_depend_on_how_the_work_is_cut():
    a = senet.study(["kendall", "bell"], games=60, part=25)
    b = senet.study(["kendall", "bell"], games=60, part=7)
    assert set(a) == {("kendall", "random_vs_random"), ("bell", "random_vs_random")}
    assert a == b
    for tally in a.values():
        assert tally.games == 60
        assert sum(tally.games_by_throws) == 60
        assert 0 < tally.x_wins < 60


def test_study_merges_parts_into_the_whole():
    whole = senet.study_part("kendall", "random_vs_random", 1, 0, 30)
    merged = senet.study_part("kendall", "random_vs_random", 1, 0, 11)
    merged.merge(senet.study_part("kendall", "random_vs_random", 1, 11, 30))
    assert merged == whole
    assert whole != senet.study_part("kendall", "random_vs_random", 2, 0, 30)


def test_study_of_another_seed_differs():
    assert senet.study(["kendall"], games=40, seed=1) != senet.study(["kendall"], games=40, seed=2)


def test_study_refuses_an_unknown_pairing_and_part():
    with pytest.raises(ValueError, match="unknown pairing"):
        senet.study(["kendall"], pairings=("nobody",), games=4)
    with pytest.raises(senet.SenetError, match="unknown pairing"):
        senet.study_part("kendall", "nobody", 1, 0, 4)
    with pytest.raises(ValueError, match="part must be at least 1"):
        senet.study(["kendall"], games=4, part=0)


def test_tally_fields_and_pickle():
    tally = senet.study(["kendall"], games=30, part=30)[("kendall", "random_vs_random")]
    assert tally.games == 30 and tally.draws == 0 and tally.unfinished == 0
    assert tally.lost > 0 and tally.contacts > 0
    assert tally.mean_throws == pytest.approx(
        sum(n * c for n, c in enumerate(tally.games_by_throws)) / 30
    )
    score, half_width = tally.first_side_score
    assert score == pytest.approx(tally.x_wins / 30) and half_width > 0
    assert pickle.loads(pickle.dumps(tally)) == tally
    assert senet.Tally().games == 0


def test_study_of_the_top_level_against_random_counts_its_wins():
    tallies = senet.study(["kendall"], pairings="top_vs_random", games=4, part=2)
    tally = tallies[("kendall", "top_vs_random")]
    assert tally.games == 4 and 0 <= tally.top_wins <= 4
    score, _ = tally.top_score
    assert score == pytest.approx(tally.top_wins / 4)
    random_only = senet.study(["kendall"], games=4)[("kendall", "random_vs_random")]
    assert random_only.top_wins == 0


def test_study_and_duel_of_a_rules_file_ruleset_here():
    from senet_testing import rules_file

    ruleset = rules_file("kendall7")
    tallies = senet.study([ruleset], games=10, part=4)
    assert tallies[("kendall7", "random_vs_random")].games == 10
    assert senet.duel(ruleset, 1, "random", pairs=2, part=1) == senet.duel(ruleset, 1, "random", pairs=2)


def test_duel_does_not_depend_on_how_the_work_is_cut():
    a = senet.duel("kendall", 1, "random", pairs=8, part=3)
    b = senet.duel("kendall", 1, "random", pairs=8, part=8)
    assert a == b
    assert a.pairs == 8
    assert a.a_wins + a.b_wins + a.draws + a.unfinished == 16
    assert 0.0 <= a.win_rate <= 1.0
    low, high = a.interval
    assert low <= a.win_rate <= high
    assert pickle.loads(pickle.dumps(a)) == a


def test_duel_refuses_a_bad_player():
    with pytest.raises(senet.BotError, match='a player is a bot level'):
        senet.duel("kendall", "nobody", "random", pairs=1)
    with pytest.raises(senet.BotError):
        senet.duel("kendall", 9, "random", pairs=1)


# --- on Ray -----------------------------------------------------------------------


def test_study_on_ray_equals_the_study_here(ray_cluster):
    here = senet.study(["kendall", "bell"], games=60, part=25)
    on_ray = senet.study(["kendall", "bell"], games=60, part=25, ray=True)
    assert on_ray == here
    assert on_ray == senet.study(["kendall", "bell"], games=60, part=7)


def test_duel_on_ray_equals_the_duel_here(ray_cluster):
    here = senet.duel("kendall", 1, "random", pairs=8, part=3)
    assert senet.duel("kendall", 1, "random", pairs=8, part=3, ray=True) == here


def test_study_of_a_rules_file_ruleset_on_ray(ray_cluster):
    from senet_testing import rules_file

    ruleset = rules_file("kendall7")
    here = senet.study([ruleset], games=10, part=5)
    assert senet.study([ruleset], games=10, part=5, ray=True) == here
