"""What a person at the table says, as recording intents: a move of the match's game (each game
builds its own verbs in ``replay/games/<game>/builders.py``, found here by the builder name its move
declares), and what every game shares: a result line, a note, a claim. ``recording.record_intent`` checks
what an intent builds by the fold and appends it; the CLI's commands, table mode and the served
pages all make intents here, so each rule of recording is written once."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import suppress
from typing import Any

from events.errors import InputError
from events.match import Annotation, Claim
from events.model import Payload
from replay.engine.intents import Build, Intent
from replay.engine.match import MatchView
from replay.engine.moves import Move
from replay.games import GAMES

__all__ = [
    "ALL_GAMES",
    "Build",
    "Intent",
    "annotate",
    "claim",
    "of_game",
    "of_move",
    "result",
    "result_data",
    "start_round",
]

ALL_GAMES = frozenset(GAMES)


class _Building(Collection[str]):
    """The games whose builders make ``builder``: each game asked only when it is the one in
    question, so recording one game's move loads no other game's rules."""

    def __init__(self, builder: str) -> None:
        self.builder = builder

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in GAMES and self.builder in GAMES[name].rules().builders

    def __iter__(self) -> Iterator[str]:
        return (name for name in GAMES if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def of_game(builder: str, **values: Any) -> Intent:
    """The move ``builder`` names, as the match's game builds it from ``values`` (its words by name);
    a word another game adds to a shared move, said of this game's, is refused in one line."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        import inspect

        maker = GAMES[game].rules().builders[builder]
        taken = inspect.signature(maker).parameters
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in taken.values()):
            foreign = next((name for name in values if name not in taken), None)
            if foreign is not None:
                raise InputError(f"--{foreign.replace('_', '-')} is not a word of {GAMES[game].title}'s "
                                 f"{builder.replace('_', ' ')}; `taikyoku {builder} --help` says whose it is")  # fmt: skip
        made: Build = maker(**values)
        return made(game, state)

    return Intent(_Building(builder), build)


def of_move(move: Move, values: Mapping[str, Any]) -> Intent:
    """The intent ``move`` records: the builder its declaration names, in the match's game's folder
    (``replay/games/<game>/builders.py``), given its words by name; a word not said is left to the
    builder's own default (a flag not said is not said)."""
    flags = {word.name for word in move.words if word.kind == "flag"}
    said = {
        name: value for name, value in values.items() if value is not None and not (name in flags and value is False)
    }
    return of_game(move.builder, **said, **move.fixed)


def start_round(**given: Any) -> Intent:
    """The next round (or hand); what is not given follows from the last one."""
    return of_game("start_round", **given)


# ---- every game -----------------------------------------------------------------------------


def result(line: Sequence[str]) -> Intent:
    """A round at result depth, without its moves, in table mode's words (its ``result_line``
    module's): read by the game into its result event once."""

    def said(game: str, rnd: object, names: Sequence[str]) -> Payload:
        return GAMES[game].parse_result_line(line, rnd, names)

    return Intent(ALL_GAMES, _on_its_round(said))


def result_data(values: Mapping[str, object]) -> Intent:
    """A round at result depth as a phone taps it: its values, as the game's page sends them
    (``result_of`` in the game's rules); no words are read."""

    def said(game: str, rnd: object, names: Sequence[str]) -> Payload:
        from pydantic import ValidationError

        from events.ingest import describe_pydantic

        try:
            return GAMES[game].rules().result_of(values, rnd, names)
        except ValidationError as exc:
            raise InputError(f"the result's {describe_pydantic(exc, '')}") from None

    return Intent(ALL_GAMES, _on_its_round(said))


def _on_its_round(said: Callable[[str, object, Sequence[str]], Payload]) -> Build:
    """A result recorded on the round in play; on a round already over, a second result the game
    takes (another win on the same discard, say), else the next round's, which starts as the rules
    say (a result said by seat winds reads them on the round it is for)."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is not None and not rnd.over:
            return [said(game, rnd, state.names)], []
        if rnd is not None:
            with suppress(InputError):  # not a second result: read again on the next round, below
                another = said(game, rnd, state.names)
                if GAMES[game].rules().takes_another_result(another, rnd):
                    return [another], []
        started, _ = start_round().build(game, state)
        from replay.engine.fold import Step

        step = Step(state.match.last_seq + 1, started[0].EVENT_TYPE, started[0])
        after = GAMES[game].projection().apply(state, step)
        return [*started, said(game, after.round, state.names)], []

    return build


def annotate(kind: str, seq: int, text: str) -> Intent:
    """A note, a dispute or a verdict at event ``seq``."""
    return Intent(ALL_GAMES, lambda g, s: ([Annotation(seq=seq, kind=kind, text=text)], []))


def claim(match: str, round_no: int, points: str, *, winner: int | None = None, text: str = "") -> Intent:
    """The result the table agreed on for a round (``audit`` compares it with the computed one)."""
    try:
        values = tuple(int(p) for p in points.split(","))
    except ValueError:
        raise InputError("--points takes whole numbers separated by commas, one per seat, e.g. 300,-300") from None

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        seats = len(state.names)
        if len(values) != seats:
            raise InputError(f"--points needs {seats} numbers, one per seat; got {len(values)}")
        if winner is not None and not 0 <= winner < seats:
            raise InputError(f"--winner {winner} is not a seat (0 to {seats - 1})")
        rnd = state.round
        recorded = len(state.results) + (1 if rnd is not None and not rnd.over else 0)
        if round_no > recorded:
            word = GAMES[game].round_word
            raise InputError(
                f"match {match} has {recorded} {word}{'' if recorded == 1 else 's'} recorded; "
                f"claim one of them (--round 1 to {recorded})"
                if recorded
                else f"match {match} has no {word} recorded yet"
            )
        made = Claim(round=round_no, points=values, winner=winner, text=text)
        if round_no == 0:  # the table's final scores, checked against the record before they are taken
            review = GAMES[game].review()
            if not review.finished(state):
                raise InputError(f"match {match} is not over; the table's final scores are claimed after its last "
                                 f"{GAMES[game].round_word}")  # fmt: skip
            problem = review.final_differs(made, state)
            if problem is not None:
                raise InputError(f"the table's {problem}; check the score sheet, or record the disagreement "
                                 "(taikyoku dispute MATCH SEQ TEXT)")  # fmt: skip
        return [made], []

    return Intent(ALL_GAMES, build)
