"""The league's administration: its clubs and their keys. A league key (or the serving laptop)
adds clubs and makes or revokes any key; a club's host makes and revokes its own referees' keys.
A key is in the answer that makes it, once; after that only its id is ever shown."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from events.games import CLUB_GAME
from replay.app.access import AccessRefused
from replay.present import club_pages as pages
from replay.present.rows import league_rows, player_rows, players_rows
from replay.web.bodies import AdoptIn, ClubIn, KeyIn, MergeIn, NameIn, PersonIn, QualifyIn, RevokeIn, RotateIn
from replay.web.served import Served, page_or_csv

router = APIRouter()
LEAGUE_ONLY = "only a league key administers the clubs: send it in the X-Taikyoku-Host-Key header"
FRESH = {"Cache-Control": "no-store"}


@router.get("/api/clubs")
def api_clubs(served: Served) -> list[dict[str, Any]]:
    """The league's clubs: each one's id, name, nights and keys standing."""
    return served.taikyoku.clubs()


@router.post("/api/league/clubs", status_code=201)
def api_add_club(body: ClubIn, request: Request, served: Served) -> dict[str, Any]:
    _league_only(request, served)
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


@router.post("/api/league/keys/{key_id}/rotate", status_code=201)
def api_rotate_key(key_id: str, body: RotateIn, request: Request, served: Served) -> dict[str, Any]:
    """A new key in the place of ``key_id`` (shown in this answer only), the old one revoked with it:
    the league's key rotates any key; a club's host its own key and its referees'."""
    access = served.host_only(request)
    if not access.whole:
        mine = [k for k in served.taikyoku.keys(access.club) if k["key_id"] == key_id
                and (k["role"] == "referee" or k["key_id"] == access.key_id)]  # fmt: skip
        if access.role != "host" or not mine:
            raise AccessRefused("a club's host rotates its own key and its referees'; other keys are the league's "
                                "to rotate", "auth.league")  # fmt: skip
    return served.taikyoku.rotate_key(key_id, body.reason, recorded_by=access.role)


@router.post("/api/league/nights/{night_id}/qualified")
def api_qualify(night_id: str, body: QualifyIn, request: Request, served: Served) -> dict[str, Any]:
    """Whether players qualified to play the night (MERS: its weight +1); the league's to say."""
    _league_only(request, served)
    return served.taikyoku.qualify(night_id, body.qualified, body.reason, recorded_by="league")


@router.get("/api/league/players/{person}")
def api_person(person: str, served: Served) -> dict[str, Any]:
    """A player's page across the clubs, as `taikyoku league player PERSON --json` gives it."""
    return served.taikyoku.person_page(person, public=True)


@router.get("/league/players/{person}", response_class=HTMLResponse)
def person_page(person: str, request: Request, served: Served) -> Response:
    """A player's page across the clubs: their record, names and clubs, every match, their ranking."""
    found = served.taikyoku.person_page(person, public=True)
    rows = player_rows(found)
    return page_or_csv(request, rows, f"{person}.csv", lambda: pages.person_page(found, rows))


@router.get("/api/league/ranking")
def api_ranking(served: Served, game: str = CLUB_GAME, method: str | None = None, since: str | None = None,
                until: str | None = None, on: str | None = None) -> Response:  # fmt: skip
    """The league's ranking of ``game`` (its declared method, or ``method``), as `taikyoku league
    ranking --json` gives it, the same text: each player once, with the events that made their figure."""
    text = served.taikyoku.league_ranking_text(game, method=method, since=since, until=until, reckoning=on)
    return Response(text, media_type="application/json")


@router.get("/league", response_class=HTMLResponse)
def league_page(request: Request, served: Served, game: str = CLUB_GAME, method: str | None = None) -> Response:
    """The league's ranking as a page, a row a player and event; ``format=csv`` for its CSV."""
    found = served.taikyoku.league_ranking(game, method=method)
    rows = league_rows(found)
    return page_or_csv(request, rows, f"league-{game}.csv", lambda: pages.league_page(found, rows))


@router.get("/api/league/players")
def api_players(served: Served) -> list[dict[str, Any]]:
    """The league's players: the names each was typed as, the clubs they play at, the merges standing."""
    return served.taikyoku.players()


@router.get("/league/players", response_class=HTMLResponse)
def players_page(request: Request, served: Served) -> Response:
    """The league's players as a page, each record linked to their page across the clubs; ``format=csv``."""
    rows = players_rows(served.taikyoku.players())
    return page_or_csv(request, rows, "league-players.csv", lambda: pages.players_page(rows))


@router.post("/api/league/players", status_code=201)
def api_add_player(body: PersonIn, request: Request, served: Served) -> dict[str, Any]:
    _league_only(request, served)
    return served.taikyoku.add_person(body.name, ema_number=body.ema_number, country=body.country, club=body.club)


@router.post("/api/league/players/{person}/names")
def api_name_player(person: str, body: NameIn, request: Request, served: Served) -> dict[str, Any]:
    _league_only(request, served)
    return served.taikyoku.name_player(person, body.name, body.club)


@router.post("/api/league/adopt")
def api_adopt(body: AdoptIn, request: Request, served: Served) -> dict[str, Any]:
    """Every name typed at a club's tables matched to a player (a club's host: its own club's)."""
    access = served.host_only(request)
    if not access.whole and (access.role != "host" or body.club != access.club):
        raise AccessRefused("a club's host matches its own club's names; the league's key, every club's",
                            "auth.league")  # fmt: skip
    return served.taikyoku.adopt(body.club)


@router.post("/api/league/merges", status_code=201)
def api_merge(body: MergeIn, request: Request, served: Served) -> dict[str, Any]:
    _league_only(request, served)
    return served.taikyoku.merge_players(body.into, body.merged, body.reason)


@router.post("/api/league/merges/{seq}/undo")
def api_unmerge(seq: int, body: RevokeIn, request: Request, served: Served) -> dict[str, Any]:
    _league_only(request, served)
    return served.taikyoku.unmerge_players(seq, body.reason)


def _league_only(request: Request, served: Served) -> None:
    if not served.host_only(request).whole:
        raise AccessRefused(LEAGUE_ONLY, "auth.league")
