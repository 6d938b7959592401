"""``taikyoku club`` and ``taikyoku league``: a league of clubs in one store. Its clubs and their
keys (a key printed once, when it is made), and its players as persons: their records, the names
they were typed as, merges and their undoing, and the league's ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from events.games import CLUB_GAME
from replay.cli.app import (
    DEFAULT_DB,
    ByOption,
    DbOption,
    JsonOption,
    app,
    print_json,
    print_json_text,
    recorder,
    write_csv,
    wrote_for_a_program,
)
from replay.cli.display import out

if TYPE_CHECKING:
    from replay.app.application import Application

club = typer.Typer(name="club", help="The league's clubs and their keys: add a club, make, list, rotate and revoke keys.",
                   no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                   rich_markup_mode=None)  # fmt: skip
app.add_typer(club, name="club")

ClubArgument = Annotated[str, typer.Argument(help="The club's id: lower-case letters, digits and dashes.")]


def _application(db: str) -> Application:
    from replay.app.application import Application

    return Application(str(db))


@club.command("add")
def add(
    club_id: ClubArgument,
    name: Annotated[str, typer.Option(help="The club's name, as its pages show it.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Add a club to the league."""
    added = _application(db).add_club(club_id, name, recorded_by=recorder(by))
    if json_out:
        print_json(added)
    else:
        out.print(f"{added['club']}: {added['name']}")


@club.command("list")
def list_(db: DbOption = DEFAULT_DB, json_out: JsonOption = False) -> None:
    """The league's clubs, with their nights and keys standing."""
    found = _application(db).clubs()
    if json_out:
        print_json(found)
        return
    if not found:
        out.print("no club in this store's league; add one with `taikyoku club add ID --name NAME`")
    for row in found:
        out.print(f"{row['club']}  {row['name']}: {row['nights']} nights, {row['keys']} keys")


@club.command("key")
def key(
    club_id: Annotated[str, typer.Argument(help="The club's id, or league for a league key.")],
    role: Annotated[str, typer.Option(help="host (runs the club's nights) or referee (corrects them).")] = "host",
    label: Annotated[str | None, typer.Option(help="Whose key it is, for the list of keys.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Make a key and print it, once: only its digest is kept; give it to whom it is for."""
    owner = None if club_id == "league" else club_id
    made = _application(db).issue_key(owner, "league" if owner is None else role, label=label, recorded_by=recorder(by))
    if json_out:
        print_json(made)
        return
    out.print(made["key"])
    whose = "a league key" if owner is None else f"{made['role']} of {club_id}"
    typer.echo(f"key {made['key_id']} ({whose}); it is shown this once: keep it", err=True)


@club.command("keys")
def keys(
    club_id: Annotated[str | None, typer.Argument(help="One club's keys (default: every key).")] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """The keys made: id, club, role, label, when made and revoked (never the keys themselves)."""
    found = _application(db).keys(club_id)
    if json_out:
        print_json(found)
        return
    for row in found:
        revoked = f", revoked {row['revoked_at'][:16].replace('T', ' ')}" if row["revoked_at"] else ""
        label = f" ({row['label']})" if row["label"] else ""
        whose = f"{row['club']} {row['role']}" if row["club"] else "league key"
        out.print(f"{row['key_id']}  {whose}{label}, made "
                  f"{row['issued_at'][:16].replace('T', ' ')}{revoked}")  # fmt: skip


@club.command("revoke")
def revoke(
    key_id: Annotated[str, typer.Argument(help="The key's id (its first eight letters), as `club keys` lists it.")],
    reason: Annotated[str, typer.Option(help="Why it is revoked.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Revoke a key: every server of the store refuses it from its next request on."""
    found = _application(db).revoke_key(key_id, reason, recorded_by=recorder(by))
    if json_out:
        print_json(found)
    else:
        out.print(f"{found['key_id']} revoked")


@club.command("rotate")
def rotate(
    key_id: Annotated[str, typer.Argument(help="The key's id (its first eight letters), as `club keys` lists it.")],
    reason: Annotated[str, typer.Option(help="Why it is replaced (kept with the old key's revoking).")] = "",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Replace a key: a new one for its holder (the same club, role and label), printed once, and the
    old one revoked in the same write; every server of the store refuses the old one from its next request on."""
    made = _application(db).rotate_key(key_id, reason, recorded_by=recorder(by))
    if json_out:
        print_json(made)
        return
    out.print(made["key"])
    whose = "a league key" if made["club"] is None else f"{made['role']} of {made['club']}"
    typer.echo(f"key {made['key_id']} ({whose}) replaces {made['replaces']}, revoked; it is shown this once: keep it",
               err=True)  # fmt: skip


league = typer.Typer(name="league", help="The league's players as persons (their names, merges) and its ranking across the clubs.",
                     no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                     rich_markup_mode=None)  # fmt: skip
app.add_typer(league, name="league")

PersonArgument = Annotated[str, typer.Argument(help="A player's record id (p1, p2 ...), as `league players` lists it.")]
ClubOption = Annotated[str | None, typer.Option("--club", help="The club whose tables the name was typed at.")]


@league.command("players")
def players(db: DbOption = DEFAULT_DB, json_out: JsonOption = False) -> None:
    """The league's players: the names each was typed as, the clubs they play at, the merges standing."""
    found = _application(db).players()
    if json_out:
        print_json(found)
        return
    for row in found:
        names = ", ".join(f"{n['name']} at {n['club']}" if n["club"] else n["name"] for n in row["names"])
        merged = f"; merged into {row['merged_into']} (merge {row['merge_seq']})" if row["merged_into"] else ""
        clubs = f"; plays at {', '.join(row['clubs'])}" if row["clubs"] else ""
        out.print(f"{row['person']}  {row['name']}: typed as {names}{clubs}{merged}")


@league.command("player")
def player(
    person_id: PersonArgument,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The matches as CSV.")] = False,
) -> None:
    """A player's page across the clubs: their record, the names they were typed as, every match
    they played at any club as one player, and their place in the league's ranking."""
    from replay.present.rows import player_rows

    found = _application(db).person_page(person_id)
    if wrote_for_a_program(found, player_rows, csv_out=csv_out, json_out=json_out):
        return
    ema = f", EMA {found['ema_number']}" if found["ema_number"] else ""
    country = f", {found['country']}" if found["country"] else ""
    out.print(f"{found['person']}  {found['player']}{ema}{country}")
    names = ", ".join(f"{n['name']} at {n['club']}" if n["club"] else n["name"] for n in found["names"])
    out.print(f"typed as {names}; plays at {', '.join(found['clubs']) or 'no club yet'}")
    for game, facts in found["games"].items():
        ranked = found["ranking"][game]
        place = f"{ranked['place']}. with {ranked['figure']}" if ranked["place"] is not None else "unranked"
        out.print(f"{game}: {facts['games']} games, average place {facts['average_place']}, average result "
                  f"{facts['average_result']:+g}; the league's {ranked['method']} ranking: {place}")  # fmt: skip


@league.command("person")
def person(
    name: Annotated[str, typer.Argument(help="The player's name, as shown.")],
    ema_number: Annotated[str | None, typer.Option("--ema", help="The EMA number (8 digits).")] = None,
    country: Annotated[str | None, typer.Option(help="The country (ISO 3166 code: NL, DE ...).")] = None,
    club_id: ClubOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Add a player's record: the name they play under (at one club, or at any)."""
    made = _application(db).add_person(name, ema_number=ema_number, country=country, club=club_id,
                                       recorded_by=recorder(by))  # fmt: skip
    print_json(made) if json_out else out.print(f"{made['person']}  {made['name']}")


@league.command("name")
def name(
    person_id: PersonArgument,
    typed: Annotated[str, typer.Argument(help="A name typed at the tables that is this player.")],
    club_id: ClubOption = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Say that a name typed at a club's tables (or at any club's) is this player."""
    found = _application(db).name_player(person_id, typed, club_id, recorded_by=recorder(by))
    print_json(found) if json_out else out.print(f"{typed} is {found['person']} ({found['name']})")


@league.command("adopt")
def adopt(
    club_id: ClubOption = None, by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False
) -> None:
    """Match every name typed at a club's tables to a player: new names made players, look-alikes asked about."""
    found = _application(db).adopt(club_id, recorded_by=recorder(by))
    if json_out:
        print_json(found)
        return
    out.print(f"{len(found['made'])} players made")
    for asked in found["asked"]:
        out.print(f"  {asked['name']} at {asked['club']} looks like {asked['like']} ({asked['like_name']}): "
                  f"`taikyoku league name {asked['like']} {asked['name']!r} --club {asked['club']}` if it is them, "
                  f"else `taikyoku league person {asked['name']!r} --club {asked['club']}`")  # fmt: skip


@league.command("merge")
def merge(
    into: PersonArgument,
    merged: Annotated[str, typer.Argument(help="The record merged into the first (its names and results go with it).")],
    reason: Annotated[str, typer.Option(help="Why they are one player.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Merge two records of one player; `league unmerge` takes it back."""
    found = _application(db).merge_players(into, merged, reason, recorded_by=recorder(by))
    print_json(found) if json_out else out.print(f"{merged} merged into {into} (merge {found['merge_seq']})")


@league.command("unmerge")
def unmerge(
    seq: Annotated[int, typer.Argument(help="The merge's number, as `league players` shows it.", min=1)],
    reason: Annotated[str, typer.Option(help="Why the merge is taken back.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Take a merge back: the two records are apart again."""
    found = _application(db).unmerge_players(seq, reason, recorded_by=recorder(by))
    print_json(found) if json_out else out.print(f"{found['merged']} and {found['into']} are apart again")


@league.command("qualify")
def qualify(
    night_id: Annotated[str, typer.Argument(help="The night or tournament (`taikyoku night list` lists them).")],
    reason: Annotated[str, typer.Option(help="How its players qualified (or, with --not, why that was wrong).")],
    not_: Annotated[
        bool, typer.Option("--not", help="Its players did not qualify: take a qualification back.")
    ] = False,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Say that players qualified to play a night or tournament: MERS adds one to its weight."""
    found = _application(db).qualify(night_id, not not_, reason, recorded_by=recorder(by))
    if json_out:
        print_json(found)
    else:
        out.print(f"{night_id}: {'qualifying (MERS weight +1)' if found['qualified'] else 'not qualifying'}")


@league.command("ranking")
def ranking(
    game: Annotated[str, typer.Option(help="The game (`taikyoku rules` lists them).")] = CLUB_GAME,
    method: Annotated[
        str | None, typer.Option(help="mers, glicko, totals or tenhou_r (default: the league's declared).")
    ] = None,
    options: Annotated[str | None, typer.Option(help='The method\'s figures as JSON, {"c": 50}.')] = None,
    declare: Annotated[
        bool, typer.Option("--declare", help="Make this the league's ranking of the game from now on.")
    ] = False,
    since: Annotated[str | None, typer.Option(help="The first day, YYYY-MM-DD.")] = None,
    until: Annotated[str | None, typer.Option(help="The last day, YYYY-MM-DD.")] = None,
    on: Annotated[str | None, typer.Option("--on", help="The reckoning day (default: --until, else today).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The ranking as CSV.")] = False,
) -> None:
    """The league's ranking across its clubs: each player once, their figure, the events that made it."""
    import json

    from events.errors import InputError

    try:
        given = json.loads(options) if options is not None else None
    except json.JSONDecodeError:
        raise InputError('--options is a JSON object of the method\'s figures, e.g. {"c": 50}') from None
    if given is not None and not isinstance(given, dict):
        raise InputError('--options is a JSON object of the method\'s figures, e.g. {"c": 50}')
    application = _application(db)
    if declare:
        application.declare_ranking(game, method or "mers", given, recorded_by=recorder(by))
    if json_out and not csv_out:  # the kept answer's text, as it stands
        print_json_text(application.league_ranking_text(game, method=method, options=given, since=since, until=until,
                                                        reckoning=on))  # fmt: skip
        return
    found = application.league_ranking(game, method=method, options=given, since=since, until=until, reckoning=on)
    if csv_out:
        from replay.present.rows import league_rows

        write_csv(league_rows(found))
        return
    mark = "declared" if found["declared"] else "not the league's declared ranking"
    out.print(f"{game}: the league's ranking by {found['method']} on {found['on']} ({found['events']} events; {mark})")
    for row in found["players"]:
        place = f"{row['place']}." if row["place"] is not None else "-"
        out.print(f"  {place} {row['player']}: {row['figure'] or 'unranked'} ({len(row['events'])} events)")
