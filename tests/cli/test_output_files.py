"""Every file a command writes (export, view, stats --html, the html folder) follows one set of
rules: never the store or its -wal, -shm and -journal files, only regular files, an existing file
(or a folder's page) only with --force, and no temporary file left behind, even by a killed
process. Real SQLite files, the real command, real FIFOs and devices."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.helpers import Cli, rows


@pytest.fixture
def club(cli: Cli, db: Path) -> Path:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    return db


def _refused(result: object, says: str) -> None:
    code, err = result.code, result.err  # type: ignore[attr-defined]
    assert code == 2, err
    assert err.startswith("taikyoku: error: ") and says in err, err
    assert err.count("\n") == 1


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


# ---- never the store ------------------------------------------------------------------------


def test_stats_html_never_writes_over_the_database(cli: Cli, club: Path) -> None:
    before = club.read_bytes()
    for extra in ((), ("--force",)):
        _refused(cli("stats", "--html", str(club), *extra), "is the store's database")
    assert club.read_bytes() == before
    assert cli("verify").code == 0


@pytest.mark.parametrize("suffix", ["-wal", "-shm", "-journal"])
def test_no_command_writes_the_stores_companion_files(cli: Cli, club: Path, suffix: str) -> None:
    companion = Path(f"{club}{suffix}")
    for args in (
        ("export", "m-1", "-o", str(companion), "--force"),
        ("view", "m-1", "-o", str(companion), "--force"),
        ("stats", "--html", str(companion), "--force"),
    ):
        _refused(cli(*args), f"is the store's {suffix} file")
    assert cli("verify").code == 0


def test_export_over_the_wal_of_a_store_in_use_is_refused_and_its_events_survive(cli: Cli, club: Path) -> None:
    """Another connection (a table session) holds the store with events still in its WAL."""
    holder = sqlite3.connect(club)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("PRAGMA wal_autocheckpoint=0")  # the events stay in the WAL while it is held
    assert cli("note", "m-1", "1", "kept in the WAL").code == 0
    wal = Path(f"{club}-wal")
    assert wal.exists() and wal.stat().st_size > 0
    before = wal.read_bytes()
    _refused(cli("export", "m-1", "-o", str(wal), "--force"), "even --force never replaces the store")
    assert wal.read_bytes() == before
    holder.close()
    assert cli("verify").code == 0
    assert any("kept in the WAL" in str(row) for row in rows(club))


def test_a_link_to_the_store_is_the_store(cli: Cli, club: Path, tmp_path: Path) -> None:
    symbolic = tmp_path / "shortcut.json"
    symbolic.symlink_to(club)
    hard = tmp_path / "same-inode.json"
    hard.hardlink_to(club)
    before = club.read_bytes()
    for target in (symbolic, hard):
        _refused(cli("export", "m-1", "-o", str(target), "--force"), "is the store's database")
    assert club.read_bytes() == before and symbolic.is_symlink()


def test_a_store_opened_through_a_link_keeps_its_wal_from_an_export(cli: Cli, tmp_path: Path) -> None:
    """--db names a symbolic link to the store (link.db -> real/club.db); -o names the real WAL."""
    real = tmp_path / "real"
    real.mkdir()
    club = real / "club.db"
    link = tmp_path / "link.db"
    link.symlink_to(club)
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", "--db", str(club)).code == 0
    holder = sqlite3.connect(club)
    holder.execute("PRAGMA journal_mode=WAL")
    holder.execute("PRAGMA wal_autocheckpoint=0")  # the events stay in the WAL while it is held
    assert cli("note", "m-1", "1", "kept in the WAL", "--db", str(link)).code == 0
    wal = Path(f"{club}-wal")
    before = wal.read_bytes()
    for companion in (wal, Path(f"{club}-shm")):
        refused = cli("export", "m-1", "-o", str(companion), "--force", "--db", str(link))
        _refused(refused, f"is the store's {companion.name.removeprefix('club.db')} file")
    assert wal.read_bytes() == before
    holder.close()
    assert cli("verify", "--db", str(link)).code == 0
    assert any("kept in the WAL" in str(row) for row in rows(club))


def test_the_html_folder_never_replaces_a_store_inside_it(cli: Cli, tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    store = folder / "m-1.html"  # the store is named as the page of its own match would be
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", "--db", str(store)).code == 0
    before = store.read_bytes()
    result = cli("export", "--all", "--format", "html", "-o", str(folder), "--force", "--db", str(store))
    _refused(result, "would replace the store")
    assert store.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == ["m-1.html"]


# ---- an existing file only with --force -----------------------------------------------------


def test_stats_html_replaces_an_existing_file_only_with_force(cli: Cli, club: Path, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    _refused(cli("stats", "--html", str(notes)), "notes.txt already exists; choose another --html, or give --force")
    assert notes.read_text() == "my notes"
    assert cli("stats", "--html", str(notes), "--force").code == 0
    assert notes.read_text().startswith("<!doctype html>")
    assert _temporaries(tmp_path) == []


def test_the_html_folder_replaces_existing_pages_only_with_force(cli: Cli, club: Path, tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "index.html").write_text("the club's own index")
    (folder / "other.txt").write_text("left alone")
    _refused(
        cli("export", "--all", "--format", "html", "-o", str(folder)),
        "already holds index.html; choose another folder for -o, or give --force",
    )
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "other.txt"]
    assert (folder / "index.html").read_text() == "the club's own index"
    assert cli("export", "--all", "--format", "html", "-o", str(folder), "--force").code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "m-1.html", "other.txt"]
    assert (folder / "other.txt").read_text() == "left alone"
    assert _temporaries(tmp_path) == [] and _temporaries(folder) == []


def test_a_page_of_the_same_name_is_kept_without_force(cli: Cli, club: Path, tmp_path: Path) -> None:
    folder = tmp_path / "pages"
    folder.mkdir()
    (folder / "m-1.html").write_text("an older page")
    _refused(cli("export", "--all", "--format", "html", "-o", str(folder)), "already holds m-1.html")
    assert (folder / "m-1.html").read_text() == "an older page"
    assert sorted(p.name for p in folder.iterdir()) == ["m-1.html"]


# ---- only regular files ---------------------------------------------------------------------


def test_a_fifo_is_refused_and_stays_a_fifo(cli: Cli, club: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for args in (("export", "m-1", "-o", str(fifo), "--force"), ("stats", "--html", str(fifo), "--force")):
        _refused(cli(*args), "is a FIFO (named pipe), not a regular file; choose a file, or write to stdout")
        assert fifo.is_fifo()


def test_a_device_is_refused_and_stays_a_device_even_for_root(cli: Cli, club: Path, tmp_path: Path) -> None:
    """A null device of the test's own (root may make one), so that a regression never replaces
    the machine's /dev/null; where mknod is not allowed, /dev/null itself, which then cannot be replaced."""
    import stat

    device = tmp_path / "null"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except PermissionError:
        device = Path("/dev/null")
    _refused(cli("export", "m-1", "-o", str(device), "--force"), f"{device} is a device, not a regular file")
    _refused(cli("view", "m-1", "-o", str(device), "--force"), f"{device} is a device, not a regular file")
    assert device.is_char_device()


def test_dash_writes_to_stdout_and_no_file_named_dash(
    cli: Cli, club: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # put back after the test: a later test's processes start from the checkout
    done = cli("export", "m-1", "-o", "-")
    assert done.code == 0, done.err
    assert done.json()["matches"][0]["match_id"] == "m-1"
    assert not (tmp_path / "-").exists()
    page = cli("view", "m-1", "-o", "-")
    assert page.code == 0 and page.out.startswith("<!doctype html>")
    assert not (tmp_path / "-").exists()


def test_a_file_name_over_255_bytes_is_one_line(cli: Cli, club: Path, tmp_path: Path) -> None:
    long = tmp_path / ("a" * 256 + ".json")
    for args in (("export", "m-1", "-o", str(long)), ("stats", "--html", str(long)), ("view", "m-1", "-o", str(long))):
        _refused(cli(*args), "is 261 bytes long; a file name holds at most 255: choose a shorter one")


# ---- whole or nothing, even when killed -----------------------------------------------------

_HOLD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from replay.cli import files
    target, db, mode = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    if mode == "file":
        with files.writing(target, db=db, force=False) as write:
            write("x" * 5_000_000)
            print("ready", flush=True)
            time.sleep(60)
    else:
        with files.folder_writing(target, ["a.html", "index.html"], db=db, force=False) as put:
            put("a.html", "x" * 5_000_000)
            print("ready", flush=True)
            time.sleep(60)
    """
)


def _held(target: Path, db: Path, mode: str) -> subprocess.Popen[str]:
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(target), str(db), mode], stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "ready\n"
    return holder


def test_a_file_half_written_has_no_name_so_kill_9_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    holder = _held(out / "export.json", tmp_path / "club.db", "file")
    assert list(out.iterdir()) == []  # five megabytes written, and nothing in the folder
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=120)
    assert list(out.iterdir()) == []


def test_pages_half_written_are_removed_on_sigterm(tmp_path: Path) -> None:
    holder = _held(tmp_path / "pages", tmp_path / "club.db", "folder")
    assert len(_temporaries(tmp_path)) == 1  # the pages are staged beside the target folder
    holder.send_signal(signal.SIGTERM)
    assert holder.wait(timeout=120) != 0
    assert list(tmp_path.iterdir()) == []


def test_pages_a_killed_export_left_are_removed_by_the_next_write_there(cli: Cli, club: Path, tmp_path: Path) -> None:
    holder = _held(tmp_path / "pages", club, "folder")
    holder.send_signal(signal.SIGKILL)
    holder.wait(timeout=120)
    assert len(_temporaries(tmp_path)) == 1  # nothing runs after SIGKILL
    assert cli("export", "--all", "--format", "html", "-o", str(tmp_path / "pages")).code == 0
    assert _temporaries(tmp_path) == []
    assert sorted(p.name for p in (tmp_path / "pages").iterdir()) == ["index.html", "m-1.html"]
