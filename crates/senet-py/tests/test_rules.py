"""Rulesets, positions and moves: `senet.Ruleset`, `senet.Position`,
`senet.Move` and the exceptions they raise."""

import copy
import os
import pickle

import pytest

import senet
from senet_testing import BUILTIN_NAMES, RULES_DIR, random_positions, rules_file

PIECES = {"bell": 10, "kendall1979": 7}


# --- the module -----------------------------------------------------------


def test_exceptions_are_senet_errors_and_value_errors():
    for name in [
        "RulesetError",
        "PositionError",
        "IllegalMoveError",
        "GameError",
        "RecordError",
        "TableError",
        "BotError",
    ]:
        cls = getattr(senet, name)
        assert issubclass(cls, senet.SenetError), name
    assert issubclass(senet.SenetError, ValueError)


def test_constants_give_the_observation_and_action_sizes():
    assert senet.OBSERVATION_SIZE == 99
    assert senet.ACTIONS == 60


def test_package_all_names_exist():
    for name in senet.__all__:
        assert hasattr(senet, name), name


# --- rulesets by name -----------------------------------------------------


def test_builtins_are_the_seven_rulesets_in_order():
    assert [r.name for r in senet.Ruleset.builtins()] == BUILTIN_NAMES


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_ruleset_by_name_in_any_case(name):
    for spelling in (name, name.upper(), name.title(), name.swapcase()):
        ruleset = senet.Ruleset(spelling)
        assert ruleset.name == name
        assert ruleset == senet.Ruleset(name)
        assert hash(ruleset) == hash(senet.Ruleset(name))


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_ruleset_properties(name):
    ruleset = senet.Ruleset(name)
    assert ruleset.rolls == sorted(set(ruleset.rolls)) and set(ruleset.rolls) <= {1, 2, 3, 4, 5, 6}
    if name in ("kendall", "jequier"):
        # Four sticks count 1 to 5, unless none light counts 6 (Jéquier).
        assert ruleset.rolls == ([1, 2, 3, 4, 6] if name == "jequier" else [1, 2, 3, 4, 5])
    assert ruleset.is_builtin
    assert ruleset.source is None and ruleset.text is None and ruleset.title is None
    assert ruleset.revision >= 1
    assert ruleset.pieces_per_side == PIECES.get(name, 5)
    assert str(ruleset) == name
    assert repr(ruleset) == f'Ruleset("{name}")'


def test_unknown_ruleset_name_raises_ruleset_error_listing_the_names():
    with pytest.raises(senet.RulesetError) as info:
        senet.Ruleset("nope")
    message = str(info.value)
    assert message.startswith('unknown ruleset "nope"')
    for name in BUILTIN_NAMES:
        assert name in message


def test_ruleset_argument_of_wrong_type_raises_type_error():
    with pytest.raises(TypeError):
        senet.Ruleset(3)
    with pytest.raises(TypeError, match="a ruleset is a senet.Ruleset or a ruleset's name"):
        senet.Position.start(3)


def test_ruleset_name_string_does_wherever_a_ruleset_is_asked_for():
    assert senet.Position.start("Bell") == senet.Position.start(senet.Ruleset("bell"))
    with pytest.raises(senet.RulesetError):
        senet.Position.start("nope")


def test_rulesets_differ_from_each_other():
    rulesets = senet.Ruleset.builtins()
    assert len(set(rulesets)) == 7
    assert senet.Ruleset("kendall") != senet.Ruleset("classic")


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_builtin_ruleset_pickles_and_copies(name):
    ruleset = senet.Ruleset(name)
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(ruleset, protocol))
        assert again == ruleset and again.is_builtin
    assert copy.deepcopy(ruleset) == ruleset


# --- rulesets from rules files ---------------------------------------------

#: The files whose throws are banked before moving: this module refuses
#: them until it plays banks.
BANKING_FILES = {"kendall1979-booklet"}
RULES_FILES = sorted(
    path.stem for path in RULES_DIR.glob("*.toml") if path.stem not in BANKING_FILES
)


def test_rules_dir_has_the_files():
    assert {"kendall", "kendall7", "bell"} <= set(RULES_FILES)


@pytest.mark.parametrize("stem", RULES_FILES)
def test_rules_file_reads_as_a_ruleset(stem):
    ruleset = rules_file(stem)
    assert ruleset.name == stem
    assert not ruleset.is_builtin
    assert "rules file" in repr(ruleset)
    start = senet.Position.start(ruleset)
    assert start.ruleset == ruleset
    board = str(start).split()[0].lower()
    # Every piece on the board, or (where pieces enter) in the hand.
    for side in ("x", "o"):
        assert board.count(side) + start.in_hand(side) == ruleset.pieces_per_side
    assert board.count("x") == board.count("o")


def test_rules_file_kendall_plays_as_the_builtin_kendall():
    from_file = rules_file("kendall")
    builtin = senet.Ruleset("kendall")
    # Not the same ruleset (a file may change), but the same game.
    assert from_file != builtin
    for position in random_positions(builtin, games=2, seed=3):
        mirrored = senet.Position.parse(str(position), from_file)
        assert str(mirrored) == str(position)
        for roll in builtin.rolls:
            assert [str(m) for m in mirrored.moves(roll)] == [str(m) for m in position.moves(roll)]


@pytest.mark.parametrize("stem", sorted(BANKING_FILES))
def test_a_rules_file_that_banks_throws_is_refused_with_the_reason(stem):
    path = RULES_DIR / f"{stem}.toml"
    with pytest.raises(senet.RulesetError, match="banks every throw before moving"):
        senet.Ruleset.from_file(path)
    with pytest.raises(senet.RulesetError, match="banks every throw before moving"):
        senet.Ruleset.from_toml(path.read_text())


def test_rules_file_from_toml_is_the_same_ruleset_as_from_file():
    path = RULES_DIR / "kendall7.toml"
    assert senet.Ruleset.from_toml(path.read_text()) == senet.Ruleset.from_file(path)
    assert senet.Ruleset.from_file(str(path)) == senet.Ruleset.from_file(path)


def test_rules_file_with_a_bad_value_raises_ruleset_error_naming_the_line(tmp_path):
    text = (RULES_DIR / "kendall.toml").read_text()
    assert "\npieces = 5\n" in text
    line = text.splitlines().index("pieces = 5") + 1
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("\npieces = 5\n", '\npieces = "five"\n'))
    with pytest.raises(senet.RulesetError) as info:
        senet.Ruleset.from_file(bad)
    message = str(info.value)
    assert str(bad) in message
    assert f"line {line}" in message
    assert "`pieces`" in message


def test_rules_file_with_an_unknown_key_raises_ruleset_error_naming_line_and_key(tmp_path):
    text = (RULES_DIR / "kendall.toml").read_text()
    lines = text.splitlines()
    at = lines.index("length = 3") + 1
    lines.insert(at, "bogus = 1")
    bad = tmp_path / "bogus.toml"
    bad.write_text("\n".join(lines) + "\n")
    with pytest.raises(senet.RulesetError, match=rf"line {at + 1}, `blockade.bogus`: unknown field"):
        senet.Ruleset.from_file(bad)
    with pytest.raises(senet.RulesetError, match=rf"^line {at + 1}, `blockade.bogus`"):
        senet.Ruleset.from_toml(bad.read_text())


def test_missing_rules_file_raises_os_error_not_ruleset_error(tmp_path):
    missing = tmp_path / "missing.toml"
    with pytest.raises(OSError) as info:
        senet.Ruleset.from_file(missing)
    assert not isinstance(info.value, senet.SenetError)
    assert str(missing) in str(info.value)


def test_rules_file_ruleset_keeps_the_files_text_title_and_source():
    path = RULES_DIR / "bell.toml"
    ruleset = senet.Ruleset.from_file(path)
    assert ruleset.text == path.read_text()
    text = path.read_text()
    assert f'title = "{ruleset.title}"' in text
    assert f'source = "{ruleset.source}"' in text


def test_rules_file_ruleset_pickles():
    ruleset = rules_file("kendall7")
    again = pickle.loads(pickle.dumps(ruleset))
    assert again == ruleset
    position = senet.Position.start(ruleset)
    assert pickle.loads(pickle.dumps(position)) == position


# --- positions ----------------------------------------------------------------


def test_kendall_start_position():
    start = senet.Position.start("kendall")
    assert str(start) == "oxoxoxoxox.................... x 0 0"
    assert start.side_to_throw == "x"
    assert start.outcome is None and not start.is_over
    assert start.piece_at(1) == "o" and start.piece_at(2) == "x" and start.piece_at(11) is None
    assert start.off("x") == 0 and start.off("o") == 0
    assert start.ruleset == senet.Ruleset("kendall")


def test_start_defaults_to_kendall():
    assert senet.Position.start() == senet.Position.start("kendall")
    assert senet.Position.parse(str(senet.Position.start())).ruleset.name == "kendall"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_start_position_has_each_sides_pieces(name):
    start = senet.Position.start(name)
    board = str(start).split()[0]
    pieces = senet.Ruleset(name).pieces_per_side
    assert sum(start.piece_at(h) == "x" for h in range(1, 31)) == pieces
    assert sum(start.piece_at(h) == "o" for h in range(1, 31)) == pieces
    assert len(board) == 30


def test_start_strings_of_the_builtin_rulesets():
    assert str(senet.Position.start("bell")) == "xoxoxoxoxoxoxoxoxoxo.......... x 0 0"
    assert str(senet.Position.start("temple")) == "xoxoxoxoxo.................... x 0 0"
    assert str(senet.Position.start("jequier")) == "oxoxoxoxo.x................... x 0 0"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_position_str_parse_round_trip(name):
    positions = random_positions(name, games=2, seed=11)
    assert len(positions) > 20
    for position in positions:
        text = str(position)
        again = senet.Position.parse(text, name)
        assert again == position
        assert str(again) == text
        assert hash(again) == hash(position)


def test_position_str_parse_round_trip_for_a_rules_file_ruleset():
    ruleset = rules_file("kendall7")
    for position in random_positions(ruleset, games=1, seed=2):
        assert senet.Position.parse(str(position), ruleset) == position


def test_position_repr_evaluates_back_to_the_position():
    for position in random_positions("kendall1979", games=1, seed=5)[:50]:
        assert eval(repr(position), {"Position": senet.Position}) == position


@pytest.mark.parametrize(
    "text, message",
    [
        ("oxox x 0 0", "BOARD must be exactly 30 characters, found 4"),
        (
            "oxoxoxoxox.................... x 0",
            "a position has four fields (BOARD SIDE XOFF OOFF), found 3",
        ),
        (
            "oxoxoxoxox...........q........ x 0 0",
            "BOARD: house 22 holds 'q'; only '.', 'x' and 'o' are allowed",
        ),
        ("oxoxoxoxox.................... z 0 0", "SIDE must be 'x' or 'o', found \"z\""),
        (
            "oxoxoxoxox....................  x 0 0",
            "fields must be separated by exactly one space, with no space before or after",
        ),
    ],
)
def test_position_parse_errors_carry_the_crates_message(text, message):
    with pytest.raises(senet.PositionError) as info:
        senet.Position.parse(text, "kendall")
    assert str(info.value) == message


def test_position_parse_refuses_pieces_the_ruleset_does_not_have():
    with pytest.raises(senet.PositionError) as info:
        senet.Position.parse("xoxoxoxoxoxoxoxoxoxo.......... x 0 0", "kendall")
    assert str(info.value) == "x has 10 pieces on the board and off, more than the 5 of kendall"
    with pytest.raises(senet.PositionError) as info:
        senet.Position.parse("oxox.......................... x 0 0", "kendall")
    assert str(info.value) == (
        "x has 2 pieces on the board and off, but kendall never removes a piece: it must be 5"
    )


def test_moves_at_the_kendall_start():
    start = senet.Position.start("kendall")
    assert [str(m) for m in start.moves(1)] == [
        "1: 2-3x+",
        "1: 4-5x+",
        "1: 6-7x+",
        "1: 8-9x+",
        "1: 10-11+",
    ]
    assert [str(m) for m in start.moves(2)] == ["2: 10-12"]
    assert [str(m) for m in start.moves(3)] == ["3: 2-5x", "3: 4-7x", "3: 6-9x", "3: 8-11", "3: 10-13"]
    assert [str(m) for m in start.moves(4)] == ["4: 8-12+", "4: 10-14+"]
    # The four sticks make no 6.
    with pytest.raises(senet.IllegalMoveError, match="four sticks, which cannot make a 6"):
        start.moves(6)


def test_move_attributes():
    (move,) = senet.Position.start("kendall").moves(2)
    assert move.roll == 2
    assert move.from_house == 10
    assert move.to_house == 12
    assert not move.is_backward and not move.is_off and not move.is_hit
    assert move.action == 2 * (10 - 1)
    assert str(move) == "2: 10-12"
    assert repr(move) == "<Move 2: 10-12>"


def test_hit_move_is_marked_as_a_hit():
    position = senet.Position.parse("oxoxoxox.x.o.................. x 0 0")
    (move,) = position.moves(2)
    assert move.is_hit
    assert str(move) == "2: 10-12x"
    after = position.play(move)
    assert after.piece_at(12) == "x" and after.piece_at(10) == "o"


def test_play_by_move_and_by_notation_agree():
    start = senet.Position.start("kendall")
    for roll in range(1, 6):
        for move in start.moves(roll):
            assert start.play(move) == start.play(str(move))


def test_play_returns_a_new_position_and_leaves_the_old_one():
    start = senet.Position.start("kendall")
    after = start.play("2: 10-12")
    assert str(after) == "oxoxoxoxo..x.................. o 0 0"
    assert str(start) == "oxoxoxoxox.................... x 0 0"
    assert after.side_to_throw == "o"


def test_throw_again_keeps_the_side_to_throw():
    after = senet.Position.start("kendall").play("1: 10-11+")
    assert after.side_to_throw == "x"


def test_notation_of_every_move_is_its_str():
    for position in random_positions("classic", games=1, seed=4)[:80]:
        for roll in range(1, 6):
            for move in position.moves(roll):
                assert position.notation(move) == str(move)


def _lost_throw():
    """A position and roll with no legal move, from a seeded game."""
    for position in random_positions("kendall", games=3, seed=1):
        for roll in range(1, 6):
            if not position.moves(roll) and not position.is_over:
                return position, roll
    raise AssertionError("no lost throw found")


def test_lose_throw_passes_the_throw_and_refuses_a_throw_with_moves():
    position, roll = _lost_throw()
    after = position.lose_throw(roll)
    assert after != position
    start = senet.Position.start("kendall")
    with pytest.raises(senet.IllegalMoveError, match=r"^the throw is not lost: 1 legal move\(s\) exist$"):
        start.lose_throw(2)
    with pytest.raises(senet.IllegalMoveError, match="this ruleset's throw cannot make a 6"):
        start.lose_throw(6)


def test_lost_throw_notation_plays_as_lose_throw():
    # `Position.play` documents "3: -" (a lost throw's notation) as a move
    # it plays: the result must be the position after the lost throw.
    position, roll = _lost_throw()
    assert position.play(f"{roll}: -") == position.lose_throw(roll)


@pytest.mark.parametrize("roll", [0, 7])
def test_roll_out_of_range_raises_illegal_move_error(roll):
    start = senet.Position.start()
    with pytest.raises(senet.IllegalMoveError, match=f'a roll is a number from 1 to 6, found "{roll}"'):
        start.moves(roll)
    with pytest.raises(senet.IllegalMoveError):
        start.action_mask(roll)


def test_malformed_move_text_raises_illegal_move_error():
    with pytest.raises(senet.IllegalMoveError, match=r'malformed move "garbage" at column 1'):
        senet.Position.start().play("garbage")


def test_illegal_move_text_raises_illegal_move_error_saying_why():
    start = senet.Position.start()
    with pytest.raises(senet.IllegalMoveError, match="^house 10 holds one of the mover's own pieces$"):
        start.play("2: 8-10")
    with pytest.raises(senet.IllegalMoveError, match="^a 2 takes the piece on 10 to 12, not 13$"):
        start.play("2: 10-13")
    with pytest.raises(senet.IllegalMoveError, match="^x has no piece on house 11$"):
        start.play("2: 11-13")


def test_play_of_a_non_move_raises_type_error():
    with pytest.raises(TypeError, match="a move is a senet.Move or its notation"):
        senet.Position.start().play(3)


def test_move_of_one_position_is_refused_in_another():
    start = senet.Position.start("kendall")
    (move,) = start.moves(2)
    after = start.play(move)
    # o to throw now: x's 10-12 is no move of o.
    with pytest.raises(senet.IllegalMoveError, match="^o has no piece on house 10$"):
        after.play(move)
    # Same roll, start and target, but a hit in one and not in the other.
    other = senet.Position.parse("oxoxoxox.x.o.................. x 0 0")
    (hit,) = other.moves(2)
    with pytest.raises(senet.IllegalMoveError, match="made for another position: here it is 2: 10-12$"):
        start.play(hit)
    with pytest.raises(senet.IllegalMoveError, match="made for another position: here it is 2: 10-12x$"):
        other.play(move)
    # A move of Kendall in Bell, where x has other houses.
    with pytest.raises(senet.IllegalMoveError):
        senet.Position.start("bell").play(move)


def test_piece_at_and_off_check_their_arguments():
    start = senet.Position.start()
    for house in (0, 31):
        with pytest.raises(ValueError, match="a house is a number from 1 to 30"):
            start.piece_at(house)
    with pytest.raises(ValueError, match='a side is "x" or "o"'):
        start.off("z")


def test_game_over_position_has_an_outcome():
    position = senet.Position.parse(".............................o x 5 4")
    assert position.is_over
    assert position.outcome == "x"
    assert all(position.moves(roll) == [] for roll in range(1, 6))
    with pytest.raises(senet.IllegalMoveError, match="cannot make a 6"):
        position.moves(6)


# --- equality, hashing, pickling ---------------------------------------------


def test_positions_compare_and_hash_by_board_side_and_ruleset():
    a = senet.Position.start("kendall")
    b = senet.Position.parse("oxoxoxoxox.................... x 0 0", "kendall")
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    same_board_other_rules = senet.Position.parse(str(a), "classic")
    assert a != same_board_other_rules
    other_side = senet.Position.parse("oxoxoxoxox.................... o 0 0", "kendall")
    assert a != other_side


def test_moves_compare_and_hash_by_value():
    start = senet.Position.start()
    assert start.moves(3) == start.moves(3)
    assert len({*start.moves(3), *start.moves(3)}) == 5
    assert start.moves(3)[0] != start.moves(3)[1]
    assert start.moves(2)[0] != "2: 10-12"


@pytest.mark.parametrize("name", BUILTIN_NAMES)
def test_position_pickles_with_its_ruleset(name):
    for position in random_positions(name, games=1, seed=8)[::25]:
        again = pickle.loads(pickle.dumps(position))
        assert again == position
        assert again.ruleset == position.ruleset
        assert copy.copy(position) == position


# --- observation and action mask of a position -------------------------------


def test_position_observation_encodes_pieces_roll_and_side():
    start = senet.Position.start("kendall")
    obs = start.observation(roll=3)
    assert obs.dtype.name == "float32" and obs.shape == (senet.OBSERVATION_SIZE,)
    assert list(obs[0:30].nonzero()[0] + 1) == [2, 4, 6, 8, 10]  # x's houses
    assert list(obs[30:60].nonzero()[0] + 1) == [1, 3, 5, 7, 9]  # o's houses
    assert list(obs[92:98]) == [0, 0, 1, 0, 0, 0]
    assert obs[98] == 1.0
    as_o = start.observation(observer="o")
    assert list(as_o[0:30].nonzero()[0] + 1) == [1, 3, 5, 7, 9]
    assert as_o[92:98].sum() == 0 and as_o[98] == 0.0


def test_a_ruleset_is_its_own_ruleset_argument():
    bell = senet.Ruleset("bell")
    assert senet.Ruleset(bell) == bell
    with pytest.raises(TypeError):
        senet.Ruleset(3)


def test_a_rules_file_that_is_no_regular_file_raises_os_error_without_waiting(tmp_path):
    # A FIFO would wait for a writer for ever if it were opened; a folder
    # and a device are no rules files either.
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, "/dev/zero"):
        with pytest.raises(OSError, match="not a regular file"):
            senet.Ruleset.from_file(path)


def test_a_rules_file_whose_games_cannot_end_raises_ruleset_error(tmp_path):
    text = (RULES_DIR / "kendall.toml").read_text()
    exits = 'from.26 = { 1 = "water", 2 = 28, 3 = 29, 4 = 30, 5 = "off" }'
    assert exits in text
    with pytest.raises(senet.RulesetError, match="a piece can reach house 26 but never leave the board"):
        senet.Ruleset.from_toml(text.replace(exits, ""))


def test_pieces_in_hand_enter_the_board():
    entering = rules_file("piccione-entering")
    start = senet.Position.start(entering)
    assert (start.in_hand("x"), start.in_hand("o")) == (5, 5)
    entry = start.moves(1)[0]
    assert str(entry) == "1: in-1+"
    after = start.play(entry)
    assert (after.in_hand("x"), after.in_hand("o")) == (4, 5)
    assert senet.Position.start(senet.Ruleset("kendall")).in_hand("x") == 0
