#!/usr/bin/env python3
"""Plain, independent reference implementation of Senet rulesets
(Jequier, Kendall 1979, Skyruk, Kendall 1979 with the water as the
booklet states it, the rules file kendall1979-water, the rules files of
Ludii's Kendall options, Piccione with its pieces entering from the
hand, the rules file piccione-entering, and Kendall 1979 as the booklet
states it, the rules file kendall1979-booklet, whose throws are banked)
as described in docs/rules.md.

Standard library only.  No cleverness: a position is a list of 31 cells
(index 0 unused), one move is generated per piece by following the rule
text clause by clause.

Usage:
    python3 senet_ref.py perft RULESET "POSITION" DEPTH
    python3 senet_ref.py moves RULESET "POSITION"
    python3 senet_ref.py divide RULESET "POSITION" DEPTH
RULESET is one of: jequier, kendall1979, skyruk, kendall1979-water, and the
rules files of Ludii's Kendall options: kendall-ludii-five-pieces,
kendall-ludii-trap, kendall-ludii-home-row, kendall-ludii-five-trap-home,
kendall-ludii-starting-throw, kendall-ludii-all-options;
piccione-entering; and kendall1979-booklet.

For kendall1979-booklet, `moves` of a position where the side still
throws lists the one `R: bank` line of each roll; of a position where it
plays its bank, the moves of each distinct banked roll, or, when no
banked roll has a legal move, the lowest one's lost throw; a banked roll
that may not be played now (another has a move, or a lower one is lost
first) is listed as `refused R`, with no position.
"""

import sys

#: Kendall 1979 and the rules files that read it with options: each
#: name's options, of "water" (a piece may wait on 27, and its return to
#: 15 costs the next turn), "trap" (a roll past 26 goes into the water)
#: "home" (no bearing off while a piece of the side is on 1 to 10) and
#: "begin" (o moves nothing until it has thrown a 1, which it plays)
#: and "bank" (every throw of a turn is made, and banked, before any move).
K79_OPTIONS = {
    "kendall1979": frozenset(),
    "kendall1979-water": frozenset({"water"}),
    "kendall-ludii-five-pieces": frozenset({"water"}),
    "kendall-ludii-trap": frozenset({"water", "trap"}),
    "kendall-ludii-home-row": frozenset({"water", "home"}),
    "kendall-ludii-five-trap-home": frozenset({"water", "trap", "home"}),
    "kendall-ludii-starting-throw": frozenset({"water", "begin"}),
    "kendall-ludii-all-options": frozenset({"water", "trap", "home", "begin"}),
    "kendall1979-booklet": frozenset({"water", "bank"}),
}
K79 = tuple(K79_OPTIONS)

#: Piccione with its pieces entering from the hand (the rules file
#: rules/piccione-entering.toml, docs/rules.md "Piccione, entering from
#: the hand").
PIC = "piccione-entering"

RULESETS = ("jequier", "skyruk") + K79 + (PIC,)

#: The house where a marked piece stands: Kendall 1979's rescued piece on
#: 15, piccione-entering's entered piece on 1 (it is marked until it moves,
#: and no piece ever lands on it).
MARK_HOUSE = {name: 15 for name in K79}
MARK_HOUSE[PIC] = 1

START = {
    "jequier": "oxoxoxoxo.x................... x 0 0",
    "kendall1979": "oxoxoxoxoxoxo.x............... x 0 0",
    "skyruk": "oxoxoxoxox.................... x 0 0",
    "kendall1979-water": "oxoxoxoxoxoxo.x............... x 0 0",
    "kendall-ludii-five-pieces": "oxoxoxoxo.x................... x 0 0",
    "kendall-ludii-trap": "oxoxoxoxoxoxo.x............... x 0 0",
    "kendall-ludii-home-row": "oxoxoxoxoxoxo.x............... x 0 0",
    "kendall-ludii-five-trap-home": "oxoxoxoxo.x................... x 0 0",
    "kendall-ludii-starting-throw": "oxoxoxoxoxoxo.x............... x 0 0 unbegun=o",
    "kendall-ludii-all-options": "oxoxoxoxo.x................... x 0 0 unbegun=o",
    PIC: ".............................. x 0 0",
    "kendall1979-booklet": "oxoxoxoxoxoxo.x............... x 0 0",
}

PIECES = {"jequier": 5, "kendall1979": 7, "skyruk": 5, "kendall1979-water": 7,
          "kendall-ludii-five-pieces": 5, "kendall-ludii-trap": 7,
          "kendall-ludii-home-row": 7, "kendall-ludii-five-trap-home": 5,
          "kendall-ludii-starting-throw": 7, "kendall-ludii-all-options": 5,
          PIC: 5, "kendall1979-booklet": 7}

ROLLS = {
    "jequier": (1, 2, 3, 4, 6),
    "kendall1979": (1, 2, 3, 4, 5),
    "skyruk": (1, 2, 3, 4, 5),
    "kendall1979-water": (1, 2, 3, 4, 5),
    "kendall-ludii-five-pieces": (1, 2, 3, 4, 5),
    "kendall-ludii-trap": (1, 2, 3, 4, 5),
    "kendall-ludii-home-row": (1, 2, 3, 4, 5),
    "kendall-ludii-five-trap-home": (1, 2, 3, 4, 5),
    "kendall-ludii-starting-throw": (1, 2, 3, 4, 5),
    "kendall-ludii-all-options": (1, 2, 3, 4, 5),
    PIC: (1, 2, 3, 4, 5),
    "kendall1979-booklet": (1, 2, 3, 4, 5),
}

#: "A bank holds at most 31 rolls of one value: the throw that banks the
#: 31st ends the throwing."
BANK_MAX = 31


def banks(ruleset):
    """True for a ruleset whose throws are banked before any move."""
    return "bank" in K79_OPTIONS.get(ruleset, ())

EMPTY = "."


def other(side):
    return "o" if side == "x" else "x"


class PositionError(ValueError):
    pass


class Position:
    """board[1..30] holds '.', 'x' or 'o'.  marked is None, 'x' or 'o':
    the piece of that side on house mark_house is marked (Kendall 1979: a
    rescued piece on 15; piccione-entering: an entered piece on 1)."""

    def __init__(self, board, side, off, marked=None, lost=(), unbegun=(), mark_house=15,
                 bank=(), throwing=True):
        self.board = board          # list of 31 strings, index 0 unused
        self.side = side            # 'x' or 'o'
        self.off = off              # dict {'x': n, 'o': n}
        self.marked = marked        # None, 'x' or 'o'
        self.lost = set(lost)       # the sides that lose their next turn
        self.unbegun = set(unbegun)  # the sides yet to throw a 1
        self.mark_house = mark_house  # where a marked piece stands
        # Banked throws (kendall1979-booklet): the rolls the side to throw
        # holds, lowest first, and whether it still throws (`+`) or plays
        # them next.  An empty bank is always still throwing.
        self.bank = tuple(sorted(bank))
        self.throwing = throwing or not self.bank

    def copy(self):
        return Position(list(self.board), self.side, dict(self.off), self.marked, self.lost,
                        self.unbegun, self.mark_house, self.bank, self.throwing)

    def to_string(self):
        chars = []
        for h in range(1, 31):
            c = self.board[h]
            if h == self.mark_house and self.marked is not None and c == self.marked:
                c = c.upper()
            chars.append(c)
        text = "%s %s %d %d" % ("".join(chars), self.side, self.off["x"], self.off["o"])
        state = []
        if self.lost:
            state.append("loses=" + "".join(s for s in "xo" if s in self.lost))
        if self.unbegun:
            state.append("unbegun=" + "".join(s for s in "xo" if s in self.unbegun))
        if self.bank:
            state.append("bank=" + "".join(str(r) for r in self.bank)
                         + ("+" if self.throwing else ""))
        if state:
            text += " " + ",".join(state)
        return text

    def __str__(self):
        return self.to_string()


def parse_count(text):
    if text == "" or not text.isascii() or not text.isdigit():
        raise PositionError("bad count %r" % text)
    if len(text) > 1 and text[0] == "0":
        raise PositionError("leading zero in count %r" % text)
    return int(text)


def parse_position(ruleset, text):
    fields = text.split(" ")
    lost = ()
    unbegun = ()
    bank = ()
    throwing = True
    options = K79_OPTIONS.get(ruleset, ())
    if len(fields) == 5 and ("water" in options or "begin" in options or "bank" in options):
        state = fields.pop().split(",")
        if state and state[0].startswith("loses=") and "water" in options:
            lost = state.pop(0)[len("loses="):]
            if lost not in ("x", "o", "xo"):
                raise PositionError("loses= names x, o or xo")
        if state and state[0].startswith("unbegun=") and "begin" in options:
            unbegun = state.pop(0)[len("unbegun="):]
            if unbegun != "o":
                raise PositionError("only o may have to begin")
        if state and state[0].startswith("bank=") and "bank" in options:
            bank, throwing = parse_bank(ruleset, state.pop(0)[len("bank="):])
        if state or not (lost or unbegun or bank):
            raise PositionError("a fifth field this ruleset does not write")
    if len(fields) != 4:
        raise PositionError("expected 4 fields separated by single spaces")
    board_text, side, xoff_text, ooff_text = fields
    if len(board_text) != 30:
        raise PositionError("board must be 30 characters")
    board = [EMPTY] * 31
    marked = None
    mark_house = MARK_HOUSE.get(ruleset)
    for i, c in enumerate(board_text):
        h = i + 1
        if c in (".", "x", "o"):
            board[h] = c
        elif c in ("X", "O"):
            if h != mark_house:
                raise PositionError("uppercase piece only on house 15 in kendall1979,"
                                    " on house 1 in piccione-entering")
            board[h] = c.lower()
            marked = c.lower()
        else:
            raise PositionError("unknown character %r" % c)
    if side not in ("x", "o"):
        raise PositionError("side must be x or o")
    off = {"x": parse_count(xoff_text), "o": parse_count(ooff_text)}
    if ruleset in ("jequier", PIC) and board[27] != EMPTY:
        raise PositionError("no piece may stand on 27 in %s" % ruleset)
    n = PIECES[ruleset]
    for s in ("x", "o"):
        on_board = sum(1 for h in range(1, 31) if board[h] == s)
        if ruleset == PIC:
            # The rest of the side's pieces are in its hand.
            if on_board + off[s] > n:
                raise PositionError("side %s: on board + off must be at most %d" % (s, n))
        elif on_board + off[s] != n:
            raise PositionError("side %s: on board + off must be %d" % (s, n))
    if off["x"] == n and off["o"] == n:
        raise PositionError("both sides have all pieces off")
    if bank and (off["x"] == n or off["o"] == n):
        raise PositionError("a bank in a finished game")
    return Position(board, side, off, marked, lost, unbegun, mark_house or 15, bank, throwing)


def parse_bank(ruleset, text):
    """`bank=ROLLS`: one digit a roll, lowest first, `+` while the side
    still throws.  Returns (rolls, throwing)."""
    throwing = text.endswith("+")
    digits = text[:-1] if throwing else text
    if digits == "" or not digits.isascii() or not digits.isdigit():
        raise PositionError("bank= holds one digit a banked roll")
    rolls = tuple(int(c) for c in digits)
    if list(rolls) != sorted(rolls):
        raise PositionError("banked rolls are written lowest first")
    for r in rolls:
        if r not in ROLLS[ruleset]:
            raise PositionError("a banked %d the implement cannot make" % r)
        if throwing and not gives_another(ruleset, r):
            raise PositionError("a bank still throwing holds a %d, which gives no other throw" % r)
        if rolls.count(r) > BANK_MAX:
            raise PositionError("more than %d banked rolls of one value" % BANK_MAX)
        if throwing and rolls.count(r) == BANK_MAX:
            raise PositionError("the throw that banks the %dth %d ends the throwing" % (BANK_MAX, r))
    return rolls, throwing


def gives_another(ruleset, roll):
    """Whether a throw of `roll` gives the same side another throw, by its
    roll alone (as for a lost throw)."""
    if ruleset == "jequier":
        return roll in (1, 4, 6)
    if ruleset in K79:
        return roll in (1, 4, 5)
    if ruleset == PIC:
        return roll == 5
    return False  # skyruk: a lost throw always passes


def game_over(ruleset, pos):
    n = PIECES[ruleset]
    return pos.off["x"] == n or pos.off["o"] == n


# ---------------------------------------------------------------------------
# A candidate move, before the turn rule is applied.
# ---------------------------------------------------------------------------

class Cand:
    def __init__(self, start, target, newpos, swap=False, backward=False,
                 out_of_water=False, ended_on=None, wait=False, costs_turn=False,
                 entry=False):
        self.start = start            # house number
        self.target = target          # written target: int or 'off'
        self.newpos = newpos          # Position after the move, side not yet set
        self.swap = swap              # writes 'x'
        self.backward = backward      # writes '<' (written target below start)
        self.out_of_water = out_of_water  # Kendall 1979: 27-15 or 27-off
        self.ended_on = ended_on      # house where the mover stands afterwards
        self.wait = wait              # kendall1979-water: the piece stays on 27
        self.costs_turn = costs_turn  # kendall1979-water: 27-15 loses the next turn
        self.entry = entry            # piccione-entering: a piece enters from the hand


def pass_sticks(pos, me, again):
    """Who throws after `me`: `me` again, or the other side, unless that
    side has lost its turn, which it then spends (and so on)."""
    if again:
        return me
    side = other(me)
    while side in pos.lost:
        pos.lost.discard(side)
        side = other(side)
    return side


def finish(ruleset, pos, roll, cand):
    """Apply the turn rule and the end of game; return (notation, Position)."""
    me = pos.side
    newpos = cand.newpos
    over = game_over(ruleset, newpos)
    if over:
        again = False
    elif ruleset == "jequier":
        again = roll in (1, 4, 6)
    elif ruleset in K79:
        if cand.out_of_water or cand.wait:
            again = False
        else:
            again = roll in (1, 4, 5)
    elif ruleset == PIC:
        again = roll == 5 or cand.entry or cand.ended_on in (15, 26)
    else:  # skyruk
        again = roll in (1, 4, 5) or cand.ended_on == 26
    newpos.unbegun.discard(me)
    if over:
        newpos.side = other(me)
    else:
        if cand.costs_turn:
            newpos.lost.add(me)
        newpos.side = pass_sticks(newpos, me, again)
    target = "off" if cand.target == "off" else str(cand.target)
    if cand.wait:
        text = "%d: %d=" % (roll, cand.start)
    elif cand.entry:
        text = "%d: in-%d" % (roll, cand.target)
    else:
        text = "%d: %d-%s" % (roll, cand.start, target)
    if cand.swap:
        text += "x"
    if cand.backward:
        text += "<"
    if not over and newpos.side == me:
        text += "+"
    return text, newpos


def lost_throw(ruleset, pos, roll):
    me = pos.side
    if ruleset == "jequier":
        again = roll in (1, 4, 6)
    elif ruleset in K79:
        again = roll in (1, 4, 5)
    elif ruleset == PIC:
        again = roll == 5
    else:  # skyruk: a lost throw always passes
        again = False
    newpos = pos.copy()
    if roll == 1:
        # The 1 that begins a side begins it, lost or not.
        newpos.unbegun.discard(me)
    newpos.side = pass_sticks(newpos, me, again)
    return ("%d: -+" % roll) if newpos.side == me else ("%d: -" % roll), newpos


# ---------------------------------------------------------------------------
# Jequier
# ---------------------------------------------------------------------------

JEQ_SAFE = (15, 26, 28, 29)


def jeq_in_blockade(board, house, side):
    """True if `house` is held by `side` as part of 3+ consecutive houses."""
    if board[house] != side:
        return False
    lo = house
    while lo - 1 >= 1 and board[lo - 1] == side:
        lo -= 1
    hi = house
    while hi + 1 <= 30 and board[hi + 1] == side:
        hi += 1
    return hi - lo + 1 >= 3


def jeq_blocked(board, a, b, opp):
    """Any house strictly between a and b belonging to an opponent blockade."""
    lo, hi = min(a, b), max(a, b)
    for house in range(lo + 1, hi):
        if house <= 30 and jeq_in_blockade(board, house, opp):
            return True
    return False


def jeq_protected(board, t):
    owner = board[t]
    for n in (t - 1, t + 1):
        if 1 <= n <= 30 and board[n] == owner:
            return True
    return False


def lowest_empty(board, exclude=None):
    for house in range(1, 31):
        if house != exclude and board[house] == EMPTY:
            return house
    raise RuntimeError("no empty house")


def jeq_first_row_held(board, h):
    return h <= 10 and board[h + 1] != EMPTY


def jeq_forward(pos, h, r):
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if jeq_first_row_held(b, h):
        return None
    t = h + r
    if t >= 31:
        for house in range(1, 31):
            if b[house] == me and not (21 <= house <= 30):
                return None
        if jeq_blocked(b, h, 31, opp):
            return None
        np = pos.copy()
        np.board[h] = EMPTY
        np.off[me] += 1
        return Cand(h, "off", np, ended_on=31)
    if jeq_blocked(b, h, t, opp):
        return None
    if t == 27:
        np = pos.copy()
        np.board[h] = EMPTY
        dest = lowest_empty(np.board)   # counted after the move
        np.board[dest] = me
        return Cand(h, 27, np, ended_on=dest)
    if b[t] == me:
        return None
    if b[t] == opp:
        if t in JEQ_SAFE:
            return None
        if jeq_protected(b, t):
            return None
        dest = lowest_empty(b, exclude=h)   # before the move, start counts as taken
        np = pos.copy()
        np.board[h] = EMPTY
        np.board[t] = me
        np.board[dest] = opp
        return Cand(h, t, np, swap=True, ended_on=t)
    np = pos.copy()
    np.board[h] = EMPTY
    np.board[t] = me
    return Cand(h, t, np, ended_on=t)


def jeq_backward(pos, h, r):
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if jeq_first_row_held(b, h):
        return None
    t = h - r
    if t < 1:
        return None
    if jeq_blocked(b, h, t, opp):
        return None
    if t == 27:
        np = pos.copy()
        np.board[h] = EMPTY
        dest = lowest_empty(np.board)
        np.board[dest] = me
        return Cand(h, 27, np, backward=True, ended_on=dest)
    if b[t] != EMPTY:
        return None
    np = pos.copy()
    np.board[h] = EMPTY
    np.board[t] = me
    return Cand(h, t, np, backward=True, ended_on=t)


def jeq_candidates(pos, r):
    me = pos.side
    fwd = []
    for h in range(1, 31):
        if pos.board[h] == me:
            c = jeq_forward(pos, h, r)
            if c is not None:
                fwd.append(c)
    if fwd:
        return fwd
    back = []
    for h in range(1, 31):
        if pos.board[h] == me:
            c = jeq_backward(pos, h, r)
            if c is not None:
                back.append(c)
    return back


# ---------------------------------------------------------------------------
# Kendall 1979
# ---------------------------------------------------------------------------

def k79_protected(board, t):
    owner = board[t]
    for n in (t - 1, t + 1):
        if 1 <= n <= 30 and board[n] == owner:
            return True
    return False


def k79_land(pos, h, t, backward, ignore_protection):
    """Ordinary landing of the piece on h onto t (t <= 26): plain or swap."""
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if b[t] == me:
        return None
    np = pos.copy()
    # A move from 15 or onto 15 moves / swaps away whatever stands there:
    # the mark (if any) of that piece ends.
    if h == 15 or t == 15:
        np.marked = None
    if b[t] == opp:
        if not ignore_protection and k79_protected(b, t):
            return None
        np.board[t] = me
        np.board[h] = opp
        return Cand(h, t, np, swap=True, backward=backward, ended_on=t)
    np.board[h] = EMPTY
    np.board[t] = me
    return Cand(h, t, np, backward=backward, ended_on=t)


def k79_may_bear_off(pos, opts):
    """With the home row option, no piece of the side may stand on 1 to 10."""
    return "home" not in opts or all(pos.board[h] != pos.side for h in range(1, 11))


def k79_forward(pos, h, r, ignore_protection=False, opts=frozenset()):
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if h <= 25:
        t = h + r
        if t > 26:
            # The trap: past 26 is into the water, while 27 is empty.
            if "trap" in opts and b[27] == EMPTY:
                np = pos.copy()
                np.board[h] = EMPTY
                np.board[27] = me
                return Cand(h, 27, np, ended_on=27)
            return None
        return k79_land(pos, h, t, False, ignore_protection)
    if h == 26:
        if r == 1:
            if b[27] != EMPTY:
                return None
            np = pos.copy()
            np.board[26] = EMPTY
            np.board[27] = me
            return Cand(26, 27, np, ended_on=27)
        if r in (2, 3, 4):
            t = 26 + r
            if b[t] == me:
                return None
            if b[t] == opp:
                if b[27] != EMPTY:
                    return None
                if k79_protected(b, t):
                    return None
                np = pos.copy()
                np.board[26] = EMPTY
                np.board[t] = me
                np.board[27] = opp
                return Cand(26, t, np, swap=True, ended_on=t)
            np = pos.copy()
            np.board[26] = EMPTY
            np.board[t] = me
            return Cand(26, t, np, ended_on=t)
        # r == 5
        if not k79_may_bear_off(pos, opts):
            return None
        np = pos.copy()
        np.board[26] = EMPTY
        np.off[me] += 1
        return Cand(26, "off", np, ended_on=31)
    if h == 27:
        raise RuntimeError("27 is handled by the water rule")
    if ((h == 28 and r == 3) or (h == 29 and r == 2) or h == 30) and k79_may_bear_off(pos, opts):
        np = pos.copy()
        np.board[h] = EMPTY
        np.off[me] += 1
        return Cand(h, "off", np, ended_on=31)
    return None


def k79_backward(pos, h, r, ignore_protection=False):
    if h > 26:
        return None
    t = h - r
    if t < 1:
        return None
    return k79_land(pos, h, t, True, ignore_protection)


def k79_candidates(pos, r, opts=frozenset()):
    """Kendall 1979's moves, with the options `opts` (see K79_OPTIONS)."""
    me = pos.side
    b = pos.board
    # Starting Throw: a side yet to begin moves nothing until it throws a 1.
    if me in pos.unbegun and r != 1:
        return []
    # The marked (rescued) piece comes first.
    if pos.marked == me:
        c = k79_forward(pos, 15, r, ignore_protection=True, opts=opts)
        if c is not None:
            return [c]
        c = k79_backward(pos, 15, r, ignore_protection=True)
        if c is not None:
            return [c]
        return []
    # A piece on 27: it is the only piece that may move.
    if b[27] == me:
        if r == 4:
            if not k79_may_bear_off(pos, opts):
                return []
            np = pos.copy()
            np.board[27] = EMPTY
            np.off[me] += 1
            return [Cand(27, "off", np, out_of_water=True, ended_on=31)]
        found = []
        water = "water" in opts
        if b[15] == EMPTY:
            np = pos.copy()
            np.board[27] = EMPTY
            np.board[15] = me
            np.marked = me
            found.append(Cand(27, 15, np, backward=True, out_of_water=True, ended_on=15,
                              costs_turn=water))
        if water:
            # kendall1979-water: the piece may wait on 27 for a 4.
            found.append(Cand(27, 27, pos.copy(), wait=True, ended_on=27))
        return found
    fwd = []
    for h in range(1, 31):
        if b[h] == me:
            c = k79_forward(pos, h, r, opts=opts)
            if c is not None:
                fwd.append(c)
    if fwd:
        return fwd
    back = []
    for h in range(1, 27):
        if b[h] == me:
            c = k79_backward(pos, h, r)
            if c is not None:
                back.append(c)
    return back


# ---------------------------------------------------------------------------
# Skyruk
# ---------------------------------------------------------------------------

def sky_protected(board, t):
    if t == 15:
        return True
    owner = board[t]
    count = 0
    for n in (t - 1, t + 1):
        if 1 <= n <= 30 and board[n] == owner:
            count += 1
    return count == 1


def sky_groups(board, side):
    """Maximal runs (lo, hi) of 2+ consecutive houses held by side."""
    groups = []
    h = 1
    while h <= 30:
        if board[h] == side:
            lo = h
            while h + 1 <= 30 and board[h + 1] == side:
                h += 1
            if h > lo:
                groups.append((lo, h))
        h += 1
    return groups


def sky_blocked(board, a, b, opp):
    """A whole opponent group lies strictly between a and b."""
    lo, hi = min(a, b), max(a, b)
    for g_lo, g_hi in sky_groups(board, opp):
        if g_lo > lo and g_hi < hi:
            return True
    return False


def sky_return_house(board):
    """15, or the first empty house below 15."""
    house = 15
    while board[house] != EMPTY:
        house -= 1
        if house < 1:
            raise RuntimeError("no empty house at or below 15")
    return house


def sky_land_low(pos, h, t, backward):
    """Move from h <= 25 onto t <= 25 (forward or backward)."""
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if sky_blocked(b, h, t, opp):
        return None
    if b[t] == me:
        return None
    np = pos.copy()
    if b[t] == opp:
        if sky_protected(b, t):
            return None
        np.board[t] = me
        np.board[h] = opp
        return Cand(h, t, np, swap=True, backward=backward, ended_on=t)
    np.board[h] = EMPTY
    np.board[t] = me
    return Cand(h, t, np, backward=backward, ended_on=t)


def sky_forward(pos, h, r):
    me, opp = pos.side, other(pos.side)
    b = pos.board
    if h <= 25:
        t = h + r
        if t <= 25:
            return sky_land_low(pos, h, t, False)
        if b[26] != EMPTY:
            return None
        if sky_blocked(b, h, 26, opp):
            return None
        np = pos.copy()
        np.board[h] = EMPTY
        np.board[26] = me
        return Cand(h, 26, np, ended_on=26)
    if h == 26:
        np = pos.copy()
        np.board[26] = EMPTY
        if r == 5:
            np.off[me] += 1
            return Cand(26, "off", np, ended_on=31)
        if r in (2, 3, 4) and b[26 + r] == EMPTY:
            np.board[26 + r] = me
            return Cand(26, 26 + r, np, ended_on=26 + r)
        # the water
        if np.board[27] == EMPTY:
            dest = 27
        else:
            dest = sky_return_house(np.board)
        np.board[dest] = me
        return Cand(26, 27, np, ended_on=dest)
    if h == 27:
        if r == 4:
            np = pos.copy()
            np.board[27] = EMPTY
            np.off[me] += 1
            return Cand(27, "off", np, ended_on=31)
        if r in (1, 2, 3):
            np = pos.copy()
            np.board[27] = EMPTY
            dest = sky_return_house(np.board)
            np.board[dest] = me
            return Cand(27, dest, np, backward=True, ended_on=dest)
        return None  # r == 5: no move for this piece
    if (h == 28 and r == 3) or (h == 29 and r == 2) or h == 30:
        np = pos.copy()
        np.board[h] = EMPTY
        np.off[me] += 1
        return Cand(h, "off", np, ended_on=31)
    return None


def sky_backward(pos, h, r):
    if h > 25:
        return None
    t = h - r
    if t < 1:
        return None
    return sky_land_low(pos, h, t, True)


def sky_candidates(pos, r):
    me = pos.side
    b = pos.board
    if b[26] == me:
        return [sky_forward(pos, 26, r)]
    fwd = []
    for h in range(1, 31):
        if b[h] == me:
            c = sky_forward(pos, h, r)
            if c is not None:
                fwd.append(c)
    if fwd:
        return fwd
    back = []
    for h in range(1, 26):
        if b[h] == me:
            c = sky_backward(pos, h, r)
            if c is not None:
                back.append(c)
    return back


# ---------------------------------------------------------------------------
# Piccione, entering from the hand (piccione-entering)
# ---------------------------------------------------------------------------

def pic_in_hand(pos, side):
    """Pieces per side less those on the board and those borne off."""
    on_board = sum(1 for h in range(1, 31) if pos.board[h] == side)
    return PIECES[PIC] - on_board - pos.off[side]


def pic_forward(pos, h, r):
    """The piece on h moves forward by r: off on the exact count only (26 a
    5, 28 a 3, 29 a 2, 30 a 1), onto 27 the water (back to the hand), onto
    no piece of either side; it passes over anything."""
    me = pos.side
    t = h + r
    if t > 31:
        return None
    np = pos.copy()
    np.board[h] = EMPTY
    if h == np.mark_house and np.marked == me:
        np.marked = None          # the mark ends when the piece moves
    if t == 31:
        np.off[me] += 1
        return Cand(h, "off", np, ended_on=31)
    if t == 27:
        # Leaves the board for the hand; written with target 27.
        return Cand(h, 27, np, ended_on=27)
    if pos.board[t] != EMPTY:
        return None
    np.board[t] = me
    return Cand(h, t, np, ended_on=t)


def pic_backward(pos, h, r):
    """Backward by r, never from 28, 29 or 30, never below 1, onto no piece."""
    me = pos.side
    if h >= 28:
        return None
    t = h - r
    if t < 1 or pos.board[t] != EMPTY:
        return None
    np = pos.copy()
    np.board[h] = EMPTY
    if h == np.mark_house and np.marked == me:
        np.marked = None
    np.board[t] = me
    return Cand(h, t, np, backward=True, ended_on=t)


def pic_entry(pos, r):
    """With a 1, a piece in hand enters on house 1 while 1 is empty; the
    entered piece is marked."""
    me = pos.side
    if r != 1 or pic_in_hand(pos, me) <= 0 or pos.board[1] != EMPTY:
        return None
    np = pos.copy()
    np.board[1] = me
    np.marked = me
    return Cand("in", 1, np, ended_on=1, entry=True)


def pic_candidates(pos, r):
    """In the order the rules list them: moves along the track by start
    house, then (no waits here) the entry."""
    me = pos.side
    b = pos.board
    # A side with a marked piece moves only that piece (forward: from 1 a
    # backward move would go below 1); if it cannot, the throw is lost.
    if pos.marked == me and b[pos.mark_house] == me:
        c = pic_forward(pos, pos.mark_house, r)
        return [c] if c is not None else []
    fwd = []
    for h in range(1, 31):
        if b[h] == me:
            c = pic_forward(pos, h, r)
            if c is not None:
                fwd.append(c)
    entry = pic_entry(pos, r)
    if entry is not None:
        fwd.append(entry)
    if fwd:
        return fwd
    back = []
    for h in range(1, 31):
        if b[h] == me:
            c = pic_backward(pos, h, r)
            if c is not None:
                back.append(c)
    return back


# ---------------------------------------------------------------------------
# Banked throws (kendall1979-booklet): every throw of a turn before any move
# ---------------------------------------------------------------------------

class NotBanked(ValueError):
    """Listing the moves of a roll the side to play does not hold."""


def bank_throw(ruleset, pos, roll):
    """The side still throws: `roll` is banked.  A roll that gives another
    throw keeps the throwing (`R: bank+`), unless it is the 31st of its
    value; any other ends it (`R: bank`), and the side plays its bank."""
    np = pos.copy()
    np.bank = tuple(sorted(pos.bank + (roll,)))
    np.throwing = gives_another(ruleset, roll) and np.bank.count(roll) < BANK_MAX
    return ("%d: bank+" if np.throwing else "%d: bank") % roll, np


def bank_spent(pos, np, me, rest):
    """After a roll of the bank is played or lost: the side plays the rest,
    or, the bank spent, the sticks pass (or stay, where the opponent loses
    that turn); no move gives another throw."""
    np.bank = tuple(rest)
    if rest:
        np.side = me
        np.throwing = False
    else:
        np.throwing = True
        np.side = pass_sticks(np, me, False)


def bank_finish(ruleset, pos, roll, cand):
    """A move of the banked `roll`: (notation, Position after).  Written
    with `+` only when it spends the bank and the same side throws next
    (its opponent loses that turn)."""
    me = pos.side
    np = cand.newpos
    rest = list(pos.bank)
    rest.remove(roll)
    if game_over(ruleset, np):
        # The move that ends the game ends it: the rolls left are not played.
        np.bank = ()
        np.throwing = True
        np.side = other(me)
    else:
        if cand.costs_turn:
            np.lost.add(me)
        bank_spent(pos, np, me, rest)
    target = "off" if cand.target == "off" else str(cand.target)
    if cand.wait:
        text = "%d: %d=" % (roll, cand.start)
    else:
        text = "%d: %d-%s" % (roll, cand.start, target)
    if cand.swap:
        text += "x"
    if cand.backward:
        text += "<"
    if again_after_bank(ruleset, np, me, rest):
        text += "+"
    return text, np


def again_after_bank(ruleset, np, me, rest):
    """Whether the side that played its bank's last roll throws next: the
    game goes on and its opponent lost the turn the sticks passed to."""
    return not rest and not game_over(ruleset, np) and np.side == me


def bank_roll_moves(ruleset, pos, roll):
    """The legal moves of the banked `roll`, each roll one move of one piece
    under every rule of the ruleset without banks."""
    if roll not in pos.bank:
        raise NotBanked("no %d is banked" % roll)
    return [bank_finish(ruleset, pos, roll, cand) for cand in CANDIDATES[ruleset](pos, roll)]


def bank_lose(ruleset, pos):
    """No banked roll has a legal move: the lowest is lost (`R: -`)."""
    roll = pos.bank[0]
    np = pos.copy()
    bank_spent(pos, np, pos.side, pos.bank[1:])
    again = again_after_bank(ruleset, np, pos.side, pos.bank[1:])
    return ("%d: -+" if again else "%d: -") % roll, np


def bank_children(ruleset, pos):
    """Every child of a position where the side plays its bank: each legal
    move of each distinct banked roll, or the lowest roll lost."""
    found = []
    for roll in sorted(set(pos.bank)):
        found.extend(bank_roll_moves(ruleset, pos, roll))
    return found or [bank_lose(ruleset, pos)]


# ---------------------------------------------------------------------------
# Common driver
# ---------------------------------------------------------------------------

CANDIDATES = {
    "jequier": jeq_candidates,
    "skyruk": sky_candidates,
    PIC: pic_candidates,
}

#: Rulesets whose `moves` output keeps the order the rules list the moves
#: in (the others sort by notation).
ORDERED = (PIC,)
for _name, _opts in K79_OPTIONS.items():
    CANDIDATES[_name] = lambda pos, r, _opts=_opts: k79_candidates(pos, r, _opts)


def legal_moves(ruleset, pos, roll):
    """List of (notation, Position after).  Empty when the game is over or
    the throw is lost.  Where throws are banked: the one banked throw while
    the side still throws, else the moves of the banked `roll` (NotBanked
    when the side holds no such roll)."""
    if game_over(ruleset, pos):
        return []
    if banks(ruleset):
        if pos.throwing:
            return [bank_throw(ruleset, pos, roll)]
        return bank_roll_moves(ruleset, pos, roll)
    result = []
    for cand in CANDIDATES[ruleset](pos, roll):
        result.append(finish(ruleset, pos, roll, cand))
    return result


def children(ruleset, pos, roll):
    """Legal moves, or the lost throw as the single child."""
    moves = legal_moves(ruleset, pos, roll)
    if moves:
        return moves
    return [lost_throw(ruleset, pos, roll)]


def all_children(ruleset, pos):
    """Every (notation, child) one ply below `pos`: each roll of the
    implement once, unweighted, and its moves or lost throw; where throws
    are banked, each roll banked while the side throws, else the children
    of its bank."""
    if game_over(ruleset, pos):
        return []
    if banks(ruleset) and not pos.throwing:
        return bank_children(ruleset, pos)
    found = []
    for roll in ROLLS[ruleset]:
        found.extend(children(ruleset, pos, roll))
    return found


def perft(ruleset, pos, depth, cache=None):
    if depth == 0 or game_over(ruleset, pos):
        return 1
    if cache is not None:
        key = (pos.to_string(), depth)
        if key in cache:
            return cache[key]
    total = 0
    for _text, child in all_children(ruleset, pos):
        total += perft(ruleset, child, depth - 1, cache)
    if cache is not None:
        cache[key] = total
    return total


def perft_line(ruleset, text, depth, use_cache=True):
    pos = parse_position(ruleset, text)
    counts = []
    for d in range(1, depth + 1):
        cache = {} if use_cache else None
        counts.append(perft(ruleset, pos, d, cache))
    return counts


def divide_lines(ruleset, text, depth):
    """`NOTATION: COUNT` for each first move, then the total."""
    pos = parse_position(ruleset, text)
    cache = {}
    lines = []
    total = 0
    for notation, child in all_children(ruleset, pos):
        n = perft(ruleset, child, depth - 1, cache)
        lines.append("%s: %d" % (notation, n))
        total += n
    lines.append(str(total if lines else 1))
    return lines


def bank_moves_lines(ruleset, pos):
    if pos.throwing:
        return ["%s => %s" % (n, c.to_string())
                for n, c in (bank_throw(ruleset, pos, r) for r in ROLLS[ruleset])]
    lines = []
    rolls = sorted(set(pos.bank))
    played = {r: sorted(bank_roll_moves(ruleset, pos, r), key=lambda m: m[0]) for r in rolls}
    if not any(played.values()):
        notation, child = bank_lose(ruleset, pos)
        return ["%s => %s" % (notation, child.to_string())] + ["refused %d" % r for r in rolls[1:]]
    for r in rolls:
        if played[r]:
            lines.extend("%s => %s" % (n, c.to_string()) for n, c in played[r])
        else:
            lines.append("refused %d" % r)
    return lines


def moves_lines(ruleset, text):
    pos = parse_position(ruleset, text)
    lines = []
    if game_over(ruleset, pos):
        return ["game over"]
    if banks(ruleset):
        return bank_moves_lines(ruleset, pos)
    for roll in ROLLS[ruleset]:
        moves = legal_moves(ruleset, pos, roll)
        if moves:
            if ruleset not in ORDERED:
                moves = sorted(moves, key=lambda m: m[0])
            for notation, child in moves:
                lines.append("%s => %s" % (notation, child.to_string()))
        else:
            notation, child = lost_throw(ruleset, pos, roll)
            lines.append("%s => %s" % (notation, child.to_string()))
    return lines


def main(argv):
    if len(argv) >= 3 and argv[0] in ("perft", "moves", "divide"):
        ruleset = argv[1]
        if ruleset not in RULESETS:
            print("unknown ruleset %r (use one of %s)" % (ruleset, ", ".join(RULESETS)))
            return 2
        text = argv[2]
        if text == "start":
            text = START[ruleset]
        try:
            if argv[0] == "perft":
                depth = int(argv[3])
                nocache = len(argv) > 4 and argv[4] == "--nocache"
                print(" ".join(str(n) for n in perft_line(ruleset, text, depth, not nocache)))
            elif argv[0] == "divide":
                for line in divide_lines(ruleset, text, int(argv[3])):
                    print(line)
            else:
                for line in moves_lines(ruleset, text):
                    print(line)
        except PositionError as e:
            print("invalid position: %s" % e)
            return 1
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
