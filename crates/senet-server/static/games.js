// Where the games are kept: the game shown, in the URL fragment and in
// localStorage; the links that give the other seat or let anyone watch,
// with their Copy buttons; and "your games", every game this browser made
// or joined.

import { $, page, personAt } from "./state.js";
import { api } from "./api.js";

// The game of the URL's fragment, with what localStorage kept of it (its
// token, seat and the commitment seen), or null. A token or seat in the
// fragment (a link of an older page) is taken, then kept only in the
// storage by `remember`.
export function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (!id) return null;
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem("senet:" + id) || "{}") || {};
  } catch (error) {
    saved = {}; // an unreadable entry: the game is watched
  }
  // A game of "your games" whose own entry is gone still has its seat.
  if (!saved.token) saved = { ...keptGames().find((g) => g.id === id), ...saved };
  return {
    id,
    token: params.get("token") || saved.token || null,
    seat: params.get("seat") || saved.seat || null,
    commitment: saved.commitment || null,
    invite: params.get("invite"),
  };
}

// Keeps the game shown, its token and seat, in localStorage, and the game
// alone in the fragment: a reload continues it, and the address, copied
// or shared, hands over no seat (it is the watch link).
export function remember() {
  localStorage.setItem("senet:" + page.current.id, JSON.stringify({
    token: page.current.token, seat: page.current.seat, commitment: page.current.commitment,
  }));
  history.replaceState(null, "", "#" + new URLSearchParams({ game: page.current.id }).toString());
}

// The link that gives the other seat: the game and its invitation, which
// the page opening it exchanges for the seat's token.
export function inviteLink(id, code) {
  return location.origin + "/#" + new URLSearchParams({ game: id, invite: code });
}

// The link anyone may open to follow the game, read only: no seat in it.
export function watchLink(id) {
  return location.origin + "/#" + new URLSearchParams({ game: id });
}

// Shows `link` in the read-only field `name + "-link"`; a new link makes
// its Copy button fresh again.
export function showLink(name, link) {
  const field = $(name + "-link");
  if (field.value === link) return;
  field.value = link;
  const button = $(name + "-copy");
  delete button.dataset.copied;
  button.textContent = "Copy";
  $(name + "-status").textContent = "";
}

// Copies the link of the field `name + "-link"`: through the clipboard,
// or where the browser gives none, by selecting the field for the
// browser's copy command. The button then says so and carries
// `data-copied`, the focus staying on it; otherwise the link is left
// focused and selected.
export async function copyLink(name) {
  const field = $(name + "-link");
  const button = $(name + "-copy");
  let copied = false;
  try {
    await navigator.clipboard.writeText(field.value);
    copied = true;
  } catch (error) {
    field.focus();
    field.select();
    try {
      copied = document.execCommand("copy");
    } catch (refused) {
      copied = false;
    }
    button.focus();
  }
  if (copied) {
    button.dataset.copied = "true";
    button.textContent = "Copied";
    $(name + "-status").textContent = "copied";
  } else {
    // Nothing copied: the focus goes to the link, selected, to copy by hand.
    field.focus();
    field.select();
    $(name + "-status").textContent = "Selected: copy it with Ctrl+C.";
  }
}

// ---------- your games: every game this browser made or joined ----------

const GAMES_KEY = "senet:games";
const KEPT_GAMES = 50; // the most `GET /api/games?ids=` answers at once
let listed = new Map(); // id → the game's state as last read: a view or a summary
let unknownGames = new Set(); // ids the server does not know (or cannot read)
let gamesAsked = 0; // the number of the latest request for the list's states

// The games kept, newest first: {id, token, seat, ruleset, opponent, when}.
function keptGames() {
  try {
    const kept = JSON.parse(localStorage.getItem(GAMES_KEY) || "[]");
    // An id the server would refuse (edited by hand) would fail the whole list.
    const fit = (g) => g && typeof g.id === "string" && /^[0-9A-Za-z]{1,64}$/.test(g.id);
    return Array.isArray(kept) ? kept.filter(fit) : [];
  } catch (error) {
    return []; // an unreadable list is started again
  }
}

// Keeps the game shown if this page holds one of its seats (made or
// joined here); the oldest past KEPT_GAMES leave the list.
function keepGame(view) {
  if (!page.current || !page.current.token || page.current.id !== view.id) return;
  const kept = keptGames();
  if (kept.some((g) => g.id === view.id)) return;
  const other = view.seats.find((s) => s.side !== page.current.seat);
  kept.unshift({
    id: view.id, token: page.current.token, seat: page.current.seat, ruleset: view.ruleset,
    opponent: other ? other.name || other.agent : "", when: view.created,
  });
  localStorage.setItem(GAMES_KEY, JSON.stringify(kept.slice(0, KEPT_GAMES)));
}

// "your move", "waiting" (for the other person), "won", "lost",
// "finished" (a draw), or "unknown" (the server has it not).
function gameState(entry, state) {
  if (!state) return unknownGames.has(entry.id) ? "unknown" : "";
  if (state.finish) {
    if (!state.finish.winner) return "finished";
    return state.finish.winner === entry.seat ? "won" : "lost";
  }
  // Against a bot the page acts for both seats' throws: always this one's move.
  const waits = state.to_play !== entry.seat && personAt(state, state.to_play);
  return waits ? "waiting" : "your move";
}

function opponentOf(entry, state) {
  const other = state && state.seats.find((s) => s.side !== entry.seat);
  const who = other ? other.name || other.agent : entry.opponent;
  return (who || "?").replace("senet-bot", "bot").replace(/^person$/, "a person").replace(/^invited$/, "a person (invited)");
}

function gameItem(entry, state) {
  const item = document.createElement("li");
  const word = gameState(entry, state);
  item.dataset.game = entry.id;
  item.dataset.state = word.replace(" ", "-");
  const link = document.createElement("a");
  // The game alone: its token is in the storage, under the game.
  link.href = "#" + new URLSearchParams({ game: entry.id });
  link.textContent = entry.ruleset + " against " + opponentOf(entry, state) + ", as " + entry.seat;
  if (page.current && page.current.id === entry.id) link.setAttribute("aria-current", "page");
  const shown = document.createElement("span");
  shown.className = "game-state";
  shown.textContent = word === "unknown" ? "unknown to this server" : word;
  const when = document.createElement("small");
  when.textContent = (entry.when || "").slice(0, 16).replace("T", " ");
  item.append(link, " ", shown, " ", when);
  return item;
}

// Draws the list again; a link that had the focus gives it to its successor.
function drawGames() {
  const kept = keptGames();
  const list = $("your-games-list");
  const focused = document.activeElement && list.contains(document.activeElement)
    ? document.activeElement.closest("li").dataset.game : null;
  list.replaceChildren(...kept.map((entry) => gameItem(entry, listed.get(entry.id))));
  $("your-games").hidden = kept.length === 0;
  const again = focused && list.querySelector("li[data-game='" + CSS.escape(focused) + "'] a");
  if (again) again.focus();
}

// Asks the server for the state of every game kept, in one request; an
// answer overtaken by a later request is dropped.
export async function refreshGames() {
  const kept = keptGames();
  const asked = ++gamesAsked;
  drawGames();
  if (!kept.length) return;
  try {
    const answer = await api("GET", "/api/games?ids=" + kept.map((g) => encodeURIComponent(g.id)).join(","));
    if (asked !== gamesAsked) return;
    listed = new Map(answer.games.map((g) => [g.id, g]));
    unknownGames = new Set(answer.missing.map((m) => m.id));
    // The game shown may be newer than the answer.
    if (page.game) listed.set(page.game.id, page.game);
    $("your-games-status").textContent = "";
  } catch (error) {
    if (asked !== gamesAsked) return;
    $("your-games-status").textContent = "The games' states could not be read: " + error.message;
  }
  drawGames();
}

// The game shown is kept and its line of the list follows it.
export function noteGame(view) {
  keepGame(view);
  listed.set(view.id, view);
  unknownGames.delete(view.id);
  drawGames();
}
