"""The ``taikyoku`` command: each command module registers its commands on ``app`` when the command
is asked for (``replay/cli/app.py`` lists them). Errors are one line on stderr; exit codes are a
contract.

Exit codes: 0 ok, 1 findings, 2 usage or bad input, 3 concurrency conflict (or a locked
database), 4 corrupt store, 5 internal error (a bug: please report it), 130 interrupted (Ctrl-C).

This module loads nothing until it is asked for ``app`` or ``run``: ``main`` makes Ctrl-C one line
and exit 130 before the command's modules are loaded, and again once the command has ended.
"""

from __future__ import annotations

import os
import signal
import sys
from contextlib import suppress
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from replay.cli.app import app
    from replay.cli.runner import run

__all__ = ["app", "main", "run"]

INTERRUPTED_LINE = b"taikyoku: error: interrupted; nothing was recorded\n"
_line = [INTERRUPTED_LINE]  # once the command has run: what it stored stands, and says so


def _interrupted_outside_a_command(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C while the command's modules load or the process ends: nothing is being recorded then."""
    os.write(2, _line[0])
    os._exit(130)


def main() -> None:
    signal.signal(signal.SIGINT, _interrupted_outside_a_command)
    import gc

    from replay.cli.runner import run

    # The imported modules live as long as the process: keep the collector from rescanning
    # them while a long import or replay allocates (worth ~15% on bulk appends).
    gc.collect()
    gc.freeze()
    from events import interrupts

    code: int | None = None
    caught = False  # interrupted in the runner's own last steps, or just as it returned
    while True:  # a Ctrl-C between the runner's return and the ending's handler: caught, and done again
        try:
            if code is None:
                code = run(interruptible=True)
            _line[0] = f"taikyoku: error: {interrupts.said()}\n".encode()
            signal.signal(signal.SIGINT, _interrupted_outside_a_command)  # the process ending
            break
        except KeyboardInterrupt:
            code, caught = 130, True
    if caught:
        os.write(2, _line[0])
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):  # a reader gone (a closed pipe): what it did not read is not ours to say
            stream.flush()
    # Every command has closed what it opened: the interpreter's own ending (where a Ctrl-C
    # would kill the process without a word) has nothing left to do.
    os._exit(code)


def __getattr__(name: str) -> Any:
    if name == "app":
        from replay.cli.app import app

        return app
    if name == "run":
        from replay.cli.runner import run

        return run
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
