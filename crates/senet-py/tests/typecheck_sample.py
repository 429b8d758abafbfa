"""A use of the whole API for the type checker, not a test (pytest does
not collect it): `mypy --strict crates/senet-py/tests/typecheck_sample.py`
checks the stubs (`senet/_senet.pyi`) and `senet/__init__.py`'s
re-exports against real calls."""

from pathlib import Path
from typing import Optional

import numpy as np
import numpy.typing as npt

import senet
from senet import (
    ACTIONS,
    OBSERVATION_SIZE,
    Batch,
    Bot,
    DuelStats,
    Episode,
    Game,
    Move,
    Position,
    Ruleset,
    Table,
    Tally,
    Verified,
)


def play_out(game: Game) -> Verified:
    while not game.is_over:
        game.throw()
        moves: list[Move] = game.legal_moves
        if moves:
            text: str = game.play(moves[0])
            assert text
    return senet.verify(game.record(x="Ann"))


def main() -> None:
    kendall: Ruleset = Ruleset("kendall")
    names: list[str] = [r.name for r in Ruleset.builtins()]
    from_file: Ruleset = Ruleset.from_file(Path(__file__).resolve().parents[3] / "rules" / "kendall7.toml")
    source: Optional[str] = from_file.source
    start: Position = Position.start(kendall)
    parsed: Position = Position.parse(str(start), "kendall")
    moves: list[Move] = parsed.moves(3)
    after: Position = parsed.play("2: 10-12").play(parsed.play("2: 10-12").moves(1)[0])
    house: Optional[int] = moves[0].to_house
    side: Optional[str] = after.piece_at(1)
    obs: npt.NDArray[np.float32] = start.observation(roll=3, observer="x")
    mask: npt.NDArray[np.int8] = start.action_mask(3)
    move: Optional[Move] = start.move_for_action(3, moves[0].action)
    verified = play_out(Game("bell", seed=1))
    turns: int = verified.turns
    outcome: Optional[str] = verified.outcome

    bot = Bot(kendall, 3)
    best: Move = bot.decide(start, 3)
    ranked: list[tuple[Move, float]] = bot.hint(start, 3)
    table: Table = Table.solve("kendall", 1)
    odds: Optional[float] = table.probe(start)
    table.save("/tmp/kendall1.odds")
    again: Table = Table.load("/tmp/kendall1.odds", kendall)
    best_move: Optional[tuple[Move, float]] = again.best_move(start, 2)

    episode = Episode("kendall", 3, opponent=1)
    rx, ro, terminated, truncated, illegal = episode.step(int(episode.action_mask().argmax()))
    batch = Batch("kendall", 4, seed=1)
    rewards, ended, cut = batch.step(batch.action_masks().argmax(axis=1).astype(np.int64))
    throws, winners = senet.playouts("kendall", 10, 1)

    tallies: dict[tuple[str, str], Tally] = senet.study(["kendall"], games=10)
    stats: DuelStats = senet.duel("kendall", 1, "random", pairs=2)
    part: Tally = senet.study_part("kendall", "random_vs_random", 1, 0, 5)
    part.merge(senet.Tally())
    duel: DuelStats = senet.duel_part("kendall", 1, "random", 1, 0, 1)
    print(
        names, source, after, house, side, obs.shape, mask.sum(), move, turns, outcome,
        best, ranked, odds, best_move, rx, ro, terminated, truncated, illegal,
        rewards, ended, cut, throws, winners, tallies, stats, duel,
        OBSERVATION_SIZE, ACTIONS,
    )
    try:
        Position.parse("nope")
    except senet.PositionError as error:
        print(error)


def a_users_training_loop(episodes: int) -> float:
    """What a learner writes with the environments: every value typed."""
    from senet.envs import SenetAEC, SenetVectorEnv

    env = senet.gym_env("kendall", opponent=1, table=Table.solve("kendall", 1))
    total = 0.0
    for episode in range(episodes):
        obs, info = env.reset(seed=episode)
        done = False
        while not done:
            legal: npt.NDArray[np.intp] = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(int(legal[0]))
            total += reward
            done = terminated or truncated
    print(obs.shape, env.record())
    envs = SenetVectorEnv(num_envs=4)
    views, infos = envs.reset(seed=1)
    views, rewards, ended, cut, infos = envs.step(infos["action_mask"].argmax(axis=1))
    aec: SenetAEC = senet.pettingzoo_env("kendall")
    aec.reset(seed=0)
    print(views.shape, rewards.sum(), ended.any(), cut.any(), aec.observe("player_0")["action_mask"])
    return total


if __name__ == "__main__":
    main()
    a_users_training_loop(1)
