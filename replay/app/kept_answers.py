"""Answers a league asks again and again (its ranking, a club's season, a player's page), kept
beside the events at the store's count of events: the same question asked of a store that has not
grown is read back, not worked out again from every night and match.

An event store only ever grows (no event is changed or deleted: the stores' triggers refuse it), so
its count of events moves with every change, a retract or a merge included: a kept answer is shown
only at the count it was made at. It is sealed as every read model is (``replay/app/read_models.py``):
made by this code under this installation's key, else made again. Kept as its JSON text as
``--json`` shows it, so that its order (standings as first played, a player's matches in turn)
reads back as it was made, and a command prints it as it stands."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from events.canonical import JsonValue
from replay.app.json_text import json_text
from replay.app.read_models import SealedModel, keep, maker, maker_of
from store import Store
from store.records import Finding

MODEL = "kept-answer-2"  # its value: the question's canonical text, and the answer's JSON text as shown
ANSWERS = SealedModel(MODEL, "kept answers", lambda _store, _key: {})


def answer(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """The answer to ``question`` (every argument it depends on, resolved: a default day as the day
    it stands for), read back where the store has not grown since it was kept; else ``make``-d,
    and kept when nothing was stored while it was made."""
    found: dict[str, Any] = json.loads(answer_text(opened, question, make))
    return found


def answer_text(
    opened: Callable[[], AbstractContextManager[Store]], question: JsonValue, make: Callable[[], dict[str, Any]]
) -> str:
    """``answer``'s, as ``--json`` prints it (``replay/app/json_text.py``): a kept answer's text as
    it stands, neither parsed nor written again (a league's ranking runs to tens of megabytes)."""
    text = json.dumps(question, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    key = "answer:" + hashlib.sha256(text.encode()).hexdigest()
    with opened() as store:
        mark = str(store.count())
        row = store.read_model_row(MODEL, key)
    if row is not None and row[0] == mark:
        kept = ANSWERS.shown(key, mark, row[1])
        if kept is not None and kept.get("question") == text and isinstance(kept.get("json"), str):
            return str(kept["json"])
    shown = json_text(make())
    with opened() as store:
        if str(store.count()) == mark:  # an event stored meanwhile: the answer may be of neither count
            keep(store, MODEL, [(key, mark, ANSWERS.sealed(key, mark, {"question": text, "json": shown}))])
    return shown


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
