"""The rules of Senet under seven reconstructions, at Rust speed.

Positions, moves, seeded games with verifiable records, bots of five
levels, exact endgame odds, and environments for reinforcement learning
(``senet.gym_env``, ``senet.pettingzoo_env``, ``senet.Batch``), all from
the Rust crates of the same name.

>>> import senet
>>> start = senet.Position.start("kendall")
>>> [str(m) for m in start.moves(2)][:1]
['2: 10-12']
"""

from senet._senet import (
    ACTIONS,
    OBSERVATION_SIZE,
    Batch,
    Bot,
    BotError,
    DuelStats,
    Episode,
    Game,
    GameError,
    IllegalMoveError,
    Move,
    Position,
    PositionError,
    RecordError,
    Ruleset,
    RulesetError,
    SenetError,
    Table,
    TableError,
    Tally,
    Verified,
    duel_part,
    pair_seed,
    playouts,
    study_part,
    verify,
)
from typing import TYPE_CHECKING, Any, Union

from senet.distributed import duel, study

if TYPE_CHECKING:
    from senet.envs import SenetAEC, SenetEnv


def gym_env(ruleset: Union[str, Ruleset] = "kendall", opponent: int = 1, **kwargs: Any) -> "SenetEnv":
    """A Gymnasium environment: one agent against a bot of level
    ``opponent`` (1 to 5). See ``senet.envs.SenetEnv``."""
    from senet.envs import SenetEnv

    return SenetEnv(ruleset, opponent=opponent, **kwargs)


def pettingzoo_env(ruleset: Union[str, Ruleset] = "kendall", **kwargs: Any) -> "SenetAEC":
    """A PettingZoo AEC environment for two learning agents. See
    ``senet.envs.SenetAEC``."""
    from senet.envs import SenetAEC

    return SenetAEC(ruleset, **kwargs)


__all__ = [
    "ACTIONS",
    "GYM_IDS",
    "OBSERVATION_SIZE",
    "Batch",
    "Bot",
    "BotError",
    "DuelStats",
    "Episode",
    "Game",
    "GameError",
    "IllegalMoveError",
    "Move",
    "Position",
    "PositionError",
    "RecordError",
    "Ruleset",
    "RulesetError",
    "SenetError",
    "Table",
    "TableError",
    "Tally",
    "Verified",
    "duel",
    "duel_part",
    "gym_env",
    "pair_seed",
    "pettingzoo_env",
    "playouts",
    "study",
    "study_part",
    "verify",
]


#: The Gymnasium ids registered on import (when Gymnasium is installed):
#: one per built-in ruleset, and ``senet/Senet-v0``, whose ``ruleset``
#: keyword takes any ruleset, a rules file's included.
GYM_IDS = {
    "senet/Kendall-v0": "kendall",
    "senet/Temple-v0": "temple",
    "senet/Bell-v0": "bell",
    "senet/Classic-v0": "classic",
    "senet/Jequier-v0": "jequier",
    "senet/Kendall1979-v0": "kendall1979",
    "senet/Skyruk-v0": "skyruk",
    "senet/Senet-v0": "kendall",
}


def _register_gym_ids() -> None:
    """Registers `GYM_IDS` with Gymnasium, so that ``gymnasium.make`` and
    ``gymnasium.make_vec`` know them once ``senet`` is imported;
    ``make_vec`` makes the Rust-batched ``SenetVectorEnv`` unless a
    ``vectorization_mode`` is given."""
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - gymnasium is optional
        return
    for env_id, name in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="senet.envs:SenetEnv",
                vector_entry_point="senet.envs:SenetVectorEnv",
                kwargs={"ruleset": name},
            )


_register_gym_ids()
