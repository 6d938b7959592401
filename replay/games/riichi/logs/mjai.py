"""mjai JSONL, the format of the riichi AI tools (Mortal, mjai-reviewer, mjai.app): a riichi match
written as mjai events, and mjai events read back into a match.

The events and their order are those of mjai-reviewer's own converter (``convlog``, docs/riichi.md
§3.4): a closed kan's dora comes before the replacement draw, an open or added kan's after it and
before the discard; ``reach_accepted`` follows the declaring discard unless it is won on; a win's
``deltas`` are the table's score changes (honba and sticks included, riichi sticks put down not).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from events.canonical import JsonValue
from events.errors import InputError
from events.match import Claim, GameName, MatchStarted
from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    AbortKind,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiRoundStarted,
    RiichiUnseenDeal,
    RiichiUnseenDraw,
    RiichiWin,
)
from events.tiles import WIND_LETTERS
from replay.engine.logs import Read, unreadable
from replay.games.riichi.logs.tenhou6.read import LogEnd, LogProblem, tenhou_match_started

if TYPE_CHECKING:
    from replay.engine.fold import Step
    from replay.games.riichi.state import HandResult, RiichiState

HONORS = ("E", "S", "W", "N", "P", "F", "C")
EVENT_TYPES = frozenset({
    "start_game", "start_kyoku", "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "dora",
    "reach", "reach_accepted", "hora", "ryukyoku", "end_kyoku", "end_game", "none",
})  # fmt: skip
KINDS_OF_ABORT: dict[str, AbortKind] = {
    "kyushukyuhai": "kyuushu_kyuuhai",
    "sufonrenta": "four_winds",
    "suchareach": "four_riichi",
    "sanchaho": "triple_ron",
    "sukaikan": "four_kans",
}

GAME: GameName = "riichi"  # the game an mjai log holds


def pai(tile: str) -> str:
    """A tile in mjai's notation: 1m..9s, E S W N P F C for the honours, 5mr for a red five."""
    if tile[1] == "z":
        return HONORS[int(tile[0]) - 1]
    if tile[0] == "0":
        return f"5{tile[1]}r"
    return tile


def tile_of(text: JsonValue, where: str) -> str:
    """A tile from mjai's notation, or LogProblem naming it."""
    if isinstance(text, str):
        if text in HONORS:
            return f"{HONORS.index(text) + 1}z"
        if len(text) == 3 and text[0] == "5" and text[1] in "mps" and text[2] == "r":
            return f"0{text[1]}"
        if len(text) == 2 and text[0] in "123456789" and text[1] in "mps":
            return text
    raise LogProblem(f"{where}: {text!r} is not an mjai tile (1m..9s, E S W N P F C, 5mr 5pr 5sr)")


def _line(**fields: JsonValue) -> str:
    return json.dumps(fields, ensure_ascii=False, separators=(",", ":"))


# ---- export ------------------------------------------------------------------------------------


def export(steps: Sequence[Step], names: Sequence[str]) -> list[str]:
    """A riichi match's events as mjai lines, one JSON object each."""
    from replay.engine.fold import history
    from replay.games.riichi.fold import RiichiProjection

    hist = history(steps)
    claims: dict[int, Claim] = {c.payload.round: c.payload for c in hist.claims}  # type: ignore[attr-defined,misc]
    projection = RiichiProjection()
    state = projection.initial()
    lines: list[str] = []
    effective = list(hist.effective)
    held: list[str] = []  # a discard waits for an open kan's dora, which mjai writes before it
    declared: int | None = None
    for index, step in enumerate(effective):
        payload = step.payload
        state = projection.apply(state, step)
        following = effective[index + 1].payload if index + 1 < len(effective) else None
        if isinstance(payload, MatchStarted):
            east_only = payload.length.unit == "tonpuusen"
            red = state.options is not None and state.options.red_fives > 0
            lines.append(_line(type="start_game", names=list(names), kyoku_first=4 if east_only else 0, aka_flag=red))
        elif isinstance(payload, RiichiRoundStarted):
            start = payload
        elif isinstance(payload, RiichiDeal):
            lines.append(_line(type="start_kyoku", bakaze=start.round_wind, dora_marker=pai(payload.dora_indicator),
                               kyoku=start.hand, honba=start.honba, kyotaku=start.sticks, oya=start.dealer,
                               scores=list(start.scores), tehais=[[pai(t) for t in h] for h in payload.hands]))  # fmt: skip
        elif isinstance(payload, RiichiUnseenDeal):  # the public record: mjai writes a tile not seen as "?"
            lines.append(_line(type="start_kyoku", bakaze=start.round_wind, dora_marker=pai(payload.dora_indicator),
                               kyoku=start.hand, honba=start.honba, kyotaku=start.sticks, oya=start.dealer,
                               scores=list(start.scores), tehais=[["?"] * 13 for _ in start.scores]))  # fmt: skip
        elif isinstance(payload, RiichiDraw):
            lines.append(_line(type="tsumo", actor=payload.seat, pai=pai(payload.tile)))
        elif isinstance(payload, RiichiUnseenDraw):
            lines.append(_line(type="tsumo", actor=payload.seat, pai="?"))
        elif isinstance(payload, RiichiDeclared):
            declared = payload.seat
            lines.append(_line(type="reach", actor=payload.seat))
        elif isinstance(payload, RiichiDiscard):
            held = [_line(type="dahai", actor=payload.seat, pai=pai(payload.tile), tsumogiri=payload.tsumogiri)]
            won_on = isinstance(following, RiichiWin) and following.kind == "ron"
            if declared == payload.seat and not won_on and not isinstance(following, AbortiveDraw):
                held.append(_line(type="reach_accepted", actor=payload.seat))
            declared = None
            if not isinstance(following, DoraRevealed):
                lines += held
                held = []
        elif isinstance(payload, DoraRevealed):
            lines.append(_line(type="dora", dora_marker=pai(payload.indicator)))
            if not isinstance(following, DoraRevealed):  # every indicator turned here goes before the discard
                lines += held
                held = []
        elif isinstance(payload, RiichiCall):
            lines.append(_call(payload))
        rnd = state.round
        ended = rnd.result if rnd is not None and rnd.over else None
        if isinstance(payload, RiichiWin | ExhaustiveDraw | AbortiveDraw) and ended is not None:
            lines += _ending(ended, claims.get(ended.number), isinstance(following, RiichiWin))
    if state.results and (state.match.ended is not None):
        lines.append(_line(type="end_game"))
    return lines


def _call(call: RiichiCall) -> str:
    tiles = [pai(t) for t in call.tiles]
    if call.kind == "ankan":
        return _line(type="ankan", actor=call.seat, consumed=tiles)
    if call.kind == "kita":
        return _line(type="nukidora", actor=call.seat, pai="N")
    assert call.called is not None
    called = pai(call.called)
    consumed = list(tiles)
    consumed.remove(called)
    if call.kind == "kakan":
        return _line(type="kakan", actor=call.seat, pai=called, consumed=consumed)
    return _line(
        type=call.kind, actor=call.seat, target=call.from_seat, pai=called, consumed=sorted(consumed, key=_order)
    )


def _order(text: str) -> tuple[str, str, bool]:
    """mjai lists the consumed tiles in the hand's order: by suit, then number, a red five last."""
    if len(text) == 1:
        return ("z", str(HONORS.index(text)), False)
    return (text[1], text[0], text.endswith("r"))


def _ending(result: HandResult, claim: Claim | None, another_ron: bool) -> list[str]:
    """The hand's end: each win with its score changes (the log's own when imported), or the draw."""
    recorded = json.loads(claim.text) if claim is not None and claim.source == "import" and claim.text else None
    if result.kind == "win":
        if another_ron:
            return []  # the next win closes the hand and writes every win of it
        lines = []
        recorded_deltas: list[JsonValue] = []
        if isinstance(recorded, list) and recorded and recorded[0] == "和了":  # a tenhou6 import's block
            recorded_deltas = recorded[1::2]
        elif isinstance(recorded, list) and all(isinstance(e, dict) for e in recorded):  # an mjai import's
            recorded_deltas = [e.get("deltas") for e in recorded]
        # The hand's ura indicators, as the log lists them for the hand: on every win of it.
        ura = next(([pai(t) for t in w.hand.ura_indicators] for w in result.wins if w.hand.ura_indicators), [])
        for number, win in enumerate(result.wins):
            deltas = list(recorded_deltas[number]) if number < len(recorded_deltas) else list(_deltas(win))
            target = win.seat if win.from_seat is None else win.from_seat
            lines.append(_line(type="hora", actor=win.seat, target=target, deltas=deltas, ura_markers=ura))
        return [*lines, _line(type="end_kyoku")]
    paid = list(result.paid)
    if result.kind == "abortive":
        paid = [0] * len(paid)
    return [_line(type="ryukyoku", deltas=paid), _line(type="end_kyoku")]


def _deltas(win: JsonValue) -> tuple[int, ...]:
    from replay.games.riichi.pricing import Priced  # loaded by the fold that priced the hand

    priced = win.priced
    return tuple(priced.payments) if isinstance(priced, Priced) else ()


# ---- import ------------------------------------------------------------------------------------


@dataclass
class _DrawnHand:
    """A ryukyoku, resolved against the state: tenpai seats from the score changes, or, with no
    change and tiles still in the wall, the one abortive draw the rules allow."""

    deltas: tuple[int, ...]
    reason: str | None
    where: str = ""

    def settle(self, state: RiichiState, accepts: Callable[[Payload], bool]) -> Payload:
        return _resolve(self, state, accepts)


ABORT_ORDER: tuple[AbortKind, ...] = ("kyuushu_kyuuhai", "four_riichi", "four_winds", "four_kans", "triple_ron")


@dataclass
class MjaiReading:
    """An mjai game as a reader gives it to the import (``replay/formats/log_folding.py``): each event,
    each hand's score changes as the file's claim, and each ryukyoku settled against the state."""

    data: bytes
    source: str
    first_line: int = 1
    claims_word: str = "file"

    def items(self) -> Iterator[tuple[str, JsonValue]]:
        for where, item in _payloads(self.data, self.source, self.first_line):
            yield where, LogEnd() if item is None else item

    def as_recorded(self, hand_no: int, refusal: str) -> Payload | None:
        return None  # an mjai file records no result to keep a hand by: a refusal stops the game

    @property
    def played_at(self) -> str | None:
        return None  # mjai says nothing of when the game was played: it is dated by its import

    def unreadable(self, where: str) -> str:
        return f"{where}: an event holds a value mjai does not write; check the file is unedited"


def _resolve(drawn: _DrawnHand, state: RiichiState, accepts: Callable[[Payload], bool]) -> Payload:
    from replay.games.riichi.shape import is_tenpai

    rnd = state.round
    if rnd is None:  # a draw ends a hand: a log that draws before any hand began is not one
        raise InputError("the log ends a hand before any hand began; check the file is unedited")
    if drawn.reason in KINDS_OF_ABORT:
        kind = KINDS_OF_ABORT[drawn.reason]
        return AbortiveDraw(kind=kind, seat=rnd.to_move if kind == "kyuushu_kyuuhai" else None)
    gainers = tuple(s for s, d in enumerate(drawn.deltas) if d > 0)
    if gainers or rnd.live_left == 0:
        if gainers:
            return ExhaustiveDraw(tenpai=gainers)
        tenpai = tuple(s for s in range(rnd.players) if is_tenpai(rnd.hands[s]))
        return ExhaustiveDraw(tenpai=tenpai if len(tenpai) == rnd.players else ())
    for kind in ABORT_ORDER:  # no change and tiles left: the abortive draw the rules allow
        abort = AbortiveDraw(kind=kind, seat=rnd.to_move if kind == "kyuushu_kyuuhai" else None)
        if accepts(abort):
            return abort
    raise LogProblem(f"{drawn.where}: a ryukyoku with tiles left in the wall, and no abortive draw the rules allow")


_START_GAME = re.compile(rb'"type"\s*:\s*"start_game"')


def split_games(data: bytes) -> list[tuple[int, bytes]]:
    """The games of an mjai file, each from its start_game line: (the line it starts on, its lines).
    A file of one game (or of none) is one part."""
    lines = data.splitlines(keepends=True)
    starts = [number for number, line in enumerate(lines) if _START_GAME.search(line)]
    if len(starts) <= 1:
        return [(1, data)]
    starts[0] = 0  # anything before the first game is that game's problem
    ends = [*starts[1:], len(lines)]
    return [(first + 1, b"".join(lines[first:end])) for first, end in zip(starts, ends, strict=True)]


def _events(data: bytes, source: str, first_line: int = 1) -> Iterator[tuple[str, dict[str, Any]]]:
    from events.canonical import parse_outside_json

    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise LogProblem(f"{source}: not UTF-8 text; mjai is UTF-8 JSON, an event a line") from None
    for number, line in enumerate(text.splitlines(), first_line):
        if not line.strip():
            continue
        where = f"{source} line {number}"
        try:
            event = parse_outside_json(line, where)
        except InputError as exc:
            raise LogProblem(exc.message) from None
        except json.JSONDecodeError as exc:
            raise LogProblem(f"{where}: not JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(event, dict) or not isinstance(event.get("type"), str):
            raise LogProblem(f'{where}: an mjai event is a JSON object with a "type"')
        yield where, event


def _payloads(data: bytes, source: str, first_line: int = 1) -> Iterator[tuple[str, Payload | _DrawnHand | None]]:
    """(where, what) for each event: a payload, a draw to resolve, or None where the match ends."""
    started = False
    hand_no = 0  # hands so far: the claims' round numbers
    in_hand = False
    after_kan = False
    declared: set[int] = set()  # seats that declared riichi this hand: only they see the ura indicators
    ended: list[dict[str, Any]] = []  # the hand's hora or ryukyoku events, for its claim

    def claim() -> Iterator[tuple[str, Payload | _DrawnHand | None]]:
        if ended:
            total = [sum(column) for column in zip(*(e["deltas"] for e in ended), strict=True)]
            text = json.dumps(ended, ensure_ascii=False, separators=(",", ":"))
            yield where, Claim(round=hand_no, points=tuple(int(d) for d in total), source="import", text=text)
            ended.clear()

    where = source
    over = False
    for where, event in _events(data, source, first_line):
        kind = event["type"]
        if over:
            raise LogProblem(f"{where}: {kind} comes after end_game; a game ends there")
        raw_actor = event.get("actor")
        actor = raw_actor if isinstance(raw_actor, int) and not isinstance(raw_actor, bool) else -1  # -1: refused
        if kind == "start_game":
            names = event.get("names")
            if started or not isinstance(names, list) or len(names) not in (3, 4):
                raise LogProblem(f"{where}: one start_game, naming three or four players")
            started = True
            yield where, tenhou_match_started([str(n) for n in names], east_only=event.get("kyoku_first") == 4,
                                              red=bool(event.get("aka_flag", True)))  # fmt: skip
            continue
        if kind not in EVENT_TYPES:
            raise LogProblem(f"{where}: {kind!r} is not an mjai event taikyoku reads")
        if not started:
            raise LogProblem(f"{where}: an mjai game begins with start_game, not {kind}")
        if kind in ("end_kyoku", "start_kyoku", "end_game"):
            yield from claim()
            in_hand = kind == "start_kyoku"
        if kind == "start_kyoku":
            hand_no += 1
            declared, after_kan = set(), False
            wind = event["bakaze"]
            if wind not in WIND_LETTERS:
                raise LogProblem(f"{where}: bakaze is E, S, W or N, not {wind!r}")
            yield where, RiichiRoundStarted(dealer=int(event["oya"]), hand=int(event["kyoku"]),
                                            honba=int(event["honba"]), round_wind=wind,
                                            scores=tuple(int(s) for s in event["scores"]),
                                            sticks=int(event["kyotaku"]))  # fmt: skip
            hands = tuple(tuple(tile_of(t, where) for t in hand) for hand in event["tehais"])
            yield where, RiichiDeal(hands=hands, dora_indicator=tile_of(event["dora_marker"], where))
        elif kind == "end_game":
            yield where, None
            over = True
        elif kind in ("end_kyoku", "reach_accepted", "none"):
            continue
        elif not in_hand:
            raise LogProblem(f"{where}: {kind} comes outside a hand (before start_kyoku or after end_kyoku)")
        elif kind == "tsumo":
            yield where, RiichiDraw(seat=actor, tile=tile_of(event["pai"], where), rinshan=after_kan)
            after_kan = False
        elif kind == "dahai":
            tile = tile_of(event["pai"], where)
            yield where, RiichiDiscard(seat=actor, tile=tile, tsumogiri=bool(event.get("tsumogiri", False)))
        elif kind == "reach":
            declared.add(actor)
            yield where, RiichiDeclared(seat=actor)
        elif kind == "dora":
            yield where, DoraRevealed(indicator=tile_of(event["dora_marker"], where))
        elif kind in ("chi", "pon", "daiminkan", "kakan"):
            called = tile_of(event["pai"], where)
            consumed = tuple(tile_of(t, where) for t in event["consumed"])
            tiles = (called, *consumed) if kind == "chi" else (*consumed, called)  # a chi as Tenhou lists it
            source_seat = event.get("target") if kind != "kakan" else None
            yield where, RiichiCall(kind=kind, seat=actor, tiles=tiles, called=called, from_seat=source_seat)
            after_kan = kind in ("daiminkan", "kakan")
        elif kind == "ankan":
            yield where, RiichiCall(kind="ankan", seat=actor, tiles=tuple(tile_of(t, where) for t in event["consumed"]))
            after_kan = True
        elif kind == "nukidora":
            yield where, RiichiCall(kind="kita", seat=actor, tiles=("4z",))
            after_kan = True
        elif kind == "hora":
            target = event["target"]
            ron = target != actor
            markers = event.get("ura_markers") or event.get("uradora_markers") or ()
            ura = tuple(tile_of(t, where) for t in markers) if actor in declared else ()  # only riichi sees ura
            deltas = [int(d) for d in event["deltas"]]
            yield where, RiichiWin(kind="ron" if ron else "tsumo", seat=actor, from_seat=target if ron else None,
                                   ura_indicators=ura, pao_seat=_liable(deltas, actor, target))  # fmt: skip
            ended.append({"deltas": [int(d) for d in event["deltas"]]} | event)
        elif kind == "ryukyoku":
            changes = tuple(int(d) for d in event.get("deltas") or ())
            ended.append({"deltas": list(changes)} | event)
            yield where, _DrawnHand(changes, event.get("reason"), where)
    if not over:
        yield from claim()
        yield f"{source}: end", None


def _liable(deltas: list[int], winner: int, target: int) -> int | None:
    """mjai names no liable seat (pao); the score changes show it: the one payer of a tsumo, or the
    payer beside the discarder of a ron."""
    payers = [seat for seat, delta in enumerate(deltas) if delta < 0 and seat != winner]
    if winner == target:
        return payers[0] if len(payers) == 1 and len(deltas) > 2 else None
    others = [seat for seat in payers if seat != target]
    return others[0] if len(others) == 1 else None


def games(data: bytes, name: str) -> Read:
    """Each game of an mjai file (``start_game`` to ``end_game``), folded through the riichi rules."""
    from replay.games.riichi.logs.folding import fold_import
    from replay.games.riichi.logs.tenhou6.read import Game
    from replay.games.riichi.logs.tenhou6.reading import match_id_for

    try:
        parts = split_games(data)
        for number, (first_line, part) in enumerate(parts):
            match_id = match_id_for(Game(name, {}, []), number, len(parts))
            yield fold_import(MjaiReading(part, name, first_line), match_id)
    except InputError as exc:
        yield unreadable(name, exc.message)
    except UnicodeDecodeError:
        yield unreadable(name, f"{name}: not UTF-8 text")
