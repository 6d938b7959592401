"""The rules for a match id, an event id and a time, which the store checks at every append: kept
apart from the models, so a command that only reads the store loads none of them."""

from __future__ import annotations

import re

from events.errors import InputError

LEAGUE_STREAM = "league"  # the id of the league's own stream (events/league.py)
MATCH_ID_PATTERN = r"^[a-z0-9][a-z0-9-]{1,62}[a-z0-9]$"
_MATCH_ID = re.compile(MATCH_ID_PATTERN[1:-1])


def check_match_id(match_id: str) -> None:
    """The one match-id rule, for the store and the commands alike."""
    if not _MATCH_ID.fullmatch(match_id):  # fullmatch: "$" alone lets a final newline through
        shown = match_id if len(match_id) <= 80 else match_id[:77] + "..."
        raise InputError(f"match id {shown!r} is not valid; use 3-64 lower-case letters, digits and dashes")


UUID_PATTERN = r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
TIMESTAMP_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$"
