"""Every file the application writes for a person (export, view, stats --html, the html folder)
goes through here,
with one set of rules, checked before any work and again just before the file is put in place:

- never the store: neither its database file nor its ``-wal``, ``-shm`` or ``-journal`` file
  (they are the store too: a page written over a WAL loses the events still in it), even with --force;
- only regular files: a FIFO, a device or a socket is refused (an adapter writes ``-o -`` to its
  own stdout, and the shell's redirection reaches anything else);
- an existing file, or a folder's existing page, only with --force;
- whole or not at all: the text goes to a temporary file in the target folder and is moved in when
  complete. Where Linux allows it the temporary file has no name (O_TMPFILE), so that even a
  ``kill -9`` leaves nothing; elsewhere, and for a folder of pages, its name carries the process id,
  it is removed on failure, Ctrl-C or SIGTERM, and the next write in that folder removes what a
  killed process left.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from events.errors import InputError

STDOUT = "-"
STORE_COMPANIONS = ("", "-wal", "-shm", "-journal")
NAME_LIMIT = 255  # bytes in one file name, on every common file system
_LEFTOVER = re.compile(r"^\..+\.taikyoku-(\d+)\.part$")

Write = Callable[[str], object]


def is_stdout(target: Path | str | None) -> bool:
    return target is None or str(target) == STDOUT


def _kind(mode: int) -> str | None:
    """What a non-regular, non-folder file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def store_files(db: object) -> list[str]:
    """The real paths of the SQLite store ``db`` and its companion files (none for a server URL)."""
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return []
    try:
        base = os.path.realpath(text)
    except (OSError, ValueError):
        return []
    return [base + suffix for suffix in STORE_COMPANIONS]


def _is_store(target: Path, db: object) -> str | None:
    """Which of the store's files ``target`` is (by path, by link, or the same inode), or None."""
    try:
        real = os.path.realpath(target)
    except (OSError, ValueError):
        return None
    for path, suffix in zip(store_files(db), STORE_COMPANIONS, strict=True):
        if real == path:
            return suffix or "database"
        try:
            if os.path.exists(path) and os.path.exists(target) and os.path.samefile(path, target):
                return suffix or "database"
        except OSError:
            continue
    return None


def _check_name(target: Path, flag: str) -> None:
    name = os.fsencode(target.name)
    if len(name) > NAME_LIMIT:
        raise InputError(
            f"the file name given to {flag} is {len(name)} bytes long; a file name holds at most {NAME_LIMIT}: "
            "choose a shorter one"
        )
    if "\x00" in str(target):
        raise InputError(f"the file name given to {flag} holds a NUL character; choose another name")


def _lstat(target: Path, flag: str) -> os.stat_result | None:
    try:
        return os.lstat(target)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InputError(f"cannot use {target} for {flag}: {exc.strerror or 'refused'}; choose another file") from None


def check_file(target: Path | None, *, db: object, force: bool, flag: str = "-o", example: str = "out.json") -> None:
    """Refuse, before any work, a file that must not or cannot be written (see the module's rules)."""
    if is_stdout(target):
        return
    assert target is not None
    _check_name(target, flag)
    which = _is_store(target, db)
    if which is not None:
        part = "database" if which == "database" else f"{which} file"
        raise InputError(
            f"{target} is the store's {part} (--db {db}); choose another {flag} (even --force never replaces the store)"
        )
    parent = target.parent
    if not parent.is_dir():
        raise InputError(f"folder {parent} does not exist; create it or choose another {flag}")
    found = _lstat(target, flag)
    if found is None:
        return
    if stat.S_ISLNK(found.st_mode):
        try:
            found = os.stat(target)
        except OSError:
            raise InputError(f"{target} is a broken link; remove it or choose another {flag}") from None
    if stat.S_ISDIR(found.st_mode):
        raise InputError(f"{target} is a folder; give {flag} a file name, e.g. {target / example}")
    kind = _kind(found.st_mode)
    if kind is not None:
        raise InputError(
            f"{target} is {kind}, not a regular file; choose a file, or write to stdout with {flag} - and redirect it"
        )
    if not force:
        raise InputError(f"{target} already exists; choose another {flag}, or give --force to replace it")


def check_folder(folder: Path, names: Sequence[str], *, db: object, force: bool, flag: str = "-o") -> None:
    """Refuse, before any work, a folder of pages that must not be written: any page that would
    replace the store, a non-regular file, or (without --force) a file already there."""
    _check_name(folder, flag)
    if not folder.parent.is_dir():
        raise InputError(f"folder {folder.parent} does not exist; create it or choose another {flag}")
    found = _lstat(folder, flag)
    if found is not None and not folder.is_dir():
        raise InputError(f"{folder} is a file; give {flag} a folder for the pages")
    existing = []
    for name in names:
        target = folder / name
        _check_name(target, flag)
        which = _is_store(target, db)
        if which is not None:
            raise InputError(
                f"{target} would replace the store (--db {db}); choose another folder for {flag} "
                "(even --force never replaces the store)"
            )
        page = _lstat(target, flag) if found is not None else None
        if page is None:
            continue
        mode = os.stat(target).st_mode if stat.S_ISLNK(page.st_mode) and target.exists() else page.st_mode
        kind = "a folder" if stat.S_ISDIR(mode) else _kind(mode)
        if kind is not None:
            raise InputError(f"{target} is {kind}, not a regular file; move it, or choose another folder for {flag}")
        existing.append(name)
    if existing and not force:
        listed = ", ".join(existing[:3]) + (f" and {len(existing) - 3} more" if len(existing) > 3 else "")
        raise InputError(
            f"{folder} already holds {listed}; choose another folder for {flag}, or give --force to replace them"
        )


def remove_leftovers(folder: Path) -> None:
    """Remove the temporary files and folders a killed taikyoku process left in ``folder``."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        found = _LEFTOVER.match(entry.name)
        if found is None or _alive(int(found.group(1))):
            continue
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)
        else:
            Path(entry.path).unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _temporary_name(target: Path) -> Path:
    return target.parent / f".{target.name[:200]}.{os.urandom(4).hex()}.taikyoku-{os.getpid()}.part"


@contextmanager
def _signals_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP interrupt as Ctrl-C does, so that the temporary files are removed."""

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    kept: dict[signal.Signals, signal._HANDLER] = {}
    try:
        for number in (signal.Signals.SIGTERM, signal.Signals.SIGHUP):
            kept[number] = signal.signal(number, interrupt)
    except ValueError:  # not the main thread: the caller's own handlers stay
        pass
    try:
        yield
    finally:
        for number, handler in kept.items():
            signal.signal(number, handler)


def _why(exc: OSError) -> str:
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    if exc.errno == errno.EDQUOT:
        return "the disk quota is used up"
    return exc.strerror or "the file system refused"


def _file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask  # as any file the user writes, not mkstemp's 0600


def _open_unnamed(folder: Path) -> int | None:
    """A file with no name in ``folder`` (Linux's O_TMPFILE, named later through /proc), or None
    where the system or the file system has none."""
    if sys.platform != "linux" or not os.path.isdir("/proc/self/fd"):
        return None
    try:
        return os.open(folder, os.O_TMPFILE | os.O_RDWR, 0o666)
    except OSError:
        return None


def _link_unnamed(fd: int, name: Path) -> None:
    """linkat(2) with AT_SYMLINK_FOLLOW from /proc/self/fd: os.link takes that path only when
    given a directory descriptor, and plain link(2) refuses a /proc link across devices."""
    folder = os.open("/proc/self/fd", os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.link(str(fd), name, src_dir_fd=folder, follow_symlinks=True)
    finally:
        os.close(folder)


def _copy_named(fd: int, target: Path) -> Path:
    """The unnamed file's text copied to a named temporary file beside ``target``."""
    named = _temporary_name(target)
    os.lseek(fd, 0, os.SEEK_SET)
    with open(named, "xb") as copy, open(fd, "rb", closefd=False) as source:
        shutil.copyfileobj(source, copy)
        copy.flush()
        os.fsync(copy.fileno())
    return named


def _name_unnamed(fd: int, target: Path, force: bool) -> Path | None:
    """Give the unnamed file ``fd`` the name ``target``; where the system will not link it, a named
    copy of it is returned for the caller to move in."""
    if not force:
        try:
            _link_unnamed(fd, target)
        except FileExistsError:
            raise InputError(f"{target} was created meanwhile; choose another name, or give --force") from None
        except OSError:
            return _copy_named(fd, target)
        return None
    staged = _temporary_name(target)
    try:
        _link_unnamed(fd, staged)
    except OSError:
        return _copy_named(fd, target)
    return staged


@contextmanager
def writing(
    target: Path | None, *, db: object, force: bool, flag: str = "-o", example: str = "out.json"
) -> Iterator[Write]:
    """Yields a ``write(text)`` for the file ``target``, whole or not at all."""
    assert target is not None and not is_stdout(target), "an adapter writes - to its own stdout"
    check_file(target, db=db, force=force, flag=flag, example=example)
    remove_leftovers(target.parent)
    named: Path | None = None
    with _signals_interrupt():
        try:
            fd = _open_unnamed(target.parent)
            if fd is None:
                named = _temporary_name(target)
                fd = os.open(named, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                yield file.write
                file.flush()
                os.fchmod(file.fileno(), _file_mode())
                os.fsync(file.fileno())
                check_file(target, db=db, force=force, flag=flag, example=example)  # nothing changed meanwhile
                if named is None:
                    named = _name_unnamed(file.fileno(), target, force)
            if named is not None:
                os.replace(named, target)
                named = None
        except OSError as exc:
            raise InputError(f"could not write {target}: {_why(exc)}; nothing was written") from None
        finally:
            if named is not None:
                named.unlink(missing_ok=True)


@contextmanager
def folder_writing(
    folder: Path, names: Sequence[str], *, db: object, force: bool, flag: str = "-o"
) -> Iterator[Callable[[str, str], None]]:
    """Yields a ``put(name, text)`` for pages of ``folder``: they are written in a folder beside it
    and moved in only when every page is there, so a failure leaves ``folder`` as it was."""
    check_folder(folder, names, db=db, force=force, flag=flag)
    remove_leftovers(folder.parent)
    if folder.is_dir():
        remove_leftovers(folder)
    allowed = set(names)
    staging: Path | None = None
    with _signals_interrupt():
        try:
            staging = folder.parent / f".{folder.name[:200]}.{os.urandom(4).hex()}.taikyoku-{os.getpid()}.part"
            staging.mkdir()

            def put(name: str, text: str) -> None:
                if name not in allowed:
                    raise ValueError(f"page {name!r} was not checked before writing")
                (staging / name).write_text(text, encoding="utf-8")

            yield put
            check_folder(folder, names, db=db, force=force, flag=flag)  # nothing changed meanwhile
            folder.mkdir(exist_ok=True)
            mode = _file_mode()
            for page in staging.iterdir():
                os.chmod(page, mode)
                os.replace(page, folder / page.name)
        except OSError as exc:
            raise InputError(f"could not write {folder}: {_why(exc)}; the folder is as it was") from None
        finally:
            if staging is not None:
                shutil.rmtree(staging, ignore_errors=True)
