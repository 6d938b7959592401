"""A substitute who finishes a player's match on a club night: seated from the command line and from
the host's page, shown where they sit (the sheet, the room's screen), and the seat's result counted
for the player who left (the games' rule where the host says nothing) or for the substitute, in the
night's standings, the season's and the players' pages. The figures are worked out by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.serving import host_and_room

FOUR = ["Aki", "Beni", "Chie", "Dai"]
EIGHT = [*FOUR, "Eri", "Fumi", "Gen", "Hana"]


def _night(cli: Cli, night: str, players: list[str] = FOUR) -> list[dict[str, Any]]:
    assert cli("night", "open", "riichi", *[a for n in players for a in ("-p", n)], "--id", night).code == 0
    tables: list[dict[str, Any]] = cli("night", "seat", night, "--json").json()["sessions"][0]["tables"]
    return tables


def _bust(cli: Cli, match: str) -> None:
    """Seat 1 rons seat 3's 5,000 for a mangan: 26,000, 47,000, 30,000, -3,000, and the match ends
    (Tenhou: 30,000 returned, oka +20 to first, uma +20/+10/-10/-20): +57.0, +10.0, -14.0, -53.0."""
    assert cli("result", match, "ron", "S", "mangan", "from", "N").code == 0


@pytest.mark.parametrize("counts_for", ["player", "substitute", None])
def test_a_substitute_finishes_a_match_and_the_result_counts_as_the_host_said(cli: Cli, counts_for: str | None) -> None:
    """Seat 3 leaves after the hand's start; Ren sits down and deals in the mangan that ends the
    match. By default (the game's rule) and with `player`, the -53.0 is seat 3's, and Ren is in no
    standing; with `substitute`, it is Ren's, and seat 3 played no game of the season. Plants: the
    standings counting whoever sits there now; the season reading the match's own names."""
    [table] = _night(cli, "night-x")
    match, seats = table["match_id"], table["players"]
    assert cli("round", match, "--scores", "26000,39000,30000,5000", "--dealer", "0").code == 0
    given = ["night", "substitute", "night-x", match, seats[3], "Ren", "--reason", "the last train", "--json"]
    sheet = cli(*given, *(["--counts-for", counts_for] if counts_for else [])).json()
    [shown] = sheet["sessions"][0]["tables"]
    assert (shown["players"], shown["stood_in_for"]) == ([*seats[:3], "Ren"], [None, None, None, seats[3]])
    _bust(cli, match)
    owner = "Ren" if counts_for == "substitute" else seats[3]
    night = cli("night", "show", "night-x", "--json").json()
    assert [(r["player"], r["shown"]) for r in night["standings"]["riichi"]] == [
        (seats[1], "+57.0"), (seats[2], "+10.0"), (seats[0], "-14.0"), (owner, "-53.0")]  # fmt: skip
    assert f"Ren (for {seats[3]}) -3000" in cli("night", "show", "night-x").out
    season = cli("season", "--json").json()["standings"]
    assert [(r["player"], r["total"], r["games"]) for r in season] == [
        (seats[1], 57.0, 1), (seats[2], 10.0, 1), (seats[0], -14.0, 1), (owner, -53.0, 1)]  # fmt: skip
    page = cli("player", owner, "--json").json()
    assert [(m["match_id"], m["place"], m["result"]) for m in page["matches"]] == [(match, 4, -53.0)]
    other = seats[3] if owner == "Ren" else "Ren"
    assert cli("player", other).code == 2  # no match of theirs: the result is the other's
    late = cli("night", "substitute", "night-x", match, "Ren", "Sora", "--reason", "tired")
    assert late.err == f"taikyoku: error: {match} has ended; a substitute finishes a match in play\n"


def test_what_a_substitution_cannot_be_is_refused_in_one_line_and_nothing_is_stored(cli: Cli) -> None:
    tables = _night(cli, "night-y", EIGHT)
    first, second = tables[0], tables[1]
    match = first["match_id"]
    assert cli("round", match).code == 0
    before = cli("log", "night-y", "--json").json()
    for args, said in (
        ((match, "Nobody", "Ren"), f"seq 4 (substitute): Nobody does not sit at {match} "
         f"({', '.join(first['players'])} do) [night.substitute.not_seated]"),
        ((match, first["players"][0], first["players"][1]),
         f"seq 4 (substitute): {first['players'][1]} sits at {match} already [night.substitute.seated]"),
        ((match, first["players"][0], second["players"][0]),
         f"{second['players'][0]} plays at {second['match_id']}; a substitute is a player without a table"),
        (("night-y-9", first["players"][0], "Ren"),
         "seq 4 (substitute): night-y-9 is not a table of this night [night.table.unknown]"),
        ((match, first["players"][0], "Ren", "--reason", " "), "say why the player leaves (--reason)"),
        ((match, first["players"][0], "Ren", "--counts-for", "both"), "--counts-for is player or substitute, not 'both'"),
        ((match, first["players"][0], "Re\u200bn"),
         "the substitute's name 'Re\\u200bn' holds the invisible character U+200B; a name is what it shows: remove it"),
        ((match, " ", "Ren"), "the name of the player who leaves is empty; give each player a name"),
    ):  # fmt: skip
        reason = [] if "--reason" in args else ["--reason", "ill"]
        refused = cli("night", "substitute", "night-y", *args, *reason)
        assert (refused.code, refused.err) == (2, f"taikyoku: error: {said}\n")
    assert cli("log", "night-y", "--json").json() == before
    # A match that has ended takes no substitute.
    assert cli("night", "abandon", "night-y", second["match_id"], "--reason", "time").code == 0
    refused = cli("night", "substitute", "night-y", second["match_id"], second["players"][0], "Ren", "--reason", "x")
    assert refused.err == (f"taikyoku: error: seq 5 (substitute): {second['match_id']} is abandoned: nobody plays on "
                           "there [night.table.abandoned]\n")  # fmt: skip
    # A closed night takes none.
    assert cli("night", "abandon", "night-y", match, "--reason", "time").code == 0
    assert cli("night", "close", "night-y").code == 0
    refused = cli("night", "substitute", "night-y", match, first["players"][0], "Ren", "--reason", "x")
    assert refused.err == "taikyoku: error: night-y is closed; a substitute sits down during the night\n"


def test_the_host_seats_a_substitute_from_the_host_page_and_the_room_shows_them(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    [table] = _night(cli, "night-z")
    match, seats = table["match_id"], table["players"]
    assert cli("round", match, "--scores", "26000,39000,30000,5000", "--dealer", "0").code == 0
    with host_and_room(browser, db, secret) as (host, room, _server):
        room.wait_for_selector(f'[data-match="{match}"][data-seq="2"]')
        host.wait_for_selector("#substitute-seat option", state="attached")
        host.select_option("#substitute-seat", label=f"{match}: {seats[3]}")
        host.fill("#substitute-name", "Ren")
        host.fill("#substitute-reason", "the last train")
        host.select_option("#substitute-counts", "substitute")
        host.click("#substitute-give")
        assert "tap again" in host.inner_text("#substitute-give")
        host.click("#substitute-give")
        host.wait_for_selector("[data-substitution]")
        assert (
            host.inner_text("[data-substitution]") == f"Ren for {seats[3]} at {match}, the result Ren's: the last train"
        )
        host.wait_for_selector(f'#sessions [data-match="{match}"]:has-text("Ren (for {seats[3]})")')
        room.wait_for_selector(f'[data-match="{match}"] li[data-seat="3"]:has-text("Ren (for {seats[3]})")')
        _bust(cli, match)
        room.wait_for_selector('#standings tr[data-player="Ren"]:has-text("-53.0")')


def test_a_tables_phone_names_the_substitute_in_the_seat_of_the_player_who_left(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Plant: the phone naming the match's players as they were seated (the absent player's name
    kept on the board and the seat picker after Ren sat in)."""
    from tests.serving import Server, token_of

    [table] = _night(cli, "night-s")
    match, seats = table["match_id"], table["players"]
    assert cli("round", match).code == 0
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        phone = context.new_page()
        phone.goto(f"{server.base}/tables/{match}?token={token_of(cli, secret, match)}")
        phone.wait_for_selector('body[data-seq="2"]')
        assert phone.inner_text("#title") == f"{match}: {', '.join(seats)}"
        given = cli("night", "substitute", "night-s", match, seats[3], "Ren", "--reason", "the last train")
        assert given.code == 0, given.err
        phone.reload()  # a phone opened now, or the same phone at the table's next move
        phone.wait_for_selector(f"#title:has-text('{match}: {', '.join([*seats[:3], 'Ren'])}')")
        assert phone.locator("#seat option").all_inner_texts() == [*seats[:3], "Ren"]
        assert "Ren" in phone.inner_text('#board [data-seat="3"]') and seats[3] not in phone.inner_text("#board")
        assert cli("result", match, "draw", "tenpai", "E").code == 0
        phone.wait_for_selector('body[data-seq="3"]')
        assert "Ren" in phone.inner_text('#board [data-seat="3"]')  # the live page keeps the names at the table
    finally:
        context.close()
        server.stop()
