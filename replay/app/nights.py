"""A club night, run from the host's page (or ``taikyoku night``): the players present, each
session seated (``replay/app/seating.py``) with a match per table, a table not yet started re-seated
or abandoned, the night closed; its sheet: who played whom, the final scores, the placements.

A night is its own stream of events (``events/night.py``), folded by the pure fold of
``replay/app/night_state.py``: the stored night is the record, and nothing about it is kept
anywhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from events.envelope import PendingEvent, new_event
from events.errors import InputError
from events.match import MatchEnded
from events.model import Payload
from events.night import (
    NightClock,
    NightClosed,
    NightCut,
    NightOnline,
    NightOpened,
    NightPenalty,
    NightPlayers,
    NightRegistered,
    NightResultsHidden,
    NightSeated,
    NightSubstitute,
    NightTable,
    NightTableAbandoned,
    NightTableClock,
    Registered,
)
from events.text import lookalike
from replay.app.night_state import Night, apply, fold
from replay.app.seating import Session
from replay.app.steps import pending_step, read_steps
from store import ConcurrencyError, Store

if TYPE_CHECKING:
    from replay.app.repository import MatchRepository

NIGHT_PREFIX = "night-"


def online(store: Store, night_id: str, match_id: str, session: int, players: Sequence[str], *,
           recorded_by: str, status: str) -> Night:  # fmt: skip
    """Count an imported match (``status``: its status now) as a table of ``session``."""
    from events.text import player_name

    night = read(store, night_id)
    if night.closed:
        raise InputError(f"{night_id} is closed; an online match is counted during the night")
    if status != "complete":
        raise InputError(f"{match_id} is {status}; an online match counts once it is complete")
    names = tuple(player_name(name, "a player's name") for name in players)
    return _append(store, night, [NightOnline(match_id=match_id, players=names, session=session)], recorded_by)


# Whose a seat's result is when a substitute finishes a match and the host says nothing: the
# registered player's, as a tournament ranks the players it seated (a stand-in is not ranked).
SUBSTITUTE_COUNTS_FOR = "player"


def substitute(store: Store, night_id: str, match_id: str, leaves: str, substitute: str, *, reason: str,
               counts_for: str | None, recorded_by: str, playing: set[str]) -> Night:  # fmt: skip
    """A substitute for ``leaves`` at ``match_id``: the match must be in play, the substitute at no
    other table that plays (``playing``: the night's tables in play)."""
    night = read(store, night_id)
    opened = night.opened
    assert opened is not None
    if night.closed:
        raise InputError(f"{night_id} is closed; a substitute sits down during the night")
    if night.table(match_id) is not None and match_id not in playing and match_id not in night.abandoned:
        raise InputError(f"{match_id} has ended; a substitute finishes a match in play")
    from events.text import player_name

    # Every name compared as it is stored (NFC): "Zoë" typed decomposed is the Zoë at another table.
    name = player_name(substitute, "the substitute's name")
    leaving = player_name(leaves, "the name of the player who leaves")
    elsewhere = [m for m in sorted(playing) if m != match_id
                 and (name in night.sitting(m) or lookalike(name, night.sitting(m)) is not None)]  # fmt: skip
    if elsewhere:
        raise InputError(f"{name} plays at {elsewhere[0]}; a substitute is a player without a table")
    if not reason.strip():
        raise InputError("say why the player leaves (--reason)")
    chosen = counts_for or SUBSTITUTE_COUNTS_FOR
    if chosen != "player" and chosen != "substitute":
        raise InputError(f"--counts-for is player or substitute, not {chosen!r}")
    given = NightSubstitute(match_id=match_id, leaves=leaving, substitute=name, reason=reason.strip()[:4000], counts_for=chosen)  # fmt: skip
    return _append(store, night, [given], recorded_by)


def give_penalty(store: Store, night_id: str, player: str, points: int, reason: str, *, recorded_by: str,
                 match_id: str | None = None) -> Night:  # fmt: skip
    night = read(store, night_id)
    if night.closed:
        raise InputError(f"{night_id} is closed; a penalty is given during the night")
    if not points or not -1000 <= points <= 1000:
        raise InputError(f"a penalty is -1000 to 1000 points, and not 0; not {points}")
    if not reason.strip():
        raise InputError("say why the penalty is given (--reason)")
    return _append(store, night, [NightPenalty(player=player, points=points, reason=reason.strip()[:4000],
                                                 match_id=match_id)], recorded_by)  # fmt: skip


def register(store: Store, night_id: str, entries: Sequence[Registered], *, recorded_by: str) -> Night:
    """The players' details and teams (the whole list), checked against the night."""
    from events.text import player_name

    named = [entry.model_copy(update={"name": player_name(entry.name, "a registered name")}) for entry in entries]
    return _append(store, read(store, night_id), [NightRegistered(players=tuple(named))], recorded_by)


def hide_results(store: Store, night_id: str, from_session: int | None, *, recorded_by: str) -> Night:
    """Hide the results of ``from_session`` and after from the public (None: reveal them)."""
    night = read(store, night_id)
    if night.closed and from_session is not None:
        raise InputError(f"{night_id} is closed; its results are shown whole")
    return _append(store, night, [NightResultsHidden(from_session=from_session)], recorded_by)


CARRIES: tuple[str, ...] = get_args(NightCut.model_fields["carry"].annotation)  # kept, halved, cleared


def cut(store: Store, night_id: str, keep: int, carry: str, ranked: Sequence[str], *, recorded_by: str) -> Night:
    """The best ``keep`` of ``ranked`` (the standings, best first) go on; ``carry``: kept, halved or cleared."""
    night = read(store, night_id)
    if carry not in CARRIES:
        raise InputError(f"the results so far are {', '.join(CARRIES)} at a cut, not {carry!r}")
    going = [name for name in ranked if name in night.players][:keep]
    if len(going) < keep:
        raise InputError(f"only {len(going)} players present have a standing; a cut keeps at most that many")
    return _append(store, night, [NightCut(after_session=len(night.sessions), keep=keep, carry=carry,
                                           players=tuple(going))], recorded_by)  # fmt: skip


def cancel_penalty(store: Store, night_id: str, seq: int, *, recorded_by: str) -> Night:
    return _append(store, read(store, night_id), [NightPenalty(cancels=seq)], recorded_by)


def night_of_table(store: Store, match_id: str) -> Night | None:
    """The night a table belongs to (its id is the night's with -tN, and the night names it), or None."""
    night_id, _, number = match_id.rpartition("-t")
    if not match_id.startswith(NIGHT_PREFIX) or not number.isdigit() or not store.exists(night_id):
        return None
    night = read(store, night_id)
    return night if match_id in {table.match_id for table in night.tables} else None


def read(store: Store, night_id: str) -> Night:
    """The night as its stored events leave it."""
    if not night_id.startswith(NIGHT_PREFIX):
        raise InputError(f"{night_id!r} is not a night; a night's id starts with {NIGHT_PREFIX}")
    if not store.exists(night_id):
        from store import UnknownMatchError

        raise UnknownMatchError(night_id, f"no night {night_id!r} here; list the nights with `taikyoku night list`")
    return fold(read_steps(store, night_id, provenance="all"), night_id)


def _checked(night: Night, pending: Sequence[PendingEvent]) -> Night:
    """The night after ``pending``, each checked as the next event: what is refused is never written."""
    after = night
    for offset, event in enumerate(pending, 1):
        after = apply(after, pending_step(night.head + offset, event))
    return after


def _append(store: Store, night: Night, payloads: Sequence[Payload], recorded_by: str) -> Night:
    """Check the events against the night, then store them after its head (or nothing). The store
    takes them at that head or refuses them all, so the night is as checked."""
    pending = [new_event(p, recorded_by=recorded_by) for p in payloads]
    after = _checked(night, pending)
    store.append(night.night_id, night.head, pending)
    return after


def fresh_id(store: Store, today: str | None = None, *, club: str | None = None) -> str:
    """``night-YYYY-MM-DD`` (a club's: ``night-CLUB-YYYY-MM-DD``), or with ``-2``, ``-3`` ... when
    the day has one already."""
    day = today or datetime.now(UTC).strftime("%Y-%m-%d")
    start = f"{NIGHT_PREFIX}{club}-{day}" if club else f"{NIGHT_PREFIX}{day}"
    candidate, number = start, 1
    while store.exists(candidate):
        number += 1
        candidate = f"{start}-{number}"
    return candidate


def open_night(
    store: Store, opened: NightOpened, players: Sequence[str], *, recorded_by: str, night_id: str | None = None
) -> Night:
    night_id = night_id or fresh_id(store)
    if not night_id.startswith(NIGHT_PREFIX):
        raise InputError(f"a night's id starts with {NIGHT_PREFIX}, e.g. {NIGHT_PREFIX}club-december")
    if store.exists(night_id):
        raise InputError(f"{night_id} already exists; choose another id")
    return _append(store, Night(night_id=night_id), [opened, NightPlayers(players=tuple(players))], recorded_by)


def set_players(store: Store, night_id: str, players: Sequence[str], *, recorded_by: str) -> Night:
    names = [name.strip() for name in players if name.strip()]
    return _append(store, read(store, night_id), [NightPlayers(players=tuple(names))], recorded_by)


def started(store: Store, match_id: str) -> bool:
    """Whether a table's match has anything recorded after its first event."""
    return store.head(match_id) > 1


class SeatingChoice(NamedTuple):
    """How the director seats a session (``replay/app/seating.py``): the mode, the interval's step,
    a schedule's tables for this session, how winds are given, who sits this session out, and
    the standings best first (swiss and interval seat from them)."""

    mode: str = "random"
    step: int | None = None
    schedule: tuple[tuple[str, ...], ...] | None = None
    winds: str | None = None  # None: balanced, or as the schedule gives them
    leave_out: tuple[str, ...] = ()
    order: tuple[str, ...] = ()


def seat_next(store: Store, night_id: str, *, recorded_by: str, again: bool = False,
              choice: SeatingChoice | None = None) -> Night:  # fmt: skip
    """Seat the next session (``again``: the last one once more, none of its tables started): a
    match per table and the seating that names them, in one transaction with the ending of the
    tables seated before (again) and of any table an interrupted seating of an older version left
    outside the night: all of it, or nothing, whatever stops it."""
    from events.match import MatchStarted, PlayerSeat
    from replay.app.repository import MatchRepository
    from replay.engine.fold import fold as fold_steps
    from replay.games import projection_for

    night = read(store, night_id)
    opened = night.opened
    assert opened is not None
    if night.closed:
        raise InputError(f"{night_id} is closed; open another night for more games")
    number = len(night.sessions) + (0 if again else 1)
    if number > opened.sessions:
        raise InputError(f"{night_id} was opened for {opened.sessions} session{'s' if opened.sessions != 1 else ''}, "
                         "and every one is seated; close the night, or open another for more games")  # fmt: skip
    batches: list[tuple[str, int, list[PendingEvent]]] = []
    repository = MatchRepository(store)
    if again:
        if not night.sessions:
            raise InputError("no session is seated yet: seat the first")
        for table in night.sessions[-1]:
            if table.match_id in night.abandoned:
                continue
            if started(store, table.match_id):
                raise InputError(f"{table.match_id} has started; a session is seated again only before any "
                                 "table of it starts (abandon that table instead)")  # fmt: skip
            # Ended at its first event exactly: a hand a phone stores meanwhile makes the whole
            # seating a conflict, and nothing of it is stored.
            ended = new_event(MatchEnded(reason="abandoned", note="the session was seated again"),
                              recorded_by=recorded_by)  # fmt: skip
            repository.check(table.match_id, [ended])
            batches.append((table.match_id, 1, [ended]))
    history = [tuple(tuple(t.players) for t in session) for session in night.sessions[: number - 1]]
    tables = _seated(night, number, history, choice or SeatingChoice())
    if len(tables) > SEATED_LIMIT:
        raise InputError(f"{len(tables)} tables are more than a session seats (at most {SEATED_LIMIT}); "
                         "split the players into two nights")  # fmt: skip
    # Tables an interrupted seating of an older version made outside the night: ended, and not reused.
    orphans = _orphans(store, night)
    for match_id, head in orphans.items():
        ended = new_event(MatchEnded(reason="abandoned", note="made by a seating that did not finish"),
                          recorded_by=recorded_by)  # fmt: skip
        if not _over(repository, match_id):
            repository.check(match_id, [ended])
            batches.append((match_id, head, [ended]))
    # After every table made: those of the night (an orphan mended shifts their numbers), and the orphans.
    known = [_table_number(night_id, t.match_id) for t in night.tables]
    numbered = max([night.tables_made, *known, *(_table_number(night_id, m) for m in orphans)])
    made: list[NightTable] = []
    for offset, players in enumerate(tables):
        match_id = f"{night_id}-t{numbered + offset + 1}"
        first = MatchStarted(game=opened.game, ruleset=opened.ruleset, length=opened.length, first_dealer=0,
                             players=tuple(PlayerSeat(seat=s, name=n) for s, n in enumerate(players)))  # fmt: skip
        event = new_event(first, recorded_by=recorded_by)
        fold_steps(projection_for(opened.game), [pending_step(1, event)])  # the game's own rules, before any write
        batches.append((match_id, 0, [event]))
        made.append(NightTable(match_id=match_id, players=players))
    seated = new_event(NightSeated(session=number, tables=tuple(made)), recorded_by=recorded_by)
    _checked(night, [seated])
    batches.append((night_id, night.head, [seated]))
    try:
        store.append_together(batches)
    except ConcurrencyError:
        raise ConcurrencyError(night_id, night.head, night.head, message=(
            "a table of the night moved on while the session was seated (a hand stored, or another host "
            "seated it); nothing was changed: look at the night again")) from None  # fmt: skip
    return read(store, night_id)


SEATED_LIMIT = 100  # tables in one session: 200 players present at tables of two


def _seated(night: Night, number: int, history: Sequence[Session], choice: SeatingChoice) -> Session:
    """Session ``number``'s tables as the director chose to seat it, checked against the night."""
    from replay.app import seating

    opened = night.opened
    assert opened is not None
    per_table, seed = opened.per_table, opened.seed + 7919 * night.tables_made
    if choice.mode not in seating.MODES:
        raise InputError(f"the seating is one of {', '.join(seating.MODES)}, not {choice.mode!r}")
    if choice.winds is not None and choice.winds not in seating.WINDS:
        raise InputError(f"winds are one of {', '.join(seating.WINDS)}, not {choice.winds!r}")
    if choice.winds == "prescripted" and choice.mode != "prescripted":
        raise InputError("winds come from a schedule only with --mode prescripted; choose balanced or random")
    unknown = sorted(set(choice.leave_out) - set(night.players))
    if unknown:
        raise InputError(f"{', '.join(unknown)} is not among the players present; only a present player sits out")
    present = [name for name in night.players if name not in choice.leave_out]
    if choice.mode == "prescripted":
        if choice.schedule is None:
            raise InputError(f"the schedule has no session {number}; give its tables, or seat it another way")
        absent = sorted({name for table in choice.schedule for name in table} - set(present))
        if absent:
            raise InputError(f"the schedule seats {', '.join(absent)} in session {number}, who is not present "
                             "(or sits out): add them to the night, or seat a substitute after")  # fmt: skip
        scheduled = {name for table in choice.schedule for name in table}
        unseated = [name for name in present if name not in scheduled]
        if unseated:
            raise InputError(f"the schedule seats {len(scheduled)} of the {len(present)} players present in session "
                             f"{number}; seat {', '.join(unseated)} too, or let them sit out (--out)")  # fmt: skip
        if any(len(table) != per_table for table in choice.schedule):
            raise InputError(f"a table of the night seats {per_table}; the schedule's session {number} does not")
        return seating.with_winds(choice.schedule, history, choice.winds or "prescripted", seed)
    if len(present) < per_table:
        raise InputError(f"{len(present)} players are present; a table seats {per_table}: add players first")
    if choice.mode == "random":
        try:
            tables = seating.seat_session(present, per_table, history, seed=seed,
                                          sessions_left=max(1, opened.sessions - number + 1))  # fmt: skip
        except ValueError as exc:
            raise InputError(f"{exc}; add players first") from None
        return tables if choice.winds in (None, "balanced") else seating.with_winds(tables, history, "random", seed)
    out = set(seating.sitting_out(present, per_table, history))
    seated = [name for name in present if name not in out]
    ranked = [name for name in choice.order if name in seated]
    ranked += sorted(name for name in seated if name not in ranked)  # no result yet: after, by name
    if choice.mode == "swiss":
        groups = seating.swiss(ranked, per_table, history)
    else:
        step = choice.step if choice.step is not None else len(ranked) // per_table
        try:
            groups = seating.interval(ranked, per_table, step)
        except ValueError as exc:
            raise InputError(str(exc)) from None
    return seating.with_winds(groups, history, choice.winds or "balanced", seed)


def _table_number(night_id: str, match_id: str) -> int:
    tail = match_id.removeprefix(f"{night_id}-t")
    return int(tail) if tail.isdigit() else 0


def _orphans(store: Store, night: Night) -> dict[str, int]:
    """Matches named as this night's tables that no seating of it names: by id, their heads."""
    known = {table.match_id for table in night.tables}
    prefix = f"{night.night_id}-t"
    # The heads alone (a league's 200,000 of them), not every match's first event.
    return {head.match_id: head.last_seq for head in store.heads()
            if head.match_id.startswith(prefix) and head.match_id not in known
            and head.match_id.removeprefix(prefix).isdigit()}  # fmt: skip


def _over(repository: MatchRepository, match_id: str) -> bool:
    from replay.app.service import status_of

    return status_of(repository.get(match_id).folded.state) != "in play"


def abandon(store: Store, night_id: str, match_id: str, *, recorded_by: str, reason: str) -> Night:
    """Give up one table of the night: its match ended as abandoned, and the night says so, in one
    transaction."""
    from replay.app.repository import MatchRepository

    night = read(store, night_id)
    if match_id not in {table.match_id for table in night.tables}:
        raise InputError(f"{match_id} is not a table of {night_id}")
    repository = MatchRepository(store)
    if match_id in night.abandoned and _over(repository, match_id):  # one whose end was retracted plays on
        raise InputError(f"{match_id} is abandoned already")
    batches: list[tuple[str, int, list[PendingEvent]]] = []
    if not _over(repository, match_id):
        ended = new_event(MatchEnded(reason="abandoned", note=reason[:200]), recorded_by=recorded_by)
        checked = repository.check(match_id, [ended])
        batches.append((match_id, checked.head - 1, [ended]))
    given_up = new_event(NightTableAbandoned(match_id=match_id, reason=reason), recorded_by=recorded_by)
    _checked(night, [given_up])
    batches.append((night_id, night.head, [given_up]))
    store.append_together(batches)
    return read(store, night_id)


def call_time(store: Store, night_id: str, playing: Sequence[str], match_id: str | None, *,
              recorded_by: str) -> None:  # fmt: skip
    """Time is up at every table of the latest session still in play (``playing``), or at
    ``match_id`` alone: a time_up in each, in one transaction; the ruleset then says which hand
    is the last."""
    from events.match import TimeUp
    from replay.app.repository import MatchRepository

    night = read(store, night_id)
    if night.closed:
        raise InputError(f"{night_id} is closed; time is called during the night")
    latest = {table.match_id for table in night.sessions[-1]} if night.sessions else set()
    if match_id is not None:
        if night.table(match_id) is None:
            raise InputError(f"{match_id} is not a table of {night_id}")
        if match_id not in playing:
            raise InputError(f"{match_id} has ended; time is called at a table in play")
        chosen = [match_id]
    else:
        chosen = sorted(m for m in playing if m in latest)
        if not chosen:
            raise InputError("no table of the latest session plays on; there is no time to call")
    repository = MatchRepository(store)
    batches: list[tuple[str, int, list[PendingEvent]]] = []
    for table in chosen:
        event = new_event(TimeUp(), recorded_by=recorded_by)
        checked = repository.check(table, [event])
        batches.append((table, checked.head - 1, [event]))
    store.append_together(batches)


def table_clock(store: Store, night_id: str, match_id: str, minutes: int, *, recorded_by: str) -> Night:
    """One table's own clock: ``minutes`` from now (0: the session's clock again)."""
    night = read(store, night_id)
    if night.closed:
        raise InputError(f"{night_id} is closed; its clock is over")
    if not 0 <= minutes <= 600:
        raise InputError(f"a table's clock runs 1 to 600 minutes (0 gives it the session's again), not {minutes}")
    return _append(store, night, [NightTableClock(match_id=match_id, minutes=minutes)], recorded_by)


def start_clock(store: Store, night_id: str, minutes: int, *, recorded_by: str) -> Night:
    """Start (or give more time to, or with 0 stop) the clock of the session seated last."""
    night = read(store, night_id)
    if night.closed:
        raise InputError(f"{night_id} is closed; its clock is over")
    if not night.sessions:
        raise InputError("no session is seated yet: seat one, then start its clock")
    if not 0 <= minutes <= 600:
        raise InputError(f"a session's clock runs 1 to 600 minutes (0 stops it), not {minutes}")
    return _append(store, night, [NightClock(minutes=minutes, session=len(night.sessions))], recorded_by)


def close(store: Store, night_id: str, *, recorded_by: str, playing: Sequence[str]) -> Night:
    """Close the night; ``playing``: its tables still in play, which must be finished or abandoned first."""
    night = read(store, night_id)
    if playing:
        raise InputError(f"{', '.join(playing)} plays on; record its end or abandon it, then close the night")
    return _append(store, night, [NightClosed()], recorded_by)


def nights(store: Store) -> list[dict[str, Any]]:
    """Every night in the store, newest first: its id, title, game and when it was opened."""
    found = []
    for head in store.matches("night.opened"):
        opened = head.first.decode()
        if not isinstance(opened, NightOpened):  # the store lists nights by their first event's type
            continue
        found.append({"night_id": head.match_id, "title": opened.title, "game": opened.game,
                      "opened_at": head.first.recorded_at, "last_seq": head.last_seq})  # fmt: skip
    return sorted(found, key=lambda n: n["opened_at"], reverse=True)


def rules_changed(opened: NightOpened) -> list[str]:
    """The night's rule options that differ from its ruleset's own, as ``name=value`` (how the host
    chose them): what the sheet says besides the ruleset's name."""
    from replay.games import ruleset

    spec = ruleset(opened.ruleset.id, opened.game)
    defaults = spec.defaults() if spec is not None else {}
    said = []
    for name, value in opened.ruleset.options.items():
        if name in defaults and value != defaults[name]:
            shown = ",".join(str(v) for v in value) if isinstance(value, tuple | list) else value
            said.append(f"{name}={str(shown).lower() if isinstance(value, bool) else shown}")
    return said
