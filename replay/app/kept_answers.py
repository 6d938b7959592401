"""Answers a league asks again and again (its ranking, a club's season, a player's page), kept
beside the events at the store's mark: the same question asked of a store that has not grown, or
has grown by nothing the answer reads, is read back, not worked out again from every night and
match.

An event store only ever grows (no event is changed or deleted: the stores' triggers refuse it), so
its mark (its count of events and last position) moves with every change, a retract or a merge
included. A kept answer is shown as it stands at the mark it was made at; past it, where the
question says what its answer reads (``Reads``), the streams stored to since are looked at, and
the answer is still shown when none of them moved what it reads (a move at another club's table,
at a table still playing, a name said of a player for a page that reads no names): else it is made
again. It is sealed as every read model is (``replay/app/read_models.py``): made by this code under
this installation's key, else made again. Kept as its JSON text as ``--json`` shows it, so that
its order (standings as first played, a player's matches in turn) reads back as it was made, and
a command prints it as it stands."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import partial
from typing import Any

import orjson

from events.canonical import JsonValue
from replay.app.json_text import json_text
from replay.app.read_models import SealedModel, keep, maker, maker_of
from store import Store
from store.records import Finding, Mark

MODEL = "kept-answer-3"  # its value: the question's canonical text, and the answer's JSON text as shown
ANSWERS = SealedModel(MODEL, "kept answers", lambda _store, _key: {})
LOOKED_AT = 5_000  # events stored since a kept answer's mark, at most, looked at before it is made again
RE_KEPT = 1_000_000  # an answer shorter than this is kept again at the mark it was found current at
MADE: Counter[str] = Counter()  # answers made (not read back), by the question's first word: for the tests


@dataclass(frozen=True)
class Reads:
    """What an answer reads, beyond the question: ``moved`` says whether any of the streams stored
    to since its mark (each with the types of the events stored to it since, in order) moved what
    it reads. Said conservatively: a stream it cannot tell of has moved it."""

    moved: Callable[[Store, Mapping[str, tuple[str, ...]]], bool]
    # Where it moved, the kept answer brought up to now from what was stored since (names added
    # by new matches), or None where it cannot be: then it is made again.
    grown: Callable[[Store, Mapping[str, tuple[str, ...]], dict[str, Any]], dict[str, Any] | None] | None = None


def answer(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]],
    reads: Reads | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The answer to ``question`` (every argument it depends on, resolved: a default day as the day
    it stands for), read back where the store has not grown since it was kept, or (``reads``) where
    nothing it reads has moved since; else ``make``-d, and kept when nothing was stored while it
    was made."""
    found: dict[str, Any] = json.loads(answer_text(opened, question, make, reads))
    return found


def answer_text(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]],
    reads: Reads | None = None, *, compact: bool = False,
) -> str:  # fmt: skip
    """``answer``'s, as ``--json`` prints it (``replay/app/json_text.py``): a kept answer's text as
    it stands, neither parsed nor written again (a league's ranking runs to tens of megabytes).
    ``compact``: on one line, for an answer no person reads (``replay/app/ended_matches.py``)."""
    return _answer(opened, question, make, reads, compact)[0]


def answer_value(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]],
    reads: Reads, *, compact: bool = True,
) -> dict[str, Any]:  # fmt: skip
    """``answer``'s, for an answer the code reads on (a league's ended matches, a club's): the value
    grown here as it is, else its text parsed (tens of megabytes, parsed once)."""
    text, value = _answer(opened, question, make, reads, compact)
    found: dict[str, Any] = orjson.loads(text) if value is None else value
    return found


def _answer(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]],
    reads: Reads | None, compact: bool,
) -> tuple[str, dict[str, Any] | None]:  # fmt: skip
    """The answer's text, and its value where it was grown here (else None)."""
    text = json.dumps(question, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    key = "answer:" + hashlib.sha256(text.encode()).hexdigest()
    with opened() as store:
        row = store.read_model_row(MODEL, key)
        made_at = _made_at(row)
        if row is None or made_at is None:
            mark = store.mark()
        else:  # the mark now, and what was stored since the kept one, read together
            mark, changed = store.changed_since(made_at, LOOKED_AT)
            # Its seal checked and its text read only where it may be shown (tens of megabytes).
            kept = partial(_kept, key, text, row)
            if mark == made_at and (found := kept()) is not None:
                return str(found["json"]), None
            if mark != made_at and reads is not None and changed is not None:
                still = _still(store, reads, (mark, changed), key, kept, compact)
                if still is not None:
                    return still
    shown = _text(make(), compact)
    MADE[str(question[0]) if isinstance(question, list) and question else ""] += 1
    with opened() as store:
        if store.mark() == mark:  # an event stored meanwhile: the answer may be of neither mark
            made = {"question": text, "json": shown}
            keep(store, MODEL, [(key, _mark_text(mark), ANSWERS.sealed(key, _mark_text(mark), made))])
    return shown, None  # a value made may hold what its text reads back otherwise (a tuple): parsed


def _text(value: dict[str, Any], compact: bool) -> str:
    return orjson.dumps(value).decode() if compact else json_text(value)


def _mark_text(mark: Mark) -> str:
    return f"{mark.events} {mark.position}"


def _made_at(row: tuple[str, str] | None) -> Mark | None:
    """The mark a kept answer was made at, as its row says (None: no row, or none it can be)."""
    if row is None:
        return None
    count, _, position = row[0].partition(" ")
    return Mark(int(count), int(position)) if count.isdigit() and position.isdigit() else None


def _kept(key: str, question: str, row: tuple[str, str]) -> dict[str, Any] | None:
    """The kept answer (its question and text), where it may be shown: sealed by this code, and
    the answer to this question."""
    kept = ANSWERS.shown(key, row[0], row[1])
    if kept is None or kept.get("question") != question or not isinstance(kept.get("json"), str):
        return None
    return kept


def _still(
    store: Store, reads: Reads, since: tuple[Mark, Mapping[str, tuple[str, ...]]], key: str,
    opened: Callable[[], dict[str, Any] | None], compact: bool,
) -> tuple[str, dict[str, Any] | None] | None:  # fmt: skip
    """The kept answer (its text, and its value where grown) where it still holds at the mark now
    (nothing ``since`` moved what it reads: the streams stored to since its own mark), or where
    ``reads`` brings it up to now; else None.
    Kept again at the mark now where it is short or was brought up to now (a ranking of tens of
    megabytes is not written again for a move at a table: its changes are looked at from its own
    mark, up to ``LOOKED_AT`` events, and then it is made again)."""
    now, changed = since
    grown = None
    moved = reads.moved(store, changed)
    if moved and reads.grown is None:
        return None  # made again: the kept text is not read
    value = opened()
    if value is None:
        return None
    if moved:
        assert reads.grown is not None
        grown = reads.grown(store, changed, orjson.loads(value["json"]))
        if grown is None:
            return None
        value = value | {"json": _text(grown, compact)}
    if grown is not None or len(value["json"]) < RE_KEPT:
        keep(store, MODEL, [(key, _mark_text(now), ANSWERS.sealed(key, _mark_text(now), value))])
    return str(value["json"]), grown


def findings(store: Store) -> list[Finding]:
    """Every kept answer this installation's code made, its seal checked (``taikyoku verify``): a
    row changed in the database is named (it is never shown; the next ask makes it again)."""
    found = []
    code = maker()
    for key, (mark, body) in sorted(store.read_model_rows(MODEL).items()):
        if maker_of(body) not in (None, code):
            continue  # another version's or installation's: never shown here
        row = ANSWERS.opened(key, mark, body)
        question = row[1].get("question") if row is not None else None
        if (
            row is None
            or not isinstance(question, str)
            or key != "answer:" + hashlib.sha256(question.encode()).hexdigest()
        ):
            found.append(Finding(
                "store.read_model.altered",
                "a kept answer (a ranking, a season or a player's page) was changed after taikyoku wrote it (the seal "
                "does not hold): it is not shown, and is made again from the events when next asked",
            ))  # fmt: skip
    return found
