"""What the season, the room, a player's page and the league's names read of every night, kept
beside the events: each night's game, whether it is closed, the names it holds (and those typed as
its players, whose results count), whose each substituted or online table's seats are, its
penalties and the tables whose results are hidden now. A sealed read model at the
night's head, so that a league of thousands of nights folds none of them again to answer a page
(a night's stream moves with everything that changes these)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from replay.app.nights import nights, read
from replay.app.read_models import SealedModel
from store import Store

MODEL = "night-summary-2"  # 2: with the names typed as players


def _summary(store: Store, night_id: str) -> dict[str, Any]:
    night = read(store, night_id)
    assert night.opened is not None
    credited = {c.match_id for c in night.substitutions if c.counts_for == "substitute"} | night.online
    hidden = (
        [t.match_id for session in night.sessions[night.hidden_from - 1 :] for t in session]
        if night.hidden_from is not None and not night.closed
        else []
    )
    typed = {*night.players, *(n for t in night.tables for n in night.credited(t.match_id))}
    names = typed | {n for t in night.tables for n in t.players}
    return {"game": night.opened.game, "closed": night.closed, "names": sorted(names), "typed": sorted(typed),
            "credits": {match: list(night.credited(match)) for match in sorted(credited)},
            "penalties": [p._asdict() for p in night.penalties], "hidden": hidden}  # fmt: skip


SUMMARIES = SealedModel(MODEL, "kept night summaries", _summary)


class ReadOnce:
    """The store's heads and its nights, each read once for the answer that needs both (a club's
    season reads its matches' digests and its nights' summaries: at a league's size, 200,000
    heads and 5,000 nights a read)."""

    def __init__(self, store: Store) -> None:
        self.heads = store.heads()
        self.nights = nights(store)
        self.night_ids = {row["night_id"] for row in self.nights}


def summaries(
    store: Store, only: Callable[[str], bool] | None = None, *, once: ReadOnce | None = None
) -> dict[str, dict[str, Any]]:
    """Each night's summary (of the nights ``only`` takes), with its id and the day it opened.
    ``once``: the store's heads and nights, where the caller read them already."""
    once = once or ReadOnce(store)
    rows = {row["night_id"]: row for row in once.nights if only is None or only(row["night_id"])}
    heads = [head for head in once.heads if head[0] in rows]
    found = SUMMARIES.values(store, heads, only=only is not None)
    return {night: value | {"night_id": night, "date": rows[night]["opened_at"][:10]} for night, value in found.items()}


def credits(read: dict[str, dict[str, Any]], game: str | None = None) -> dict[str, tuple[str, ...]]:
    """Each table of the nights ``read`` (their summaries, ``summaries``) of ``game`` where a
    substitute took the result, and each online match counted: whose each seat's result is."""
    return {match: tuple(names) for value in read.values()
            if game is None or value["game"] == game for match, names in value["credits"].items()}  # fmt: skip


def hidden_tables(read: dict[str, dict[str, Any]]) -> set[str]:
    """The tables of the nights ``read`` whose results a director hides now (a night not closed,
    from its hidden session on): what the public pages leave out."""
    return {match for value in read.values() for match in value["hidden"]}


def penalties_given(read: dict[str, dict[str, Any]], game: str) -> list[dict[str, Any]]:
    """Every penalty standing on the nights ``read`` of ``game``, each with its night and the
    night's day (the day it opened): what a season's standings add to the results."""
    return [{"night_id": value["night_id"], "date": value["date"]} | penalty
            for value in read.values() if value["game"] == game
            for penalty in value["penalties"]]  # fmt: skip
