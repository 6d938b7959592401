"""Where a command's output goes: ``-o -`` (or no file) to stdout, and any file or folder through
the application's one writer (``replay/infra/output_files.py``), which never writes over the store
and leaves a file whole or not at all."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from replay.infra import output_files
from replay.infra.output_files import (
    STDOUT,
    Write,
    check_file,
    check_folder,
    folder_writing,
    is_stdout,
    remove_leftovers,
    store_files,
)

__all__ = [
    "STDOUT",
    "check_file",
    "check_folder",
    "folder_writing",
    "is_stdout",
    "remove_leftovers",
    "store_files",
    "writing",
]


@contextmanager
def writing(
    target: Path | None, *, db: object, force: bool, flag: str = "-o", example: str = "out.json"
) -> Iterator[Write]:
    """Yields a ``write(text)`` for ``target``: stdout for None or ``-``, else the file, whole or not at all."""
    if is_stdout(target):
        yield sys.stdout.write
        return
    with output_files.writing(target, db=db, force=force, flag=flag, example=example) as write:
        yield write
