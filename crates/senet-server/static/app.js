// The Senet page: makes a game, draws the board, sends throws and moves,
// shows the bots' answers, hints, and at the end the record, checked
// against the commitment shown at the start, and the game's review.
// Everything shown comes from the server's JSON and is written as text,
// never as HTML.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const HOUSE = 100; // the side of a house in the board's units
const $ = (id) => document.getElementById(id);

let rulesets = [];
let current = null; // {id, token, seat, commitment, invite}
let game = null; // the last game view
let selected = null; // the house of the piece picked, or null
let busy = false;
let pollTimer = null;
let reviewed = null; // the id of the game whose review is shown or asked
let positions = null; // the reviewed game's positions: before each turn, then now
let invitation = null; // the other seat's invitation as this page shows it: {link, joined}, or null

// ---------- the server ----------

async function api(method, path, body) {
  const headers = {};
  if (current && current.token) headers["Authorization"] = "Bearer " + current.token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("Content-Type") || "";
  const data = type.startsWith("application/json") ? await response.json() : await response.text();
  if (!response.ok) {
    const message = data && data.error ? data.error : "the server answered " + response.status;
    const error = new Error(message);
    error.status = response.status;
    throw error;
  }
  return data;
}

// ---------- where the game is kept: the URL fragment and localStorage ----------

function readFragment() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (!id) return null;
  const saved = JSON.parse(localStorage.getItem("senet:" + id) || "{}");
  return {
    id,
    token: params.get("token") || saved.token || null,
    seat: params.get("seat") || saved.seat || null,
    commitment: saved.commitment || null,
    invite: params.get("invite"),
  };
}

function remember() {
  localStorage.setItem("senet:" + current.id, JSON.stringify({
    token: current.token, seat: current.seat, commitment: current.commitment,
  }));
  const fragment = new URLSearchParams({ game: current.id, token: current.token || "", seat: current.seat || "" });
  history.replaceState(null, "", "#" + fragment.toString());
}

// The link that gives the other seat: the game and its invitation, which
// the page opening it exchanges for the seat's token.
function inviteLink(id, code) {
  return location.origin + "/#" + new URLSearchParams({ game: id, invite: code });
}

// Asks the server for the other seat's invitation again (after a reload),
// when this page holds a seat of a game of two; another seat's page is
// refused it, and shows nothing.
async function askInvitation(view) {
  const opened = current;
  const other = view.seats.find((s) => s.side !== opened.seat);
  if (!opened.token || !other || !personAt(view, other.side)) return;
  try {
    const asked = await api("GET", "/api/games/" + opened.id + "/invitation");
    if (current !== opened) return;
    invitation = { link: asked.invitation ? inviteLink(opened.id, asked.invitation) : null, joined: asked.joined };
    render();
  } catch (error) {
    // Not this seat's to give (or an older game): no link to show.
  }
}

// The game of an invitation link (`#game=ID&invite=CODE`), before its
// seat is taken: who invites, to what, and the person's name asked for.
let joining = null;

// Shows the invitation of `opened` (the game's view, public): the seat is
// taken only when the person says so, with the name they give.
function offerSeat(opened, view) {
  const seat = view.seats.find((s) => s.agent === "invited");
  if (!seat) throw new Error("this invitation was used already: both seats of the game are taken");
  const host = view.seats.find((s) => s.side !== seat.side);
  const who = host && host.name ? host.name : "A player";
  $("join-text").textContent = who + " invites you to a game of " + view.ruleset
    + ": you would play " + seat.side + " (" + seat.display + ").";
  $("join-error").hidden = true;
  joining = opened;
  $("setup").hidden = true;
  $("join").hidden = false;
  render();
  $("join-name").focus();
}

// "Take the seat": the invitation exchanged for the seat's token, under
// the name given; then the game is shown as any other.
async function takeSeat(event) {
  event.preventDefault();
  const opened = joining;
  if (!opened || busy) return;
  busy = true;
  render();
  try {
    const view = await join(opened, $("join-name").value.trim());
    if (current !== opened) return;
    joining = null;
    $("join").hidden = true;
    busy = false;
    opening(opened, view);
  } catch (error) {
    busy = false;
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

// The link anyone may open to follow the game, read only: no seat in it.
function watchLink(id) {
  return location.origin + "/#" + new URLSearchParams({ game: id });
}

// Shows `link` in the read-only field `name + "-link"`; a new link makes
// its Copy button fresh again.
function showLink(name, link) {
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
async function copyLink(name) {
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

// ---------- setup ----------

async function loadRulesets() {
  rulesets = await api("GET", "/api/rulesets");
  const select = $("ruleset");
  select.replaceChildren();
  for (const r of rulesets) {
    const option = document.createElement("option");
    option.value = r.name;
    option.textContent = r.name + " (" + r.sides[0] + " and " + r.sides[1] + ", " + r.dice.split(",")[0] + ")";
    select.append(option);
  }
}

async function newGame(event) {
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
  busy = true;
  render();
  try {
    const created = await api("POST", "/api/games", body);
    clearTimeout(pollTimer);
    selected = null;
    current = { id: created.id, token: created.token, seat: created.seat, commitment: created.commitment };
    invitation = created.invitation ? { link: inviteLink(created.id, created.invitation), joined: false } : null;
    remember();
    $("log").replaceChildren();
    busy = false;
    show(created.game, []);
    focusNext();
  } catch (error) {
    busy = false;
    failed(error);
    render();
  }
}

// ---------- rematch ----------

// A new game like `view`: the same ruleset and opponent (the bot's level,
// or a person, invited anew), this page's name, the seats swapped.
function rematchBody(view) {
  const mine = view.seats.find((s) => s.side === current.seat);
  const other = view.seats.find((s) => s.side !== current.seat);
  const body = { ruleset: view.ruleset, seat: other.side };
  const level = /level (\d+)$/.exec(other.agent);
  if (level) Object.assign(body, { opponent: "bot", level: Number(level[1]) });
  else Object.assign(body, { opponent: "person", opponent_token: false });
  if (mine && mine.name) body.name = mine.name;
  return body;
}

async function rematch() {
  if (!game || !game.finish || !current || !current.token || busy) return;
  $("rematch-error").textContent = "";
  await makeGame(rematchBody(game), (error) => {
    $("rematch-error").textContent = "No rematch: " + error.message;
  });
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
  if (!current || !current.token || current.id !== view.id) return;
  const kept = keptGames();
  if (kept.some((g) => g.id === view.id)) return;
  const other = view.seats.find((s) => s.side !== current.seat);
  kept.unshift({
    id: view.id, token: current.token, seat: current.seat, ruleset: view.ruleset,
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
  link.href = "#" + new URLSearchParams({ game: entry.id, token: entry.token || "", seat: entry.seat || "" });
  link.textContent = entry.ruleset + " against " + opponentOf(entry, state) + ", as " + entry.seat;
  if (current && current.id === entry.id) link.setAttribute("aria-current", "page");
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
async function refreshGames() {
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
    if (game) listed.set(game.id, game);
    $("your-games-status").textContent = "";
  } catch (error) {
    if (asked !== gamesAsked) return;
    $("your-games-status").textContent = "The games' states could not be read: " + error.message;
  }
  drawGames();
}

// The game shown is kept and its line of the list follows it.
function noteGame(view) {
  keepGame(view);
  listed.set(view.id, view);
  unknownGames.delete(view.id);
  drawGames();
}

// ---------- the rules of the game's ruleset ----------

let rulesOf = null; // the ruleset whose rules the panel shows, or asks for

// Appends `text` to `parent` with its **strong**, *emphasised* and `code`
// spans as elements; everything as text, never as HTML.
function inline(parent, text) {
  let at = 0;
  for (const found of text.matchAll(/\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`/g)) {
    parent.append(text.slice(at, found.index));
    const token = found[0];
    const [name, cut] = token.startsWith("**") ? ["strong", 2] : token.startsWith("`") ? ["code", 1] : ["em", 1];
    const node = document.createElement(name);
    node.textContent = token.slice(cut, -cut);
    parent.append(node);
    at = found.index + token.length;
  }
  parent.append(text.slice(at));
}

// Draws markdown into `box` as elements: headings, paragraphs, list items
// (`- `, their lines indented after the first) and fenced blocks.
function drawMarkdown(box, text) {
  let block = null; // {kind: "p", "li" or "pre", lines}
  let list = null; // the <ul> list items go to
  const close = () => {
    if (!block) return;
    const node = document.createElement(block.kind);
    if (block.kind === "pre") node.textContent = block.lines.join("\n");
    else inline(node, block.lines.join(" "));
    (block.kind === "li" ? list : box).append(node);
    block = null;
  };
  for (const line of text.split("\n")) {
    if (block && block.kind === "pre") {
      if (line.startsWith("```")) close();
      else block.lines.push(line);
    } else if (line.startsWith("```")) {
      close();
      list = null;
      block = { kind: "pre", lines: [] };
    } else if (/^#+ /.test(line)) {
      close();
      list = null;
      const heading = document.createElement("h4");
      inline(heading, line.replace(/^#+ /, ""));
      box.append(heading);
    } else if (line.startsWith("- ")) {
      close();
      if (!list) box.append(list = document.createElement("ul"));
      block = { kind: "li", lines: [line.slice(2).trim()] };
    } else if (!line.trim()) {
      close();
    } else if (block) {
      block.lines.push(line.trim());
    } else {
      list = null;
      block = { kind: "p", lines: [line.trim()] };
    }
  }
  close();
}

function drawRules(rules) {
  const box = $("rules-text");
  box.replaceChildren();
  const title = document.createElement("h3");
  title.textContent = rules.title;
  box.append(title);
  if (rules.format === "markdown") {
    drawMarkdown(box, rules.text);
    return;
  }
  // A rules file: its source, then the file as it is.
  const source = document.createElement("p");
  source.textContent = "Source: " + rules.source;
  const file = document.createElement("pre");
  file.textContent = rules.text;
  box.append(source, file);
}

// Asks for the rules of the game's ruleset, once per ruleset shown.
async function loadRules(name) {
  if (rulesOf === name) return;
  rulesOf = name;
  const panel = $("rules");
  delete panel.dataset.ruleset;
  const waiting = document.createElement("p");
  waiting.textContent = "Reading the rules of " + name + "…";
  $("rules-text").replaceChildren(waiting);
  try {
    const rules = await api("GET", "/api/rulesets/" + encodeURIComponent(name) + "/rules");
    if (rulesOf !== name) return;
    drawRules(rules);
    panel.dataset.ruleset = name;
  } catch (error) {
    if (rulesOf !== name) return;
    const failed = document.createElement("p");
    failed.className = "error";
    failed.textContent = "The rules could not be read: " + error.message;
    $("rules-text").replaceChildren(failed);
  }
}

// ---------- the board ----------

// On a phone the board is six rows of five houses, not three of ten, so
// that each house stays big enough to touch.
const NARROW = window.matchMedia("(max-width: 600px)");

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
  return rulesets.find((r) => r.name === view.ruleset);
}

// "light piece": a side's piece as the game's seats name it.
function pieceName(view, side) {
  const seat = view.seats.find((s) => s.side === side);
  return (seat ? seat.display : side).toLowerCase() + " piece";
}

// What a screen reader says of a house one can act on.
function houseLabel(view, n, piece, target) {
  let label = (n === 31 ? "off the board" : "house " + n) + ", " + (piece || "empty");
  if (target) label += ", move the piece from " + selected + " here";
  else if (n === selected) label += ", picked: now choose where it goes";
  else label += ", can move " + view.throw.roll;
  return label;
}

// `picked`: houses to outline, as {house: class}; the review draws a past
// decision with its played and best moves picked out. `last`: the turn
// whose move is marked (classes last-from and last-to, and a word), or null.
function drawBoard(view, picked = {}, last = null) {
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
  if (mine && selected !== null) {
    for (const m of view.legal_moves) if (m.from === selected) targets.set(m.to, m);
  }
  for (let n = 1; n <= 31; n++) {
    const { x, y } = place(n);
    const classes = ["house"];
    if (n === 31) classes.push("off");
    if (marks.has(n)) classes.push("marked");
    if (froms.has(n)) classes.push("movable");
    if (n === selected) classes.push("selected");
    if (targets.has(n)) classes.push("target");
    if (picked[n]) classes.push(...picked[n]);
    if (n === lastFrom) classes.push("last-from");
    if (n === lastTo) classes.push("last-to");
    const group = el("g", { class: classes.join(" "), "data-house": String(n) });
    group.append(el("rect", { x: x + 2, y: y + 2, width: HOUSE - 4, height: HOUSE - 4, rx: 8 }));
    // Each highlight has a cue besides its colour: a ring, a dashed or
    // dotted edge (in the style sheet), and a word.
    if (n === selected) group.append(el("rect", { x: x + 10, y: y + 10, width: HOUSE - 20, height: HOUSE - 20, rx: 5, class: "ring" }));
    const cue = targets.has(n) ? "to" : n === selected ? "from" : froms.has(n) ? "move" : null;
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
      group.addEventListener("keydown", (event) => {
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
        if (step) {
          // The arrows go round the houses one can act on, in the track's order.
          const houses = [...board.querySelectorAll("[role=button]")];
          event.preventDefault();
          houses[(houses.indexOf(group) + step + houses.length) % houses.length].focus();
          return;
        }
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        clickHouse(n);
      });
    }
    group.addEventListener("click", () => clickHouse(n));
    board.append(group);
  }
}

function clickHouse(n) {
  if (!game || !myTurn(game) || busy) return;
  const move = selected !== null && game.legal_moves.find((m) => m.from === selected && m.to === n);
  if (move) {
    selected = null;
    play(move.text);
    return;
  }
  selected = game.legal_moves.some((m) => m.from === n) ? n : null;
  drawBoard(game, {}, lastTurn(game));
  drawMoves(game);
  focusNext();
}

// Focus goes to the next thing to do (never to nowhere): a target of the
// piece picked, a piece to move, Throw, the review at the end, or else the
// status, which says what is awaited.
function focusNext() {
  const state = document.body.dataset.state;
  let next = $("status");
  if (state === "move") next = document.querySelector("#board .house.target") || document.querySelector("#board .house.movable") || next;
  else if (state === "throw") next = $("throw");
  else if (state === "over") next = $("review").disabled ? $("result") : $("review");
  else if (state === "setup") next = $("new-game");
  next.focus();
}

// ---------- the throw ----------

function drawThrow(view) {
  const sticks = $("sticks");
  sticks.replaceChildren();
  const last = view.throw || (view.history.length ? view.history[view.history.length - 1].throw : null);
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

// ---------- moves, hints, log ----------

function myTurn(view) {
  return !view.finish && view.throw && current && current.token && view.to_play === current.seat;
}

// Whether a person (not a bot) holds the seat of `side`, or is invited to.
function personAt(view, side) {
  const seat = view.seats.find((s) => s.side === side);
  return !!seat && (seat.agent === "person" || seat.agent === "invited");
}

// Whether this page may throw now: for its own seat, or to let a bot play;
// never for the other person of a game of two.
function mayThrow(view) {
  return !view.finish && !view.throw && !!current && !!current.token
    && (view.to_play === current.seat || !personAt(view, view.to_play));
}

function drawMoves(view) {
  const list = $("moves");
  list.replaceChildren();
  $("moves-box").hidden = !myTurn(view);
  if (!myTurn(view)) return;
  for (const m of view.legal_moves) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "legal-move" + (m.from === selected ? " chosen" : "");
    button.textContent = m.text;
    button.dataset.move = m.text;
    button.addEventListener("click", () => play(m.text));
    item.append(button);
    list.append(item);
  }
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
function drawLog(view, fresh) {
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

async function showHint() {
  $("play-error").hidden = true;
  try {
    const opened = current;
    const hint = await api("GET", "/api/games/" + current.id + "/hint");
    if (current !== opened) return;
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

// ---------- actions ----------

function fail(error) {
  $("play-error").textContent = error.message;
  $("play-error").hidden = false;
}

async function act(method, path, body) {
  if (busy) return;
  busy = true;
  $("play-error").hidden = true;
  $("hint-box").hidden = true;
  render();
  const opened = current;
  let answer = null;
  let failure = null;
  try {
    answer = await api(method, path, body);
  } catch (error) {
    failure = error;
  }
  // Another game's link was opened meanwhile: this answer is not shown.
  if (current !== opened) return;
  if (answer) {
    await playOut(answer.game, answer.turns || [], opened);
  } else if (failure.status === 409 && /the game is at turn/.test(failure.message)) {
    // The view was stale (another tab, say, played): the game as it is now.
    try {
      const now = await api("GET", "/api/games/" + opened.id);
      if (current !== opened) return;
      busy = false;
      show(now, []);
      fail(new Error("The game had moved on; here it is as it is now."));
    } catch (error) {
      if (current !== opened) return;
      busy = false;
      show(game, []);
      fail(error);
    }
  } else {
    busy = false;
    show(game, []);
    fail(failure);
  }
  if (current === opened) focusNext();
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const REDUCED = window.matchMedia("(prefers-reduced-motion: reduce)");
const STEP = 350; // the pause on each turn of an answer but its last, in ms

function lastTurn(view) {
  return view.history.length ? view.history[view.history.length - 1] : null;
}

// Shows an answer's turns one at a time, still `busy`: each turn's
// position after it with its move marked, its throw, and its log line,
// then the game as it is now (its last move marked). `body[data-animated]`
// is the number of turns shown; with reduced motion, no pause.
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
  if (current !== opened) return;
  // The house or move button focused is about to be drawn anew.
  if (document.activeElement && document.activeElement.closest("#board, #moves-box, #hint-box")) $("status").focus();
  for (const turn of after ? turns.slice(0, -1) : []) {
    const step = { ...view, position: after[turn.number], history: view.history.slice(0, turn.number), throw: null, legal_moves: [], finish: null };
    $("board").dataset.position = step.position;
    drawBoard(step, {}, turn);
    drawMoves(step);
    drawThrow(step);
    drawLog(step, turns);
    if (!REDUCED.matches) await pause(STEP);
    if (current !== opened) return;
  }
  // `busy` goes back before the game is drawn: every control is set from
  // the view and a `busy` that is no longer true.
  busy = false;
  document.body.dataset.animated = String(after || turns.length < 2 ? turns.length : 0);
  show(view, turns);
}

// Every action names the turn of the view it was chosen on: sent twice it
// acts once, and a stale one is refused (above).
function play(text) {
  return act("POST", "/api/games/" + current.id + "/move", { move: text, turn: game.turn });
}

// ---------- the whole view ----------

// Everything that follows from the game shown and `busy`: the state, every
// control's `disabled`, the status and the tab's title. Called after every
// change of either, never with a stale `busy`.
function render() {
  const view = game;
  const seat = current && current.seat;
  const canThrow = !!view && mayThrow(view);
  const mine = !!view && !!myTurn(view);
  let state = "wait";
  let status = "";
  let title = "Senet";
  if (!view) {
    state = joining ? "join" : "setup";
  } else if (view.finish) {
    state = "over";
    status = "The game is over: " + view.finish.text + ".";
    if (seat && current.token && view.finish.winner === seat) title = "You won — Senet";
    else if (seat && current.token && view.finish.winner) title = "You lost — Senet";
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
  const watching = !!view && !(current && current.token);
  if (watching && !view.finish) {
    status = "Watching, read only: " + status.charAt(0).toLowerCase() + status.slice(1);
    title = "Watching: " + view.to_play + " to play — Senet";
  }
  if (busy) state = "busy";
  document.body.dataset.state = state;
  document.body.dataset.watching = String(watching);
  $("actions").hidden = watching;
  $("rematch-box").hidden = !view || !view.finish || watching;
  $("rematch").disabled = busy;
  if (view) showLink("watch", watchLink(view.id));
  document.body.dataset.game = view ? view.id : "";
  document.title = title;
  $("status").textContent = status;
  $("throw").disabled = busy || !canThrow;
  $("hint").disabled = busy || !mine;
  $("resign").disabled = busy || !view || !!view.finish || !(current && current.token);
  $("share").hidden = !view || !invitation;
  if (invitation) {
    showLink("share", invitation.link || "");
    $("share-offer").hidden = invitation.joined;
    $("share-joined").hidden = !invitation.joined;
    const other = view && current && view.seats.find((s) => s.side !== current.seat);
    $("share-joined").textContent = "The invitation was taken: "
      + (other && other.name ? other.name + " joined." : "your opponent joined.");
  }
}

function show(view, fresh) {
  // The invited seat is held from the moment its agent is no longer "invited".
  const waited = !!game && game.id === view.id && game.seats.some((s) => s.agent === "invited");
  if (invitation && !invitation.joined && waited && view.seats.every((s) => s.agent !== "invited")) {
    invitation = { link: null, joined: true };
  }
  game = view;
  $("setup").hidden = true;
  $("play").hidden = false;
  const seats = view.seats.map((s) => s.side + " = " + s.display + ": " + (s.name || s.agent) + (current && s.side === current.seat ? " (you)" : ""));
  $("players").textContent = view.ruleset + " — " + seats.join(", ");
  loadRules(view.ruleset);
  if (current && !current.commitment) {
    current.commitment = view.commitment;
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
  clearTimeout(pollTimer);
  // While this page can do nothing (the other person's turn in a game of
  // two, or a game only watched), look for news now and then.
  if (!view.finish && !myTurn(view) && !mayThrow(view)) {
    const opened = current;
    pollTimer = setTimeout(async () => {
      if (current !== opened) return;
      if (busy) return schedulePoll(game);
      try {
        const fresh = await api("GET", "/api/games/" + current.id);
        if (current !== opened) return;
        const news = ["history", "throw", "seats"].some((key) => JSON.stringify(fresh[key]) !== JSON.stringify(game[key]));
        if (news) show(fresh, []);
        else schedulePoll(game);
      } catch (error) {
        if (current === opened) schedulePoll(game);
      }
    }, 2000);
  }
}

// ---------- the end: the record, checked ----------

// The commitment this page saw while the game was still being played,
// kept per game: what the seed is compared with at the end. A page that
// first opens a game after its end never saw it, and says so.
function noteCommitment(view) {
  if (!view.finish && !localStorage.getItem("senet:open:" + view.id)) {
    localStorage.setItem("senet:open:" + view.id, view.commitment);
  }
}

// The rules in WebAssembly (crates/senet-wasm), loaded once, when a first
// game ends: the same rules as the server's, compiled from the same code.
let rulesInWasm = null;
function wasmRules() {
  rulesInWasm ??= import("/static/senet_wasm.js").then(async (rules) => {
    await rules.default({ module_or_path: "/static/senet_wasm_bg.wasm" });
    return rules;
  });
  return rulesInWasm;
}

// Replays the record in the page, every throw from the seed and every
// move by the rules, and compares it with the game the page showed.
async function checkRecord(view, text) {
  let rulesFile = "";
  if (/^\[RulesFile "/m.test(text)) {
    const rules = await api("GET", "/api/rulesets/" + encodeURIComponent(view.ruleset) + "/rules");
    if (rules.format === "toml") rulesFile = rules.text;
  }
  const shown = localStorage.getItem("senet:open:" + view.id) || "";
  const rules = await wasmRules();
  const report = JSON.parse(rules.verify(text, rulesFile, shown));
  if (report.valid && report.seed !== view.seed) {
    report.valid = false;
    report.problem = "the record's seed is " + report.seed + ", the game's is " + view.seed;
  } else if (report.valid && (report.position !== view.position || report.replayed !== view.history.length)) {
    report.valid = false;
    report.problem = "the replay ends after " + report.replayed + " throws in " + report.position
      + ", the page shows " + view.history.length + " throws ending in " + view.position;
  }
  return report;
}

// What the page says of the record, in words.
function verdictText(report) {
  if (!report.valid) return "record NOT verified: " + report.problem;
  const replayed = "record verified: replayed " + report.replayed + " throws (" + report.moves + " moves, "
    + report.lost + " lost) from the seed by the rules, the same game as shown";
  const digest = report.seed_sha256.slice(0, 16) + "…";
  if (report.commitment === "shown") {
    return replayed + "; the seed's SHA-256 is the commitment shown while the game was played (" + digest + ")";
  }
  if (report.commitment === "record") {
    return replayed + "; the seed's SHA-256 is the commitment the record gives (" + digest + "), but this page"
      + " first saw the game after its end, so it cannot tell that the seed was fixed from the start";
  }
  return replayed + "; this page saw no commitment to compare the seed with";
}

async function finish(view) {
  const box = $("finish");
  box.hidden = false;
  offerReview(view);
  $("result").textContent = "Result: " + view.finish.text + (current && view.finish.winner === current.seat ? " — you won!" : "");
  let text;
  const opened = current;
  const verified = $("verified");
  if (verified.dataset.game !== view.id) {
    verified.textContent = "";
    verified.className = "";
    delete verified.dataset.replayed;
    delete verified.dataset.compared;
    verified.dataset.game = view.id;
  }
  try {
    text = await api("GET", "/api/games/" + current.id + "/record");
    if (current !== opened) return;
  } catch (error) {
    verified.textContent = "the record could not be read: " + error.message;
    return;
  }
  $("record").textContent = text;
  const download = $("download");
  if (download.href) URL.revokeObjectURL(download.href);
  download.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  download.download = "senet-" + view.id + ".txt";
  let report;
  try {
    report = await checkRecord(view, text);
  } catch (error) {
    if (current !== opened) return;
    verified.textContent = "cannot verify here: the rules did not load in this browser (" + error.message + ")";
    return;
  }
  if (current !== opened) return;
  verified.textContent = verdictText(report);
  verified.className = report.valid ? "good" : "bad";
  verified.dataset.replayed = report.replayed;
  verified.dataset.compared = report.commitment;
}

// ---------- the end: the review ----------

// Resets the review's box for a finished game (once per game).
function offerReview(view) {
  if (reviewed === view.id) return;
  reviewed = null;
  positions = null;
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
  const seats = game ? game.seats : [];
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

// The two houses of a move's notation ("3: 6-9x" gives 6 and 9, "off" is
// drawn as house 31), to pick them out on the board.
function ends(text) {
  const found = /: (\d+)-(\d+|off)/.exec(text);
  return found ? [Number(found[1]), found[2] === "off" ? 31 : Number(found[2])] : [];
}

// Draws the position a judged move was played in, its move played and the
// better one picked out, and picks out its turn in the list of turns.
function lookAt(m) {
  for (const item of $("log").children) {
    const here = item.value === m.number;
    item.classList.toggle("looked", here);
    if (here) item.scrollIntoView({ block: "nearest" });
  }
  const before = positions && positions[m.number - 1];
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
  drawBoard({ ...game, position: before, legal_moves: [] }, picked);
  $("board-wrap").classList.add("past");
  $("board").dataset.position = before;
  const better = m.best === m.played ? " (the best move)" : ", better " + m.best;
  $("looking-text").textContent = "Throw " + m.number + ", " + m.side + " to play: played " + m.played + better + ". ";
  $("looking").hidden = false;
}

// Draws the game as it is now again, after a look at a past decision.
function backToNow() {
  $("looking").hidden = true;
  $("board-wrap").classList.remove("past");
  for (const item of $("log").children) item.classList.remove("looked");
  if (game) {
    $("board").dataset.position = game.position;
    drawBoard(game, {}, lastTurn(game));
  }
}

async function showReview() {
  if (!game || !game.finish) return;
  const id = game.id;
  reviewed = id;
  $("review").disabled = true;
  $("review-status").textContent = "Reviewing every decision…";
  try {
    const review = await api("GET", "/api/games/" + id + "/review");
    const past = await api("GET", "/api/games/" + id + "/positions");
    if (reviewed !== id) return;
    positions = past.positions;
    $("review-status").textContent = review.moves.length === 0 ? "No decision had a choice: nothing to judge." : "";
    drawReview(review);
  } catch (error) {
    reviewed = null;
    $("review").disabled = false;
    $("review-status").textContent = "The review failed: " + error.message;
  }
}

// ---------- start ----------

async function start() {
  $("new-game-form").addEventListener("submit", newGame);
  $("join-form").addEventListener("submit", takeSeat);
  $("throw").addEventListener("click", () => act("POST", "/api/games/" + current.id + "/throw", { turn: game.turn }));
  $("share-copy").addEventListener("click", () => copyLink("share"));
  $("watch-copy").addEventListener("click", () => copyLink("watch"));
  $("rematch").addEventListener("click", rematch);
  $("hint").addEventListener("click", showHint);
  $("review").addEventListener("click", showReview);
  $("back-to-now").addEventListener("click", backToNow);
  NARROW.addEventListener("change", backToNow);
  $("review-marked-only").addEventListener("change", (event) => {
    $("review-moves").classList.toggle("marked-only", event.target.checked);
  });
  $("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act("POST", "/api/games/" + current.id + "/resign", { turn: game.turn });
  });
  window.addEventListener("hashchange", openFromFragment);
  await loadRulesets();
  await openFromFragment();
}

// Shows the game `opened` of the fragment, once read (or joined).
function opening(opened, view) {
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

// Opens the game of the URL's fragment: at the start, and when another
// game's link is pasted into this tab (a new fragment: no reload). Nothing
// of the game shown before stays: its selection, its news timer, its
// review, its share and finish boxes.
async function openFromFragment() {
  clearTimeout(pollTimer);
  pollTimer = null;
  busy = false;
  game = null;
  selected = null;
  reviewed = null;
  positions = null;
  invitation = null;
  joining = null;
  $("join").hidden = true;
  $("share-status").textContent = "";
  $("rematch-error").textContent = "";
  // Rules that could not be read are asked for again with the game opened.
  if (!$("rules").dataset.ruleset) rulesOf = null;
  for (const box of ["share", "finish", "hint-box", "play-error", "setup-error", "looking"]) $(box).hidden = true;
  $("log").replaceChildren();
  current = readFragment();
  const opened = current;
  if (opened) {
    try {
      const view = await api("GET", "/api/games/" + opened.id);
      if (current !== opened) return;
      // An invitation is offered once, unless this page holds a seat already.
      if (opened.invite && !opened.token) offerSeat(opened, view);
      else opening(opened, view);
      return;
    } catch (error) {
      if (current !== opened) return;
      current = null;
      $("setup-error").textContent = error.message;
      $("setup-error").hidden = false;
    }
  }
  $("play").hidden = true;
  $("setup").hidden = false;
  render();
  refreshGames();
}

start();
