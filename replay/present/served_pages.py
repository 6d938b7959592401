"""The served pages that run a script: the room's screen, the host's page and a table's page,
each its template (``replay/present/page/``) filled with what the application answers. No I/O
but reading the pages' own files."""

from __future__ import annotations

from collections.abc import Sequence

from replay.app.catalog import GAMES
from replay.present.club_pages import host_tables
from replay.present.page import embedded_json, fill, shell, sprite
from replay.present.view_page import asset, scripts


def room_page() -> str:
    """The room's screen: every table of the night live, and the standings beside them."""
    return shell(
        "taikyoku: the room", asset("room.html"), style=asset("room.css"), script=asset("dom.js") + asset("room.js")
    )


def host_page(links: Sequence[tuple[str, str, str]]) -> str:
    """The host's page: each table in play as (match, its link with its token, its QR code's SVG)."""
    body = fill(asset("host.html"), {"tables": host_tables(links)})
    return shell("taikyoku: host", body, style=asset("host.css"), script=asset("dom.js") + asset("host.js"))


def table_page(match: str, game: str, players: Sequence[str]) -> str:
    """A table's page: the table as the replay draws it, and the moves of the moment to tap."""
    played = GAMES[game]
    context = {"match_id": match, "players": list(players), "pieces": played.piece_word,
               "round_word": played.round_word, "piece_names": sprite.names(game), "game": game,
               "result_words": dict(played.result_words), "declared": sorted(played.declared)}  # fmt: skip
    body = fill(asset("table.html"), {"sprite": sprite.sprite(game), "data": embedded_json(context)})
    return shell(f"{match}: the table", body, style=asset("table.css") + asset("recorder.css"),
                 script=scripts(game, "table.js"))  # fmt: skip
