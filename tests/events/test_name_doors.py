"""The name rule at the doors past the command line's `new`: the store's own (a match_started sent as
a document), an import of KoiKoi-AI's records and of Mahjong Soul's, a night's substitute, and a
seat named by a player's name. Every identity is compared as names are stored (NFC), and every
look-alike is refused as at a table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import Cli, rows
from tests.paths import KOIKOI


def _started(cli: Cli, game: str, *names: str) -> str:
    """A match_started document as `new` makes it (every option written out), with ``names``."""
    made = ["tensho", "-p", "X", "-p", "Y"] if game == "tensho" else ["riichi", *[a for n in "WXYZ" for a in ("-p", n)]]
    assert cli("new", *made, "--id", f"src-{game}").code == 0
    payload = cli("log", f"src-{game}", "--json").json()[0]["payload"]
    payload["players"] = [{"seat": seat, "name": name} for seat, name in enumerate(names)]
    return json.dumps({"type": "match_started", "payload": payload})


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (("Aki", "Aki"), "taikyoku: error: player 1's name 'Aki' is another player's too; give each player "
                         "a name the table can tell apart\n"),
        (("Eri", "\u0415ri"), "taikyoku: error: player 1's name 'Еri' looks like 'Eri'; give each player a "
                               "name the table can tell apart\n"),
        (("Aki", "aki"), "taikyoku: error: player 1's name 'aki' looks like 'Aki'; give each player a name "
                         "the table can tell apart\n"),
    ],
)  # fmt: skip
def test_the_store_refuses_one_name_twice_as_it_refuses_a_look_alike(
    cli: Cli, db: Path, names: tuple[str, str], said: str
) -> None:
    """Plant: identical names let through where a case difference is refused (the look-alike rule
    skipped a name equal to another)."""
    document = _started(cli, "tensho", *names)
    before = rows(db)
    refused = cli("record", "tbl-1", stdin=document)
    assert (refused.code, refused.err) == (2, said)
    assert rows(db) == before


def test_a_servers_anonymous_players_share_its_one_name(cli: Cli) -> None:
    """Tenhou names every anonymous player NoName: four of them at one table are stored as the log has them."""
    assert cli("record", "anon-1", stdin=_started(cli, "riichi", *["NoName"] * 4)).code == 0
    assert [p["name"] for p in cli("log", "anon-1", "--json").json()[0]["payload"]["players"]] == ["NoName"] * 4


def _koikoi(tmp_path: Path, stem: str, **info: str) -> Path:
    document = json.loads((KOIKOI / "1.json").read_text())
    document["info"] |= info
    path = tmp_path / f"{stem}.json"
    path.write_text(json.dumps(document, ensure_ascii=False))
    return path


def test_an_import_refuses_look_alike_and_invisible_names_and_never_shortens_one_unsaid(
    cli: Cli, tmp_path: Path
) -> None:
    """KoiKoi-AI's records: a Cyrillic look-alike, a braille blank and a 65-character name each skip
    their game and say why; 64 characters and an emoji with its joiner import as they are. Plants:
    the name cut to 64 without a word; the look-alike rule of the store skipped for imports."""
    files = [
        _koikoi(tmp_path, "cyrillic", player1Name="Eri", player2Name="\u0415ri"),
        _koikoi(tmp_path, "blank", player1Name="A\u2800ki"),
        _koikoi(tmp_path, "long", player1Name="N" * 65),
        _koikoi(tmp_path, "fits", player1Name="N" * 64),
        _koikoi(tmp_path, "emoji", player1Name="\U0001f469\u200d\U0001f4bb Eri"),
    ]
    done = cli("import", *map(str, files), "--json")
    assert done.code == 1
    report = done.json()
    assert sorted(game["match_id"] for game in report["imported"]) == ["koikoi-ai-emoji", "koikoi-ai-fits"]
    assert sorted(skipped["reason"] for skipped in report["skipped"]) == [
        "blank.json: player 0's name 'A\u2800ki' holds the invisible character U+2800; a name is what it shows: "
        "remove it",
        "cyrillic.json: player 1's name 'Еri' looks like 'Eri'; give each player a name the table can tell apart",
        "long.json: info: player1Name 'NNNNNNNNNNNNNNNNNNNN'... is 65 characters long; taikyoku keeps names of at "
        "most 64: shorten it in the file",
    ]
    names = {row["match_id"]: row["players"][0] for row in cli("matches", "--json").json()}
    assert names == {"koikoi-ai-fits": "N" * 64, "koikoi-ai-emoji": "\U0001f469\u200d\U0001f4bb Eri"}


def test_a_substitute_typed_decomposed_is_the_player_at_another_table(cli: Cli) -> None:
    """Zoë plays at table 2; the host types "Zoë" decomposed as a substitute at table 1: refused, as
    the composed name is. A Cyrillic look-alike of her is refused too. Plant: the check made before
    NFC (she sat at two tables)."""
    players = ["Aki", "Beni", "Chie", "Dai", "Eri", "Fumi", "Gen", "Zo\u00eb"]
    assert cli("night", "open", "riichi", *[a for n in players for a in ("-p", n)], "--id", "night-z").code == 0
    tables = cli("night", "seat", "night-z", "--json").json()["sessions"][0]["tables"]
    here, there = (tables[0], tables[1]) if "Zo\u00eb" in tables[1]["players"] else (tables[1], tables[0])
    leaves = here["players"][0]
    for typed, shown in (("Zoe\u0308", "Zoë"), ("Zo\u00eb", "Zoë"), ("Z\u043e\u00eb", "Zоë")):
        said = cli("night", "substitute", "night-z", here["match_id"], leaves, typed, "--reason", "ill")
        assert (said.code, said.err) == (
            2, f"taikyoku: error: {shown} plays at {there['match_id']}; a substitute is a player without a table\n"
        )  # fmt: skip
    assert cli("night", "show", "night-z", "--json").json()["sessions"][0]["tables"][0]["stood_in_for"] == [None] * 4


def test_a_seat_named_decomposed_is_the_players(cli: Cli) -> None:
    """A dealer and a winner named "Zoë" typed decomposed are Zoë's seat. Plant: names compared before NFC."""
    assert cli("new", "riichi", "-p", "Aki", "-p", "Zo\u00eb", "-p", "Chie", "-p", "Dai", "--dealer", "Zoe\u0308",
               "--id", "seat-1").code == 0  # fmt: skip
    assert cli("log", "seat-1", "--json").json()[0]["payload"]["first_dealer"] == 1
    assert cli("round", "seat-1").code == 0
    assert cli("result", "seat-1", "ron", "Zoe\u0308", "mangan", "from", "Aki").code == 0
    [hand] = cli("replay", "seat-1", "--json").json()["results"]
    assert hand["points"] == [-12000, 12000, 0, 0]


def test_a_penalty_to_a_name_typed_decomposed_is_the_players(cli: Cli) -> None:
    """Plant: the penalty's player compared before NFC (refused as absent, or counted to a second Zoë)."""
    four = [a for name in ("Aki", "Beni", "Chie", "Zo\u00eb") for a in ("-p", name)]
    assert cli("night", "open", "riichi", *four, "--id", "night-p").code == 0
    assert cli("night", "seat", "night-p").code == 0
    given = cli("night", "penalty", "night-p", "Zoe\u0308", "--points", "-5", "--reason", "late")
    assert given.code == 0, given.err
    sheet = cli("night", "show", "night-p", "--json").json()
    assert [(p["player"], p["points"]) for p in sheet["penalties"]] == [("Zo\u00eb", -5)]
    assert [row["player"] for row in sheet["standings"]["riichi"] if row["player"].startswith("Zo")] == ["Zo\u00eb"]
