"""The club's records, open to anyone on the network: a night's sheet, the season's standings, a
player's page; each as JSON (as the CLI's ``--json`` gives it), as a page, and as CSV."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from events.games import CLUB_GAME
from replay.present import club_pages as pages
from replay.present.rows import ema_rows, night_rows, player_rows, standings_rows, team_rows
from replay.web.served import Served, csv_download, page_or_csv

router = APIRouter()
FRESH = {"Cache-Control": "no-store"}


@router.get("/api/nights/{night}")
def api_night(night: str, served: Served) -> dict[str, Any]:
    """A night's sheet, as anyone may see it: the tables, results and standings, no token (the
    sessions whose results the director hides left out)."""
    return served.taikyoku.night_sheet(night, public=True)


@router.get("/api/season")
def api_season(served: Served, game: str = CLUB_GAME, since: str | None = None, until: str | None = None,
               min_games: int = 1, club: str | None = None) -> dict[str, Any]:  # fmt: skip
    """The season's standings of a game (``club``: of that club's nights and matches), as `taikyoku
    season --json` gives them."""
    return served.taikyoku.season(game, since=since, until=until, min_games=max(1, min_games), public=True,
                                  club=club)  # fmt: skip


@router.get("/api/players/{name:path}")
def api_player(name: str, served: Served) -> dict[str, Any]:
    """A player's page, as `taikyoku player NAME --json` gives it."""
    return served.taikyoku.player_page(name, public=True)


@router.get("/season", response_class=HTMLResponse)
def season_page(request: Request, served: Served, game: str = CLUB_GAME, min_games: int = 1,
                club: str | None = None) -> Response:  # fmt: skip
    """The season's standings as a page, with its CSV (``club``: that club's season)."""
    found = served.taikyoku.season(game, min_games=max(1, min_games), public=True, club=club)
    rows = standings_rows(found)
    return page_or_csv(request, rows, f"season-{game}.csv", lambda: pages.season_page(found, rows))


@router.get("/players/{name:path}", response_class=HTMLResponse)
def player_page(name: str, request: Request, served: Served) -> Response:
    """A player's page: their matches, places, results and rating over time, with its CSV."""
    found = served.taikyoku.player_page(name, public=True)
    rows = player_rows(found)
    return page_or_csv(request, rows, f"{pages.file_name(name)}.csv", lambda: pages.player_page(name, found, rows))


@router.get("/nights/{night}", response_class=HTMLResponse)
def night_page(night: str, request: Request, served: Served) -> Response:
    """A night's result sheet: who played whom, the scores, the places, the night's standings."""
    sheet = served.taikyoku.night_sheet(night, public=True)
    rows = night_rows(sheet)
    wanted = request.query_params.get("format")
    if wanted == "csv":
        return csv_download(rows, f"{night}.csv")
    if wanted == "teams":
        return csv_download(team_rows(sheet["teams"]), f"{night}-teams.csv")
    if wanted == "ema":
        return csv_download(ema_rows(served.taikyoku.ema_results(night, public=True)["results"]), f"{night}-ema.csv")
    return HTMLResponse(pages.night_page(sheet, rows), headers=FRESH)
