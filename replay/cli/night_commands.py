"""``taikyoku night``: a club night from the command line, as the host's page runs it: open it, say
who is present, seat each session, seat one again, abandon a table, close it, show its sheet."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from replay.app.access import CORRECTS, RUNS
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, KeyOption, app, print_json, recorder, write_csv
from replay.cli.display import out, styled
from replay.present.rows import signed

if TYPE_CHECKING:
    from replay.app.access import Access
    from replay.app.application import Application

night = typer.Typer(name="night", help="Run a club night or a tournament: who is present, the seating of each session, its sheet.",
                    no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                    rich_markup_mode=None)  # fmt: skip
app.add_typer(night, name="night")

NightArgument = Annotated[str, typer.Argument(help="The night's id (night-...), as `night open` printed it.")]


def _application(db: str, key: str | None = None, night: str | None = None, doing: str | None = None) -> Application:
    """The application over ``db``; with ``key`` (a club's), refused in one line unless that key
    may do ``doing`` (run or correct) to ``night``."""
    from replay.app.application import Application

    application = Application(str(db))
    if key is not None:
        access = _access(application, key)
        if night is not None and doing is not None:
            access.check(application.owner(night), night, doing)
    return application


def _public(db: str, key: str | None, night: str) -> bool:
    """Whether a read with ``key`` sees the night as the public does (another club's night): hidden results left out."""
    if key is None:
        return False
    application = _application(db, key)
    return not _access(application, key).reads_hidden(application.owner(night))


def _access(application: Application, key: str) -> Access:
    found = application.access(key)
    if found is None:
        from events.errors import InputError

        raise InputError("--key (or TAIKYOKU_KEY) is no key of this store's league; ask the league for your "
                         "club's key, or leave it out to act as the store's owner", code="auth.unknown")  # fmt: skip
    return found


@night.command("open")
def open_(
    game: Annotated[str, typer.Argument(help="The game (`taikyoku rules` lists them).")],
    player: Annotated[list[str], typer.Option("--player", "-p", help="A player present; repeat.")],
    ruleset: Annotated[str | None, typer.Option(help="Ruleset id (see `taikyoku rules`).")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-O", help="A rule option as name=value.")] = None,
    length: Annotated[int | None, typer.Option(help="Each match's rounds or hanchan.", min=1, max=1000)] = None,
    sessions: Annotated[int, typer.Option(help="Sessions planned tonight.", min=1, max=20)] = 4,
    title: Annotated[str | None, typer.Option(help="The night's title.")] = None,
    night_id: Annotated[str | None, typer.Option("--id", help="Choose the id (night-...).")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the seating (default: random).", min=0)] = None,
    club: Annotated[str | None, typer.Option(help="The club of the league whose night it is.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Open a night: the game, its ruleset, the sessions planned and the players present; prints its id."""
    who = recorder(by)
    application = _application(db)
    if key is not None:  # a club's key opens a night of its own club, as its host
        access = _access(application, key)
        if not access.whole:
            access.check(club or access.club, "a new night", RUNS)
            club = club or access.club
    sheet = application.open_night(game, player, ruleset_id=ruleset, options=option or (), length=length,
                                   sessions=sessions, title=title, night_id=night_id, seed=seed,
                                   recorded_by=who, club=club)  # fmt: skip
    if json_out:
        print_json(sheet)
    else:
        out.print(sheet["night_id"])


@night.command("players")
def players(
    night_id: NightArgument,
    player: Annotated[list[str], typer.Option("--player", "-p", help="A player present from now on; repeat.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Say who is present from now on (the whole list: one arrived, one left)."""
    _shown(_application(db, key, night_id, RUNS).night_players(night_id, player, recorded_by=recorder(by)), json_out)


@night.command("seat")
def seat(
    night_id: NightArgument,
    again: Annotated[bool, typer.Option("--again", help="Seat the last session once more, before it starts.")] = False,
    mode: Annotated[
        str,
        typer.Option(
            "--mode",
            help="random (fewest repeat meetings), swiss (the top of the "
            "standings together), interval (places n, n+k, ...) or prescripted.",
        ),
    ] = "random",
    step: Annotated[
        int | None, typer.Option("--step", min=1, help="interval: k (default: the number of tables).")
    ] = None,
    schedule: Annotated[
        Path | None,
        typer.Option(
            "--schedule", help="prescripted: a CSV file, one table a line: session,table,east,south,west[,north]."
        ),
    ] = None,
    winds: Annotated[
        str | None,
        typer.Option("--winds", help="balanced (default), random, or prescripted (as the schedule gives them)."),
    ] = None,
    out: Annotated[list[str] | None, typer.Option("--out", help="A player who sits this session out (repeat).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Seat the next session: a match per table, seated as the director chooses (random keeps the
    pairs who met tonight apart); winds balanced unless chosen."""
    text = _text_file(schedule, "the schedule") if schedule is not None else None
    _shown(_application(db, key, night_id, RUNS).seat_session(night_id, again=again, recorded_by=recorder(by), mode=mode, step=step,
                                         schedule=text, winds=winds, leave_out=out or ()), json_out)  # fmt: skip


@night.command("clock")
def clock(
    night_id: NightArgument,
    minutes: Annotated[int, typer.Argument(help="Minutes of play from now; 0 stops the clock.", min=0, max=600)],
    table: Annotated[
        str | None,
        typer.Option("--table", help="One table's own clock (more time for it alone; 0 gives it the session's again)."),
    ] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Start the clock of the session seated last: the room's screen and each table's phone count it
    down, and say "last hand" when it is over. With --table, that table's own clock."""
    _shown(
        _application(db, key, night_id, RUNS).start_clock(night_id, minutes, match=table, recorded_by=recorder(by)),
        json_out,
    )


@night.command("penalty")
def penalty(
    night_id: NightArgument,
    player: Annotated[str, typer.Argument(help="The player penalised.")],
    points: Annotated[
        int, typer.Option(help="Points in the standings' unit (as the standings show them), e.g. --points -20.")
    ],
    reason: Annotated[str, typer.Option(help="Why the referee gave it.")],
    table: Annotated[str | None, typer.Option(help="The table (match) it was given at.")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """A referee's penalty: counted in the night's standings and on the room's screen."""
    _shown(_application(db, key, night_id, CORRECTS).give_penalty(night_id, player, points, reason, match=table, recorded_by=recorder(by)),
           json_out)  # fmt: skip


@night.command("substitute")
def substitute(
    night_id: NightArgument,
    table: Annotated[str, typer.Argument(help="The table (match) where a player leaves.")],
    leaves: Annotated[str, typer.Argument(help="The player who leaves.")],
    substitute_name: Annotated[str, typer.Argument(metavar="SUBSTITUTE", help="Who takes the seat.")],
    reason: Annotated[str, typer.Option(help="Why the player leaves.")],
    counts_for: Annotated[
        str | None,
        typer.Option(
            help="Whose the seat's result is: player (the one who leaves) or substitute. "
            "By default the game's rule (docs/club-night.md)."
        ),
    ] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """A substitute takes a player's seat and finishes the match; the standings count the seat for
    whoever --counts-for names."""
    sheet = _application(db, key, night_id, CORRECTS).substitute(night_id, table, leaves, substitute_name, reason=reason,
                                        counts_for=counts_for, recorded_by=recorder(by))  # fmt: skip
    _shown(sheet, json_out)


@night.command("cancel-penalty")
def cancel_penalty(
    night_id: NightArgument,
    seq: Annotated[int, typer.Argument(help="The penalty's seq (`night show --json` lists them).", min=1)],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Take a penalty back: it counts no more."""
    _shown(_application(db, key, night_id, CORRECTS).cancel_penalty(night_id, seq, recorded_by=recorder(by)), json_out)


@night.command("abandon")
def abandon(
    night_id: NightArgument,
    match: Annotated[str, typer.Argument(help="The table's match.")],
    reason: Annotated[str, typer.Option(help="Why.")] = "abandoned by the host",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Give up one table of the night: its match ends as abandoned."""
    _shown(
        _application(db, key, night_id, RUNS).abandon_table(night_id, match, reason=reason, recorded_by=recorder(by)),
        json_out,
    )


@night.command("close")
def close(
    night_id: NightArgument,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Close the night once every table has ended."""
    _shown(_application(db, key, night_id, RUNS).close_night(night_id, recorded_by=recorder(by)), json_out)


@night.command("show")
def show(
    night_id: NightArgument,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The sheet as CSV: one row per player per table.")] = False,
) -> None:
    """The night's sheet: who played whom, the final scores, the placements, the night's standings."""
    sheet = _application(db).night_sheet(night_id, public=_public(db, key, night_id))
    if csv_out:
        from replay.present.rows import night_rows

        write_csv(night_rows(sheet))
        return
    _shown(sheet, json_out)


@night.command("list")
def list_(
    db: DbOption = DEFAULT_DB,
    club: Annotated[str | None, typer.Option(help="One club's nights alone.")] = None,
    json_out: JsonOption = False,
) -> None:
    """The nights in the store, newest first."""
    application = _application(db)
    if club is not None:
        application.known_club(club)
    found = application.nights(club)
    if json_out:
        print_json(found)
        return
    for row in found:
        out.print(
            f"{row['night_id']}  {row['title']} ({row['game']}), opened {row['opened_at'][:16].replace('T', ' ')}"
        )


def _shown(sheet: dict[str, Any], json_out: bool) -> None:
    if json_out:
        print_json(sheet)
        return
    state = "closed" if sheet["closed"] else f"{len(sheet['sessions'])} of {sheet['sessions_planned']} sessions seated"
    changed = f" ({', '.join(sheet['rules_changed'])})" if sheet.get("rules_changed") else ""
    out.print(
        styled(
            (f"{sheet['title']} ({sheet['night_id']})", "bold"),
            f": {sheet['game']}, {sheet['ruleset']}{changed}; {state}",
        )
    )
    out.print(f"present: {', '.join(sheet['players']) or 'nobody yet'}")
    for change in sheet.get("substitutions", []):
        counted = change["leaves"] if change["counts_for"] == "player" else change["substitute"]
        out.print(f"substitute (seq {change['seq']}): {change['substitute']} for {change['leaves']} at "
                  f"{change['match_id']}, the result {counted}'s: {change['reason']}")  # fmt: skip
    for given in sheet.get("penalties", []):
        where = f" at {given['match_id']}" if given["match_id"] else ""
        out.print(f"penalty (seq {given['seq']}): {given['player']} {given['points']:+}{where}: {given['reason']}")
    if sheet.get("clock"):
        clock = sheet["clock"]
        out.print(
            f"session {clock['session']}'s clock: {clock['minutes']} minutes, until {clock['ends_at'][11:16]} UTC"
        )
    for session in sheet["sessions"]:
        out.print(styled((f"session {session['session']}", "bold")))
        for table in session["tables"]:
            scores = table.get("scores")
            stood_in = table.get("stood_in_for") or [None] * len(table["players"])
            named = [name + (f" (for {stood_in[seat]})" if stood_in[seat] else "") for seat, name in
                     enumerate(table["players"])]  # fmt: skip
            seated = ", ".join(f"{name} {scores[seat]}" if scores else name for seat, name in enumerate(named))
            out.print(f"  {table['match_id']} ({table['status']}): {seated}")
    for game, rows in sheet["standings"].items():
        out.print(styled((f"the night's standings: {game}", "bold")))
        for place, row in enumerate(rows, start=1):
            mark = " *" if row["provisional"] else ""
            score = f", score {row['score']:+d}" if "score" in row else ""  # where the score parts ties
            out.print(
                f"  {place}. {row['player']}{mark} {signed(row['total'])}{score} ({row['tables']} table{'' if row['tables'] == 1 else 's'})"
            )


@night.command("register")
def register(
    night_id: NightArgument,
    file: Annotated[
        Path,
        typer.Argument(
            help="A CSV file: name, then any of first_name, last_name, ema_number, country, team; one player a line."
        ),
    ],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Register the players' details for the results and the teams (the whole list, replacing any before)."""
    text = _text_file(file, "the registration")
    _shown(_application(db, key, night_id, RUNS).register_players(night_id, text, recorded_by=recorder(by)), json_out)


@night.command("teams")
def teams(
    night_id: NightArgument,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The team standing as CSV.")] = False,
) -> None:
    """The team standing: each team's total, the sum of its players', best first."""
    from replay.present.rows import team_rows

    found = _application(db).night_sheet(night_id, public=_public(db, key, night_id))["teams"]
    rows = team_rows(found)
    if csv_out:
        write_csv(rows) if rows else sys.stdout.write("place,team,total,players\n")
        return
    if json_out:
        print_json(found)
        return
    if not found:
        out.print("no team is registered: give each player a team in `taikyoku night register`")
    for row in found:
        out.print(f"{row['place']}. {row['team']} {row['shown']} ({', '.join(row['players'])})")


@night.command("ema")
def ema(
    night_id: NightArgument,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
    csv_out: Annotated[bool, typer.Option("--csv", help="The results as CSV, a row a player.")] = False,
) -> None:
    """The results as the EMA takes a tournament's: place, EMA number, last and first name, country,
    score and base rank; with --json, the event's header (days, players, countries) too."""
    found = _application(db).ema_results(night_id, public=_public(db, key, night_id))
    if json_out:
        print_json(found)
        return
    from replay.present.rows import ema_rows

    rows = ema_rows(found["results"])
    if csv_out:
        write_csv(rows) if rows else sys.stdout.write("place,ema_number,last_name,first_name,country,score,base_rank\n")
        return
    event = found["event"]
    out.print(f"{event['title']}: {event['first_day']} to {event['last_day']}, {event['players']} players, "
              f"{event['countries']} countries")  # fmt: skip
    for row in rows:
        name = f"{row['last_name']}, {row['first_name']}" if row["first_name"] else row["last_name"]
        country = f" ({row['country']})" if row["country"] else ""
        number = f" EMA {row['ema_number']}" if row["ema_number"] else ""
        points = f" (score {row['points']:+d})" if "points" in row else ""
        out.print(
            f"{row['place']:>3}. {name}{country}{number} {signed(row['score'])}{points} base rank {row['base_rank']}"
        )


def _text_file(path: Path, what: str) -> str:
    """A director's UTF-8 text file (a BOM allowed), or a one-line refusal."""
    from events.errors import InputError

    if path.is_dir():
        raise InputError(f"{path} is a folder; give {what}'s CSV file, the one the director wrote")
    if not path.is_file():
        raise InputError(f"no file {path} for {what}; give the CSV file the director wrote")
    try:
        return path.read_bytes().decode("utf-8-sig")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text; save {what} as UTF-8 CSV") from None


@night.command("hide")
def hide(
    night_id: NightArgument,
    from_session: Annotated[int, typer.Option("--from", min=1, max=100, help="The first session hidden.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Hide the results of a session and after from the room's screen and the public pages, until
    `taikyoku night reveal`; the host's page and this command still show them."""
    _shown(
        _application(db, key, night_id, RUNS).hide_results(night_id, from_session, recorded_by=recorder(by)), json_out
    )


@night.command("reveal")
def reveal(
    night_id: NightArgument,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Show the hidden results to the room and the public pages again."""
    _shown(_application(db, key, night_id, RUNS).hide_results(night_id, None, recorded_by=recorder(by)), json_out)


@night.command("cut")
def cut(
    night_id: NightArgument,
    keep: Annotated[int, typer.Option("--keep", min=2, max=400, help="How many of the best go on.")],
    carry: Annotated[str, typer.Option("--carry", help="The results so far: kept, halved or cleared.")] = "kept",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """A cut after the session seated last: the best --keep go on (only they are seated after it),
    the results so far kept, halved or cleared in the standings."""
    _shown(_application(db, key, night_id, RUNS).cut(night_id, keep, carry, recorded_by=recorder(by)), json_out)


@night.command("time")
def time_up(
    night_id: NightArgument,
    table: Annotated[str | None, typer.Option("--table", help="One table only (a table given more time).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Time is up: at every table of the latest session in play, or at one; each table's ruleset says
    which hand is its last (the ruleset's time-up option: the hand in play, or one more)."""
    _shown(_application(db, key, night_id, RUNS).call_time(night_id, table, recorded_by=recorder(by)), json_out)


@night.command("online")
def online(
    night_id: NightArgument,
    match: Annotated[str, typer.Argument(help="An imported match (taikyoku import), played online.")],
    session: Annotated[int, typer.Option("--session", min=1, max=100, help="The session it counts in.")],
    players: Annotated[
        str,
        typer.Option(
            "--as", help="The night's players in the match's seat order, comma between: whose each seat's result is."
        ),
    ],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    key: KeyOption = None,
    json_out: JsonOption = False,
) -> None:
    """Count a match played online (Tenhou, Mahjong Soul: imported first) as a table of a session."""
    names = [name.strip() for name in players.split(",")]
    _shown(
        _application(db, key, night_id, RUNS).count_online(night_id, match, session, names, recorded_by=recorder(by)),
        json_out,
    )
