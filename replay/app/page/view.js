"use strict";
// Draws the embedded replay document: one frame per event, each the JSON `replay --at SEQ` prints.
const DATA = JSON.parse(document.getElementById("match-data").textContent);
const frames = DATA.frames;
const board = document.getElementById("board");
const moves = document.getElementById("moves");
const slider = document.getElementById("slider");
let current = 0;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function zone(title, zoneName, pieces) {
  const box = el("section", { class: "zone", "data-zone": zoneName });
  box.appendChild(el("h2", {}, title));
  const row = el("div", { class: "pieces" });
  for (const piece of pieces) row.appendChild(piece);
  box.appendChild(row);
  return box;
}

function kindOf(card) {
  if (/crane|curtain|moon|rainman|phoenix/.test(card)) return "bright";
  if (/ribbon|poetry|blue/.test(card)) return "ribbon";
  if (/chaff|lightning/.test(card)) return "chaff";
  return "animal";
}

function card(id) {
  const node = el("span", { class: "piece card " + kindOf(id), "data-piece": id, title: id, role: "img",
                            "aria-label": id }, id.replace(/-/g, " "));
  return node;
}

function tiles(text) {
  // "123m45p" -> ["1m","2m","3m","4p","5p"]
  const out = [];
  let digits = [];
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}

function tile(id, extra) {
  const node = el("span", { class: "piece" + (id[0] === "0" ? " red" : "") + (extra || ""), "data-piece": id,
                            title: id, role: "img", "aria-label": id }, id);
  return node;
}

function drawHanafuda(state, round) {
  const names = state.players.map((p) => p.name);
  round.hands.forEach((hand, seat) => board.appendChild(zone(`${names[seat]}: hand`, `hand-${seat}`, hand.map(card))));
  board.appendChild(zone("Field", "field", round.field.map(card)));
  const pile = round.draw_pile || {};
  board.appendChild(zone(`Draw pile: ${pile.left ?? "?"} left`, "pile", []));
  // Captures grouped by kind (brights, animals, ribbons, chaff), as players lay them out.
  const order = ["bright", "animal", "ribbon", "chaff"];
  round.captured.forEach((taken, seat) => {
    const grouped = order.flatMap((kind) => taken.filter((c) => kindOf(c) === kind));
    board.appendChild(zone(`${names[seat]}: captured (${taken.length})`, `captured-${seat}`, grouped.map(card)));
  });
}

function drawRiichi(state, round) {
  const names = state.players.map((p) => p.name);
  const scores = round.scores || state.scores || [];
  board.appendChild(zone(`${round.name || ""} · honba ${round.honba} · sticks ${round.sticks} · wall ${round.wall_left}`,
                         "dora", (round.dora_indicators || []).map((t) => tile(t))));
  round.hands.forEach((hand, seat) => {
    const title = `${names[seat]} (${(round.seat_winds || [])[seat] || ""}) ${scores[seat] ?? ""}` +
                  (round.riichi && round.riichi[seat] ? " · riichi" : "");
    board.appendChild(zone(title, `hand-${seat}`, tiles(hand || "").map((t) => tile(t))));
    const melds = (round.melds[seat] || []).flatMap((m) => (m.tiles || []).map((t) => tile(t)));
    if (melds.length) board.appendChild(zone(`${names[seat]}: melds`, `melds-${seat}`, melds));
    const river = (round.rivers[seat] || []).map((r) =>
      tile(r.tile, (r.tsumogiri ? " tsumogiri" : "") + (r.riichi ? " riichi-tile" : "") + (r.taken ? " taken" : "")));
    board.appendChild(zone(`${names[seat]}: river`, `river-${seat}`, river));
  });
}

function describeResults(state) {
  const box = document.getElementById("result");
  box.textContent = "";
  const results = state.results || [];
  if (!results.length) { box.textContent = "No round finished yet."; return; }
  const names = state.players.map((p) => p.name);
  // "seat 1 ron from seat 0" said as the table says it: "Nan ron from Ton".
  const named = (text) => text.replace(/(^|[^(\w])seat (\d+)\b/g,
    (all, before, seat) => (Number(seat) < names.length ? before + names[Number(seat)] : all));
  for (const result of results) {
    const points = (result.points || []).map((p, seat) => `${names[seat]} ${p > 0 ? "+" : ""}${p}`).join(", ");
    const line = el("p", { "data-result": String(result.round ?? result.hand) },
                    `${DATA.round_word[0].toUpperCase()}${DATA.round_word.slice(1)} ${result.round ?? result.hand}: ` +
                    named(result.explanation || result.reason || "") + (points ? ` (${points})` : ""));
    box.appendChild(line);
  }
}

function show(index) {
  current = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[current];
  const state = frame.state;
  board.textContent = "";
  const round = state.round;
  if (round) (DATA.pieces === "tiles" ? drawRiichi : drawHanafuda)(state, round);
  else board.appendChild(el("p", {}, "No round started yet."));
  if (round && round.expects) board.appendChild(el("p", { class: "note", "data-zone": "expects" }, `Next: ${round.expects}`));
  describeResults(state);
  slider.value = String(current);
  document.getElementById("status").textContent = `seq ${frame.seq} of ${frames[frames.length - 1].seq}`;
  for (const item of moves.children) item.classList.toggle("current", Number(item.dataset.index) === current);
  const item = moves.children[current];
  if (item) moves.scrollTop = Math.max(0, item.offsetTop - moves.offsetTop - moves.clientHeight / 2);
  const round_no = round ? (round.number ?? round.hand ?? 0) : 0;
  history.replaceState(null, "", `#r${round_no}-s${frame.seq}`);
  document.body.dataset.seq = String(frame.seq);
}

function build() {
  document.getElementById("title").textContent = `${DATA.match_id}: ${DATA.players.join(", ")}`;
  slider.max = String(frames.length - 1);
  const notes = {};  // notes, disputes and verdicts, shown at the event they are about
  for (const frame of frames) {
    const about = frame.type === "annotation" && /(?:^| )seq=(\d+)/.exec(frame.text);
    if (about) (notes[about[1]] = notes[about[1]] || []).push(`✎ ${frame.text.replace(/(?:^| )seq=\d+/, "")} (${frame.by})`);
  }
  const findings = {};
  for (const f of DATA.findings) if (f.seq) (findings[f.seq] = findings[f.seq] || []).push(f);
  frames.forEach((frame, index) => {
    const item = el("li", { "data-index": String(index), "data-seq": String(frame.seq) });
    if (frame.retracted) item.classList.add("retracted");
    item.appendChild(el("span", {}, `${frame.seq}. ${frame.type} ${frame.text}`));
    for (const note of notes[frame.seq] || []) item.appendChild(el("div", { class: "note" }, note));
    for (const f of findings[frame.seq] || []) item.appendChild(el("div", { class: "finding" }, `⚠ ${f.message}`));
    item.addEventListener("click", () => show(index));
    moves.appendChild(item);
  });
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(current - 1);
  document.getElementById("next").onclick = () => show(current + 1);
  document.getElementById("last").onclick = () => show(frames.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    else if (event.key === "Home") { show(0); event.preventDefault(); }
    else if (event.key === "End") { show(frames.length - 1); event.preventDefault(); }
  });
  const wanted = /-s(\d+)$/.exec(location.hash);
  const seq = wanted ? Number(wanted[1]) : DATA.start_seq;
  const start = seq ? frames.findIndex((f) => f.seq === seq) : frames.length - 1;
  show(start >= 0 ? start : frames.length - 1);
}

build();
