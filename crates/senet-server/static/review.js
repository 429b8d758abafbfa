// The end: the review of every decision that had a choice, as tables,
// and a look at the position any judged move was played in.

import { $, page, lastTurn } from "./state.js";
import { api } from "./api.js";
import { drawBoard, ends } from "./board.js";

// Resets the review's box for a finished game (once per game).
export function offerReview(view) {
  if (page.reviewed === view.id) return;
  page.reviewed = null;
  page.positions = null;
  $("review").disabled = false;
  $("review-status").textContent = "";
  $("review-out").hidden = true;
}

const percent = (chance) => (100 * chance).toFixed(1) + "%";
const points = (lost) => (100 * lost).toFixed(1);

function cell(text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

function span(text, className) {
  const node = document.createElement("span");
  node.textContent = text;
  node.className = className;
  return node;
}

function row(cells) {
  const tr = document.createElement("tr");
  tr.append(...cells);
  return tr;
}

const MARKS = { fine: "", inaccuracy: "?!", mistake: "?", blunder: "??" };

function drawReview(review) {
  // The judging level, as the review names it (a review kept from an older server may name another).
  const judged = review.moves.find((m) => m.source !== "exact");
  const judge = judged ? "level " + judged.source.level + "'s estimates" : "exact values";
  $("review-source").textContent = review.table_bound === null
    ? "(" + judge + ")"
    : "(" + judge + "; exact where the endgame table of up to " + review.table_bound + (review.table_bound === 1 ? " piece" : " pieces") + " a side on the track holds every move)";
  const [x, o] = review.sides;
  const seats = page.game ? page.game.seats : [];
  $("review-x").textContent = "x" + (seats[0] ? " (" + (seats[0].name || seats[0].agent) + ")" : "");
  $("review-o").textContent = "o" + (seats[1] ? " (" + (seats[1].name || seats[1].agent) + ")" : "");
  const lines = [
    ["decisions judged", (s) => String(s.decisions)],
    ["valued exactly", (s) => String(s.exact)],
    ["forced moves, not judged", (s) => String(s.forced)],
    ["lost throws", (s) => String(s.lost_throws)],
    ["chance lost, in all", (s) => points(s.total_lost) + " points"],
    ["fine", (s) => String(s.fine)],
    ["inaccuracies ?!", (s) => String(s.inaccuracies)],
    ["mistakes ?", (s) => String(s.mistakes)],
    ["blunders ??", (s) => String(s.blunders)],
    ["error rate", (s) => s.error_rate.toFixed(1)],
  ];
  const summary = $("review-summary").tBodies[0];
  summary.replaceChildren(...lines.map(([label, value]) => row([cell(label), cell(value(x)), cell(value(o))])));
  const moves = $("review-moves").tBodies[0];
  moves.replaceChildren();
  for (const m of review.moves) {
    const by = m.source === "exact" ? "exact" : "level " + m.source.level;
    // On a phone the chance column is folded away: each chance is then
    // shown under its move (the `.folded` and `.chance` spans).
    const played = cell(m.played, "move");
    played.append(span(percent(m.played_chance), "folded"));
    const better = cell(m.best === m.played ? "" : m.best, "move");
    if (m.best !== m.played) better.append(span(" (" + percent(m.best_chance) + ")", "chance"));
    const tr = row([
      cell(String(m.number)), cell(m.side), played, cell(percent(m.played_chance), "col-chance"),
      cell(points(m.lost)), cell(MARKS[m.class] || "", "mark"), better, cell(by, "col-by"),
    ]);
    tr.className = m.class;
    tr.dataset.number = String(m.number);
    tr.title = m.class + ": " + m.choices + " legal moves, judged by " + by;
    tr.addEventListener("click", () => lookAt(m));
    moves.append(tr);
  }
  $("review-out").hidden = false;
}

// Draws the position a judged move was played in, its move played and the
// better one picked out, and picks out its turn in the list of turns. The
// list scrolls within itself (not the page, which would leave the row
// clicked), and the board, sticky while it shows the past, stays in view.
function lookAt(m) {
  const log = $("log");
  for (const item of log.children) {
    const here = item.value === m.number;
    item.classList.toggle("looked", here);
    if (here) {
      const offset = item.getBoundingClientRect().top - log.getBoundingClientRect().top;
      log.scrollTop += offset - log.clientHeight / 2;
    }
  }
  const before = page.positions && page.positions[m.number - 1];
  if (!before) return;
  const picked = {};
  const pick = (text, kind) => {
    const [from, to] = ends(text);
    if (from === undefined) return;
    (picked[from] ||= []).push(kind + "-from");
    (picked[to] ||= []).push(kind + "-to");
  };
  pick(m.played, "played");
  if (m.best !== m.played) pick(m.best, "best");
  drawBoard({ ...page.game, position: before, legal_moves: [] }, picked);
  $("board-wrap").classList.add("past");
  $("board").dataset.position = before;
  const better = m.best === m.played ? " (the best move)" : ", better " + m.best;
  $("looking-text").textContent = "Throw " + m.number + ", " + m.side + " to play: played " + m.played + better + ". ";
  $("looking").hidden = false;
}

// Draws the game as it is now again, after a look at a past decision.
export function backToNow() {
  $("looking").hidden = true;
  $("board-wrap").classList.remove("past");
  for (const item of $("log").children) item.classList.remove("looked");
  if (page.game) {
    $("board").dataset.position = page.game.position;
    drawBoard(page.game, {}, lastTurn(page.game));
  }
}

export async function showReview() {
  if (!page.game || !page.game.finish) return;
  const id = page.game.id;
  page.reviewed = id;
  $("review").disabled = true;
  $("review-status").textContent = "Reviewing every decision…";
  try {
    // While the endgame table is being solved the server answers 503 at
    // once: the page says so and asks again every 2 s.
    let review = null;
    while (!review) {
      try {
        review = await api("GET", "/api/games/" + id + "/review");
      } catch (error) {
        if (error.status !== 503 || !/being solved/.test(error.message)) throw error;
        $("review-status").textContent = "The endgame table is being solved; the review follows…";
        await new Promise((resolve) => setTimeout(resolve, 2000));
        if (page.reviewed !== id) return;
      }
    }
    const past = await api("GET", "/api/games/" + id + "/positions");
    if (page.reviewed !== id) return;
    page.positions = past.positions;
    $("review-status").textContent = review.moves.length === 0 ? "No decision had a choice: nothing to judge." : "";
    drawReview(review);
  } catch (error) {
    page.reviewed = null;
    $("review").disabled = false;
    $("review-status").textContent = "The review failed: " + error.message;
  }
}
