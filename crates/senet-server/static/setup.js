// How this page comes to hold a game: made from the form, made again as
// a rematch, joined through an invitation link, or opened from the URL's
// fragment.

import { $, page, personAt } from "./state.js";
import { api } from "./api.js";
import { inviteLink, refreshGames, remember } from "./games.js";
import { focusNext, render, show } from "./view.js";

export async function loadRulesets() {
  page.rulesets = await api("GET", "/api/rulesets");
  const select = $("ruleset");
  select.replaceChildren();
  for (const r of page.rulesets) {
    const option = document.createElement("option");
    option.value = r.name;
    option.textContent = r.name + " (" + r.sides[0] + " and " + r.sides[1] + ", " + r.dice.split(",")[0] + ")";
    select.append(option);
  }
}

export async function newGame(event) {
  event.preventDefault();
  $("setup-error").hidden = true;
  const opponent = $("opponent").value;
  const body = { ruleset: $("ruleset").value, seat: $("seat").value };
  // The other seat is given by its invitation alone: nobody else holds it.
  if (opponent === "person") Object.assign(body, { opponent: "person", opponent_token: false });
  else { body.opponent = "bot"; body.level = Number(opponent); }
  const name = $("name").value.trim();
  if (name) body.name = name;
  await makeGame(body, (error) => {
    $("setup-error").textContent = error.message;
    $("setup-error").hidden = false;
  });
}

// Makes the game `body` asks for and shows it, this page holding the seat
// made; `failed` shows a refusal.
async function makeGame(body, failed) {
  page.busy = true;
  render();
  try {
    const created = await api("POST", "/api/games", body);
    clearTimeout(page.pollTimer);
    page.selected = null;
    page.current = { id: created.id, token: created.token, seat: created.seat, commitment: created.commitment };
    page.invitation = created.invitation ? { link: inviteLink(created.id, created.invitation), joined: false } : null;
    remember();
    $("log").replaceChildren();
    page.busy = false;
    show(created.game, []);
    focusNext();
  } catch (error) {
    page.busy = false;
    failed(error);
    render();
  }
}

// A new game like `view`: the same ruleset and opponent (the bot's level,
// or a person, invited anew), this page's name, the seats swapped.
function rematchBody(view) {
  const mine = view.seats.find((s) => s.side === page.current.seat);
  const other = view.seats.find((s) => s.side !== page.current.seat);
  const body = { ruleset: view.ruleset, seat: other.side };
  const level = /level (\d+)$/.exec(other.agent);
  if (level) Object.assign(body, { opponent: "bot", level: Number(level[1]) });
  else Object.assign(body, { opponent: "person", opponent_token: false });
  if (mine && mine.name) body.name = mine.name;
  return body;
}

export async function rematch() {
  if (!page.game || !page.game.finish || !page.current || !page.current.token || page.busy) return;
  $("rematch-error").textContent = "";
  await makeGame(rematchBody(page.game), (error) => {
    $("rematch-error").textContent = "No rematch: " + error.message;
  });
}

// Shows the invitation of `opened` (the game's view, public): the seat is
// taken only when the person says so, with the name they give.
export function offerSeat(opened, view) {
  const seat = view.seats.find((s) => s.agent === "invited");
  if (!seat) throw new Error("this invitation was used already: both seats of the game are taken");
  const host = view.seats.find((s) => s.side !== seat.side);
  const who = host && host.name ? host.name : "A player";
  $("join-text").textContent = who + " invites you to a game of " + view.ruleset
    + ": you would play " + seat.side + " (" + seat.display + ").";
  $("join-error").hidden = true;
  page.joining = opened;
  $("setup").hidden = true;
  $("join").hidden = false;
  render();
  $("join-name").focus();
}

// "Take the seat": the invitation exchanged for the seat's token, under
// the name given; then the game is shown as any other.
export async function takeSeat(event) {
  event.preventDefault();
  const opened = page.joining;
  if (!opened || page.busy) return;
  page.busy = true;
  render();
  try {
    const view = await join(opened, $("join-name").value.trim());
    if (page.current !== opened) return;
    page.joining = null;
    $("join").hidden = true;
    page.busy = false;
    opening(opened, view);
  } catch (error) {
    page.busy = false;
    $("join-error").textContent = error.message;
    $("join-error").hidden = false;
    render();
  }
}

// Takes the seat of the fragment's invitation: its token and seat are
// then kept like those of a game made here.
async function join(opened, name) {
  const body = { invitation: opened.invite };
  if (name) body.name = name;
  const joined = await api("POST", "/api/games/" + opened.id + "/join", body);
  opened.token = joined.token;
  opened.seat = joined.seat;
  return joined.game;
}

// Asks the server for the other seat's invitation again (after a reload),
// when this page holds a seat of a game of two; another seat's page is
// refused it, and shows nothing.
async function askInvitation(view) {
  const opened = page.current;
  const other = view.seats.find((s) => s.side !== opened.seat);
  if (!opened.token || !other || !personAt(view, other.side)) return;
  try {
    const asked = await api("GET", "/api/games/" + opened.id + "/invitation");
    if (page.current !== opened) return;
    page.invitation = { link: asked.invitation ? inviteLink(opened.id, asked.invitation) : null, joined: asked.joined };
    render();
  } catch (error) {
    // Not this seat's to give (or an older game): no link to show.
  }
}

// Shows the game `opened` of the fragment, once read (or joined).
export function opening(opened, view) {
  if (opened.invite) {
    // The invitation is taken: the fragment keeps the seat instead.
    opened.invite = null;
    remember();
  }
  show(view, []);
  // Opened from the list of games: the focus goes on to the game.
  if ($("your-games").contains(document.activeElement)) focusNext();
  askInvitation(view);
  refreshGames();
}
