"""The replay page in a real browser: headless Chromium (Debian's) driven by Playwright. For one
match of each game, every event stepped through with the keyboard shows on the table exactly the
cards or tiles `replay --at SEQ --json` gives; a fragment link opens at its event; nothing is
fetched; and a phone's width (390 px) cuts nothing off."""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browsing import step_to, walk
from tests.helpers import Cli
from tests.paths import ROOT


def _tiles(compact: str) -> list[str]:
    out: list[str] = []
    digits = ""
    for char in compact:
        if char.isdigit():
            digits += char
        else:
            out += [d + char for d in digits]
            digits = ""
    return out


def _expected(state: dict[str, Any]) -> dict[str, list[str]]:
    """What the table must show: each zone's pieces, from the replay's own JSON."""
    round_ = state["round"]
    if round_ is None or not round_["hands"]:
        return {}
    if state["game"] == "riichi":
        zones = {"dora": list(round_["dora_indicators"])}
        for seat, hand in enumerate(round_["hands"]):
            zones[f"hand-{seat}"] = _tiles(hand or "")
            zones[f"river-{seat}"] = [r["tile"] for r in round_["rivers"][seat]]
        return zones
    zones = {"field": list(round_["field"])}
    for seat, hand in enumerate(round_["hands"]):
        zones[f"hand-{seat}"] = list(hand)
        zones[f"captured-{seat}"] = list(round_["captured"][seat])
    return zones


SHOWN = """() => Object.fromEntries([...document.querySelectorAll('[data-zone]')]
    .map(z => [z.dataset.zone, [...z.querySelectorAll('[data-piece]')].map(p => p.dataset.piece)]))"""
# Every piece drawn: an svg of the sprite's symbol, with an accessible name.
DRAWN = """() => [...document.querySelectorAll('#board [data-piece]')].map(p => [p.dataset.piece,
    p.getAttribute('aria-label'), p.querySelector('svg use') ? p.querySelector('svg use').getAttribute('href') : null])"""
DATA_WORDS = re.compile(r"\b\w+=\w|=False|=None|=True")
REAL_GAME = ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-ranked_game.json"


def _made(cli: Cli, game: str) -> str:
    """A match of ``game`` in the store: a real Tenhou game for riichi, simulated hanafuda."""
    if game == "riichi":
        assert cli("import", str(REAL_GAME)).code == 0
        return str(cli("matches", "--json").json()[0]["match_id"])
    args = ["--rounds", "1"] + (["--option", "sendai.teyakuMode=winRound"] if game == "sendai" else [])
    assert cli("simulate", game, "--seed", "4", *args, "--id", f"{game}-page").code == 0
    return f"{game}-page"


@pytest.mark.parametrize("game", ["tensho", "sendai", "riichi"])
def test_the_page_draws_every_event_as_the_replay_has_it_at_both_widths(
    browser: Any, cli: Cli, db: Path, tmp_path: Path, game: str
) -> None:
    from replay.app.application import Application

    match = _made(cli, game)
    out = tmp_path / f"{match}.html"
    assert cli("view", match, "-o", str(out)).code == 0
    truth = Application(str(db)).replay_frames(match, where=str(db))["frames"]
    seqs = [f["seq"] for f in truth]
    for sample in seqs[:: max(1, len(seqs) // 6)]:  # the frames are the replay, as `replay --at` prints it
        assert truth[seqs.index(sample)]["state"] == cli("replay", match, "--at", str(sample), "--json").json()
    names = truth[0]["state"]["players"]
    for width in (1280, 390):
        page = browser.new_page(viewport={"width": width, "height": 900 if width > 500 else 844})
        requests: list[str] = []
        page.on("request", lambda request, seen=requests: seen.append(request.url))
        errors: list[str] = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        page.goto(out.as_uri())
        page.wait_for_selector("body[data-seq]", state="attached")  # no polled eval: the page's policy forbids it
        assert page.evaluate("document.body.dataset.seq") == str(seqs[0])  # it opens at the first event
        assert page.evaluate("document.body.dataset.framesMade") == "1"  # drawn before any other frame is made
        page.wait_for_selector("body[data-laid-out]", state="attached")  # then the move list, the rounds, the graph
        drawn_at, read_at = page.evaluate("[document.body.dataset.firstFrame, document.body.dataset.wholeRead]")
        assert float(drawn_at) < float(read_at)  # drawn from the page's opening block, before the whole match is read
        page.keyboard.press("ArrowRight")
        said = page.evaluate("document.querySelector('#moves li.current').textContent")
        assert said.startswith(f"{seqs[1]}. ") and any(p["name"] in said for p in names), said
        page.keyboard.press("Home")
        dealt_at = None
        walked = walk(page, len(seqs), SHOWN, every_shown=width == 1280, shown_every=25, checked_every=50)
        for index, (at_seq, frame, shown, scroll_width, text) in enumerate(walked):
            seq = seqs[index]
            assert at_seq == str(seq)
            assert frame == truth[index]["state"], seq
            expected = _expected(truth[index]["state"])
            if shown is not None:
                for zone, pieces in expected.items():
                    if zone.startswith("captured"):  # laid out by kind: the same cards, grouped
                        assert sorted(shown.get(zone, [])) == sorted(pieces), (seq, zone)
                    else:
                        assert shown.get(zone, []) == pieces, (seq, zone)
            if expected and dealt_at is None:
                dealt_at = index
            if index % 50 == 0 or index == len(seqs) - 1:
                assert scroll_width is not None and scroll_width <= width, (width, seq)
                assert text is not None and not DATA_WORDS.search(text), DATA_WORDS.search(text or "")
        assert dealt_at is not None and step_to(page, dealt_at) == str(seqs[dealt_at])
        # at the deal: every piece drawn, each with its name
        expected = _expected(truth[dealt_at]["state"])
        drawn = page.evaluate(DRAWN)
        assert len(drawn) >= sum(len(p) for p in expected.values())
        for piece, label, href in drawn:
            assert href in (f"#t-{piece}", f"#c-{piece}") and label and piece not in label.split(",")[0]
            assert page.evaluate("(href) => document.querySelector(`symbol${href}`) !== null", href), href
        # the page carries its own game's drawings only: tiles or cards, not both
        kinds = page.evaluate("[...document.querySelectorAll('symbol')].filter((s) => !s.id.endsWith('-?'))"
                              ".map((s) => s.id.slice(0, 2))")  # fmt: skip
        assert {"t-", "c-"} & set(kinds) == ({"t-"} if game == "riichi" else {"c-"}), sorted(set(kinds))
        page.keyboard.press("End")
        final = truth[-1]["state"]["results"][0]
        shown_result = page.evaluate("document.querySelector('[data-result=\"1\"]').textContent")
        assert shown_result.startswith(("Round 1: ", "Hand 1: "))
        named = final["explanation"]
        for seat, player in enumerate(names):  # "seat 3 ron from seat 0" is said "Pei ron from Ton"
            named = named.replace(f"seat {seat}", player["name"])
        assert named in shown_result and "seat " not in shown_result
        middle = seqs[len(seqs) // 2]
        page.goto(out.as_uri() + f"#r1-s{middle}")
        page.reload()
        page.wait_for_selector("body[data-seq]", state="attached")  # no polled eval: the page's policy forbids it
        assert page.evaluate("document.body.dataset.seq") == str(middle)  # a fragment link opens there
        # made up to that frame only: the frames before it and itself
        assert page.evaluate("document.body.dataset.framesMade") == str(seqs.index(middle) + 1)
        assert errors == [] and [url for url in requests if not url.startswith("file:")] == []
        page.close()


def test_export_all_as_html_writes_a_page_per_match_and_an_index(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "t-1").code == 0
    assert cli("simulate", "riichi", "--seed", "1", "--hands", "1", "--id", "r-1").code == 0
    folder = tmp_path / "pages"
    done = cli("export", "--all", "--format", "html", "-o", str(folder), "--include-abandoned")
    assert done.code == 0 and done.out == f"wrote 2 pages and index.html to {folder}\n"
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "r-1.html", "t-1.html"]
    index = (folder / "index.html").read_text()
    assert '<a href="t-1.html">t-1</a> (tensho)' in index and '<a href="r-1.html">r-1</a> (riichi)' in index
    assert cli("export", "--all", "--format", "html").code == 2  # a folder is needed
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    refused = cli("export", "--all", "--format", "html", "-o", str(a_file / "pages"))
    assert refused.code == 2 and refused.err == (
        f"taikyoku: error: folder {a_file} does not exist; create it or choose another -o\n"
    )
    assert not any(p.name.endswith(".part") for p in tmp_path.iterdir())  # nothing half-written


def test_the_score_graph_follows_the_match_and_keys_move_hand_by_hand(
    browser: Any, cli: Cli, db: Path, tmp_path: Path
) -> None:
    """A real game (mjlog2json 2019103023gm, 7 hands): one point a player at the start of each hand
    and one at the end, each the score `replay --json` gives at that moment; n and p move to the next
    and the previous hand's start; a point taps to its hand. Plant: the graph drawn from the hands'
    own results (one point short, shifted by a hand): the first check fails."""
    log = ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    match = "2019103023gm-00a9-0000-f90e0fe9"
    out = tmp_path / "g.html"
    assert cli("view", match, "-o", str(out)).code == 0
    results = cli("replay", match, "--json").json()["results"]
    expected = [[25000] * 4] + [r["scores"] for r in results]  # before hand 1, then after each hand
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(out.as_uri())
        page.wait_for_selector("#graph circle")
        dots = page.evaluate("""() => [...document.querySelectorAll('#graph circle')].map(c =>
            [Number(c.dataset.seat), Number(c.dataset.point), Number(c.dataset.score)])""")
        shown = [[0] * 4 for _ in range(len(expected))]
        for seat, point, score in dots:
            shown[point][seat] = score
        assert shown == expected and len(results) == 7
        page.keyboard.press("n")
        assert page.evaluate("location.hash").startswith("#r1-")
        page.keyboard.press("n")
        assert page.evaluate("location.hash").startswith("#r2-")
        page.keyboard.press("p")
        assert page.evaluate("location.hash").startswith("#r1-")
        page.click('#graph circle[data-seat="0"][data-point="4"]')
        assert page.evaluate("location.hash").startswith("#r5-")
    finally:
        page.close()


ALL_PIECES = """(ids) => {
    const box = document.createElement('div');
    box.id = 'every-piece';
    box.style.cssText = 'position:absolute;left:0;top:0;background:#fff;z-index:99;display:flex;flex-wrap:wrap';
    for (const id of ids) {
        const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
        svg.setAttribute('width', id.startsWith('c-') ? '60' : '60');
        svg.setAttribute('height', id.startsWith('c-') ? '96' : '80');
        svg.dataset.id = id;
        const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
        use.setAttribute('href', '#' + id);
        svg.appendChild(use);
        box.appendChild(svg);
    }
    document.body.appendChild(box);
}"""


def test_every_tile_and_card_is_drawn_and_each_kind_looks_its_own_without_a_japanese_font(
    browser: Any, cli: Cli, tmp_path: Path
) -> None:
    """On a real riichi game's page its 37 tiles, and on a Tensho match's page its 48 cards, on a
    machine with no Japanese font (as the test machine is): each piece, screenshot alone, has marks on it (not one colour: a text glyph with no
    font is an empty box) and differs from every other piece. Plant: the winds drawn as text again,
    or two chaff of a month drawn alike: the pictures are blank or equal and the check names them."""
    import io

    from PIL import Image

    from events.cards import DECK
    from events.tiles import TILES

    log = ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    riichi, tensho = tmp_path / "g.html", tmp_path / "t.html"
    assert cli("view", "2019103023gm-00a9-0000-f90e0fe9", "-o", str(riichi)).code == 0
    assert cli("view", _made(cli, "tensho"), "-o", str(tensho)).code == 0
    tiles, cards = [f"t-{tile}" for tile in TILES], [f"c-{card.id}" for card in DECK]
    ids = tiles + cards
    assert len(ids) == 37 + 48
    shots: dict[str, bytes] = {}
    for out, pieces in ((riichi, tiles), (tensho, cards)):  # each game's page carries its own pieces
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(out.as_uri())
            page.evaluate(ALL_PIECES, pieces)
            for piece in pieces:
                png = page.locator(f'#every-piece svg[data-id="{piece}"]').screenshot()
                image = Image.open(io.BytesIO(png)).convert("RGB")
                shots[piece] = image.tobytes()
                # The face's own colours, its frame aside: a tile's characters or a card's picture.
                inner = image.crop((8, 10, image.width - 8, image.height - 8))
                colours = inner.getcolors(maxcolors=100_000) or []
                assert len(colours) > 3, f"{piece} is drawn blank"
        finally:
            page.close()
    alike = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if shots[a] == shots[b]]
    assert alike == []


def test_a_players_own_view_decision_keys_and_earlier_hands_folded(browser: Any, cli: Cli, tmp_path: Path) -> None:
    """A real game (mjlog2json 2019103023gm, 7 hands), seat 1 chosen at the bottom. "Only what they
    saw": mid-hand the other three hands are all face down and seat 1's is its own; at the end of a
    hand the winner's hand is laid open and the others stay down. ] and [ go to seat 1's next and
    previous choice (each an event that seat made that is no draw); "What happened" says the hand on
    the table, the earlier ones folded. Plant: the other hands left face up, or ] stopping at a draw:
    a check below fails."""
    log = ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    match = "2019103023gm-00a9-0000-f90e0fe9"
    out = tmp_path / "g.html"
    assert cli("view", match, "-o", str(out)).code == 0
    events = {e["seq"]: e for e in cli("log", match, "--json").json()}
    replayed = cli("replay", match, "--json").json()
    first_win = next(r for r in replayed["results"] if r["wins"])
    winner = first_win["wins"][0]["seat"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    hand_of = """(seat) => [...document.querySelectorAll(`[data-zone="hand-${seat}"] [data-piece]`)]
        .map((p) => p.dataset.piece)"""
    try:
        page.goto(out.as_uri())
        page.wait_for_selector("#graph circle")
        page.select_option("#seat", "1")
        page.check("#mine")
        # Seat 1's choices, one after another: each an event of seat 1 that is not a draw.
        seqs = []
        for _ in range(6):
            page.keyboard.press("]")
            seqs.append(int(page.get_attribute("body", "data-seq") or "0"))
        assert seqs == sorted(seqs) and len(set(seqs)) == 6
        for seq in seqs:
            event = events[seq]
            assert event["payload"].get("seat") == 1 and not event["type"].endswith(("draw", "deal"))
        page.keyboard.press("[")
        assert int(page.get_attribute("body", "data-seq") or "0") == seqs[-2]
        # Mid-hand: the other hands face down, seat 1's its own.
        at = seqs[-2]
        state = cli("replay", match, "--at", str(at), "--json").json()["round"]
        assert page.evaluate(hand_of, 1) == _tiles(state["hands"][1])
        for seat in (0, 2, 3):
            shown = page.evaluate(hand_of, seat)
            assert shown and set(shown) == {"?"} and len(shown) == len(_tiles(state["hands"][seat]))
        # The end of the first hand won: the winner's hand laid open, the others (not tenpai) down.
        end = min(seq for seq, e in events.items() if e["type"] == "riichi.win")
        page.evaluate(f"location.hash = '#r1-s{end}'")
        page.wait_for_function(f"() => document.body.dataset.seq === '{end}'")
        over = cli("replay", match, "--at", str(end), "--json").json()["round"]
        for seat in range(4):
            shown = page.evaluate(hand_of, seat)
            if seat in (1, winner):
                assert shown == _tiles(over["hands"][seat])
            else:
                assert set(shown) == {"?"}
        # What happened: at the third hand's start the two hands before are folded away.
        page.keyboard.press("Home")
        page.keyboard.press("n")
        page.keyboard.press("n")
        page.keyboard.press("n")
        folded = page.locator('#result details[data-zone="earlier-results"]')
        assert folded.count() == 1 and folded.get_attribute("open") is None
        assert folded.locator("[data-result]").count() == 2
    finally:
        page.close()


def test_at_a_phones_width_each_seat_keeps_a_row_and_the_rivers_read(browser: Any, cli: Cli, tmp_path: Path) -> None:
    """390 px, a real game mid-hand: the four seats one under another (no two share a row), each hand
    on one line, river tiles at least 24 px wide, nothing wider than the screen. Plant: the phone's
    rules dropped: the side seats share a row and their rivers are 15 px."""
    log = ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    out = tmp_path / "g.html"
    assert cli("view", "2019103023gm-00a9-0000-f90e0fe9", "--at", "60", "-o", str(out)).code == 0
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(out.as_uri())
        page.wait_for_selector('body[data-seq="60"]')
        seats = page.evaluate("""() => [...document.querySelectorAll('section.seat')].map((s) => {
            const r = s.getBoundingClientRect(); return [r.top, r.bottom]; })""")
        assert len(seats) == 4
        ordered = sorted(seats)
        assert all(a[1] <= b[0] for a, b in itertools.pairwise(ordered))  # a row each
        for seat in range(4):
            tops = page.evaluate(f"""() => [...document.querySelectorAll('[data-zone="hand-{seat}"] .piece')]
                .map((p) => Math.round(p.getBoundingClientRect().top))""")
            assert tops and len(set(tops)) == 1  # one line
        widths = page.evaluate("""() => [...document.querySelectorAll('.river .piece svg')]
            .map((p) => p.getBoundingClientRect().width)""")
        assert widths and min(widths) >= 24
        assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    finally:
        page.close()


def test_the_page_weighs_each_discard_as_review_does(browser: Any, cli: Cli, tmp_path: Path) -> None:
    """At a discard the page says the shanten and the improving tiles it left, and the best discard's
    where it lost ground, as `review --json` has them; at the end, each player's summary."""
    log = ROOT / "tests" / "data" / "tenhou6" / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    match = "2019103023gm-00a9-0000-f90e0fe9"
    reviewed = cli("review", match, "--json").json()
    lost = next(w for w in reviewed["discards"] if w["lost"] and w["shanten_after"] > 0)
    kept = next(w for w in reviewed["discards"] if not w["lost"] and w["shanten_after"] == 0)
    out = tmp_path / "g.html"
    assert cli("view", match, "-o", str(out)).code == 0
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        for weighed in (lost, kept):
            page.goto(f"{out.as_uri()}#r{weighed['hand']}-s{weighed['seq']}")
            page.wait_for_function(f"() => document.body.dataset.seq === '{weighed['seq']}'")
            said = page.inner_text('[data-zone="weighed"]')
            assert said.startswith(f"Discard {weighed['discard']}: ")
            assert f"{weighed['ukeire_count']} tiles" in said
            if weighed["lost"]:
                assert (
                    f"; best {weighed['best']}: {weighed['best_shanten']}-shanten, {weighed['best_count']} tiles"
                    in said
                )
            else:
                assert said.endswith("; the best") and "(waits " + " ".join(weighed["waits"]) + ")" in said
        page.keyboard.press("End")
        rows = page.evaluate("""() => [...document.querySelectorAll('[data-zone="review"] tr')].slice(1)
            .map((r) => [...r.children].map((c) => c.textContent))""")
        assert rows == [[r["player"], str(r["discards"]), str(r["best_kept"]), str(r["lost"]), str(r["tiles_given_up"]),
                         str(r["riichi"]), str(r["deals_in"])] for r in reviewed["summary"]]  # fmt: skip
    finally:
        page.close()


def test_the_page_says_a_deal_in_was_unsafe_and_what_safer_was_held(browser: Any, cli: Cli, tmp_path: Path) -> None:
    """mjai-reviewer's double ron (worked by hand in tests/games/riichi/test_defense.py): at D's 7m the
    page says it was unsafe against A in riichi, the tiles held that were safer, and who won on it;
    at a discard before anyone's riichi it says nothing of safety; at the second ron it says what
    happened (tests/games/riichi/test_happened.py). Plant: the defense line dropped."""
    assert cli("import", str(ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-double_ron.json")).code == 0
    out = tmp_path / "d.html"
    assert cli("view", "mjai-reviewer-double-ron", "-o", str(out)).code == 0
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{out.as_uri()}#r1-s83")
        page.wait_for_function("() => document.body.dataset.seq === '83'")
        assert page.inner_text('[data-zone="defense"]') == (
            "Safety: unsafe against A; safer held: 1s 0s 7p 2s 3s 4s 6s 7s; ranked 9 of 11 kinds held; dealt in to A, C"
        )
        page.goto(f"{out.as_uri()}#r1-s85")  # the second ron: the hand settled, what happened said there
        page.wait_for_function("() => document.body.dataset.seq === '85'")
        said = page.inner_text('[data-zone="happened"]').splitlines()
        assert said == ["- D: dealt-in-with-riichi-tile (to A)", "- D: dealt-in-while-tenpai (to A)",
                        "- D: dealt-in-holding-genbutsu (held 1s 0s 5s)", "- D: dealt-in-with-riichi-tile (to C)",
                        "- D: dealt-in-while-tenpai (to C)"]  # fmt: skip
        page.goto(f"{out.as_uri()}#r1-s19")  # C's discard, weighed, before anyone's riichi
        page.wait_for_function("() => document.body.dataset.seq === '19'")
        assert page.query_selector('[data-zone="weighed"]') is not None
        assert page.query_selector('[data-zone="defense"]') is None
    finally:
        page.close()


def test_a_public_records_deal_in_is_rated_from_what_lay_open(browser: Any, cli: Cli, tmp_path: Path) -> None:
    """The same double ron imported as its public record: no hand to weigh, but at D's 7m the page
    rates it from what lay open (tests/games/riichi/test_happened.py works it) and names the
    winners."""
    assert (
        cli("import", "--public", str(ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-double_ron.json")).code == 0
    )
    out = tmp_path / "p.html"
    assert cli("view", "mjai-reviewer-double-ron", "-o", str(out)).code == 0
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{out.as_uri()}#r1-s83")
        page.wait_for_function("() => document.body.dataset.seq === '83'")
        assert (
            page.inner_text('[data-zone="defense"]') == "Safety: unsafe against A; the hand not shown; dealt in to A, C"
        )
        assert page.query_selector('[data-zone="weighed"]') is None
    finally:
        page.close()


def test_a_hanafuda_players_own_view_keeps_the_other_hand_face_down(browser: Any, cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "koikoi", "--seed", "7", "--rounds", "1", "--id", "koi").code == 0
    out = tmp_path / "k.html"
    assert cli("view", "koi", "--at", "20", "-o", str(out)).code == 0
    state = cli("replay", "koi", "--at", "20", "--json").json()["round"]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    hand_of = """(seat) => [...document.querySelectorAll(`[data-zone="hand-${seat}"] [data-piece]`)]
        .map((p) => p.dataset.piece)"""
    try:
        page.goto(out.as_uri())
        page.wait_for_selector('body[data-seq="20"]')
        assert page.evaluate(hand_of, 1) == state["hands"][1]  # everything shown, as recorded
        page.select_option("#seat", "1")
        page.check("#mine")
        assert page.evaluate(hand_of, 1) == state["hands"][1]
        assert page.evaluate(hand_of, 0) == ["?"] * len(state["hands"][0])
    finally:
        page.close()
