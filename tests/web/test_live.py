"""Live pages hear of a write as it is made: on PostgreSQL every append is said on the heads channel
when it commits (any process, any connection), and the one look per server process follows it."""

from __future__ import annotations

import asyncio

import pytest

from events.envelope import new_event
from events.match import Annotation
from replay.app.heads import HeadsReader
from replay.infra import stores
from replay.web.live import Heads
from store.errors import ConcurrencyError
from tests.helpers import Cli
from tests.serving import SERVER_WAIT

pytestmark = pytest.mark.postgres

NEVER = 3600.0  # a fallback look that never comes within a test: only a write heard wakes a page


def _note(text: str) -> list:  # type: ignore[type-arg]
    return [new_event(Annotation(kind="note", seq=1, text=text), recorded_by="another scorer")]


def test_an_append_is_heard_by_a_listening_store_and_a_refused_one_is_not(cli: Cli, pg_url: str) -> None:
    """Plant: no pg_notify in append (or one sent before the commit is decided)."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "m-1", "--db", pg_url).code == 0
    listening, writing = stores.open_store(pg_url), stores.open_store(pg_url)
    try:
        listening.listen_for_heads()  # type: ignore[attr-defined]
        assert listening.moved(0) == set()  # type: ignore[attr-defined]
        writing.append("m-1", 1, _note("first"))
        assert listening.moved(SERVER_WAIT) == {"m-1"}  # type: ignore[attr-defined]
        with pytest.raises(ConcurrencyError):
            writing.append("m-1", 1, _note("stale"))  # the head is 2: refused, nothing committed
        writing.append("m-1", 2, _note("second"))
        assert listening.moved(SERVER_WAIT) == {"m-1"}  # type: ignore[attr-defined]
        assert listening.moved(0) == set()  # the refused append said nothing
    finally:
        listening.close()
        writing.close()


def test_a_store_in_another_schema_of_the_database_is_not_heard(cli: Cli, pg_url: str) -> None:
    """Two stores in two schemas of one database (two leagues, or a league and its bench): an append
    to the other is not this store's, though the channel is the database's. Plant: the match id
    alone said on the channel (the other schema's m-9 heard here)."""
    from tests.conftest import postgres_schema

    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "m-1", "--db", pg_url).code == 0
    with postgres_schema() as other_url:
        assert cli("new", "tensho", "-p", "Cho", "-p", "Dai", "--id", "m-9", "--db", other_url).code == 0
        listening, writing, other = stores.open_store(pg_url), stores.open_store(pg_url), stores.open_store(other_url)
        try:
            listening.listen_for_heads()  # type: ignore[attr-defined]
            other.append("m-9", 1, _note("the other league's"))
            writing.append("m-1", 1, _note("this league's"))  # said after the other's: heard past it
            assert listening.moved(SERVER_WAIT) == {"m-1"}  # type: ignore[attr-defined]
            other.append("m-9", 2, _note("again"))
            assert listening.moved(0) == set()  # type: ignore[attr-defined]
        finally:
            listening.close()
            writing.close()
            other.close()


def _append_elsewhere(url: str) -> None:
    with stores.open_store(url) as writing:
        writing.append("m-1", 1, _note("from the scorer's phone"))


def test_a_live_page_hears_a_write_made_elsewhere_without_waiting_for_a_look(cli: Cli, pg_url: str) -> None:
    """A scorer's command (another connection, as another process has) stores a note while the room's
    page watches: the page hears the new head though the server would not look again for an hour.
    Plant: the server looking on a timer alone (no LISTEN), as it does for an SQLite file."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "m-1", "--db", pg_url).code == 0

    async def watching() -> list[dict[str, int] | None]:
        heads = Heads(HeadsReader(pg_url), interval=NEVER)
        heard: list[dict[str, int] | None] = []
        async with asyncio.timeout(SERVER_WAIT):
            async for now in heads.watch("m-1"):
                heard.append(now)
                if now == {"head_seq": 1}:  # the page is up to date: now a write elsewhere
                    await asyncio.to_thread(_append_elsewhere, pg_url)
                if now == {"head_seq": 2}:
                    return heard
        return heard

    assert asyncio.run(watching()) == [{"head_seq": 1}, {"head_seq": 2}]
