"use strict";
// Draws a match's state at a table: the replay page (view.js) and the table recorder (table.js)
// both use it. The tiles and cards are the page's own SVG sprite; DATA holds the players, what the
// pieces are (tiles or cards), the round's word and every piece's accessible name.
const $ = (id) => document.getElementById(id);
const board = $("board");
let DATA = null, bottom = 0;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) if (value !== undefined && value !== null) node.setAttribute(key, value);
  for (const child of children) if (child !== undefined && child !== null) node.append(child);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";
function piece(id, extra, said) {
  const tiles = DATA.pieces === "tiles";
  const name = (DATA.piece_names[id] || id) + (said ? ", " + said : "");
  const box = el("span", { class: "piece " + (tiles ? "tile" : "card") + (extra || ""), "data-piece": id, role: "img",
                           "aria-label": name, title: name });
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#${tiles ? "t" : "c"}-${id}`);
  svg.appendChild(use);
  box.appendChild(svg);
  return box;
}

function tilesOf(text) {  // "123m45p" -> ["1m","2m","3m","4p","5p"]
  const out = [];
  let digits = [];
  for (const ch of text || "") {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
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

function drawRiichi(state, round) {
  const count = state.players.length;
  const table = el("div", { class: count === 3 ? "table three" : "table" });
  const over = round.result !== null && round.result !== undefined;
  const shownScores = over ? round.result.scores : round.scores;  // after the hand's result, the new scores
  for (let seat = 0; seat < count; seat++) {
    const change = over ? round.result.points[seat] : 0;
    const title = el("div", {},
      el("span", { class: "who" }, `${names()[seat]} · ${round.seat_winds[seat] || ""}`),
      round.riichi[seat] ? el("span", {}, " · riichi") : null,
      el("span", { class: "score" }, String(shownScores[seat] ?? ""),
         change ? el("span", { class: "change " + (change > 0 ? "up" : "down") }, (change > 0 ? "+" : "") + change) : null));
    const box = seatBox(state, seat, title);
    if (round.to_move === seat) box.classList.add("to-move");
    box.appendChild(row(`hand-${seat}`, tilesOf(round.hands[seat]).map((t) => piece(t))));
    const melds = el("div", { class: "pieces", "data-zone": `melds-${seat}` });
    for (const meld of round.melds[seat] || []) melds.appendChild(meldBox(meld, seat, count));
    if ((round.melds[seat] || []).length) box.appendChild(melds);
    const takers = takersOf(round, seat, count);
    const river = row(`river-${seat}`, round.rivers[seat].map((r, i) => {
      const marks = (r.riichi ? " sideways" : "") + (r.tsumogiri ? " tsumogiri" : "") + (r.taken ? " taken" : "");
      const said = [r.riichi ? "riichi" : "", r.tsumogiri ? "discarded as drawn" : "",
                    r.taken ? `called by ${takers[i] || "another player"}` : ""].filter(Boolean).join(", ");
      return piece(r.tile, marks, said);
    }), "river");
    box.appendChild(river);
    table.appendChild(box);
  }
  const centre = el("section", { class: "centre", "aria-label": "the centre of the table" },
    el("h2", {}, round.name),
    el("div", {}, `honba ${round.honba} · riichi sticks ${round.sticks} · wall ${round.wall_left}`),
    el("h2", {}, "Dora indicators"),
    row("dora", round.dora_indicators.map((t) => piece(t))));
  table.appendChild(centre);
  board.appendChild(table);
  board.appendChild(el("p", { class: "legend" },
    "River: faded, discarded just as drawn; turned, the riichi tile; pale with ↗, called by another player."));
}

function takersOf(round, seat, count) {  // which player took each called tile of a river
  const pool = [];
  round.melds.forEach((list, caller) => (list || []).forEach((m) => {
    if (m.from_seat === seat && m.called) pool.push({ tile: m.called, caller });
  }));
  const out = {};
  round.rivers[seat].forEach((r, i) => {
    if (!r.taken) return;
    const found = pool.findIndex((p) => p.tile === r.tile);
    if (found >= 0) { out[i] = names()[pool[found].caller]; pool.splice(found, 1); }
  });
  return out;
}

function meldBox(meld, seat, count) {
  const box = el("span", { class: "meld", "data-kind": meld.kind });
  const tiles = meld.tiles.slice();
  let turned = -1;
  if (meld.called && meld.from_seat !== null && meld.from_seat !== undefined) {
    const at = tiles.indexOf(meld.called);
    if (at >= 0) tiles.splice(at, 1);
    const relative = (meld.from_seat - seat + count) % count;  // 1: the player to the right, count-1: to the left
    turned = relative === count - 1 ? 0 : relative === 1 ? tiles.length : Math.floor(tiles.length / 2);
    tiles.splice(turned, 0, meld.called);
  }
  tiles.forEach((t, i) => box.appendChild(piece(t, i === turned ? " sideways" : "",
    i === turned ? `called from ${names()[meld.from_seat]}` : meld.kind === "ankan" ? "closed kan" : "")));
  return box;
}

const KINDS = [["bright", "brights"], ["animal", "animals"], ["ribbon", "ribbons"], ["chaff", "chaff"]];
function kindOf(card) { return ((DATA.piece_names[card] || "").match(/\((\w+)\)$/) || [])[1] || "chaff"; }

function drawHanafuda(state, round) {
  const count = state.players.length;
  const table = el("div", { class: count === 2 ? "table two" : count === 3 ? "table three" : "table" });
  const formed = round.yaku || round.dekiyaku || [];
  for (let seat = 0; seat < count; seat++) {
    const yaku = (formed[seat] || []).map((y) => y.name).join(", ");
    const went = (round.went || []).includes(seat);
    const title = el("div", {}, el("span", { class: "who" }, names()[seat] + (round.dealer === seat ? " · dealer" : "")),
      went ? el("span", {}, " · went on (koi-koi)") : null);
    const box = seatBox(state, seat, title);
    if (round.to_move === seat) box.classList.add("to-move");
    box.appendChild(row(`hand-${seat}`, (round.hands[seat] || []).map((c) => piece(c))));
    const taken = round.captured[seat] || [];
    const captured = el("div", { class: "pieces", "data-zone": `captured-${seat}` });
    for (const [kind, label] of KINDS) {
      const cards = taken.filter((c) => kindOf(c) === kind);
      if (!cards.length) continue;
      const group = el("span", { class: "group" }, el("b", {}, `${label} ${cards.length}`));
      cards.forEach((c) => group.appendChild(piece(c)));
      captured.appendChild(group);
    }
    box.appendChild(el("h2", {}, `captured: ${taken.length}` + (yaku ? ` · yaku: ${yaku}` : "")));
    box.appendChild(captured);
    table.appendChild(box);
  }
  const pile = round.draw_pile || {};
  const centre = el("section", { class: "centre", "aria-label": "the field" },
    el("h2", {}, `${DATA.round_word[0].toUpperCase()}${DATA.round_word.slice(1)} ${round.number}` +
                 (round.yaku_set ? ` · yaku set ${round.yaku_set}` : "")),
    row("field", round.field.map((c) => piece(c))),
    el("div", {}, `draw pile: ${pile.left ?? "?"} left`),
    round.pending ? el("div", {}, "being placed: ", piece(round.pending)) : null);
  table.appendChild(centre);
  board.appendChild(table);
}

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
  for (const result of results) {
    const points = (result.points || []).map((p, seat) => `${names()[seat]} ${p > 0 ? "+" : ""}${p}`).join(", ");
    box.appendChild(el("p", { "data-result": String(result.round ?? result.hand) },
      `${word} ${result.round ?? result.hand}: ` + named(result.explanation || result.reason || "") +
      (points ? ` (${points})` : "")));
  }
  const round = state.round;
  for (const win of (round && round.result && round.result.wins) || []) box.appendChild(winBox(win));
}

function winBox(win) {  // the winning hand laid out, with its yaku, han, fu and payments
  const box = el("div", { class: "win box" });
  const how = win.kind === "tsumo" ? "tsumo" : `ron from ${names()[win.from_seat]}`;
  box.appendChild(el("h2", {}, `${names()[win.seat]} wins by ${how}`));
  const hand = el("div", { class: "pieces", "data-zone": `win-${win.seat}` });
  tilesOf(win.hand).forEach((t) => hand.appendChild(piece(t)));
  hand.appendChild(piece(win.win_tile, " sideways", "the winning tile"));
  for (const meld of win.melds) meld.tiles.forEach((t) => hand.appendChild(piece(t)));
  box.appendChild(hand);
  const priced = win.result;
  if (!priced.priced) { box.appendChild(el("p", {}, `not priced: ${priced.reason}`)); return box; }
  const table = el("table", {});
  for (const y of priced.yaku) table.appendChild(el("tr", {}, el("td", {}, y.name), el("td", {}, `${y.han} han`)));
  box.appendChild(table);
  box.appendChild(el("p", {}, `${priced.han} han ${priced.fu} fu` + (priced.limit ? ` · ${priced.limit}` : "")));
  box.appendChild(el("p", {}, "payments: " + priced.payments.map((p, s) => `${names()[s]} ${p > 0 ? "+" : ""}${p}`).join(", ")));
  return box;
}

function drawTable(state) {  // the whole table, the next thing awaited, and what happened so far
  board.textContent = "";
  const round = state.round;
  if (round && (round.hands || []).length) (DATA.pieces === "tiles" ? drawRiichi : drawHanafuda)(state, round);
  else board.appendChild(el("p", { class: "box" }, round ? "The deal is next." : "No round started yet."));
  if (round && round.expects) board.appendChild(el("p", { class: "note", "data-zone": "expects" }, `Next: ${round.expects}`));
  describeResults(state);
}
