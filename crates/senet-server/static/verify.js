// The end: the record, read, offered for download, and checked by
// replaying it in WebAssembly from the seed by the rules, against the game
// the page showed and the commitment it saw.

import { $, page } from "./state.js";
import { api } from "./api.js";
import { offerReview } from "./review.js";

// The commitment this page saw while the game was still being played,
// kept per game: what the seed is compared with at the end. A page that
// first opens a game after its end never saw it, and says so.
export function noteCommitment(view) {
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
  } else if (report.valid && report.finish !== view.finish.text) {
    report.valid = false;
    report.problem = "the record ends \u201c" + report.finish + "\u201d, the page shows \u201c" + view.finish.text + "\u201d";
  } else if (report.valid) {
    const wrong = wrongName(view, text);
    if (wrong) {
      report.valid = false;
      report.problem = wrong;
    }
  }
  return report;
}

// The value of the record's tag `name` (`[X "Ann"]`), or null.
function tag(text, name) {
  const found = text.match(new RegExp("^\\[" + name + " \"((?:[^\"\\\\]|\\\\.)*)\"\\]$", "m"));
  return found ? found[1].replace(/\\(.)/g, "$1") : null;
}

// The first seat the record names otherwise than the page shows it, in
// words; null when the names and the bots agree.
function wrongName(view, text) {
  for (const seat of view.seats) {
    const side = seat.side.toUpperCase();
    const person = seat.agent === "person" || seat.agent === "invited";
    const shown = person ? seat.name || null : seat.agent;
    const recorded = person ? tag(text, side) : tag(text, side + "Agent");
    if (shown !== recorded) {
      return "the record names " + seat.side + " " + (recorded === null ? "nobody" : "\u201c" + recorded + "\u201d")
        + ", the page shows " + (shown === null ? "nobody" : "\u201c" + shown + "\u201d");
    }
  }
  return null;
}

// What the page says of the record, in words.
function verdictText(report) {
  if (!report.valid) return "record NOT verified: " + report.problem;
  const replayed = "record verified: replayed " + report.replayed + " throws (" + report.moves + " moves, "
    + report.lost + " lost) from the seed by the rules, the same game as shown, with the same players and"
    + " the same end" + (report.finish && /resignation/.test(report.finish)
      ? " (a resignation is the server's word: no throw proves it)"
      : "");
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

export async function finish(view) {
  const box = $("finish");
  box.hidden = false;
  offerReview(view);
  $("result").textContent = "Result: " + view.finish.text + (page.current && view.finish.winner === page.current.seat ? " — you won!" : "");
  let text;
  const opened = page.current;
  const verified = $("verified");
  if (verified.dataset.game !== view.id) {
    verified.textContent = "";
    verified.className = "";
    delete verified.dataset.replayed;
    delete verified.dataset.compared;
    verified.dataset.game = view.id;
  }
  try {
    text = await api("GET", "/api/games/" + page.current.id + "/record");
    if (page.current !== opened) return;
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
    if (page.current !== opened) return;
    verified.textContent = "cannot verify here: the rules did not load in this browser (" + error.message + ")";
    return;
  }
  if (page.current !== opened) return;
  verified.textContent = verdictText(report);
  verified.className = report.valid ? "good" : "bad";
  verified.dataset.replayed = report.replayed;
  verified.dataset.compared = report.commitment;
}
