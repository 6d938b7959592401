"""A match as a table's phone and any page read and write it: the match, the moves of the moment,
a write (events or one move, on the head the phone showed), its live head, its session's clock.
Reading is open; a write's token was checked before its body was read (``replay/web/guard.py``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from events.errors import InputError
from replay.web.bodies import EventsIn, MoveIn, Written
from replay.web.served import Served, recorder

router = APIRouter()


@router.get("/api/matches")
def api_matches(served: Served) -> list[dict[str, Any]]:
    """Every match, as `taikyoku matches --json` lists it."""
    return served.taikyoku.matches()


@router.get("/api/matches/{match}")
def api_match(match: str, served: Served) -> dict[str, Any]:
    """The match as `taikyoku replay MATCH --json` gives it, with its head (``head_seq``) and status."""
    return served.taikyoku.document(match)


@router.get("/api/matches/{match}/moves")
def api_moves(match: str, served: Served) -> dict[str, Any]:
    """The moves the rules allow now, each in table mode's words and as data, and the decision
    asked, if any."""
    return served.taikyoku.moves(match)


@router.post("/api/matches/{match}/events", status_code=201, response_model=Written)
def api_events(match: str, body: EventsIn, request: Request, served: Served) -> JSONResponse:
    """Append events (the documents `taikyoku record` takes): all of them, or none."""
    from events import ingest

    documents = [
        ingest.Document(f"event {offset + 1}", {"type": event.type, "payload": event.payload}
                        | ({} if event.schema_version is None else {"schema_version": event.schema_version}))
        for offset, event in enumerate(body.events)
    ]  # fmt: skip
    stored = served.taikyoku.record_documents(match, documents, recorded_by=recorder(request),
                                              expected_seq=body.expected_seq, by_phone=True)  # fmt: skip
    return served.written(stored)


@router.post("/api/matches/{match}/moves", status_code=201, response_model=Written)
def api_move(match: str, body: MoveIn, request: Request, served: Served) -> JSONResponse:
    """Record one move on the head the phone showed: as data (the declared move and its values,
    as ``GET /api/matches/{match}/moves`` offers it), or in table mode's words (``discard 5m``, ``undo``, ``note
    TEXT``)."""
    if (body.data is None) == (body.move is None):
        raise InputError('send the move as data ({"verb": ..., "values": {...}}) or as words ("move"), one of them')
    if body.data is not None:
        done = served.taikyoku.enter_move(match, body.data.verb, body.data.values, recorded_by=recorder(request),
                                          expected_seq=body.expected_seq, by_phone=True)  # fmt: skip
        return served.written(done.stored)
    entered = served.taikyoku.enter(match, str(body.move), recorded_by=recorder(request),
                                    expected_seq=body.expected_seq, by_phone=True)  # fmt: skip
    if not entered.stored:
        raise InputError("say a move, e.g. discard 5m")
    return served.written(entered.stored)


@router.get("/api/matches/{match}/clock")
def api_table_clock(match: str, served: Served) -> dict[str, Any]:
    """The clock of the session a table plays in, for its phone (none outside a night)."""
    return served.taikyoku.table_clock(match)
