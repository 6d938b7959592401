"""The room's screen (every table of the night live, and the standings) and a table's page."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, Response

from replay.present import served_pages
from replay.web.served import Served

router = APIRouter()


@router.get("/api/room")
def api_room(served: Served, club: str | None = None) -> dict[str, Any]:
    """Every table of the night at a glance, and each game's standings (the room's screen);
    ``club``: that club's tables alone, in a league's store."""
    if club is not None:
        served.taikyoku.known_club(club)
    return served.taikyoku.room(club)


@router.get("/", response_class=HTMLResponse)
def room() -> Response:
    """The room's screen: every table of the night live, and the standings beside them."""
    return HTMLResponse(served_pages.room_page(), headers={"Cache-Control": "no-store"})


@router.get("/tables/{match}", response_class=HTMLResponse)
def table_page(match: str, served: Served) -> Response:
    """A table's page: the table as the replay draws it, and the moves of the moment to tap."""
    at = served.taikyoku.match(match)
    page = served_pages.table_page(match, at.game, at.state.names)
    return HTMLResponse(page, headers={"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"})
