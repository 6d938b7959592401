"""A riichi table on the room's screen after each kind of end: the riichi sticks left on the table
(not those the hand began with), the hand said as over, and the hand the rules lead to next. The
figures worked by hand from the rules (1,000 a stick; 300 a honba on a ron; a mangan 8,000 from a
non-dealer), a real SQLite file."""

from __future__ import annotations

from typing import Any

from tests.helpers import Cli


def _table(cli: Cli) -> dict[str, Any]:
    from replay.app.application import Application

    app = Application(str(cli.db))
    try:
        (table,) = app.room()["tables"]
    finally:
        app.close()
    return table


def test_the_room_says_the_sticks_left_and_the_next_hand_after_each_kind_of_end(cli: Cli) -> None:
    """Plant: the sticks the hand began with (0 after the draw that left one, 1 after the win that
    took them), or the next hand left unsaid."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Beni", "-p", "Chie", "-p", "Dai", "--id", "r-one").code == 0
    said = []
    for result in ("draw tenpai E riichi E", "abort four_riichi riichi E S W N", "ron S mangan from N", "chombo W"):
        assert cli("round", "r-one").code == 0
        recorded = cli("result", "r-one", *result.split())
        assert recorded.code == 0, recorded.err
        table = _table(cli)
        said.append((table["hand"], table["on_table"], table["scores"]))
    assert said == [
        # Aki (the dealer) tenpai after riichi: his stick stays; 1,000 from each of three; the deal stays.
        ("East 1 over (0 honba) · next East 1, 1 honba", "1 riichi stick", [27000, 24000, 24000, 24000]),
        # Four riichi: four more sticks, five on the table; an abortive draw keeps the deal, one more honba.
        ("East 1 over (1 honba) · next East 1, 2 honba", "5 riichi sticks", [26000, 23000, 23000, 23000]),
        # Beni's mangan from Dai: 8,000 + 2 x 300 + the five sticks; the deal passes, the honba go.
        ("East 1 over (2 honba) · next East 2, 0 honba", None, [26000, 36600, 23000, 14400]),
        # Dai's chombo (West, Beni dealing): a mangan paid, 4,000 to the dealer and 2,000 to each
        # other; the hand is played again, no honba, no stick.
        ("East 2 over (0 honba) · next East 2, 0 honba", None, [28000, 40600, 25000, 6400]),
    ]


def test_a_finished_table_shows_its_final_scores_with_the_sticks_left_paid_as_its_ruleset_says(cli: Cli) -> None:
    """EMA 2016, one hanchan, every hand a draw with nobody tenpai but the last: South 4, Chie in
    riichi, alone tenpai: 29,000, 29,000, 32,000, 29,000 with 1 stick left, which goes to Chie, the
    winner (33,000), and the table reads finished with it paid. Where a match recorded the sticks
    lost: 32,000 and "lost". Plants: the table's last scores (the stick unpaid, 32,000); the stick
    said as still on the table."""
    for match, lost in (("ema-one", False), ("ema-two", True)):
        options = ("-O", "riichi.leftoverSticks=lost") if lost else ()
        made = cli("new", "riichi", "--ruleset", "ema2016", *options, "-p", "Aki", "-p", "Beni", "-p", "Chie",
                   "-p", "Dai", "--id", match)  # fmt: skip
        assert made.code == 0, made.err
        for _ in range(7):
            assert cli("result", match, "draw", "tenpai", "none").code == 0
        assert cli("result", match, "draw", "tenpai", "2", "riichi", "2").code == 0
    from replay.app.application import Application

    app = Application(str(cli.db))
    try:
        tables = {t["match_id"]: t for t in app.room()["tables"]}
    finally:
        app.close()
    paid, lost_table = tables["ema-one"], tables["ema-two"]
    assert (paid["hand"], paid["on_table"], paid["scores"]) == (
        "South 4 over (7 honba)",
        "1 riichi stick to first place",
        [29000, 29000, 33000, 29000],
    )
    assert (lost_table["on_table"], lost_table["scores"]) == ("1 riichi stick lost", [29000, 29000, 32000, 29000])
