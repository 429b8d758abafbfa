// The legal moves, as buttons, and the log of every turn played.

import { $, page, myTurn } from "./state.js";

export function drawMoves(view) {
  const list = $("moves");
  list.replaceChildren();
  $("moves-box").hidden = !myTurn(view);
  if (!myTurn(view)) return;
  for (const m of view.legal_moves) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "legal-move" + (m.from === page.selected ? " chosen" : "");
    button.textContent = m.text;
    button.dataset.move = m.text;
    item.append(button);
    list.append(item);
  }
}

// A move's button plays it, `choose(text)` with the move's text. Listened
// to once, on the list, whose buttons are drawn anew at every change.
export function listenToMoves(choose) {
  $("moves").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-move]");
    if (button) choose(button.dataset.move);
  });
}

function turnLine(turn, fresh) {
  const item = document.createElement("li");
  item.value = turn.number;
  const who = turn.by === "person" ? turn.side : turn.side + " (" + turn.by.replace("senet-", "") + ")";
  // "3: 11-14" is written "threw 3: 11-14"; a lost throw says so.
  const played = turn.lost ? "lost, no legal move" : turn.move.slice(turn.move.indexOf(":") + 2);
  item.textContent = who + " threw " + turn.throw.text + " — " + played;
  if (turn.lost) item.classList.add("lost");
  if (turn.by !== "person") item.classList.add("bot");
  if (fresh) item.classList.add("fresh");
  return item;
}

// The lines already listed stay, so that a screen reader (the log is a
// live region) reads only the new turns.
export function drawLog(view, fresh) {
  const log = $("log");
  let kept = log.children.length;
  const last = log.lastElementChild;
  if (kept > view.history.length || (last && last.value !== view.history[kept - 1].number)) {
    log.replaceChildren();
    kept = 0;
  }
  const freshNumbers = new Set(fresh.map((t) => t.number));
  for (const item of log.children) item.classList.toggle("fresh", freshNumbers.has(item.value));
  for (const turn of view.history.slice(kept)) log.append(turnLine(turn, freshNumbers.has(turn.number)));
  log.scrollTop = log.scrollHeight;
}
