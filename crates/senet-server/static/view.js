// The whole view: everything that follows from the game shown and `busy`
// (the state, every control, the status, the tab's title), the game shown
// anew, the news looked for while waiting, and where the focus goes.

import { $, page, mayThrow, myTurn } from "./state.js";
import { api } from "./api.js";
import { drawThrow } from "./board.js";
import { drawLog, drawMoves } from "./moves.js";
import { loadRules } from "./rules.js";
import { noteGame, remember, showLink, watchLink } from "./games.js";
import { backToNow } from "./review.js";
import { finish, noteCommitment } from "./verify.js";

// Everything that follows from the game shown and `busy`: the state, every
// control's `disabled`, the status and the tab's title. Called after every
// change of either, never with a stale `busy`.
export function render() {
  const view = page.game;
  const seat = page.current && page.current.seat;
  const canThrow = !!view && mayThrow(view);
  const mine = !!view && !!myTurn(view);
  let state = "wait";
  let status = "";
  let title = "Senet";
  if (!view) {
    state = page.joining ? "join" : "setup";
  } else if (view.finish) {
    state = "over";
    status = "The game is over: " + view.finish.text + ".";
    if (seat && page.current.token && view.finish.winner === seat) title = "You won — Senet";
    else if (seat && page.current.token && view.finish.winner) title = "You lost — Senet";
    else title = "Game over — Senet";
  } else if (mine) {
    state = "move";
    status = "Your move: pick a piece, then its target (or a move below).";
    title = "● Your move — Senet";
  } else if (canThrow && view.to_play === seat) {
    state = "throw";
    status = "Your turn: throw.";
    title = "Your throw — Senet";
  } else if (canThrow) {
    state = "throw";
    status = "Throw to let the bot play.";
    title = "Throw for " + view.to_play + " — Senet";
  } else {
    status = "Waiting for " + view.to_play + " to " + (view.throw ? "move." : "throw.");
    title = "Waiting for " + view.to_play + " — Senet";
  }
  // A page without a seat's token watches: it offers no action.
  const watching = !!view && !(page.current && page.current.token);
  if (watching && !view.finish) {
    status = "Watching, read only: " + status.charAt(0).toLowerCase() + status.slice(1);
    title = "Watching: " + view.to_play + " to play — Senet";
  }
  if (page.busy) {
    state = "busy";
    // Until the answer comes: nothing can be done meanwhile.
    if (view && !view.finish) status = "Waiting for the server's answer…";
  }
  document.body.dataset.state = state;
  document.body.dataset.watching = String(watching);
  $("actions").hidden = watching;
  $("rematch-box").hidden = !view || !view.finish || watching;
  $("rematch").disabled = page.busy;
  if (view) showLink("watch", watchLink(view.id));
  document.body.dataset.game = view ? view.id : "";
  document.title = title;
  $("status").textContent = status;
  $("throw").disabled = page.busy || !canThrow;
  $("hint").disabled = page.busy || !mine;
  $("resign").disabled = page.busy || !view || !!view.finish || !(page.current && page.current.token);
  $("share").hidden = !view || !page.invitation;
  if (page.invitation) {
    showLink("share", page.invitation.link || "");
    $("share-offer").hidden = page.invitation.joined;
    $("share-joined").hidden = !page.invitation.joined;
    const other = view && page.current && view.seats.find((s) => s.side !== page.current.seat);
    $("share-joined").textContent = "The invitation was taken: "
      + (other && other.name ? other.name + " joined." : "your opponent joined.");
  }
}

export function show(view, fresh) {
  // The invited seat is held from the moment its agent is no longer "invited".
  const waited = !!page.game && page.game.id === view.id && page.game.seats.some((s) => s.agent === "invited");
  if (page.invitation && !page.invitation.joined && waited && view.seats.every((s) => s.agent !== "invited")) {
    page.invitation = { link: null, joined: true };
  }
  page.game = view;
  $("setup").hidden = true;
  $("play").hidden = false;
  const seats = view.seats.map((s) => s.side + " = " + s.display + ": " + (s.name || s.agent) + (page.current && s.side === page.current.seat ? " (you)" : ""));
  $("players").textContent = view.ruleset + " — " + seats.join(", ");
  loadRules(view.ruleset);
  if (page.current && !page.current.commitment) {
    page.current.commitment = view.commitment;
    remember();
  }
  noteCommitment(view);
  $("commitment").textContent = view.commitment;
  $("seed").textContent = view.seed || "secret until the end";
  backToNow();
  drawThrow(view);
  drawMoves(view);
  drawLog(view, fresh);
  render();
  schedulePoll(view);
  noteGame(view);
  if (view.finish) finish(view);
  else $("finish").hidden = true;
  // The focused house may have been drawn anew: focus is never left lost;
  // and when it only waited on the status, it goes to what is now to do.
  const focused = document.activeElement;
  if (!focused || focused === document.body || focused === $("status") || !focused.isConnected || focused.closest("[hidden]")) focusNext();
}

function schedulePoll(view) {
  clearTimeout(page.pollTimer);
  if (view.finish) {
    stopListening();
    return;
  }
  listen(view);
  // News heard while this page was acting: looked at now that it is done
  // (its own answer may not hold the other side's change).
  if (page.newsWaiting) {
    page.newsWaiting = false;
    lookForNews(page.current);
  }
  // While this page can do nothing (the other person's turn in a game of
  // two, or a game only watched), look for news every 2 s while the
  // game's events are not heard (a browser without them, a stream being
  // reconnected), and every 10 s while they are, in case one was lost.
  if (!myTurn(view) && !mayThrow(view)) {
    const opened = page.current;
    page.pollTimer = setTimeout(() => {
      if (page.current !== opened) return;
      page.ticks += 1;
      if (page.busy || (page.live && page.ticks % 5 !== 0)) return schedulePoll(page.game);
      lookForNews(opened);
    }, 2000);
  }
}

// Reads the game of `opened` and shows it if anything changed (turns, the
// throw waiting, the seats); else waits again. Not while this page acts:
// its own answer shows the change.
async function lookForNews(opened) {
  try {
    const fresh = await api("GET", "/api/games/" + opened.id);
    if (page.current !== opened) return;
    if (page.busy) return schedulePoll(page.game);
    const news = ["history", "throw", "seats"].some((key) => JSON.stringify(fresh[key]) !== JSON.stringify(page.game[key]));
    if (news) show(fresh, []);
    else schedulePoll(page.game);
  } catch (error) {
    if (page.current === opened) schedulePoll(page.game);
  }
}

// Hears the game's events (`GET /api/games/{id}/events`): every change,
// committed by any page or bot, is looked at within a moment. The browser
// reconnects a stream that breaks; meanwhile `page.live` is false and the
// page polls.
function listen(view) {
  if (page.events && page.events.game === view.id) return;
  stopListening();
  if (!window.EventSource) return;
  const opened = page.current;
  const source = new EventSource("/api/games/" + encodeURIComponent(view.id) + "/events");
  source.game = view.id;
  source.addEventListener("open", () => { page.live = true; });
  source.addEventListener("error", () => { page.live = false; });
  for (const kind of ["game", "change"]) {
    source.addEventListener(kind, (event) => {
      if (page.current !== opened || !page.game) return;
      if (page.busy) {
        page.newsWaiting = true;
        return;
      }
      const turn = JSON.parse(event.data).turn;
      // The page's own change, already shown, is no news.
      if (kind === "game" && turn === page.game.turn) return;
      lookForNews(opened);
    });
  }
  page.events = source;
  document.body.dataset.listening = view.id;
}

// Stops hearing the game's events (another game opened, or it ended).
export function stopListening() {
  if (page.events) page.events.close();
  page.events = null;
  page.live = false;
  page.newsWaiting = false;
  delete document.body.dataset.listening;
}

// Focus goes to the next thing to do (never to nowhere): a target of the
// piece picked, a piece to move, Throw, the review at the end, or else the
// status, which says what is awaited.
export function focusNext() {
  const state = document.body.dataset.state;
  let next = $("status");
  if (state === "move") next = document.querySelector("#board .house.target") || document.querySelector("#board .house.movable") || next;
  else if (state === "throw") next = $("throw");
  else if (state === "over") next = $("review").disabled ? $("result") : $("review");
  else if (state === "setup") next = $("new-game");
  next.focus();
}
