"use strict";
// An MCR hand on the page: four seats with their hands, sets laid open, flowers set aside and
// discards; the centre with the hand, the prevalent wind and the wall; each win with its fans and
// payments. render.js calls it; the tiles and flowers are the sprite's (drawing.py).
const GAME_PAGE = {
  piece: "tile",  // the pieces' class, and their sprite's prefix
  sprite: "t",
  drawRound: (state, round) => drawMcr(state, round),
  afterResults: (box, round) => { if (round.result && round.result.winner !== null) box.appendChild(fansBox(round.result)); },
  scoresOf: (state) => state.standings,  // each player's score, for the graph over the match
};

function drawMcr(state, round) {  // a hand recorded by its result alone has no tiles: the scores still show
  const table = el("div", { class: "table" });
  const dealt = (round.hands || []).some((h) => h.length);
  const over = round.result !== null && round.result !== undefined;
  for (let seat = 0; seat < state.players.length; seat++) {
    const change = over ? round.result.points[seat] : 0;
    const title = el("div", {},
      el("span", { class: "who" }, `${names()[seat]} · ${(round.seat_winds || [])[seat] || ""}` + (round.dealer === seat ? " · dealer" : "")),
      el("span", { class: "score" }, String(state.standings[seat] ?? ""),
         change ? el("span", { class: "change " + (change > 0 ? "up" : "down") }, (change > 0 ? "+" : "") + change) : null));
    const box = seatBox(state, seat, title);
    if (round.to_move === seat) box.classList.add("to-move");
    const hidden = mine && seat !== bottom && !(over && round.result.winner === seat);
    if (dealt) box.appendChild(row(`hand-${seat}`, round.hands[seat].map((t) => piece(hidden ? "?" : t))));
    const sets = el("div", { class: "pieces", "data-zone": `melds-${seat}` });
    for (const meld of (round.melds || [])[seat] || []) {
      const from = meld.from_seat === null ? "concealed" : `from ${names()[meld.from_seat]}`;
      const group = el("span", { class: "meld", "aria-label": `${meld.kind.replace("_", " ")} ${from}` });
      meld.tiles.forEach((t, i) => group.appendChild(piece(meld.kind === "concealed_kong" && (i === 0 || i === 3) ? "?" : t)));
      sets.appendChild(group);
    }
    if (((round.melds || [])[seat] || []).length) box.appendChild(sets);
    if (((round.flowers || [])[seat] || []).length) box.appendChild(row(`flowers-${seat}`, round.flowers[seat].map((t) => piece(t)), "flowers"));
    if (dealt) box.appendChild(row(`river-${seat}`, round.rivers[seat].map((t) => piece(t)), "river"));
    table.appendChild(box);
  }
  table.appendChild(el("section", { class: "centre", "aria-label": "the centre of the table" },
    el("h2", {}, `Hand ${round.number}`),
    el("div", {}, `${round.wind} wind · ${names()[round.dealer]} deals` + (dealt ? ` · wall ${round.wall}` : ""))));
  board.appendChild(table);
}

function fansBox(result) {
  const box = el("div", { class: "win box", "data-zone": "fans" });
  const how = result.from_seat === null ? "self-drawn" : `on ${names()[result.from_seat]}'s tile`;
  box.appendChild(el("h2", {}, `${names()[result.winner]} wins ${how}: ${result.total} points`));
  const table = el("table", {});
  for (const fan of result.fans) {
    table.appendChild(el("tr", { "data-fan": fan.id }, el("td", {}, fan.name + (fan.count > 1 ? ` x${fan.count}` : "")),
      el("td", {}, String(fan.points * fan.count))));
  }
  box.appendChild(table);
  box.appendChild(el("p", {}, "payments: " + result.points.map((p, s) => `${names()[s]} ${p > 0 ? "+" : ""}${p}`).join(", ")));
  return box;
}

// A hand's result by tapping: who won (or a draw, or a false mahjong), from whom or self-drawn,
// then the fans counted, grouped by value (a fan another tapped one implies is greyed out, as
// the rules do not count it twice), with the flowers; or the winning hand tapped tile by tile
// and priced by the rules. The last button says the whole result in words.
const KINDS = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p",
               "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"];
const SETS = [["concealed", "concealed tiles"], ["pung", "pung"], ["chow", "chow"], ["kong", "kong"], ["concealed_kong", "concealed kong"]];
let tapped = null;

GAME_PAGE.forget = () => { tapped = null; };

function fanTable() {  // the rules' fans as the game declares them (result_words)
  const words = DATA.result_words;
  return words.fans.map((id, i) => ({ id, name: words.fan_names[i], points: Number(words.fan_points[i]),
                                      excludes: (words.fan_excludes[i] || "").split(",").filter(Boolean),
                                      most: Number(words.fan_most[i]) }));
}

GAME_PAGE.resultPanel = (box, state, head, record) => {
  const round = state && state.round;
  const dealt = round && (round.hands || []).some((h) => h.length) && !round.result;
  box.textContent = "";
  if (!state || dealt || state.status !== "in play") { tapped = null; return; }
  if (!tapped || tapped.head !== head) tapped = { head, mode: "", winner: null, from: undefined, by: "fans", fans: [], flowers: 0,
                                                  sets: [], target: "concealed", tile: null, flags: [] };
  const t = tapped, who = (s) => names()[s], seats = [...Array(state.players.length).keys()];
  const redraw = () => GAME_PAGE.resultPanel(box, state, head, record);
  const button = (label, attrs, pressed, onTap) => choice(label, attrs, pressed, () => { onTap(); redraw(); });
  box.appendChild(el("h2", {}, "The hand's result"));
  box.appendChild(titled("Who won?", ...seats.map((s) => button(who(s), { "data-winner": String(s) }, t.mode === "win" && t.winner === s,
    () => { t.mode = "win"; t.winner = s; if (t.from === s) t.from = undefined; })),
    button("draw", { "data-result": "draw" }, t.mode === "draw", () => { t.mode = "draw"; t.winner = null; }),
    button("false mahjong", { "data-result": "false" }, t.mode === "false", () => { t.mode = "false"; t.winner = null; })));
  if (t.mode === "false") box.appendChild(titled("Whose?", ...seats.map((s) => button(who(s), { "data-false": String(s) }, t.winner === s, () => { t.winner = s; }))));
  if (t.mode === "win" && t.winner !== null) {
    box.appendChild(titled("How?", button("self-drawn", { "data-how": "self" }, t.from === null, () => { t.from = null; }),
      ...seats.filter((s) => s !== t.winner).map((s) => button(`from ${who(s)}`, { "data-from": String(s) }, t.from === s, () => { t.from = s; }))));
    box.appendChild(titled("Count by", button("the fans", { "data-by": "fans" }, t.by === "fans", () => { t.by = "fans"; }),
      button("the hand", { "data-by": "hand" }, t.by === "hand", () => { t.by = "hand"; })));
    if (t.by === "fans") fanButtons(box, t, button); else handButtons(box, t, button);
    box.appendChild(titled("Flowers", ...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => button(String(n), { "data-flowers": String(n) }, t.flowers === n, () => { t.flowers = n; }))));
  }
  const said = mcrSaid(t, who);
  if (said) {
    const go = el("button", { type: "button", class: "record-result", "data-record": "result" }, `record: ${said.words}`);
    go.onclick = () => record(`the result: ${said.words}`, { verb: "result", values: said.values });
    box.appendChild(go);
  }
};

function fanButtons(box, t, button) {
  const fans = fanTable().filter((f) => f.id !== "flower_tiles");
  const excluded = new Set(t.fans.flatMap((id) => fans.find((f) => f.id === id).excludes));
  const total = t.fans.reduce((sum, id) => sum + fans.find((f) => f.id === id).points, 0);
  for (const value of [...new Set(fans.map((f) => f.points))]) {
    box.appendChild(titled(`${value}`, ...fans.filter((f) => f.points === value).map((f) => {
      const times = t.fans.filter((id) => id === f.id).length;
      const b = button(f.name + (times > 1 ? ` x${times}` : ""), { "data-fan": f.id }, times > 0, () => {
        if (times && times >= f.most) t.fans = t.fans.filter((id) => id !== f.id);  // tapped past its most: cleared
        else t.fans.push(f.id);
      });
      if (excluded.has(f.id)) { b.disabled = true; b.title = "implied by a fan tapped: not counted again"; }
      return b;
    })));
  }
  box.appendChild(el("p", { "data-zone": "fan-total" }, `${total} points tapped` + (total < 8 ? " (8 to win, flowers aside)" : "")));
}

function handButtons(box, t, button) {
  const place = (label, key) => button(label, { "data-target": key }, t.target === key, () => { t.target = key; });
  box.appendChild(titled("Tap into", ...SETS.map(([key, label]) => place(label, key)), place("the winning tile", "tile")));
  box.appendChild(titled("Tiles", ...KINDS.map((k) => {
    const b = button("", { "data-tile": k }, false, () => {
      if (t.target === "tile") t.tile = k;
      else if (t.target === "concealed") t.sets.push({ kind: "concealed", tiles: [k] });
      else {
        const open = t.sets.find((s) => s.kind === t.target && s.tiles.length < (t.target.includes("kong") ? 4 : 3));
        if (open) open.tiles.push(k); else t.sets.push({ kind: t.target, tiles: [k] });
      }
    });
    b.appendChild(piece(k, " in-button"));
    return b;
  })));
  const laid = el("div", { class: "pieces", "data-zone": "laid-open" });
  for (const s of t.sets) s.tiles.forEach((k) => laid.appendChild(piece(k)));
  if (t.tile) laid.appendChild(piece(t.tile, " sideways", "the winning tile"));
  box.appendChild(laid);
  box.appendChild(titled("", button("clear", { "data-clear": "hand" }, false, () => { t.sets = []; t.tile = null; })));
  box.appendChild(titled("Known", ...[["fourth_tile", "the fourth tile"], ["on_kong", "on a kong"], ["last_tile", "the wall's last tile"]]
    .map(([key, label]) => button(label, { "data-flag": key }, t.flags.includes(key), () => {
      t.flags = t.flags.includes(key) ? t.flags.filter((f) => f !== key) : [...t.flags, key];
    }))));
}

function mcrSaid(t, who) {  // the result as data and in words, once it is whole
  if (t.mode === "draw") return { values: { kind: "draw" }, words: "a drawn hand" };
  if (t.mode === "false" && t.winner !== null) return { values: { kind: "false", seat: t.winner }, words: `a false mahjong by ${who(t.winner)}` };
  if (t.mode !== "win" || t.winner === null || t.from === undefined) return null;
  const how = t.from === null ? "self-drawn" : `from ${who(t.from)}`;
  const flowers = t.flowers ? `, ${t.flowers} flower${t.flowers > 1 ? "s" : ""}` : "";
  if (t.by === "fans") {
    if (!t.fans.length) return null;
    const names = t.fans.map((id) => fanTable().find((f) => f.id === id).name);
    return { values: { kind: "fans", seat: t.winner, from: t.from, fans: t.fans, flowers: t.flowers },
             words: `${who(t.winner)} ${how}: ${names.join(", ")}${flowers}` };
  }
  if (!t.tile || !t.sets.length) return null;
  const concealed = t.sets.filter((s) => s.kind === "concealed").flatMap((s) => s.tiles).join("");
  const melds = t.sets.filter((s) => s.kind !== "concealed").map((s) => ({ kind: s.kind, tiles: s.tiles.join("") }));
  const values = { kind: "hand", seat: t.winner, from: t.from, concealed, tile: t.tile, melds, flowers: t.flowers };
  for (const flag of t.flags) values[flag] = true;
  return { values, words: `${who(t.winner)} ${how} with ${concealed} +${t.tile}` +
                          melds.map((m) => ` ${m.kind.replace("_", " ")} ${m.tiles}`).join("") + flowers };
}

// A discard weighed on the replay page: how far from ready it left the hand, and the best one.
GAME_PAGE.frameNotes = (board, frame) => {
  const weighed = frame.weighed;
  if (!weighed) return;
  const said = (shanten) => (shanten === 0 ? "ready" : `${shanten} from ready`);
  board.appendChild(el("p", { class: "note", "data-zone": "weighed" },
    `Discard ${weighed.discard}: ${said(weighed.shanten_after)}` +
    (weighed.lost ? `; best ${weighed.best.join(" ")}: ${said(weighed.best_shanten)}` : "; as good as the best")));
};
