"""The games taikyoku records, by name: each game's events are named after it (``tensho.deal``).

The games built in live in this project (their events in ``events/<name>.py``, their rules in
``replay/games/<name>/``); a game is built in by adding its name to ``BUILT_IN``. A game from
elsewhere is plugged in by naming its package in the environment variable ``TAIKYOKU_GAMES``
(``TAIKYOKU_GAMES=clubgames.toy``, several parted by commas): the package's last name is the
game's name, its ``events`` module declares its events, its ``game`` module its descriptor, and
its ``schemas/`` folder holds its events' schema files. No imports, so the event registry reads
this without a cycle.

A match records its game by name, and a store's schemas list no game: what names a game is
checked against the games this installation has (``schemas/games.json`` lists the built-in ones),
so that a game added rewrites no published schema.
"""

from __future__ import annotations

import os
import re

from events.errors import InputError

BUILT_IN: tuple[str, ...] = ("tensho", "sendai", "koikoi", "riichi", "mcr")
NAME_PATTERN = r"^[a-z][a-z0-9]{1,19}$"  # a game's name: its events' prefix, and its folder's
PLUG_VARIABLE = "TAIKYOKU_GAMES"


class PluggedGameError(InputError):
    """``TAIKYOKU_GAMES`` is not a list of games' packages: said in one line by whatever loads it."""


def _plugged(value: str) -> dict[str, str]:
    """The games ``TAIKYOKU_GAMES`` plugs in: their names and packages, in the order given."""
    found: dict[str, str] = {}
    for package in (part.strip() for part in value.split(",")):
        if not package:
            continue
        name = package.rsplit(".", 1)[-1]
        if not re.fullmatch(r"[A-Za-z_][\w.]*", package) or not re.fullmatch(NAME_PATTERN, name):
            raise PluggedGameError(
                f"{PLUG_VARIABLE} names {package!r}: give a Python package whose last name is the game's "
                "(2-20 lower-case letters and digits), several parted by commas"
            )
        if _missing(package):
            raise PluggedGameError(
                f"{PLUG_VARIABLE} names {package}, which is no package that can be imported; install it, "
                "or set PYTHONPATH to the folder that holds it"
            )
        if name in BUILT_IN or name in found:
            raise PluggedGameError(f"{PLUG_VARIABLE} names the game {name!r} twice (or a built-in one's name)")
        found[name] = package
    return found


def _missing(package: str) -> bool:
    """Whether ``package`` cannot be found (its parents are imported to look; it is not)."""
    from importlib.util import find_spec

    try:
        return find_spec(package) is None
    except ImportError:  # a parent package that is not there
        return True


PLUGGED: dict[str, str] = _plugged(os.environ.get(PLUG_VARIABLE, ""))
GAMES: tuple[str, ...] = (*BUILT_IN, *PLUGGED)


def package_of(name: str) -> str:
    """The package of the game ``name``'s rules (its ``game`` module declares it)."""
    return PLUGGED.get(name, f"replay.games.{name}")


def events_module_of(name: str) -> str:
    """The module that declares the game ``name``'s events."""
    return f"{PLUGGED[name]}.events" if name in PLUGGED else f"events.{name}"


def registered(name: str) -> str:
    """``name``, a game of this installation's; else ValueError naming the games."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; use one of: {', '.join(GAMES)}")
    return name


# The club's game where none is named: a season's page and `night season` show it, and the host's
# page offers it first before the store holds a night. The registry names it, as it names every
# game, so no layer above decides by a game's name.
CLUB_GAME: str = "riichi"
