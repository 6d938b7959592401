"""Commands over the store itself: new, record, log, matches, verify, schemas."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, BinaryIO

import typer

from events.errors import InputError
from replay.cli.app import (
    DEFAULT_DB,
    ByOption,
    DbOption,
    JsonOption,
    app,
    application,
    print_json,
    read_input,
    recorder,
    shown,
)
from replay.cli.display import ProgressBar, out, styled
from replay.cli.exit_codes import EXIT_CORRUPT, EXIT_FINDINGS

PROGRESS_THRESHOLD = 2000  # events; below this, work is quick enough not to need a bar

if TYPE_CHECKING:
    from replay.app.shown import Finding
    from replay.infra.stores import StoredEvent


@app.command()
def new(
    game: Annotated[str, typer.Argument(help="The game (`taikyoku rules` lists them).")],
    player: Annotated[list[str], typer.Option("--player", "-p", help="A player's name, in seat order; repeat.")],
    ruleset: Annotated[str | None, typer.Option(help="Ruleset id (see `taikyoku rules`).")] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-O", help="A rule option as name=value; repeat.")
    ] = None,
    length: Annotated[
        int | None, typer.Option(help="Rounds (or hanchan, in the game's unit) agreed.", min=1, max=1000)
    ] = None,
    dealer: Annotated[str | None, typer.Option(help="The first dealer, by name or seat (default seat 0).")] = None,
    match_id: Annotated[str | None, typer.Option("--id", help="Choose the match id (default: generated).")] = None,
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Start a match: prints its id. Every rule option is recorded in its first event."""
    event = application(db, create=True).new_match(
        game,
        player,
        recorded_by=recorder(by),
        ruleset_id=ruleset,
        options=option or (),
        length=length,
        dealer=dealer,
        match_id=match_id,
    )
    if json_out:
        print_json(event.envelope() | {"hash": event.hash})
    else:
        out.print(event.match_id)


@app.command()
def record(
    match: Annotated[str, typer.Argument(help="The match id.")],
    source: Annotated[str, typer.Argument(metavar="[FILE|-]", help="JSON, a JSON array, or JSONL; - is stdin.")] = "-",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Append events given as JSON or JSONL to a match: all of them, or none."""
    from events import ingest

    recording = application(db, create=True)
    data, name = read_input(source)
    stored = recording.record_documents(match, ingest.split_documents(data, name), recorded_by=recorder(by))
    if json_out:
        print_json([_event_json(e) for e in stored])
    else:
        out.print(
            f"recorded {len(stored)} event{'s' if len(stored) != 1 else ''} in {match} "
            f"(seq {stored[0].seq}..{stored[-1].seq})"
        )


def _event_json(event: StoredEvent, retracted_by: int | None = None) -> dict[str, Any]:
    value = event.envelope() | {"position": event.position, "prev_hash": event.prev_hash, "hash": event.hash}
    if retracted_by is not None:
        value["retracted_by"] = retracted_by
    return value


def _retractions(events: list[StoredEvent]) -> dict[int, int]:
    """Voided seq -> seq of the retract, read leniently so a damaged match still lists."""
    voided: dict[int, int] = {}
    for event in events:
        if event.type == "retract":
            target = event.payload.get("seq")
            if isinstance(target, int):
                voided.setdefault(target, event.seq)
    return voided


def summary(event: StoredEvent) -> str:
    payload = event.payload
    if event.type == "match_started":
        players = ", ".join(p["name"] for p in payload["players"])
        return f"{payload['game']} ({payload['ruleset']['id']}): {players}"
    from replay.cli.recording import brief

    text = brief(payload)
    return text if len(text) <= 100 else text[:97] + "..."


@app.command()
def log(
    match: Annotated[str, typer.Argument(help="The match id.")],
    from_seq: Annotated[int, typer.Option("--from", help="First seq to list.", min=1)] = 1,
    to_seq: Annotated[int | None, typer.Option("--to", help="Last seq to list.", min=1)] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """List a match's events, retracted ones marked."""
    events = application(db).events(match)
    voided = _retractions(events)
    shown = [e for e in events if e.seq >= from_seq and (to_seq is None or e.seq <= to_seq)]
    if json_out:
        print_json([_event_json(e, voided.get(e.seq)) for e in shown])
        return
    from rich.table import Table

    table = Table(title=f"match {match}", title_justify="left")
    for column in ("seq", "type", "by", "recorded at", "details"):
        table.add_column(column, no_wrap=column != "details", justify="right" if column == "seq" else "left")
    for event in shown:
        note = f"  [retracted by seq {voided[event.seq]}]" if event.seq in voided else ""
        style = "strike dim" if event.seq in voided else None
        table.add_row(
            str(event.seq),
            event.type,
            event.recorded_by,
            event.recorded_at[:16].replace("T", " "),
            summary(event) + note,
            style=style,
        )
    out.print(table)


@app.command()
def matches(
    game: Annotated[str | None, typer.Option(help="Only this game (`taikyoku rules` lists them).")] = None,
    player: Annotated[str | None, typer.Option(help="Only matches this player sat in (by name).")] = None,
    status: Annotated[
        str | None,
        typer.Option(
            help="Only matches 'in play', 'complete', 'abandoned' or 'illegal' (stored events the rules refuse)."
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """List the matches in the store: players, status (in play, complete, abandoned), standings."""

    rows = application(db).matches(game=game, player=player, status=status)
    if json_out:
        print_json(rows)
        return
    if not rows:
        out.print(f"no matches in {shown(db)}; start one with `taikyoku new`")
        return
    from rich.table import Table

    table = Table()
    table.add_column("match", no_wrap=True)
    table.add_column("game", no_wrap=True)
    table.add_column("ruleset", no_wrap=True)
    table.add_column("players and standings")
    table.add_column("status", no_wrap=True)
    table.add_column("events", justify="right")
    table.add_column("last event", no_wrap=True)
    for row in rows:
        scores = row["standings"]
        players = ", ".join(f"{name} {scores[i]}" if i < len(scores) else name for i, name in enumerate(row["players"]))
        table.add_row(
            row["match_id"],
            row["game"],
            row["ruleset"],
            players,
            row["status"],
            str(row["events"]),
            row["last_recorded_at"][:16].replace("T", " "),
        )
    out.print(table)


@app.command()
def abandon(
    match: Annotated[str, typer.Argument(help="The match id.", metavar="MATCH")],
    reason: Annotated[str, typer.Option(help="Why the match ends here, in a few words.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """End a mistaken or unfinished match (a match_ended event); its events stay, `matches` shows it abandoned."""

    who = recorder(by)
    event = application(db).abandon(match, reason, recorded_by=who)
    if json_out:
        print_json(event.envelope() | {"hash": event.hash})
    else:
        out.print(f"{match}: abandoned at seq {event.seq} ({reason})")


@app.command()
def verify(
    match: Annotated[str | None, typer.Argument(help="One match (default: the whole store).")] = None,
    schemas: Annotated[bool, typer.Option("--schemas/--no-schemas", help="Re-validate every event.")] = True,
    file: Annotated[Path | None, typer.Option("--file", help="Check an exported json or jsonl file instead.")] = None,
    heads: Annotated[
        bool, typer.Option("--heads", help="Print each match's head and the store's fingerprint, to publish.")
    ] = False,
    against: Annotated[
        str | None, typer.Option("--against", metavar="FINGERPRINT", help="Check a fingerprint published earlier.")
    ] = None,
    deep: Annotated[
        bool, typer.Option("--deep", help="Fold every match again and compare the statistics and standings kept.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Check the hash chains, each match's head, SQLite's own integrity, every stored event
    against its schema, and the seal of every statistics and standings row kept beside the events.
    Exit 4 if anything is wrong; 1 if the seals could not be checked (the table secret cannot be read).

    --deep also folds every match again and compares what is kept with what the events give: it
    finds a kept row sealed again by someone holding this installation's secret, or made wrong by
    a fault of this version (a fold a match: a few times the plain check).

    --heads prints a fingerprint of the whole store (a hash over every event's hash, in the order
    stored) that a club can publish after a night's play; --against checks it later: the events it
    covered must be there unchanged, whatever was recorded since."""
    from replay.present.rows import finding_json

    if file is not None:
        _verify_file(file, json_out)
        return
    if against is not None:
        _verify_against(against, db, json_out, deep)
        return
    checking = application(db)
    total = checking.size(match)
    with ProgressBar(total, "verifying", least=PROGRESS_THRESHOLD) as tick:
        verified = checking.verify(match, schemas=schemas, deep=deep, progress=lambda done: tick(done=done))
    findings, matches_checked, nights = verified.findings, verified.matches, verified.nights
    if json_out:
        report = {
            "ok": not findings,
            "events": total,
            "matches": matches_checked,
            "nights": nights,
            "findings": [finding_json(f) for f in findings],
        }
        print_json(report | (_heads_json(db) if heads and not findings else {}))
    elif findings:
        for finding in findings:
            out.print(styled(("FAIL", "red"), f" {finding.code}: {finding.message}"))
    else:
        what = (
            f"{'night' if nights else 'match'} {match}"
            if match
            else (
                f"{matches_checked} match{'es' if matches_checked != 1 else ''}"
                + (f" and {nights} club night{'s' if nights != 1 else ''}" if nights else "")
            )
        )
        out.print(
            f"ok: {total} event{'s' if total != 1 else ''} in {what}; hash chains intact"
            + ("; every event valid against its schema" if schemas else "")
        )
    if findings:
        raise typer.Exit(_exit_for(findings))
    if heads and not json_out:
        _show_heads(db)


def _exit_for(findings: Sequence[Finding]) -> int:
    """4 for anything wrong in the store; 1 where the only finding is that the kept rows' seals went
    unchecked (the table secret cannot be read: nothing was found wrong, and nothing vouched for)."""
    unchecked = all(finding.code == "store.read_model.unchecked" for finding in findings)
    return EXIT_FINDINGS if unchecked else EXIT_CORRUPT


def _heads_json(db: str) -> dict[str, Any]:
    return application(db).heads()


def _show_heads(db: str) -> None:
    shown = _heads_json(db)
    for head in shown["heads"]:
        out.print(f"  {head['match_id']}  seq {head['last_seq']}  {head['last_hash'][:16]}")
    out.print(f"fingerprint: {shown['fingerprint']}")
    out.print("publish it; `taikyoku verify --against FINGERPRINT` checks later that these events are unchanged")


def _verify_against(text: str, db: str, json_out: bool, deep: bool) -> None:
    from replay.present.rows import finding_json

    found = application(db).verify_against(text, deep=deep)
    findings, same, count, total = found.findings, found.same, found.events, found.total
    if json_out:
        print_json({"ok": same and not findings, "events": count, "matches_published": same,
                    "findings": [finding_json(f) for f in findings]})  # fmt: skip
    else:
        for finding in findings:
            out.print(styled(("FAIL", "red"), f" {finding.code}: {finding.message}"))
        if same and not findings:
            out.print(f"ok: the first {count} events are still as published ({total - count} recorded since)")
        elif same:
            out.print(f"the first {count} events are still as published, but the store has the findings above")
        else:
            out.print(styled(("FAIL", "red"), f" the first {count} events do not match the published fingerprint: "
                              "an event the club published was changed, removed or replaced"))  # fmt: skip
    if not same:
        raise typer.Exit(EXIT_CORRUPT)
    if findings:
        raise typer.Exit(_exit_for(findings))


def _verify_file(file: Path, json_out: bool) -> None:
    """Check an export one match at a time: its chain, its head and count, each event's schema."""
    from replay.app.application import Application

    if str(file) == "-":
        data, name = read_input("-")
        stream: BinaryIO = io.BytesIO(data)
    else:
        if not file.is_file():
            read_input(str(file))  # the one-line refusal of a missing file or a folder
        name, stream = file.name, file.open("rb")
    with stream:
        problems, matches, events = Application.verify_export(stream, name)
    if json_out:
        print_json({"ok": not problems, "file": name, "matches": matches, "events": events, "findings": problems})
    elif problems:
        for problem in problems:
            out.print(styled(("FAIL", "red"), f" {problem}"))
    else:
        out.print(
            f"ok: {events} events in {matches} match{'es' if matches != 1 else ''}; every hash, head and schema checks"
        )
    if problems:
        raise typer.Exit(EXIT_CORRUPT)


schemas_app = typer.Typer(help="The JSON Schema files of the events.", no_args_is_help=True)
app.add_typer(schemas_app, name="schemas")


@schemas_app.command("export")
def schemas_export(
    directory: Annotated[
        Path | None, typer.Option("--dir", help="Where to write (default: the installed schemas folder).")
    ] = None,
    check: Annotated[bool, typer.Option("--check", help="Only compare; exit 1 if the files drift.")] = False,
    json_out: JsonOption = False,
) -> None:
    """Regenerate one schema file per event type and version from the models."""
    from replay.infra import schema_files

    target = directory or schema_files.default_directory()
    if not target.is_dir():
        raise InputError(f"{target} is not a folder; create it or give --dir an existing folder")
    changes = schema_files.drift(target) if check else schema_files.export(target)
    if json_out:
        print_json({"directory": str(target), "changes": changes, "check": check})
    elif changes:
        for line in changes:
            out.print(("drift: " if check else "updated: ") + line)
    else:
        out.print(f"schemas in {target} match the models ({len(schema_files.expected_files())} files)")
    if check and changes:
        raise typer.Exit(EXIT_FINDINGS)


@schemas_app.command("list")
def schemas_list(json_out: JsonOption = False) -> None:
    """List the event types and schema versions this taikyoku knows."""
    from events import registry

    types = registry.known_types()
    if json_out:
        print_json([{"type": n, "version": v, "file": registry.schema_filename(n, v)} for n, v in types])
        return
    for name, version in types:
        out.print(f"{name} v{version}  {registry.schema_filename(name, version)}")


@app.command()
def rules(
    ruleset_id: Annotated[str | None, typer.Argument(metavar="[RULESET]", help="One ruleset (default: all).")] = None,
    markdown: Annotated[bool, typer.Option("--markdown", help="Print docs/rules.md.")] = False,
    json_out: JsonOption = False,
) -> None:
    """List the rulesets and every rule option with its default; reconstructions are marked."""
    from replay.app import catalog as rule_data
    from replay.app.catalog import show_value

    if markdown:
        out.file.write(rule_data.markdown() + "\n")
        return
    specs = list(rule_data.rulesets())
    if ruleset_id is not None:
        found = rule_data.ruleset(ruleset_id)
        if found is None:
            raise InputError(f"unknown ruleset {ruleset_id!r}; use one of: {', '.join(rule_data.ruleset_ids())}")
        specs = [found]
    if json_out:
        print_json([spec.document() for spec in specs])
        return
    for spec in specs:
        from rich.table import Table

        table = Table(title=f"{spec.id} ({spec.game}): {spec.doc}", title_justify="left")
        for column in ("option", "default", "choices", "confidence"):
            table.add_column(column, no_wrap=column == "option")
        for o in spec.options:
            default = "(must be chosen)" if o.default is None else show_value(o.default)
            confidence = o.confidence + (", reconstruction" if o.reconstruction else "")
            table.add_row(o.name, default, ", ".join(o.choices) or o.kind, confidence)
        out.print(table)


@app.command()
def cards(
    game: Annotated[
        str | None, typer.Argument(help="A game of cards, for the cards its deck holds (default: all 48).")
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """List the cards of the deck: canonical ID, MM-i code, suit, type, Nagoya number."""
    from events.cards import DECK
    from replay.app.catalog import GAMES

    decks = {name: g.fishing.deck for name, g in GAMES.items() if g.fishing is not None}
    if game is not None and game not in decks:
        raise InputError(f"cards are listed for {' or '.join(decks)}, not {game!r}")
    deck = [c for c in DECK if game is None or c.id in decks[game]]
    rows: list[dict[str, Any]] = [
        {"id": c.id, "code": c.code, "suit": c.suit, "month": c.month, "type": c.type, "ribbon": c.ribbon,
         "nagoya": c.nagoya, "name": c.name}
        for c in deck
    ]  # fmt: skip
    if json_out:
        print_json(rows)
        return
    from rich.table import Table

    table = Table(title=f"{len(rows)} cards", title_justify="left")
    for column in ("id", "code", "name", "type", "nagoya"):
        table.add_column(column, no_wrap=True)
    for row in rows:
        kind = row["type"] + (f" ({row['ribbon']})" if row["ribbon"] else "")
        table.add_row(row["id"], row["code"], row["name"], kind, str(row["nagoya"]))
    out.print(table)
