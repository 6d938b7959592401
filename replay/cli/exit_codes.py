"""The exit codes, a contract: 0 ok, 1 findings, 2 usage or bad input, 3 a conflict a retry can
clear (the match moved on, the database is locked, its disk is full, or the server's connection was lost), 4 a corrupt store, 5 an internal error (a bug).
An event id reused with other content is bad input (2): re-reading and retrying never clears it.

The library raises errors by what went wrong; only the CLI decides what a process exits with.
"""

from __future__ import annotations

from events.errors import TaikyokuError

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_CONFLICT = 3
EXIT_CORRUPT = 4
EXIT_INTERNAL = 5
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells count it (128 + SIGINT)


def exit_code_for(error: TaikyokuError) -> int:
    """The exit code of an expected error: by its kind (``replay/app/errors.py``)."""
    from replay.app.errors import answer_for

    return answer_for(error).exit_code
