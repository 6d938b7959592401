"""What the listing and the statistics cost on a store that grew, counted in work (matches folded,
kept rows opened), never in time: a warm listing folds nothing, a new match is the one match
folded, an import keeps what it folded, and the statistics of a store that has not moved are one
kept row. Real SQLite files, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from replay.app import read_models, stats
from replay.app.repository import COUNTS, forget
from tests.helpers import Cli

DATA = Path(__file__).resolve().parents[1] / "data"


def _counting() -> None:
    read_models.MADE.clear()
    read_models.OPENED.clear()
    COUNTS.clear()
    forget()  # no state kept from an earlier command of this process


def _simulated(cli: Cli, *ids: str) -> None:
    for match_id in ids:
        seed = match_id.split("-")[1]
        assert cli("simulate", "tensho", "--seed", seed, "--rounds", "2", "--id", match_id).code == 0


def test_a_warm_listing_folds_nothing_and_a_new_match_is_the_one_folded(cli: Cli) -> None:
    _simulated(cli, "m-1", "m-2", "m-3")
    _counting()
    first = cli("matches", "--json").json()
    assert [row["match_id"] for row in first] == ["m-1", "m-2", "m-3"]
    assert read_models.MADE == {"glance-3": 3}  # nothing kept yet: each folded once, and kept
    _counting()
    assert cli("matches", "--json").json() == first
    assert read_models.MADE == {}
    assert COUNTS["full reads"] == 0 and COUNTS["events folded"] == 0
    _simulated(cli, "m-4")
    _counting()
    assert len(cli("matches", "--json").json()) == 4
    assert read_models.MADE == {"glance-3": 1}
    assert cli("note", "m-2", "1", "a spilled cup of tea").code == 0  # a match moves on: it is the one folded again
    _counting()
    rows = cli("matches", "--json").json()
    assert read_models.MADE == {"glance-3": 1}
    assert [row["events"] - was["events"] for row, was in zip(rows, first, strict=False)] == [0, 1, 0]
    assert rows[1]["last_recorded_at"] >= first[1]["last_recorded_at"]


def test_statistics_of_a_store_that_has_not_moved_are_one_kept_row(cli: Cli) -> None:
    _simulated(cli, "m-1", "m-2", "m-3")
    _counting()
    first = cli("stats", "--json").json()
    assert first["matches"] == 3
    assert read_models.MADE == {"stats-digest-3": 3}
    _counting()
    assert cli("stats", "--json").json() == first
    assert read_models.MADE == {}
    assert read_models.OPENED == {"stats-result-3": 1}  # no digest read, none folded
    # Other filters are added up once from the kept digests, then kept on their own.
    _counting()
    tensho = cli("stats", "--json", "--game", "tensho").json()
    assert read_models.MADE == {} and read_models.OPENED["stats-digest-3"] == 2 * 3  # its game, then its figures
    _counting()
    assert cli("stats", "--json", "--game", "tensho").json() == tensho
    assert read_models.OPENED == {"stats-result-3": 1}
    # One new match: it alone is folded, and the statistics count it.
    _simulated(cli, "m-4")
    _counting()
    assert cli("stats", "--json").json()["matches"] == 4
    assert read_models.MADE == {"stats-digest-3": 1}


def test_a_name_the_store_lacks_is_refused_whether_or_not_the_statistics_were_kept(cli: Cli) -> None:
    _simulated(cli, "m-1")
    for _ in range(2):
        refused = cli("stats", "--json", "--player", "Nobody")
        assert refused.code != 0
        assert refused.err.startswith("taikyoku: error: no match has a player named 'Nobody'; the players are: ")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_import_keeps_what_it_folded_so_the_first_listing_folds_nothing(cli: Cli, db: Path, jobs: str) -> None:
    imported = cli("import", str(DATA / "tenhou6"), str(DATA / "koikoi"), "--jobs", jobs, "--json")
    assert imported.code == 1, imported.err  # two logs' own scores are off: imported with findings
    assert imported.json()["skipped"] == []
    _counting()
    rows = cli("matches", "--json").json()
    assert len(rows) == 27 + 40
    found = cli("stats", "--json").json()
    assert found["matches"] == 27 + 40 - sum(row["status"] == "abandoned" for row in rows)
    assert read_models.MADE == {}
    assert COUNTS["full reads"] == 0
    # What the import kept is what a fold of the stored events gives, every row (verify's own check).
    from store import EventStore

    with EventStore.open(db) as store:
        assert stats.read_model_findings(store, deep=True) == []
    assert cli("verify").code == 0


def test_an_exported_season_imported_again_is_listed_without_a_fold(cli: Cli, db: Path, tmp_path: Path) -> None:
    _simulated(cli, "m-1", "m-2")
    assert cli("note", "m-1", "3", "the cards were shuffled twice").code == 0
    ended = cli("matches", "--json").json()[1]["events"]  # m-2's last event: its match_ended
    assert cli("retract", "m-2", str(ended), "--reason", "ended too soon").code == 0  # a retract in its history
    season = tmp_path / "season.jsonl"
    assert cli("export", "--all", "--format", "jsonl", "-o", str(season)).code == 0
    listed = cli("matches", "--json").json()
    found = cli("stats", "--json").json()
    other = Cli(tmp_path / "other.db", cli.capsys)
    assert other("import", str(season)).code == 0
    _counting()
    assert [(r["match_id"], r["status"], r["standings"], r["events"]) for r in other("matches", "--json").json()] == [
        (r["match_id"], r["status"], r["standings"], r["events"]) for r in listed
    ]
    assert [r["status"] for r in listed] == ["complete", "complete"]  # m-2's rounds are all played
    assert other("stats", "--json").json() == found
    assert read_models.MADE == {}


def test_the_statistics_added_up_a_game_at_a_time_are_those_of_every_digest_at_once(cli: Cli, db: Path) -> None:
    """Only one game's digests are held at once; the figures, and their order, are what adding up
    every digest together gives (riichi at four and at three players, Tensho, Sendai-hana)."""
    import json

    from store import EventStore

    assert cli("simulate", "tensho", "--seed", "4", "--rounds", "2", "--id", "t-4").code == 0
    # Played in 2013-2022, 2020 and 2024: koi-koi's standings come between riichi's two tables.
    assert cli("import", str(DATA / "tenhou6-more"), str(DATA / "koikoi" / "1.json"),
               str(DATA / "tenhou6-more" / "sanma")).code in (0, 1)  # fmt: skip
    assert (
        cli(
            "simulate", "sendai", "--seed", "5", "--rounds", "2", "--id", "s-5", "-O", "sendai.teyakuMode=winRound"
        ).code
        == 0
    )
    with EventStore.open(db) as store:
        every = sorted(stats.DIGESTS.values(store, stats.match_heads(store)).values(),
                       key=lambda d: (d["started_at"], d["match_id"]))  # fmt: skip
        groups = {stats._standing_group(d) for d in every}
        assert {"riichi", "riichi (3 players)", "koikoi", "tensho", "sendai"} <= groups
        player = every[-1]["players"][0]
        for filters in (stats.Filters(), stats.Filters(game="riichi"), stats.Filters(players=(player,))):
            store.drop_read_model(stats.RESULT_MODEL)
            at_once = json.dumps(stats.compute(every, filters), ensure_ascii=False)
            assert json.dumps(stats.statistics(store, filters), ensure_ascii=False) == at_once  # fresh
            assert json.dumps(stats.statistics(store, filters), ensure_ascii=False) == at_once  # kept


def test_verify_reads_the_kept_rows_seals_without_folding_and_deep_folds_each_match_once(cli: Cli) -> None:
    """Plants: the plain verify folding the matches again (its cost on a season's store), and
    --deep folding each match once for each of its two kept rows."""
    from replay.engine.fold import WORK

    _simulated(cli, "m-1", "m-2", "m-3")
    assert cli("matches", "--json").code == 0 and cli("stats", "--json").code == 0  # both rows kept per match
    events = sum(row["events"] for row in cli("matches", "--json").json())
    _counting()
    WORK.clear()
    assert cli("verify").code == 0
    assert WORK["steps folded"] == 0 and read_models.MADE == {}
    # every kept row's seal checked; the kept statistics also added up again from the digests
    assert read_models.OPENED["glance-3"] == 3 and read_models.OPENED["stats-result-3"] == 1
    assert read_models.OPENED["stats-digest-3"] >= 3
    WORK.clear()
    assert cli("verify", "--deep").code == 0
    # Each match folded once: its effective events (the meta events not folded), at most all its events.
    assert 0 < WORK["steps folded"] <= events
    WORK.clear()
    one = cli("matches", "--json").json()[1]
    assert one["match_id"] == "m-2" and cli("verify", "m-2", "--deep").code == 0
    assert 0 < WORK["steps folded"] <= one["events"]  # one match asked for: that match alone folded
