"""The league's events as its ranking reads them: each closed night's summary (its title, days,
countries, the EMA results and each table's places, by the names typed there), kept beside the
events as a sealed read model, so that a ranking over thousands of nights folds none of their
tables again. A summary is the night's at its head, and holds its tables' heads: a table changed
since (a retract after the close) makes it again."""

from __future__ import annotations

from decimal import Decimal
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
    """The closed nights of ``game`` between the days given, as the ranking's events, oldest first
    (``tables``: with each table's places, which MERS and totals do not read)."""
    from replay.app import nights

    with application.store() as store:
        rows = [r for r in nights.nights(store) if r["game"] == game]
        heads = {head[0]: head[2] for head in store.heads()}
        model = SealedModel(MODEL, "kept league events", lambda _store, _id: {})
        kept = model.trusted(store)
    found, fresh = [], []
    known: dict[tuple[str | None, str], str] = {}  # a name at a club, as the person it is: 2,000 of 200,000
    for row in sorted(rows, key=lambda r: (r["opened_at"], r["night_id"])):
        day = row["opened_at"][:10]
        if (since is not None and day < since) or (until is not None and day > until):
            continue
        value = kept.get(row["night_id"])
        if value is None or any(heads.get(m) != h for m, h in value.get("table_heads", {}).items()):
            value = summary(application, row["night_id"], day, heads)
            fresh.append(
                (row["night_id"], heads[row["night_id"]], model.sealed(row["night_id"], heads[row["night_id"]], value))
            )
        if value["closed"]:
            found.append(_event(league, row["night_id"], value, tables, known))
    if fresh:
        with application.store() as store:
            keep(store, MODEL, fresh)
    return found


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

    return Event(night_id, club, value["title"], value["first_day"], value["last_day"], value["countries"],
                 tuple(Result(who(n), place, base, Decimal(score)) for n, place, base, score in value["results"]),
                 tuple(tuple((who(n), place) for n, place in table) for table in value["tables"]) if tables else (),
                 qualified=night_id in league.qualified)  # fmt: skip
