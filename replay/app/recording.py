"""Recording at the table: what a person says (start the round, play this card, draw, discard)
turned into events, checked by the same fold that replays them against the match's kept state,
and appended at once. The CLI's short commands and table mode call this; the coming phone
recorder will too. Nothing here prints: each call returns what was stored, the state after it,
and the notes a person should hear ("pine-crane takes pine-chaff-1")."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Protocol

from pydantic import ValidationError

from events.envelope import new_event
from events.errors import InputError
from events.ingest import describe_pydantic
from replay.app.repository import Kept, KeptStates, MatchRepository
from replay.app.results import Recorded
from replay.app.seats import in_names
from replay.engine.fold import IllegalEvent, Step
from replay.engine.game import Game
from replay.engine.intents import Build
from replay.games import GAMES
from store import Store, StoredEvent
from store.errors import ConcurrencyError

# What a command makes of the state: the payloads to record and the notes to tell the table.


def current(store: Store, match: str, games: Collection[str], kept_states: KeptStates | None = None) -> Kept:
    """The match folded to its head; refused if it is not one of ``games``."""
    return checked_game(MatchRepository(store, kept_states).get(match), games)


def checked_game(kept: Kept, games: Collection[str]) -> Kept:
    """``kept``, refused if its match is not one of ``games``."""
    if kept.game not in games:
        wanted = " or ".join(GAMES[g].title for g in sorted(games))
        raise InputError(
            f"match {kept.match_id} is a {GAMES[kept.game].title} match; this command records {wanted} matches"
        )
    return kept


class Intending(Protocol):
    """A recording intent (``replay/engine/intents.py``): the games it records for, and its events."""

    @property
    def games(self) -> Collection[str]: ...
    @property
    def build(self) -> Build: ...


def record_intent(
    store: Store,
    match: str,
    intent: Intending,
    *,
    recorded_by: str,
    expected_seq: int | None = None,
    kept_states: KeptStates | None = None,
    kept: Kept | None = None,
) -> Recorded:
    """Read the match once (or take ``kept``, the state the caller has just read), let the intent
    make the payloads and notes from its state, check them by the fold and append them after the
    head that was read (or ``expected_seq``, the head the person saw: a write made on a state since
    overtaken is refused as a conflict)."""
    kept = current(store, match, intent.games, kept_states) if kept is None else checked_game(kept, intent.games)
    if expected_seq is not None and kept.head != expected_seq:  # said on a state since overtaken
        raise ConcurrencyError(match, expected_seq, kept.head)
    try:
        payloads, notes = intent.build(kept.game, kept.state)
    except ValidationError as exc:
        raise InputError(describe_pydantic(exc)) from None
    try:
        stored, after = MatchRepository(store, kept_states).append(
            match, [new_event(p, recorded_by=recorded_by) for p in payloads], expected_seq=kept.head, kept=kept
        )
    except IllegalEvent as refused:  # said with the players' names, as the table says them
        raise IllegalEvent(
            refused.code, in_names(refused.reason, kept.state.names), seq=refused.seq, event_type=refused.event_type
        ) from None
    return Recorded(stored, after, notes)


def expects(game: str, rnd: object, names: Sequence[str]) -> str:
    """What the round waits for, in words."""
    return GAMES[game].view().expects(rnd, names)


def _with_its_capture(game: Game, effective: Sequence[Step], target: Step) -> list[Step]:
    """``target``, with what the table made in the same move, as the game's turn declares it
    (``FishingMoves.undone_together``: a play or draw and the capture that rests on it)."""
    return [target] if game.fishing is None else game.fishing.undone_together(effective, target)


def retract(
    store: Store, match: str, seq: int, *, reason: str, recorded_by: str
) -> tuple[list[Step], Sequence[StoredEvent]]:
    """Void event ``seq``, with the capture that rests on it (a play or draw that captured): the
    steps voided, and the retracts stored. Refused as the fold refuses any retract (an unknown seq,
    match_started, a note)."""
    from events.match import Retract

    repository = MatchRepository(store)
    kept = repository.get(match)
    target = next((s for s in kept.folded.history.effective if s.seq == seq), None)
    undone = [] if target is None else _with_its_capture(GAMES[kept.game], kept.folded.history.effective, target)
    retracts = [new_event(Retract(seq=s.seq, reason=reason), recorded_by=recorded_by)
                for s in reversed(undone)] or [new_event(Retract(seq=seq, reason=reason), recorded_by=recorded_by)]  # fmt: skip
    stored, _ = repository.append(match, retracts, expected_seq=kept.head, kept=kept)
    return undone, stored


def undo_last(
    store: Store,
    match: str,
    *,
    recorded_by: str,
    expected_seq: int | None = None,
    kept_states: KeptStates | None = None,
    kept: Kept | None = None,
) -> tuple[list[Step], Sequence[StoredEvent]]:
    """Retract the last entry: one event, a play or draw together with the capture it made (the
    table made them in one move), or a hand recorded by its result, its start with it. The undone steps, and the retracts stored. ``kept``: the
    state the caller has just read, not read again."""
    from events.match import Retract

    repository = MatchRepository(store, kept_states)
    kept = repository.get(match) if kept is None else kept
    if expected_seq is not None and kept.head != expected_seq:  # an undo of what another phone just did: no
        raise ConcurrencyError(match, expected_seq, kept.head)
    effective = [s for s in kept.folded.history.effective if s.seq != 1]
    if not effective:
        raise InputError("there is nothing to undo yet")
    undone = [effective[-1]]
    if len(effective) > 1 and _with_its_capture(GAMES[kept.game], effective, effective[-2])[-1] is effective[-1]:
        undone.insert(0, effective[-2])
    # A hand recorded by its result (its start, then how it ended, nothing between) is one entry at
    # the table, and one undo takes it whole: the table is back where that hand had not begun.
    begun = effective[-len(undone) - 1] if len(effective) > len(undone) else None
    hand = kept.state.round
    if begun is not None and begun.payload.STARTS_ROUND and hand is not None and hand.over:
        undone.insert(0, begun)
    retracts = [new_event(Retract(seq=s.seq, reason="undone at the table"), recorded_by=recorded_by)
                for s in reversed(undone)]  # fmt: skip
    stored, _ = repository.append(match, retracts, expected_seq=kept.head, kept=kept)
    return undone, stored
