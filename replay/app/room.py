"""The room's screen: the tables of tonight's nights and every other match in play, at a glance,
and each game's standings over them; a club's alone in a league's store. ``Application`` takes it
in (``replay/app/application.py``)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from replay.app.club import NIGHT, carried_over, server_time, standings_of, went_on_first
from store import Store

if TYPE_CHECKING:
    from replay.app.league_state import League
    from replay.app.repository import Kept


class Room:
    """The room's screen (the application's, which wires what it reads)."""

    if TYPE_CHECKING:

        def store(self) -> AbstractContextManager[Store]: ...

        def match(self, match: str) -> Kept: ...

        def matches(self) -> list[dict[str, Any]]: ...

        def league(self) -> League: ...

        def night_sheet(self, night_id: str, *, public: bool = False) -> dict[str, Any]: ...

    def room(self, club: str | None = None) -> dict[str, Any]:
        """The room's screen: the tables of the latest session of each night opened within
        ``NIGHT`` and not closed, and every other match in play or ended within ``NIGHT``, each at
        a glance as its game shows it; and each game's standings over the night's every session
        and those other tables, provisional while a table plays on. ``club``: that club's nights
        and matches alone (a league's store holds many clubs' rooms)."""
        from datetime import UTC, datetime

        from replay.app import nights
        from replay.app.night_state import Penalty
        from replay.games import GAMES

        since = (datetime.now(UTC) - NIGHT).strftime("%Y-%m-%dT%H:%M:%S")
        league = self.league()

        def mine(stream: str) -> bool:
            return club is None or league.owner(stream) == club

        with self.store() as store:
            tonight = [n["night_id"] for n in nights.nights(store) if n["opened_at"] >= since and mine(n["night_id"])]
        shown: list[dict[str, Any]] = []
        counted: list[dict[str, Any] | None] = []
        of_nights: set[str] = set()
        going: set[str] = set()  # who went on after a night's cut
        clock = None
        penalties: list[tuple[str, Penalty]] = []
        for night_id in tonight:
            sheet = self.night_sheet(night_id, public=True)
            clock = clock or (sheet["clock"] if not sheet["closed"] else None)
            if sheet["cut"] is not None:
                going |= set(sheet["cut"]["players"])
            penalties += [(GAMES[sheet["game"]].title, Penalty(**p)) for p in sheet["penalties"]]
            of_nights |= {t["match_id"] for s in sheet["sessions"] for t in s["tables"]}
            if sheet["closed"] or not sheet["sessions"]:
                continue
            shown += [t for t in sheet["sessions"][-1]["tables"] if t["status"] != "abandoned"]
            counted += [
                carried_over(t, sheet["cut"], s["session"])
                for s in sheet["sessions"]
                for t in s["tables"]
                if t["status"] != "abandoned" and t["started"] and not t.get("hidden")
            ]
        for row in self.matches():
            if row["match_id"] in of_nights or not mine(row["match_id"]):
                continue
            if row["status"] != "in play" and not (row["status"] == "complete" and row["last_recorded_at"] >= since):
                continue
            kept = self.match(row["match_id"])
            declared = GAMES[kept.game]
            table = {"match_id": row["match_id"], "game": kept.game, "title": declared.title,
                     "ruleset": row["ruleset"], "players": list(kept.state.names), "status": row["status"],
                     "head_seq": kept.head} | declared.review().glance(kept.state)  # fmt: skip
            shown.append(table)
            counted.append(table)
        standings = standings_of([t for t in counted if t is not None], penalties)
        if going:  # after a night's cut, as on the night's sheet
            standings = went_on_first(standings, going)
        return {"tables": shown, "standings": standings, "clock": clock, "now": server_time()}
