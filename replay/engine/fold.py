"""Running projections over a match's events, honouring retractions.

A projection is a pure fold: ``apply(state, step) -> state``. It raises ``IllegalEvent``
with a stable code and the reason when an event cannot happen in the state before it.
The same fold checks new events at record time, replays, and audits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Generic, NamedTuple, Protocol, TypeVar

from events.errors import InputError
from events.match import Annotation, Retract
from events.model import Payload

S = TypeVar("S")


class IllegalEvent(InputError):
    """An event the rules do not allow where it stands. ``code`` is stable (e.g. ``match.retract.unknown_seq``)."""

    rule_broken = True

    def __init__(self, code: str, reason: str, *, seq: int | None = None, event_type: str | None = None) -> None:
        where = "" if seq is None else f"seq {seq}" + (f" ({spoken(event_type)})" if event_type else "") + ": "
        super().__init__(where + reason, code=code)
        self.reason = reason
        self.seq = seq
        self.event_type = event_type

    @property
    def to_a_table(self) -> str:
        return self.reason


class Step(NamedTuple):
    """One decoded event, as the folds see it."""

    seq: int
    type: str
    payload: Payload
    event_id: str = ""
    recorded_by: str = ""
    recorded_at: str = ""


def spoken(event_type: str) -> str:
    """An event type as the table says it: ``<game>.yaku_set_chosen`` is "yaku set chosen"."""
    return event_type.rsplit(".", 1)[-1].replace("_", " ")


def illegal(step: Step, code: str, reason: str) -> IllegalEvent:
    """The refusal of ``step``: ``code`` is a stable literal, ``reason`` says why in the table's words."""
    return IllegalEvent(code, reason, seq=step.seq, event_type=step.type)


class Projection(Protocol[S]):
    """A fold: its state before any event, one event applied (checked against the state before
    it), and many applied as ``apply`` would one by one (a projection may keep a working copy of
    its state between them rather than freezing it after each)."""

    def initial(self) -> S: ...

    def apply(self, state: S, step: Step) -> S: ...

    def apply_all(self, state: S, steps: Iterable[Step]) -> S: ...


@dataclass(frozen=True, slots=True)
class History:
    """What a match's events mean once retractions are taken into account."""

    steps: tuple[Step, ...]  # every event, as stored
    effective: tuple[Step, ...]  # the events that count: not retracted, not retracts, annotations or claims
    retracted_by: dict[int, Step]  # voided seq -> the retract that voided it
    annotations: tuple[Step, ...]
    claims: tuple[Step, ...] = ()  # claimed results, not retracted


META_TYPES = frozenset({"retract", "annotation", "claim"})
# The work done, counted where it is done: the steps a history was made of ("steps read") and the
# steps handed to a projection ("steps folded"). Tests hold a tap to the steps it adds.
WORK: Counter[str] = Counter()
_type_of = attrgetter("type")


def history(steps: Sequence[Step]) -> History:
    """Check retracts and annotations against the events they name, and split the stream."""
    WORK["steps read"] += len(steps)
    if META_TYPES.isdisjoint(map(_type_of, steps)):  # C all the way: this runs for every replay
        every = tuple(steps)
        return History(every, every, {}, (), ())
    seen: dict[int, Step] = {}
    retracted_by: dict[int, Step] = {}
    annotations: list[Step] = []
    for step in steps:
        payload = step.payload
        if isinstance(payload, Retract):
            target = seen.get(payload.seq)
            if target is None:
                raise IllegalEvent(
                    "match.retract.unknown_seq",
                    f"cannot retract seq {payload.seq}: no earlier event has that seq",
                    seq=step.seq,
                    event_type=step.type,
                )
            if target.type == "match_started":
                raise IllegalEvent(
                    "match.retract.match_started",
                    "cannot retract match_started; end the match as abandoned and start a new one",
                    seq=step.seq,
                    event_type=step.type,
                )
            if target.type in ("retract", "annotation"):
                raise IllegalEvent(
                    "match.retract.meta",
                    f"cannot retract {'an annotation' if target.type == 'annotation' else 'a retract'}; "
                    "record the voided event again, or add a note",
                    seq=step.seq,
                    event_type=step.type,
                )
            if payload.seq in retracted_by:
                raise IllegalEvent(
                    "match.retract.twice",
                    f"seq {payload.seq} was already retracted by seq {retracted_by[payload.seq].seq}",
                    seq=step.seq,
                    event_type=step.type,
                )
            retracted_by[payload.seq] = step
        elif isinstance(payload, Annotation):
            _check_annotation(step, payload, seen.get(payload.seq))
            annotations.append(step)
        seen[step.seq] = step
    effective = tuple(s for s in steps if s.type not in META_TYPES and s.seq not in retracted_by)
    claims = tuple(s for s in steps if s.type == "claim" and s.seq not in retracted_by)
    return History(tuple(steps), effective, retracted_by, tuple(annotations), claims)


@dataclass(frozen=True, slots=True)
class Folded(Generic[S]):
    history: History
    state: S


def fold(projection: Projection[S], steps: Iterable[Step], *, until: int | None = None) -> Folded[S]:
    """Replay ``steps`` (up to seq ``until``) through ``projection``, honouring retractions."""
    chosen = (
        steps
        if until is None and isinstance(steps, Sequence)
        else [s for s in steps if until is None or s.seq <= until]
    )
    hist = history(chosen)
    WORK["steps folded"] += len(hist.effective)
    state = projection.initial()
    return Folded(hist, projection.apply_all(state, hist.effective))


def _check_annotation(step: Step, payload: Annotation, target: Step | None) -> None:
    """A note, dispute or verdict must name an earlier event; a verdict, a dispute."""
    if target is None:
        raise IllegalEvent(
            "match.annotation.unknown_seq",
            f"cannot annotate seq {payload.seq}: no earlier event has that seq",
            seq=step.seq,
            event_type=step.type,
        )
    disputed = target.payload
    if payload.kind == "verdict" and not (isinstance(disputed, Annotation) and disputed.kind == "dispute"):
        raise IllegalEvent(
            "match.verdict.not_a_dispute",
            f"a verdict settles a dispute, and seq {payload.seq} is a {target.type}; "
            "give the seq of the dispute (see `taikyoku audit`)",
            seq=step.seq,
            event_type=step.type,
        )


def extended(before: History, new: Sequence[Step]) -> History | None:
    """``before`` with ``new`` steps after it, each note and claim checked against what it names as
    ``history`` checks it, without going over the earlier steps again; None when one of the new
    steps is a retract (it changes what came before it: the whole stream is read again then)."""
    if any(step.type == "retract" for step in new):
        return None
    WORK["steps read"] += len(new)
    annotations = list(before.annotations)
    earlier = before.steps
    contiguous = not earlier or earlier[-1].seq == len(earlier)  # seq n at index n - 1: no search
    named = {} if contiguous else {step.seq: step for step in earlier}
    batch: dict[int, Step] = {}
    for step in new:
        payload = step.payload
        if isinstance(payload, Annotation):
            target = batch.get(payload.seq) or (
                (earlier[payload.seq - 1] if 0 < payload.seq <= len(earlier) else None)
                if contiguous
                else named.get(payload.seq)
            )
            _check_annotation(step, payload, target)
            annotations.append(step)
        batch[step.seq] = step
    return History(
        (*before.steps, *new),
        (*before.effective, *(s for s in new if s.type not in META_TYPES)),
        before.retracted_by,
        tuple(annotations),
        (*before.claims, *(s for s in new if s.type == "claim")),
    )


def fold_forward(projection: Projection[S], before: Folded[S], new: Sequence[Step]) -> Folded[S]:
    """``before`` with ``new`` steps folded on: the same as folding every step from the start, as
    long as none of them is a retract (a retract changes what came before it: fold again then).
    Only the new steps are read and folded."""
    if not new:
        return before
    hist = extended(before.history, new)
    if hist is None:
        return fold(projection, (*before.history.steps, *new))
    state = before.state
    for step in new:
        if step.type not in META_TYPES:
            WORK["steps folded"] += 1
            state = projection.apply(state, step)
    return Folded(hist, state)


def accepted(projection: Projection[S], state: S, candidates: Iterable[Payload], seq: int) -> list[Payload]:
    """Those of ``candidates`` that the fold accepts as the event ``seq`` after ``state``: the legal
    moves are what the rules' own handlers take, so no rule has a second copy in a move list. A
    game lists its candidates generously (every card in hand, every teyaku held) and this decides."""
    found = []
    for payload in candidates:
        try:
            projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        except IllegalEvent:
            continue
        found.append(payload)
    return found
