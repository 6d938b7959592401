// The table recorder: the table as the replay draws it, the moves the rules allow now as buttons
// (each carries its move in table mode's words, data-move), a box for anything typed. Every tap
// names the head it was made on; a tap another phone overtook is refused (409) and the page shows
// the table as it now is. Taps made without a network wait on the phone and go when it is back;
// one the table moved past is shown, never merged.
DATA = JSON.parse($("match-data").textContent);
const MATCH = DATA.match_id;
const KEY = `taikyoku-token-${MATCH}`, QUEUE = `taikyoku-waiting-${MATCH}`;
let head = 0, token = "", passedAt = -1;

(function takeToken() {  // the link gives the token once; the page keeps it and takes it out of the address
  const given = new URLSearchParams(location.search).get("token");
  if (given) { localStorage.setItem(KEY, given); history.replaceState(null, "", location.pathname + location.hash); }
  token = localStorage.getItem(KEY) || "";
})();

function say(text, kind) { $("said").textContent = text; $("said").className = kind || ""; }
function behind(text) { $("behind").textContent = text; $("behind").hidden = !text; }  // said at the top, until caught up
function waiting() { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); }
function setWaiting(list) {
  localStorage.setItem(QUEUE, JSON.stringify(list));
  $("waiting").textContent = list.length ? `${list.length} waiting to be sent: ${list.map((w) => w.words || w.move).join("; ")}` : "";
}

async function read(path) {
  const answer = await fetch(path);
  if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || answer.statusText);
  return answer.json();
}

// The session's clock of a night's table, counted down by the server's time: time left, then
// "last hand" once it is over. Read again with the table, so a clock started later is seen.
let clock = null, skew = null;
function tick() {
  const shown = $("clock");
  if (!clock) { shown.hidden = true; return; }
  const left = Date.parse(clock.ends_at) - (Date.now() + (skew || 0));
  shown.hidden = false;
  shown.dataset.over = String(left <= 0);
  shown.textContent = left <= 0 ? "time is up: this hand is the last"
    : `${Math.floor(left / 60000)}:${String(Math.floor(left / 1000) % 60).padStart(2, "0")} left in the session`;
}
setInterval(tick, 1000);
async function readClock() {
  try {
    const found = await read(`/api/matches/${MATCH}/clock`);
    clock = found.clock;
    if (skew === null) skew = Date.parse(found.now) - Date.now();  // once: from then on the page's time runs with the server's
    tick();
  } catch (error) { /* the table's own reading says when the server is away */ }
}

// Readings of the table overlap: a tap's answer and the live stream's word of the same move each
// ask for one. They are numbered, and one begun before the reading already shown is let go, so the
// phone never goes back to a table it has moved past (its buttons those of a move already made).
let readingsBegun = 0, readingShown = 0, readingsBack = 0;
window.taikyokuReadings = () => ({ begun: readingsBegun, back: readingsBack });  // for a test: every reading asked has come back
async function refresh() {
  const reading = ++readingsBegun;
  try { await readTable(reading); } finally { readingsBack += 1; }
}

async function readTable(reading) {
  readClock();
  let state, moves;
  try {
    [state, moves] = await Promise.all([read(`/api/matches/${MATCH}`), read(`/api/matches/${MATCH}/moves`)]);
  } catch (error) {
    if (reading < readingShown) return;
    behind(`behind at event ${head}: the server cannot give the table now; taps wait on this phone`);
    return;
  }
  if (reading < readingShown) return;  // a later reading is shown already
  if (state.head_seq !== moves.head_seq) return readTable(reading);  // a move stored between its two answers
  readingShown = reading;
  behind("");
  if (state.sitting && state.sitting.join("\n") !== DATA.players.join("\n")) { DATA.players = state.sitting; named(); }
  // The match is over: until the server's phone_undo_until this phone may still undo the hand
  // that ended it (a wrong result); then, or at once after an abandon, it writes no more and the
  // host's page undoes. The server holds the same window, whatever this page does.
  const over = state.status && state.status !== "in play";
  const undoUntil = state.phone_undo_until ? Date.parse(state.phone_undo_until) : 0;
  if (over && token && undoUntil <= Date.now() + (skew || 0)) {
    localStorage.removeItem(KEY);
    localStorage.removeItem(QUEUE);
    token = "";
  }
  $("undo").hidden = !token;
  head = state.head_seq;
  lastState = state.status === "in play" ? state : null;
  document.body.dataset.seq = String(head);
  drawTable(state);
  panels(token && !over ? state : null);  // an ended match takes only the undo
  $("status").textContent = `event ${head}` + (over ? (token ? ` · the match is over; its last hand can be undone here until ${new Date(undoUntil).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : " · the match is over; the host's page can undo its last hand") : token ? "" : " · watching (scan the table's code to record)");
  const passed = passedAt === head;  // a decision declined at this moment: every move again
  $("asked").textContent = passed ? "" : moves.asked || "";
  const tap = $("tap");
  tap.textContent = "";
  if (token && !over) for (const offer of passed ? moves.passed_offers : moves.offers) {
    const move = offer.words;  // what the button says; what it sends is the move as data
    const button = el("button", { "data-move": move, type: "button" }, move);
    const shown = move.split(" ").find((word) => DATA.piece_names[word]);  // the piece it moves, drawn
    if (shown) button.prepend(piece(shown, " in-button"));
    button.addEventListener("click", () => {
      if (!offer.move) return pass();
      if (offer.ends && !asked(button)) return;  // a move that ends the hand (its declaration says): asked once
      send(move, offer.move);
    });
    tap.appendChild(button);
  }
  if (GAME_PAGE.arrangeTap) GAME_PAGE.arrangeTap(tap, state);  // a game may group its buttons (its page.js says how)
  layOut(token && !over ? moves.deal : null);
}

// A deal laid out as the table lays it: choose where pieces go (a hand, the field, the dora
// indicator), tap each piece dealt there; "record the deal" sends it as one `deal` entry.
let dealing = null;
function layOut(layout) {
  const box = $("deal");
  if (!layout) { box.hidden = true; dealing = null; return; }
  box.hidden = false;
  if (!dealing || dealing.head !== head) dealing = { head, target: 0, placed: layout.targets.map(() => []) };
  const used = (piece) => dealing.placed.flat().filter((p) => p === piece).length;
  const where = $("deal-targets");
  where.textContent = "";
  layout.targets.forEach((target, index) => {
    const chosen = index === dealing.target;
    const button = el("button", { type: "button", "data-target": String(index), "aria-pressed": String(chosen),
                                  class: chosen ? "chosen" : "" }, `${target.name} ${dealing.placed[index].length}/${target.size}`);
    button.onclick = () => { dealing.target = index; layOut(layout); };
    where.appendChild(button);
    const row = el("div", { class: "pieces", "data-dealt": String(index) });
    dealing.placed[index].forEach((p, at) => {
      const placed = piece(p);
      placed.onclick = () => { dealing.placed[index].splice(at, 1); layOut(layout); };
      row.appendChild(placed);
    });
    where.appendChild(row);
  });
  const pool = $("deal-pieces");
  pool.textContent = "";
  for (const id of layout.pieces) {
    if (used(id) >= layout.copies) continue;
    const one = piece(id);
    one.setAttribute("data-deal", id);
    one.onclick = () => {
      const target = layout.targets[dealing.target];
      if (dealing.placed[dealing.target].length >= target.size) { say(`${target.name} holds ${target.size}`, "error"); return; }
      dealing.placed[dealing.target].push(id);
      if (dealing.placed[dealing.target].length === target.size && dealing.target < layout.targets.length - 1) dealing.target += 1;
      layOut(layout);
    };
    pool.appendChild(one);
  }
  $("deal-send").onclick = () => {  // what was placed: the field alone records the public record's deal
    const words = layout.targets.map((t, i) => dealing.placed[i].length ? `${t.option} ${dealing.placed[i].join(layout.joined)}` : "");
    send(`deal ${words.filter(Boolean).join(" ")}`);
  };
}

// Moves that end a hand (or take back the last event) are asked once before they are stored: the
// first tap turns the button into the question, the second records it; any other tap forgets it.
let asking = null;
function asked(button) {  // a tap that records asks first; the second tap records, and the button says its word again
  if (asking === button) { settled(button); asking = null; return true; }
  if (asking) settled(asking);
  asking = button;
  button.dataset.said = button.textContent;
  button.textContent = `${button.dataset.said}? tap again to record it`;
  button.classList.add("asking");
  return false;
}

function settled(button) { button.textContent = button.dataset.said; button.classList.remove("asking"); }

function pass() { passedAt = head; say("passed", "ok"); refresh(); }

async function post(move, expected, data) {  // a tapped move goes as data, a typed one as words
  return fetch(`/api/matches/${MATCH}/moves`, {
    method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify(data ? { expected_seq: expected, data } : { expected_seq: expected, move }),
  });
}

// A game may offer its round's result by tapping, and a record of what the table sees (its page.js)
// (each sends its tap as data: the move and its values, or the result and its values).
function panels(writing) {
  const panel = $("result-panel");
  const recorded = (words, data) => send(words, data, words);  // a tap as data: said in the table's words
  const publicRecord = GAME_PAGE.publicPanel && GAME_PAGE.publicPanel(panel, writing, head, recorded);
  if (!publicRecord && GAME_PAGE.resultPanel) GAME_PAGE.resultPanel(panel, writing, head, recorded);
}

// A tap kept on the phone is that hand done: what was chosen for it is cleared, for the next one.
let lastState = null;
function forget() {
  if (GAME_PAGE.forget) GAME_PAGE.forget();
  if (lastState && token) panels(lastState);
}

function kept(status) { return status === 429 || status >= 500; }  // the server's trouble, not the move's

async function send(move, data, words) {  // words: what the tap says, where the move's own words would not
  if (!token) { say("scan the table's code to record", "error"); return; }
  if (waiting().length) { setWaiting([...waiting(), { move, data, words, expected_seq: null }]); forget(); return flush(); }
  let answer;
  try { answer = await post(move, head, data); }
  catch (error) {  // no network: keep it, with the head it was made on
    setWaiting([{ move, data, words, expected_seq: head }]);
    forget();
    say(`no network: "${words || move}" waits on this phone and is sent when the server is reached again`, "error");
    return;
  }
  if (kept(answer.status)) {  // the table did not move: the tap is kept and sent again
    setWaiting([{ move, data, words, expected_seq: head }]);
    forget();
    say(`the server could not store "${words || move}" just now; it waits on this phone and is sent again`, "error");
    return;
  }
  await answered(move, answer, words);
}

async function answered(move, answer, words) {  // the status, and the server's words for a refusal
  const body = await answer.json().catch(() => ({}));
  const why = body.error || "the server refused it";
  // Refused: what was tapped is let go, so the scorer taps the result again from a clean panel
  // (tapping a kept choice again would take it back, and store what was not meant).
  if (answer.status !== 201 && answer.status !== 409) forget();
  if (answer.status === 201) say(`recorded: ${words || move}`, "ok");
  else if (answer.status === 409) say(`another phone recorded first; "${words || move}" was not stored: here is the table now`, "error");
  else say(`${words || move}: ${why}`, "error");
  await refresh();
  return { status: answer.status, why };
}

let flushing = false;
async function flush() {  // the waiting taps, in order; the first the table moved past stops them all
  if (flushing) return;
  flushing = true;
  try { await flushWaiting(); } finally { flushing = false; }
}

async function flushWaiting() {
  let list = waiting();
  while (list.length) {
    const first = list[0];
    const expected = first.expected_seq ?? head;
    let answer;
    try { answer = await post(first.move, expected, first.data); } catch (error) { return; }  // no network yet: all kept
    if (kept(answer.status)) return;  // the store busy or away: all kept, sent again soon
    const { status, why } = await answered(first.move, answer, first.words);
    if (status === 409) {  // only this says the table moved on
      say(`not sent, the table moved on without them: ${list.map((w) => w.words || w.move).join("; ")}`, "error");
      setWaiting([]);
      return;
    }
    if (status !== 201) {  // the move itself refused: what was tapped after it stands on it
      say(`"${first.words || first.move}" was refused (${why}), so nothing after it was sent: ${list.map((w) => w.words || w.move).join("; ")}`, "error");
      setWaiting([]);
      return;
    }
    list = list.slice(1).map((w) => ({ move: w.move, data: w.data, words: w.words, expected_seq: head }));
    setWaiting(list);
  }
}

function named() {  // the names at the table now: a substitute's in the seat of the player who left
  $("title").textContent = `${MATCH}: ${DATA.players.join(", ")}`;
  [...$("seat").options].forEach((option, seat) => { option.textContent = DATA.players[seat]; });
}

function build() {
  DATA.players.forEach((name, seat) => $("seat").appendChild(el("option", { value: String(seat) }, name)));
  named();
  $("seat").onchange = () => { bottom = Number($("seat").value); refresh(); };
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const move = $("entry").value.trim();
    if (move) { $("entry").value = ""; send(move); }
  });
  $("undo").onclick = () => { if (asked($("undo"))) send("undo"); };
  setWaiting(waiting());
  window.addEventListener("online", flush);
  setInterval(() => { if (waiting().length) flush(); }, 2000);  // the server back after a restart, too
  listen();
  refresh().then(flush);
}

function listen() {  // the live stream: reconnected by the browser, and by this page if the browser gives up
  const live = new EventSource(`/api/matches/${MATCH}/live`);
  live.addEventListener("open", () => refresh().then(flush).catch(() => {}));
  live.addEventListener("head", (event) => { if (JSON.parse(event.data).head_seq !== head) refresh(); else behind(""); });
  live.addEventListener("trouble", () => behind(`behind at event ${head}: the server cannot read the table's record just now; this page catches up by itself`));
  live.addEventListener("error", () => {
    behind(`behind at event ${head}: the server cannot be reached; this page catches up by itself`);
    if (live.readyState === EventSource.CLOSED) { live.close(); setTimeout(listen, 2000); }
  });
}

build();
