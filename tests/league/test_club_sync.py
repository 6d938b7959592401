"""A club's laptop records offline and syncs into its club on the league's PostgreSQL server; a
night of another club's under the same id is refused; a club's whole record moves to another
league's server and is that club's there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import postgres_schema
from tests.helpers import Cli

pytestmark = pytest.mark.postgres


@pytest.fixture
def second_server() -> Iterator[str]:
    """Another league's store: a second fresh schema on the test server, dropped afterwards."""
    with postgres_schema() as url:
        yield url


def _offline_night(cli: Cli, night: str, players: list[str]) -> None:
    """A night on a laptop with no league: one table, one hand that ends the match, closed."""
    assert cli("night", "open", "riichi", *[a for p in players for a in ("-p", p)], "--id", night).code == 0
    assert cli("night", "seat", night).code == 0
    assert cli("round", f"{night}-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0").code == 0
    assert cli("result", f"{night}-t1", "ron", "S", "mangan", "from", "N").code == 0
    assert cli("night", "close", night).code == 0


def test_a_laptop_syncs_into_its_club_and_a_club_moves_whole(
    pg_url: str, second_server: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plants: a sync that copies another club's night over (or claims it); a pull with --club that
    brings every club's record, or the league's keys, along."""
    league = Cli(pg_url, capsys)
    assert league("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert league("club", "add", "osaka", "--name", "Osaka Bay").code == 0
    kyoto_host = league("club", "key", "kyoto").out.strip()
    osaka_host = league("club", "key", "osaka").out.strip()
    kyoto = Cli(tmp_path / "kyoto-laptop.db", capsys)
    _offline_night(kyoto, "night-kyoto-dec", ["Aki", "Beni", "Chie", "Dai"])
    osaka = Cli(tmp_path / "osaka-laptop.db", capsys)
    _offline_night(osaka, "night-osaka-dec", ["Eri", "Fumi", "Gen", "Hana"])
    _offline_night(osaka, "night-kyoto-dec", ["Eri", "Fumi", "Gen", "Hana"])  # the same id as Kyoto's night
    # Kyoto's laptop pushes into its club, with its host's key.
    pushed = kyoto("sync", "--to", pg_url, "--club", "kyoto", "--key", kyoto_host)
    assert pushed.code == 0, pushed.err
    assert league("night", "list", "--club", "kyoto", "--json").json()[0]["night_id"] == "night-kyoto-dec"
    assert [r["player"] for r in league("season", "--game", "riichi", "--club", "kyoto", "--json").json()["standings"]] == [
        "Beni", "Aki", "Chie", "Dai"]  # fmt: skip
    # Osaka's key may not push into Kyoto; Osaka's own push refuses the night that is Kyoto's.
    refused = osaka("sync", "--to", pg_url, "--club", "kyoto", "--key", osaka_host)
    assert refused.code == 2
    assert (
        refused.err
        == f"taikyoku: error: --key is no key of club kyoto's host at {pg_url}; ask the league for your club's key\n"
    )
    before = league("log", "night-kyoto-dec", "--json").json()
    pushed = osaka("sync", "--to", pg_url, "--club", "osaka", "--key", osaka_host)
    assert pushed.code == 1
    assert pushed.err == "".join(  # the night and its table: each named
        f"taikyoku: refused: match {m}: {m} is club kyoto's at {pg_url}; it stays there, and this one is not copied\n"
        for m in ("night-kyoto-dec", "night-kyoto-dec-t1"))  # fmt: skip
    assert league("log", "night-kyoto-dec", "--json").json() == before  # Kyoto's night as Kyoto recorded it
    assert [n["night_id"] for n in league("night", "list", "--club", "osaka", "--json").json()] == ["night-osaka-dec"]
    # Kyoto's whole record moves: pulled with --club (nothing of Osaka's, none of the league's keys) ...
    moved = Cli(tmp_path / "kyoto-moved.db", capsys)
    assert moved("sync", "--from", pg_url, "--club", "kyoto").code == 0
    assert sorted(m["match_id"] for m in moved("matches", "--json").json()) == ["night-kyoto-dec-t1"]
    assert [n["night_id"] for n in moved("night", "list", "--json").json()] == ["night-kyoto-dec"]
    assert moved("club", "keys", "--json").json() == []
    # ... and pushed into another league's server, where it is Kyoto's.
    other = Cli(second_server, capsys)
    assert other("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert moved("sync", "--to", second_server, "--club", "kyoto").code == 0
    assert [n["night_id"] for n in other("night", "list", "--club", "kyoto", "--json").json()] == ["night-kyoto-dec"]
    assert other("verify").code == 0
    assert other("season", "--game", "riichi", "--club", "kyoto", "--json").json()["standings"] == league(
        "season", "--game", "riichi", "--club", "kyoto", "--json").json()["standings"]  # fmt: skip
