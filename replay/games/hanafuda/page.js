"use strict";
// A hanafuda round on the page (Tensho, Sendai-hana): each seat's hand and captured cards by kind
// with the yaku formed, the field and the draw pile. render.js calls it.
const GAME_PAGE = {
  piece: "card",  // the pieces' class, and their sprite's prefix
  sprite: "c",
  drawRound: (state, round) => drawHanafuda(state, round),
  afterResults: () => {},
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
