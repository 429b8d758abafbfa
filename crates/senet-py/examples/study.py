"""The study of the seven rulesets, in one process and on Ray, side by side.

Plays the same games both ways (each game's throws and choices come from
the seed and its number alone), prints one table per way, and checks
that the tallies are equal. By default the Ray side starts a local
cluster; pass ``--address HOST:PORT`` to use a running one.

    python crates/senet-py/examples/study.py --games 2000 --top-games 40
"""

import argparse
import os
import time

import senet


def table(results):
    lines = [
        "| ruleset | pairing | games | x scores | mean throws | unfinished |",
        "|---|---|---|---|---|---|",
    ]
    for (name, pairing), tally in sorted(results.items()):
        score, half = tally.first_side_score
        if pairing == "top_vs_random":
            score, half = tally.top_score
        lines.append(
            f"| {name} | {pairing} | {tally.games} | {score:.3f} ± {half:.3f} "
            f"| {tally.mean_throws:.1f} | {tally.unfinished} |"
        )
    return "\n".join(lines)


def run(ray, games, top_games, seed, part):
    started = time.perf_counter()
    results = senet.study(
        pairings=("random_vs_random",), games=games, seed=seed, part=part, ray=ray
    )
    if top_games:
        results.update(
            senet.study(
                pairings=("top_vs_random",),
                games=top_games,
                seed=seed,
                part=max(1, part // 50),
                ray=ray,
            )
        )
    return results, time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per ruleset")
    parser.add_argument(
        "--top-games", type=int, default=40, help="games of level 5 against random per ruleset"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", type=int, default=500, help="games per part (per Ray task)")
    parser.add_argument("--address", default=None, help="a running Ray cluster (default: a new local one)")
    args = parser.parse_args()

    local, local_seconds = run(False, args.games, args.top_games, args.seed, args.part)
    print(f"## In one process: {local_seconds:.1f} s\n\n{table(local)}\n")

    import ray

    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
    started = time.perf_counter()
    ray.init(address=args.address or "local", include_dashboard=False, log_to_driver=False)
    init_seconds = time.perf_counter() - started
    cpus = int(ray.cluster_resources().get("CPU", 0))
    on_ray, ray_seconds = run(True, args.games, args.top_games, args.seed, args.part)
    print(
        f"## On Ray ({cpus} CPUs): {ray_seconds:.1f} s, "
        f"after {init_seconds:.1f} s to start or join the cluster\n\n{table(on_ray)}\n"
    )
    ray.shutdown()
    same = on_ray == local
    print(f"Same tallies on Ray and in one process: {same}")
    raise SystemExit(0 if same else 1)


if __name__ == "__main__":
    main()
