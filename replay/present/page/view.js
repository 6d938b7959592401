// The replay page: the first frame and each later one as its change from the one before
// (gzip, then base64); every frame made again is the JSON `replay --at SEQ` prints. The frame the
// page opens at is drawn from a small block of the frames up to it, before the whole match is read;
// a frame is made when it is first shown (from the last one made before it), and the table is
// drawn before the move list, the rounds and the graph are laid out: the first frame comes at once,
// however long the match.
const moves = $("moves"), slider = $("slider");
let states = [], current = 0, last = 0;

function stateAt(index) {  // frame ``index``'s state, made from the last frame made before it
  while (states.length <= index) {
    const before = states.length ? states[states.length - 1] : {};
    states.push(patch(before, DATA.frames[states.length].d));
  }
  return states[index];
}

async function load(id) {  // a block of the page: JSON, gzip, base64
  const text = $(id).textContent.trim();
  const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}

function patch(before, node) {  // the inverse of replay/present/page/__init__.py's delta
  if (node === null || node === undefined) return before;
  if ("v" in node) return node.v;
  if ("a" in node) return before.concat(node.a);
  if ("l" in node) {
    const items = before.slice();
    for (const [index, sub] of Object.entries(node.l)) items[Number(index)] = patch(items[Number(index)], sub);
    return items;
  }
  const out = Object.assign({}, before);
  for (const [key, sub] of Object.entries(node.o || {})) out[key] = patch(out[key], sub);
  for (const key of node.x || []) delete out[key];
  return out;
}

function show(index) {
  current = Math.max(0, Math.min(last, index));
  const frame = DATA.frames[current];
  const state = stateAt(current);
  const round = state.round;
  drawTable(state);
  if (GAME_PAGE.frameNotes) GAME_PAGE.frameNotes(board, frame);  // what the game weighs of this event
  if (frame.happened) {  // the named checks seen at this event: + went well, - went badly
    board.appendChild(el("ul", { class: "note", "data-zone": "happened" }, ...frame.happened.map((h) =>
      el("li", {}, `${h.good ? "+" : "-"} ${h.player}: ${h.check}${h.detail ? ` (${h.detail})` : ""}`))));
  }
  if (DATA.review && current === last && GAME_PAGE.reviewTable) GAME_PAGE.reviewTable(board, DATA.review);  // the match weighed
  slider.value = String(current);
  $("status").textContent = `event ${frame.seq} of ${DATA.last_seq}`;
  for (const item of moves.children) item.classList.toggle("current", Number(item.dataset.index) === current);
  const item = moves.children[current];
  if (item) moves.scrollTop = Math.max(0, item.offsetTop - moves.offsetTop - moves.clientHeight / 2);
  const roundNo = round ? (round.number ?? round.hand ?? 0) : 0;
  for (const link of $("rounds").querySelectorAll("a")) link.classList.toggle("current", Number(link.dataset.round) === roundNo);
  history.replaceState(null, "", `#r${roundNo}-s${frame.seq}`);
  document.body.dataset.seq = String(frame.seq);
  if (!document.body.dataset.firstFrame) {  // when, and how many frames it took to make (the bench and tests read them)
    document.body.dataset.firstFrame = String(performance.now());
    document.body.dataset.framesMade = String(states.length);
  }
}

function build() {
  $("title").textContent = `${DATA.match_id}: ${DATA.players.join(", ")}`;
  let by = "";
  for (const frame of DATA.frames) {
    by = frame.by || by;
    frame.by = by;
  }
  last = DATA.frames.length - 1;
  slider.max = String(last);
  DATA.players.forEach((name, seat) => $("seat").appendChild(el("option", { value: String(seat) }, name)));
  $("seat").onchange = () => { bottom = Number($("seat").value); show(current); };
  $("mine").onchange = () => { mine = $("mine").checked; show(current); };
  $("first").onclick = () => show(0);
  $("prev").onclick = () => show(current - 1);
  $("next").onclick = () => show(current + 1);
  $("last").onclick = () => show(last);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (event) => {
    if (event.target && event.target.tagName === "SELECT") return;
    if (event.key === "ArrowRight") { show(current + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(current - 1); event.preventDefault(); }
    else if (event.key === "Home") { show(0); event.preventDefault(); }
    else if (event.key === "End") { show(last); event.preventDefault(); }
    else if (event.key === "PageDown" || event.key === "n") { show(nextRound(1)); event.preventDefault(); }
    else if (event.key === "PageUp" || event.key === "p") { show(nextRound(-1)); event.preventDefault(); }
    else if (event.key === "]") { show(nextDecision(1)); event.preventDefault(); }
    else if (event.key === "[") { show(nextDecision(-1)); event.preventDefault(); }
  });
  window.addEventListener("hashchange", () => openAt(location.hash));
  openAt(location.hash);  // the table first; the rest once it is drawn
  setTimeout(layOut, 0);
}

function layOut() {  // the move list, the rounds and the graph: after the first frame is on the screen
  const notes = {};  // notes, disputes and verdicts, shown at the event they are about
  for (const frame of DATA.frames) if (frame.about) (notes[frame.about] = notes[frame.about] || []).push(`✎ ${frame.words}`);
  const findings = {};
  for (const f of DATA.findings) if (f.seq) (findings[f.seq] = findings[f.seq] || []).push(f);
  DATA.frames.forEach((frame, index) => {
    const item = el("li", { "data-index": String(index), "data-seq": String(frame.seq) });
    if (frame.retracted) item.classList.add("retracted");
    item.appendChild(el("span", {}, `${frame.seq}. ${frame.words}`));
    for (const note of notes[frame.seq] || []) item.appendChild(el("div", { class: "note" }, note));
    for (const f of findings[frame.seq] || []) item.appendChild(el("div", { class: "finding" }, `⚠ ${f.message}`));
    item.addEventListener("click", () => show(index));
    moves.appendChild(item);
    if (frame.round) {
      const round = stateAt(index).round || {};
      const number = round.number ?? round.hand ?? 0;
      const link = el("a", { href: `#r${number}-s${frame.seq}`, "data-round": String(number) }, frame.round);
      link.addEventListener("click", (event) => { event.preventDefault(); show(index); });
      $("rounds").appendChild(el("li", {}, link));
    }
  });
  drawGraph();
  show(current);  // the list's and the rounds' marks at the frame shown
  document.body.dataset.laidOut = "yes";
}

function roundStarts() {  // the frames where a round (a hand) begins
  return DATA.frames.map((frame, index) => (frame.round ? index : -1)).filter((index) => index >= 0);
}

function nextRound(step) {  // the start of the next round (step 1) or of this one, then the one before (-1)
  const starts = roundStarts();
  if (step > 0) return starts.find((index) => index > current) ?? last;
  const before = starts.filter((index) => index < current);
  return before.length ? before[before.length - 1] : 0;
}

function nextDecision(step) {  // the chosen player's next (1) or previous (-1) choice: a discard, a call, a play
  for (let index = current + step; index >= 0 && index <= last; index += step) {
    if (DATA.frames[index].decides === bottom) return index;
  }
  return current;
}

// The points over the match: one line a player, a point where each round begins and one at the
// end; a point taps to its round.
function drawGraph() {
  const box = $("graph");
  if (!GAME_PAGE.scoresOf) return;
  const marks = [...roundStarts(), last];
  const points = marks.map((index) => ({ index, scores: GAME_PAGE.scoresOf(stateAt(index)) || [] })).filter((p) => p.scores.length);
  if (points.length < 2) return;
  const all = points.flatMap((p) => p.scores), low = Math.min(...all), high = Math.max(...all, low + 1);
  const width = 600, height = 160, pad = 24;
  const x = (i) => pad + (i * (width - 2 * pad)) / (points.length - 1);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  const colours = ["#c0392b", "#2450a6", "#2f7d4f", "#b8860b"];
  DATA.players.forEach((name, seat) => {
    const line = document.createElementNS(SVG, "polyline");
    line.setAttribute("points", points.map((p, i) => `${x(i)},${y(p.scores[seat])}`).join(" "));
    line.setAttribute("fill", "none");
    line.setAttribute("stroke", colours[seat % colours.length]);
    line.setAttribute("stroke-width", "2");
    svg.appendChild(line);
    points.forEach((p, i) => {
      const dot = document.createElementNS(SVG, "circle");
      for (const [key, value] of Object.entries({ cx: x(i), cy: y(p.scores[seat]), r: 5, fill: colours[seat % colours.length],
        "data-seat": seat, "data-point": i, "data-score": p.scores[seat], "data-index": p.index })) dot.setAttribute(key, String(value));
      const title = document.createElementNS(SVG, "title");
      title.textContent = `${name}: ${p.scores[seat]}`;
      dot.appendChild(title);
      dot.addEventListener("click", () => show(p.index));
      svg.appendChild(dot);
    });
  });
  box.appendChild(svg);
  box.appendChild(el("figcaption", {}, ...DATA.players.map((name, seat) => el("span", { class: `legend-${seat}` }, `■ ${name} `))));
}

function openAt(hash) {  // the fragment (#r3-s120), else the event the page was made to open at, else the first
  const wanted = /-s(\d+)$/.exec(hash || "");
  const seq = wanted ? Number(wanted[1]) : DATA.start_seq;
  const index = seq ? DATA.frames.findIndex((f) => f.seq === seq) : 0;
  if (index !== current || !document.body.dataset.seq) show(index >= 0 ? index : 0);
}

window.taikyokuFrame = () => stateAt(current);  // what the page shows, for a test to compare with replay --at
async function open() {  // the frame the page opens at from its small block; then the whole match
  if (!/-s(\d+)$/.test(location.hash)) {
    DATA = await load("match-opening");
    last = DATA.frames.length - 1;
    show(last);
    await new Promise((drawn) => setTimeout(drawn, 0));  // the frame drawn before the whole match is read
  }
  DATA = await load("match-data");
  document.body.dataset.wholeRead = String(performance.now());
  build();
}

open().catch((error) => {
  board.textContent = `This page could not be read (${error}); open it in a current browser.`;
  throw error;
});
