"""The typer application and what every command shares: --db, --json, output helpers."""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from events.canonical import JsonValue
from events.errors import InputError
from replay.app.json_text import json_text

if TYPE_CHECKING:
    from typer._click.core import Command

    from replay.app.application import Application

EPILOG = (
    "Exit codes: 0 ok, 1 findings, 2 usage or bad input, 3 concurrency conflict or locked database, "
    "4 corrupt store, 5 internal error."
)


@cache
def moves_help() -> dict[str, str]:
    """Each recording command, as the games declare their moves (data: no game's rules load), and
    its line in --help; a move's other name says which it is. Read when --help or a
    recording command asks for them, so that other commands start without them."""
    from replay.app.catalog import moves

    return {
        name: declared.help if name == declared.verb else f"{declared.help.rstrip('.')}; the same as {declared.verb}."
        for declared in moves()
        for name in (declared.verb, *declared.aliases)
    }


def panels() -> dict[str, tuple[str, ...]]:
    """The commands, grouped in --help as a user looks for them (each module registers its own)."""
    return {
        "The store": ("new", "record", "log", "matches", "abandon", "verify", "rules", "cards", "schemas", "simulate"),
        "Recording a round": tuple(moves_help()),
        "Results and the table": ("result", "table", "serve", "token"),
        "The club": ("night", "season", "player", "club", "league"),
        "Review": ("replay", "view", "stats", "price", "review", "audit", "retract", "note", "dispute", "verdict", "claim"),
        "Exchange": ("import", "export", "sync"),
    }  # fmt: skip


# Every command but the recording ones: the module that defines it, and its line in --help. A
# command's module is imported only when the command runs, so that `taikyoku --help` and each
# command start without loading every game and model (tests/cli/test_startup.py keeps this list in
# step with the code).
_LISTED: dict[str, tuple[str, str]] = {
    "new": ("store_commands", "Start a match: prints its id."),
    "record": ("store_commands", "Append events given as JSON or JSONL to a match: all of them, or none."),
    "log": ("store_commands", "List a match's events, retracted ones marked."),
    "matches": (
        "store_commands",
        "List the matches in the store: players, status (in play, complete, abandoned), standings.",
    ),
    "abandon": (
        "store_commands",
        "End a mistaken or unfinished match (a match_ended event); its events stay, `matches` shows it abandoned.",
    ),
    "verify": (
        "store_commands",
        "Check the hash chains, each match's head, SQLite's own integrity, every stored event against its schema, "
        "and the seal of every statistics and standings row kept beside the events.",
    ),
    "rules": (
        "store_commands",
        "List the rulesets and every rule option with its default; reconstructions are marked.",
    ),
    "cards": ("store_commands", "List the cards of the deck: canonical ID, MM-i code, suit, type, Nagoya number."),
    "schemas": ("store_commands", "The JSON Schema files of the events."),
    "simulate": ("simulate_commands", "Record a random legal match of GAME, reproducible from its seed."),
    "result": (
        "result_commands",
        "Record a round at result depth, without its moves; it is scored from the cards or tiles.",
    ),
    "table": (
        "table_commands",
        "Record a live game entry by entry: the state, a prompt for what comes next, tab completion.",
    ),
    "serve": (
        "serve_commands",
        "Serve every table: a page per table to record by tapping, a live view for the room, a JSON API.",
    ),
    "token": (
        "serve_commands",
        "Print the token that lets a table's phone record MATCH (the host's page shows it as a code).",
    ),
    "night": (
        "night_commands",
        "Run a club night or a tournament: who is present, the seating of each session, its sheet.",
    ),
    "club": ("league_commands", "The league's clubs and their keys: add a club, make, list, rotate and revoke keys."),
    "league": (
        "league_commands",
        "The league's players as persons (their names, merges) and its ranking across the clubs.",
    ),
    "season": (
        "season_commands",
        "The season's standings of a game: each player's total, average place and rating (Tenhou's R).",
    ),
    "player": (
        "season_commands",
        "A player's page: every match ended, the places, the average result, the rating over time, the game's "
        "figures for the player (docs/stats.md says what each counts) and the achievements held.",
    ),
    "replay": (
        "replay_commands",
        "Replay a match: hands, field, captures and yaku at any point, and every round's result.",
    ),
    "view": (
        "view_commands",
        "Write a match as one self-contained HTML page: the table at every event, arrow keys to step.",
    ),
    "stats": (
        "stats_commands",
        "Statistics across every match: standings, and each game's own figures (docs/stats.md).",
    ),
    "price": (
        "price_commands",
        "Price a recorded round's wins under several rulesets side by side, payments per seat.",
    ),
    "audit": ("history_commands", "Audit a match: integrity, legality, claims, history, balance."),
    "review": (
        "review_commands",
        "Each choice weighed against the best (each discard: shanten, improving tiles, the best), its "
        "safety, each deal-in with the safer tiles held, what happened (named checks), a summary per player.",
    ),
    "retract": ("history_commands", "Void a mistaken event."),
    "note": ("history_commands", "Attach a note to an event."),
    "dispute": ("history_commands", "Attach a dispute to an event; `taikyoku audit` lists it."),
    "verdict": (
        "history_commands",
        "Settle a dispute; `taikyoku audit` then lists it in the history, not as a finding.",
    ),
    "claim": (
        "history_commands",
        "Record the result the table agreed on for a round, or its final scores (--round 0, refused unless they "
        "agree with the record); `taikyoku audit` compares each with the computed one.",
    ),
    "import": (
        "import_commands",
        "Import each game in the files as a new match; a game with an illegal move is skipped and named.",
    ),
    "sync": (
        "sync_commands",
        "Copy matches between this store and another (the club's server), in batches, resumable; a diverged match is refused.",
    ),
    "export": (
        "import_commands",
        "Write matches out: whole histories with their hashes, one event per line, rounds as CSV, or Tenhou's format.",
    ),
}


class _Commands(Mapping[str, tuple[str, str]]):
    """Every command (module, line in --help): those listed above, then the recording commands made
    from the games' declared moves, read only when a name is not among the others."""

    def __getitem__(self, name: str) -> tuple[str, str]:
        found = _LISTED.get(name)
        return found if found is not None else ("move_commands", moves_help()[name])

    def __contains__(self, name: object) -> bool:
        return name in _LISTED or name in moves_help()

    def __iter__(self) -> Iterator[str]:
        return iter([*_LISTED, *moves_help()])

    def __len__(self) -> int:
        return len(_LISTED) + len(moves_help())


COMMANDS: Mapping[str, tuple[str, str]] = _Commands()


class _Grouped(TyperGroup):
    """--help lists the commands by group; each command's module loads when it is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return [name for names in panels().values() for name in names if name in COMMANDS]

    def get_command(self, ctx: Any, name: str) -> Any:
        found = super().get_command(ctx, name)
        if found is not None:
            _readable_placeholders(found)  # a command built before it was asked for (in-process runs)
            return found
        if name not in COMMANDS:
            return None
        import importlib

        import typer.main

        importlib.import_module(f"replay.cli.{COMMANDS[name][0]}")
        for info in app.registered_commands:
            if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:  # type: ignore[union-attr]
                found = typer.main.get_command_from_info(
                    info, pretty_exceptions_short=False, rich_markup_mode=app.rich_markup_mode
                )
        for group in app.registered_groups:
            if group.name == name:
                found = typer.main.get_group_from_info(
                    group, pretty_exceptions_short=False, suggest_commands=True, rich_markup_mode=app.rich_markup_mode
                )
        if found is not None:
            _readable_placeholders(found)
            self.add_command(found, name)
        return found

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        for panel, names in panels().items():
            rows = [(name, _short(COMMANDS[name][1], formatter.width - 16)) for name in names if name in COMMANDS]
            if rows:
                with formatter.section(panel):
                    formatter.write_dl(rows)


# Placeholders a person can read in --help: MATCH, CARD, FILE, N, not {match}, <list[str]> or
# <int range>. An option's placeholder says what it takes; an argument's is its name.
PLACEHOLDERS = {
    "player": "NAME", "option": "NAME=VALUE", "length": "N", "dealer": "SEAT", "id": "MATCH", "by": "NAME",
    "db": "PATH", "ruleset": "RULESET", "seat": "SEAT", "pao": "SEAT", "tenpai": "SEATS", "round": "N",
    "round_no": "N", "at": "SEQ", "hand": "CARDS", "field": "CARDS", "pile": "CARDS", "dead": "CARDS",
    "dora": "TILE", "ura": "TILES", "capture": "CARD", "output": "FILE", "format_": "FORMAT", "seed": "N",
    "rounds": "N", "hands": "N", "points": "P0,P1,...", "winner": "SEAT", "text": "TEXT", "reason": "TEXT",
    "against": "FINGERPRINT", "file": "FILE", "replace": "SEQ=FILE", "without": "SEQ", "wind": "E|S|W|N",
    "honba": "N", "sticks": "N", "scores": "S0,S1,...", "game": "GAME", "status": "STATUS", "match_id": "MATCH",
}  # fmt: skip


def _readable_placeholders(command: Command) -> None:
    from typer.core import TyperGroup, TyperOption

    for param in command.params:
        if isinstance(param, TyperOption) and (param.is_flag or param.count):
            continue
        if param.param_type_name == "argument":
            shown = (param.metavar or "").strip("[]") or (param.name or "value").rstrip("_").upper().replace("_", "-")
            param.metavar = shown
            # typer writes a required argument as {MATCH} and adds its Python type (<str>): plain words.
            usage = (shown if param.required else f"[{shown}]") + ("..." if param.nargs != 1 else "")
            param._usage_display_name = lambda usage=usage: usage  # type: ignore[attr-defined]
            param.display_type_rich = lambda ctx=None: ""  # type: ignore[attr-defined]
        elif param.metavar is None:
            param.metavar = PLACEHOLDERS.get(param.name or "", (param.name or "value").rstrip("_").upper())
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _readable_placeholders(sub)


def _short(text: str, limit: int) -> str:
    """A help line cut as click cuts it: at a word, with an ellipsis."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 3].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "..."


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        print(f"taikyoku {version('taikyoku')}")
        raise typer.Exit()


app = typer.Typer(
    cls=_Grouped,
    context_settings={"help_option_names": ["-h", "--help"]},
    name="taikyoku",
    help="Record, replay and audit matches of table games, event by event (`taikyoku rules` lists the games).",
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
    """Record, replay and audit matches of table games, event by event."""


DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="TAIKYOKU_DB",
        help="The event store: an SQLite file (default ./taikyoku.db, or $TAIKYOKU_DB) or a postgresql:// URL.",
    ),
]
DEFAULT_DB = "taikyoku.db"
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON for machines instead of tables.")]
MatchArg = Annotated[str, typer.Argument(help="The match id.")]
KeyOption = Annotated[
    str | None,
    typer.Option(
        "--key", envvar="TAIKYOKU_KEY", help="A club's key: do only what it may (default: as the store's owner)."
    ),
]
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


# The store --db names (replay/infra/stores.py) and the application over it, loaded when a command
# runs, not at start-up.


def shown(db: object) -> str:
    from replay.infra import stores

    return stores.shown(db)


def application(db: object, *, create: bool = False) -> Application:
    """The application over the store --db names (``create``: an SQLite file made on first use):
    every use case the commands run goes through it."""
    from replay.app.application import Application

    return Application(str(db), create=create)


def store_exists(db: object) -> bool:
    from replay.infra import stores

    return stores.store_exists(db)


def print_json(value: JsonValue) -> None:
    sys.stdout.write(json_text(value) + "\n")


def write_csv(rows: list[dict[str, Any]]) -> None:
    """Rows as CSV on stdout by the one writer of every export: a header first, and no cell a
    spreadsheet would run as a formula."""
    from replay.present.rows import rows_csv

    sys.stdout.write(rows_csv(rows))


def wrote_for_a_program(
    found: dict[str, Any], rows: Callable[[dict[str, Any]], list[dict[str, Any]]], *, csv_out: bool, json_out: bool
) -> bool:
    """``found`` written as a program reads it, where ``--csv`` (its ``rows``) or ``--json`` asked
    for that; False where a person's view is to be printed instead."""
    if csv_out:
        write_csv(rows(found))
    elif json_out:
        print_json(found)
    return csv_out or json_out


def print_json_text(text: str) -> None:
    """JSON already laid out as ``print_json`` lays it out (a kept answer's text)."""
    sys.stdout.write(text + "\n")


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
