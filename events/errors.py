"""One hierarchy of errors with stable codes.

Every error a user can cause is a ``TaikyokuError``: the CLI prints its one-line message and
maps its class to an exit code (``replay/cli/exit_codes.py``). Anything else escaping to the
CLI is a bug.
"""

from __future__ import annotations


class TaikyokuError(Exception):
    """Base of every expected error. ``code`` is stable; the message says what to do. ``kind`` is
    what the error is to whoever retries: ``input`` (fix it first), ``conflict`` (a retry can clear
    it: the match moved on, the store was busy or its server went away), ``corrupt`` (the store
    is damaged) or ``interrupted`` (Ctrl-C); the CLI's exit codes follow it."""

    code = "taikyoku.error"
    kind = "input"
    rule_broken = False  # a rule of the game refused it: the terminal says which, by its code

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])

    @property
    def to_a_table(self) -> str:
        """The message as a player at the table reads it: by default the message itself; an error
        that names the record's own positions (a seq) says it without them."""
        return self.message

    def details(self) -> dict[str, object]:
        """What a client is told beside the words and the code, as data (the head a tap missed)."""
        return {}


class InputError(TaikyokuError):
    """Bad input from a user or a file: wrong field, type, JSON, card, seat, turn ..."""

    code = "input.invalid"
