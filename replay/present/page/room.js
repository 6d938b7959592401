// The room's screen: every table of the night at a glance (names, scores, the hand, the dealer, the
// sticks, the last result) and each game's standings, read again as soon as any table moves (each
// table's live stream) and every few seconds for tables started since.
const streams = new Map();
const heardHeads = {};  // each table's last head its live stream told
let reading = null;

function signed(n) { return (n > 0 ? "+" : "") + n.toLocaleString("en"); }

function draw(room) {
  const tables = $("tables");
  tables.textContent = "";
  if (!room.tables.length) tables.appendChild(el("p", {}, "No table is playing yet."));
  for (const t of room.tables) {
    const card = el("article", { class: "table", "data-match": t.match_id, "data-seq": String(t.head_seq) },
      el("h2", {}, el("a", { href: `/tables/${encodeURIComponent(t.match_id)}` }, t.match_id), ` · ${t.title}`),
      el("div", { class: "hand" }, t.hand + (t.sticks ? ` · ${t.sticks} riichi stick${t.sticks > 1 ? "s" : ""}` : "")
                                   + (t.status === "complete" ? " · finished" : "")));
    const list = el("ol", {});
    t.players.forEach((name, seat) => list.appendChild(el("li", { class: seat === t.dealer ? "dealer" : null, "data-seat": String(seat) },
      el("span", {}, `${t.places[seat]}. ${name}` + (seat === t.dealer ? " (dealer)" : "")),
      el("span", { class: "score" }, t.scores[seat].toLocaleString("en")))));
    card.appendChild(list);
    if (t.last) card.appendChild(el("p", { class: "last" }, `last: ${t.last}`));
    tables.appendChild(card);
  }
  const side = $("standings");
  side.textContent = "";
  for (const [game, players] of Object.entries(room.standings)) {
    const unit = (room.tables.find((t) => t.title === game) || {}).unit || "";
    const body = el("tbody", {});
    players.forEach((p, i) => body.appendChild(el("tr", { "data-player": p.player },
      el("td", {}, String(i + 1)), el("td", {}, p.player + (p.provisional ? " *" : "")),
      el("td", {}, p.shown || signed(p.total)), el("td", {}, String(p.tables)))));
    side.appendChild(el("div", { class: "standings" }, el("h2", {}, `Standings: ${game}`),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "player"), el("th", {}, "total"), el("th", {}, "tables"))), body),
      el("p", { class: "note" }, `${unit}; * a table still playing: provisional`)));
  }
  for (const t of room.tables) listen(t.match_id);
  document.body.dataset.read = String(Date.now());
}

async function read() {  // one reading at a time; a move during it asks for another after it
  if (reading) { reading.again = true; return; }
  reading = { again: false };
  try {
    const answer = await fetch("/api/room", { cache: "no-store" });
    if (!answer.ok) throw new Error(String(answer.status));
    draw(await answer.json());
    $("behind").hidden = true;
  } catch (error) {
    $("behind").textContent = "behind: the server cannot give the tables now; this screen catches up by itself";
    $("behind").hidden = false;
  } finally {
    const again = reading.again;
    reading = null;
    if (again) read();
  }
}

function listen(match) {  // a table's live stream: its head, each time it moves
  if (streams.has(match)) return;
  const live = new EventSource(`/api/matches/${encodeURIComponent(match)}/live`);
  live.addEventListener("head", (event) => {
    const card = document.querySelector(`[data-match="${CSS.escape(match)}"]`);
    const seq = JSON.parse(event.data).head_seq;
    heardHeads[match] = Math.max(heardHeads[match] || 0, seq);  // what each table's stream has said (for a test)
    if (!card || card.dataset.seq !== String(seq)) read();
  });
  streams.set(match, live);
}

read();
setInterval(read, 5000);  // tables started since, and a screen that lost the server
