"""Reaching the PostgreSQL server as the store needs it: the URL checked and shown without its
password, the connection opened, and psycopg's errors turned into one-line store errors that say
what to do (as ``store/connection.py`` does for SQLite)."""

from __future__ import annotations

import logging
import re
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg import errors as pg_errors

from store.errors import (
    ConnectionLostError,
    CorruptStoreError,
    DatabaseLockedError,
    DatabaseMissingError,
    NotAStoreError,
    StoreError,
    StoreFullError,
)

LOCK_TIMEOUT_MS = 5000  # how long an append waits for another's lock

# psycopg warns through logging (e.g. a rollback on a connection the server dropped); with no
# handler of the application's, Python would print it on stderr in psycopg's words. What went
# wrong reaches the user as one line of ours (ServerErrors below).
logging.getLogger("psycopg").addHandler(logging.NullHandler())


_PASSWORD_IN_QUERY = re.compile(r"(?i)(^|&)(password=)[^&]*")


def shown(url: str) -> str:
    """The URL as messages show it: the password, in the host part or the query, left out."""
    try:
        parts = urlsplit(url)
        password = parts.password
        host, user, port = parts.hostname or "", parts.username or "", f":{parts.port}" if parts.port else ""
    except ValueError:  # not a URL urlsplit can take apart: nothing of it but its scheme is shown
        return url.split("://", 1)[0] + "://..."
    query = _PASSWORD_IN_QUERY.sub(r"\1\2***", parts.query)
    if password is not None:
        parts = parts._replace(netloc=f"{user}:***@{host}{port}")
    return urlunsplit(parts._replace(query=query))


def check_url(url: str) -> None:
    """Refuse, in one line, a URL that cannot name a server: a port out of range, a bracket not closed."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - reading it checks its range
    except ValueError as exc:
        why = {"Port out of range 0-65535": "its port is not a number from 0 to 65535",
               "Invalid IPv6 URL": "an IPv6 host's [ is not closed by ]"}.get(str(exc), "it cannot be taken apart")  # fmt: skip
        raise StoreError(
            f"{shown(url)} is not a usable PostgreSQL URL: {why}; write it as postgresql://user@host:5432/database"
        ) from None


class ServerErrors:
    """Turn psycopg's errors into one-line store errors that say what to do."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        if exc is None or not isinstance(exc, psycopg.Error) or isinstance(exc, pg_errors.UniqueViolation):
            return
        first = " ".join(str(exc).split()).split(" LINE ")[0][:300]
        if isinstance(exc, pg_errors.QueryCanceled) and "statement timeout" in first:
            raise StoreError(
                f"a statement ran past the statement_timeout {self.where} sets; raise it or leave it out of the URL"
            ) from None
        if isinstance(exc, pg_errors.LockNotAvailable | pg_errors.QueryCanceled):
            raise DatabaseLockedError(
                f"the store at {self.where} is busy with another append (waited {LOCK_TIMEOUT_MS / 1000:g} s); "
                "retry when it is done"
            ) from None
        if isinstance(exc, pg_errors.UndefinedTable | pg_errors.UndefinedColumn):
            raise NotAStoreError(f"{self.where} is not a taikyoku store ({first}); point --db at one") from None
        if isinstance(exc, pg_errors.RaiseException):
            raise StoreError(f"{self.where}: {first}") from None
        if isinstance(exc, pg_errors.InsufficientPrivilege | pg_errors.ReadOnlySqlTransaction):
            raise StoreError(
                f"the store at {self.where} cannot be written ({first}); use a role that may write"
            ) from None
        if isinstance(exc, pg_errors.DiskFull | pg_errors.OutOfMemory):
            raise StoreFullError(
                f"the server of {self.where} is out of space: nothing was stored; free some and retry"
            ) from None
        if isinstance(exc, psycopg.OperationalError):
            raise ConnectionLostError(
                f"lost the connection to {self.where}: the server closed it or the network failed; nothing "
                "half-written was kept: check the server and retry"
            ) from None
        raise CorruptStoreError(f"the store at {self.where}: {first}") from None


def connect(url: str) -> psycopg.Connection[Any]:
    """A connection to the server at ``url``, or a one-line error that says what to check."""
    check_url(url)
    where = shown(url)
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=10, application_name="taikyoku")
    except psycopg.ProgrammingError as exc:  # the URL itself
        text = " ".join(str(exc).split())[:200]
        raise StoreError(
            f"{where} is not a usable PostgreSQL URL ({text}); write it as postgresql://user@host:5432/database"
        ) from None
    except psycopg.OperationalError as exc:
        text = " ".join(str(exc).split())
        if "does not exist" in text and "database" in text:
            name = urlsplit(url).path.lstrip("/") or "?"
            raise DatabaseMissingError(
                f"the PostgreSQL server has no database {name!r}; create it (createdb {name}) or fix the URL"
            ) from None
        raise StoreError(f"cannot connect to PostgreSQL at {where}: {_why(text, url)}") from None


def _why(text: str, url: str) -> str:
    """What a failed connection means, in our words, and what to do about it."""
    parts = urlsplit(url)
    host = f"{parts.hostname or 'the local socket'}:{parts.port or 5432}"
    if "Connection refused" in text or "No such file or directory" in text:
        return f"nothing answers at {host}; start the server, or fix the host and port in the URL"
    if "timeout" in text.lower() or "timed out" in text:
        return f"{host} did not answer within 10 s; check the host and the network"
    if "role" in text and "does not exist" in text:
        return f"the server has no user {parts.username or '(your login name)'!r}; give one it has, as postgresql://USER@host/database"
    if "password authentication failed" in text or "no password supplied" in text:
        return f"the server refused the password of {parts.username!r}; give the right one in the URL or in ~/.pgpass"
    if "could not translate host name" in text or "failed to resolve host" in text:
        return f"no host is called {parts.hostname!r}; fix the host in the URL"
    if "invalid" in text and "value" in text:
        return "a parameter of the URL has a value PostgreSQL does not accept; check what follows the ?"
    return "the server refused the connection; check the URL (postgresql://user@host:5432/database)"
