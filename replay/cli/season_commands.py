"""``taikyoku season`` and ``taikyoku player``: after the nights, the season's standings of a game
(a club's alone in a league's store) and a player's page."""

from __future__ import annotations

from typing import Annotated

import typer

from events.games import CLUB_GAME
from replay.cli.app import DEFAULT_DB, DbOption, JsonOption, app, application, wrote_for_a_program
from replay.cli.display import out, styled
from replay.present.rows import figure, signed


def _existing(db: str) -> str:
    """A store to read: one not there is said as such, never made."""
    from replay.cli.app import store_exists

    if not store_exists(db):
        from events.errors import InputError
        from replay.infra.stores import shown

        raise InputError(f"database {shown(db)} does not exist; point --db (or TAIKYOKU_DB) at your database")
    return db


@app.command()
def season(
    game: Annotated[str, typer.Option(help="The game (`taikyoku rules` lists them).")] = CLUB_GAME,
    since: Annotated[str | None, typer.Option(help="The first day, YYYY-MM-DD.")] = None,
    until: Annotated[str | None, typer.Option(help="The last day, YYYY-MM-DD.")] = None,
    min_games: Annotated[int, typer.Option(help="Games a player needs to be ranked.", min=1)] = 1,
    club: Annotated[
        str | None, typer.Option(help="One club's season (its nights and matches) in a league's store.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The standings as CSV.")] = False,
) -> None:
    """The season's standings of a game: each player's total, average place and rating (Tenhou's R)."""
    from replay.present.rows import standings_rows

    found = application(_existing(db)).season(game, since=since, until=until, min_games=min_games, club=club)
    if wrote_for_a_program(found, standings_rows, csv_out=csv_out, json_out=json_out):
        return
    out.print(styled((f"{game}: the season's standings", "bold"), f" ({found['matches']} matches; {found['unit']})"))
    for row in found["standings"]:
        rank = f"{row['rank']}." if row["rank"] is not None else "-"
        out.print(
            f"  {rank} {row['player']}: {signed(row['total'])} over {row['games']} games, average place "
            f"{row['average_place'] or '-'}, rating {row['rating']:.0f}"
            + (f", penalties {row['penalties']:+}" if row["penalties"] else "")
            + ("" if row["ranked"] else " (too few games)")
        )
    if found["achievements"]:
        out.print(styled(("Achievements", "bold")))
    for held in found["achievements"]:
        out.print(f"  {held['achievement']}: {', '.join(held['players'])} ({figure(held['value'])}; {held['means']})")


@app.command()
def player(
    name: Annotated[str, typer.Argument(help="The player's name, as recorded.")],
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The matches as CSV.")] = False,
) -> None:
    """A player's page: every match ended, the places, the average result, the rating over time, the
    game's figures for the player (docs/stats.md says what each counts) and the achievements held."""
    from replay.present.rows import player_rows

    found = application(_existing(db)).player_page(name)
    if not found["matches"]:
        from events.errors import InputError

        raise InputError(f"no ended match of {name!r} in this store; names are as recorded (see `taikyoku matches`)")
    if wrote_for_a_program(found, player_rows, csv_out=csv_out, json_out=json_out):
        return
    out.print(styled((name, "bold")))
    for night in found.get("tonight", []):
        seat = night["table"]
        where = (f"{seat['match_id']}, {seat['wind']}, with {', '.join(p for p in seat['players'] if p != name)}"
                 if seat else "not seated this session")  # fmt: skip
        standing = f"; {night['place']} of {night['of']}, {night['shown']}" if night["place"] else ""
        out.print(f"{night['title']} ({night['night_id']}), session {night['session']}: {where}{standing}")
    for game, facts in found["games"].items():
        rating = facts["rating"][-1]["rating"] if facts["rating"] else 1500
        out.print(
            f"  {game}: {facts['games']} games, average place {facts['average_place']}, "
            f"average result {facts['average_result']:+g}, rating {rating:.0f}"
        )
    for match in found["matches"]:
        out.print(
            f"  {match['date']} {match['match_id']} ({match['game']}): place {match['place']}, {signed(match['result'])}"
        )
    from replay.cli.display import grid
    from replay.present.rows import player_tables

    for grids in player_tables(found).values():
        for shown in grids:
            out.print(grid(shown))
