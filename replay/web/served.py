"""What every route of the server shares, wired once per process by ``create_app``: the
application over the store, the live heads, the tables' secret, and how the host and a table's
phone are told apart. A route takes it as a dependency (``Served``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.background import BackgroundTask
from starlette.exceptions import HTTPException as StarletteHTTPException

from events.errors import TaikyokuError
from replay.app.access import LEAGUE_ACCESS, Access, AccessRefused
from replay.app.application import Application
from replay.app.errors import answer_for
from replay.infra.tokens import TableSecret
from replay.web.addresses import forwarded_client, is_loopback
from replay.web.live import Heads

if TYPE_CHECKING:
    from replay.infra.stores import StoredEvent

HOST_ONLY = ("only the host runs the night: open the host's page on the serving laptop, or with the host link "
             "`taikyoku serve` printed")  # fmt: skip


@dataclass(frozen=True)
class Shared:
    """One server process's wiring: ``public`` starts the tables' links and codes (the address
    phones open), else the address a page was opened at; ``proxied``: served through a proxy."""

    taikyoku: Application
    heads: Heads
    secret: TableSecret
    public: str | None
    proxied: bool

    def write_refused(self, match: str, authorization: str | None) -> tuple[int, str, str] | None:
        """Why a write to ``match`` may not go ahead (no token, another match's), before its body is read."""
        from replay.web.errors import said

        if not authorization or not authorization.startswith("Bearer "):
            return 401, "writing needs the table's token: Authorization: Bearer TOKEN", "auth.missing"
        self.secret.write_back_if_missing()
        try:
            first = self.taikyoku.first_event_id(match)
        except TaikyokuError as exc:
            return answer_for(exc).http_status, said(exc), exc.code
        if not self.secret.opens(match, first, authorization.removeprefix("Bearer ")):
            return 403, f"this token does not open match {match}; scan the table's code again", "auth.wrong"
        return None

    async def check_write(self, match: str, authorization: str | None) -> tuple[int, str, str] | None:
        """``write_refused``, at once where the match's first event is known, else read in a thread."""
        if self.taikyoku.known_first_event_id(match) is not None:  # nothing to read: checked here, at once
            return self.write_refused(match, authorization)
        return await asyncio.to_thread(self.write_refused, match, authorization)

    def written(self, stored: Sequence[StoredEvent]) -> JSONResponse:
        """A write's answer; its match's live pages hear of it the moment the answer is sent (the
        phone that wrote is answered first, then every page watching)."""
        match, head = stored[-1].match_id, stored[-1].seq
        heads = self.heads

        async def tell() -> None:  # on the event loop, where the pages wait (a sync task would run in a thread)
            heads.told(match, head)

        return JSONResponse({"head_seq": head, "stored": [e.seq for e in stored]}, status_code=201,
                            background=BackgroundTask(tell))  # fmt: skip

    def access(self, request: Request) -> Access | None:
        """What the caller may do: the whole store for the serving laptop or the host link's key
        (as the page sends it on, in a header, or the link gives it) or a league key; one club's
        for its host's or a referee's key; None for anyone else. A revoked key is refused."""
        key = request.headers.get("x-taikyoku-host-key") or request.query_params.get("key", "")
        if key and self.secret.opens_host(key):
            return LEAGUE_ACCESS
        found = self.taikyoku.access(key) if key else None
        if found is not None:
            return found
        return LEAGUE_ACCESS if self._from_laptop(request) else None

    def host_allowed(self, request: Request) -> bool:
        """Whether the caller holds any key of the store's (or is the serving laptop)."""
        try:
            return self.access(request) is not None
        except AccessRefused:
            return False

    def _from_laptop(self, request: Request) -> bool:
        if not is_loopback(request.client.host if request.client else ""):
            return False
        # A request from this machine: the laptop itself, or a proxy on it passing on anyone's.
        # Served through a proxy (--url), only a forwarded address of this machine is the host;
        # otherwise a request a proxy's headers mark is the laptop only if they say it is.
        said = forwarded_client(dict(request.headers))
        if self.proxied:
            return said is not None and is_loopback(said)
        return said is None or is_loopback(said)

    def host_only(self, request: Request) -> Access:
        found = self.access(request)
        if found is None:
            raise StarletteHTTPException(403, HOST_ONLY)
        return found

    def may(self, request: Request, stream: str, doing: str) -> Access:
        """The caller's access, refused in one line unless it may do ``doing`` (run or correct) to
        ``stream`` (a night, or its table), which is its club's."""
        found = self.host_only(request)
        found.check(self.taikyoku.owner(stream), stream, doing)
        return found

    def base(self, request: Request) -> str:
        """Where the tables' links start: the public address, else the one the page was opened at (a
        Host the server answers to: ``replay/web/guard.py``)."""
        return self.public or str(request.base_url).rstrip("/")

    def table_link(self, match: str, request: Request) -> str:
        """A table's link with its token (the token's secret written back if it was lost)."""
        self.secret.write_back_if_missing()
        token = self.secret.token_for(match, self.taikyoku.first_event_id(match))
        return f"{self.base(request)}/tables/{match}?token={token}"

    def with_codes(self, sheet: dict[str, Any], request: Request) -> dict[str, Any]:
        """A night's sheet for the host: each table in play with its link (its token) and QR code."""
        import segno

        for session in sheet["sessions"]:
            for table in session["tables"]:
                if table["status"] != "in play":
                    continue
                table["link"] = link = self.table_link(table["match_id"], request)
                table["qr"] = segno.make(link, error="m").svg_inline(scale=3)
        return sheet


def _shared(request: Request) -> Shared:
    shared: Shared = request.app.state.shared
    return shared


Served = Annotated[Shared, Depends(_shared)]  # what a route takes to reach the process's wiring


def recorder(request: Request) -> str:
    """Who recorded a write: the phone's own name for itself if it gave one, else the table's phone."""
    given = request.headers.get("x-taikyoku-recorder", "").strip()
    return given[:60] if given and given.isprintable() else "table phone"


def csv_download(rows: Sequence[dict[str, Any]], name: str) -> Response:
    """Rows as a CSV file to download under ``name``, never cached (a page's ``format=csv``)."""
    from replay.present.rows import rows_csv

    return Response(rows_csv(rows), media_type="text/csv; charset=utf-8",
                    headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})  # fmt: skip


def page_or_csv(request: Request, rows: Sequence[dict[str, Any]], name: str, page: Callable[[], str]) -> Response:
    """A page of rows as HTML, or (``format=csv``) the rows as a CSV file named ``name``; never cached."""
    if request.query_params.get("format") == "csv":
        return csv_download(rows, name)
    return HTMLResponse(page(), headers={"Cache-Control": "no-store"})
