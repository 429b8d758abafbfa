"""The study of the rulesets and bot duels, in one process or on Ray.

The work is cut in parts, ranges of game (or pair) numbers; each game's
throws and choices come from the seed and its number alone, so the parts
can run anywhere and their tallies, merged, do not depend on where they
ran or how the work was cut. ``ray=False`` (the default) plays the parts
here, one after another; ``ray=True`` runs them as Ray tasks on the
cluster ``ray.init`` finds (a new local one unless ``RAY_ADDRESS`` names
one, or the one this process already joined); ``ray="host:port"``
connects to that cluster.
"""

import operator
import os
from typing import Any, Callable, Iterable, Optional, Sequence, TypeVar, Union

import senet._senet as _senet

_T = TypeVar("_T")

PAIRINGS = ("random_vs_random", "top_vs_top", "top_vs_random")


#: The most games (or pairs) one study or duel plays.
MAX_GAMES = 1_000_000_000


def _parts(total: int, part: int) -> list[tuple[int, int]]:
    total = operator.index(total)
    part = operator.index(part)
    if total < 0:
        raise ValueError(f"the number of games is {total}; it is at least 0")
    if total > MAX_GAMES:
        raise ValueError(f"the number of games is {total}; it is at most {MAX_GAMES}")
    if part < 1:
        raise ValueError(f"part must be at least 1, not {part}")
    return [(start, min(start + part, total)) for start in range(0, total, part)]


def _run(
    function: Callable[..., _T], tasks: Sequence[tuple[Any, ...]], ray: Union[bool, str, None]
) -> list[_T]:
    if ray is False or ray is None:
        return [function(*task) for task in tasks]
    import ray as ray_module

    if not ray_module.is_initialized():
        address = ray if isinstance(ray, str) else os.environ.get("RAY_ADDRESS", "local")
        ray_module.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray_module.remote(function)
    results: list[_T] = ray_module.get([remote.remote(*task) for task in tasks])
    return results


def _study_part(*task: Any) -> _senet.Tally:
    return _senet.study_part(*task)


def _duel_part(*task: Any) -> _senet.DuelStats:
    return _senet.duel_part(*task)


def study(
    rulesets: Union[_senet.Ruleset, str, Iterable[Union[_senet.Ruleset, str]], None] = None,
    pairings: Sequence[str] = ("random_vs_random",),
    games: int = 1000,
    seed: int = 1,
    part: int = 250,
    ray: Union[bool, str, None] = False,
) -> dict[tuple[str, str], _senet.Tally]:
    """Plays ``games`` games of each pairing (``"random_vs_random"``,
    ``"top_vs_top"``, ``"top_vs_random"``) on each ruleset (one, or several;
    default: the seven built in) and returns ``{(ruleset name, pairing):
    senet.Tally}``. ``games`` is 0 to ``MAX_GAMES``.
    Game ``i`` is the game ``senet study --seed SEED`` plays as number ``i``.
    """
    if rulesets is None:
        rulesets = _senet.Ruleset.builtins()
    elif isinstance(rulesets, (str, _senet.Ruleset)):
        # One ruleset, not a string's letters.
        rulesets = [rulesets]
    if isinstance(pairings, str):
        pairings = (pairings,)
    chosen = [r if isinstance(r, _senet.Ruleset) else _senet.Ruleset(r) for r in rulesets]
    for pairing in pairings:
        if pairing not in PAIRINGS:
            raise ValueError(f"unknown pairing {pairing!r}; expected one of {PAIRINGS}")
    parts = _parts(games, part)
    keys: list[tuple[str, str]] = []
    tasks: list[tuple[Any, ...]] = []
    for ruleset in chosen:
        for pairing in pairings:
            for start, end in parts:
                keys.append((ruleset.name, pairing))
                tasks.append((ruleset, pairing, seed, start, end))
    results: dict[tuple[str, str], _senet.Tally] = {}
    for key, tally in zip(keys, _run(_study_part, tasks, ray)):
        results.setdefault(key, _senet.Tally()).merge(tally)
    return results


def duel(
    ruleset: Union[_senet.Ruleset, str],
    a: Union[int, str],
    b: Union[int, str],
    pairs: int = 100,
    seed: int = 1,
    part: int = 25,
    ray: Union[bool, str, None] = False,
) -> _senet.DuelStats:
    """Plays ``pairs`` mirrored pairs of games, ``a`` against ``b`` (a bot
    level, 1 to 5, or ``"random"``), and returns ``senet.DuelStats``. Pair
    ``p`` throws from the seed ``senet duel --seed SEED`` gives it.
    """
    tasks: list[tuple[Any, ...]] = [
        (ruleset, a, b, seed, start, end) for start, end in _parts(pairs, part)
    ]
    stats = _senet.DuelStats()
    for result in _run(_duel_part, tasks, ray):
        stats.merge(result)
    return stats
