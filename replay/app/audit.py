"""One audit of a match: integrity, legality, claims, history, balance, and re-pricing under other rulesets.

Every finding has a kind, a stable code, the seq and round it concerns, and a sentence that says
what is wrong. Integrity is the store's own check (the chain, the schemas); legality replays every
round through the game's fold and reports the first illegal event of each, with the state before
it; claims compare what the table (or a log) said was paid with what the rules compute.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from events.match import Annotation, Claim, Retract
from replay.app.seats import in_names
from replay.engine.fold import IllegalEvent, Step, history
from replay.engine.match import MatchView
from replay.engine.result import RoundOutcome
from replay.games import GAMES, projection_for
from store import CorruptStoreError, Store

if TYPE_CHECKING:
    from replay.engine.match import MatchView


@dataclass(frozen=True)
class Finding:
    kind: str  # integrity, legality, record, claim, dispute, balance
    code: str
    message: str
    seq: int | None = None
    round: int | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class Report:
    match_id: str
    game: str
    findings: list[Finding] = field(default_factory=list)
    history: list[dict[str, Any]] = field(default_factory=list)
    repricing: list[dict[str, Any]] = field(default_factory=list)
    rounds: int = 0
    # The rounds not recorded move by move, apart: by their result (priced from the tiles or
    # cards), by the value the table declared (no tiles: nothing to check it against),
    # or as a server's log had them. Not findings: how the table chose to record.
    recorded_as: list[dict[str, Any]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings


def audit(store: Store, match_id: str, *, round_no: int | None = None, rulesets: Sequence[str] = ()) -> Report:
    from replay.app import service

    integrity = [Finding("integrity", f.code, f.message, f.seq) for f in store.verify(match_id)]
    try:
        steps = service.read_steps(store, match_id)
    except CorruptStoreError as exc:
        # Events that cannot be read cannot be replayed: the integrity findings are the report.
        report = Report(match_id, "unknown", integrity)
        if not integrity:
            report.findings.append(Finding("integrity", exc.code, exc.message))
        return report
    game = service.game_of(steps)
    report = Report(match_id, game, integrity)
    try:
        hist = history(steps)
    except IllegalEvent as exc:
        report.findings.append(Finding("legality", exc.code, exc.message, exc.seq))
        return report
    _history(report, hist.steps, hist.retracted_by)
    state = _legality(report, game, hist.effective, round_no)
    results = list(state.results) if state is not None else []
    report.rounds = len(results)
    for number, result in enumerate(results, start=1):
        depth = result.depth  # every game's result says how it was recorded (replay/engine/match.py)
        if depth != "moves":
            names = state.names if state is not None else ()
            said = in_names(result.explanation, names)
            report.recorded_as.append({"round": number, "depth": depth, "text": said})
    claims = [c for c in hist.claims
              if round_no is None or (isinstance(c.payload, Claim) and c.payload.round in (round_no, 0))]  # fmt: skip
    _claims(report, game, claims, results, state)
    _balance(report, game, results, hist.effective, state, round_no)
    if rulesets and state is not None:
        report.repricing += GAMES[game].review().repricing(results, state, rulesets, round_no)
    return report


def _round_of(result: RoundOutcome) -> int:
    return result.number


def _legality(report: Report, game: str, effective: Sequence[Step], round_no: int | None) -> Any:
    """Fold every event; on an illegal one, report it and leave the rest of its round out."""
    projection = projection_for(game)
    review = GAMES[game].review()
    state = projection.initial()
    skipping = False
    current = 0
    for step in effective:
        if step.payload.STARTS_ROUND:
            current += 1
            if skipping and state.round is not None and not state.round.over:
                state = state._replace(round=state.round._replace(phase="over"))  # the broken round is closed
            skipping = False
        if skipping:
            continue
        try:
            state = projection.apply(state, step)
            kept = review.as_recorded(step.payload, current)  # a hand kept as a server's log recorded it
            if kept is not None and (round_no is None or current == round_no):
                report.findings.append(Finding("record", kept[0], kept[1], step.seq, current))
        except IllegalEvent as exc:
            skipping = True
            if round_no is not None and current != round_no:
                continue
            before = _describe_state(state, game)
            report.findings.append(
                Finding(
                    "legality", exc.code, f"round {current}: {exc.message}", step.seq, current, {"state_before": before}
                )
            )
    return state


def _describe_state(state: MatchView, game: str) -> dict[str, Any]:
    """The round as it stood before an illegal event, as its game describes it."""
    return GAMES[game].review().describe_round(state)


def _history(report: Report, steps: Sequence[Step], retracted_by: dict[int, Step]) -> None:
    settled = {s.payload.seq for s in steps if isinstance(s.payload, Annotation) and s.payload.kind == "verdict"}
    for step in steps:
        payload = step.payload
        entry: dict[str, Any] = {"seq": step.seq, "type": step.type, "by": step.recorded_by, "at": step.recorded_at}
        if isinstance(payload, Retract):
            entry |= {"what": "retract", "target": payload.seq, "text": payload.reason}
        elif isinstance(payload, Annotation):
            entry |= {"what": payload.kind, "target": payload.seq, "text": payload.text}
            if payload.kind == "dispute" and payload.seq not in retracted_by and step.seq not in settled:
                report.findings.append(
                    Finding(
                        "dispute",
                        "history.dispute",
                        f"seq {payload.seq} is disputed by {step.recorded_by}: {payload.text}",
                        step.seq,
                    )
                )
        elif isinstance(payload, Claim):
            entry |= {
                "what": "claim",
                "round": payload.round,
                "points": list(payload.points),
                "text": payload.text[:200],
            }
        else:
            continue
        if step.seq in retracted_by:
            entry["retracted_by"] = retracted_by[step.seq].seq
        report.history.append(entry)


def _claims(
    report: Report, game: str, claims: Sequence[Step], results: Sequence[RoundOutcome], state: MatchView
) -> None:
    by_round = {_round_of(r): r for r in results}
    names = list(state.names)

    def who(seat: int) -> str:
        return f"seat {seat} ({names[seat]})" if seat < len(names) else f"seat {seat}"

    for step in claims:
        claim: Claim = step.payload  # type: ignore[assignment]
        if claim.round == 0:
            _final_claim(report, game, step, claim, state)
            continue
        result = by_round.get(claim.round)
        if result is None:
            report.findings.append(
                Finding(
                    "claim",
                    "claim.no_round",
                    f"a claim for round {claim.round}, which has no result",
                    step.seq,
                    claim.round,
                )
            )
            continue
        computed = GAMES[game].review().computed_points(result)
        differences = [
            f"claimed {c:+} to {who(seat)}; the {GAMES[game].piece_word} give {r:+}"
            for seat, (c, r) in enumerate(zip(claim.points, computed, strict=False))
            if c != r
        ]
        winner = result.winners[0] if result.winners else None
        if claim.winner is not None and claim.winner != winner:
            differences.insert(
                0, f"claimed {who(claim.winner)} won; the rules say {'nobody won' if winner is None else who(winner)}"
            )
        if differences:
            why = result.explanation
            report.findings.append(
                Finding(
                    "claim",
                    "claim.differs",
                    f"round {claim.round}: " + "; ".join(differences) + f", because {why}",
                    step.seq,
                    claim.round,
                    {"claimed": list(claim.points), "computed": list(computed)},
                )
            )


def _final_claim(report: Report, game: str, step: Step, claim: Claim, state: MatchView) -> None:
    if state is None or not state.results:
        return
    difference = GAMES[game].review().final_differs(claim, state)
    if difference is not None:
        report.findings.append(Finding("claim", "claim.final_differs", difference, step.seq, 0))


def _balance(
    report: Report,
    game: str,
    results: Sequence[RoundOutcome],
    effective: Sequence[Step],
    state: MatchView,
    round_no: int | None,
) -> None:
    """Zero-sum where the game is, and each hand starting where the last one ended."""
    for code, message, seq, number in GAMES[game].review().balance(results, effective, state, round_no):
        report.findings.append(Finding("balance", code, message, seq, number))
