"""Corrections and disputes as events: retract, note, dispute, and the table's claim."""

from __future__ import annotations

from typing import Annotated

import typer

from events.errors import InputError
from replay.app import intents
from replay.app.intents import Intent
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app, application, print_json, recorder
from replay.cli.display import out, styled
from replay.cli.exit_codes import EXIT_FINDINGS
from replay.present.layout import spoken

SeqArg = Annotated[int, typer.Argument(help="The seq of the event it concerns (see `taikyoku log`).", min=1)]


def _append(db: object, match: str, intent: Intent, by: str | None, json_out: bool) -> None:
    stored = application(db).record(match, intent, recorded_by=recorder(by)).stored  # as every move is
    event = stored[0]
    if json_out:
        print_json(event.envelope() | {"hash": event.hash})
    else:
        out.print(f"seq {event.seq}: {event.type} recorded in {match}")


@app.command()
def retract(
    match: MatchArg,
    seq: SeqArg,
    reason: Annotated[str, typer.Option("--reason", help="Why the event is void.")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Void a mistaken event. It stays in the history; replay leaves it out. A play or draw that
    captured is retracted with its capture, which rests on it (the command says so)."""
    if not reason.strip():
        raise InputError("--reason must say why the event is void")
    voided, stored = application(db).retract(match, seq, reason=reason, recorded_by=recorder(by))
    if json_out:  # one retract as one object, as every annotation prints; with its capture's, a list
        documents = [e.envelope() | {"hash": e.hash} for e in stored]
        print_json(documents[0] if len(documents) == 1 else documents)
        return
    if len(voided) > 1:
        rests = ", ".join(f"seq {s.seq} ({spoken(s.type)})" for s in voided[1:])
        out.print(f"seq {seq} ({spoken(voided[0].type)}) and {rests}, which rests on it, are retracted")
    for event in stored:
        out.print(f"seq {event.seq}: {event.type} recorded in {match}")


@app.command()
def note(
    match: MatchArg, seq: SeqArg, text: Annotated[str, typer.Argument(help="The note.")],
    by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False,
) -> None:  # fmt: skip
    """Attach a note to an event."""
    _append(db, match, intents.annotate("note", seq, text), by, json_out)


@app.command()
def dispute(
    match: MatchArg, seq: SeqArg, text: Annotated[str, typer.Argument(help="What is disputed.")],
    by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False,
) -> None:  # fmt: skip
    """Attach a dispute to an event; `taikyoku audit` lists it."""
    _append(db, match, intents.annotate("dispute", seq, text), by, json_out)


@app.command()
def verdict(
    match: MatchArg,
    seq: Annotated[int, typer.Argument(help="The seq of the dispute being settled.", min=1)],
    text: Annotated[str, typer.Argument(help="What was decided, and by whom.")],
    by: ByOption = None, db: DbOption = DEFAULT_DB, json_out: JsonOption = False,
) -> None:  # fmt: skip
    """Settle a dispute; `taikyoku audit` then lists it in the history, not as a finding."""
    _append(db, match, intents.annotate("verdict", seq, text), by, json_out)


@app.command()
def claim(
    match: MatchArg,
    round_no: Annotated[
        int,
        typer.Option(
            "--round",
            min=0,
            help="The round (or hand) the table scored; 0: "
            "the match's final scores, checked against the record before they are "
            "taken.",
        ),
    ],
    points: Annotated[
        str,
        typer.Option(
            "--points", help="Each seat's change, seat 0 first: e.g. 300,-300; with --round 0, each seat's final score."
        ),
    ],
    winner: Annotated[int | None, typer.Option("--winner", help="The winner's seat, if any.")] = None,
    text: Annotated[str, typer.Option("--text", help="How the table scored it.")] = "",
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record the result the table agreed on for a round, or its final scores (--round 0, refused
    unless they agree with the record); `taikyoku audit` compares each with the computed one."""
    _append(db, match, intents.claim(match, round_no, points, winner=winner, text=text), by, json_out)


@app.command()
def audit(
    match: MatchArg,
    round_no: Annotated[int | None, typer.Option("--round", help="Only this round (or hand).", min=1)] = None,
    rulesets: Annotated[
        str | None,
        typer.Option(
            "--ruleset",
            help="Re-price every win under these rulesets of its game, side by side, where the game prices wins by ruleset.",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Audit a match: integrity, legality, claims, history, balance. Exit 1 when anything is found."""
    chosen = [r.strip() for r in (rulesets or "").split(",") if r.strip()]
    report = application(db).audit(match, round_no=round_no, rulesets=chosen)
    if json_out:
        print_json(
            {
                "match_id": report.match_id,
                "game": report.game,
                "ok": report.ok,
                "rounds": report.rounds,
                "findings": [f.__dict__ for f in report.findings],
                "history": report.history,
                "repricing": report.repricing,
                "recorded_as": report.recorded_as,
            }
        )
    else:
        verdict = ("no findings", "green") if report.ok else (f"{len(report.findings)} finding(s)", "red")
        rounds = f"{report.rounds} round{'s' if report.rounds != 1 else ''}"
        out.print(styled((f"audit of {match}", "bold"), f" ({report.game}, {rounds}): ", verdict))
        for finding in report.findings:
            where = f" seq {finding.seq}" if finding.seq else ""
            out.print(f"  {finding.kind} [{finding.code}]{where}: {finding.message}")
        depths = {"result": "by its result, priced from its tiles or cards", "record": "as the log recorded it",
                  "declared": "by the value declared at the table, no tiles: not priced from them"}  # fmt: skip
        for entry in report.recorded_as:
            out.print(
                f"  round {entry['round']} recorded {depths.get(entry['depth'], entry['depth'])}: {entry['text']}"
            )
        if report.history:
            out.print("history:")
            for entry in report.history:
                void = f" (retracted by seq {entry['retracted_by']})" if "retracted_by" in entry else ""
                target = f" seq {entry['target']}" if "target" in entry else f" round {entry.get('round')}"
                out.print(f"  seq {entry['seq']} {entry['what']}{target} by {entry['by']} at {entry['at'][:19]}: "
                          f"{entry.get('text', '')}{void}")  # fmt: skip
        for entry in report.repricing:
            prices = "; ".join(
                f"{p['ruleset']}: {p['payments'] if p['priced'] else 'unpriced (' + p['reason'] + ')'}"
                for p in entry["prices"]
            )
            out.print(f"  hand {entry['hand']} seat {entry['seat']} {entry['kind']}: {prices}")
    if not report.ok:
        raise typer.Exit(EXIT_FINDINGS)
