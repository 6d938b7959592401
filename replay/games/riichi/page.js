"use strict";
// A riichi hand on the page: four (or three) seats with their hands, melds and rivers, the centre
// with the dora indicators, and each win laid out with its yaku and payments. render.js calls it.
const GAME_PAGE = {
  piece: "tile",  // the pieces' class, and their sprite's prefix
  sprite: "t",
  drawRound: (state, round) => drawRiichi(state, round),
  afterResults: (box, round) => { for (const win of (round.result && round.result.wins) || []) box.appendChild(winBox(win)); },
  scoresOf: (state) => state.scores,  // each player's points, for the graph over the match
};

function tilesOf(text) {  // "123m45p??" -> ["1m","2m","3m","4p","5p","?","?"]
  const out = [];
  let digits = [];
  for (const ch of text || "") {
    if (ch === "?") out.push("?");  // a tile not seen (the public record): drawn face down
    else if (/[0-9]/.test(ch)) digits.push(ch);
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
    // Only what the bottom seat saw: another hand face down until it is shown, at a win or a tenpai.
    const shown = over && (round.result.wins.some((w) => w.seat === seat) || (round.result.tenpai || []).includes(seat));
    const hidden = mine && seat !== bottom && !shown;
    if (dealt) box.appendChild(row(`hand-${seat}`, tilesOf(round.hands[seat]).map((t) => piece(hidden ? "?" : t))));
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

// The result of a hand by tapping, for a scorer who sees no tiles: who won (two or three for a
// double or triple ron), ron from whom or tsumo, each winner's han and fu or limit; who declared
// riichi; or a draw with the tenpai players, an abortive draw by its kind, a chombo. Names on every
// button; the result is sent as data (the hand's result event and its fields, seats by number).
// The last button says the whole result in words: that is the one question asked before it is stored.
const HAN = [1, 2, 3, 4];
const FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const LIMITS = [["mangan", "mangan"], ["haneman", "haneman"], ["baiman", "baiman"], ["sanbaiman", "sanbaiman"],
                ["yakuman", "yakuman"], ["double-yakuman", "double yakuman"]];
const ABORTS = [["kyuushu_kyuuhai", "nine terminals"], ["four_riichi", "four riichi"], ["four_kans", "four kans"],
                ["four_winds", "four winds"], ["triple_ron", "triple ron"]];
let tapped = null;  // what the scorer has tapped so far, kept across redraws of the same head

GAME_PAGE.forget = () => { tapped = null; };  // a hand's result kept on the phone: the next starts clean

GAME_PAGE.resultPanel = (box, state, head, record) => {
  const round = state && state.round;
  const dealt = round && (round.hands || []).length > 0 && !(round.result);
  box.textContent = "";
  if (!state || dealt || state.status !== "in play") { tapped = null; return; }  // watching, a hand's moves, or over
  if (!tapped || tapped.head !== head) tapped = { head, mode: "", winners: [], from: null, tsumo: false, values: {},
                                                  riichi: [], tenpai: [], nagashi: [], abort: null, chombo: null };
  const t = tapped, count = state.players.length, who = (s) => names()[s];
  const rules = (state.ruleset && state.ruleset.options) || {};  // the match's recorded rules: offer only what they have
  const aborts = rules["riichi.abortiveDraws"] === false ? [] : ABORTS.filter(([kind]) =>
    (kind !== "triple_ron" || rules["riichi.tripleRon"] === "abortive") && (count === 4 || !["four_riichi", "four_winds", "triple_ron"].includes(kind)));  // three players: two rons at most
  const nagashi = rules["riichi.nagashiMangan"] !== false;
  const redraw = () => GAME_PAGE.resultPanel(box, state, head, record);
  const button = (label, attrs, pressed, onTap) => choice(label, attrs, pressed, () => { onTap(); redraw(); });
  const toggle = (list, seat) => { const at = list.indexOf(seat); if (at >= 0) list.splice(at, 1); else list.push(seat); };
  box.appendChild(el("h2", {}, "The hand's result"));
  const seats = [...Array(count).keys()];
  box.appendChild(titled("Who won?", ...seats.map((s) => button(who(s), { "data-winner": String(s) }, t.winners.includes(s), () => {
    t.mode = "win"; toggle(t.winners, s); if (t.from === s) t.from = null; delete t.values[s];
    if (t.winners.length > 1) t.tsumo = false;
  })), button("draw", { "data-result": "draw" }, t.mode === "draw", () => { t.mode = "draw"; t.winners = []; }),
     aborts.length ? button("abortive", { "data-result": "abort" }, t.mode === "abort", () => { t.mode = "abort"; t.winners = []; }) : null,
     button("chombo", { "data-result": "chombo" }, t.mode === "chombo", () => { t.mode = "chombo"; t.winners = []; })));
  if (t.mode === "win" && t.winners.length) {
    const others = seats.filter((s) => !t.winners.includes(s));
    box.appendChild(titled("How?", t.winners.length === 1 ? button("tsumo", { "data-how": "tsumo" }, t.tsumo, () => { t.tsumo = true; t.from = null; }) : null,
      ...others.map((s) => button(`ron from ${who(s)}`, { "data-from": String(s) }, t.from === s, () => { t.from = s; t.tsumo = false; }))));
    for (const s of t.winners) {
      const v = t.values[s] || (t.values[s] = {});
      const prefix = t.winners.length > 1 ? `${who(s)}: ` : "";
      box.appendChild(titled(`${prefix}han`, ...HAN.map((h) => button(`${h} han`, { "data-han": String(h), "data-seat": String(s) }, v.han === h && !v.limit, () => { v.han = h; v.limit = null; })),
        ...LIMITS.map(([word, label]) => button(label, { "data-limit": word, "data-seat": String(s) }, v.limit === word, () => { v.limit = word; v.han = null; v.fu = null; }))));
      if (v.han && !v.limit) box.appendChild(titled(`${prefix}fu`, ...FU.map((f) => button(`${f} fu`, { "data-fu": String(f), "data-seat": String(s) }, v.fu === f, () => { v.fu = f; }))));
      v.yaku = v.yaku || [];
      if (!v.naming) box.appendChild(button(`${prefix}name the yaku (optional)`, { "data-name-yaku": String(s) }, false, () => { v.naming = true; }));
      else box.appendChild(titled(`${prefix}yaku (optional)`, ...(DATA.result_words.yaku || []).map((y) => button(y.replace(/-/g, " "),
        { "data-yaku": y, "data-seat": String(s) }, v.yaku.includes(y), () => { const at = v.yaku.indexOf(y); if (at >= 0) v.yaku.splice(at, 1); else v.yaku.push(y); }))));
    }
  }
  if (t.mode === "draw") {
    box.appendChild(titled("Tenpai", ...seats.map((s) => button(who(s), { "data-tenpai": String(s) }, t.tenpai.includes(s), () => toggle(t.tenpai, s)))));
    if (nagashi) box.appendChild(titled("Nagashi mangan", ...seats.map((s) => button(who(s), { "data-nagashi": String(s) }, t.nagashi.includes(s), () => toggle(t.nagashi, s)))));
  }
  if (t.mode === "abort") box.appendChild(titled("Which?", ...aborts.map(([kind, label]) => button(label, { "data-abort": kind }, t.abort === kind, () => { t.abort = kind; }))));
  if (t.mode === "chombo") box.appendChild(titled("Whose?", ...seats.map((s) => button(who(s), { "data-chombo": String(s) }, t.chombo === s, () => { t.chombo = s; }))));
  if (t.mode && t.mode !== "chombo") box.appendChild(titled("Riichi", ...seats.map((s) => button(who(s), { "data-riichi": String(s) }, t.riichi.includes(s), () => toggle(t.riichi, s)))));
  const said = resultSaid(t, who);
  if (said) {
    const go = el("button", { type: "button", class: "record-result", "data-record": "result" }, `record: ${said.words}`);
    // What was tapped stays until the table moves on; a result the server refuses is let go (table.js).
    go.onclick = () => record(`the result: ${said.words}`, { verb: "result", values: said.values });
    box.appendChild(go);
  }
};

function resultSaid(t, who) {  // the result as data and in words, once it is whole
  const riichi = [...t.riichi].sort((a, b) => a - b);
  const riichiWords = t.riichi.length ? `; riichi ${t.riichi.map(who).join(", ")}` : "";
  if (t.mode === "win" && t.winners.length && (t.tsumo || t.from !== null)) {
    const wins = [], words = [];
    for (const s of t.winners) {
      const v = t.values[s] || {};
      const yaku = v.yaku || [];
      const named = yaku.length ? ` (${yaku.map((y) => y.replace(/-/g, " ")).join(", ")})` : "";
      if (v.limit) { wins.push({ seat: s, limit: v.limit.replace("-", "_"), yaku }); words.push(`${who(s)} ${v.limit.replace("-", " ")}${named}`); }
      else if (v.han && (v.fu || v.han > 4)) { wins.push({ seat: s, han: v.han, fu: v.fu || null, yaku }); words.push(`${who(s)} ${v.han} han` + (v.fu ? ` ${v.fu} fu` : "") + named); }
      else return null;
    }
    const declared = { event: "riichi.declared_win", riichi, wins };
    if (t.tsumo) return { values: { ...declared, kind: "tsumo", from_seat: null, wins: wins.slice(0, 1) }, words: `${words[0]} tsumo${riichiWords}` };
    return { values: { ...declared, kind: "ron", from_seat: t.from }, words: `${words.join(" and ")} ron from ${who(t.from)}${riichiWords}` };
  }
  if (t.mode === "draw") {
    const tenpai = t.tenpai.length ? t.tenpai.map(who).join(", ") : "nobody";
    const seats = (list) => [...new Set(list)].sort((a, b) => a - b);
    return { values: { event: "riichi.draw_result", tenpai: seats(t.tenpai), nagashi: seats(t.nagashi), riichi },
             words: `exhaustive draw, tenpai ${tenpai}` + (t.nagashi.length ? `; nagashi ${t.nagashi.map(who).join(", ")}` : "") + riichiWords };
  }
  if (t.mode === "abort" && t.abort) return { values: { event: "riichi.draw_result", abort: t.abort, tenpai: [], riichi }, words: `abortive draw (${t.abort.replace(/_/g, " ")})${riichiWords}` };
  if (t.mode === "chombo" && t.chombo !== null) return { values: { event: "riichi.chombo", seat: t.chombo }, words: `chombo by ${who(t.chombo)}` };
  return null;
}

// The public record by tapping: a hand dealt unseen is recorded as the table sees it. The tile
// discarded is one tap on a picker of the 34 kinds (the draw before it is implied; after riichi
// the tile drawn is the one discarded); "riichi" before it declares; the calls on the last
// discard, by who calls; a new dora indicator; a win laid open on the same picker.
const KINDS = ["1m", "2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "0p", "6p", "7p",
               "8p", "9p", "1s", "2s", "3s", "4s", "5s", "0s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
               "6z", "7z"];
let seen = null;  // what is being tapped: a riichi about to be declared, a hand being laid open, a dora

GAME_PAGE.publicPanel = (box, state, head, record) => {
  const round = state && state.round;
  box.textContent = "";
  const unseen = round && !round.result && (round.hands || []).some((h) => (h || "").includes("?"));
  if (!unseen || state.status !== "in play") { seen = null; return false; }
  if (!seen || seen.head !== head) seen = { head, riichi: false, fromDraw: false, showing: null, tiles: [], ura: null, dora: false,
                                          kan: null, tenpai: null, openFor: null, open: {} };
  const s = seen, count = state.players.length, who = (n) => names()[n];
  const redraw = () => GAME_PAGE.publicPanel(box, state, head, record);
  const button = (label, attrs, pressed, onTap) => choice(label, attrs, pressed, () => { onTap(); redraw(); });
  const afterDiscard = round.phase === "after_discard";
  const mover = afterDiscard ? (round.to_move + 1) % count : round.to_move;
  // A hand known on this phone (its player's own) draws its tile by a tap, then discards by another.
  const draws = !(round.hands[mover] || "").includes("?") && ["draw", "after_discard", "rinshan"].includes(round.phase);
  const river = afterDiscard ? round.rivers[round.to_move] : [];
  const last = river.length ? river[river.length - 1].tile : null;
  const seats = [...Array(count).keys()];
  box.appendChild(el("h2", {}, s.showing ? `${who(s.showing.seat)}'s hand, laid open for the ${s.showing.kind}` :
    s.dora ? "The new dora indicator" : s.kan ? `${who(mover)}'s ${s.kan} kan: tap its tile` :
    s.tenpai ? "The wall is empty: who is tenpai, each hand laid open" :
    draws ? `${who(mover)} draws: tap the tile` : `${who(mover)} discards: tap the tile`));
  if (s.tenpai) {
    box.appendChild(titled("Tenpai:", ...seats.map((n) => button(who(n), { "data-tenpai": String(n) }, s.tenpai.includes(n), () => {
      const at = s.tenpai.indexOf(n);
      if (at >= 0) { s.tenpai.splice(at, 1); delete s.open[n]; if (s.openFor === n) s.openFor = null; }
      else { s.tenpai.push(n); s.open[n] = []; s.openFor = n; }
    }))));
    for (const n of s.tenpai) box.appendChild(titled(`${who(n)}'s hand:`, ...(s.open[n] || []).map((t) => piece(t)),
      button(s.openFor === n ? "tapping this hand" : "tap this hand", { "data-open": String(n) }, s.openFor === n, () => { s.openFor = n; })));
    const go = el("button", { type: "button", class: "record-result", "data-public": "exhaustive" },
      `record: exhaustive draw, tenpai ${s.tenpai.map(who).join(", ") || "nobody"}`);
    go.onclick = () => record("exhaustive draw", { verb: "exhaustive", values: {
      tenpai: s.tenpai.join(",") || "none", shown: s.tenpai.map((n) => `${n}=${(s.open[n] || []).join(" ")}`) } });
    box.appendChild(go);
  }
  if (!s.showing && !s.dora && !s.kan && !s.tenpai) {
    box.appendChild(titled("", button("riichi", { "data-public": "riichi" }, s.riichi, () => { s.riichi = !s.riichi; }),
      button("from the draw", { "data-public": "from-draw" }, s.fromDraw, () => { s.fromDraw = !s.fromDraw; }),
      button("new dora indicator", { "data-public": "dora" }, false, () => { s.dora = true; }),
      button(`tsumo by ${who(mover)}`, { "data-public": "tsumo" }, false, () => { s.showing = { kind: "tsumo", seat: mover }; s.tiles = []; }),
      button("closed kan", { "data-public": "ankan" }, false, () => { s.kan = "closed"; }),
      button("added kan", { "data-public": "kakan" }, false, () => { s.kan = "added"; }),
      round.wall_left === 0 ? button("exhaustive draw", { "data-public": "draw" }, false, () => { s.tenpai = []; }) : null));
    if (afterDiscard && last) {
      const callers = [...Array(count).keys()].filter((n) => n !== round.to_move);
      const calls = [];
      const reds = (((state.ruleset && state.ruleset.options) || {})["riichi.redFives"] || 0) > 0;
      for (const n of callers) {
        calls.push(button(`ron by ${who(n)}`, { "data-public": `ron-${n}` }, false, () => { s.showing = { kind: "ron", seat: n }; s.tiles = []; }));
        if ((round.riichi || [])[n]) continue;  // a player in riichi calls nothing but a ron
        const kind = last.replace("0", "5");
        // A five from the hand may be the red one, which the meld shows: a button for each (where the
        // rules have red fives).
        const fives = reds && kind[0] === "5" && last[0] !== "0" ? [kind, `0${kind[1]}`] : [kind];
        for (const five of fives) {
          const red = five[0] === "0" ? " with the red five" : "";
          const mark = red ? "-red" : "";
          calls.push(button(`pon ${kind[0].repeat(3)}${kind[1]}${red} by ${who(n)}`, { "data-public": `pon-${n}${mark}` }, false,
            () => record(`call pon by ${who(n)}`, { verb: "call", values: { kind: "pon", tiles: `${last} ${five} ${kind}`, seat: String(n) } })));
          calls.push(button(`kan${red} by ${who(n)}`, { "data-public": `kan-${n}${mark}` }, false,
            () => record(`call kan by ${who(n)}`, { verb: "call", values: { kind: "daiminkan", tiles: `${last} ${five} ${kind} ${kind}`, seat: String(n) } })));
        }
        if (n === (round.to_move + 1) % count && kind[1] !== "z") {
          const number = Number(kind[0]);
          for (let low = Math.max(1, number - 2); low <= Math.min(number, 7); low++) {
            const plain = [low, low + 1, low + 2].map((v) => (v === number ? last : `${v}${kind[1]}`));
            const fromHand = (t) => t !== last && t === `5${kind[1]}`;  // a five from the hand: the red, or not
            const runs = reds && plain.some(fromHand) ? [plain, plain.map((t) => (fromHand(t) ? `0${kind[1]}` : t))] : [plain];
            for (const run of runs) {
              const mark = run.some((t) => t[0] === "0" && t !== last) ? "-red" : "";
              calls.push(button(`chi ${run.map((t) => t[0]).join("")}${kind[1]} by ${who(n)}`, { "data-public": `chi-${low}${mark}` }, false,
                () => record(`call chi by ${who(n)}`, { verb: "call", values: { kind: "chi", tiles: run.join(" "), seat: String(n) } })));
            }
          }
        }
      }
      box.appendChild(titled(`On ${last}:`, ...calls));
    }
  }
  const picker = el("div", { class: "tile-picker", "aria-label": "the tiles: tap one" });
  for (const tile of KINDS) {
    const b = el("button", { type: "button", "data-tile": tile, title: DATA.piece_names[tile] }, piece(tile));
    b.onclick = () => {
      if (s.showing) { (s.ura || s.tiles).push(tile); redraw(); return; }
      if (s.tenpai) { if (s.openFor !== null) { s.open[s.openFor].push(tile); redraw(); } return; }
      if (s.kan === "closed") {  // four of the kind; a red five tapped is among them
        const plain = tile.replace("0", "5"), tiles = tile[0] === "0" ? [tile, plain, plain, plain] : [tile, tile, tile, tile];
        record(`${who(mover)}'s closed kan`, { verb: "call", values: { kind: "ankan", tiles: tiles.join(" "), seat: String(mover) } });
        return;
      }
      if (s.kan === "added") {  // the tile added to the player's pon of its kind
        const pon = ((round.melds || [])[mover] || []).find((m) => m.kind === "pon" && m.tiles[0].replace("0", "5") === tile.replace("0", "5"));
        if (!pon) { say(`${who(mover)} has no pon of ${tile}`, "error"); return; }
        record(`${who(mover)}'s added kan`, { verb: "call", values: { kind: "kakan", tiles: [...pon.tiles, tile].join(" "), seat: String(mover) } });
        return;
      }
      if (s.dora) { record(`dora ${tile}`, { verb: "dora", values: { indicator: tile } }); return; }
      if (draws) { record(`${who(mover)} draws ${tile}`, { verb: "draw", values: { card: tile, seat: String(mover) } }); return; }
      const values = { tile };  // "from the draw" said when tapped; after riichi the record knows it
      if (s.fromDraw) values.tsumogiri = true;
      if (s.riichi) values.riichi = true;
      record(`${who(mover)} discards ${tile}`, { verb: "discard", values });
    };
    picker.appendChild(b);
  }
  box.appendChild(picker);
  if (s.showing) {
    const tiles = s.tiles.slice();
    const drawn = s.showing.kind === "tsumo" ? tiles.shift() : null;
    box.appendChild(titled(s.showing.kind === "tsumo" ? "The winning tile first, then the concealed tiles:" : "The concealed tiles:",
      ...s.tiles.map((t) => piece(t)), button("take back the last", { "data-public": "back" }, false, () => { (s.ura || s.tiles).pop(); })));
    box.appendChild(titled("Ura dora indicators (a winner in riichi):", ...(s.ura || []).map((t) => piece(t)),
      button("then tap the ura indicators", { "data-public": "ura" }, s.ura !== null, () => { s.ura = s.ura === null ? [] : null; })));
    const values = { seat: String(s.showing.seat), hand: tiles.join(" "), ura: (s.ura || []).join(" ") || "none" };
    if (drawn) values.drawn = drawn;
    const go = el("button", { type: "button", class: "record-result", "data-public": "win" },
      `record: ${who(s.showing.seat)} ${s.showing.kind}, the hand ${tiles.join(" ")}`);
    go.onclick = () => record(`${s.showing.kind} by ${who(s.showing.seat)}`, { verb: s.showing.kind, values });
    box.appendChild(go);
  }
  return true;
};

// The replay page's notes on an event (replay/present/page/view.js): the discard weighed against
// the best one, its safety against each player in riichi, and in a public record the safety of a
// discard from what every player saw.
GAME_PAGE.frameNotes = (board, frame) => {
  const weighed = frame.weighed;
  if (weighed) {  // the discard weighed against the best one (riichi)
    const said = (tile, shanten, tiles) => `${tile}: ${shanten < 0 ? "complete" : shanten === 0 ? "tenpai" : `${shanten}-shanten`}, ${tiles} tiles`;
    board.appendChild(el("p", { class: "note", "data-zone": "weighed" },
      `Discard ${said(weighed.discard, weighed.shanten_after, weighed.ukeire_count)}` +
      (weighed.waits.length ? ` (waits ${weighed.waits.join(" ")})` : "") +
      (weighed.lost ? `; best ${said(weighed.best, weighed.best_shanten, weighed.best_count)}` : "; the best")));
    const defense = weighed.defense;
    if (defense) {  // the discard's safety against each player in riichi, and what was safer in hand
      const against = Object.entries(defense.against).map(([who, tier]) => `${tier} against ${who}`).join(", ");
      const safer = defense.safer_held.length ? `safer held: ${defense.safer_held.join(" ")}` : "nothing safer held";
      const rank = `ranked ${defense.rank} of ${defense.choices} kinds held`;
      const dealt = weighed.dealt_in_to && weighed.dealt_in_to.length ? `; dealt in to ${weighed.dealt_in_to.join(", ")}` : "";
      board.appendChild(el("p", { class: "note", "data-zone": "defense" }, `Safety: ${against}; ${safer}; ${rank}${dealt}`));
    }
  }
  const unshown = frame.unshown;
  if (unshown && unshown.defense) {  // a public record: the discard's safety from what every player saw
    const against = Object.entries(unshown.defense.against).map(([who, tier]) => `${tier} against ${who}`).join(", ");
    const dealt = unshown.dealt_in_to.length ? `; dealt in to ${unshown.dealt_in_to.join(", ")}` : "";
    board.appendChild(el("p", { class: "note", "data-zone": "defense" }, `Safety: ${against}; the hand not shown${dealt}`));
  }
};

// The replay page's last frame: the match's discards weighed, player by player.
GAME_PAGE.reviewTable = (board, review) => {
  const rows = review.map((r) => el("tr", {}, ...[r.player, r.discards, r.best_kept, r.lost, r.tiles_given_up, r.riichi, r.deals_in]
    .map((v) => el("td", {}, String(v)))));
  board.appendChild(el("table", { class: "review", "data-zone": "review" },
    el("tr", {}, ...["player", "discards", "best kept", "ground lost", "tiles given up", "riichi", "deals-in"].map((h) => el("th", {}, h))),
    ...rows));
};
