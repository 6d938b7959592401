"""What the CLI (and table mode) do, as plain functions over a store: no printing here."""

from __future__ import annotations

import gc
import unicodedata
from collections.abc import Sequence
from typing import Any, Literal

from events import ids, ingest
from events.envelope import PendingEvent, new_event
from events.errors import InputError
from events.match import MatchLength, MatchStarted, PlayerSeat, Ruleset
from events.text import player_names
from replay.app.steps import _decoded, game_of, pending_step, read_steps, step_of
from replay.engine.fold import Folded, IllegalEvent, Step, fold
from replay.engine.match import MatchView
from replay.engine.options import RulesetSpec, default_length
from replay.games import GAMES, default_ruleset, projection_for, ruleset, ruleset_ids
from replay.games import game as game_named
from store import MatchExistsError, Store, StoredEvent

__all__ = ["_decoded", "game_of", "pending_step", "read_steps", "step_of"]  # where the folds start, re-exported


def replay_match(store: Store, match_id: str, *, until: int | None = None) -> Folded[Any]:
    return replay_match_steps(read_steps(store, match_id), until=until)


def replay_match_steps(steps: Sequence[Step], *, until: int | None = None) -> Folded[Any]:
    # A replay allocates a few tuples per event and no cycles; as in the store's bulk append,
    # the cyclic collector would only rescan them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return fold(projection_for(game_of(steps)), steps, until=until)
    finally:
        if collecting:
            gc.enable()


def check_and_append(
    store: Store, match_id: str, events: Sequence[PendingEvent], *, expected_seq: int | None = None
) -> Sequence[StoredEvent]:
    """Fold the match with ``events`` added; if every event is legal, append them all.

    ``expected_seq`` defaults to the head read here; a caller that showed the user a state
    passes the seq it showed, so a concurrent writer is caught as a conflict. A match already
    stored is checked against its kept state (``replay/app/repository.py``): only the new events
    are folded.
    """
    if store.exists(match_id):
        from replay.app.repository import MatchRepository

        return MatchRepository(store).append(match_id, events, expected_seq=expected_seq)[0]
    steps: list[Step] = []
    head = steps[-1].seq if steps else 0
    if expected_seq is None:
        expected_seq = head
    steps += [pending_step(head + 1 + i, ev) for i, ev in enumerate(events)]
    if not head and steps and steps[0].type != "match_started":
        raise InputError(
            f"no match {match_id!r} in {store.path}; a new match starts with a match_started event "
            "(or use `taikyoku new`)",
            code="store.unknown_match",
        )
    fold(projection_for(game_of(steps)), steps)
    return store.append(match_id, expected_seq, events)


def build_match_started(
    game: str,
    players: Sequence[str],
    *,
    ruleset_id: str | None = None,
    options: Sequence[str] = (),
    length: int | None = None,
    dealer: str | None = None,
) -> MatchStarted:
    """A complete match_started from what a person types: every option resolved."""
    chosen = game_named(game).name
    spec = ruleset(ruleset_id or default_ruleset(chosen), chosen)  # that game's alone: no other is loaded
    if spec is None:
        raise InputError(f"unknown {game} ruleset {ruleset_id!r}; use one of: {', '.join(ruleset_ids(chosen))}")
    values = _resolve_options(spec, options)
    if len(players) not in spec.players:
        other = next((r.id for r in GAMES[chosen].rulesets if len(players) in r.players), None)
        if other is not None:
            raise InputError(
                f"the {spec.id} ruleset is for {' or '.join(map(str, spec.players))} players; "
                f"for {len(players)}, use --ruleset {other}"
            )
        need = " or ".join(str(n) for n in spec.players)
        raise InputError(f"{game} is played by {need} players; give --player NAME {need} times, in seat order")
    players = player_names(players, seats=True)  # NFC, nothing invisible, no two alike (events/text.py)
    seats = tuple(PlayerSeat(seat=i, name=name) for i, name in enumerate(players))
    first_dealer = 0 if dealer is None else _seat_of(dealer, players)
    match_length = default_length(spec) if length is None else MatchLength(unit=spec.length_unit, count=length)
    started = MatchStarted(
        game=chosen,
        ruleset=Ruleset(id=spec.id, options=values),
        players=seats,
        length=match_length,
        first_dealer=first_dealer,
    )
    # What the game's fold would refuse of it (options that do not fit the table: an uma a place), said
    # now, before any store is opened or made.
    projection = GAMES[chosen].projection()
    try:
        projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
    except IllegalEvent as exc:
        raise InputError(f"{exc.reason} [{exc.code}]") from None
    return started


def _seat_of(who: str, players: Sequence[str]) -> int:
    named = unicodedata.normalize("NFC", who.strip())  # as the names are stored
    if named in players:
        return list(players).index(named)
    if who.isdigit() and int(who) < len(players):
        return int(who)
    raise InputError(f"dealer {who!r} is neither a player's name nor a seat 0 to {len(players) - 1}")


def _resolve_options(spec: RulesetSpec, options: Sequence[str]) -> dict[str, Any]:
    values: dict[str, Any] = dict(spec.defaults())
    for text in options:
        name, sep, raw = text.partition("=")
        name = name.strip()
        if not sep:
            raise InputError(f"--option {text!r} needs the form name=value, as `taikyoku rules` lists them")
        option = spec.option(name)
        if option is None:
            raise InputError(
                f"ruleset {spec.id} has no option {name!r}; known: {', '.join(o.name for o in spec.options)}"
            )
        try:
            value = option.parse(raw)
        except ValueError as exc:
            raise InputError(str(exc)) from None
        problem = option.check(value)
        if problem is not None:
            raise InputError(problem)
        values[name] = value
    missing = [name for name, value in values.items() if value is None]
    if missing:
        option = spec.option(missing[0])
        assert option is not None
        raise InputError(
            f"option {option.name} has no default and must be chosen: add --option {option.name}=VALUE "
            f"with one of {', '.join(option.choices)}"
        )
    return values


def check_match_id(match_id: str) -> None:
    ids.check_match_id(match_id)


def start_match(store: Store, started: MatchStarted, *, recorded_by: str, match_id: str | None = None) -> StoredEvent:
    if match_id is None:
        match_id = _fresh_id(store, started.game)
    check_match_id(match_id)
    if store.exists(match_id):
        raise MatchExistsError(f"match {match_id} already exists in {store.path}; choose another --id")
    _check_known_names(store, [p.name for p in started.players])
    return check_and_append(store, match_id, [new_event(started, recorded_by=recorded_by)], expected_seq=0)[0]


def _check_known_names(store: Store, names: Sequence[str]) -> None:
    """A name that only looks like a player the store already has (``zoë`` beside ``Zoë``) would
    split that player's season: refused, as at a night's door (events/text.py)."""
    from events.text import player_names

    known: set[str] = set()
    for head in store.matches():
        started = head.first.decode()
        if isinstance(started, MatchStarted):
            known.update(p.name for p in started.players)
    player_names(names, known, seats=True)


def _fresh_id(store: Store, game: str) -> str:
    import secrets

    while True:
        candidate = f"{game}-{secrets.token_hex(4)}"
        if not store.exists(candidate):
            return candidate


def record_documents(
    store: Store,
    match_id: str,
    documents: Sequence[ingest.Document],
    *,
    recorded_by: str,
    expected_seq: int | None = None,
) -> Sequence[StoredEvent]:
    """Event documents (`taikyoku record`'s JSON or JSONL, the API's events) completed after the
    match's head (or ``expected_seq``, the head the sender saw), each validated, the whole batch
    checked by the match's rules and appended: all of them, or none. A batch already stored, ids
    and all, sent again is a no-op."""
    resent = stored_resend(store, match_id, documents)
    if resent is not None:
        return resent
    head = store.head(match_id) if expected_seq is None else expected_seq
    pending = [
        ingest.validate(ingest.complete(document, match_id=match_id, seq=head + 1 + offset, recorded_by=recorded_by))[2]
        for offset, document in enumerate(documents)
    ]
    return check_and_append(store, match_id, pending, expected_seq=head)


def stored_resend(store: Store, match_id: str, documents: Sequence[ingest.Document]) -> list[StoredEvent] | None:
    """The stored events, when ``documents`` are a batch already recorded: every one names its
    event id, and those events are stored in this match one after another with the same type and
    payload (and the same time and recorder where the document gives them). Resending a batch is
    then a no-op, as the store makes it for a batch resent through the API; None otherwise."""
    ids = [d.value.get("event_id") if isinstance(d.value, dict) else None for d in documents]
    if not ids or not all(isinstance(i, str) for i in ids) or not store.exists(match_id):
        return None
    by_id = {event.event_id: event for event in store.read(match_id)}
    found = [by_id.get(str(i)) for i in ids]
    if any(event is None for event in found):
        return None
    stored = [event for event in found if event is not None]
    if [e.seq for e in stored] != list(range(stored[0].seq, stored[0].seq + len(stored))):
        return None
    for document, event in zip(documents, stored, strict=True):
        value = document.value
        given = ingest.complete(document, match_id=match_id, seq=event.seq, recorded_by=event.recorded_by)
        pending = ingest.validate(given)[2]
        if pending.type != event.type or pending.payload.canonical_json() != event.payload_text:
            return None
        if value.get("recorded_at", event.recorded_at) != event.recorded_at:
            return None
    return stored


def summary(store: Store, match_id: str) -> dict[str, Any]:
    """A match at a glance: its status (in play, complete, abandoned) and standings so far (the
    scores, or each player's total, as the game keeps them), from the match's state kept at its head. A match
    whose stored events the rules refuse is "illegal", with the first such event (`taikyoku audit`
    says why)."""
    from replay.app.repository import MatchRepository

    try:
        state = MatchRepository(store).get(match_id).state
    except IllegalEvent as refused:  # stored by an older version, or edited: listed, not folded
        return {"status": "illegal", "standings": [], "rounds": 0, "illegal": f"seq {refused.seq} [{refused.code}]"}
    return glance_of(state)


def glance_of(state: MatchView) -> dict[str, Any]:
    """``summary`` of a state already folded (an import has it when it stores the match)."""
    standings = list(GAMES[state.match.started.game].review().scores_now(state)) if state.match.started else []
    return {"status": status_of(state), "standings": standings, "rounds": len(state.results)}


def status_of(state: MatchView) -> Literal["in play", "complete", "abandoned"]:
    """A folded match's status: in play, complete or abandoned."""
    ended, started = state.match.ended, state.match.started
    if ended is not None:
        return "abandoned" if ended.reason == "abandoned" else "complete"
    return "complete" if started is not None and GAMES[started.game].review().finished(state) else "in play"


def abandon(store: Store, match_id: str, reason: str, *, recorded_by: str) -> StoredEvent:
    """End a mistaken or unfinished match: a match_ended event that says why; its events stay."""
    from events.match import MatchEnded

    if not store.exists(match_id):
        raise InputError(f"no match {match_id!r} in {store.path}; list the matches with `taikyoku matches`")
    if not reason.strip():
        raise InputError("say why the match is abandoned: --reason TEXT")
    if len(reason) > 4000:
        raise InputError(f"the reason is {len(reason)} characters long; it may be at most 4000")
    ended = replay_match(store, match_id).state.match.ended
    if ended is not None:
        raise InputError(f"match {match_id} has ended already ({ended.reason}); retract match_ended to reopen it")
    event = new_event(MatchEnded(reason="abandoned", note=reason), recorded_by=recorded_by)
    return check_and_append(store, match_id, [event], expected_seq=store.head(match_id))[0]
