#!/usr/bin/env python3
"""Self-test: every example move of docs/rules.md appears in the generated
moves for its position; every position string round-trips; some invalid
strings are rejected."""

import sys
from senet_ref import (parse_position, legal_moves, lost_throw, PositionError,
                       START, moves_lines, perft_line)
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

# A finished game: no moves, perft 1 at every depth.
check(moves_lines("jequier", "o...o....o.........o.......o.. o 5 0") == ["game over"],
      "finished game has no moves")
check(perft_line("skyruk", "xx..x...x..........x.......... x 0 5", 3) == [1, 1, 1],
      "finished game perft is 1")

# Every position reached within 3 plies of each test position is a valid
# position string that round-trips, and perft with and without the cache agree.
from senet_ref import children, ROLLS, game_over, perft


def walk(ruleset, pos, depth, bad):
    if depth == 0 or game_over(ruleset, pos):
        return
    for roll in ROLLS[ruleset]:
        for _n, child in children(ruleset, pos, roll):
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
