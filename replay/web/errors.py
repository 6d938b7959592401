"""Every refusal the server answers, mapped in one place: an expected error by its kind, to the
HTTP status and the same stable code the command line prints (``replay/app/errors.py``); the
framework's own refusals (a body it cannot read, a page or method it does not have) in the same
shape, ``{"error", "code", ...}``. A page that cannot be read for a moment says so as a page."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from events.canonical import JsonValue
from events.errors import TaikyokuError
from replay.app.errors import answer_for
from replay.present import club_pages as pages


def refusal(status: int, error: str, code: str, **more: JsonValue) -> JSONResponse:
    return JSONResponse({"error": error, "code": code, **more}, status_code=status)


def said(exc: TaikyokuError) -> str:
    """An error's one line as a client sees it: never where the store is kept on the laptop."""
    if exc.kind in ("missing", "unavailable"):
        return "the store cannot be reached for a moment; what was sent is kept, send it again"
    if exc.kind == "full":
        return "the laptop's disk is full: nothing was stored; free some space there, then send it again"
    return exc.to_a_table


async def malformed(request: Request, exc: Exception) -> Response:
    """A body that is not what the endpoint takes: said in one line, with where."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    first = errors[0] if errors else {}
    where = ".".join(str(part) for part in first.get("loc", ()) if part != "body") or "the body"
    kind = str(first.get("type", ""))
    what = {
        "missing": "is missing",
        "json_invalid": "is not JSON",
        "int_type": "is a whole number, sent as a JSON number (not text, not true or false)",
        "string_type": "is text, sent as a JSON string",
        "bool_type": "is true or false",
    }.get(kind, "is not what this endpoint takes")
    return refusal(422, f"{where} {what}; send {{\"expected_seq\": N, ...}} as /api/openapi.json describes",
                   "request.invalid")  # fmt: skip


async def framework(request: Request, exc: Exception) -> Response:
    """The framework's own refusals (no such page, a method not taken, a body it cannot parse)."""
    status = exc.status_code if isinstance(exc, StarletteHTTPException) else 500
    if status == 404:
        return refusal(404, "there is no such page; the tables are listed at /", "not_found")
    if status == 405:
        return refusal(405, f"{request.method} is not taken here; see /api/openapi.json", "method")
    if status == 400:
        return refusal(422, "the body is not JSON that can be read (too deeply nested?); send "
                       "{\"expected_seq\": N, ...} as /api/openapi.json describes", "request.invalid")  # fmt: skip
    detail = exc.detail if isinstance(exc, StarletteHTTPException) else ""
    return refusal(status, str(detail)[:200], "auth.host" if status == 403 else "request")


async def expected(request: Request, exc: Exception) -> Response:
    """Every expected error: the CLI's stable code, words a player reads (no seq), its data."""
    if not isinstance(exc, TaikyokuError):  # registered for TaikyokuError alone
        raise exc
    status = answer_for(exc).http_status
    if status == 503 and not request.url.path.startswith("/api/"):  # a page: it says so, and tries again
        return HTMLResponse(pages.behind_page(), status_code=503,
                            headers={"Retry-After": "2", "Cache-Control": "no-store"})  # fmt: skip
    answer = refusal(status, said(exc), exc.code, **exc.details())
    if status == 503:
        answer.headers["Retry-After"] = "2"
    return answer


def install(app: FastAPI) -> None:
    """Every refusal's handler, by what was refused."""
    app.add_exception_handler(RequestValidationError, malformed)
    app.add_exception_handler(StarletteHTTPException, framework)
    app.add_exception_handler(TaikyokuError, expected)
