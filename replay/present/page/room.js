// The room's screen: every table of the night at a glance (names, scores, the hand, the dealer, the
// sticks, the last result) and each game's standings, read again as soon as any table moves or a
// table starts (the room's one live stream: a browser holds six connections to a server, a room
// has more tables).
let reading = null;
// A tournament's room has more tables than a screen shows legibly: twelve at a time, the screen
// turning to the next twelve every fifteen seconds (``?turn=SECONDS``; 0: only at a tap on "next"),
// back to the first after the last.
const PAGE = 12;
let page = 0, latest = null;

function signed(n) { return (n > 0 ? "+" : "") + n.toLocaleString("en"); }

function draw(room) {
  latest = room;
  const tables = $("tables");
  tables.textContent = "";
  const pages = Math.max(1, Math.ceil(room.tables.length / PAGE));
  page = page % pages;
  const shown = room.tables.slice(page * PAGE, (page + 1) * PAGE);
  document.body.dataset.page = `${page + 1}/${pages}`;
  $("paging").hidden = pages < 2;
  $("paging-shown").textContent = pages < 2 ? "" : `tables ${page * PAGE + 1} to ${page * PAGE + shown.length} of ${room.tables.length}, page ${page + 1} of ${pages}`;
  // The room's layout: the columns (two to four) that give the largest type a table's share of the
  // screen holds whole: about nine of its lines high (its name, the hand, four players, the last
  // result) and its longest player's line wide (the dealer's mark, the place, the name and whom a
  // substitute sits in for, the score: about 0.62 of the type a letter, at least sixteen letters).
  const count = Math.max(shown.length, 1);
  const letters = Math.max(16, ...shown.flatMap((t) => t.players.map((name, seat) =>
    6 + name.length + (t.stood_in_for && t.stood_in_for[seat] ? 7 + t.stood_in_for[seat].length : 0) + 8)));
  let best = null;
  for (const columns of [2, 3, 4]) {
    const rows = Math.ceil(count / columns);
    const high = Math.min(4.2, 86 / rows / 9) * window.innerHeight / 100;
    const wide = 72 / columns / (letters * 0.62 * 1.1 + 1.6) * window.innerWidth / 100;
    const size = Math.min(high, wide);
    if (!best || size > best.size + 0.01) best = { columns, rows, size };
  }
  tables.style.setProperty("--columns", String(best.columns));
  tables.style.setProperty("--rows", String(best.rows));
  tables.style.setProperty("--type", `${best.size.toFixed(1)}px`);
  if (!room.tables.length) tables.appendChild(el("p", {}, "No table is playing yet."));
  for (const t of shown) {
    const card = el("article", { class: "table", "data-match": t.match_id, "data-seq": String(t.head_seq) },
      el("h2", {}, el("a", { href: `/tables/${encodeURIComponent(t.match_id)}` }, t.match_id), ` · ${t.title}`),
      el("div", { class: "hand" }, t.hand + (t.on_table ? ` · ${t.on_table}` : "")  // what lies on the table, in its game's words
                                   + (t.own_clock ? ` · its own clock, until ${t.own_clock.ends_at.slice(11, 16)} UTC` : "")
                                   + (t.status === "complete" ? " · finished" : "")));
    const list = el("ol", {});
    t.players.forEach((name, seat) => list.appendChild(el("li", { class: seat === t.dealer ? "dealer" : null, "data-seat": String(seat) },
      el("span", { title: seat === t.dealer ? "the dealer" : null }, (seat === t.dealer ? "▶ " : "") + (t.hidden ? "" : `${t.places[seat]}. `) + name + (t.stood_in_for && t.stood_in_for[seat] ? ` (for ${t.stood_in_for[seat]})` : "")),
      el("span", { class: "score" }, t.hidden ? "hidden" : t.scores[seat].toLocaleString("en")))));
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
      el("p", { class: "note" }, `${unit}; * a table still playing: provisional; ▶ a table's dealer`)));
  }
  document.body.dataset.read = String(Date.now());
}

// The session's clock, counted down by the server's time (a screen's own clock may be off): time
// left, then "last hand" once it is over.
let clock = null, skew = null;
function tick() {
  const shown = $("clock");
  if (!clock) { shown.hidden = true; return; }
  const left = Date.parse(clock.ends_at) - (Date.now() + (skew || 0));
  shown.hidden = false;
  shown.dataset.over = String(left <= 0);
  shown.textContent = left <= 0 ? `session ${clock.session}: time is up, last hand`
    : `session ${clock.session}: ${Math.floor(left / 60000)}:${String(Math.floor(left / 1000) % 60).padStart(2, "0")} left`;
}
setInterval(tick, 1000);

async function read() {  // one reading at a time; a move during it asks for another after it
  if (reading) { reading.again = true; return; }
  reading = { again: false };
  try {
    // A club's room screen in a league's store: /?club=ID asks for that club's tables alone.
    const club = new URLSearchParams(location.search).get("club");
    const answer = await fetch(club ? `/api/room?club=${encodeURIComponent(club)}` : "/api/room", { cache: "no-store" });
    if (!answer.ok) throw new Error(String(answer.status));
    const room = await answer.json();
    clock = room.clock;
    if (skew === null) skew = Date.parse(room.now) - Date.now();  // once: from then on the page's time runs with the server's
    draw(room);
    tick();
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

let heardVersion = 0;  // the room stream's last version (for a test: the screen keeps up through it)

function listen() {  // one live stream for the whole room: any table moves or starts, the screen reads again
  const live = new EventSource("/api/room/live");
  live.addEventListener("room", (event) => {
    heardVersion = JSON.parse(event.data).version;
    $("behind").hidden = true;
    read();
  });
  live.addEventListener("trouble", () => {
    $("behind").textContent = "behind: the server cannot read the record just now; this screen catches up by itself";
    $("behind").hidden = false;
  });
  live.onerror = () => {
    $("behind").textContent = "behind: the connection to the server is lost; this screen reconnects by itself";
    $("behind").hidden = false;
  };
}

listen();
read();
setInterval(read, 15000);  // a screen whose stream was lost a while still catches up

function turn() { if (latest) { page += 1; draw(latest); } }
$("next-tables").onclick = turn;
window.addEventListener("resize", () => { if (latest) draw(latest); });  // the type is sized for the window
const TURN = Number(new URLSearchParams(location.search).get("turn") ?? 15);
if (TURN > 0) setInterval(() => { if (latest && latest.tables.length > PAGE) turn(); }, TURN * 1000);
