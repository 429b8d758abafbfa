#!/usr/bin/env python3
"""Self-test: every example move of docs/rules.md appears in the generated
moves for its position; every position string round-trips; some invalid
strings are rejected."""

import sys
from senet_ref import (parse_position, legal_moves, lost_throw, PositionError,
                       START, moves_lines, perft_line, banks, bank_children, NotBanked,
                       all_children, divide_lines)
from positions import POSITIONS, EXAMPLES

failures = 0


def check(cond, msg):
    global failures
    if cond:
        print("ok   " + msg)
    else:
        failures += 1
        print("FAIL " + msg)


def notations(ruleset, text, roll):
    pos = parse_position(ruleset, text)
    if banks(ruleset) and not pos.throwing:
        # The side plays its bank: the roll's moves, or, when no banked
        # roll has one, the lowest one's lost throw.
        found = [n for n, _c in bank_children(ruleset, pos)]
        return [n for n in found if n.startswith("%d: " % roll)]
    moves = legal_moves(ruleset, pos, roll)
    if moves:
        return [m[0] for m in moves]
    return [lost_throw(ruleset, pos, roll)[0]]


for ruleset, text, roll, expected, where in EXAMPLES:
    got = notations(ruleset, text, roll)
    check(expected in got, "%s %-12s in %s  (%s)" % (ruleset, expected, text, where))

for ruleset, text, _desc in POSITIONS:
    check(parse_position(ruleset, text).to_string() == text, "round trip %s %s" % (ruleset, text))
for ruleset, text in START.items():
    check(parse_position(ruleset, text).to_string() == text, "round trip start %s" % ruleset)

BAD = [
    ("jequier", "oxoxoxoxo.x................... x 0 0 "),      # trailing space
    ("jequier", "oxoxoxoxo.x...................  x 0 0"),      # double space
    ("jequier", "oxoxoxoxo.x.................. x 0 0"),        # 29 chars
    ("jequier", "oxoxoxoxo.x................... x 00 0"),      # leading zero
    ("jequier", "oxoxoxoxo.x................... x 1 0"),       # too many x
    ("jequier", "oxoxoxoxo.................x... x 0 0"),       # piece on 27
    ("jequier", "oxoxoxoxo.....X............... x 0 0"),       # uppercase
    ("skyruk", "oxoxoxoxo.....X............... x 0 0"),        # uppercase
    ("kendall1979", "oxoxoxoxoxoxo.x...X........... x 0 0"),   # uppercase off 15
    ("kendall1979", "oxoxoxoxoxoxo.x............... y 0 0"),   # bad side
    ("kendall1979", "oxoxoxoxoxoxo.q............... x 0 0"),   # bad char
    ("skyruk", ".............................. x 5 5"),        # both all off
    ("skyruk", "oxoxoxoxox.................... x +0 0"),      # sign
    ("piccione-entering", ".X............................ x 0 0"),    # marked off house 1
    ("piccione-entering", "..............X............... x 0 0"),    # marked on 15
    ("piccione-entering", "xxxxxx........................ x 0 0"),    # six x on the board
    ("piccione-entering", "xxx......................... x 3 0"),      # 28 chars
    ("piccione-entering", "xxx........................... x 3 0"),    # 3 on + 3 off > 5
    ("piccione-entering", "..........................x... x 0 0"),    # a piece on 27
    ("piccione-entering", ".............................. x 0 0 loses=x"),  # no fifth field
    ("piccione-entering", ".............................. x 5 5"),    # both all off
    ("kendall1979", "Xoxoxoxoxoxo..x............... x 0 0"),     # marked on 1 outside piccione-entering
]
for ruleset, text in BAD:
    try:
        parse_position(ruleset, text)
        check(False, "rejects %s %r" % (ruleset, text))
    except PositionError:
        check(True, "rejects %s %r" % (ruleset, text))

# Piccione, entering from the hand: the hand is not written, and may be
# anything from 0 to 5; the entry marks the piece, the water sends one back.
for text in (".............................. x 0 0", "xxxxx......................... o 0 0",
             "O.x........................... x 0 4", "x............................. x 4 5"):
    try:
        check(parse_position("piccione-entering", text).to_string() == text,
              "accepts and round-trips piccione-entering %r" % text)
    except PositionError as e:
        check(False, "accepts piccione-entering %r (%s)" % (text, e))


def after(ruleset, text, roll, notation):
    pos = parse_position(ruleset, text)
    for n, child in legal_moves(ruleset, pos, roll):
        if n == notation:
            return child.to_string()
    return None


def after_lost(ruleset, text):
    """The single child of a position whose banked rolls have no move."""
    kids = all_children(ruleset, parse_position(ruleset, text))
    return (kids[0][0], kids[0][1].to_string()) if len(kids) == 1 else None


PIC_AFTER = [
    (".............................. x 0 0", 1, "1: in-1+", "X............................. x 0 0"),
    ("X............................. x 0 0", 3, "3: 1-4", "...x.......................... o 0 0"),
    ("....x...................xx.o.. x 0 0", 2, "2: 25-27", "....x....................x.o.. o 0 0"),
    ("....x...................xx.o.. x 0 0", 1, "1: in-1+", "X...x...................xx.o.. x 0 0"),
    ("...........x.........x.o...... x 0 0", 5, "5: 22-27+", "...........x...........o...... x 0 0"),
]
for text, roll, notation, expected in PIC_AFTER:
    got = after("piccione-entering", text, roll, notation)
    check(got == expected, "piccione-entering %s from %s gives %s (got %s)" % (notation, text, expected, got))
# The entry is listed after every move along the track.
got = [n for n, _c in legal_moves("piccione-entering",
                                   parse_position("piccione-entering", "....x...................xx.o.. x 0 0"), 1)]
check(got == ["1: 5-6", "1: 26-27", "1: in-1+"], "piccione-entering entry listed last: %s" % got)
# Lost throws from the start: only the 5 throws again.
check([lost_throw("piccione-entering", parse_position("piccione-entering", START["piccione-entering"]), r)[0]
       for r in (2, 3, 4, 5)] == ["2: -", "3: -", "4: -", "5: -+"], "piccione-entering lost throws from the start")

# ---------------- Kendall 1979 as the booklet states it (banked throws) ----------------
BOOK = "kendall1979-booklet"
START_BOOK = START[BOOK]
check(START_BOOK == "oxoxoxoxoxoxo.x............... x 0 0", "kendall1979-booklet start as Kendall 1979's")
# Throwing: each 1, 4 and 5 is banked and the side throws again (`4: bank+`);
# a 2 or 3 is banked and ends the throwing (`2: bank`).
got = [legal_moves(BOOK, parse_position(BOOK, START_BOOK), r)[0] for r in (1, 2, 3, 4, 5)]
check([(n, c.to_string()) for n, c in got] == [
    ("1: bank+", START_BOOK + " bank=1+"), ("2: bank", START_BOOK + " bank=2"),
    ("3: bank", START_BOOK + " bank=3"), ("4: bank+", START_BOOK + " bank=4+"),
    ("5: bank+", START_BOOK + " bank=5+")], "kendall1979-booklet throws from the start: %s" % got)
# docs: `... x 0 0 bank=14+` is x with a 1 and a 4 banked, throwing again;
# `... x 0 0 bank=124` is x playing its 1, 2 and 4.
p14 = parse_position(BOOK, START_BOOK + " bank=14+")
check(p14.bank == (1, 4) and p14.throwing, "bank=14+: a 1 and a 4, still throwing")
check(legal_moves(BOOK, p14, 2)[0][1].to_string() == START_BOOK + " bank=124",
      "bank=14+ then a 2: bank=124, the throwing ended")
p124 = parse_position(BOOK, START_BOOK + " bank=124")
check(p124.bank == (1, 2, 4) and not p124.throwing, "bank=124: x plays its 1, 2 and 4")
# docs: x with 4, 1, 2 banked may play 2: 12-14, then 4: 14-18, then 1: 18-19
# (and the sticks pass: no + on any).
line = [START_BOOK + " bank=124"]
for roll, notation in ((2, "2: 12-14"), (4, "4: 14-18"), (1, "1: 18-19")):
    got = after(BOOK, line[-1], roll, notation)
    check(got is not None, "kendall1979-booklet %s from %s (docs example)" % (notation, line[-1]))
    line.append(got or line[-1])
check(line[-1] == "oxoxoxoxoxo.o.x...x........... o 0 0",
      "the bank 124 spent, the sticks pass to o: %s" % line[-1])
# A roll that is not banked has no moves to list: an error.
try:
    legal_moves(BOOK, p124, 3)
    check(False, "kendall1979-booklet refuses the moves of a 3 not banked")
except NotBanked:
    check(True, "kendall1979-booklet refuses the moves of a 3 not banked")
# In the water a 4 bears off; any other roll may go back to 15, costing
# the next turn, or wait (`1: 27=`), which plays the roll.
WATER = "oxoxoxo.o.o.o.......x.x...x... x 1 0 bank=1345"
check(set(notations(BOOK, WATER, 1)) == {"1: 27-15<", "1: 27="}, "kendall1979-booklet 1: 27= (docs)")
check(after(BOOK, WATER, 1, "1: 27=") == "oxoxoxo.o.o.o.......x.x...x... x 1 0 bank=345",
      "1: 27= plays the 1, the rest of the bank still played")
check(after(BOOK, WATER, 1, "1: 27-15<") == "oxoxoxo.o.o.o.X.....x.x....... x 1 0 loses=x,bank=345",
      "1: 27-15< marks the piece and costs x its next turn; the bank still played")
check(notations(BOOK, WATER, 4) == ["4: 27-off"], "kendall1979-booklet 4: 27-off")
# When no banked roll has a legal move, the rolls left are lost, lowest
# first (`1: -`, `5: -`); when the bank is spent, the sticks pass.
LOST = "o.o.o.o.oxx.oxXx..xxo......... x 0 0 bank=15"
check(notations(BOOK, LOST, 1) == ["1: -"] and notations(BOOK, LOST, 5) == [],
      "kendall1979-booklet bank=15 with no move: the 1 lost first (docs 1: -)")
check(after_lost(BOOK, LOST) == ("1: -", "o.o.o.o.oxx.oxXx..xxo......... x 0 0 bank=5"), "1: - leaves bank=5")
check(after_lost(BOOK, "o.o.o.o.oxx.oxXx..xxo......... x 0 0 bank=5")
      == ("5: -", "o.o.o.o.oxx.oxXx..xxo......... o 0 0"), "then 5: - (docs), and the sticks pass")
# A move that ends the game ends it: the rolls left are not played.
check(after(BOOK, ".x.x.x.x.x.x.x...........o.... o 0 6 bank=1145", 5, "5: 26-off")
      == ".x.x.x.x.x.x.x................ x 0 7", "the game ends mid-bank, no bank written")
# perft from the start, as the crate states it: 5, 23, 141, 759, 5170.
check(perft_line(BOOK, START_BOOK, 5) == [5, 23, 141, 759, 5170], "kendall1979-booklet perft 1..5")
check(divide_lines(BOOK, START_BOOK, 3)[-1] == "141", "kendall1979-booklet divide 3 totals 141")
# Position strings of banks.
for text in (START_BOOK + " bank=1145", START_BOOK + " loses=o,bank=124", START_BOOK + " bank=1455+",
             START_BOOK + " loses=x,bank=14+", START_BOOK + " bank=" + "1" * 30 + "+",
             START_BOOK + " bank=" + "1" * 31):
    try:
        check(parse_position(BOOK, text).to_string() == text, "accepts and round-trips %r" % text)
    except PositionError as e:
        check(False, "accepts %r (%s)" % (text, e))
for text in (START_BOOK + " bank=421",        # not lowest first
             START_BOOK + " bank=",           # no roll
             START_BOOK + " bank=+",          # no roll
             START_BOOK + " bank=6",          # the sticks make no 6
             START_BOOK + " bank=0",
             START_BOOK + " bank=12+",        # a 2 gives no other throw
             START_BOOK + " bank=14,loses=o",  # bank= comes last
             START_BOOK + " bank=1" + "1" * 30 + "+",   # 31 ones, still throwing
             START_BOOK + " bank=" + "1" * 32,          # 32 ones
             ".x.x.x.x.x.x.x................ x 0 7 bank=4",  # a bank in a finished game
             "oxoxoxoxoxoxo.x............... x 0 0 bank=14+"[:-1] + " ",
             ):
    try:
        parse_position(BOOK, text)
        check(False, "rejects kendall1979-booklet %r" % text)
    except PositionError:
        check(True, "rejects kendall1979-booklet %r" % text)
try:
    parse_position("kendall1979-water", START_BOOK + " bank=14+")
    check(False, "rejects a bank in kendall1979-water, which banks no throw")
except PositionError:
    check(True, "rejects a bank in kendall1979-water, which banks no throw")

# A finished game: no moves, perft 1 at every depth.
check(moves_lines("jequier", "o...o....o.........o.......o.. o 5 0") == ["game over"],
      "finished game has no moves")
check(perft_line("skyruk", "xx..x...x..........x.......... x 0 5", 3) == [1, 1, 1],
      "finished game perft is 1")

# Every position reached within 3 plies of each test position is a valid
# position string that round-trips, and perft with and without the cache agree.
from senet_ref import game_over, perft


def walk(ruleset, pos, depth, bad):
    if depth == 0 or game_over(ruleset, pos):
        return
    for _n, child in all_children(ruleset, pos):
        text = child.to_string()
        try:
            if parse_position(ruleset, text).to_string() != text:
                bad.append(text)
        except PositionError:
            bad.append(text)
        walk(ruleset, child, depth - 1, bad)


for ruleset, text, _desc in POSITIONS:
    bad = []
    walk(ruleset, parse_position(ruleset, text), 3, bad)
    check(not bad, "children valid to depth 3: %s %s %s" % (ruleset, text, bad[:1]))
    p = parse_position(ruleset, text)
    check(perft(ruleset, p, 3) == perft(ruleset, p, 3, {}), "cache agrees: %s %s" % (ruleset, text))

print()
print("%d failure(s)" % failures)
sys.exit(1 if failures else 0)
