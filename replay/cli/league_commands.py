"""``taikyoku club`` and ``taikyoku league``: a league of clubs in one store. Its clubs and their
keys (a key printed once, when it is made), and its players as persons: their records, the names
they were typed as, merges and their undoing, and the league's ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, app, print_json, recorder
from replay.cli.display import out

if TYPE_CHECKING:
    from replay.app.application import Application

club = typer.Typer(name="club", help="The league's clubs and their keys: add a club, make, list and revoke keys.",
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
    typer.echo(f"key {made['key_id']} ({made['role']} of {club_id}); it is shown this once: keep it", err=True)


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
        out.print(f"{row['key_id']}  {row['club'] or 'league'} {row['role']}{label}, made "
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
