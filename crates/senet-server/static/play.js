// Actions: a house picked, a move, a throw, a resignation, a hint; each
// sent to the server, and its answer played out turn by turn.

import { $, page, lastTurn, myTurn } from "./state.js";
import { api } from "./api.js";
import { drawBoard, drawThrow } from "./board.js";
import { drawLog, drawMoves } from "./moves.js";
import { focusNext, render, show } from "./view.js";

// A house clicked (or chosen with the keyboard) on this page's move: a
// target of the piece picked plays the move; a piece that can move is
// picked (another house drops the pick).
export function clickHouse(n) {
  if (!page.game || !myTurn(page.game) || page.busy) return;
  const move = page.selected !== null && page.game.legal_moves.find((m) => m.from === page.selected && m.to === n);
  if (move) {
    page.selected = null;
    play(move.text);
    return;
  }
  page.selected = page.game.legal_moves.some((m) => m.from === n) ? n : null;
  drawBoard(page.game, {}, lastTurn(page.game));
  drawMoves(page.game);
  focusNext();
}

export async function showHint() {
  $("play-error").hidden = true;
  try {
    const opened = page.current;
    const hint = await api("GET", "/api/games/" + page.current.id + "/hint");
    if (page.current !== opened) return;
    $("hint-source").textContent = hint.exact ? "(exact: " + hint.source + ")" : "(estimate: " + hint.source + ")";
    const list = $("hints");
    list.replaceChildren();
    for (const m of hint.moves) {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "hint-move";
      button.textContent = m.move + " — " + (100 * m.chance).toFixed(1) + "% to win";
      button.addEventListener("click", () => play(m.move));
      item.append(button);
      list.append(item);
    }
    $("hint-box").hidden = false;
  } catch (error) {
    fail(error);
  }
}

function fail(error) {
  $("play-error").textContent = error.message;
  $("play-error").hidden = false;
}

async function act(method, path, body) {
  if (page.busy) return;
  page.busy = true;
  $("play-error").hidden = true;
  $("hint-box").hidden = true;
  render();
  const opened = page.current;
  let answer = null;
  let failure = null;
  try {
    answer = await api(method, path, body);
  } catch (error) {
    failure = error;
  }
  // Another game's link was opened meanwhile: this answer is not shown.
  if (page.current !== opened) return;
  if (answer) {
    await playOut(answer.game, answer.turns || [], opened);
  } else if (failure.status === 409 && /the game is at turn/.test(failure.message)) {
    // The view was stale (another tab, say, played): the game as it is now.
    try {
      const now = await api("GET", "/api/games/" + opened.id);
      if (page.current !== opened) return;
      page.busy = false;
      show(now, []);
      fail(new Error("The game had moved on; here it is as it is now."));
    } catch (error) {
      if (page.current !== opened) return;
      page.busy = false;
      show(page.game, []);
      fail(error);
    }
  } else {
    page.busy = false;
    show(page.game, []);
    fail(failure);
  }
  if (page.current === opened) focusNext();
}

const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const STEP = 350; // the pause on each turn of an answer but its last, in ms
const LONGEST = 2000; // the longest an answer's turns take to show, in ms

// The replay of an answer under way: a click or a key skips to its end.
let skipping = null;
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, () => {
    if (skipping) skipping();
  }, { capture: true });
}

// Waits `ms`, or less when the replay is skipped; whether it was.
function pause(ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { skipping = null; resolve(false); }, ms);
    skipping = () => { clearTimeout(timer); skipping = null; resolve(true); };
  });
}

// What the status says while turn `k` of `n` of an answer is shown.
function replayStatus(turn, k, n) {
  const what = turn.lost ? "threw " + turn.throw.roll + " and could not move" : "played " + turn.move;
  return "Showing the answer, turn " + k + " of " + n + ": " + turn.side + " " + what
    + ". Click or press a key to skip to now.";
}

// Shows an answer's turns one at a time, still `busy`: each turn's
// position after it with its move marked, its throw, and its log line,
// then the game as it is now (its last move marked). The status says
// which turn is shown; the whole takes at most `LONGEST` ms, and a click
// or a key skips to the end. `body[data-animated]` is the number of
// turns shown (0 when skipped), `body[data-replay-pause]` the pause on
// each; with reduced motion, no pause.
async function playOut(view, turns, opened) {
  delete document.body.dataset.animated;
  let after = null;
  if (turns.length > 1) {
    try {
      after = (await api("GET", "/api/games/" + view.id + "/positions")).positions;
    } catch (error) {
      after = null; // the game as it is now, at once
    }
  }
  if (page.current !== opened) return;
  // The house or move button focused is about to be drawn anew.
  if (document.activeElement && document.activeElement.closest("#board, #moves-box, #hint-box")) $("status").focus();
  const shown = after ? turns.slice(0, -1) : [];
  const each = REDUCED.matches ? 0 : Math.min(STEP, Math.floor(LONGEST / Math.max(shown.length, 1)));
  document.body.dataset.replayPause = String(each);
  let skipped = false;
  for (const [k, turn] of shown.entries()) {
    const step = { ...view, position: after[turn.number], history: view.history.slice(0, turn.number), throw: null, legal_moves: [], finish: null };
    $("board").dataset.position = step.position;
    drawBoard(step, {}, turn);
    drawMoves(step);
    drawThrow(step);
    drawLog(step, turns);
    $("status").textContent = replayStatus(turn, k + 1, turns.length);
    if (each > 0) skipped = await pause(each);
    if (page.current !== opened) return;
    if (skipped) break;
  }
  skipping = null;
  // `busy` goes back before the game is drawn: every control is set from
  // the view and a `busy` that is no longer true.
  page.busy = false;
  document.body.dataset.animated = String(!skipped && (after || turns.length < 2) ? turns.length : 0);
  show(view, turns);
}

// Every action names the turn of the view it was chosen on: sent twice it
// acts once, and a stale one is refused (above).
export function play(text) {
  return act("POST", "/api/games/" + page.current.id + "/move", { move: text, turn: page.game.turn });
}

export function throwNow() {
  return act("POST", "/api/games/" + page.current.id + "/throw", { turn: page.game.turn });
}

export function resign() {
  if (confirm("Resign this game?")) act("POST", "/api/games/" + page.current.id + "/resign", { turn: page.game.turn });
}
