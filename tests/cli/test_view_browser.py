"""The replay page in a real browser: headless Chromium (Debian's) driven by Playwright. For one
match of each game, every event stepped through with the keyboard shows on the table exactly the
cards or tiles `replay --at SEQ --json` gives; a fragment link opens at its event; nothing is
fetched; and a phone's width (390 px) cuts nothing off."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli


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


def _expected(game: str, state: dict[str, Any]) -> dict[str, list[str]]:
    """What the table must show: each zone's pieces, from the replay's own JSON."""
    round_ = state["round"]
    if round_ is None:
        return {}
    if game == "riichi":
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


@pytest.mark.parametrize(
    ("game", "args"),
    [
        ("tensho", ["--rounds", "1"]),
        ("sendai", ["--rounds", "1", "--option", "sendai.teyakuMode=winRound"]),
        ("riichi", ["--hands", "1"]),
    ],
)
def test_every_event_stepped_by_keyboard_shows_what_the_replay_says(
    browser: Any, cli: Cli, tmp_path: Path, game: str, args: list[str]
) -> None:
    match = f"{game}-page"
    assert cli("simulate", game, "--seed", "4", *args, "--id", match).code == 0
    out = tmp_path / f"{match}.html"
    assert cli("view", match, "-o", str(out)).code == 0
    seqs = [e["seq"] for e in cli("log", match, "--json").json()]
    expected = {seq: _expected(game, cli("replay", match, "--at", str(seq), "--json").json()) for seq in seqs}
    page = browser.new_page(viewport={"width": 390, "height": 844})
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(out.as_uri())
    page.keyboard.press("Home")
    for index, seq in enumerate(seqs):
        if index:
            page.keyboard.press("ArrowRight")
        assert page.evaluate("document.body.dataset.seq") == str(seq)
        shown = page.evaluate(SHOWN)
        for zone, pieces in expected[seq].items():
            if zone.startswith("captured"):  # laid out by kind: the same cards, grouped
                assert sorted(shown.get(zone, [])) == sorted(pieces), (seq, zone)
            else:
                assert shown.get(zone, []) == pieces, (seq, zone)
    final = cli("replay", match, "--json").json()["results"][0]
    said = page.evaluate("document.querySelector('[data-result=\"1\"]').textContent")
    assert said.startswith(("Round 1: ", "Hand 1: "))
    names = [p["name"] for p in cli("replay", match, "--json").json()["players"]]
    named = final["explanation"]
    for seat, name in enumerate(names):  # "seat 3 ron from seat 0" is said "Pei ron from Ton"
        named = named.replace(f"seat {seat}", name)
    assert named in said and "seat " not in said  # the result, with why, in the players' names
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing cut off on a phone
    middle = seqs[len(seqs) // 2]
    page.goto(out.as_uri() + f"#r1-s{middle}")
    page.reload()
    assert page.evaluate("document.body.dataset.seq") == str(middle)
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
