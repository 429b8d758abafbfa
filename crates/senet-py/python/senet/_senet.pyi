"""Type stubs of the extension module ``senet._senet`` (Rust, PyO3).

Wherever a ruleset is asked for, a ``Ruleset`` or a built-in ruleset's
name does. Sides are ``"x"`` (throws first) and ``"o"``.
"""

import os
from typing import Final, Literal, Optional, Sequence, Union, final

import numpy as np
import numpy.typing as npt

_Side = Literal["x", "o"]
_Outcome = Literal["x", "o", "draw"]
_RulesetArg = Union["Ruleset", str]
_MoveArg = Union["Move", str]
_SeedArg = Union[int, bytes, bytearray, str]
_Player = Union[int, Literal["random"]]
_Path = Union[str, "os.PathLike[str]"]

__all__ = [
    "Ruleset",
    "Position",
    "Move",
    "Game",
    "Verified",
    "verify",
    "Bot",
    "Table",
    "Episode",
    "Batch",
    "pair_seed",
    "playouts",
    "Tally",
    "DuelStats",
    "study_part",
    "duel_part",
    "SenetError",
    "RulesetError",
    "PositionError",
    "IllegalMoveError",
    "GameError",
    "RecordError",
    "TableError",
    "BotError",
    "OBSERVATION_SIZE",
    "ACTIONS",
]

OBSERVATION_SIZE: Final[int]
"""The length of an observation vector (99)."""
ACTIONS: Final[int]
"""The size of the action space (60): ``2 * (house - 1) + backward``."""

class SenetError(ValueError):
    """Bad input to senet: the message says what is wrong and where."""

class RulesetError(SenetError):
    """An unknown ruleset name, or a rules file that states no valid ruleset."""

class PositionError(SenetError):
    """A position string that is no position of the ruleset."""

class IllegalMoveError(SenetError):
    """A move that does not fit the position and roll, or move text that names none."""

class GameError(SenetError):
    """A game refused the request: it is over, a move is pending, or no throw was made."""

class RecordError(SenetError):
    """A record that cannot be read, or whose game does not replay as written."""

class TableError(SenetError):
    """An endgame table that cannot be read, solved or asked about this position."""

class BotError(SenetError):
    """A bot level out of range, or no decision to make in the position."""

@final
class Ruleset:
    """A reconstruction of the rules of Senet: one of the seven built in,
    by name, or one read from a rules file (TOML)."""

    def __new__(cls, ruleset: Union[str, "Ruleset"]) -> "Ruleset":
        """The built-in ruleset of this name, in any case (or ``ruleset``
        itself, when it is a ``Ruleset``)."""
    @staticmethod
    def builtins() -> list["Ruleset"]:
        """The seven built-in rulesets."""
    @staticmethod
    def from_file(path: _Path) -> "Ruleset":
        """The ruleset a rules file states; ``RulesetError`` naming the line
        for a bad file, ``OSError`` for a missing one or one that is no
        regular file of at most 1 MiB."""
    @staticmethod
    def from_toml(text: str) -> "Ruleset":
        """The ruleset a rules file's text states."""
    @property
    def name(self) -> str:
        """The ruleset's name, as records and positions name it."""
    @property
    def revision(self) -> int:
        """The revision of the ruleset's rules."""
    @property
    def pieces_per_side(self) -> int:
        """Pieces each side has."""
    @property
    def rolls(self) -> list[int]:
        """The rolls the ruleset's implement makes, from the smallest."""
    @property
    def roll_chances(self) -> list[tuple[int, float]]:
        """Each roll the implement makes with its chance, from the smallest."""
    @property
    def is_builtin(self) -> bool:
        """Whether the ruleset is built in (not read from a file)."""
    @property
    def text(self) -> Optional[str]:
        """For a ruleset read from a file, the file's text (what it is
        pickled as); ``None`` for a built-in one."""
    @property
    def title(self) -> Optional[str]:
        """For a ruleset read from a file, the file's ``title`` key (what
        the reconstruction is, in a line); ``None`` for a built-in one."""
    @property
    def source(self) -> Optional[str]:
        """For a ruleset read from a file, the file's ``source`` key (where
        the reconstruction was published); ``None`` for a built-in one."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, tuple[str]]: ...

@final
class Move:
    """One legal play of one piece, made for the position and roll that
    listed it. ``str(move)`` is its notation (``"2: 10-12"``)."""

    @property
    def roll(self) -> int:
        """The roll the move plays."""
    @property
    def from_house(self) -> int:
        """The house the piece leaves, 1 to 30."""
    @property
    def to_house(self) -> Optional[int]:
        """The house the piece reaches, 1 to 30, or ``None`` when it bears off."""
    @property
    def is_backward(self) -> bool:
        """Whether the piece moves backward."""
    @property
    def is_off(self) -> bool:
        """Whether the piece leaves the board."""
    @property
    def is_hit(self) -> bool:
        """Whether the move lands on an opponent's piece."""
    @property
    def action(self) -> int:
        """The move's action: ``2 * (from_house - 1) + is_backward``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Position:
    """A position: the board, the side to throw, and what the ruleset
    marks. ``str(position)`` is the position string."""

    @staticmethod
    def start(ruleset: Optional[_RulesetArg] = None) -> "Position":
        """The ruleset's start position (default: Kendall)."""
    @staticmethod
    def parse(text: str, ruleset: Optional[_RulesetArg] = None) -> "Position":
        """Reads a position string, as ``str(position)`` writes it."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def side_to_throw(self) -> _Side:
        """The side to throw next."""
    @property
    def outcome(self) -> Optional[_Outcome]:
        """The winner, ``"draw"``, or ``None`` while the game goes on."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    def piece_at(self, house: int) -> Optional[_Side]:
        """The side with a piece on ``house`` (1 to 30), or ``None``."""
    def off(self, side: str) -> int:
        """The pieces ``side`` has borne off."""
    def in_hand(self, side: str) -> int:
        """The pieces ``side`` holds in its hand, waiting to enter the
        board: those neither on the board nor borne off, in a ruleset
        where a roll enters a piece; 0 in any other."""
    def moves(self, roll: int) -> list[Move]:
        """The legal moves for ``roll`` (1 to 6); empty when the throw is
        lost. A roll the ruleset's implement cannot make raises
        ``IllegalMoveError``."""
    def play(self, move: _MoveArg) -> "Position":
        """The position after ``move``: a ``Move``, or its notation
        (``"2: 10-12"``, or a lost throw's ``"3: -"``)."""
    def lose_throw(self, roll: int) -> "Position":
        """The position after a throw of ``roll`` with no legal move."""
    def observation(
        self, roll: Optional[int] = None, observer: Optional[str] = None
    ) -> npt.NDArray[np.float32]:
        """The observation vector for ``observer`` (default: the side to throw)."""
    def action_mask(self, roll: int) -> npt.NDArray[np.int8]:
        """The action mask of ``roll``: 1 for the action of each legal move."""
    def move_for_action(self, roll: int, action: int) -> Optional[Move]:
        """The legal move of ``roll`` that ``action`` names, or ``None``."""
    def notation(self, move: Move) -> str:
        """The notation of ``move`` here."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, tuple[str, Ruleset]]: ...

@final
class Game:
    """A game from a seed: ``throw()``, then ``play()`` one of
    ``legal_moves``; a throw with no legal move is played at once."""

    def __new__(
        cls,
        ruleset: Optional[_RulesetArg] = None,
        seed: Optional[_SeedArg] = None,
        start: Optional[Position] = None,
    ) -> "Game":
        """A new game of ``ruleset`` from its start or ``start``, with
        throws from ``seed`` (an int, bytes or hex; default: fresh)."""
    def throw(self) -> int:
        """Throws for the side to play and returns the roll."""
    def play(self, move: _MoveArg) -> str:
        """Plays the pending throw's ``move`` and returns the turn's notation."""
    def resign(self, side: str) -> str:
        """``side`` resigns; returns how the game ended."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def position(self) -> Position:
        """The position now."""
    @property
    def to_play(self) -> Optional[_Side]:
        """The side to play, or ``None`` when the game is over."""
    @property
    def roll(self) -> Optional[int]:
        """The roll waiting for a move, or ``None``."""
    @property
    def legal_moves(self) -> list[Move]:
        """The moves the pending roll allows (empty before a throw)."""
    @property
    def history(self) -> list[tuple[_Side, str]]:
        """The turns so far, as ``(side, notation)`` pairs."""
    @property
    def outcome(self) -> Optional[_Outcome]:
        """The winner, ``"draw"``, or ``None`` while the game goes on."""
    @property
    def finish(self) -> Optional[str]:
        """How the game ended, in words, or ``None``."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
    @property
    def seed(self) -> Optional[str]:
        """The seed, in hex."""
    def record(self, x: Optional[str] = None, o: Optional[str] = None) -> str:
        """The game's record (text), with the players' names if given."""

@final
class Verified:
    """What ``verify`` found: the game a record replays to."""

    @property
    def position(self) -> Position:
        """The last position."""
    @property
    def turns(self) -> int:
        """The turns replayed."""
    @property
    def checked(self) -> Literal["seed and rules", "rules only"]:
        """What was checked."""
    @property
    def finish(self) -> Optional[str]:
        """How the game ended, in words, or ``None`` for an unfinished game."""
    @property
    def outcome(self) -> Optional[_Outcome]:
        """The winner, ``"draw"``, or ``None``."""

def verify(record: str, ruleset: Optional[_RulesetArg] = None) -> Verified:
    """Replays a record, checking every roll against its seed and every
    move against the rules; ``RecordError`` says where it fails."""

@final
class Bot:
    """A bot of one level (1 to 5) for one ruleset."""

    def __new__(cls, ruleset: _RulesetArg, level: int, table: Optional["Table"] = None) -> "Bot":
        """The bot of ``level`` for ``ruleset``, with an endgame ``table``."""
    @property
    def level(self) -> int:
        """The bot's level."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def name(self) -> str:
        """The bot's name."""
    def decide(self, position: Position, roll: int) -> Move:
        """The move the bot plays for ``roll`` in ``position``."""
    def hint(self, position: Position, roll: int) -> list[tuple[Move, float]]:
        """Every legal move for ``roll``, best first, with the bot's equity."""

@final
class Table:
    """Exact odds of every position with at most ``bound`` pieces a side."""

    @staticmethod
    def solve(ruleset: _RulesetArg, bound: int) -> "Table":
        """Solves the endgames of ``ruleset`` up to ``bound`` pieces a side."""
    @staticmethod
    def load(path: _Path, ruleset: _RulesetArg) -> "Table":
        """Reads a table file of ``ruleset``."""
    def save(self, path: _Path) -> None:
        """Writes the table to a file ``Table.load`` reads."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def bound(self) -> int:
        """The most pieces a side has on the board in the table's positions."""
    def __len__(self) -> int: ...
    def probe(self, position: Position) -> Optional[float]:
        """The table's value of ``position``: x's share of the game under
        best play (x's chance to win plus half a draw's), or ``None``
        outside the table."""
    def best_move(self, position: Position, roll: int) -> Optional[tuple[Move, float]]:
        """The side to throw's best move for ``roll`` and the table's value
        (x's share) after it; ``None`` outside the table or for a lost throw."""

@final
class Episode:
    """One game for learning agents: throws for both sides, plays lost
    throws and the bot's moves, and waits where an agent has a move to
    choose."""

    def __new__(
        cls,
        ruleset: _RulesetArg,
        seed: _SeedArg,
        opponent: Optional[int] = None,
        opponent_side: str = "o",
        max_turns: int = ...,
        table: Optional[Table] = None,
    ) -> "Episode":
        """A game of ``ruleset`` from ``seed``, with a bot of level
        ``opponent`` on ``opponent_side`` if given."""
    def step(self, action: int) -> tuple[float, float, bool, bool, bool]:
        """Plays ``action``: ``(reward_x, reward_o, terminated, truncated, illegal)``."""
    def observation(self, observer: Optional[str] = None) -> npt.NDArray[np.float32]:
        """The observation for ``observer`` (default: the side to play)."""
    def action_mask(self) -> npt.NDArray[np.int8]:
        """The action mask of the side to play."""
    @property
    def to_play(self) -> Optional[_Side]:
        """The side with a move to choose, or ``None`` when the episode is over."""
    @property
    def roll(self) -> Optional[int]:
        """The roll waiting for a move, or ``None``."""
    @property
    def legal_moves(self) -> list[Move]:
        """The legal moves of the side to play."""
    @property
    def position(self) -> Position:
        """The position now."""
    @property
    def ruleset(self) -> Ruleset:
        """The ruleset."""
    @property
    def turns(self) -> int:
        """Turns played so far, lost throws included."""
    @property
    def history(self) -> list[tuple[_Side, str]]:
        """The turns so far, as ``(side, notation)`` pairs."""
    @property
    def outcome(self) -> Optional[_Outcome]:
        """The winner, ``"draw"``, or ``None``."""
    @property
    def is_done(self) -> bool:
        """Whether the game ended, or was cut short."""
    def record(self) -> str:
        """The game's record (text)."""

@final
class Batch:
    """``n`` games stepped together and restarted as they end; game ``k``
    throws from ``pair_seed(seed, k)``."""

    def __new__(
        cls,
        ruleset: _RulesetArg,
        n: int,
        seed: int,
        opponent: Optional[int] = None,
        opponent_side: str = "o",
        max_turns: int = ...,
    ) -> "Batch":
        """``n`` games of ``ruleset`` from ``seed``."""
    def __len__(self) -> int: ...
    @property
    def episodes(self) -> int:
        """Games finished (ended or cut short) so far."""
    def observations(self) -> npt.NDArray[np.float32]:
        """The observations, ``n`` by ``OBSERVATION_SIZE``."""
    def final_observations(self) -> npt.NDArray[np.float32]:
        """The last observation of each game the last ``step`` ended (float32,
        ``n`` by ``OBSERVATION_SIZE``), as the side that acted saw it."""
    def action_masks(self) -> npt.NDArray[np.int8]:
        """The action masks, ``n`` by ``ACTIONS``."""
    def sides(self) -> npt.NDArray[np.int8]:
        """The side to play in each game: 0 for x, 1 for o."""
    def step(
        self, actions: Union[npt.NDArray[np.integer], Sequence[int]]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """Plays one action (any integers, one per game) in every game:
        ``(rewards, terminated, truncated)``."""

def pair_seed(master: int, pair: int) -> bytes:
    """The seed of game (or pair) ``pair`` of a batch, a study or a duel
    seeded with ``master``: 16 bytes, ``master`` then ``pair``,
    little-endian."""

def playouts(
    ruleset: _RulesetArg, games: int, seed: int, max_throws: int = 100000
) -> tuple[npt.NDArray[np.uint32], npt.NDArray[np.int8]]:
    """Plays ``games`` random games in Rust: ``(throws, winners)``
    (winner 0 x, 1 o, 2 draw, -1 cut short)."""

@final
class Tally:
    """A study's tally of games; tallies of parts merge."""

    def __new__(cls) -> "Tally":
        """An empty tally."""
    def merge(self, other: "Tally") -> None:
        """Adds ``other``'s games to this tally."""
    @property
    def games(self) -> int:
        """Games played."""
    @property
    def x_wins(self) -> int:
        """Games x won."""
    @property
    def draws(self) -> int:
        """Drawn games."""
    @property
    def top_wins(self) -> int:
        """Games the top level won against random."""
    @property
    def unfinished(self) -> int:
        """Games cut short at the throw limit."""
    @property
    def lost(self) -> int:
        """Throws with no legal move."""
    @property
    def contacts(self) -> int:
        """Landings on an opponent's piece."""
    @property
    def water(self) -> int:
        """Pieces that fell in the water."""
    @property
    def backward(self) -> int:
        """Backward moves."""
    @property
    def games_by_throws(self) -> list[int]:
        """``games_by_throws[n]``: games that lasted ``n`` throws."""
    @property
    def games_by_turns(self) -> list[int]:
        """``games_by_turns[n]``: games that lasted ``n`` turns."""
    @property
    def mean_throws(self) -> float:
        """The mean throws a game."""
    @property
    def first_side_score(self) -> tuple[float, float]:
        """x's score per game, with its 95% interval's half width."""
    @property
    def top_score(self) -> tuple[float, float]:
        """The top level's score against random, with its half width."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __getstate__(self) -> tuple[list[int], list[int], list[int]]: ...
    def __setstate__(self, state: tuple[list[int], list[int], list[int]]) -> None: ...

def study_part(ruleset: _RulesetArg, pairing: str, seed: int, start: int, end: int) -> Tally:
    """Plays and tallies games ``start..end`` of a study."""

@final
class DuelStats:
    """A duel's results: mirrored pairs; results of parts merge."""

    def __new__(cls) -> "DuelStats":
        """No pairs yet."""
    def merge(self, other: "DuelStats") -> None:
        """Adds ``other``'s pairs."""
    @property
    def pairs(self) -> int:
        """Mirrored pairs played."""
    @property
    def a_wins(self) -> int:
        """Games the first player won."""
    @property
    def b_wins(self) -> int:
        """Games the second player won."""
    @property
    def draws(self) -> int:
        """Drawn games."""
    @property
    def unfinished(self) -> int:
        """Games cut short."""
    @property
    def throws(self) -> int:
        """Throws in all games."""
    @property
    def win_rate(self) -> float:
        """The first player's score per game."""
    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of ``win_rate``."""
    def __eq__(self, value: object, /) -> bool: ...
    def __ne__(self, value: object, /) -> bool: ...
    def __getstate__(self) -> bytes: ...
    def __setstate__(self, state: bytes) -> None: ...

def duel_part(
    ruleset: _RulesetArg, a: _Player, b: _Player, seed: int, start: int, end: int
) -> DuelStats:
    """Plays mirrored pairs ``start..end`` of a duel of ``a`` against ``b``."""
