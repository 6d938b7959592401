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

const ruler = document.createElement("canvas").getContext("2d");
function textEms(text) {  // the text's width in ems of its type, bold
  ruler.font = `700 100px ${getComputedStyle(document.body).fontFamily}`;
  return ruler.measureText(text).width / 100;
}

// The largest type (within a step of half a pixel, up to 4.2% of the screen's height) at which no
// player's line is cut and no table's card overflows: what the screen shows is whole, whatever the
// font makes of the names, and as large as the room's share of the screen allows.
function fitTables(size) {
  const tables = $("tables");
  const whole = (type) => {
    tables.style.setProperty("--type", `${type.toFixed(1)}px`);
    return ![...tables.querySelectorAll(".table li")].some(lineCut)
      && ![...tables.querySelectorAll(".table")].some((card) => card.scrollHeight > card.clientHeight + 1);
  };
  const cap = window.innerHeight * 0.042;
  let low = 6, high = Math.min(Math.max(size * 1.6, 7), cap);
  const before = Number(tables.dataset.type || 0);  // a move seldom changes the fit: the last type tried first
  if (before && whole(before) && (before + 0.5 > cap || !whole(before + 0.5))) low = before;
  else if (whole(high)) low = high;
  else while (high - low > 0.5) { const middle = (low + high) / 2; if (whole(middle)) low = middle; else high = middle; }
  whole(low);
  tables.dataset.type = low.toFixed(1);
}

// A player's line cut: its name (which never shrinks) runs into the score, or the score past the
// card's edge; measured by the boxes' own edges, not by rounded scroll widths.
function lineCut(line) {
  const [name, score] = line.children, edge = line.getBoundingClientRect().right;
  return name.getBoundingClientRect().right > score.getBoundingClientRect().left + 0.01 || score.getBoundingClientRect().right > edge + 0.01;
}

function signed(n) { return (n > 0 ? "+" : "") + n.toLocaleString("en"); }

function draw(room) {
  latest = room;
  drawStandings(room);  // first: the tables take the width the standings leave
  const tables = $("tables");
  tables.textContent = "";
  const pages = Math.max(1, Math.ceil(room.tables.length / PAGE));
  page = page % pages;
  const shown = room.tables.slice(page * PAGE, (page + 1) * PAGE);
  document.body.dataset.page = `${page + 1}/${pages}`;
  $("paging").hidden = pages < 2;
  $("paging-shown").textContent = pages < 2 ? "" : `tables ${page * PAGE + 1} to ${page * PAGE + shown.length} of ${room.tables.length}, page ${page + 1} of ${pages}`;
  const count = Math.max(shown.length, 1);
  const lines = shown.flatMap((t) => t.players.map((name, seat) => [
    `▶ ${t.places ? t.places[seat] || 0 : 0}. ${name}`, t.stood_in_for && t.stood_in_for[seat] ? ` (for ${t.stood_in_for[seat]})` : "",
    t.hidden ? "hidden" : t.scores[seat].toLocaleString("en")]));
  // A player's line in ems of the table's type, measured in the page's own font (bold, as the
  // dealer's is): the name or, under it and smaller, whom a substitute sits in for, the gap, the
  // score, at 1.1 em, and the card's padding and border.
  const wide = Math.max(8, ...lines.map(([name, standsFor, score]) => 1.1 * (Math.max(textEms(name), 0.6 * textEms(standsFor)) + 0.5 + textEms(score)) + 1.6));
  const area = { width: tables.clientWidth || window.innerWidth * 0.72, height: tables.clientHeight || window.innerHeight * 0.86 };
  const gap = window.innerHeight * 0.012;
  // The columns (two to four) that give the largest type a table's share of the screen holds
  // whole: about nine of its lines high (its name, the hand, four players, the last result) and
  // its longest player's line wide.
  let best = null;
  for (const columns of [2, 3, 4]) {
    const rows = Math.ceil(count / columns);
    const high = Math.min(window.innerHeight * 0.042, (area.height - gap * (rows - 1)) / rows / 9);
    const size = Math.min(high, (area.width - gap * (columns - 1)) / columns / wide);
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
      el("span", { title: seat === t.dealer ? "the dealer" : null }, (seat === t.dealer ? "▶ " : "") + (t.hidden ? "" : `${t.places[seat]}. `) + name,
         t.stood_in_for && t.stood_in_for[seat] ? el("small", { class: "for" }, ` (for ${t.stood_in_for[seat]})`) : null),
      el("span", { class: "score" }, t.hidden ? "hidden" : t.scores[seat].toLocaleString("en")))));
    card.appendChild(list);
    if (t.last) card.appendChild(el("p", { class: "last" }, `last: ${t.last}`));
    tables.appendChild(card);
  }
  fitTables(best.size);
  document.body.dataset.read = String(Date.now());
}

// Each game's standings, every player on the screen: the type made smaller (down to 1.7% of the
// screen's height) until they fit, and where even that is too small to read across the room, shown
// a page at a time (as many as fit at 1.9%), turned with the tables or at a tap on "next".
let standingsPage = 0, fitted = null;
const standingsPaging = $("standings-paging");  // kept across drawings: put back when paging
function drawStandings(room) {
  const side = $("standings");
  const everyone = Object.values(room.standings).reduce((sum, players) => sum + players.length, 0);
  const render = (type, from, to) => {
    side.textContent = "";
    standingsPaging.hidden = to - from >= everyone;
    side.appendChild(standingsPaging);
    side.style.setProperty("--standings-type", `${type}vh`);
    let at = 0;
    for (const [game, players] of Object.entries(room.standings)) {
      const unit = (room.tables.find((t) => t.title === game) || {}).unit || "";
      const body = el("tbody", {});
      players.forEach((p, i) => {
        if (at >= from && at < to) body.appendChild(el("tr", { "data-player": p.player },
          el("td", {}, String(i + 1)), el("td", {}, p.player + (p.provisional ? " *" : "")),
          el("td", {}, p.shown || signed(p.total)), el("td", {}, String(p.tables))));
        at += 1;
      });
      if (!body.children.length) continue;
      side.appendChild(el("div", { class: "standings" }, el("h2", {}, `Standings: ${game}`),
        el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "player"), el("th", {}, "total"), el("th", {}, "tables"))), body),
        el("p", { class: "note" }, `${unit}; * a table still playing: provisional; ▶ a table's dealer`)));
    }
  };
  const fits = () => side.scrollHeight <= side.clientHeight + 0.5;
  // The same names on the same screen fit the same way (a row is one line): the last fit is kept.
  const shape = JSON.stringify([window.innerWidth, window.innerHeight,
                                Object.values(room.standings).map((ps) => ps.map((p) => p.player).sort())]);  // prettier-ignore
  const known = fitted && fitted.shape === shape ? fitted : null;
  if (known && known.pages === 1) { render(known.type, 0, everyone); if (fits()) { side.dataset.pages = "1"; return; } }
  if (!known || known.pages === 1) {
    for (let type = 2.2; type >= 1.69; type -= 0.1) {
      render(type, 0, everyone);
      if (fits()) { side.dataset.pages = "1"; fitted = { shape, pages: 1, type }; return; }
    }
  }
  $("standings-shown").textContent = `players 1 to ${everyone} of ${everyone}, page 1 of 9`;  // its width while fitting
  let per = known && known.pages === 0 ? known.per : 1;  // as many as fit at 1.9% with the paging line
  if (!(known && known.pages === 0)) {  // the most that fit, halving
    let low = 1, high = everyone - 1;
    while (low < high) { const middle = Math.ceil((low + high) / 2); render(1.9, 0, middle); if (fits()) low = middle; else high = middle - 1; }
    per = low;
  }
  fitted = { shape, pages: 0, per };
  const pages = Math.ceil(everyone / per);
  per = Math.ceil(everyone / pages);
  standingsPage %= pages;
  const from = standingsPage * per, to = Math.min(everyone, from + per);
  render(1.9, from, to);
  side.dataset.pages = String(pages);
  side.dataset.page = String(standingsPage + 1);
  $("standings-shown").textContent = `players ${from + 1} to ${to} of ${everyone}, page ${standingsPage + 1} of ${pages}`;
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

function turn() { if (latest) { page += 1; standingsPage += 1; draw(latest); } }
$("next-tables").onclick = () => { if (latest) { page += 1; draw(latest); } };
document.addEventListener("click", (event) => {  // the standings' own "next" (drawn again with them)
  if (event.target.id === "next-standings" && latest) { standingsPage += 1; draw(latest); }  // the tables as they were
});
window.addEventListener("resize", () => { if (latest) draw(latest); });  // the type is sized for the window
const TURN = Number(new URLSearchParams(location.search).get("turn") ?? 15);
if (TURN > 0) setInterval(() => { if (latest && (latest.tables.length > PAGE || $("standings").dataset.pages !== "1")) turn(); }, TURN * 1000);
