"""What if one event had not happened, or had been another: the match replayed that way, beside the record.

Nothing is written. An event the change makes moot (recorded after its round would have ended)
is left out and named; any other event the rules refuse makes the what-if not stand, with why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from events import ingest
from events.errors import InputError
from events.match import GameName
from replay.app import service
from replay.engine.fold import META_TYPES, IllegalEvent, Step, history, spoken
from replay.engine.snapshot import snapshot
from replay.games import GAMES, projection_for


@dataclass(frozen=True, slots=True)
class Replacement:
    """The event put in place of seq ``seq``: one event document, read by ``read`` (bytes and a name)
    only once the seq is known to be there."""

    seq: int
    read: Callable[[], tuple[bytes, str]]


@dataclass(frozen=True, slots=True)
class WhatIf:
    what: str  # the change, in words
    stands: bool  # False: an event after the change is refused by the rules
    reason: str = ""  # why it does not stand
    changed: bool = False  # a result differs from the record
    moot: list[int] = field(default_factory=list)  # seqs that would not have happened
    recorded: list[dict[str, Any]] = field(default_factory=list)  # the results as recorded
    results: list[dict[str, Any]] = field(default_factory=list)  # the results as they would be

    def outcomes(self) -> tuple[list[str], list[str]]:
        """Each result's explanation, as recorded and as it would be."""
        return [str(r.get("explanation", "")) for r in self.recorded], [
            str(r.get("explanation", "")) for r in self.results
        ]


def what_if(
    match: str,
    steps: Sequence[Step],
    *,
    round_no: int | None = None,
    without: int | None = None,
    replace: Replacement | None = None,
) -> WhatIf:
    """The match of ``steps`` replayed without seq ``without``, or with ``replace`` in its place."""
    if without is not None and replace is not None:
        raise InputError("give --without or --replace, not both")
    if without is None and replace is None:
        raise InputError("give --without SEQ or --replace SEQ=FILE")
    game = service.game_of(list(steps))
    target = without if without is not None else replace.seq  # type: ignore[union-attr]
    if not any(s.seq == target for s in steps):
        raise InputError(f"match {match} has no seq {target}; see `taikyoku log {match}`")
    if replace is None:
        changed = [s for s in steps if s.seq != without]
        what = f"without seq {without} ({spoken(next(s.type for s in steps if s.seq == without))})"
    else:
        data, name = replace.read()
        documents = ingest.split_documents(data, name)
        if len(documents) != 1:
            raise InputError(f"{name} holds {len(documents)} events; --replace takes a file with exactly one")
        (document,) = documents
        original = next(s for s in steps if s.seq == target)
        completed = ingest.complete(document, match_id=match, seq=target, recorded_by=original.recorded_by)
        _, _, event = ingest.validate(completed)
        changed = [Step(target, event.type, event.payload) if s.seq == target else s for s in steps]
        what = f"with seq {target} replaced by {event.type}"
    changed, moot = _drop_moot(game, changed)
    if moot:
        what += f"; the round would be over by then, so seq {_seq_ranges(moot)} would not have happened"
    view = GAMES[game].view()
    before = view.match_json(match, snapshot(projection_for(game), steps, round_no=round_no))
    try:
        after = view.match_json(match, snapshot(projection_for(game), changed, round_no=round_no))
    except IllegalEvent as exc:
        reason = f"{what}, the record no longer stands: {exc.message} [{exc.code}]"
        return WhatIf(what, stands=False, reason=reason, moot=moot, recorded=before["results"])
    found = WhatIf(what, stands=True, moot=moot, recorded=before["results"], results=after["results"])
    recorded, would_be = found.outcomes()
    return WhatIf(what, True, "", recorded != would_be, moot, before["results"], after["results"])


def _drop_moot(game: GameName, steps: list[Step]) -> tuple[list[Step], list[int]]:
    """Leave out the events a what-if makes moot: those recorded after their round would have ended.

    A stop said earlier, or a win that comes sooner, ends the round there; the plays recorded after
    it are not illegal in that world, they never happen. Any other illegal event still fails."""
    projection = projection_for(game)
    state = projection.initial()
    moot: list[int] = []
    for step in history(steps).effective:
        if step.type in META_TYPES:
            continue
        round_over = state.round is not None and state.round.over
        if round_over and not step.payload.STARTS_ROUND:
            try:
                state = projection.apply(state, step)
            except IllegalEvent:
                moot.append(step.seq)
            continue
        try:
            state = projection.apply(state, step)
        except IllegalEvent:
            break  # a real illegality: the replay reports it
    return [s for s in steps if s.seq not in moot], moot


def _seq_ranges(seqs: list[int]) -> str:
    """1, 2, 3, 7 -> '1..3, 7'."""
    runs: list[list[int]] = []
    for seq in seqs:
        if runs and seq == runs[-1][-1] + 1:
            runs[-1].append(seq)
        else:
            runs.append([seq])
    return ", ".join(f"{r[0]}..{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
