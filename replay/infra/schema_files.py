"""Writing and checking the committed schema files against the models they come from."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import schemas
from events import registry
from events.games import BUILT_IN, PLUGGED

GAMES_FILE = "games.json"  # the games built in: an event names its game, and no event's schema lists them


def default_directory() -> Path:
    return Path(schemas.__file__).parent


def render(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def expected_files(game: str | None = None) -> dict[str, str]:
    """File name -> exact text: for every event type and version of this project (and the list of
    its games), or with ``game`` those of a game plugged in from elsewhere (its own ``schemas/``)."""
    if game is not None:
        return {
            registry.schema_filename(name, version): render(registry.schema_document(name, version))
            for name, version in registry.known_types()
            if name.startswith(f"{game}.")
        }
    found = {
        registry.schema_filename(name, version): render(registry.schema_document(name, version))
        for name, version in registry.known_types()
        if name.split(".", 1)[0] not in PLUGGED
    }
    return found | {GAMES_FILE: render(games_document())}


def games_document() -> dict[str, object]:
    """The games built in, a list of their own: a game added rewrites this file, and no event's."""
    return {
        "$schema": registry.SCHEMA_DIALECT,
        "$id": "urn:taikyoku:games",
        "title": "the games taikyoku records",
        "description": "An event's game (match_started, night.opened) is one of these, or a game plugged in "
        "through TAIKYOKU_GAMES, whose events' schemas are in its own package.",
        "type": "string",
        "enum": list(BUILT_IN),
    }


def drift(directory: Path) -> list[str]:
    """What differs between ``directory`` and the models: one line per file."""
    expected = expected_files()
    present = {p.name for p in directory.glob("*.json")}
    problems = []
    for name, text in sorted(expected.items()):
        if name not in present:
            problems.append(f"{name}: missing")
        elif (directory / name).read_text(encoding="utf-8") != text:
            problems.append(f"{name}: differs from the model")
    problems += [f"{name}: no model has this type and version" for name in sorted(present - set(expected))]
    return problems


def export(directory: Path) -> list[str]:
    """Write every schema file into ``directory``, remove stale ones; return what changed."""
    changed = drift(directory)
    expected = expected_files()
    for name, text in expected.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    for path in directory.glob("*.json"):
        if path.name not in expected:
            path.unlink()
    return changed
