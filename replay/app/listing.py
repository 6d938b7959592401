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

STATUSES = ("in play", "complete", "abandoned")


def match_rows(
    store: Store, *, game: str | None = None, player: str | None = None, status: str | None = None
) -> list[dict[str, Any]]:
    """One row per match, oldest first, of those the filters admit."""
    if status is not None and status not in STATUSES:
        raise InputError(f"--status is 'in play', 'complete' or 'abandoned', not {status!r}")
    if game is not None:
        from replay.app.catalog import check_game_name

        check_game_name(game)
    chosen = []
    for head in store.matches():
        started = _started(head.first)
        names = [p["name"] for p in started["players"]]
        if (game is None or started["game"] == game) and (player is None or player in names):
            chosen.append((head, started, names))
    hashes = {match_id: head_hash for match_id, _, head_hash in store.heads()}
    wanted = [(head.match_id, head.last_seq, hashes.get(head.match_id, "")) for head, _, _ in chosen]
    glances = GLANCES.values(store, wanted)  # folded only where not kept (kept unless read-only)
    rows: list[dict[str, Any]] = []
    for head, started, names in chosen:
        glance = glances[head.match_id]
        if status is not None and glance["status"] != status:
            continue
        rows.append(
            {
                "match_id": head.match_id,
                "game": started["game"],
                "ruleset": started["ruleset"]["id"],
                "players": names,
                "status": glance["status"],
                "rounds": glance["rounds"],
                "standings": glance["standings"],
                "events": head.last_seq,
                "started_at": head.first.recorded_at,
                "last_recorded_at": head.last_recorded_at,
            }
        )
    return rows


def _started(event: StoredEvent) -> dict[str, Any]:
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
