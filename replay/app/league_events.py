"""The league's events as its ranking reads them: each closed night's summary (its title, days,
countries, the EMA results and each table's places, by the names typed there). Each is kept
beside the events as a sealed read model at the night's head, holding its tables' heads (a table
changed since, a retract after the close, makes it again), so that a ranking over thousands of
nights folds none of their tables again; and every closed night of a game is kept as one answer
(``closed_nights``), grown by the nights that close or move, so that a ranking made again for what
the league says of its players (a name, a merge) reads one row, not every night and head.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from replay.app.rankings import Event, Result
from replay.app.read_models import SealedModel, keep

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from replay.app.league_state import League
    from store import Store


class Leagues(Protocol):
    """What a night's summary is read through: the application's store, sheets and EMA results."""

    def store(self) -> AbstractContextManager[Store]: ...

    def night_sheet(self, night_id: str, *, public: bool = False) -> dict[str, Any]: ...

    def ema_results(
        self, night_id: str, *, public: bool = False, sheet: dict[str, Any] | None = None
    ) -> dict[str, Any]: ...


MODEL = "league-event-1"  # its value: the night's summary, below


def summary(application: Leagues, night_id: str, day: str, table_heads: dict[str, str]) -> dict[str, Any]:
    """A night's summary for the league: closed or not, and (closed) what the ranking reads of it."""
    sheet = application.night_sheet(night_id)
    if not sheet["closed"]:
        return {"closed": False}
    ema = application.ema_results(night_id, sheet=sheet)
    tables = [t for s in sheet["sessions"] for t in s["tables"] if t["status"] == "complete"]
    header = ema["event"]
    return {"closed": True, "title": sheet["title"], "first_day": header["first_day"] or day,
            "last_day": header["last_day"] or day,
            "countries": header["countries"],
            "results": [[r["player"], r["place"], r["base_rank"], str(r["score"])] for r in ema["results"]],
            "tables": [list(zip(t["credited"], t["places"], strict=True)) for t in tables],
            "table_heads": {t["match_id"]: table_heads.get(t["match_id"], "") for t in tables}}  # fmt: skip


def events_of(
    application: Leagues, league: League, game: str, *, since: str | None, until: str | None, tables: bool = True
) -> list[Event]:
    """The closed nights of ``game`` held between the days given (every day of a night over several
    within them), as the ranking's events, oldest first (``tables``: with each table's places,
    which MERS and totals do not read)."""
    found = []
    known: dict[tuple[str | None, str], str] = {}  # a name at a club, as the person it is: 2,000 of 200,000
    for night_id, _opened_at, value in closed_nights(application, game, tables)["nights"]:
        if (since is None or value["first_day"] >= since) and (until is None or value["last_day"] <= until):
            found.append(_event(league, night_id, value, tables, known))
    return found


def closed_nights(application: Leagues, game: str, tables: bool) -> dict[str, Any]:
    """``{"nights": [[night_id, opened_at, summary], ...]}``: every closed night of ``game``, oldest
    first, with its summary (``summary``, by the names typed at its tables; ``tables``: with each
    table's places, two thirds of it, which MERS and totals do not read), kept as one answer and
    grown by the nights that close or move (a retract at one of their tables): what the ranking
    reads, whatever the league says of its players' names. Made again past
    ``answer_reads.MOST_STREAMS`` streams stored to since it was kept."""
    from replay.app.answer_reads import ranked_nights
    from replay.app.kept_answers import answer_value

    reads = ranked_nights(partial(_grown, application=application, game=game, tables=tables))
    made = partial(_made, application, game, tables)
    return answer_value(application.store, ["league nights", game, tables], made, reads)


def _made(application: Leagues, game: str, tables: bool) -> dict[str, Any]:
    """Every closed night's summary, each kept beside the events at the night's head (and made
    again where it or one of its tables moved since)."""
    from replay.app import nights

    with application.store() as store:
        rows = [r for r in nights.nights(store) if r["game"] == game]
        heads = {head[0]: head[2] for head in store.heads()}
        model = SealedModel(MODEL, "kept league events", lambda _store, _id: {})
        kept = model.trusted(store)
    found, fresh = [], []
    for row in sorted(rows, key=lambda r: (r["opened_at"], r["night_id"])):
        value = kept.get(row["night_id"])
        if value is None or any(heads.get(m) != h for m, h in value.get("table_heads", {}).items()):
            value = summary(application, row["night_id"], row["opened_at"][:10], heads)
            fresh.append(
                (row["night_id"], heads[row["night_id"]], model.sealed(row["night_id"], heads[row["night_id"]], value))
            )
        if value["closed"]:
            found.append([row["night_id"], row["opened_at"], _ranked(value, tables)])
    if fresh:
        with application.store() as store:
            keep(store, MODEL, fresh)
    return {"nights": found}


def _ranked(value: dict[str, Any], tables: bool) -> dict[str, Any]:
    """A closed night's summary as the ranking reads it: without its tables' heads (what a kept
    summary is checked against, which the kept nights need not be), and without its tables'
    places where the ranking reads none."""
    left_out = {"table_heads"} if tables else {"table_heads", "tables"}
    return {key: item for key, item in value.items() if key not in left_out}


def _grown(
    store: Store,
    changed: Mapping[str, tuple[str, ...]],
    kept: dict[str, Any],
    *,
    application: Leagues,
    game: str,
    tables: bool,
) -> dict[str, Any] | None:
    """The kept nights brought up to now by what ``changed`` (the streams stored to since, with
    their events' types): each night stored to, itself or at one of its tables, summed up again
    (closed: in; open: out). None past ``MOST_STREAMS`` streams: made again."""
    from events.ids import LEAGUE_STREAM
    from events.night import NightOpened
    from replay.app.answer_reads import MOST_STREAMS, Look

    if len(changed) > MOST_STREAMS:
        return None
    look = Look(store)
    moved = {stream if look.is_night(stream) else look.night_of(stream)
             for stream in changed if stream != LEAGUE_STREAM}  # fmt: skip
    entries = {entry[0]: entry for entry in kept["nights"]}
    for night in sorted(n for n in moved if n is not None):
        first = look.first(night)
        assert first is not None  # a night: a stream with events
        opened = first.decode()
        if not isinstance(opened, NightOpened) or opened.game != game:
            continue
        value = summary(application, night, first.recorded_at[:10], {})
        if value["closed"]:
            entries[night] = [night, first.recorded_at, _ranked(value, tables)]
        else:
            entries.pop(night, None)
    kept["nights"] = sorted(entries.values(), key=lambda entry: (entry[1], entry[0]))
    return kept


def _event(league: League, night_id: str, value: dict[str, Any], tables: bool,
           known: dict[tuple[str | None, str], str]) -> Event:  # fmt: skip
    """A night's summary as the ranking's event: each name as a person where the league knows them
    (``known``: the names already found, by club, for the events before)."""
    club = league.owner(night_id)

    def who(name: str) -> str:
        found = known.get((club, name))
        if found is None:
            found = known[(club, name)] = league.person_of(name, club) or (f"{name} @{club}" if club else name)
        return found

    # Each name looked up where it was found before (nearly all of them), else found.
    return Event(night_id, club, value["title"], value["first_day"], value["last_day"], value["countries"],
                 tuple(Result(known.get((club, n)) or who(n), place, base, Decimal(score))
                       for n, place, base, score in value["results"]),
                 tuple(tuple((who(n), place) for n, place in table) for table in value["tables"]) if tables else (),
                 qualified=night_id in league.qualified)  # fmt: skip
