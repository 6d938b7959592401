"""Read models: what a fold of a match gives, kept in the store beside its events so that the
next command need not fold it again. A cache derived from events, never a source of truth.

A row is shown only when it is at the match's head (the store's own check), sealed, and made by
this very code: its body carries the code version that folded it (``replay/engine/code_version``)
and a seal over the model, the match, its head hash, that version and the value. The seal is an
HMAC-SHA256 under a key drawn from this installation's table secret (``replay/infra/tokens.py``):
whoever can write the database but not read the secret cannot seal a row, so a row rewritten and
sealed again by the public recipe is not shown. Where the secret cannot be read, no row is kept
and none is shown: everything is folded from the events. A row changed in the database, or made
by other code, is folded again; ``findings`` checks every kept row and names a match whose cache
differs (``taikyoku verify``).
"""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import hmac
import json
import os
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from events.canonical import JsonValue
from store import Store
from store.records import Finding

# What reading a model cost, by model, for the tests that count work: values made by folding a
# match, and kept rows opened (their seal checked and their value parsed).
MADE: Counter[str] = Counter()
OPENED: Counter[str] = Counter()
PARSED_WHOLE: Counter[str] = Counter()  # rows opened the slow way: not as this code writes them


def seal_key() -> bytes | None:
    """The key kept rows are sealed with, drawn from the table secret (made there if there is none);
    None where the secret cannot be read or made (a file that is not a secret, a full disk)."""
    return _key_at(_secret_path(*_where_secret()))[0]


def seal_key_problem() -> str | None:
    """Why there is no key to seal (and check) kept rows with, in words; None where there is one."""
    return _key_at(_secret_path(*_where_secret()))[1]


def _where_secret() -> tuple[str | None, str | None, str | None]:
    """What the secret's path is made from: asked of each row of thousands, so the path itself is
    made once for each (``_secret_path``)."""
    return os.environ.get("TAIKYOKU_SECRET_FILE"), os.environ.get("XDG_CONFIG_HOME"), os.environ.get("HOME")


@functools.cache
def _secret_path(given: str | None, config: str | None, home: str | None) -> str:
    from replay.infra.tokens import secret_file

    return str(secret_file())


@functools.cache
def _key_at(path: str) -> tuple[bytes | None, str | None]:
    from events.errors import TaikyokuError
    from replay.infra.tokens import TableSecret

    try:
        return TableSecret.load(Path(path)).derived(b"read-models"), None
    except TaikyokuError as exc:
        return None, exc.message
    except OSError as exc:
        return None, f"cannot read the table secret {path}: {exc.strerror}"


def maker() -> str:
    """Who makes a kept row: this code's version and, by a name of its key (never the key), this
    installation. A row another installation sealed (one sharing a PostgreSQL store under another
    secret) is, like another version's, never shown here and not checked here."""
    return _maker_for(seal_key())


@functools.cache
def _maker_for(key: bytes | None) -> str:
    from replay.engine.code_version import code_version

    return code_version() if key is None else f"{code_version()} key {hashlib.sha256(key).hexdigest()[:12]}"


def maker_of(body: str) -> str | None:
    """The maker a row's body names, read without trusting it; None where it names none."""
    try:
        found = json.loads(body).get("code")
    except (ValueError, AttributeError):
        return None
    return found if isinstance(found, str) else None


def keep(store: Store, model: str, rows: list[tuple[str, str, str]]) -> None:
    """Keep sealed rows of ``model``; nothing where there is no key to seal them with."""
    if rows and seal_key() is not None:
        store.keep_read_model(model, rows)


def _parsed(text: str) -> object:
    """A kept value's JSON text parsed: by orjson where its value, written again, is the text byte
    for byte (as a value this code kept almost always is: then it is the value the standard library
    reads), two and a half times faster over a league's 200,000 digests; else by the standard
    library, which reads what orjson would not read alike (an integer past 64 bits, which orjson
    reads as a float; a float it spells otherwise; a lone surrogate in a name). None where neither
    reads it."""
    try:
        value = orjson.loads(text)
        if orjson.dumps(value, option=orjson.OPT_SORT_KEYS) == text.encode():
            return value
    except (orjson.JSONDecodeError, orjson.JSONEncodeError, UnicodeEncodeError):
        pass
    try:
        return json.loads(text)
    except ValueError:
        return None


@functools.lru_cache(maxsize=4)
def _keyed(key: bytes) -> hmac.HMAC:
    """An HMAC-SHA-256 under ``key`` with nothing fed yet: each seal is a copy of it."""
    return hmac.new(key, digestmod=hashlib.sha256)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a league's 200,000 kept values are parsed: each
    value is a tree of new dicts and lists (no cycles), and a collection every few thousand of
    them walks every one kept so far, a third of the time of reading them."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _canonical(value: JsonValue) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, sort_keys=True)


def as_json(value: dict[str, Any]) -> dict[str, Any]:
    """``value`` as it reads back from a kept row: JSON's types (lists, not tuples; string keys)."""
    found: dict[str, Any] = json.loads(_canonical(value))
    return found


@dataclass(frozen=True)
class SealedModel:
    """One read model: its name (a new shape gets a new name), what it is in words, and how a
    match's value is made from the store."""

    name: str
    what: str  # "cached statistics", for messages
    make: Callable[[Store, str], dict[str, Any]]

    def seal(self, match_id: str, head_hash: str, code: str, text: str, *, key: bytes | None = None) -> str:
        """The row's seal under this installation's key ("" where there is none: no row holds it).
        ``key``: the key, where the caller read it once for thousands of rows (finding it reads the
        environment, a tenth of a page's time over a league's rows)."""
        key = key or seal_key()
        if key is None:
            return ""
        sealing = _keyed(key).copy()  # the key's pads worked out once, not for each of 200,000 rows
        sealing.update(f"{self.name}\n{match_id}\n{head_hash}\n{code}\n{text}".encode())
        return sealing.hexdigest()

    def made(self, store: Store, match_id: str) -> dict[str, Any]:
        """The value, as a kept row reads back (JSON's types)."""
        MADE[self.name] += 1
        return as_json(self.make(store, match_id))

    def sealed(self, match_id: str, head_hash: str, value: dict[str, Any]) -> str:
        """The row's body: the value with the code version that made it, and the seal."""
        code, text = maker(), _canonical(value)
        # The body's canonical text laid out from the value's own (keys in order: code, seal,
        # value), not encoded twice: a kept ranking's value is tens of megabytes.
        seal = self.seal(match_id, head_hash, code, text)
        return f'{{"code":{_canonical(code)},"seal":{_canonical(seal)},"value":{text}}}'

    def opened(
        self, match_id: str, head_hash: str, body: str, *, key: bytes | None = None
    ) -> tuple[str, dict[str, Any]] | None:
        """(code version, value) of a row whose seal holds; None for a row changed since it was written.
        ``key``: as ``seal`` takes it."""
        OPENED[self.name] += 1
        # A row as this code writes it is canonical JSON with its keys in order, so the value's
        # canonical text stands in it as written: sealed and parsed from there, once.
        if body.startswith('{"code":"') and body.endswith("}"):
            end = body.find('"', 9)
            code = body[9:end]
            if body.startswith(',"seal":"', end + 1) and body.startswith('","value":', end + 74):
                seal, text = body[end + 10 : end + 74], body[end + 84 : -1]
                if "\\" not in code and hmac.compare_digest(seal, self.seal(match_id, head_hash, code, text, key=key)):
                    value = _parsed(text)
                    if isinstance(value, dict):
                        return code, value
        PARSED_WHOLE[self.name] += 1
        try:
            row = json.loads(body)
            code, seal, value = row["code"], row["seal"], row["value"]
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(code, str) or not isinstance(value, dict):
            return None
        if not isinstance(seal, str) or len(seal) != 64:
            return None
        return (
            (code, value)
            if hmac.compare_digest(seal, self.seal(match_id, head_hash, code, _canonical(value), key=key))
            else None
        )

    def shown(
        self, match_id: str, head_hash: str, body: str, *, key: bytes | None = None, code: str | None = None
    ) -> dict[str, Any] | None:
        """The value of a kept row that may be shown: sealed, and made by this code; else None.
        ``key`` and ``code``: this installation's key and ``maker()``, where the caller read them once."""
        row = self.opened(match_id, head_hash, body, key=key)
        return row[1] if row is not None and row[0] == (code or maker()) else None

    def trusted(self, store: Store, match_ids: Collection[str] | None = None) -> dict[str, dict[str, Any]]:
        """The kept values that may be shown (of ``match_ids`` alone where given): at the match's
        head, sealed, made by this code."""
        found, key, code = {}, seal_key(), maker()
        rows = store.read_model(self.name, match_ids)
        with _collector_paused():
            for match_id, (head_hash, body) in rows.items():
                value = self.shown(match_id, head_hash, body, key=key, code=code)
                if value is not None:
                    found[match_id] = value
        return found

    def values(
        self,
        store: Store,
        heads: Iterable[tuple[str, int, str]],
        *,
        progress: Callable[[int, int], None] | None = None,
        only: bool = False,
    ) -> dict[str, dict[str, Any]]:
        """The value of every match of ``heads``: kept where it is trusted, made (and kept) where
        not. ``only``: read the kept rows of those matches alone (a few of many)."""
        wanted = list(heads)
        kept = self.trusted(store, [match_id for match_id, _, _ in wanted] if only else None)
        missing = [(match_id, head_hash) for match_id, _, head_hash in wanted if match_id not in kept]
        fresh: list[tuple[str, str, str]] = []
        for done, (match_id, head_hash) in enumerate(missing, 1):
            kept[match_id] = self.made(store, match_id)
            fresh.append((match_id, head_hash, self.sealed(match_id, head_hash, kept[match_id])))
            if progress is not None:
                progress(done, len(missing))
        keep(store, self.name, fresh)
        return {match_id: kept[match_id] for match_id, _, _ in wanted}

    def findings(
        self,
        store: Store,
        *,
        deep: bool = False,
        made: Callable[[str], dict[str, Any]] | None = None,
        match: str | None = None,
    ) -> list[Finding]:
        """Every kept row of this code checked: one changed after it was written (its seal does not
        hold) names the match. ``deep`` folds each match again (by ``made``, or this model's own
        fold) and names one whose row a fold no longer gives: a row sealed again by whoever holds
        this installation's secret, or made by a fault of this code. Rows another code version or
        installation made are never shown (they are folded again), so they are not checked; with
        ``match``, only that match's row is."""
        remade = made if made is not None else (lambda match_id: self.made(store, match_id))
        found = []
        mine = maker()
        for match_id, (head_hash, body) in sorted(store.read_model(self.name).items()):
            named = maker_of(body)
            if (named is not None and named != mine) or (match is not None and match_id != match):
                continue  # another version's or installation's (never shown here), or another match's
            row = self.opened(match_id, head_hash, body)
            if row is None:
                found.append(Finding(
                    "store.read_model.altered",
                    f"match {match_id}: its {self.what} were changed after taikyoku wrote them (the seal does not "
                    "hold); `taikyoku stats --rebuild` folds them again from the events",
                    match_id,
                ))  # fmt: skip
            elif deep and _canonical(row[1]) != _canonical(remade(match_id)):
                found.append(Finding(
                    "store.read_model.differs",
                    f"match {match_id}: its {self.what} differ from a fold of its events; "
                    "`taikyoku stats --rebuild` folds them again from the events",
                    match_id,
                ))  # fmt: skip
        return found


def glance(store: Store, match_id: str) -> dict[str, Any]:
    """A match at a glance, as `taikyoku matches` lists it: its status and standings so far."""
    from replay.app import service

    return service.summary(store, match_id)


GLANCES = SealedModel("glance-3", "cached standings", glance)
