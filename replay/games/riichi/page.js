"use strict";
// A riichi hand on the page: four (or three) seats with their hands, melds and rivers, the centre
// with the dora indicators, and each win laid out with its yaku and payments. render.js calls it.
const GAME_PAGE = {
  piece: "tile",  // the pieces' class, and their sprite's prefix
  sprite: "t",
  drawRound: (state, round) => drawRiichi(state, round),
  afterResults: (box, round) => { for (const win of (round.result && round.result.wins) || []) box.appendChild(winBox(win)); },
};

function tilesOf(text) {  // "123m45p" -> ["1m","2m","3m","4p","5p"]
  const out = [];
  let digits = [];
  for (const ch of text || "") {
    if (/[0-9]/.test(ch)) digits.push(ch);
    else { for (const d of digits) out.push(d + ch); digits = []; }
  }
  return out;
}

function drawRiichi(state, round) {  // a hand recorded by its result alone has no tiles: the scores still show
  const count = state.players.length;
  const table = el("div", { class: count === 3 ? "table three" : "table" });
  const dealt = (round.hands || []).length > 0;
  const over = round.result !== null && round.result !== undefined;
  const shownScores = over ? round.result.scores : round.scores;  // after the hand's result, the new scores
  for (let seat = 0; seat < count; seat++) {
    const change = over ? round.result.points[seat] : 0;
    const title = el("div", {},
      el("span", { class: "who" }, `${names()[seat]} · ${round.seat_winds[seat] || ""}` + (round.dealer === seat ? " · dealer" : "")),
      round.riichi[seat] ? el("span", {}, " · riichi") : null,
      el("span", { class: "score" }, String(shownScores[seat] ?? ""),
         change ? el("span", { class: "change " + (change > 0 ? "up" : "down") }, (change > 0 ? "+" : "") + change) : null));
    const box = seatBox(state, seat, title);
    if (round.to_move === seat) box.classList.add("to-move");
    if (dealt) box.appendChild(row(`hand-${seat}`, tilesOf(round.hands[seat]).map((t) => piece(t))));
    const melds = el("div", { class: "pieces", "data-zone": `melds-${seat}` });
    for (const meld of (round.melds || [])[seat] || []) melds.appendChild(meldBox(meld, seat, count));
    if (((round.melds || [])[seat] || []).length) box.appendChild(melds);
    table.appendChild(box);
    if (!dealt) continue;
    const takers = takersOf(round, seat, count);
    const river = row(`river-${seat}`, round.rivers[seat].map((r, i) => {
      const marks = (r.riichi ? " sideways" : "") + (r.tsumogiri ? " tsumogiri" : "") + (r.taken ? " taken" : "");
      const said = [r.riichi ? "riichi" : "", r.tsumogiri ? "discarded as drawn" : "",
                    r.taken ? `called by ${takers[i] || "another player"}` : ""].filter(Boolean).join(", ");
      return piece(r.tile, marks, said);
    }), "river");
    box.appendChild(river);
  }
  const centre = el("section", { class: "centre", "aria-label": "the centre of the table" },
    el("h2", {}, round.name),
    el("div", {}, `${names()[round.dealer]} deals · honba ${round.honba} · riichi sticks ${round.sticks}` +
                  (dealt ? ` · wall ${round.wall_left}` : "")),
    dealt || round.dora_indicators.length ? el("h2", {}, "Dora indicators") : null,
    row("dora", round.dora_indicators.map((t) => piece(t))),
    !dealt && !over ? el("p", {}, "The deal is next, or the hand's result.") : null);
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
