"""Train a small Senet agent against the level-1 bot, in NumPy only.

The method is REINFORCE with a baseline, the plainest policy gradient:

* The policy is a softmax over the 60 actions (``senet.ACTIONS``: the
  house a piece leaves and the direction), computed by a network with
  one hidden layer from the observation (``senet.OBSERVATION_SIZE``
  floats: the board, the roll, the side), and masked to the legal
  actions: the illegal ones get probability 0.
* The agent plays many games at once in a ``senet.Batch`` against the
  bot of level 1, sampling its moves from the policy. The only reward
  is the game's end: +1 for a win, -1 for a loss. Every move of a game
  is credited with that result, its return G (no discount: only the
  result counts, not how soon it comes).
* After every ``--games-per-update`` finished games, the policy's
  parameters move along the gradient of  sum (G - b(s)) log pi(a | s)
  over the moves of those games, with Adam. The baseline b(s) is a
  linear estimate of G from the observation, fitted by least squares as
  training goes; subtracting it leaves the gradient's expectation alone
  and makes it far less noisy. A small entropy bonus keeps the policy
  from settling too early.
* Every ``--eval-every`` updates (and after updates 1, 2, 4, 8, ...
  before the first of those), the greedy policy (the most
  probable legal action) plays the same ``--eval-games`` games against
  level 1: the same seeds, so the same throws, every time. Its win rate
  is the learning curve; the uniformly random legal policy's win rate
  on those games is the baseline to beat.

Everything is seeded (``--seed``), so a run repeats exactly. The curve
is printed as it grows, and drawn with matplotlib to the PNG that
``--plot`` names, if any (``pip install 'senet[plot]'`` installs it).

    python crates/senet-py/examples/train.py            # the defaults
    python crates/senet-py/examples/train.py --games 20000 --eval-every 10 --plot /tmp/quick.png
"""

import argparse
import os
import time

# The matrices are small: one BLAS thread is quicker than several, and
# leaves the other cores to the games.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402 (after the thread settings)

import senet  # noqa: E402

# Seeds of the evaluation games: fixed, whatever --seed says, so that
# runs with different seeds are measured on the same games.
EVAL_SEED = 20261204


def masked_softmax(logits, mask):
    """Softmax over each row's legal actions (mask 1); 0 elsewhere."""
    logits = np.where(mask, logits, -np.inf)
    logits = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


class Adam:
    """Adam's update for a list of parameter arrays, in place."""

    def __init__(self, params, lr, betas=(0.9, 0.999), eps=1e-8):
        self.params, self.lr, self.betas, self.eps = params, lr, betas, eps
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads):
        self.t += 1
        b1, b2 = self.betas
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.t)
            v_hat = v / (1 - b2**self.t)
            p -= self.lr * m_hat / (np.sqrt(v_hat) + self.eps)


class Policy:
    """obs -> tanh hidden layer -> logits (one per action), masked softmax."""

    def __init__(self, rng, hidden):
        n_obs, n_act = senet.OBSERVATION_SIZE, senet.ACTIONS
        self.w1 = rng.normal(0.0, 1.0 / np.sqrt(n_obs), (n_obs, hidden))
        self.b1 = np.zeros(hidden)
        # Small output weights: the untrained policy is close to uniform
        # over the legal actions (the random player), and its greedy
        # choice is an arbitrary one.
        self.w2 = rng.normal(0.0, 0.01, (hidden, n_act))
        self.b2 = np.zeros(n_act)
        self.params = [self.w1, self.b1, self.w2, self.b2]

    def forward(self, obs, mask):
        hidden = np.tanh(obs @ self.w1 + self.b1)
        return hidden, masked_softmax(hidden @ self.w2 + self.b2, mask)

    def sample(self, rng, obs, mask):
        _, p = self.forward(obs, mask)
        # One draw per row: the first action whose cumulative probability
        # passes a uniform number below the row's total (illegal actions,
        # at probability 0, never pass it first).
        cumulative = p.cumsum(axis=1)
        u = rng.random((len(p), 1)) * cumulative[:, -1:]
        return (cumulative <= u).sum(axis=1)

    def greedy(self, obs, mask):
        _, p = self.forward(obs, mask)
        return p.argmax(axis=1)

    def gradients(self, obs, mask, actions, advantages, entropy_coef):
        """The gradient of the loss
        -mean(A * log pi(a | s)) - entropy_coef * mean(entropy(pi(. | s)))."""
        n = len(obs)
        hidden, p = self.forward(obs, mask)
        # d(-log pi(a)) / d logits = p - onehot(a); weighted by A.
        d_logits = p.copy()
        d_logits[np.arange(n), actions] -= 1.0
        d_logits *= advantages[:, None]
        # d(-entropy) / d logits = p * (log p + H), over the legal actions.
        log_p = np.log(np.where(p > 0, p, 1.0))
        entropy = -(p * log_p).sum(axis=1, keepdims=True)
        d_logits += entropy_coef * p * (log_p + entropy)
        d_logits /= n
        d_hidden = (d_logits @ self.w2.T) * (1.0 - hidden**2)
        return [obs.T @ d_hidden, d_hidden.sum(axis=0), hidden.T @ d_logits, d_logits.sum(axis=0)]


class Baseline:
    """b(s) = v . obs + c, fitted to the returns by least squares (SGD)."""

    def __init__(self, lr):
        self.v = np.zeros(senet.OBSERVATION_SIZE)
        self.c = 0.0
        self.lr = lr

    def __call__(self, obs):
        return obs @ self.v + self.c

    def fit(self, obs, returns):
        error = self(obs) - returns
        self.v -= self.lr * obs.T @ error / len(obs)
        self.c -= self.lr * error.mean()


def evaluate(ruleset, opponent, games, choose, slots=256):
    """The win rate of ``choose(obs, mask) -> actions`` against the bot,
    over games 0 .. games-1 of the evaluation seed."""
    slots = min(slots, games)
    batch = senet.Batch(ruleset, slots, EVAL_SEED, opponent=opponent)
    # A batch numbers its games in the order they start: slot i plays
    # game i first, and each finished slot starts the next number.
    slot_game = np.arange(slots)
    next_game = slots
    wins = finished = 0
    while finished < games:
        actions = choose(batch.observations(), batch.action_masks())
        rewards, terminated, truncated = batch.step(actions)
        for slot in np.flatnonzero(terminated | truncated):
            if slot_game[slot] < games:
                finished += 1
                wins += rewards[slot] > 0
            slot_game[slot] = next_game
            next_game += 1
    return wins / games


def plot(path, curve, random_rate, rearmost_rate, eval_games, args, minutes):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    games, rates = np.array(curve).T
    # 95% interval of a win rate over eval_games games.
    half = 1.96 * np.sqrt(rates * (1 - rates) / eval_games)
    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    ax.fill_between(games, rates - half, rates + half, alpha=0.2, color="C0", label="95% interval")
    ax.plot(games, rates, "o-", color="C0", markersize=3, label="trained policy, greedy")
    ax.axhline(random_rate, color="C3", linestyle="--", label=f"random legal moves ({random_rate:.3f})")
    ax.axhline(rearmost_rate, color="0.4", linestyle=":", label=f"always the rearmost piece ({rearmost_rate:.3f})")
    ax.set_title(
        f"REINFORCE with a baseline (NumPy) against the level-{args.opponent} bot, "
        f"{args.ruleset}\n"
        f"seed {args.seed}, {args.games:,} training games, {minutes:.1f} min",
        fontsize=11,
    )
    # Learning is fastest at first: a logarithmic scale from 1,000 games
    # on (linear below) shows the start and the whole run.
    ax.set_xscale("symlog", linthresh=1000, linscale=0.4)
    ticks = [t for t in (0, 1_000, 10_000, 100_000, 1_000_000) if t <= games.max()]
    ax.xaxis.set_major_locator(matplotlib.ticker.FixedLocator(ticks + [games.max()]))
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_xlim(0, games.max() * 1.15)
    ax.set_xlabel("training games played (logarithmic scale from 1,000)")
    ax.set_ylabel(f"win rate over the same {eval_games:,} games")
    low = min(random_rate, rates.min()) - 0.05
    high = max(rearmost_rate, rates.max()) + 0.05
    ax.set_ylim(max(0.0, low), min(1.0, high))
    ax.xaxis.set_major_formatter(matplotlib.ticker.StrMethodFormatter("{x:,.0f}"))
    ax.grid(alpha=0.3)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    print(f"wrote {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="kendall", help="a built-in ruleset (default kendall)")
    parser.add_argument("--opponent", type=int, default=1, help="the bot's level (default 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the training games and the network (default 1)")
    parser.add_argument("--games", type=int, default=250_000, help="training games, at least (default 250000)")
    parser.add_argument("--envs", type=int, default=256, help="games played at once (default 256)")
    parser.add_argument("--games-per-update", type=int, default=256, help="finished games per gradient step (default 256)")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units (default 64)")
    parser.add_argument("--lr", type=float, default=3e-3, help="Adam's learning rate (default 0.003)")
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus (default 0.01)")
    parser.add_argument("--eval-every", type=int, default=40, help="updates between evaluations (default 40)")
    parser.add_argument("--eval-games", type=int, default=2000, help="games per evaluation (default 2000)")
    parser.add_argument("--plot", default=None, help="a PNG to draw the curve to (needs matplotlib)")
    args = parser.parse_args()
    if args.plot is not None:
        # Found out now, not after the training.
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            parser.error("--plot needs matplotlib: pip install 'senet[plot]'")

    started = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    ruleset = senet.Ruleset(args.ruleset)
    policy = Policy(rng, args.hidden)
    adam = Adam(policy.params, args.lr)
    baseline = Baseline(lr=0.05)

    def random_choice(obs, mask):
        # The same rng stream every time: a fixed random player.
        return np.argmax(eval_rng.random(mask.shape) * mask, axis=1)

    eval_rng = np.random.default_rng(EVAL_SEED)
    random_rate = evaluate(ruleset, args.opponent, args.eval_games, random_choice)
    print(f"random legal moves win {random_rate:.3f} of {args.eval_games} games against level {args.opponent}")
    # A fixed rule for comparison: always move the rearmost piece forward
    # if it can (the first legal action: the lowest house, forward first).
    rearmost_rate = evaluate(ruleset, args.opponent, args.eval_games, lambda obs, mask: mask.argmax(axis=1))
    print(f"the rearmost piece first wins {rearmost_rate:.3f}")
    curve = [(0, evaluate(ruleset, args.opponent, args.eval_games, policy.greedy))]
    print(f"games {0:>8,}  greedy win rate {curve[-1][1]:.3f}")

    batch = senet.Batch(ruleset, args.envs, args.seed, opponent=args.opponent)
    # The moves not yet learned from, one set of arrays a step call, each
    # row with the number of its game, so that a finished game's rows get
    # its result.
    slot_game = np.arange(args.envs)  # the game each slot is playing
    next_game = args.envs
    rows = []  # (obs, mask, actions, game ids) per step call
    results = {}  # game id -> its result, once finished
    played = 0  # finished training games
    updates = 0
    recent = []  # results of the games since the last report

    while played < args.games:
        obs, mask = batch.observations(), batch.action_masks()
        actions = policy.sample(rng, obs, mask)
        rewards, terminated, truncated = batch.step(actions)
        rows.append((obs, mask, actions, slot_game.copy()))
        for slot in np.flatnonzero(terminated | truncated):
            results[slot_game[slot]] = rewards[slot]
            recent.append(rewards[slot])
            # The batch starts a new game in this slot at once.
            slot_game[slot] = next_game
            next_game += 1
        if len(results) < args.games_per_update:
            continue

        # A gradient step on the finished games' moves. Games still going
        # keep their rows for a later step (those moves were sampled from
        # a slightly older policy; with small steps that does not matter).
        o, m, a, g = (np.concatenate(x) for x in zip(*rows))
        finished = np.isin(g, list(results))
        returns = np.array([results[i] for i in g[finished]])
        o_f, m_f, a_f = o[finished], m[finished], a[finished]
        advantages = returns - baseline(o_f)
        adam.step(policy.gradients(o_f, m_f, a_f, advantages, args.entropy))
        baseline.fit(o_f, returns)
        rows = [(o[~finished], m[~finished], a[~finished], g[~finished])]
        played += len(results)
        results = {}
        updates += 1

        # Evaluate every eval_every updates, and after updates 1, 2, 4, 8, ...
        # before that, when the policy changes fastest.
        early = updates < args.eval_every and updates & (updates - 1) == 0
        if early or updates % args.eval_every == 0 or played >= args.games:
            rate = evaluate(ruleset, args.opponent, args.eval_games, policy.greedy)
            curve.append((played, rate))
            print(
                f"games {played:>8,}  greedy win rate {rate:.3f}  "
                f"(training games won {np.mean(np.array(recent) > 0):.3f})  "
                f"{time.perf_counter() - started:.0f} s"
            )
            recent = []

    minutes = (time.perf_counter() - started) / 60
    print(
        f"done in {minutes:.1f} min: greedy win rate {curve[-1][1]:.3f} "
        f"(best {max(r for _, r in curve):.3f}), random {random_rate:.3f}, "
        f"over the same {args.eval_games} games against level {args.opponent}"
    )
    if args.plot is not None:
        plot(args.plot, curve, random_rate, rearmost_rate, args.eval_games, args, minutes)
        print(f"curve drawn to {args.plot}")


if __name__ == "__main__":
    main()
