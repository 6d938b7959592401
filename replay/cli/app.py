"""The typer application and what every command shares: --db, --json, output helpers."""

from __future__ import annotations

import getpass
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from events.errors import InputError
from store import EventStore

EPILOG = (
    "Exit codes: 0 ok, 1 findings, 2 usage or bad input, 3 concurrency conflict or locked database, "
    "4 corrupt store, 5 internal error."
)

# The commands, grouped in --help as a user looks for them (each module registers its own).
PANELS = {
    "The store": ("new", "record", "log", "matches", "abandon", "verify", "rules", "cards", "schemas", "simulate"),
    "Recording a round": ("round", "yaku-set", "deal", "triple", "play", "draw", "expose", "koikoi", "go", "stop",
                          "misdeal", "discard", "call", "dora", "tsumo", "ron", "exhaustive", "abort"),
    "Results and the table": ("result", "table"),
    "Review": ("replay", "view", "price", "audit", "retract", "note", "dispute", "verdict", "claim"),
    "Exchange": ("import", "export"),
}  # fmt: skip


class _Grouped(TyperGroup):
    """--help lists the commands by group, in the order above, not alphabetically."""

    def list_commands(self, ctx: Any) -> list[str]:
        order = [name for names in PANELS.values() for name in names]
        known = super().list_commands(ctx)
        return [n for n in order if n in known] + [n for n in known if n not in order]

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        for panel, names in PANELS.items():
            rows = []
            for name in names:
                command = self.get_command(ctx, name)
                if command is not None and not command.hidden:
                    rows.append((name, command.get_short_help_str(formatter.width - 16)))
            if rows:
                with formatter.section(panel):
                    formatter.write_dl(rows)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        print(f"taikyoku {version('taikyoku')}")
        raise typer.Exit()


app = typer.Typer(
    cls=_Grouped,
    context_settings={"help_option_names": ["-h", "--help"]},
    name="taikyoku",
    help="Record, replay and audit hanafuda and riichi mahjong matches, event by event.",
    epilog=EPILOG,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Record, replay and audit hanafuda and riichi mahjong matches, event by event."""


DbOption = Annotated[
    Path,
    typer.Option("--db", envvar="TAIKYOKU_DB", help="The SQLite event store (default ./taikyoku.db, or $TAIKYOKU_DB)."),
]
DEFAULT_DB = Path("taikyoku.db")
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for machines instead of tables.")]
MatchArg = Annotated[str, typer.Argument(help="The match id.")]
ByOption = Annotated[
    str | None,
    typer.Option("--by", envvar="TAIKYOKU_RECORDER", help="Who records the events (default: your user name)."),
]


RECORDER_LIMIT = 200  # as the event envelope's schema allows


def recorder(by: str | None) -> str:
    """Who records: --by (or TAIKYOKU_RECORDER), else the user's login name."""
    if by is not None:
        if not by.strip():
            raise InputError("--by (or TAIKYOKU_RECORDER) is empty; say who records, e.g. --by Aki")
        if len(by) > RECORDER_LIMIT:
            raise InputError(f"--by (or TAIKYOKU_RECORDER) is {len(by)} characters long; use at most {RECORDER_LIMIT}")
        return by
    try:
        return getpass.getuser() or "unknown"
    except Exception:
        return os.environ.get("USER", "unknown")


def open_store(db: Path, *, create: bool = False) -> EventStore:
    return EventStore.open(db, create=create)


def print_json(value: Any) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def read_input(source: str) -> tuple[bytes, str]:
    """The bytes of a file, or of stdin for '-', with a name for messages."""
    if source == "-":
        return sys.stdin.buffer.read(), "stdin"
    path = Path(source)
    if not path.exists():
        raise InputError(f"file {source} does not exist; give a JSON or JSONL file, or - for stdin")
    if path.is_dir():
        raise InputError(f"{source} is a directory; give a JSON or JSONL file")
    try:
        return path.read_bytes(), source
    except OSError as exc:
        raise InputError(f"cannot read {source}: {exc.strerror}") from None
