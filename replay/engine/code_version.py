"""The version of the code that folds: the package's version and a hash of the sources that turn
events into state and state into digests. A cache derived from events (a read model) is trusted
only when it was made by this very code, so an edited rule can never show an old answer."""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata
from pathlib import Path

# The packages whose code decides what a fold gives (the CLI and the store do not).
_FOLDING = ("events", "replay/engine", "replay/games", "replay/formats", "replay/app")


@cache
def code_version() -> str:
    """``VERSION+SHA256-prefix`` over every Python source of the folding packages, in path order."""
    try:
        version = metadata.version("taikyoku")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        version = "0"
    return f"{version}+{sources_digest(Path(__file__).resolve().parents[2])}"


def sources_digest(root: Path) -> str:
    """A SHA-256 prefix over every Python source of the folding packages below ``root``, their
    sub-folders' too (a game's rules live a folder down), each with its path, in path order."""
    digest = hashlib.sha256()
    for package in _FOLDING:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]
