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
  games.value = start.first_game in start.games ? start.first_game : Object.keys(start.games)[0];
  const rulesets = () => {
    $("night-ruleset").textContent = "";
    for (const id of start.games[games.value]) $("night-ruleset").appendChild(el("option", { value: id }, id));
    showOptions();
  };
  games.onchange = rulesets;
  $("night-ruleset").onchange = showOptions;
  rulesets();
  const known = $("known-players");
  known.textContent = "";
  for (const name of start.known_players) known.appendChild(checkbox(name, false, { "data-known": name }));
}

// The chosen ruleset's options, each at its default; only those the host changes are sent, as
// `night open -O name=value` would send them, and recorded in full in every table's first event.
let optionsAsked = 0;
async function showOptions() {
  const list = $("night-option-list"), id = $("night-ruleset").value, asked = ++optionsAsked;
  list.textContent = "";
  list.dataset.ruleset = "";
  let spec;
  try { spec = await call(`/api/host/rulesets/${encodeURIComponent(id)}`); } catch (error) { say(error.message, "error"); return; }
  if (asked !== optionsAsked) return;  // asked again meanwhile (another ruleset, or the same twice): the last answer draws
  list.textContent = "";
  for (const option of spec.options) {
    const shown = Array.isArray(option.default) ? option.default.join(",") : option.default === null ? "" : String(option.default);
    let control;
    if (option.kind === "bool" || option.choices.length) {
      const values = option.kind === "bool" ? ["true", "false"] : option.choices;
      control = el("select", {}, ...(shown === "" ? [el("option", { value: "" }, "choose")] : []),
                   ...values.map((value) => el("option", { value }, value)));  // prettier-ignore
    } else {
      control = el("input", { type: option.kind === "int" ? "number" : "text" });
    }
    control.value = shown;
    Object.assign(control.dataset, { option: option.name, shown }, option.default === null ? { required: "yes" } : {});
    const row = el("label", {}, `${option.name} `, control, el("small", {}, option.doc));
    control.onchange = () => row.classList.toggle("changed", control.value !== shown);
    list.appendChild(row);
  }
  list.dataset.ruleset = id;
}

function chosenOptions() {
  return [...document.querySelectorAll("#night-option-list [data-option]")]
    .filter((control) => control.value !== control.dataset.shown)
    .map((control) => `${control.dataset.option}=${control.value}`);
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
  const changed = (sheet.rules_changed || []).length ? ` (${sheet.rules_changed.join(", ")})` : "";
  $("night-facts").textContent = `${sheet.game}, ${sheet.ruleset}${changed}; ${sheet.sessions.length} of ${sheet.sessions_planned} sessions seated; `
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
  for (const id of ["seat", "seat-again", "close", "add", "clock-start"]) $(id).disabled = sheet.closed;
  $("clock-start").disabled = sheet.closed || !sheet.sessions.length;
  $("clock-shown").textContent = sheet.clock
    ? `session ${sheet.clock.session}: ${sheet.clock.minutes} minutes from ${sheet.clock.started_at.slice(11, 16)} UTC, until ${sheet.clock.ends_at.slice(11, 16)} UTC` : "";
  $("hidden-shown").textContent = sheet.hidden_from ? `session ${sheet.hidden_from} on is hidden from the room` : "";
  $("cut-shown").textContent = sheet.cut ? `cut after session ${sheet.cut.after_session}: ${sheet.cut.keep} go on, results ${sheet.cut.carry}` : "";
  for (const id of ["register", "hide", "reveal", "cut", "time"]) $(id).disabled = sheet.closed;
  const timeChooser = $("time-table"), timeChosen = timeChooser.value;
  timeChooser.textContent = "";
  timeChooser.appendChild(el("option", { value: "" }, "every table of the session"));
  for (const t of latest ? latest.tables.filter((t) => t.status === "in play") : []) timeChooser.appendChild(el("option", { value: t.match_id }, t.match_id));
  if ([...timeChooser.options].some((o) => o.value === timeChosen)) timeChooser.value = timeChosen;
  const clockChooser = $("clock-table"), clockChosen = clockChooser.value;  // one table given more time
  clockChooser.textContent = "";
  clockChooser.appendChild(el("option", { value: "" }, "the session"));
  for (const t of latest ? latest.tables.filter((t) => t.status === "in play") : []) clockChooser.appendChild(el("option", { value: t.match_id }, `${t.match_id} alone`));
  if ([...clockChooser.options].some((o) => o.value === clockChosen)) clockChooser.value = clockChosen;
  $("codes").href = `/host/nights/${encodeURIComponent(sheet.night_id)}/codes` + (KEY ? `?key=${encodeURIComponent(KEY)}` : "");
  const chooser = $("penalty-player"), chosen = chooser.value;
  chooser.textContent = "";
  for (const name of sheet.players) chooser.appendChild(el("option", { value: name }, name));
  if (sheet.players.includes(chosen)) chooser.value = chosen;
  const given = $("penalties");
  given.textContent = "";
  for (const p of sheet.penalties || []) {
    const take = el("button", { type: "button", "data-cancel-penalty": String(p.seq) }, "take it back");
    take.onclick = () => { if (twice(take)) act(`/api/host/nights/${encodeURIComponent(sheet.night_id)}/penalty`, { cancels: p.seq }, "the penalty is taken back"); };
    given.appendChild(el("li", { "data-penalty": String(p.seq) }, `${p.player} ${p.points > 0 ? "+" : ""}${p.points}: ${p.reason} `, take));
  }
  // A substitute: a seat of a table in play (its table and the player there now) and who takes it.
  const seatChooser = $("substitute-seat"), seatChosen = seatChooser.value;
  seatChooser.textContent = "";
  for (const session of sheet.sessions) for (const t of session.tables) {
    if (t.status !== "in play") continue;
    t.players.forEach((name) => seatChooser.appendChild(el("option", { value: JSON.stringify([t.match_id, name]) }, `${t.match_id}: ${name}`)));
  }
  if ([...seatChooser.options].some((o) => o.value === seatChosen)) seatChooser.value = seatChosen;
  const known = $("substitute-known");
  known.textContent = "";
  for (const name of everyone) known.appendChild(el("option", { value: name }));
  const changes = $("substitutions");
  changes.textContent = "";
  for (const c of sheet.substitutions || []) {
    changes.appendChild(el("li", { "data-substitution": String(c.seq) },
      `${c.substitute} for ${c.leaves} at ${c.match_id}, the result ${c.counts_for === "player" ? c.leaves : c.substitute}'s: ${c.reason}`));
  }
  const box = $("sessions");
  box.textContent = "";
  for (const session of [...sheet.sessions].reverse()) {
    const list = el("ul", {});
    for (const t of session.tables) {
      const stoodIn = t.stood_in_for || [];
      const item = el("li", { "data-match": t.match_id, "data-status": t.status },
        el("strong", {}, t.match_id), ` · ${t.status}`,
        el("div", {}, t.players.map((n, s) => stoodIn[s] ? `${n} (for ${stoodIn[s]})` : n).join(", ")));
      if (t.scores) item.appendChild(el("div", {}, t.players.map((n, s) => `${n} ${t.scores[s]}`).join(" · ")));
      if (t.link) {
        item.appendChild(el("a", { href: t.link, "data-link": t.match_id }, "the table's link"));
        const code = el("div", { class: "qr", "data-qr": t.match_id });
        code.innerHTML = t.qr;  // the server's own SVG of the link
        item.appendChild(code);
      }
      const night_url = `/api/host/nights/${encodeURIComponent(sheet.night_id)}`;
      if (t.started && t.status !== "abandoned" && !sheet.closed) {  // the last hand taken back, ended or not
        const undo = el("button", { type: "button", "data-undo": t.match_id }, "undo the last hand");
        undo.onclick = () => { if (twice(undo)) act(`${night_url}/undo`, { match: t.match_id }, `${t.match_id}: the last hand undone`); };
        item.appendChild(undo);
      }
      if (t.status === "in play" && !sheet.closed) {  // a reason, then a second tap
        const why = el("input", { "data-reason": t.match_id, placeholder: "why the table is abandoned", hidden: "" });
        const give = el("button", { type: "button", "data-abandon": t.match_id }, "abandon this table");
        give.onclick = () => {
          if (why.hidden) { why.hidden = false; why.focus(); say("say why, then tap abandon again", "ok"); return; }
          if (!why.value.trim()) { say("say why the table is abandoned first", "error"); why.focus(); return; }
          if (twice(give)) act(`${night_url}/abandon`, { match: t.match_id, reason: why.value.trim() }, `${t.match_id} abandoned`);
        };
        item.appendChild(why);
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
  if ((sheet.teams || []).length) {
    const rows = el("tbody", {});
    for (const t of sheet.teams) rows.appendChild(el("tr", { "data-team": t.team }, el("td", {}, String(t.place)), el("td", {}, t.team), el("td", {}, t.shown), el("td", {}, t.players.join(", "))));
    side.appendChild(el("h2", {}, "The teams"));
    side.appendChild(el("table", { id: "teams" }, el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "team"), el("th", {}, "total"), el("th", {}, "players"))), rows));
  }
}

// A step that cannot be taken back in one tap (undo, abandon, seating over a table still playing):
// the first tap asks, the second does it; a tap elsewhere forgets the question.
let asking = null;
function twice(button, question) {
  if (asking === button) { asking = null; button.textContent = button.dataset.said; return true; }
  if (asking) asking.textContent = asking.dataset.said;
  asking = button;
  button.dataset.said = button.textContent;
  button.textContent = question || `${button.dataset.said}? tap again`;
  return false;
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
  const unchosen = [...document.querySelectorAll("#night-option-list [data-required]")].find((control) => control.value === "");
  if (unchosen) {  // an option the ruleset leaves to the players
    $("night-options").open = true;
    say(`choose ${unchosen.dataset.option} under "rule options": this ruleset has no default for it`, "error");
    return;
  }
  const body = { game: $("night-game").value, ruleset: $("night-ruleset").value, players: chosenPlayers(),
                 sessions: Number($("night-sessions").value) || 4, options: chosenOptions() };
  if ($("night-length").value) body.length = Number($("night-length").value);
  if ($("night-title").value.trim()) body.title = $("night-title").value.trim();
  act("/api/host/nights", body, "the night is open: seat the first session");
});
$("seat").onclick = () => {  // tables of the last session still playing: asked first
  const latest = night.sessions[night.sessions.length - 1];
  const playing = latest ? latest.tables.filter((t) => t.status === "in play").length : 0;
  if (playing && !twice($("seat"), `${playing} table${playing > 1 ? "s" : ""} of session ${latest.session} still play: seat the next session anyway? tap again`)) return;
  seatWith(false, "seated: hand each table its code");
};
$("seat-again").onclick = () => seatWith(true, "seated again");
// The director's choice of seating: the mode, k, the winds, who sits out, and a schedule's text.
async function seatWith(again, done) {
  const body = { again, mode: $("seat-mode").value };
  if ($("seat-step").value) body.step = Number($("seat-step").value);
  if ($("seat-winds").value) body.winds = $("seat-winds").value;
  body.out = $("seat-out").value.split(",").map((n) => n.trim()).filter(Boolean);
  if (body.mode === "prescripted") {
    const file = $("seat-schedule").files[0];
    if (!file) { say("choose the schedule's file first", "error"); return; }
    body.schedule = await file.text();
  }
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/seat`, body, done);
}
$("register").onclick = async () => {
  const file = $("register-file").files[0];
  if (!file) { say("choose the registration's file first", "error"); return; }
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/register`, { registration: await file.text() }, "the players are registered");
};
$("hide").onclick = () => {
  const from = Number($("hide-from").value);
  if (!from) { say("say from which session the results are hidden", "error"); return; }
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/hide`, { from_session: from }, `session ${from} on is hidden from the room`);
};
$("reveal").onclick = () => act(`/api/host/nights/${encodeURIComponent(night.night_id)}/hide`, { from_session: null }, "the results are shown to the room");
$("cut").onclick = () => {
  const keep = Number($("cut-keep").value), carry = $("cut-carry").value;
  if (!keep) { say("say how many go on", "error"); return; }
  if (!twice($("cut"), `the best ${keep} go on, results ${carry}? tap again`)) return;
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/cut`, { keep, carry }, `the best ${keep} go on`);
};
$("time").onclick = () => {
  const match = $("time-table").value || null;
  if (!twice($("time"), `time is up at ${match || "every table"}? tap again`)) return;
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/time`, { match }, `time is up at ${match || "every table"}`);
};
$("penalty-give").onclick = () => {
  const body = { player: $("penalty-player").value, points: Number($("penalty-points").value), reason: $("penalty-reason").value.trim() };
  if (!body.reason) { say("say why the penalty is given", "error"); return; }
  if (!twice($("penalty-give"), `${body.player} ${body.points > 0 ? "+" : ""}${body.points}? tap again`)) return;
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/penalty`, body, `penalty: ${body.player} ${body.points}`);
};
$("substitute-give").onclick = () => {
  if (!$("substitute-seat").value) { say("no table is in play", "error"); return; }
  const [match, leaves] = JSON.parse($("substitute-seat").value);
  const body = { match, leaves, substitute: $("substitute-name").value.trim(), reason: $("substitute-reason").value.trim(),
                 counts_for: $("substitute-counts").value || null };
  if (!body.substitute) { say("name the substitute", "error"); return; }
  if (!body.reason) { say("say why the player leaves", "error"); return; }
  if (!twice($("substitute-give"), `${body.substitute} for ${leaves} at ${match}? tap again`)) return;
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/substitute`, body, `${body.substitute} sits in for ${leaves}`);
};
$("clock-start").onclick = () => {
  const minutes = Number($("clock-minutes").value), match = $("clock-table").value || null;
  const whose = match ? `${match}'s own clock` : "the clock";
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/clock`, { minutes, match }, minutes ? `${whose} runs: ${minutes} minutes` : `${whose} is stopped`);
};
$("close").onclick = () => act(`/api/host/nights/${encodeURIComponent(night.night_id)}/close`, {}, "the night is closed");
$("add").onclick = () => {
  const name = $("add-player").value.trim();
  if (!name) return;
  $("add-player").value = "";
  act(`/api/host/nights/${encodeURIComponent(night.night_id)}/players`, { players: [...night.players, name] }, `${name} is present`);
};
begin();
