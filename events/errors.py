"""One hierarchy of errors with stable codes and the CLI exit code each maps to.

Every error a user can cause is a ``TaikyokuError``: the CLI prints its one-line message
and exits with ``exit_code``. Anything else escaping to the CLI is a bug.
"""

from __future__ import annotations

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_CONFLICT = 3
EXIT_CORRUPT = 4
EXIT_INTERNAL = 5


class TaikyokuError(Exception):
    """Base of every expected error. ``code`` is stable; the message says what to do."""

    code = "taikyoku.error"
    exit_code = EXIT_USAGE

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])


class InputError(TaikyokuError):
    """Bad input from a user or a file: wrong field, type, JSON, card, seat, turn ..."""

    code = "input.invalid"
    exit_code = EXIT_USAGE
