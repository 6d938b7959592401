"""A season, a player's page and a league's ranking asked again of a store that has not grown are
read back whole, not worked out again; one event stored anywhere (a match, a retract) and the next
answer is made from the events; a kept answer changed in the database is never shown and `verify`
names it. Real SQLite files, rows changed the way a forger would."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from replay.app import kept_answers, read_models, stats
from tests.helpers import Cli


def _two_players(cli: Cli, match: str, seed: int) -> None:
    made = cli("simulate", "tensho", "--seed", str(seed), "--rounds", "2", "--id", match, "-p", "Ann", "-p", "Bob")
    assert made.code == 0, made.err


def test_an_answer_asked_again_is_read_back_until_an_event_is_stored(cli: Cli, db: Path) -> None:
    """Plant: the answer kept at no mark, or at one that does not move with a new event (a season
    of one match shown after the second was played)."""
    _two_players(cli, "m-1", 1)
    first = cli("season", "--game", "tensho", "--json")
    assert first.code == 0, first.err
    assert first.json()["matches"] == 1
    digests = read_models.OPENED[stats.DIGEST_MODEL] + read_models.MADE[stats.DIGEST_MODEL]
    again = cli("season", "--game", "tensho", "--json")
    assert again.out == first.out
    assert read_models.OPENED[stats.DIGEST_MODEL] + read_models.MADE[stats.DIGEST_MODEL] == digests, "read back whole"
    _two_players(cli, "m-2", 2)  # one more match: the store grew
    grown = cli("season", "--game", "tensho", "--json").json()
    assert grown["matches"] == 2
    assert sorted((row["player"], row["games"]) for row in grown["standings"]) == [("Ann", 2), ("Bob", 2)]
    page = cli("player", "Ann", "--json").json()
    assert [m["match_id"] for m in page["matches"]] == ["m-1", "m-2"]
    ended = cli("log", "m-2", "--json").json()[-1]
    assert ended["type"] == "match_ended"
    retracted = cli("retract", "m-2", str(ended["seq"]), "--reason", "not over")  # an event on a match counted
    assert retracted.code == 0, retracted.err
    made = read_models.MADE[stats.DIGEST_MODEL]
    assert [m["match_id"] for m in cli("player", "Ann", "--json").json()["matches"]] == ["m-1", "m-2"]
    assert read_models.MADE[stats.DIGEST_MODEL] == made + 1, "m-2 folded again at its new head, not read back"


def _pages(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """The kept answers a person reads (a page, a season), by key: not the league's ended matches
    that a player's page is made from (``replay/app/ended_matches.py``), kept beside them."""
    rows = conn.execute(
        "SELECT match_id, body FROM read_models WHERE model = ? ORDER BY match_id", [kept_answers.MODEL]
    ).fetchall()
    return [(key, body) for key, body in rows if json.loads(body)["value"]["question"] != '["ended matches"]']


def test_a_kept_answer_changed_in_the_database_is_never_shown_and_verify_names_it(cli: Cli, db: Path) -> None:
    """Plant: the kept answer shown without its seal checked (Mallory in Ann's place)."""
    _two_players(cli, "m-1", 1)
    truth = cli("player", "Ann", "--json")
    assert truth.json()["player"] == "Ann"
    with sqlite3.connect(db) as conn:
        (key, body), *others = _pages(conn)
        assert others == []
        row = json.loads(body)
        row["value"]["json"] = row["value"]["json"].replace('"Ann"', '"Mallory"')  # the seal left as it was
        conn.execute("UPDATE read_models SET body = ? WHERE match_id = ?", [json.dumps(row), key])
    found = cli("verify")
    assert found.code == 4
    assert " ".join(found.out.split()) == (  # one finding, wrapped to the terminal's width
        "FAIL store.read_model.altered: a kept answer (a ranking, a season or a player's page) was changed after "
        "taikyoku wrote it (the seal does not hold): it is not shown, and is made again from the events when next "
        "asked"
    )
    assert cli("verify", "--json").json()["findings"][0]["code"] == "store.read_model.altered"
    assert cli("player", "Ann", "--json").out == truth.out  # not shown: made again from the events, and kept
    assert cli("verify").code == 0


@pytest.mark.parametrize("mark", ["not a mark", "1 two", "1 1"])
def test_a_kept_answer_whose_mark_was_changed_is_made_again(cli: Cli, db: Path, mark: str) -> None:
    """The mark a kept answer was made at, changed in the database (no mark at all, half of one, or
    another's): the answer is made again from the events, never a traceback, and `verify` names the
    row until then. Plants: a mark of one number read as whole; a row with no mark read on as if
    it had one."""
    _two_players(cli, "m-1", 1)
    truth = cli("player", "Ann", "--json")
    with sqlite3.connect(db) as conn:
        (key, _body), *_ = _pages(conn)
        conn.execute("UPDATE read_models SET head_hash = ? WHERE match_id = ?", [mark, key])
    assert cli("verify").code == 4
    made = kept_answers.MADE["player"]
    again = cli("player", "Ann", "--json")
    assert (again.code, again.err, again.out) == (0, "", truth.out)
    assert kept_answers.MADE["player"] == made + 1
    assert cli("verify").code == 0


def test_verify_passes_over_another_versions_kept_answer_and_still_names_an_altered_one(cli: Cli, db: Path) -> None:
    """Plant: the check stopping at the first row another version made (the altered row after it
    never looked at)."""
    _two_players(cli, "m-1", 1)
    assert cli("player", "Ann", "--json").code == 0 and cli("season", "--game", "tensho", "--json").code == 0
    with sqlite3.connect(db) as conn:
        (first, first_body), (second, second_body) = _pages(conn)
        older = json.loads(first_body) | {"code": "0.0.1+0000000000000000"}  # another version's: not shown, not checked
        altered = json.loads(second_body)
        altered["value"]["json"] = altered["value"]["json"].replace('"Ann"', '"Mallory"')
        for key, body in ((first, older), (second, altered)):
            conn.execute("UPDATE read_models SET body = ? WHERE match_id = ?", [json.dumps(body), key])
    findings = cli("verify", "--json").json()["findings"]
    assert [f["code"] for f in findings] == ["store.read_model.altered"]


def test_the_names_known_grow_with_each_new_match_without_reading_every_match_again(cli: Cli, db: Path) -> None:
    """A host's names to pick from: every name of every match's start, kept, and grown by the names
    of the matches begun since (a league of 200,000 matches is not read again for each night
    opened); made again after a retract. Plants: the names kept past a new match (Zoë missing);
    the kept names made again for every new match (the count of answers made)."""
    from replay.app.application import Application

    _two_players(cli, "m-1", 1)
    made = kept_answers.MADE["known players"]
    assert Application(str(db)).known_players() == ["Ann", "Bob"]
    assert kept_answers.MADE["known players"] == made + 1
    made_again = cli("simulate", "tensho", "--seed", "2", "--rounds", "1", "--id", "m-2", "-p", "zoë", "-p", "Ann")
    assert made_again.code == 0, made_again.err
    assert cli("simulate", "tensho", "--seed", "3", "--rounds", "1", "--id", "m-3", "-p", "Zoë", "-p", "Bob").code == 0
    assert Application(str(db)).known_players() == ["Ann", "Bob", "Zoë", "zoë"]  # by letter, then by case
    assert Application(str(db)).known_players() == ["Ann", "Bob", "Zoë", "zoë"]
    assert kept_answers.MADE["known players"] == made + 1, "grown by m-2's and m-3's names, not made again"
    last = cli("log", "m-3", "--json").json()[-1]
    assert cli("retract", "m-3", str(last["seq"]), "--reason", "not over").code == 0
    assert Application(str(db)).known_players() == ["Ann", "Bob", "Zoë", "zoë"]
    assert kept_answers.MADE["known players"] == made + 2


def _kept_at(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [
            row[0] for row in conn.execute("SELECT head_hash FROM read_models WHERE model = ?", [kept_answers.MODEL])
        ]


def test_an_answer_no_new_event_moved_is_read_back_and_kept_again_at_the_new_mark_unless_long(
    cli: Cli, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A season asked again after a match is begun (still playing: no result to count) is read
    back, and kept at the store's new mark; one longer than ``RE_KEPT`` stays at its own mark, and
    the events since are looked at from there. Plants: a kept answer never kept again (its mark
    stays behind); a long one written again each time."""
    from store import EventStore

    _two_players(cli, "m-1", 1)
    made = kept_answers.MADE["season"]
    first = cli("season", "--game", "tensho", "--json").out
    assert cli("new", "tensho", "-p", "Ann", "-p", "Cy", "--id", "m-9").code == 0
    assert cli("season", "--game", "tensho", "--json").out == first
    with EventStore.open(str(db)) as store:
        now = store.mark()
    assert _kept_at(db) == [f"{now.events} {now.position}"] and kept_answers.MADE["season"] == made + 1
    monkeypatch.setattr(kept_answers, "RE_KEPT", 10)  # every answer "long"
    assert cli("new", "tensho", "-p", "Ann", "-p", "Dee", "--id", "m-10").code == 0
    assert cli("season", "--game", "tensho", "--json").out == first
    assert cli("season", "--game", "tensho", "--json").out == first
    assert _kept_at(db) == [f"{now.events} {now.position}"] and kept_answers.MADE["season"] == made + 1
