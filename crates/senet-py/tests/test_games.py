"""Games, records, bots, endgame tables and playouts: `senet.Game`,
`senet.verify`, `senet.Bot`, `senet.Table`, `senet.playouts`."""

import re
import threading
import time

import numpy as np
import pytest

import senet
from senet_testing import play_random, random_positions, rules_file

# --- seeded games ---------------------------------------------------------------


def _random_game(ruleset, seed, choices=0, max_turns=None):
    game = senet.Game(ruleset, seed=seed)
    play_random(game, np.random.default_rng(choices), max_turns)
    return game


def test_same_seed_and_moves_make_the_same_game():
    a = _random_game("kendall", 11)
    b = _random_game("kendall", 11)
    assert a.is_over
    assert a.history == b.history
    assert a.record() == b.record()
    assert a.position == b.position


def test_other_seed_makes_another_game():
    assert _random_game("kendall", 11).history != _random_game("kendall", 12).history


def test_rolls_come_from_the_seed_alone():
    # The same seed throws the same first rolls whatever is played.
    def rolls(choices):
        game = senet.Game("kendall", seed=5)
        thrown = []
        rng = np.random.default_rng(choices)
        for _ in range(3):
            thrown.append(game.throw())
            if game.legal_moves:
                game.play(game.legal_moves[int(rng.integers(len(game.legal_moves)))])
        return thrown

    assert rolls(0)[0] == rolls(1)[0]


def test_seed_as_int_bytes_and_hex_are_the_same_seed():
    by_int = senet.Game(seed=258)
    by_bytes = senet.Game(seed=bytes([2, 1, 0, 0, 0, 0, 0, 0]))
    by_hex = senet.Game(seed="0201000000000000")
    assert by_int.seed == by_bytes.seed == by_hex.seed == "0201000000000000"
    assert by_int.throw() == by_bytes.throw() == by_hex.throw()


def test_game_without_a_seed_draws_a_fresh_one():
    a, b = senet.Game(), senet.Game()
    assert re.fullmatch(r"[0-9a-f]{64}", a.seed)
    assert a.seed != b.seed


def test_bad_seeds_are_refused():
    with pytest.raises(senet.GameError, match="lower-case hex"):
        senet.Game(seed="zz")
    with pytest.raises(senet.GameError, match="at most 32 bytes, found 33"):
        senet.Game(seed=b"x" * 33)
    with pytest.raises(TypeError, match="a seed is"):
        senet.Game(seed=1.5)


def test_game_properties_as_it_goes():
    game = senet.Game("kendall", seed=7)
    assert game.ruleset == senet.Ruleset("kendall")
    assert game.position == senet.Position.start("kendall")
    assert game.to_play == "x" and game.roll is None and game.legal_moves == []
    assert game.outcome is None and game.finish is None and not game.is_over
    roll = game.throw()
    assert game.roll == roll
    assert game.legal_moves == game.position.moves(roll)
    text = game.play(game.legal_moves[0])
    assert game.history == [("x", text)]
    assert game.roll is None
    assert "Game kendall after 1 turns" in repr(game)


def test_finished_game_has_outcome_and_finish():
    game = _random_game("bell", 3)
    assert game.is_over and game.to_play is None
    assert game.outcome in ("x", "o", "draw")
    assert game.position.outcome == game.outcome
    assert isinstance(game.finish, str) and game.finish


def test_throw_with_no_legal_move_is_lost_at_once():
    # o to throw, and a 2 moves no piece of o's.
    start = senet.Position.parse("oooooxx.xxx................... o 0 0")
    assert start.moves(2) == []
    for seed in range(200):
        game = senet.Game(start=start, seed=seed)
        if game.throw() == 2:
            break
    else:
        pytest.fail("no seed threw a 2")
    assert game.legal_moves == [] and game.roll is None
    assert game.history == [("o", "2: -")]
    assert game.to_play == "x"
    assert game.position == start.lose_throw(2)


def test_game_from_a_start_position_takes_its_ruleset():
    start = senet.Position.start("bell").play(senet.Position.start("bell").moves(1)[0])
    game = senet.Game(start=start, seed=1)
    assert game.ruleset.name == "bell"
    assert game.position == start
    with pytest.raises(senet.PositionError, match="the position is of the ruleset bell, not kendall"):
        senet.Game("kendall", start=start)


# --- errors of a game -------------------------------------------------------------


def test_play_before_the_throw_raises_game_error():
    game = senet.Game(seed=7)
    with pytest.raises(senet.GameError, match="x must throw first"):
        game.play("2: 10-12")


def test_throw_twice_raises_game_error():
    game = senet.Game(seed=7)
    game.throw()
    with pytest.raises(senet.GameError, match="must play it before anyone throws again"):
        game.throw()


def test_lost_throw_text_is_not_played_by_play():
    game = senet.Game(start=senet.Position.parse("oooooxx.xxx................... o 0 0"), seed=1)
    with pytest.raises(senet.GameError, match=r"a lost throw is played by throw\(\), not play\(\)"):
        game.play("2: -")


def test_illegal_move_in_a_game_raises_and_changes_nothing():
    game = senet.Game(seed=7)
    roll = game.throw()
    with pytest.raises(senet.SenetError):
        game.play(f"{roll}: 11-{11 + roll}")
    assert game.roll == roll and game.history == []


def test_finished_game_refuses_throw_play_and_resign():
    game = _random_game("kendall", 2)
    with pytest.raises(senet.GameError, match="the game is over"):
        game.throw()
    with pytest.raises(senet.GameError, match="the game is over"):
        game.resign("x")


def test_resign_ends_the_game_for_the_opponent():
    game = senet.Game(seed=1)
    finish = game.resign("x")
    assert game.is_over and game.outcome == "o"
    assert game.finish == finish and "resign" in finish
    with pytest.raises(ValueError, match='a side is "x" or "o"'):
        senet.Game(seed=1).resign("q")


def test_record_of_a_resigned_game_verifies_with_its_outcome():
    game = senet.Game(seed=1)
    game.throw()
    game.play(game.legal_moves[0])
    game.resign("o")
    verified = senet.verify(game.record())
    assert verified.finish == game.finish
    # `Verified.outcome` is documented as the winner: x, who did not resign.
    assert verified.outcome == "x"


# --- records and verify -------------------------------------------------------------


def test_record_of_a_finished_game_verifies():
    game = _random_game("kendall", 7, choices=3)
    record = game.record(x="Ann", o="Bob")
    assert '[X "Ann"]' in record and '[O "Bob"]' in record
    verified = senet.verify(record)
    assert verified.turns == len(game.history)
    assert verified.checked == "seed and rules"
    assert verified.position == game.position
    assert verified.outcome == game.outcome
    assert verified.finish == game.finish
    assert "seed and rules" in repr(verified)


@pytest.mark.parametrize("name", ["temple", "bell", "classic", "jequier", "kendall1979", "skyruk"])
def test_records_of_every_ruleset_verify(name):
    game = _random_game(name, 1)
    verified = senet.verify(game.record())
    assert verified.position == game.position and verified.outcome == game.outcome


def test_record_of_an_unfinished_game_verifies_as_unfinished():
    game = _random_game("kendall", 4, max_turns=30)
    verified = senet.verify(game.record())
    assert verified.turns == 30
    assert verified.finish is None and verified.outcome is None


def test_record_without_a_seed_verifies_by_the_rules_only():
    game = _random_game("kendall", 6, max_turns=20)
    record = "\n".join(line for line in game.record().split("\n") if not line.startswith("[Seed "))
    verified = senet.verify(record)
    assert verified.checked == "rules only"
    assert verified.position == game.position


def test_record_names_with_control_characters_are_refused():
    game = senet.Game(seed=1)
    assert '[X "A\\"B"]' in game.record(x='A"B')
    with pytest.raises(senet.RecordError, match="no control characters"):
        game.record(x="A\nB")


def _move_lines(record):
    """`(index, turn number, roll, rest)` of each line of a move (not a lost throw)."""
    found = []
    for index, line in enumerate(record.splitlines()):
        match = re.fullmatch(r"(\d+)\. ([1-6]): (\d+-.*)", line)
        if match:
            found.append((index, int(match[1]), int(match[2]), match[3]))
    return found


def _replace_line(record, index, line):
    lines = record.split("\n")
    lines[index] = line
    return "\n".join(lines)


def test_record_with_a_changed_roll_raises_record_error_naming_the_throw():
    record = _random_game("kendall", 9).record()
    index, turn, roll, rest = _move_lines(record)[5]
    other = 1 if roll != 1 else 2
    tampered = _replace_line(record, index, f"{turn}. {other}: {rest}")
    with pytest.raises(senet.RecordError) as info:
        senet.verify(tampered)
    assert str(info.value).startswith(f"throw {turn}: the seed throws {roll} here, the record says {other}")


def test_record_with_a_changed_move_raises_record_error_naming_the_throw():
    record = _random_game("kendall", 9).record()
    index, turn, roll, rest = _move_lines(record)[5]
    start = int(rest.split("-")[0])
    wrong = f"{start}-{start + roll + 1}"  # the roll does not go there
    tampered = _replace_line(record, index, f"{turn}. {roll}: {wrong}")
    with pytest.raises(senet.RecordError) as info:
        senet.verify(tampered)
    message = str(info.value)
    assert message.startswith(f"throw {turn}: the record says {roll}: {wrong}, which is not legal here")


def test_record_with_a_changed_seed_raises_record_error():
    record = _random_game("kendall", 9).record()
    tampered = record.replace('[Seed "0900000000000000"]', '[Seed "0a00000000000000"]')
    assert tampered != record
    with pytest.raises(senet.RecordError, match=r"^throw \d+: the seed throws"):
        senet.verify(tampered)


def test_unreadable_record_raises_record_error_naming_line_and_column():
    with pytest.raises(senet.RecordError, match=r"^line 1, column \d+"):
        senet.verify("garbage")


def test_record_of_a_rules_file_ruleset_verifies_with_that_ruleset():
    ruleset = rules_file("kendall7")
    game = _random_game(ruleset, 3)
    record = game.record()
    assert '[Ruleset "kendall7"]' in record and "[RulesFile " in record
    verified = senet.verify(record, ruleset=ruleset)
    assert verified.position == game.position
    assert verified.outcome == game.outcome
    # Without the file, the crate does not know the ruleset.
    with pytest.raises(senet.RecordError, match='ruleset "kendall7" is not one this crate plays'):
        senet.verify(record)
    with pytest.raises(senet.RecordError, match='the record is for "kendall7", not kendall'):
        senet.verify(record, ruleset="kendall")


def test_record_of_a_rules_file_is_refused_under_another_file_of_that_name():
    from senet_testing import RULES_DIR

    ruleset = rules_file("kendall7")
    text = (RULES_DIR / "kendall7.toml").read_text()
    changed = senet.Ruleset.from_toml(text.replace('title = "', 'title = "Changed: ', 1))
    assert changed.name == "kendall7" and changed != ruleset
    record = _random_game(ruleset, 2, max_turns=10).record()
    with pytest.raises(senet.RecordError, match="the record was played under another rules file: SHA-256"):
        senet.verify(record, ruleset=changed)


def test_record_of_a_builtin_ruleset_is_refused_under_another():
    record = _random_game("kendall", 2).record()
    with pytest.raises(senet.RecordError, match='the record is for "kendall", not bell'):
        senet.verify(record, ruleset="bell")


# --- bots ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def midgame_positions():
    positions = random_positions("kendall", games=1, seed=21)
    return [p for p in positions[10:200:19] if not p.is_over]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_decides_a_legal_move(level, midgame_positions):
    bot = senet.Bot("kendall", level)
    assert bot.level == level and bot.ruleset.name == "kendall"
    assert isinstance(bot.name, str) and bot.name
    decided = 0
    for position in [senet.Position.start("kendall"), *midgame_positions[:6]]:
        for roll in range(1, 6):
            moves = position.moves(roll)
            if moves:
                assert bot.decide(position, roll) in moves
                decided += 1
    assert decided >= 10


@pytest.mark.parametrize("level", [1, 3, 5])
def test_hint_ranks_all_legal_moves_best_first(level, midgame_positions):
    bot = senet.Bot("kendall", level)
    for position in midgame_positions[:5]:
        for roll in range(1, 6):
            moves = position.moves(roll)
            if not moves:
                continue
            hint = bot.hint(position, roll)
            assert sorted(str(m) for m, _ in hint) == sorted(str(m) for m in moves)
            equities = [e for _, e in hint]
            assert equities == sorted(equities, reverse=True)
            assert all(0.0 <= e <= 1.0 for e in equities)
            assert hint[0][0] == bot.decide(position, roll)


def test_bot_decides_the_same_twice(midgame_positions):
    bot = senet.Bot("kendall", 4)
    again = senet.Bot("kendall", 4)
    for position in midgame_positions[:5]:
        for roll in range(1, 6):
            if position.moves(roll):
                first = bot.decide(position, roll)
                assert bot.decide(position, roll) == first
                assert again.decide(position, roll) == first


@pytest.mark.parametrize("level", [0, 6])
def test_level_out_of_range_raises_bot_error(level):
    with pytest.raises(senet.BotError, match=f'a level is a number from 1 to 5, found "{level}"'):
        senet.Bot("kendall", level)


def test_decide_with_nothing_to_choose_raises_bot_error():
    bot = senet.Bot("kendall", 2)
    with pytest.raises(senet.BotError, match="cannot make a 6"):
        bot.decide(senet.Position.start("kendall"), 6)
    lost = senet.Position.parse("oooooxx.xxx................... o 0 0")
    with pytest.raises(senet.BotError):
        bot.decide(lost, 2)


def test_bot_refuses_a_position_of_another_ruleset():
    with pytest.raises(senet.PositionError, match="the position is of the ruleset bell, not kendall"):
        senet.Bot("kendall", 1).decide(senet.Position.start("bell"), 3)


def test_bot_plays_a_rules_file_ruleset():
    ruleset = rules_file("kendall7")
    start = senet.Position.start(ruleset)
    bot = senet.Bot(ruleset, 3)
    roll = next(r for r in range(1, 6) if start.moves(r))
    assert bot.decide(start, roll) in start.moves(roll)
    with pytest.raises(senet.PositionError):
        bot.decide(senet.Position.start("kendall"), roll)


# --- endgame tables -------------------------------------------------------------


@pytest.fixture(scope="module")
def table():
    return senet.Table.solve("kendall", 1)


ENDGAME = senet.Position.parse(".........................x...o x 4 4")


def test_solved_table_covers_one_piece_endgames(table):
    assert table.bound == 1
    assert table.ruleset == senet.Ruleset("kendall")
    assert len(table) > 100
    assert "Table kendall up to 1 pieces" in repr(table)
    odds = table.probe(ENDGAME)
    assert 0.0 < odds < 1.0
    assert table.probe(senet.Position.start("kendall")) is None


def _mirror(position):
    """The same game with the sides' roles swapped: x's pieces become o's,
    and o throws where x did. Kendall treats both sides alike, so the side
    to throw has the same chance in both."""
    board, side, x_off, o_off = str(position).split()
    swapped = board.translate(str.maketrans("xo", "ox"))
    return senet.Position.parse(f"{swapped} {'o' if side == 'x' else 'x'} {o_off} {x_off}")


ONE_PIECE_ENDGAMES = [
    ".........................x...o x 4 4",
    "....................x......o.. o 4 4",
    "..............x.........o..... x 4 4",
    "o........................x.... x 4 4",
    "...........................x.o o 4 4",
]


def test_table_probe_is_xs_share_so_a_mirror_gives_the_rest(table):
    # `Table.probe` is x's share of the game: a position and its mirror
    # (the sides swapped) are the same game seen from the other side, so
    # their values add up to 1.
    for text in ONE_PIECE_ENDGAMES:
        position = senet.Position.parse(text)
        a, b = table.probe(position), table.probe(_mirror(position))
        assert a + b == pytest.approx(1.0, abs=1e-9), text


def _x_share(table, after):
    """x's share of the game in `after`, as `probe` gives it."""
    if after.is_over:
        return {"x": 1.0, "o": 0.0, "draw": 0.5}[after.outcome]
    return table.probe(after)


def test_best_move_is_the_legal_move_worth_most_to_the_mover(table):
    checked = 0
    for text in ONE_PIECE_ENDGAMES:
        position = senet.Position.parse(text)
        mover_is_x = position.side_to_throw == "x"
        for roll in range(1, 6):
            moves = position.moves(roll)
            best = table.best_move(position, roll)
            if not moves:
                assert best is None
                continue
            move, share = best
            assert move in moves
            worth = [
                _x_share(table, position.play(m)) if mover_is_x else 1.0 - _x_share(table, position.play(m))
                for m in moves
            ]
            chosen = _x_share(table, position.play(move))
            assert (chosen if mover_is_x else 1.0 - chosen) == pytest.approx(max(worth), abs=1e-9)
            assert share == pytest.approx(chosen, abs=1e-9), (text, roll)
            checked += 1
    assert checked >= 8


def test_table_outside_its_positions_answers_none(table):
    assert table.best_move(senet.Position.start("kendall"), 3) is None


def test_table_refuses_a_position_of_another_ruleset(table):
    with pytest.raises(senet.PositionError):
        table.probe(senet.Position.start("bell"))


def test_table_save_and_load_round_trip(table, tmp_path):
    path = tmp_path / "kendall1.odds"
    table.save(path)
    loaded = senet.Table.load(path, "kendall")
    assert len(loaded) == len(table) and loaded.bound == 1
    for text in [".........................x...o x 4 4", "....................x......o.. o 4 4"]:
        position = senet.Position.parse(text)
        assert loaded.probe(position) == table.probe(position)
        assert loaded.best_move(position, 2) == table.best_move(position, 2)
    loaded_str = senet.Table.load(str(path), senet.Ruleset("kendall"))
    assert len(loaded_str) == len(table)


def test_table_load_refuses_another_rulesets_file(table, tmp_path):
    path = tmp_path / "kendall1.odds"
    table.save(path)
    with pytest.raises(senet.TableError, match='the table is for the ruleset "kendall", not "bell"'):
        senet.Table.load(path, "bell")


def test_corrupt_table_files_raise_table_error(table, tmp_path):
    good = tmp_path / "good.odds"
    table.save(good)
    data = good.read_bytes()
    cases = {
        "garbage": (b"garbage", "not a senet odds table"),
        "truncated": (data[: len(data) // 2], "truncated"),
        "flipped": (data[:-1] + bytes([data[-1] ^ 0xFF]), "checksum"),
    }
    for name, (content, words) in cases.items():
        path = tmp_path / f"{name}.odds"
        path.write_bytes(content)
        with pytest.raises(senet.TableError) as info:
            senet.Table.load(path, "kendall")
        assert str(path) in str(info.value) and words in str(info.value), name


def test_missing_table_file_raises_os_error(tmp_path):
    with pytest.raises(OSError) as info:
        senet.Table.load(tmp_path / "none.odds", "kendall")
    assert not isinstance(info.value, senet.SenetError)


@pytest.mark.parametrize("bound", [0, 6])
def test_table_bound_out_of_range_raises_table_error(bound):
    with pytest.raises(senet.TableError, match="between 1 and 5"):
        senet.Table.solve("kendall", bound)


def test_bot_takes_a_table_of_its_own_ruleset_only(table):
    bot = senet.Bot("kendall", 3, table=table)
    move = bot.decide(ENDGAME, 1)
    assert move in ENDGAME.moves(1)
    with pytest.raises(senet.BotError, match="the table is of another ruleset than bell"):
        senet.Bot("bell", 3, table=table)


# --- playouts and the GIL ---------------------------------------------------------


def test_playouts_are_reproducible_and_finish():
    throws, winners = senet.playouts("kendall", 500, 3)
    assert throws.dtype == np.uint32 and winners.dtype == np.int8
    assert throws.shape == winners.shape == (500,)
    assert set(np.unique(winners)) <= {0, 1}
    assert (throws > 0).all()
    again_throws, again_winners = senet.playouts("kendall", 500, 3)
    assert (throws == again_throws).all() and (winners == again_winners).all()
    other_throws, _ = senet.playouts("kendall", 500, 4)
    assert (throws != other_throws).any()


def test_playouts_cut_short_at_max_throws():
    throws, winners = senet.playouts("bell", 5, 2, max_throws=10)
    assert (throws == 10).all() and (winners == -1).all()


def test_playouts_of_a_rules_file_ruleset():
    throws, winners = senet.playouts(rules_file("kendall7"), 50, 1)
    assert len(throws) == 50 and set(np.unique(winners)) <= {0, 1}


def _main_loop_rate(work):
    """Runs `work` in a thread and counts iterations of a Python loop in
    this thread meanwhile: iterations per second of the work."""
    thread = threading.Thread(target=work)
    count = 0
    begin = time.perf_counter()
    thread.start()
    while thread.is_alive():
        count += 1
    return count / (time.perf_counter() - begin)


def test_playouts_release_the_gil():
    def rust():
        senet.playouts("kendall", 200_000, 1)

    def holds_the_gil():
        # `sum` over a range runs in C and never lets go of the GIL.
        sum(range(30_000_000))

    free = _main_loop_rate(rust)
    held = _main_loop_rate(holds_the_gil)
    # With the GIL held, the main loop only runs in the switch intervals
    # around the call; with it released, it runs all along.
    assert free > 4 * held, (free, held)


SHARED_BOT = """
import threading, senet
bot = senet.Bot("kendall", 5)
positions, game = [], senet.Game("kendall", seed=1)
while not game.is_over and len(positions) < 40:
    positions.append(game.position)
    game.throw()
    if game.legal_moves:
        game.play(game.legal_moves[0])
def work():
    for _ in range(4):
        for position in positions:
            for roll in range(1, 6):
                if position.moves(roll):
                    bot.decide(position, roll)
threads = [threading.Thread(target=work) for _ in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print("done")
"""


def test_one_bot_used_from_two_threads_does_not_deadlock():
    # `Bot.decide` locks the bot and then lets go of the GIL: a second
    # thread waiting for the lock must not hold the GIL meanwhile, or the
    # first can never take it back. Run in a child process, so a deadlock
    # fails the test instead of hanging the suite.
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [sys.executable, "-c", SHARED_BOT], capture_output=True, text=True, timeout=10
        )
    except subprocess.TimeoutExpired:
        pytest.fail("two threads deciding with one Bot deadlocked (no progress in 10 s)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "done"
