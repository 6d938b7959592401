"""Who may write to a match at a served table: the holder of that match's token.

A token is an HMAC, under a secret kept on the machine that serves, of the match id and the id of
the match's first event: a new store holding a new match under an old id takes none of last
week's tokens. The secret is a file in the user's config folder (``TAIKYOKU_SECRET_FILE`` names
another: a club that runs several machines against one PostgreSQL server copies the same file to
each), so ``taikyoku token`` and every server process agree without storing anything in the
match: a token is never in an event, an export or a log line.

The secret is made once, whole (written to a file of its own, synced, then linked into place, so
a full disk or a second process making it at the same moment leaves no empty or half secret), and
checked each time it is read: 64 hex characters in a regular file owned by this user and readable
by no one else. Anything else is one line that says how to fix it; it is never replaced silently.
A server reads it when it starts and keeps it: a secret file removed while it serves is written
back as it was, within a second and again as the server stops. While it serves, it holds a mark
(an abstract Unix socket named after the secret's path, which vanishes with the process): a
command that finds the file missing then waits for the server to write it back, and never makes a
new secret that would change every table's token and the host's link under the server.
"""

from __future__ import annotations

import base64
import errno
import hashlib
import hmac
import os
import re
import secrets
import socket
import stat
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path

from events.errors import InputError

_FORM = re.compile(rb"[0-9a-f]{64}")
WRITE_BACK_WAIT = 10.0  # seconds a command waits for a serving server to write a missing secret back
WRITE_BACK_EVERY = 0.5  # seconds between a server's looks at its secret file


def secret_file() -> Path:
    given = os.environ.get("TAIKYOKU_SECRET_FILE")
    if given:
        return Path(given)
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "taikyoku" / "table-secret"


class TableSecret:
    """The key every table's token is made with, read (or made) once and then held."""

    def __init__(self, key: bytes, path: Path) -> None:
        self.key = key
        self.path = path

    @classmethod
    def load(cls, path: Path | None = None) -> TableSecret:
        """The secret in ``path`` (by default ``secret_file()``), made there first if there is none,
        unless a server serves with it: then the one it writes back."""
        path = path or secret_file()
        key = _read(path)
        if key is None and serving(path):
            deadline = time.monotonic() + WRITE_BACK_WAIT
            while key is None and time.monotonic() < deadline:  # the server writes it back within a second
                time.sleep(0.05)
                key = _read(path)
            if key is None:
                raise InputError(f"the table secret {path} is missing while `taikyoku serve` serves with it; stop "
                                 "the server (it writes the secret back as it stops), then run this again")  # fmt: skip
        while key is None:
            _make(path)
            key = _read(path)  # this process's, or the one another process linked in first
        return cls(key, path)

    def keep_while_serving(self) -> Keeper:
        """Hold the secret for a server: its mark taken, and its file written back whenever it goes
        missing, until ``Keeper.stop`` (which writes it back once more)."""
        return Keeper(self)

    def token_for(self, match_id: str, first_event_id: str) -> str:
        """The token that lets a phone write to ``match_id`` (whose first event is ``first_event_id``)."""
        digest = hmac.new(self.key, f"table:{match_id}:{first_event_id}".encode(), hashlib.sha256).digest()
        return base64.b32encode(digest[:15]).decode().lower()

    def opens(self, match_id: str, first_event_id: str, token: str) -> bool:
        """Whether ``token`` is that match's token (compared in constant time, whatever it holds)."""
        given = token.strip().lower().encode("utf-8", "replace")
        return hmac.compare_digest(self.token_for(match_id, first_event_id).encode(), given)

    def derived(self, purpose: bytes) -> bytes:
        """A key of its own for ``purpose`` (the kept rows' seals), drawn from the secret: one key is
        never used for two things."""
        return hmac.new(self.key, b"derived:" + purpose, hashlib.sha256).digest()

    def host_key(self) -> str:
        """The key of the host's link: the host's page opens with it from another device (a tablet)."""
        digest = hmac.new(self.key, b"host", hashlib.sha256).digest()
        return base64.b32encode(digest[:15]).decode().lower()

    def opens_host(self, key: str) -> bool:
        """Whether ``key`` is the host's key (compared in constant time)."""
        return hmac.compare_digest(self.host_key().encode(), key.strip().lower().encode("utf-8", "replace"))

    def write_back_if_missing(self) -> bool:
        """A server's secret file removed while it serves: written back as it was, so the tokens
        ``taikyoku token`` prints still open the tables. True when it was written back."""
        if self.path.exists():
            return False
        with suppress(InputError):  # a folder gone too, or a full disk: the server goes on with what it holds
            _make(self.path, self.key)
            return True
        return False


def _read(path: Path) -> bytes | None:
    """The secret in ``path``, None when there is no file; a file that is not a secret is refused."""
    try:
        info = path.stat()
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"cannot read the table secret {path}: {exc.strerror}; fix its permissions") from None
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"the table secret {path} is not a regular file; remove it, or set TAIKYOKU_SECRET_FILE")
    if sys.platform != "win32" and info.st_uid != os.geteuid():  # POSIX: the file must be this user's
        raise InputError(
            f"the table secret {path} belongs to another user; make it yours (chown) or set TAIKYOKU_SECRET_FILE"
        )
    if info.st_mode & 0o077:
        raise InputError(
            f"the table secret {path} can be read by others (mode {stat.S_IMODE(info.st_mode):o}); "
            f"make it private: chmod 600 {path}"
        )
    key = data.strip()
    if not _FORM.fullmatch(key):
        raise InputError(
            f"the table secret {path} is not a taikyoku secret (64 hex characters, it holds {len(data)} bytes); "
            "restore it from where it was copied, or delete it to make a new one (every table's token changes)"
        )
    return key


def _make(path: Path, key: bytes | None = None) -> None:
    """A new secret (or ``key``) in ``path``, whole or not at all: written and synced in a file of
    its own, then linked into place, which fails if another process put one there first."""
    key = key or secrets.token_hex(32).encode()
    staged = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(staged, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(key + b"\n")
                file.flush()
                os.fsync(file.fileno())
            with suppress(FileExistsError):  # made by another process meanwhile: theirs is read
                os.link(staged, path)
        finally:
            staged.unlink(missing_ok=True)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise InputError(f"cannot make the table secret {path}: the disk is full; free some space") from None
        raise InputError(f"cannot make the table secret {path}: {exc.strerror}; fix the folder's permissions") from None


def _mark(path: Path) -> str | None:
    """The name of the mark a server serving with the secret at ``path`` holds (Linux's abstract
    Unix sockets: no file, gone with the process), or None where there are none."""
    if not sys.platform.startswith("linux"):
        return None
    where = os.fsencode(os.path.abspath(path))
    return "\0taikyoku-serving-" + hashlib.sha256(where).hexdigest()[:40]


def serving(path: Path) -> bool:
    """Whether a server serves with the secret at ``path`` now (it holds the mark)."""
    name = _mark(path)
    if name is None:
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(name)
        except OSError as exc:
            return exc.errno == errno.EADDRINUSE
    return False


class Keeper:
    """A server's hold on its secret: the mark, and a thread writing the file back when it goes missing."""

    def __init__(self, secret: TableSecret) -> None:
        self.secret = secret
        self.mark: socket.socket | None = None
        name = _mark(secret.path)
        if name is not None:
            mark = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                mark.bind(name)
                self.mark = mark
            except OSError:  # another server serves with it too: it keeps the file as well
                mark.close()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._keep, name="taikyoku-secret", daemon=True)
        self.thread.start()

    def _keep(self) -> None:
        while not self.stopping.wait(WRITE_BACK_EVERY):
            self.secret.write_back_if_missing()

    def stop(self) -> None:
        """The file written back one last time, and the mark let go (stopping twice does no more)."""
        if self.stopping.is_set():
            return
        self.stopping.set()
        self.thread.join()
        self.secret.write_back_if_missing()
        if self.mark is not None:
            self.mark.close()
