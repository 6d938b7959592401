"""The league's administration: its clubs and their keys. A league key (or the serving laptop)
adds clubs and makes or revokes any key; a club's host makes and revokes its own referees' keys.
A key is in the answer that makes it, once; after that only its id is ever shown."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from replay.app.access import AccessRefused
from replay.web.bodies import ClubIn, KeyIn, RevokeIn
from replay.web.served import Served

router = APIRouter()
LEAGUE_ONLY = "only a league key administers the clubs: send it in the X-Taikyoku-Host-Key header"


@router.get("/api/clubs")
def api_clubs(served: Served) -> list[dict[str, Any]]:
    """The league's clubs: each one's id, name, nights and keys standing."""
    return served.taikyoku.clubs()


@router.post("/api/league/clubs", status_code=201)
def api_add_club(body: ClubIn, request: Request, served: Served) -> dict[str, Any]:
    if not served.host_only(request).whole:
        raise AccessRefused(LEAGUE_ONLY, "auth.league")
    return served.taikyoku.add_club(body.club, body.name, recorded_by="league")


@router.get("/api/league/keys")
def api_keys(request: Request, served: Served) -> list[dict[str, Any]]:
    """Every key made (a club's host: its club's), never the keys themselves."""
    access = served.host_only(request)
    return served.taikyoku.keys(None if access.whole else access.club)


@router.post("/api/league/clubs/{club}/keys", status_code=201)
def api_issue_key(club: str, body: KeyIn, request: Request, served: Served) -> dict[str, Any]:
    """A new key of ``club`` (``league``: a league key, with role league); shown in this answer only."""
    access = served.host_only(request)
    if not access.whole and not (access.role == "host" and access.club == club and body.role == "referee"):
        raise AccessRefused("a club's host makes its own referees' keys; other keys are the league's to make",
                            "auth.league")  # fmt: skip
    owner = None if club == "league" else club
    return served.taikyoku.issue_key(owner, body.role, label=body.label, recorded_by=access.role)


@router.post("/api/league/keys/{key_id}/revoke")
def api_revoke_key(key_id: str, body: RevokeIn, request: Request, served: Served) -> dict[str, Any]:
    """The key opens nothing from the next request on, on every server of the store."""
    access = served.host_only(request)
    if not access.whole:
        mine = [k for k in served.taikyoku.keys(access.club) if k["key_id"] == key_id and k["role"] == "referee"]
        if access.role != "host" or not mine:
            raise AccessRefused("a club's host revokes its own referees' keys; other keys are the league's to revoke",
                                "auth.league")  # fmt: skip
    return served.taikyoku.revoke_key(key_id, body.reason, recorded_by=access.role)
