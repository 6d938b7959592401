"""The host's night, on the serving laptop or a device with the host link: open it, seat each
session, the clock, penalties, substitutes, a table's undo or abandon, the close; the host's page
and the night's QR codes. Every route refuses anyone else (``Shared.host_allowed``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from events.errors import InputError
from events.games import CLUB_GAME
from replay.app.access import CORRECTS, RUNS
from replay.app.catalog import ruleset, ruleset_ids, rulesets
from replay.present import club_pages as pages
from replay.present import served_pages
from replay.web.bodies import (
    AbandonIn,
    ClockIn,
    CutIn,
    HideIn,
    NightIn,
    PenaltyIn,
    PlayersIn,
    RegisterIn,
    SeatIn,
    SubstituteIn,
    TimeIn,
    UndoIn,
)
from replay.web.served import Served

router = APIRouter()
PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}  # a page with the tables' tokens


@router.get("/api/host/nights")
def api_host_nights(request: Request, served: Served) -> dict[str, Any]:
    """The host's start: the nights in the store (newest first), every player's name known, the
    games with their rulesets, and the game offered first (the newest night's, else the club's)."""
    access = served.host_only(request)
    games: dict[str, list[str]] = {}
    for spec in rulesets():
        games.setdefault(spec.game, []).append(spec.id)
    nights = served.taikyoku.nights(club=None if access.whole else access.club)
    first = nights[0]["game"] if nights and nights[0]["game"] in games else CLUB_GAME
    return {"nights": nights, "known_players": served.taikyoku.known_players(), "games": games, "first_game": first}


@router.get("/api/host/rulesets/{ruleset_id}")
def api_host_ruleset(ruleset_id: str, request: Request, served: Served) -> dict[str, Any]:
    """A ruleset's options, each with its default, for the host to change at a night's opening."""
    served.host_only(request)
    spec = ruleset(ruleset_id)
    if spec is None:
        raise InputError(f"unknown ruleset {ruleset_id!r}; use one of: {', '.join(ruleset_ids())}")
    return spec.document()


@router.post("/api/host/nights", status_code=201)
def api_open_night(body: NightIn, request: Request, served: Served) -> dict[str, Any]:
    """Open a night: the game, ruleset, sessions planned, the players present; with a club's host
    key, a night of that club."""
    access = served.host_only(request)
    club = None if access.whole else access.club
    access.check(club, "a new night", RUNS)
    sheet = served.taikyoku.open_night(body.game, body.players, ruleset_id=body.ruleset, options=body.options,
                                       length=body.length, sessions=body.sessions, title=body.title,
                                       club=club)  # fmt: skip
    return served.with_codes(sheet, request)


@router.get("/api/host/nights/{night}")
def api_host_night(night: str, request: Request, served: Served) -> dict[str, Any]:
    served.may(request, night, CORRECTS)
    return served.with_codes(served.taikyoku.night_sheet(night), request)


@router.post("/api/host/nights/{night}/players")
def api_night_players(night: str, body: PlayersIn, request: Request, served: Served) -> dict[str, Any]:
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.night_players(night, body.players), request)


@router.post("/api/host/nights/{night}/seat")
def api_night_seat(night: str, body: SeatIn, request: Request, served: Served) -> dict[str, Any]:
    """Seat the next session (``again``: the last one once more, before any table of it starts), as
    the director chooses: the mode, the interval's step, a schedule's text, the winds, who sits out."""
    served.may(request, night, RUNS)
    seated = served.taikyoku.seat_session(night, again=body.again, mode=body.mode, step=body.step,
                                          schedule=body.schedule, winds=body.winds, leave_out=body.out)  # fmt: skip
    return served.with_codes(seated, request)


@router.post("/api/host/nights/{night}/abandon")
def api_night_abandon(night: str, body: AbandonIn, request: Request, served: Served) -> dict[str, Any]:
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.abandon_table(night, body.match, reason=body.reason), request)


@router.post("/api/host/nights/{night}/clock")
def api_night_clock(night: str, body: ClockIn, request: Request, served: Served) -> dict[str, Any]:
    """Start the session's clock: ``minutes`` of play from now (0 stops it); with ``match``, that
    table's own clock (more time for it alone)."""
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.start_clock(night, body.minutes, match=body.match), request)


@router.post("/api/host/nights/{night}/time")
def api_night_time(night: str, body: TimeIn, request: Request, served: Served) -> dict[str, Any]:
    """Time is up at every table of the latest session in play, or at ``match`` alone."""
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.call_time(night, body.match), request)


@router.post("/api/host/nights/{night}/hide")
def api_night_hide(night: str, body: HideIn, request: Request, served: Served) -> dict[str, Any]:
    """Hide the results of ``from_session`` and after from the room and the public (none: reveal)."""
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.hide_results(night, body.from_session), request)


@router.post("/api/host/nights/{night}/cut")
def api_night_cut(night: str, body: CutIn, request: Request, served: Served) -> dict[str, Any]:
    """A cut after the session seated last: the best ``keep`` go on, the results so far ``carry``."""
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.cut(night, body.keep, body.carry), request)


@router.post("/api/host/nights/{night}/register")
def api_night_register(night: str, body: RegisterIn, request: Request, served: Served) -> dict[str, Any]:
    """The players' registration (names, EMA numbers, countries, teams) from the director's CSV."""
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.register_players(night, body.registration), request)


@router.post("/api/host/nights/{night}/penalty")
def api_night_penalty(night: str, body: PenaltyIn, request: Request, served: Served) -> dict[str, Any]:
    """A referee's penalty ``{player, points, reason, match}``, or ``{cancels: seq}`` to take one back."""
    served.may(request, night, CORRECTS)
    if body.cancels is not None:
        if body.player is not None or body.points or body.reason is not None or body.match is not None:
            raise InputError("a cancel names only the penalty it takes back ({\"cancels\": SEQ}); give a penalty "
                             "(player, points, reason) without cancels")  # fmt: skip
        return served.with_codes(served.taikyoku.cancel_penalty(night, body.cancels), request)
    given = served.taikyoku.give_penalty(night, body.player or "", body.points, body.reason or "", match=body.match)
    return served.with_codes(given, request)


@router.post("/api/host/nights/{night}/substitute")
def api_night_substitute(night: str, body: SubstituteIn, request: Request, served: Served) -> dict[str, Any]:
    """A substitute takes a player's seat: ``{match, leaves, substitute, reason, counts_for}``."""
    served.may(request, night, CORRECTS)
    seated = served.taikyoku.substitute(night, body.match, body.leaves, body.substitute, reason=body.reason,
                                        counts_for=body.counts_for)  # fmt: skip
    return served.with_codes(seated, request)


@router.post("/api/host/nights/{night}/undo")
def api_night_undo(night: str, body: UndoIn, request: Request, served: Served) -> dict[str, Any]:
    """Take back a table's last hand, its match ended or not (the phone's own undo lasts only
    minutes after the end; the host's, always)."""
    served.may(request, night, CORRECTS)
    return served.with_codes(served.taikyoku.undo_at_table(night, body.match), request)


@router.post("/api/host/nights/{night}/close")
def api_night_close(night: str, request: Request, served: Served) -> dict[str, Any]:
    served.may(request, night, RUNS)
    return served.with_codes(served.taikyoku.close_night(night), request)


@router.get("/host/nights/{night}/codes", response_class=HTMLResponse)
def night_codes(night: str, request: Request, served: Served) -> Response:
    """One page of the night's QR codes, to show or print: each table in play with its players."""
    if not served.host_allowed(request):
        return HTMLResponse(pages.said_page(pages.HOST_ONLY), 403, headers=PRIVATE)
    served.may(request, night, CORRECTS)
    return HTMLResponse(pages.codes_page(served.with_codes(served.taikyoku.night_sheet(night), request)),
                        headers=PRIVATE)  # fmt: skip


@router.get("/host", response_class=HTMLResponse)
def host(request: Request, served: Served) -> Response:
    """The host's page, on the serving laptop or with the host link `serve` printed (a tablet):
    each table's link with its token, and its QR code."""
    if not served.host_allowed(request):
        return HTMLResponse(pages.said_page(pages.HOST_ONLY), 403, headers=PRIVATE)
    import segno

    access = served.host_only(request)
    league = served.taikyoku.league()
    links = []
    for match in (r["match_id"] for r in served.taikyoku.matches() if r["status"] == "in play"):
        if not access.whole and league.owner(match) != access.club:
            continue
        link = served.table_link(match, request)
        links.append((match, link, segno.make(link, error="m").svg_inline(scale=3)))
    return HTMLResponse(served_pages.host_page(links), headers=PRIVATE)
