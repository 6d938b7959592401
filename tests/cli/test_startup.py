"""Commands start fast: `--help` loads no command module, no model and no store, and the list of
commands --help shows is the commands the modules define."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from replay.cli import run
from replay.cli.app import COMMANDS, app

HEAVY = ("pydantic", "store", "mahjong", "jsonschema", "sqlite_utils", "replay.games", "replay.app", "events.model",
         "fastapi", "uvicorn", "segno", "starlette")  # fmt: skip


def declarations(name: str) -> bool:
    """The moves as the games declare them, and the packages that hold them: data that --help and
    every recording command read (no game's rules, events or models)."""
    if name in ("replay.app", "replay.app.catalog", "replay.games", "replay.engine", "replay.engine.moves"):
        return True
    return name.startswith("replay.games.") and (name.endswith(".moves") or name.count(".") == 2)


def test_help_loads_nothing_heavy() -> None:
    probe = (
        "import sys\n"
        "from replay.cli import run\n"
        "code = run(['--help'])\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r} or m in {HEAVY!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = ast.literal_eval(done.stdout.strip().splitlines()[-1])  # a list of module names
    assert [m for m in loaded if not declarations(m)] == []


def test_the_list_of_commands_is_what_the_modules_define() -> None:
    for module in sorted({module for module, _ in COMMANDS.values()}):
        importlib.import_module(f"replay.cli.{module}")
    defined = {}
    for info in app.registered_commands:
        name = info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]
        command = typer.main.get_command_from_info(info, pretty_exceptions_short=False, rich_markup_mode=None)
        defined[name] = (info.callback.__module__.rsplit(".", 1)[1], command.get_short_help_str(200))  # type: ignore[union-attr]
    for group in app.registered_groups:
        assert group.typer_instance is not None and group.name is not None
        module = group.typer_instance.registered_commands[0].callback.__module__.rsplit(".", 1)[1]  # type: ignore[union-attr]
        defined[group.name] = (module, str(group.typer_instance.info.help or group.help))
    assert defined == COMMANDS


def _loaded(argv: list[str], prefixes: tuple[str, ...], *, declared: bool = False) -> list[str]:
    """The modules of ``prefixes`` a fresh process has loaded once it ran the command (with
    ``declared``, the moves' declarations too)."""
    probe = (
        "import json, sys\n"
        "from replay.cli import run\n"
        f"code = run({argv!r})\n"
        f"print(json.dumps(sorted(m for m in sys.modules if m.startswith({prefixes!r}))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return [m for m in json.loads(done.stdout.strip().splitlines()[-1]) if declared or not declarations(m)]


# Each game's events, rules and fold; the riichi pricing; the schema checker; the formats; the
# server; the workers; the application's verifier and its recording service.
GAMES_AND_HEAVY = ("events.match", "events.tensho", "events.sendai", "events.riichi", "events.registry",
                   "replay.games", "mahjong", "jsonschema", "replay.formats", "fastapi", "uvicorn",
                   "multiprocessing", "replay.app.service", "replay.app.verifying")  # fmt: skip


def test_a_listing_loads_no_game_no_event_model_and_as_json_no_rich(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert run(["simulate", "tensho", "--seed", "1", "--rounds", "1", "--db", str(db)]) == 0
    assert run(["matches", "--db", str(db)]) == 0  # its glances kept, as a club's store has them
    assert _loaded(["matches", "--db", str(db)], GAMES_AND_HEAVY) == []
    assert (
        _loaded(["matches", "--db", str(db)], ("replay.games", "replay.app.catalog"), declared=True) == []
    )  # nor moves
    assert _loaded(["matches", "--json", "--db", str(db)], (*GAMES_AND_HEAVY, "rich")) == []
    assert "rich.table" in _loaded(["matches", "--db", str(db)], ("rich",))  # the table a person reads


def test_a_move_on_a_tensho_match_loads_tensho_only(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert run(["simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", "--db", str(db)]) == 0
    loaded = _loaded(["play", "m-1", "pine-crane", "--db", str(db)], GAMES_AND_HEAVY)  # refused: the match is over
    assert "replay.games.tensho.fold" in loaded and "events.tensho" in loaded
    others = ("events.sendai", "events.riichi", "replay.games.sendai", "replay.games.riichi", "mahjong", "jsonschema",
              "replay.formats", "fastapi", "multiprocessing", "replay.app.verifying")  # fmt: skip
    assert [m for m in loaded if m.startswith(others)] == []


def test_a_new_tensho_match_loads_tensho_only(tmp_path: Path) -> None:
    """`new` finds its ruleset among its game's alone: no other game's descriptor, events or options.
    Plant: the ruleset looked up among every game's (each game's descriptor loaded)."""
    loaded = _loaded(["new", "tensho", "-p", "Aki", "-p", "Beni", "--db", str(tmp_path / "club.db")], GAMES_AND_HEAVY)
    assert "replay.games.tensho.game" in loaded and "events.tensho" in loaded
    others = ("events.sendai", "events.riichi", "events.koikoi", "replay.games.sendai", "replay.games.riichi",
              "replay.games.koikoi", "mahjong", "jsonschema", "replay.formats")  # fmt: skip
    assert [m for m in loaded if m.startswith(others)] == []


def test_listing_matches_loads_neither_the_schema_checker_nor_the_riichi_pricing(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert run(["simulate", "tensho", "--seed", "1", "--rounds", "1", "--db", str(db)]) == 0
    probe = (
        "import sys\n"
        "from replay.cli import run\n"
        f"code = run(['matches', '--db', {str(db)!r}])\n"
        "heavy = ('jsonschema', 'mahjong', 'fastapi', 'uvicorn', 'multiprocessing')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy or m.startswith(('replay.web', 'replay.formats'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"  # no schema checker, pricing, server, formats or workers


@pytest.mark.postgres
def test_a_command_on_a_server_loads_no_sqlite_store(pg_url: str) -> None:
    """A league's pages and commands run on PostgreSQL: SQLite's store and its library (sqlite-utils,
    about a tenth of a second of each command's start) are never loaded. Plant: `store` importing
    its SQLite store when loaded; the pool asking isinstance of the SQLite store's class."""
    assert run(["simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1", "--db", pg_url]) == 0
    assert _loaded(["matches", "--db", pg_url], ("sqlite_utils", "store.sqlite")) == []
    assert _loaded(["season", "--game", "tensho", "--json", "--db", pg_url], ("sqlite_utils", "store.sqlite")) == []
