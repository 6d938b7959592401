"""Other programs' records of a game, as a game declares them: what a format looks like from a
file's opening, the module in the game's folder that reads (and may write) it, and what a game
read from one becomes (``Imported``). A game's ``Game.log_formats`` names its formats; detection,
import and export find them through the registry, and never by a format's name."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from events.canonical import JsonValue
from events.errors import InputError
from events.match import Claim, MatchEnded, MatchStarted
from events.model import Payload
from replay.engine.fold import IllegalEvent, Projection, Step
from replay.engine.match import MatchView, seat_names
from replay.engine.words import in_names

# A game log is refused past this size before it is read: a real game is under 100 KB and a file
# of a night's games a few MB, so what is larger is not a log, and reading it whole would take
# memory in proportion. taikyoku's own exports are read as a stream, whatever their size.
LOG_BYTES = 8_000_000


@dataclass(frozen=True, slots=True)
class Opening:
    """A file's first bytes, as a format recognises itself by them: the bytes, the text (a byte-order
    mark and leading blanks left out), and the first line read as JSON (None where it is not)."""

    raw: bytes
    text: str
    first: object


class Sniff(Protocol):
    def __call__(self, opening: Opening) -> bool: ...


def json_object_with(keys: frozenset[str]) -> Sniff:
    """A format that is one JSON object holding these top-level keys."""

    def sniff(opening: Opening) -> bool:
        first = opening.first
        found = first.keys() if isinstance(first, dict) else {k for k in keys if f'"{k}"' in opening.text}
        return opening.text.startswith("{") and keys <= found

    return sniff


@dataclass(frozen=True, slots=True)
class LogFormat:
    """Another program's record of a game: ``taikyoku import`` recognises it by ``sniff`` and reads it
    with ``games(data, name)`` of ``module`` (in the game's folder, loaded only when such a file is
    met); where ``writes``, ``taikyoku export --format`` writes it with ``export(steps, names)``."""

    name: str  # as messages and --format name it
    module: str
    looks: str  # what a file of it looks like, as a refusal lists every format tried
    sniff: Sniff
    suffixes: tuple[str, ...] = (".json",)  # the files of a folder given to import that may hold it
    retry_as: str = ""  # a file read as this format that yields no hand is tried as that one
    writes: bool = False
    lines: bool = False  # written one JSON object a line, not as one document


@dataclass(slots=True)
class LogGame:
    """One game read from another program's record: its match id, its events in order (each with
    where in the file it comes from; a ``Claim`` keeps what the file says each round scored), and
    when it was played (UTC), where the file says."""

    match_id: str
    items: list[tuple[str, Payload]]
    played_at: str | None = None


@dataclass
class Imported:
    """One game turned into events, or the first problem that stopped it."""

    source: str
    match_id: str
    payloads: list[Payload]
    problem: str | None = None
    hands: int = 0
    wins: int = 0
    findings: list[str] = field(default_factory=list)  # where the rules and the log disagree; imported anyway
    played_at: str | None = None  # when the game was played, where the log says: its events are timed so
    # The fold's last state, kept only until the import has made what the listing and the
    # statistics keep of the game (``replay/app/read_models.py``): never sent between processes.
    state: MatchView | None = field(default=None, repr=False, compare=False)
    kept: dict[str, dict[str, Any]] | None = None  # by read model: the game's value, its start's time left out


Read = Iterator[Imported | dict[str, str]]  # each game of a file, or why the file cannot be read


def unreadable(name: str, reason: str) -> dict[str, str]:
    """What an import says of a file it cannot read at all."""
    return {"file": name, "match_id": "", "reason": reason}


def hand_number(where: str) -> int | None:
    found = re.search(r": hand (\d+)(?:[:,]|$)", where)
    return int(found.group(1)) if found else None


def fold_log_game(game: LogGame, source: str, projection: Projection[Any]) -> Imported:
    """A game read from another program's record, each event checked by its game's fold as it comes;
    its claims set beside the rounds the rules score, a difference a finding. Stops at the first
    event the rules refuse."""
    started = game.items[0][1] if game.items else None
    if not isinstance(started, MatchStarted):
        return Imported(source, game.match_id, [], problem=f"{source}: no game could be read")
    state = projection.initial()
    payloads: list[Payload] = []
    imported = Imported(source, game.match_id, payloads, played_at=game.played_at)
    try:
        for where, payload in game.items:
            if not isinstance(payload, Claim):
                try:
                    state = projection.apply(state, Step(len(payloads) + 1, payload.EVENT_TYPE, payload))
                except IllegalEvent as exc:
                    raise InputError(f"{where}: {in_names(exc.reason, seat_names(state.match))} [{exc.code}]") from None
            payloads.append(payload)
        ended = MatchEnded(reason="completed" if state.complete else "abandoned")
        state = projection.apply(state, Step(len(payloads) + 1, ended.EVENT_TYPE, ended))
        payloads.append(ended)
    except InputError as exc:
        imported.problem = exc.message
        return imported
    imported.hands = len(state.results)
    imported.wins = sum(1 for result in state.results if result.winner is not None)
    claims = {p.round: p for p in payloads if isinstance(p, Claim)}
    for result in state.results:
        claim = claims.get(result.number)
        if claim is not None and tuple(claim.points) != tuple(result.points):
            imported.findings.append(f"{source}: round {result.number}: the file records {list(claim.points)}, "
                                     f"the {started.ruleset.id} rules give {list(result.points)} ({result.explanation})")  # fmt: skip
    final = claims.get(0)
    if final is not None and tuple(final.points) != tuple(state.standings):
        imported.findings.append(f"{source}: the file's final points differ from the rounds': "
                                 f"{list(final.points)} against {list(state.standings)}")  # fmt: skip
    imported.state = state
    return imported


Export = Callable[[Sequence[Step], Sequence[str]], JsonValue]  # a format module's ``export(steps, names)``
