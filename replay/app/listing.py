"""The matches in a store as ``taikyoku matches`` and the served pages list them: players, status,
standings, events. Each match's glance is read from its sealed read model where this code made it
at the match's head, and folded (and kept) only where it moved on."""

from __future__ import annotations

import json
from typing import Any

from events.errors import InputError
from events.versions import MATCH_STARTED
from replay.app.read_models import GLANCES
from store import Store, StoredEvent

STATUSES = ("in play", "complete", "abandoned", "illegal")  # illegal: stored events the rules refuse


def match_rows(
    store: Store, *, game: str | None = None, player: str | None = None, status: str | None = None
) -> list[dict[str, Any]]:
    """One row per match, oldest first, of those the filters admit."""
    if status is not None and status not in STATUSES:
        raise InputError(f"--status is 'in play', 'complete', 'abandoned' or 'illegal', not {status!r}")
    if game is not None:
        from replay.app.catalog import check_game_name

        check_game_name(game)
    # Each match's start is read for its game, ruleset and names only, and let go: a season's
    # listing never holds every match's rules.
    chosen = []
    for head in store.matches():
        started = started_json(head.first)
        names = [p["name"] for p in started["players"]]
        if (game is None or started["game"] == game) and (player is None or player in names):
            chosen.append((head.match_id, started["game"], started["ruleset"]["id"], names, head.last_seq,
                           head.first.recorded_at, head.last_recorded_at))  # fmt: skip
        del started, head
    hashes = {match_id: head_hash for match_id, _, head_hash in store.heads()}
    wanted = [(row[0], row[4], hashes.get(row[0], "")) for row in chosen]
    glances = GLANCES.values(store, wanted)  # folded only where not kept (kept unless read-only)
    rows: list[dict[str, Any]] = []
    for match_id, game_name, ruleset, names, events, started_at, last_recorded_at in chosen:
        glance = glances[match_id]
        if status is not None and glance["status"] != status:
            continue
        rows.append(
            {
                "match_id": match_id,
                "game": game_name,
                "ruleset": ruleset,
                "players": names,
                "status": glance["status"],
                "rounds": glance["rounds"],
                "standings": glance["standings"],
                "events": events,
                "started_at": started_at,
                "last_recorded_at": last_recorded_at,
            }
        )
    return rows


def started_json(event: StoredEvent) -> dict[str, Any]:
    """A match_started payload as JSON: it was validated when stored, and a listing needs only its
    game, ruleset and names (a thousand matches list without building a model each). An older
    version of the type is upcast through its model."""
    if event.schema_version == MATCH_STARTED:  # stored canonical and checked: read as it is
        found: dict[str, Any] = json.loads(event.payload_text)
        return found
    from events.match import MatchStarted

    started = event.decode()
    assert isinstance(started, MatchStarted)
    return started.model_dump(mode="json")
