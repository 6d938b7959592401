"use strict";
// Draws a match's state at a table: the replay page (view.js) and the table recorder (table.js)
// both use it. The tiles and cards are the page's own SVG sprite; DATA holds the players, the
// round's word and every piece's accessible name. What a round looks like is the game's own:
// its page.js (replay/games/<game>/) comes next and declares GAME_PAGE, which this script calls.
const $ = (id) => document.getElementById(id);
const board = $("board");
let DATA = null, bottom = 0, mine = false;  // mine: the table as the bottom seat saw it, the others' hands face down

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== undefined && value !== null) node.setAttribute(key, value);
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function piece(id, extra, said) {
  const name = (DATA.piece_names[id] || id) + (said ? ", " + said : "");
  const box = el("span", { class: `piece ${GAME_PAGE.piece}` + (extra || ""), "data-piece": id, role: "img",
                           "aria-label": name, title: name });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${GAME_PAGE.sprite}-${id}`);
  svg.appendChild(use);
  box.appendChild(svg);
  return box;
}

function row(zoneName, pieces, cls) {
  const box = el("div", { class: cls || "pieces", "data-zone": zoneName });
  for (const p of pieces) box.appendChild(p);
  return box;
}

// Seats around the table, the chosen one at the bottom; turn order runs to the right.
function placeOf(seat, count) {
  const offset = (seat - bottom + count) % count;
  if (count === 2) return ["bottom", "top"][offset];
  if (count === 3) return ["bottom", "right", "left"][offset];
  return ["bottom", "right", "top", "left"][offset];
}

function seatBox(state, seat, title) {
  const box = el("section", { class: "seat", "data-at": placeOf(seat, state.players.length), "data-seat": String(seat),
                              "aria-label": state.players[seat].name });
  box.appendChild(title);
  return box;
}

const names = () => DATA.players;

function named(text) {  // "seat 1 ron from seat 0" said as the table says it: "Nan ron from Ton"
  return (text || "").replace(/(^|[^(\w])seat (\d+)\b/g,
    (all, before, seat) => (Number(seat) < names().length ? before + names()[Number(seat)] : all));
}

function describeResults(state) {
  const box = $("result");
  box.textContent = "";
  const results = state.results || [];
  const word = `${DATA.round_word[0].toUpperCase()}${DATA.round_word.slice(1)}`;
  if (!results.length) box.appendChild(el("p", {}, `No ${DATA.round_word} finished yet.`));
  // The round on the table said in full; the earlier ones folded away, a tap opens them.
  const number = state.round ? (state.round.number ?? state.round.hand) : null;
  const said = (result) => {
    const points = (result.points || []).map((p, seat) => `${names()[seat]} ${p > 0 ? "+" : ""}${p}`).join(", ");
    return el("p", { "data-result": String(result.round ?? result.hand) },
      `${word} ${result.round ?? result.hand}: ` + named(result.explanation || result.reason || "") +
      (points ? ` (${points})` : ""));
  };
  const current = results.filter((r) => (r.round ?? r.hand) === number && r === results[results.length - 1]);
  const earlier = results.filter((r) => !current.includes(r));
  if (earlier.length) {
    const folded = el("details", { "data-zone": "earlier-results" },
      el("summary", {}, `Earlier ${DATA.round_word}s (${earlier.length})`));
    for (const result of earlier) folded.appendChild(said(result));
    box.appendChild(folded);
  }
  for (const result of current) box.appendChild(said(result));
  if (state.round) GAME_PAGE.afterResults(box, state.round);
  const final = state.final;
  if (final && Array.isArray(final.results)) {  // the match is over: its final result, oka and uma in it
    const place = (seat) => (final.ranks ? final.ranks[seat] : -Number(final.results[seat]));
    const order = [...final.results.keys()].sort((a, b) => place(a) - place(b));
    const list = el("ol", {});
    for (const seat of order) {
      const value = Number(final.results[seat]);  // shown with the ruleset's precision
      const digits = Math.max(final.precision || 0, (String(final.results[seat]).split(".")[1] || "").length);
      list.appendChild(el("li", { "data-final": String(seat) },
        `${names()[seat]}: ${(final.scores || [])[seat] ?? ""} · ${value > 0 ? "+" : ""}${value.toFixed(digits)}`));
    }
    box.appendChild(el("section", { "data-zone": "final", "aria-label": "the final result" },
      el("h2", {}, "The final result"), list));
  }
}

function drawTable(state) {  // the whole table, the next thing awaited, and what happened so far
  board.textContent = "";
  const round = state.round;
  if (round) GAME_PAGE.drawRound(state, round);  // the game's own drawing, dealt or not
  else if (state.opening) GAME_PAGE.drawRound(state, state.opening);  // before the first: who sits where
  else board.appendChild(el("p", { class: "box" }, "No round started yet."));
  const next = round || state.opening;
  if (next && next.expects) board.appendChild(el("p", { class: "note", "data-zone": "expects" }, `Next: ${next.expects}`));
  describeResults(state);
}

// The panels a game taps its moves on (a hand's result, the public record): a button that shows
// whether it is chosen, and a line of them under a title.
function choice(label, attrs, pressed, onTap) {
  const button = el("button", Object.assign({ type: "button", "aria-pressed": String(!!pressed), class: pressed ? "chosen" : "" }, attrs), label);
  button.onclick = onTap;
  return button;
}

function titled(title, ...items) {
  return el("div", { class: "result-line" }, el("span", { class: "result-title" }, title), ...items);
}
