// The board and the throw, drawn as SVG: the houses and their marks, the
// pieces, the houses one can act on (buttons, with the arrow keys going
// round them) and the last move made; the sticks or the die thrown.

import { $, page, myTurn } from "./state.js";

const SVG = "http://www.w3.org/2000/svg";
const HOUSE = 100; // the side of a house in the board's units

// On a phone the board is six rows of five houses, not three of ten, so
// that each house stays big enough to touch.
export const NARROW = window.matchMedia("(max-width: 600px)");

// Where house n (1..30) is drawn: rows of ten (of five on a phone), every
// other one right to left, so that the track snakes on; "off" (31) after 30.
function place(n) {
  const width = NARROW.matches ? 5 : 10;
  const rows = 30 / width;
  if (n >= 31) return NARROW.matches ? { x: 0, y: rows * HOUSE } : { x: width * HOUSE, y: (rows - 1) * HOUSE };
  const row = Math.floor((n - 1) / width);
  let col = (n - 1) % width;
  if (row % 2 === 1) col = width - 1 - col;
  return { x: col * HOUSE, y: row * HOUSE };
}

function el(name, attributes, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function rulesetOf(view) {
  return page.rulesets.find((r) => r.name === view.ruleset);
}

// "light piece": a side's piece as the game's seats name it.
function pieceName(view, side) {
  const seat = view.seats.find((s) => s.side === side);
  return (seat ? seat.display : side).toLowerCase() + " piece";
}

// What a screen reader says of a house one can act on.
function houseLabel(view, n, piece, target) {
  let label = (n === 31 ? "off the board" : "house " + n) + ", " + (piece || "empty");
  if (target) label += ", move the piece from " + page.selected + " here";
  else if (n === page.selected) label += ", picked: now choose where it goes";
  else label += ", can move " + view.throw.roll;
  return label;
}

// `picked`: houses to outline, as {house: class}; the review draws a past
// decision with its played and best moves picked out. `last`: the turn
// whose move is marked (classes last-from and last-to, and a word), or null.
export function drawBoard(view, picked = {}, last = null) {
  const board = $("board");
  board.replaceChildren();
  const [lastFrom, lastTo] = last ? ends(last.move) : [];
  if (last) board.dataset.lastMove = last.move;
  else delete board.dataset.lastMove;
  board.setAttribute("viewBox", NARROW.matches ? "0 0 500 700" : "0 0 1100 300");
  const info = rulesetOf(view);
  const marks = new Map((info ? info.marks : []).map(([house, mark]) => [house, mark]));
  const cells = view.position.split(" ")[0];
  const mine = myTurn(view);
  const froms = new Set(mine ? view.legal_moves.map((m) => m.from) : []);
  const targets = new Map();
  if (mine && page.selected !== null) {
    for (const m of view.legal_moves) if (m.from === page.selected) targets.set(m.to, m);
  }
  for (let n = 1; n <= 31; n++) {
    const { x, y } = place(n);
    const classes = ["house"];
    if (n === 31) classes.push("off");
    if (marks.has(n)) classes.push("marked");
    if (froms.has(n)) classes.push("movable");
    if (n === page.selected) classes.push("selected");
    if (targets.has(n)) classes.push("target");
    if (picked[n]) classes.push(...picked[n]);
    if (n === lastFrom) classes.push("last-from");
    if (n === lastTo) classes.push("last-to");
    const group = el("g", { class: classes.join(" "), "data-house": String(n) });
    group.append(el("rect", { x: x + 2, y: y + 2, width: HOUSE - 4, height: HOUSE - 4, rx: 8 }));
    // Each highlight has a cue besides its colour: a ring, a dashed or
    // dotted edge (in the style sheet), and a word.
    if (n === page.selected) group.append(el("rect", { x: x + 10, y: y + 10, width: HOUSE - 20, height: HOUSE - 20, rx: 5, class: "ring" }));
    const cue = targets.has(n) ? "to" : n === page.selected ? "from" : froms.has(n) ? "move" : null;
    if (cue) group.append(el("text", { x: x + HOUSE / 2, y: y + HOUSE - 5, class: "cue" }, cue));
    if (picked[n]) {
      const words = [...new Set(picked[n].map((kind) => kind.split("-")[0]))];
      group.append(el("text", { x: x + HOUSE / 2, y: y + HOUSE - 5, class: "cue pick" }, words.join(" ")));
    }
    const lastCue = n === lastFrom ? "from" : n === lastTo ? "to" : null;
    if (lastCue) group.append(el("text", { x: x + HOUSE / 2, y: y + 20, class: "cue last" }, lastCue));
    group.append(el("text", { x: x + 8, y: y + 20, class: "number" }, n === 31 ? "off" : String(n)));
    if (marks.has(n)) group.append(el("text", { x: x + HOUSE - 8, y: y + 20, class: "mark" }, marks.get(n)));
    const cell = n <= 30 ? cells[n - 1] : ".";
    if (cell && cell !== ".") {
      const side = cell.toLowerCase();
      const piece = el("circle", { cx: x + HOUSE / 2, cy: y + HOUSE / 2 + 4, r: 28, class: "piece " + side + (cell !== side ? " marked-piece" : "") });
      group.append(piece);
      group.append(el("text", { x: x + HOUSE / 2, y: y + HOUSE / 2 + 12, class: "piece-label " + side }, side));
    }
    if (n === 31) {
      const [, , xOff, oOff] = view.position.split(" ");
      group.append(el("text", { x: x + HOUSE / 2, y: y + 55, class: "off-count" }, "x " + xOff));
      group.append(el("text", { x: x + HOUSE / 2, y: y + 80, class: "off-count" }, "o " + oOff));
    }
    if (froms.has(n) || targets.has(n)) {
      const piece = cell && cell !== "." ? pieceName(view, cell.toLowerCase()) : null;
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.setAttribute("aria-label", houseLabel(view, n, piece, targets.has(n)));
    }
    board.append(group);
  }
}

// Every house answers a click with `choose(n)`, n its number; a house one
// can act on (a button) answers Enter and space too, and the arrows go
// round those houses in the track's order. Listened to once, on the
// board, whose houses are drawn anew at every change.
export function listenToHouses(choose) {
  const board = $("board");
  board.addEventListener("click", (event) => {
    const group = event.target.closest("[data-house]");
    if (group) choose(Number(group.dataset.house));
  });
  board.addEventListener("keydown", (event) => {
    const group = event.target.closest("[role=button]");
    if (!group) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step) {
      const houses = [...board.querySelectorAll("[role=button]")];
      event.preventDefault();
      houses[(houses.indexOf(group) + step + houses.length) % houses.length].focus();
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    choose(Number(group.dataset.house));
  });
}

// The two houses of a move's notation ("3: 6-9x" gives 6 and 9, "off" is
// drawn as house 31), to pick them out on the board.
export function ends(text) {
  const found = /: (\d+)-(\d+|off)/.exec(text);
  return found ? [Number(found[1]), found[2] === "off" ? 31 : Number(found[2])] : [];
}

export function drawThrow(view) {
  const sticks = $("sticks");
  sticks.replaceChildren();
  const last = view.throw || (view.history.length ? view.history[view.history.length - 1].throw : null);
  drawLastTurn(view);
  if (!last) {
    $("throw-text").textContent = "";
    return;
  }
  if (last.sticks) {
    last.sticks.forEach((light, i) => {
      sticks.append(el("rect", { x: 6 + i * 29, y: 4, width: 20, height: 52, rx: 9, class: light ? "stick light" : "stick dark" }));
    });
  } else {
    sticks.append(el("rect", { x: 30, y: 2, width: 56, height: 56, rx: 10, class: "die" }));
    sticks.append(el("text", { x: 58, y: 42, class: "die-number" }, String(last.roll)));
  }
  $("throw-text").textContent = view.throw
    ? view.to_play + " threw " + last.roll
    : "last throw: " + last.roll;
}

// The last turn in words, a lost throw included (whose move marks no
// house): `#last-turn[data-lost]` says which it was.
function drawLastTurn(view) {
  const turn = view.history.length ? view.history[view.history.length - 1] : null;
  const line = $("last-turn");
  line.textContent = !turn
    ? ""
    : turn.lost
      ? "Last turn: " + turn.side + " threw " + turn.throw.roll + " and could not move."
      : "Last turn: " + turn.side + " threw " + turn.throw.roll + " and played " + turn.move + ".";
  line.dataset.lost = String(!!turn && turn.lost);
}
