"use strict";
// Tsuki-awase on the pages: each seat's hand and tricks, and the trick in play in the centre.
// The shared drawing (replay/present/page/render.js) calls GAME_PAGE; the cards are the sprite's.
const GAME_PAGE = {
  piece: "card",
  sprite: "c",
  drawRound: (state, round) => drawTrick(state, round),
  afterResults: () => {},
  scoresOf: (state) => state.standings,
};

function drawTrick(state, round) {
  if (!(round.hands || []).length) {
    board.appendChild(el("p", { class: "box" }, `${names()[round.dealer]} deals. The deal is next.`));
    return;
  }
  const table = el("div", { class: "table two" });
  for (let seat = 0; seat < state.players.length; seat++) {
    const title = el("div", {}, el("span", { class: "who" }, names()[seat] + (round.dealer === seat ? " · dealer" : "")));
    const box = seatBox(state, seat, title);
    if (round.to_move === seat) box.classList.add("to-move");
    const hidden = mine && seat !== bottom;
    box.appendChild(row(`hand-${seat}`, (round.hands[seat] || []).map((c) => piece(hidden ? "?" : c))));
    box.appendChild(el("h2", {}, `tricks: ${round.tricks[seat]}`));
    table.appendChild(box);
  }
  table.appendChild(el("section", { class: "centre", "aria-label": "the trick" },
    el("h2", {}, `Round ${round.number}`), row("laid", (round.laid || []).map((c) => piece(c)))));
  board.appendChild(table);
}
