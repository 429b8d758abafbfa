// The Senet page: makes a game, draws the board, sends throws and moves,
// shows the bots' answers, hints, and at the end the record, checked
// against the commitment shown at the start, and the game's review.
// Everything shown comes from the server's JSON and is written as text,
// never as HTML.
//
// This module starts it: every control wired to its action, then the game
// of the URL's fragment opened. The page's other modules, one concept each:
// state.js (what they share), api.js (the server), games.js (where games
// are kept, links, your games), setup.js (a game made, rematched, joined or
// opened), view.js (the whole view), board.js (the board and the throw),
// moves.js (the legal moves and the log), play.js (actions), rules.js (the
// rules panel), verify.js (the record, checked) and review.js (the review).

import { $, page } from "./state.js";
import { api } from "./api.js";
import { NARROW, listenToHouses } from "./board.js";
import { listenToMoves } from "./moves.js";
import { forgetUnreadRules } from "./rules.js";
import { copyLink, readFragment, refreshGames, remember } from "./games.js";
import { backToNow, showReview } from "./review.js";
import { render, stopListening } from "./view.js";
import { clickHouse, play, resign, showHint, throwNow } from "./play.js";
import { loadRulesets, newGame, offerSeat, opening, rematch, takeSeat } from "./setup.js";

async function start() {
  $("new-game-form").addEventListener("submit", newGame);
  $("join-form").addEventListener("submit", takeSeat);
  $("throw").addEventListener("click", throwNow);
  $("share-copy").addEventListener("click", () => copyLink("share"));
  $("watch-copy").addEventListener("click", () => copyLink("watch"));
  $("rematch").addEventListener("click", rematch);
  $("hint").addEventListener("click", showHint);
  listenToHouses(clickHouse);
  listenToMoves(play);
  $("review").addEventListener("click", showReview);
  $("back-to-now").addEventListener("click", backToNow);
  NARROW.addEventListener("change", backToNow);
  $("review-marked-only").addEventListener("change", (event) => {
    $("review-moves").classList.toggle("marked-only", event.target.checked);
  });
  $("resign").addEventListener("click", resign);
  window.addEventListener("hashchange", openFromFragment);
  await loadRulesets();
  await openFromFragment();
}

// Opens the game of the URL's fragment: at the start, and when another
// game's link is pasted into this tab (a new fragment: no reload). Nothing
// of the game shown before stays: its selection, its news timer, its
// review, its share and finish boxes.
async function openFromFragment() {
  clearTimeout(page.pollTimer);
  stopListening();
  page.pollTimer = null;
  page.busy = false;
  page.game = null;
  page.selected = null;
  page.reviewed = null;
  page.positions = null;
  page.invitation = null;
  page.joining = null;
  $("join").hidden = true;
  $("share-status").textContent = "";
  $("rematch-error").textContent = "";
  forgetUnreadRules();
  for (const box of ["share", "finish", "hint-box", "play-error", "setup-error", "looking"]) $(box).hidden = true;
  $("log").replaceChildren();
  page.current = readFragment();
  const opened = page.current;
  // A seat held here: its token kept in the storage, the address left
  // with the game alone (an older link carried the token).
  if (opened && opened.token) remember();
  if (opened) {
    try {
      const view = await api("GET", "/api/games/" + opened.id);
      if (page.current !== opened) return;
      // An invitation is offered once, unless this page holds a seat already.
      if (opened.invite && !opened.token) offerSeat(opened, view);
      else opening(opened, view);
      return;
    } catch (error) {
      if (page.current !== opened) return;
      page.current = null;
      $("setup-error").textContent = error.message;
      $("setup-error").hidden = false;
    }
  }
  $("play").hidden = true;
  $("setup").hidden = false;
  render();
  refreshGames();
}

// For the console and the browser tests: stop hearing the game's events
// (as a broken stream would), to see the page without them.
window.senetPage = { stopListening };

start();
