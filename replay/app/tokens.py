"""Who may write to a match at a served table: the holder of that match's token.

A token is an HMAC of the match id under a secret kept on the machine that serves (a file in the
user's config folder, made on first use, readable by that user alone), so ``taikyoku token`` and
every server process on the machine agree without storing anything in the match: a token is
never in an event, an export or a log line. ``TAIKYOKU_SECRET_FILE`` names another file (a club
that runs several machines against one PostgreSQL server copies the same file to each).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from events.errors import InputError


def secret_file() -> Path:
    given = os.environ.get("TAIKYOKU_SECRET_FILE")
    if given:
        return Path(given)
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "taikyoku" / "table-secret"


def _secret() -> bytes:
    path = secret_file()
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    except OSError as exc:
        raise InputError(f"cannot read the table secret {path}: {exc.strerror}; fix its permissions") from None
    if len(data) >= 32:
        return data[:64]
    path.parent.mkdir(parents=True, exist_ok=True)
    made = secrets.token_hex(32).encode()
    try:  # made once, by whichever process gets there first; the others read it
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_bytes()[:64]
    with os.fdopen(fd, "wb") as file:
        file.write(made)
    return made


def token_for(match_id: str) -> str:
    """The token that lets a phone write to ``match_id``."""
    digest = hmac.new(_secret(), f"table:{match_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest[:15]).decode().lower()


def is_token_for(match_id: str, token: str) -> bool:
    return hmac.compare_digest(token_for(match_id), token.strip().lower())
