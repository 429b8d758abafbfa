// The rules panel: the rules of the game's ruleset, read from the server
// and drawn from their markdown (or the rules file as it is) as elements,
// never as HTML.

import { $ } from "./state.js";
import { api } from "./api.js";

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

// Rules that could not be read are asked for again with the next game
// opened.
export function forgetUnreadRules() {
  if (!$("rules").dataset.ruleset) rulesOf = null;
}

// Asks for the rules of the game's ruleset, once per ruleset shown.
export async function loadRules(name) {
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
