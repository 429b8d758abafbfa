"""Steps per CPU-second of Gymnasium's vector environments of Senet,
against level 1 in Kendall, each game's action the first legal one:
``gymnasium.make_vec`` synchronous (one ``SenetEnv`` per game, stepped
in Python) and its default for the ids ``senet`` registers,
``SenetVectorEnv`` (every game stepped in Rust by ``senet.Batch``), with
8 and 64 games, and ``senet.Batch`` itself.

    python crates/senet-py/examples/vector_bench.py
"""

import time

import gymnasium
import numpy as np

import senet


def rate(envs, steps):
    """Steps a second of CPU time, over `steps` calls of `envs.step`."""
    _, info = envs.reset(seed=1)
    started = time.process_time()
    for _ in range(steps):
        _, _, _, _, info = envs.step(info["action_mask"].argmax(axis=1))
    elapsed = time.process_time() - started
    envs.close()
    return steps * envs.num_envs / elapsed


def main():
    for n in (8, 64):
        sync = gymnasium.make_vec("senet/Kendall-v0", num_envs=n, vectorization_mode="sync")
        print(f"make_vec sync, {n} games: {rate(sync, 300):,.0f} steps per CPU-second")
        native = gymnasium.make_vec("senet/Kendall-v0", num_envs=n)
        print(f"make_vec SenetVectorEnv, {n} games: {rate(native, 3000):,.0f} steps per CPU-second")
    batch = senet.Batch("kendall", 64, 1, opponent=1)
    started = time.process_time()
    for _ in range(3000):
        batch.step(batch.action_masks().argmax(axis=1).astype(np.int64))
    print(f"Batch, 64 games: {3000 * 64 / (time.process_time() - started):,.0f} steps per CPU-second")


if __name__ == "__main__":
    main()
