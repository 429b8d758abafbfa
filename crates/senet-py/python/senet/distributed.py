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

import os

import senet._senet as _senet

PAIRINGS = ("random_vs_random", "top_vs_top", "top_vs_random")


def _parts(total, part):
    if part < 1:
        raise ValueError(f"part must be at least 1, not {part}")
    return [(start, min(start + part, total)) for start in range(0, total, part)]


def _run(function, tasks, ray):
    if ray is False or ray is None:
        return [function(*task) for task in tasks]
    import ray as ray_module

    if not ray_module.is_initialized():
        address = ray if isinstance(ray, str) else os.environ.get("RAY_ADDRESS", "local")
        ray_module.init(address=address, include_dashboard=False, log_to_driver=False)
    remote = ray_module.remote(function)
    return ray_module.get([remote.remote(*task) for task in tasks])


def _study_part(*task):
    return _senet.study_part(*task)


def _duel_part(*task):
    return _senet.duel_part(*task)


def study(rulesets=None, pairings=("random_vs_random",), games=1000, seed=1, part=250, ray=False):
    """Plays ``games`` games of each pairing (``"random_vs_random"``,
    ``"top_vs_top"``, ``"top_vs_random"``) on each ruleset (default: the
    seven built in) and returns ``{(ruleset name, pairing): senet.Tally}``.
    Game ``i`` is the game ``senet study --seed SEED`` plays as number ``i``.
    """
    if rulesets is None:
        rulesets = _senet.Ruleset.builtins()
    rulesets = [r if isinstance(r, _senet.Ruleset) else _senet.Ruleset(r) for r in rulesets]
    for pairing in pairings:
        if pairing not in PAIRINGS:
            raise ValueError(f"unknown pairing {pairing!r}; expected one of {PAIRINGS}")
    keys, tasks = [], []
    for ruleset in rulesets:
        for pairing in pairings:
            for start, end in _parts(games, part):
                keys.append((ruleset.name, pairing))
                tasks.append((ruleset, pairing, seed, start, end))
    results = {}
    for key, tally in zip(keys, _run(_study_part, tasks, ray)):
        results.setdefault(key, _senet.Tally()).merge(tally)
    return results


def duel(ruleset, a, b, pairs=100, seed=1, part=25, ray=False):
    """Plays ``pairs`` mirrored pairs of games, ``a`` against ``b`` (a bot
    level, 1 to 5, or ``"random"``), and returns ``senet.DuelStats``. Pair
    ``p`` throws from the seed ``senet duel --seed SEED`` gives it.
    """
    tasks = [(ruleset, a, b, seed, start, end) for start, end in _parts(pairs, part)]
    stats = _senet.DuelStats()
    for result in _run(_duel_part, tasks, ray):
        stats.merge(result)
    return stats
