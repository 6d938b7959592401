// The host's page: open tonight's night (game, ruleset, sessions, the players present), seat each
// session (a match per table, with its link and QR code), seat a session again before it starts,
// abandon a table, close the night. On another device the host link's key goes with every call.
const KEY = new URLSearchParams(location.search).get("key") || "";
let night = null, start = null;

function say(text, kind) { $("said").textContent = text; $("said").className = kind || ""; }

async function call(path, body) {
  const answer = await fetch(path, {
    method: body === undefined ? "GET" : "POST", cache: "no-store",
    headers: Object.assign({ "Content-Type": "application/json" }, KEY ? { "X-Taikyoku-Host-Key": KEY } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(data.error || answer.statusText);
  return data;
}

async function act(path, body, words) {
  try { draw(await call(path, body)); say(words, "ok"); } catch (error) { say(error.message, "error"); }
}

function checkbox(name, checked, attrs) {
  const box = el("input", Object.assign({ type: "checkbox", value: name }, attrs || {}));
  box.checked = checked;
  return el("label", {}, box, " ", name);
}

function showStart() {
  $("open-night").hidden = false;
  $("running").hidden = true;
  const games = $("night-game");
  games.textContent = "";
  for (const game of Object.keys(start.games)) games.appendChild(el("option", { value: game }, game));
  games.value = start.games.riichi ? "riichi" : Object.keys(start.games)[0];
  const rulesets = () => {
    $("night-ruleset").textContent = "";
    for (const id of start.games[games.value]) $("night-ruleset").appendChild(el("option", { value: id }, id));
  };
  games.onchange = rulesets;
  rulesets();
  const known = $("known-players");
  known.textContent = "";
  for (const name of start.known_players) known.appendChild(checkbox(name, false, { "data-known": name }));
}

function chosenPlayers() {
  const picked = [...document.querySelectorAll("#known-players input:checked")].map((box) => box.value);
  const typed = $("new-players").value.split("\n").map((n) => n.trim()).filter(Boolean);
  return [...new Set([...picked, ...typed])];
}

function draw(sheet) {
  night = sheet;
  $("open-night").hidden = true;
  $("running").hidden = false;
  document.body.dataset.night = sheet.night_id;
  document.body.dataset.seq = String(sheet.head_seq);
  $("night-title-shown").textContent = `${sheet.title} (${sheet.night_id})` + (sheet.closed ? ": closed" : "");
  $("night-facts").textContent = `${sheet.game}, ${sheet.ruleset}; ${sheet.sessions.length} of ${sheet.sessions_planned} sessions seated; `
    + `${sheet.players.length} players present, ${sheet.per_table} a table`;
  const present = $("present");
  present.textContent = "";
  const everyone = [...new Set([...sheet.players, ...(start ? start.known_players : [])])];
  for (const name of everyone) {
    const label = checkbox(name, sheet.players.includes(name), { "data-present": name });
    label.querySelector("input").onchange = () => setPresent();
    present.appendChild(label);
  }
  const latest = sheet.sessions[sheet.sessions.length - 1];
  $("seat").textContent = `seat session ${sheet.sessions.length + 1}`;
  $("seat-again").hidden = !latest || latest.tables.some((t) => t.started && t.status !== "abandoned");
  for (const id of ["seat", "seat-again", "close", "add"]) $(id).disabled = sheet.closed;
  $("codes").href = `/host/nights/${encodeURIComponent(sheet.night_id)}/codes` + (KEY ? `?key=${encodeURIComponent(KEY)}` : "");
  const box = $("sessions");
  box.textContent = "";
  for (const session of [...sheet.sessions].reverse()) {
    const list = el("ul", {});
    for (const t of session.tables) {
      const item = el("li", { "data-match": t.match_id, "data-status": t.status },
        el("strong", {}, t.match_id), ` · ${t.status}`, el("div", {}, t.players.join(", ")));
      if (t.scores) item.appendChild(el("div", {}, t.players.map((n, s) => `${n} ${t.scores[s]}`).join(" · ")));
      if (t.link) {
        item.appendChild(el("a", { href: t.link, "data-link": t.match_id }, "the table's link"));
        const code = el("div", { class: "qr", "data-qr": t.match_id });
        code.innerHTML = t.qr;  // the server's own SVG of the link
        item.appendChild(code);
      }
      if (t.status === "in play" && !sheet.closed) {
        const give = el("button", { type: "button", "data-abandon": t.match_id }, "abandon this table");
        give.onclick = () => act(`/api/host/nights/${encodeURIComponent(sheet.night_id)}/abandon`, { match: t.match_id }, `${t.match_id} abandoned`);
        item.appendChild(give);
      }
      list.appendChild(item);
    }
    box.appendChild(el("div", { class: "session", "data-session": String(session.session) }, el("h2", {}, `Session ${session.session}`), list));
  }
  const side = $("night-standings");
  side.textContent = "";
  for (const [game, players] of Object.entries(sheet.standings)) {
    const rows = el("tbody", {});
    players.forEach((p, i) => rows.appendChild(el("tr", { "data-player": p.player }, el("td", {}, String(i + 1)),
      el("td", {}, p.player + (p.provisional ? " *" : "")), el("td", {}, p.shown || String(p.total)), el("td", {}, String(p.tables)))));
    side.appendChild(el("h2", {}, `The night's standings: ${game}`));
    side.appendChild(el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "player"), el("th", {}, "total"), el("th", {}, "tables"))), rows));
  }
}

function setPresent() {
  const players = [...document.querySelectorAll("#present input:checked")].map((box) => box.value);
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/players`, { players }, `${players.length} players present`);
}

async function begin() {
  try { start = await call("/api/host/nights"); } catch (error) { say(error.message, "error"); return; }
  const open = start.nights[0];
  if (open) {
    try { const sheet = await call(`/api/host/nights/${encodeURIComponent(open.night_id)}`); if (!sheet.closed) { draw(sheet); return; } }
    catch (error) { say(error.message, "error"); }
  }
  showStart();
}

$("night-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const body = { game: $("night-game").value, ruleset: $("night-ruleset").value, players: chosenPlayers(),
                 sessions: Number($("night-sessions").value) || 4 };
  if ($("night-length").value) body.length = Number($("night-length").value);
  if ($("night-title").value.trim()) body.title = $("night-title").value.trim();
  act("/api/host/nights", body, "the night is open: seat the first session");
});
$("seat").onclick = () => act(`/api/host/nights/${encodeURIComponent(night.night_id)}/seat`, { again: false }, "seated: hand each table its code");
$("seat-again").onclick = () => act(`/api/host/nights/${encodeURIComponent(night.night_id)}/seat`, { again: true }, "seated again");
$("close").onclick = () => act(`/api/host/nights/${encodeURIComponent(night.night_id)}/close`, {}, "the night is closed");
$("add").onclick = () => {
  const name = $("add-player").value.trim();
  if (!name) return;
  $("add-player").value = "";
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/players`, { players: [...night.players, name] }, `${name} is present`);
};
begin();
