"""How fast random play runs from Python, for one ruleset.

Every contender plays random legal moves and, like a learning agent,
fetches the observation and the action mask before each decision; the
choice (NumPy's generator over the mask) is counted in the time. A step
is one decision of the caller; the bot's moves, lost throws and the
starts of new games happen inside the steps and are counted in them.

    python crates/senet-py/examples/bench.py [--ruleset kendall]

Contenders, in two settings (against the bot of level ``--opponent``,
as ``senet.gym_env`` plays; and both sides random, no bot):

(a) the environment, one ``step`` per call: ``senet.gym_env`` against the
    bot, ``senet.pettingzoo_env`` (AEC, ``last`` then ``step``) for both
    sides;
(b) ``senet.Episode`` directly, one ``step`` per call;
(c) ``senet.Batch`` of n games, one ``step`` call for all n; the choice
    is vectorized (``argmax(random * mask)`` over each row);
(d) ``senet.playouts``: whole random games in Rust, counted in games and
    throws (a throw is not a decision: lost throws count, and no
    observation or mask is made).

The machine's speed may change from second to second (shared cores,
clock states), so the contenders run interleaved, round after round,
and the table gives each one's best round, with its worst beside it.
"""

import argparse
import datetime
import importlib.metadata
import os
import platform
import sys
import time

import numpy as np

import senet


def choose(rng, mask):
    """A uniformly random legal action of one mask."""
    legal = np.flatnonzero(mask)
    return legal[rng.integers(legal.size)]


class GymEnv:
    """(a) The Gymnasium environment against a bot."""

    def __init__(self, ruleset, seed, opponent):
        self.env = senet.gym_env(ruleset, opponent=opponent)
        self.rng = np.random.default_rng(seed)
        self.obs, self.info = self.env.reset(seed=seed)

    def run(self, steps):
        env, rng, info, games = self.env, self.rng, self.info, 0
        for _ in range(steps):
            action = choose(rng, info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                obs, info = env.reset()
                games += 1
        self.info = info
        return steps, games


class AecEnv:
    """(a) The PettingZoo AEC environment, both sides random."""

    def __init__(self, ruleset, seed):
        self.env = senet.pettingzoo_env(ruleset)
        self.rng = np.random.default_rng(seed)
        self.env.reset(seed=seed)

    def run(self, steps):
        env, rng, done, games = self.env, self.rng, 0, 0
        while done < steps:
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)  # PettingZoo's way out for a finished agent
                if not env.agents:
                    env.reset()
                    games += 1
                continue
            env.step(choose(rng, obs["action_mask"]))
            done += 1
        return done, games


class Episodes:
    """(b) ``senet.Episode``, one step per call."""

    def __init__(self, ruleset, seed, opponent):
        self.ruleset, self.opponent, self.seed = ruleset, opponent, seed
        self.rng = np.random.default_rng(seed)
        self.episode = self._new()

    def _new(self):
        self.seed += 1
        return senet.Episode(self.ruleset, self.seed, opponent=self.opponent)

    def run(self, steps):
        episode, rng, games = self.episode, self.rng, 0
        for _ in range(steps):
            episode.observation()
            action = choose(rng, episode.action_mask())
            _, _, terminated, truncated, _ = episode.step(action)
            if terminated or truncated:
                episode = self._new()
                games += 1
        self.episode = episode
        return steps, games


class Batched:
    """(c) ``senet.Batch`` of n games, one call for all."""

    def __init__(self, ruleset, seed, opponent, n):
        self.batch = senet.Batch(ruleset, n, seed, opponent=opponent)
        self.rng = np.random.default_rng(seed)
        self.n = n
        # The n games start together; play a few games' length first so
        # that they end at different steps, as they do in a long run.
        if n > 1:
            self.run(300 * n)

    def run(self, steps):
        batch, rng, calls = self.batch, self.rng, max(1, steps // self.n)
        before = batch.episodes
        for _ in range(calls):
            batch.observations()
            mask = batch.action_masks()
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            batch.step(actions)
        return calls * self.n, batch.episodes - before


class Playouts:
    """(d) ``senet.playouts``: whole random games in Rust."""

    def __init__(self, ruleset, seed):
        self.ruleset, self.seed = ruleset, seed

    def run(self, games):
        self.seed += 1
        throws, _ = senet.playouts(self.ruleset, games, self.seed)
        return int(throws.sum()), games


def measure(contender, seconds, chunk):
    """Runs ``contender`` in chunks for about ``seconds``; returns (steps
    or throws, games, elapsed seconds)."""
    steps = games = 0
    start = time.perf_counter()
    while True:
        s, g = contender.run(chunk)
        steps, games = steps + s, games + g
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, games, elapsed


def fmt(value):
    return f"{value:,.0f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="kendall", help="a built-in ruleset (default kendall)")
    parser.add_argument("--opponent", type=int, default=1, help="the bot's level in the one-agent setting (default 1)")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--seconds", type=float, default=0.8, help="seconds per contender per round (default 0.8)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games and the choices (default 1)")
    parser.add_argument("--target", type=float, default=100_000, help="steps/s to reach with a batched call (default 100000)")
    args = parser.parse_args()
    started = time.perf_counter()
    ruleset = senet.Ruleset(args.ruleset)
    level = args.opponent

    # (name, setting, contender, chunk of steps per call of run)
    vs_bot = f"against level {level}"
    both = "both sides random"
    contenders = [
        ("(a) `gym_env` step", vs_bot, GymEnv(ruleset, args.seed, level), 500),
        ("(b) `Episode` step", vs_bot, Episodes(ruleset, args.seed, level), 500),
    ]
    contenders += [
        (f"(c) `Batch` n={n}", vs_bot, Batched(ruleset, args.seed, level, n), max(500, n * 4))
        for n in (1, 64, 1024)
    ]
    contenders += [
        ("(a) `pettingzoo_env` step", both, AecEnv(ruleset, args.seed), 500),
        ("(b) `Episode` step", both, Episodes(ruleset, args.seed, None), 500),
    ]
    contenders += [
        (f"(c) `Batch` n={n}", both, Batched(ruleset, args.seed, None, n), max(500, n * 4))
        for n in (1, 64, 1024)
    ]
    playouts = ("(d) `playouts`", both, Playouts(ruleset, args.seed), 1000)
    contenders.append(playouts)

    # Contender index -> (steps/s, games/s) of its best round, and of its worst.
    best, worst = {}, {}
    for round_ in range(args.rounds):
        for i, (name, setting, contender, chunk) in enumerate(contenders):
            steps, games, elapsed = measure(contender, args.seconds, chunk)
            rate, game_rate = steps / elapsed, games / elapsed
            if i not in best or rate > best[i][0]:
                best[i] = (rate, game_rate)
            if i not in worst or rate < worst[i][0]:
                worst[i] = (rate, game_rate)
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr)
    total = time.perf_counter() - started

    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"# Random play from Python: {ruleset.name}\n")
    print(
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"senet {importlib.metadata.version('senet')}, Python {platform.python_version()}, "
        f"NumPy {np.__version__}, {platform.machine()}, {cpus} CPUs seen. "
        f"{args.rounds} rounds of {args.seconds} s per contender, interleaved "
        f"(the machine's speed may switch between them); each row is the "
        f"contender's best round, with its worst round beside it. "
        f"The run took {total:.0f} s in all.\n"
    )
    print(
        "A step is one decision of the caller: observation, action mask, a random "
        "legal choice (NumPy), and the `step` call, which also plays the bot's "
        "moves, lost throws and new games. µs/step is the whole time of a step; "
        "the overhead is that minus the µs/step of the fastest `Batch` in the same "
        "setting: what one call per decision costs over a batched call. The "
        "games of a `Batch` are spread out before the first round.\n"
    )
    print("| setting | contender | steps/s (best) | steps/s (worst) | µs/step | overhead µs/step | games/s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    floor = {}  # the fastest batched call's µs/step, by setting
    for i, (name, setting, contender, _) in enumerate(contenders):
        if name.startswith("(c)"):
            floor[setting] = min(floor.get(setting, 1e9), 1e6 / best[i][0])
    for i, (name, setting, contender, _) in enumerate(contenders):
        if contender is playouts[2]:
            continue
        rate, game_rate = best[i]
        us = 1e6 / rate
        print(
            f"| {setting} | {name} | {fmt(rate)} | {fmt(worst[i][0])} | {us:.2f} | "
            f"{us - floor[setting]:.2f} | {fmt(game_rate)} |"
        )

    i = len(contenders) - 1
    throws_rate, game_rate = best[i]
    print()
    print("| whole games in Rust | games/s (best) | games/s (worst) | throws/s (best) | throws/game |")
    print("|---|---:|---:|---:|---:|")
    mean_throws = throws_rate / game_rate
    print(
        f"| (d) `senet.playouts` | {fmt(game_rate)} | {fmt(worst[i][1])} | "
        f"{fmt(throws_rate)} | {mean_throws:.1f} |"
    )
    print(
        "\nThrows are not decisions: they include lost throws (no legal move), and "
        "a playout makes no observation or mask; compare games/s, not throws/s, "
        "with the steps above.\n"
    )
    for setting in (vs_bot, both):
        batched = max(
            best[i][0] for i, c in enumerate(contenders) if c[0].startswith("(c)") and c[1] == setting
        )
        verdict = "met" if batched >= args.target else "NOT met"
        print(
            f"- Target, at least {fmt(args.target)} steps/s in one process with a batched "
            f"call, {setting}: {verdict} ({fmt(batched)} steps/s, the best `Batch`)."
        )


if __name__ == "__main__":
    main()
