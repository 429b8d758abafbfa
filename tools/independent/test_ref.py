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
]
for ruleset, text in BAD:
    try:
        parse_position(ruleset, text)
        check(False, "rejects %s %r" % (ruleset, text))
    except PositionError:
        check(True, "rejects %s %r" % (ruleset, text))

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
