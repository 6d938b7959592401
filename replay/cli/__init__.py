"""The ``taikyoku`` command: each command module registers its commands on ``app`` when the command
is asked for (``replay/cli/app.py`` lists them). Errors are one line on stderr; exit codes are a
contract.

Exit codes: 0 ok, 1 findings, 2 usage or bad input, 3 concurrency conflict (or a locked
database), 4 corrupt store, 5 internal error (a bug: please report it).
"""

from __future__ import annotations

import gc
import sys

from replay.cli.app import app
from replay.cli.runner import run

__all__ = ["app", "main", "run"]


def main() -> None:
    # The imported modules live as long as the process: keep the collector from rescanning
    # them while a long import or replay allocates (worth ~15% on bulk appends).
    gc.collect()
    gc.freeze()
    sys.exit(run())
