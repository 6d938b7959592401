"""One import use case for every game log format. A format's reader only translates: it yields
each event (with where in the log it stands), the log's own claims (the score changes it
recorded), and what only the state can settle (who was tenpai at a draw, which abortive draw a
silent one was). This folds the match once through the riichi rules, and decides: a refusal a
server's record may override (``replay/games/riichi/refusals.py``) keeps the hand as the log
recorded it, with a finding, where the format can give that; any other refusal stops the game,
named; and every hand whose score changes the rules compute otherwise is a finding."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from pydantic import ValidationError

from events.canonical import JsonValue
from events.errors import InputError
from events.ingest import describe_pydantic
from events.match import Claim, MatchEnded, MatchStarted
from events.model import Payload
from events.riichi import RiichiPlayedOn
from replay.engine.fold import IllegalEvent, Step
from replay.engine.logs import Imported, Read, hand_number, unreadable
from replay.engine.match import seat_names
from replay.engine.words import in_names
from replay.games.riichi import review as riichi_review
from replay.games.riichi.flow import match_over
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.logs.tenhou6.read import Disagreement, LogEnd
from replay.games.riichi.refusals import MATCH_OVER, SERVER_MAY_OVERRIDE
from replay.games.riichi.state import RiichiState


class Settle(Protocol):
    """Something only the state can decide: ``settle(state, try_apply)`` gives the payload."""

    def settle(self, state: RiichiState, accepts: Callable[[Payload], bool]) -> Payload: ...


class LogReading(Protocol):
    @property
    def source(self) -> str:
        """The file, for messages."""
        ...

    @property
    def claims_word(self) -> str:
        """How messages name the log: "log" (Tenhou) or "file" (mjai)."""
        ...

    def items(self) -> Iterator[tuple[str, JsonValue]]:
        """(where, item): a payload, a Claim, a Settle, a Disagreement or a LogEnd, in order."""
        ...

    def as_recorded(self, hand_no: int, refusal: str) -> Payload | None:
        """Hand ``hand_no`` as the log recorded it, or None where the format cannot say; raises
        ``InputError`` when the log is not consistent with itself."""
        ...

    def unreadable(self, where: str) -> str:
        """What to say of an entry the reader's shape checks let through and the events refuse."""
        ...

    @property
    def played_at(self) -> str | None:
        """When the game was played (UTC, as events are timed), where the log says; else None."""
        ...


def fold_import(reading: LogReading, match_id: str) -> Imported:
    """The log's events, each checked by the riichi fold as it comes; stops at the first problem.

    A game played while one of its server's rule changes may or may not have been made (a change
    whose day is known only to a window) is read under each rule it may have followed, and kept
    under the one its own record follows: no problem, the fewest findings, then a finished match;
    on a tie, the rule the day gives (``RulesetSpec.defaults``)."""
    # Reading and folding allocate a few tuples per event and no cycles; as in a replay, the
    # cyclic collector would only rescan them.
    collecting = gc.isenabled()
    gc.disable()
    try:
        best = _fold_import(reading, match_id)
        for rules in _other_rules(best):
            if _fits(best) == (0, 0, 0):
                break
            other = _fold_import(reading, match_id, rules)
            if _fits(other) < _fits(best):
                best = other
        return best
    finally:
        if collecting:
            gc.enable()


def _fits(imported: Imported) -> tuple[int, int, int]:
    """How badly a reading fits its log (lower is better): a problem, then findings, then unfinished."""
    ended = imported.state.match.ended if imported.state is not None else None
    finished = ended is not None and ended.reason == "completed"
    return (imported.problem is not None, len(imported.findings), not finished)


def _other_rules(imported: Imported) -> list[dict[str, Any]]:
    """The options that differ under each other rule the game may have followed (its day in a
    change's window), as ``RulesetSpec.alternatives`` gives them."""
    from replay.games import ruleset

    started = next((p for p in imported.payloads if isinstance(p, MatchStarted)), None)
    if started is None:
        return []
    spec = ruleset(started.ruleset.id, started.game)
    if spec is None:
        return []
    today = spec.defaults(imported.played_at)
    return [{name: value for name, value in other.items() if today.get(name) != value}
            for other in spec.alternatives(imported.played_at)]  # fmt: skip


def _fold_import(reading: LogReading, match_id: str, rules: dict[str, Any] | None = None) -> Imported:
    projection = RiichiProjection()
    state = projection.initial()
    payloads: list[Payload] = []
    imported = Imported(reading.source, match_id, payloads, played_at=reading.played_at)
    where = f"{reading.source}: the header"
    kept_hand: int | None = None  # a hand kept as the log recorded it: its other moves are left out

    def accepts(event: Payload) -> bool:
        try:
            projection.apply(state, Step(len(payloads) + 1, event.EVENT_TYPE, event))
        except IllegalEvent:
            return False
        return True

    try:
        for where, item in reading.items():
            disagreement = isinstance(item, Disagreement)
            hand_no = None if kept_hand is None and not disagreement else hand_number(where)
            if kept_hand is not None and hand_no == kept_hand and not isinstance(item, Claim):
                continue
            refusal = item.message if disagreement else None
            if refusal is None:
                if isinstance(item, LogEnd):
                    payload: Payload = MatchEnded(reason="completed" if match_over(state) else "abandoned")
                elif isinstance(item, MatchStarted) and rules:
                    options = {**item.ruleset.options, **rules}
                    payload = item.model_copy(update={"ruleset": item.ruleset.model_copy(update={"options": options})})
                elif isinstance(item, Payload):
                    payload = item
                else:
                    payload = item.settle(state, accepts)
                if isinstance(payload, Claim):
                    payloads.append(payload)
                    continue
                try:
                    state = projection.apply(state, Step(len(payloads) + 1, payload.EVENT_TYPE, payload))
                    payloads.append(payload)
                    continue
                except IllegalEvent as exc:
                    refusal = f"{where}: {in_names(exc.reason, seat_names(state.match))} [{exc.code}]"
                    ended = match_over(state) if exc.code == MATCH_OVER else None
                    if ended is not None:  # the server played on: so does the record, and says so
                        try:
                            state = _played_on(projection, state, payloads, payload, ended)
                        except IllegalEvent as again:
                            raise InputError(f"{where}: {again.reason} [{again.code}]") from None
                        imported.findings.append(
                            f"{where}: the rules end the match before this hand ({ended}), and the log plays "
                            "on: its hands are kept as recorded [riichi.match.over]"
                        )
                        continue
                    if exc.code not in SERVER_MAY_OVERRIDE:  # tiles or turns the log does not hold together
                        raise InputError(refusal) from None
            # The rules refuse what the server recorded: keep the hand as the log has it, if the
            # format can give it and the log is consistent with itself, and say so.
            rnd = state.round
            hand_no = hand_number(where)
            if hand_no is None or rnd is None or rnd.over or rnd.number != hand_no:
                raise InputError(refusal)
            kept = reading.as_recorded(hand_no, refusal)
            if kept is None:
                raise InputError(refusal)
            try:
                state = projection.apply(state, Step(len(payloads) + 1, kept.EVENT_TYPE, kept))
            except IllegalEvent:
                raise InputError(refusal) from None
            payloads.append(kept)
            imported.findings.append(refusal)
            kept_hand = hand_no
    except InputError as exc:  # a LogProblem of the reader's too
        imported.problem = exc.message
    except ValidationError as exc:  # a value no event may hold: said in a person's words
        imported.problem = f"{where}: {describe_pydantic(exc, root='')}"
    except (TypeError, ValueError, IndexError, KeyError, AttributeError):
        imported.problem = reading.unreadable(where)
    imported.hands = len(state.results)
    imported.wins = sum(len(r.wins) for r in state.results)
    if imported.problem is None:
        imported.findings.extend(_claims_differ(reading, payloads, state))
        imported.state = state
    return imported


def _played_on(
    projection: RiichiProjection, state: RiichiState, payloads: list[Payload], started: Payload, ended: str
) -> JsonValue:
    """``riichi.played_on``, then the hand the log starts: the hand the rules refused, now let on."""
    for payload in (RiichiPlayedOn(refused=ended), started):
        state = projection.apply(state, Step(len(payloads) + 1, payload.EVENT_TYPE, payload))
        payloads.append(payload)
    return state


def _claims_differ(reading: LogReading, payloads: list[Payload], state: RiichiState) -> list[str]:
    """Each hand whose score changes the rules compute other than the log recorded them, and the
    match's final scores and results where the log's own differ from the ruleset's."""
    claims = {p.round: p for p in payloads if isinstance(p, Claim)}
    ruleset = state.options.ruleset if state.options is not None else "riichi"  # a hand's result: started
    found = []
    for result in state.results:
        claim = claims.get(result.number)
        if claim is not None and result.depth != "record" and tuple(claim.points) != result.paid:
            found.append(
                f"{reading.source}: hand {result.number}: the {reading.claims_word} records score changes "
                f"{list(claim.points)}, the {ruleset} rules give {list(result.paid)} ({result.explanation})"
            )
    final = claims.get(0)
    if final is not None and state.results:
        difference = riichi_review.final_differs(final, state)
        if difference is not None:
            found.append(f"{reading.source}: the {reading.claims_word}'s {difference} [claim.final_differs]")
    return found


def games_read(read: Callable[[bytes, str], list[JsonValue]], data: bytes, name: str) -> Read:
    """Each game ``read`` finds in a Tenhou file (JSON or XML), folded through the riichi rules; or
    why the file cannot be read at all."""
    from replay.games.riichi.logs.tenhou6.reading import TenhouReading, match_id_for

    try:
        games = read(data, name)
    except InputError as exc:  # a LogProblem too: the file cannot be read
        yield unreadable(name, exc.message)
        return
    except UnicodeDecodeError:
        yield unreadable(name, f"{name}: not UTF-8 text")
        return
    for number, game in enumerate(games):
        yield fold_import(TenhouReading(game), match_id_for(game, number, len(games)))
