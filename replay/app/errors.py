"""What each kind of error means to whoever called: one table, by the error's stable ``kind``
(``events/errors.py``), that the command line turns into its exit code and the server into its
HTTP status. A retry clears a ``conflict``, an ``unavailable`` store or a ``full`` disk; an ``input``
error must be fixed first; a ``corrupt`` store must be restored."""

from __future__ import annotations

from typing import NamedTuple

from events.errors import TaikyokuError


class Answer(NamedTuple):
    exit_code: int
    http_status: int


KINDS: dict[str, Answer] = {
    "input": Answer(2, 422),  # bad input: a wrong card, seat, turn, file, value
    "not_found": Answer(2, 404),  # no such match
    "forbidden": Answer(2, 403),  # not this writer's to write: a table's phone after its window
    "missing": Answer(2, 503),  # the store named is not there (to a server that opened it: gone for now)
    "conflict": Answer(3, 409),  # the match moved on: re-read it, and record again
    "unavailable": Answer(3, 503),  # the store locked, moved away or its server gone for now: retry
    "full": Answer(3, 507),  # the disk is full: free some space, retry
    "corrupt": Answer(4, 500),  # the store is damaged: restore it
    "interrupted": Answer(130, 503),  # Ctrl-C
}


def answer_for(error: TaikyokuError) -> Answer:
    """The exit code and HTTP status of an expected error, by its kind."""
    return KINDS.get(error.kind, KINDS["input"])


class ImportStopped(TaikyokuError):
    """An import stopped part way, by Ctrl-C or a worker process that died: the games stored before
    it stay, each whole, and the same import run again goes on (it skips what is stored)."""

    code = "import.stopped"
    kind = "conflict"  # a retry clears it


class ImportInterrupted(ImportStopped):
    code = "import.interrupted"
    kind = "interrupted"
