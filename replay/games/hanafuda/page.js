"use strict";
// A hanafuda round on the page (Tensho, Sendai-hana): each seat's hand and captured cards by kind
// with the yaku formed, the field and the draw pile. render.js calls it.
const GAME_PAGE = {
  piece: "card",  // the pieces' class, and their sprite's prefix
  sprite: "c",
  drawRound: (state, round) => drawHanafuda(state, round),
  afterResults: () => {},
  scoresOf: (state) => state.standings,  // each player's points so far, for the graph over the match
};

const KINDS = [["bright", "brights"], ["animal", "animals"], ["ribbon", "ribbons"], ["chaff", "chaff"]];
function kindOf(card) { return ((DATA.piece_names[card] || "").match(/\((\w+)\)$/) || [])[1] || "chaff"; }

function drawHanafuda(state, round) {
  if (!(round.hands || []).length) {  // not dealt: who deals, and the deal is what comes next
    const dealer = round.dealer !== undefined && round.dealer !== null ? `${names()[round.dealer]} deals. ` : "";
    board.appendChild(el("p", { class: "box" }, `${dealer}The deal is next.`));
    return;
  }
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
    // Only what the bottom seat saw: another player's hand face down (a hand is shown at no point).
    const hidden = mine && seat !== bottom;
    box.appendChild(row(`hand-${seat}`, (round.hands[seat] || []).map((c) => piece(hidden ? "?" : c))));
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

// A round's result by tapping, for a scorer who saw the end of it: whose captures, then each card
// captured on a grid of the 48; Sendai-hana adds who went on (koi-koi), who stopped, and the teyaku
// shown. The points follow from the ruleset, as from a round recorded move by move. The result is
// sent as data (each seat's captured cards, the calls); the last button says it whole in words.
let marked = null;

GAME_PAGE.resultPanel = (box, state, head, record) => {
  const round = state && state.round;
  box.textContent = "";
  const dealt = round && (round.hands || []).some((hand) => hand && hand.length) && !round.result;
  if (!state || dealt || state.status !== "in play") { marked = null; return; }
  const count = state.players.length, who = (s) => names()[s];
  if (!marked || marked.head !== head) marked = { head, seat: 0, owner: {}, went: [], stopped: null, shown: [] };
  const m = marked;
  const redraw = () => GAME_PAGE.resultPanel(box, state, head, record);
  const button = (label, attrs, pressed, onTap) => choice(label, attrs, pressed, () => { onTap(); redraw(); });
  const seats = [...Array(count).keys()];
  box.appendChild(el("h2", {}, `The ${DATA.round_word}'s result: the cards each player captured`));
  box.appendChild(titled("Whose captures?", ...seats.map((s) => button(`${who(s)} (${Object.values(m.owner).filter((o) => o === s).length})`,
    { "data-captor": String(s) }, m.seat === s, () => { m.seat = s; }))));
  const grid = el("div", { class: "card-grid", "aria-label": "the 48 cards: tap each card the chosen player captured" });
  for (const card of Object.keys(DATA.piece_names).filter((id) => id.includes("-"))) {
    const owner = m.owner[card];
    const cell = el("button", { type: "button", "data-card": card, "aria-pressed": String(owner !== undefined),
                                class: owner !== undefined ? "taken" : "", title: DATA.piece_names[card] }, piece(card));
    if (owner !== undefined) cell.appendChild(el("span", { class: "owner" }, who(owner).slice(0, 3)));
    cell.onclick = () => { if (m.owner[card] === m.seat) delete m.owner[card]; else m.owner[card] = m.seat; redraw(); };
    grid.appendChild(cell);
  }
  box.appendChild(grid);
  if ((DATA.declared || []).includes("go")) {  // a game of go and stop (koi-koi): who went on, who stopped
    box.appendChild(titled("Went on (koi-koi)", ...seats.map((s) => button(who(s), { "data-went": String(s) }, m.went.includes(s), () => {
      const at = m.went.indexOf(s); if (at >= 0) m.went.splice(at, 1); else m.went.push(s); }))));
    box.appendChild(titled("Stopped", ...seats.map((s) => button(who(s), { "data-stopped": String(s) }, m.stopped === s, () => {
      m.stopped = m.stopped === s ? null : s; }))));
  }
  if ((DATA.result_words.teyaku || []).length) {
    box.appendChild(titled(`Teyaku shown by ${who(m.seat)}`, ...(DATA.result_words.teyaku || []).map((t) => button(t.replace(/-/g, " "), { "data-teyaku": t },
      m.shown.some(([s, k]) => s === m.seat && k === t), () => {
        const at = m.shown.findIndex(([s, k]) => s === m.seat && k === t); if (at >= 0) m.shown.splice(at, 1); else m.shown.push([m.seat, t]); }))));
  }
  const taken = seats.map((s) => Object.keys(m.owner).filter((c) => m.owner[c] === s));
  const words = seats.map((s) => `${who(s)} ${taken[s].length} cards`).join(", ")
    + (m.went.length ? `; went on: ${m.went.map(who).join(", ")}` : "") + (m.stopped === null ? "" : `; ${who(m.stopped)} stopped`)
    + m.shown.map(([s, t]) => `; ${who(s)} showed ${t.replace(/-/g, " ")}`).join("");
  const go = el("button", { type: "button", class: "record-result", "data-record": "result" }, `record: ${words}`);
  go.onclick = () => record(`the result: ${words}`, { verb: "result",  // kept until the table moves on
    values: { captured: taken, went: m.went, stopped: m.stopped, exposed: m.shown } });
  box.appendChild(go);
};

// A hand dealt unseen offers every card not yet seen: the buttons are grouped, those of the months
// on the field first (the cards that capture), then the others month by month.
GAME_PAGE.arrangeTap = (tap, state) => {
  // The months in order, as the deck names its cards (pine-crane ... paulownia-chaff-3).
  const MONTH_NAMES = [...new Set(Object.keys(DATA.piece_names).filter((id) => id.includes("-")).map((id) => id.split("-")[0]))];
  const buttons = [...tap.children];
  const cardOf = (b) => ((b.dataset.move || "").match(/^(?:play|draw) ([a-z]+-[a-z0-9-]+)/) || [])[1];
  const placed = buttons.filter((b) => cardOf(b));
  if (placed.length <= 12) return;  // a known hand: a few buttons, as they are
  const monthOf = (card) => MONTH_NAMES.indexOf(card.split("-")[0]) + 1;
  const onField = new Set(((state.round && state.round.field) || []).map(monthOf));
  const groups = new Map();
  for (const b of placed) {
    const month = monthOf(cardOf(b));
    const key = onField.has(month) ? 0 : month;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(b);
  }
  const rest = buttons.filter((b) => !cardOf(b));
  tap.textContent = "";
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const label = key === 0 ? "the months on the field" : `month ${key} (${MONTH_NAMES[key - 1]})`;
    tap.appendChild(el("div", { class: "month-group", "data-month": String(key) }, el("span", { class: "result-title" }, label), ...groups.get(key)));
  }
  rest.forEach((b) => tap.appendChild(b));
};
