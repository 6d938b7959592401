"""tenhou.net/6 JSON logs (docs/riichi.md §3.2) read into events.

Tenhou's JSON keeps each seat's takes and discards in separate lists. The importer walks them
in turn order to recover the moves: a take that is a call string is a call on the discard just
made (pon and kan before chi), a 0 after an open kan keeps the lists aligned, and an open or
added kan's dora indicator is turned after the caller's next discard. The score changes Tenhou
recorded are kept as the table's claim for each hand, to be compared with what replay computes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from events.canonical import JsonValue, parse_outside_json
from events.errors import InputError
from events.match import Claim, GameName, MatchLength, MatchStarted, PlayerSeat, Ruleset
from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    DoraRevealed,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeal,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiRoundStarted,
    RiichiWin,
)
from events.tiles import WIND_LETTERS
from replay.games import ruleset
from replay.games.riichi.logs.tenhou6 import mahjongsoul
from replay.games.riichi.logs.tenhou6.order import TooManyReadings, sources, walk

if TYPE_CHECKING:
    from replay.games.riichi.state import RiichiState

GAME: GameName = "riichi"  # the game a tenhou.net/6 log holds
ABORTS = {"九種九牌": "kyuushu_kyuuhai", "四家立直": "four_riichi", "三家和了": "triple_ron", "四槓散了": "four_kans",
          "四風連打": "four_winds"}  # fmt: skip
SUITS = "mpsz"


class LogProblem(InputError):
    """A log that does not parse or does not replay: says the file, the hand and the move."""

    code = "import.tenhou6"


def tile(code: JsonValue, where: str) -> str:
    """A tenhou tile number (11..47, 51..53) in events.tiles notation."""
    found = _TILE_OF.get(code) if type(code) is int else None  # not a bool, which is an int too
    if found is None:
        raise LogProblem(f"{where}: {code!r} is not a tenhou tile number (11-19, 21-29, 31-39, 41-47, 51-53)")
    return found


_TILE_OF = {
    **{(suit + 1) * 10 + n: f"{n}{SUITS[suit]}" for suit in range(4) for n in range(1, 8 if suit == 3 else 10)},
    **{51 + suit: f"0{SUITS[suit]}" for suit in range(3)},
}


def number(tile_id: str) -> int:
    """A tile in tenhou's numbering."""
    if tile_id[0] == "0":
        return 51 + SUITS.index(tile_id[1])
    return (SUITS.index(tile_id[1]) + 1) * 10 + int(tile_id[0])


@dataclass
class Game:
    """One game as read from a file: its header and its hands (kyoku)."""

    source: str  # the file, for messages
    header: dict[str, Any]
    hands: list[list[JsonValue]]

    @property
    def ref(self) -> str | None:
        ref = self.header.get("ref")
        return ref if isinstance(ref, str) else None


def read(data: bytes | str, source: str) -> list[Game]:
    """The games in a file: Tenhou's own export (one object), or one hand per line (grouped)."""
    text = (data.decode("utf-8") if isinstance(data, bytes) else data).removeprefix(
        "\ufeff"
    )  # a BOM some editors write
    try:
        documents = [_parsed(text, source)]
    except json.JSONDecodeError:
        documents = []
        for line_no, line in enumerate(text.split("\n"), 1):
            if not line.strip():
                continue
            try:
                documents.append(_parsed(line, f"{source} line {line_no}"))
            except json.JSONDecodeError as exc:
                raise LogProblem(f"{source} line {line_no}: not JSON ({exc.msg} at column {exc.colno})") from None
    games: list[Game] = []
    for document in documents:
        if not isinstance(document, dict) or not isinstance(document.get("log"), list):
            raise LogProblem(f'{source}: not a tenhou.net/6 log: no "log" list')
        header = {k: v for k, v in document.items() if k != "log"}
        if games and len(documents) > 1 and _same_game(games[-1].header, header):
            games[-1].hands.extend(document["log"])  # one hand per line: the lines of one game
        else:
            games.append(Game(source, header, list(document["log"])))
    return games


def _parsed(text: str, where: str) -> JsonValue:
    try:
        return parse_outside_json(text, where)
    except InputError as exc:
        raise LogProblem(exc.message) from None


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a.get("name") == b.get("name") and a.get("ref") == b.get("ref") and a.get("rule") == b.get("rule")


def match_started(game: Game) -> MatchStarted:
    """The game's first event from its header: Tenhou's rules, or Mahjong Soul's for a game
    converted from Mahjong Soul (``replay/formats/tenhou6/mahjongsoul.py``)."""
    header = game.header
    names = header.get("name") or ["A", "B", "C", "D"]
    rule = header.get("rule")
    if not isinstance(rule, dict):
        rule = {}  # the rule only tells East-only games apart; without it, a South game is read
    # Red fives as the tiles show them (a rule saying "aka" with four plain fives is read by its tiles).
    red = any(code in (51, 52, 53) for code in _codes([hand[4:-1] for hand in game.hands]))
    three = bool(game.hands) and is_three_player_hand(game.hands[0])
    east_only = "東" in str(rule.get("disp", "")) and "南" not in str(rule.get("disp", ""))
    kept = {key: value for key, value in header.items() if key != "log"}  # what the log says of itself
    source = json.dumps(kept, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    seated = [str(n) for n in (names[:3] if three else names)]
    if mahjongsoul.is_mahjong_soul(header):
        try:
            named = mahjongsoul.player_names(header, seated)
        except InputError as exc:  # a name the store would not take: said with the file it is in
            raise InputError(f"{game.source}: {exc.message}", code=exc.code) from None
        return server_match_started(
            "mahjongsoul-sanma" if three else "mahjongsoul",
            named,
            east_only=east_only,
            red=red,
            source=source,
            played=mahjongsoul.played_at(header),
        )
    return tenhou_match_started(seated, east_only=east_only, red=red, source=source, played=played_at(game.ref))


def tenhou_match_started(
    names: list[str], *, east_only: bool, red: bool, source: str | None = None, played: str | None = None
) -> MatchStarted:
    """A game played on Tenhou (from its JSON, XML or an mjai conversion): its ranked rules, the
    three-player ones for three names."""
    ruleset_id = "tenhou-sanma" if len(names) == 3 else "tenhou"
    return server_match_started(ruleset_id, names, east_only=east_only, red=red, source=source, played=played)


def server_match_started(
    ruleset_id: str,
    names: list[str],
    *,
    east_only: bool,
    red: bool,
    source: str | None = None,
    played: str | None = None,
) -> MatchStarted:
    """A game played on a server under ``ruleset_id``, as its rules stood on the day it was ``played``
    (today's when the log does not say), every option recorded; red fives as the game had them;
    ``source``, the log's own header, as its JSON text."""
    spec = ruleset(ruleset_id, GAME)
    assert spec is not None
    options = dict(spec.defaults(played)) | {"riichi.redFives": 3 if red else 0}
    return MatchStarted(
        game="riichi",
        ruleset=Ruleset(id=ruleset_id, options=options),
        players=tuple(PlayerSeat(seat=i, name=name or f"seat {i}") for i, name in enumerate(names)),
        length=MatchLength(unit="tonpuusen" if east_only else "hanchan", count=1),
        first_dealer=0,
        source=source,
    )


_REF_TIME = re.compile(r"^(\d{4})(\d{2})(\d{2})(\d{2})gm-")


def played_at(ref: str | None) -> str | None:
    """The UTC time a Tenhou ref dates its game to (the hour it started, in Japan's time, UTC+9)."""
    from datetime import UTC, datetime, timedelta, timezone

    found = _REF_TIME.match(ref or "")
    if found is None:
        return None
    year, month, day, hour = (int(part) for part in found.groups())
    try:
        started = datetime(year, month, day, hour, tzinfo=timezone(timedelta(hours=9)))
    except ValueError:  # not a real hour: the game is dated by its import
        return None
    return started.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _codes(value: JsonValue) -> Iterator[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        yield value
    elif isinstance(value, str):
        for digits in re.findall(r"\d\d", re.sub(r"[a-z]", "", value)):
            yield int(digits)
    elif isinstance(value, list):
        for item in value:
            yield from _codes(item)


def game_events(game: Game) -> Iterator[tuple[str, JsonValue]]:
    """(where, payload) for every event of the game, where names the hand and move for messages."""
    yield f"{game.source}: header", match_started(game)
    for index, raw in enumerate(game.hands):
        yield from hand_events(raw, index + 1, f"{game.source}: hand {index + 1}")
    final = game.header.get("sc")
    if isinstance(final, list) and len(final) >= 2:
        players = 3 if game.hands and is_three_player_hand(game.hands[0]) else 4
        scores = tuple(int(v) for v in final[0::2])[:players]
        text = json.dumps(final, ensure_ascii=False)
        yield f"{game.source}: final scores", Claim(round=0, points=scores, source="import", text=text)
    yield f"{game.source}: end", LogEnd()


def _call(text: str, seat: int, players: int, where: str) -> tuple[str, list[str], str | None, int | None]:
    """A tenhou call string as (kind, tiles, called tile, from seat)."""
    match = re.fullmatch(r"(\d*)([cpmakf])(\d+)", text)
    if not match:
        raise LogProblem(f"{where}: {text!r} is not a tenhou call")
    before, letter, after = match.groups()
    position = len(before)
    digits = before + after
    tiles = [tile(int(digits[i : i + 2]), where) for i in range(0, len(digits), 2)]
    called = tile(int(after[:2]), where)
    source = sources(seat, players)
    if letter in "pm" and position not in source:
        raise LogProblem(f"{where}: {text!r} names a seat that is not at the table")
    if letter == "c":
        return "chi", tiles, called, (seat - 1) % players
    if letter == "p":
        return "pon", tiles, called, source[position]
    if letter == "m":
        return "daiminkan", tiles, called, source[position]
    if letter == "a":
        return "ankan", tiles, None, None
    if letter == "k":
        return "kakan", tiles, called, None
    return "kita", ["4z"], None, None


MOST_TAKES = 100  # a four-player hand draws at most 74 tiles and makes at most 16 calls


def _whole_numbers(values: list[JsonValue], *, or_texts: bool = False) -> bool:
    """Whether every value is a whole number of 32 bits (or a text, with ``or_texts``), as Tenhou
    writes them: a bool is not a number here (JSON gives only exact ints, texts and bools)."""
    kinds = set(map(type, values))
    if not kinds <= ({int, str} if or_texts else {int}):
        return False
    numbers = [v for v in values if type(v) is int] if str in kinds else values
    return not numbers or (min(numbers) >= -(2**31) and max(numbers) < 2**31)


def check_hand_shape(raw: JsonValue, where: str) -> int:
    """The number of players of a hand whose entries have the types tenhou.net/6 writes; else
    ``LogProblem`` naming the entry. A log that passes can be walked without a type error."""
    if not isinstance(raw, list) or len(raw) not in (14, 17):
        raise LogProblem(f"{where}: a hand is a list of 17 entries (14 for three players) in tenhou.net/6")
    players = 3 if len(raw) == 14 else 4
    names = {0: "the round counters [kyoku, honba, sticks]", 1: "the scores", 2: "the dora indicators",
             3: "the ura indicators"}  # fmt: skip
    for index, name in names.items():
        entry = raw[index]
        if not isinstance(entry, list) or not _whole_numbers(entry):
            raise LogProblem(f"{where}: {name} (entry {index}) must be a list of whole numbers")
    if len(raw[0]) != 3 or raw[0][0] < 0 or raw[0][1] < 0 or raw[0][2] < 0:
        raise LogProblem(f"{where}: the round counters (entry 0) are three whole numbers from 0: kyoku, honba, sticks")
    if len(raw[1]) < players:
        raise LogProblem(f"{where}: the scores (entry 1) hold one score per seat")
    if not raw[2]:
        raise LogProblem(f"{where}: the dora indicators (entry 2) hold at least the first indicator")
    for seat in range(players):
        for offset, name in ((4, "dealt hand"), (5, "takes"), (6, "discards")):
            entry = raw[offset + 3 * seat]
            calls_allowed = offset != 4  # takes and discards also hold call strings
            if not isinstance(entry, list) or not _whole_numbers(entry, or_texts=calls_allowed):
                kinds = "tile numbers" if offset == 4 else "tile numbers and call strings"
                raise LogProblem(f"{where}: seat {seat}'s {name} (entry {offset + 3 * seat}) must be a list of {kinds}")
        if len(raw[4 + 3 * seat]) != 13:
            raise LogProblem(f"{where}: seat {seat}'s dealt hand holds {len(raw[4 + 3 * seat])} tiles, not 13")
    result = raw[4 + 3 * players]
    if not isinstance(result, list) or not result or not isinstance(result[0], str):
        raise LogProblem(f"{where}: the result (the last entry) starts with its name, e.g. 和了 or 流局")
    for value in result[1:]:
        if isinstance(value, list) and not _whole_numbers(value, or_texts=True):
            raise LogProblem(f"{where}: the result (the last entry) holds lists of numbers and texts only")
        if not isinstance(value, list):
            raise LogProblem(f"{where}: the result (the last entry) holds lists after its name")
    return players


def is_three_player_hand(raw: JsonValue) -> bool:
    """Tenhou writes a three-player hand in either of two shapes: 14 entries, or the four-player
    17 with the fourth seat left empty (as its own server's logs do)."""
    if not isinstance(raw, list):
        return False
    return len(raw) == 14 or (len(raw) == 17 and raw[13] == [] and raw[14] == [] and raw[15] == [])


def three_seats(raw: list[JsonValue]) -> list[JsonValue]:
    """A 17-entry three-player hand in the 14-entry shape: the empty fourth seat dropped, and its
    score and score changes with it."""
    if len(raw) != 17:
        return raw
    result = raw[16]
    if isinstance(result, list):
        result = [v[:3] if isinstance(v, list) and _whole_numbers(v) else v for v in result]
    scores = raw[1][:3] if isinstance(raw[1], list) else raw[1]
    return [raw[0], scores, raw[2], raw[3], *raw[4:13], result]


def hand_events(raw: list[JsonValue], hand_no: int, where: str) -> Iterator[tuple[str, JsonValue]]:
    if is_three_player_hand(raw):
        raw = three_seats(raw)
    players = check_hand_shape(raw, where)
    head = raw[0]
    kyoku, honba, sticks = int(head[0]), int(head[1]), int(head[2])
    dealer = kyoku % 4 % players  # four hands a wind in the counter, whatever the players
    yield (
        where + ": start",
        RiichiRoundStarted(
            dealer=dealer,
            hand=kyoku % 4 + 1,
            honba=honba,
            round_wind=WIND_LETTERS[kyoku // 4 % 4],
            scores=tuple(int(s) for s in raw[1][:players]),
            sticks=sticks,
        ),
    )
    dora = [tile(t, where) for t in raw[2]]
    ura = tuple(tile(t, where) for t in raw[3])
    haipai = [tuple(tile(t, where) for t in raw[4 + 3 * p]) for p in range(players)]
    takes = [list(raw[5 + 3 * p]) for p in range(players)]
    discards = [list(raw[6 + 3 * p]) for p in range(players)]
    result = raw[4 + 3 * players]
    yield where + ": deal", RiichiDeal(hands=tuple(haipai), dora_indicator=dora[0])
    count = sum(len(t) for t in takes)
    if count > MOST_TAKES or sum(len(d) for d in discards) > MOST_TAKES:
        raise LogProblem(
            f"{where}: {count} takes; a hand has at most {MOST_TAKES} (70 draws from the live wall, "
            "4 replacement tiles and 16 calls), so the log is not a real one"
        )
    try:
        moves = walk(takes, discards, dealer)
    except TooManyReadings:
        raise LogProblem(
            f"{where}: its takes and discards can be read in more ways than any real hand's; check the log is unedited"
        ) from None
    if moves is None:
        raise LogProblem(f"{where}: the takes and discards cannot be put in any order that uses them all")
    kan_dora = iter(dora[1:])
    drawn: dict[int, str] = {}
    rinshan = False
    owed = 0  # open or added kans whose dora is turned after the caller's next discard
    riichi: set[int] = set()
    last: tuple[int, str] | None = None
    actor = dealer
    for number_, (actor, kind, entry) in enumerate(moves, 1):
        at = f"{where}, move {number_} (seat {actor})"
        if kind == "take":
            if isinstance(entry, str):
                call_kind, tiles, called, _source = _call(entry, actor, players, at)
                assert last is not None
                yield at, RiichiCall(kind=call_kind, seat=actor, tiles=tuple(tiles), called=last[1], from_seat=last[0])
                drawn.pop(actor, None)
                if call_kind == "daiminkan":
                    owed += 1
                    rinshan = True
            else:
                drawn[actor] = tile(entry, at)
                yield at, _draw(actor, drawn[actor], rinshan)
                rinshan = False
            continue
        if isinstance(entry, str) and any(letter in entry for letter in "akf"):
            call_kind, tiles, called, _ = _call(entry, actor, players, at)
            yield at, RiichiCall(kind=call_kind, seat=actor, tiles=tuple(tiles), called=called)
            if call_kind == "ankan":
                yield at, DoraRevealed(indicator=_next(kan_dora, at))  # a closed kan's dora: at once
            elif call_kind == "kakan":
                owed += 1
                last = (actor, called or tiles[-1])  # a ron on it is a chankan
            rinshan = True
            continue
        declare = isinstance(entry, str) and entry.startswith("r")
        code = int(entry[1:]) if declare else int(entry)
        if declare:
            riichi.add(actor)
            yield at, RiichiDeclared(seat=actor)
        if code == 60:
            if actor not in drawn:
                raise LogProblem(f"{at}: a tsumogiri (60) with no tile drawn")
            out, moved = drawn[actor], True
        else:
            out, moved = tile(code, at), False
        drawn.pop(actor, None)
        yield at, _discard(actor, out, moved)
        for _ in range(owed):
            yield at, DoraRevealed(indicator=_next(kan_dora, at))
        owed = 0
        last = (actor, out)
    yield from _ending(result, hand_no, where, actor, riichi, ura, players)


# A draw or a discard is one of a few hundred, and events are immutable: each is made once and
# shared (as reading a stored match shares them), instead of checked again at every move.
@cache
def _draw(seat: int, tile_id: str, rinshan: bool) -> RiichiDraw:
    return RiichiDraw(seat=seat, tile=tile_id, rinshan=rinshan)


@cache
def _discard(seat: int, tile_id: str, tsumogiri: bool) -> RiichiDiscard:
    return RiichiDiscard(seat=seat, tile=tile_id, tsumogiri=tsumogiri)


def _next(indicators: Iterator[str], where: str) -> str:
    try:
        return next(indicators)
    except StopIteration:
        raise LogProblem(f"{where}: a kan was made, but the log lists no dora indicator for it") from None


def _ending(
    result: list[JsonValue], hand_no: int, where: str, actor: int, riichi: set[int], ura: tuple[str, ...], players: int
) -> Iterator[tuple[str, JsonValue]]:
    at = f"{where}, result"
    kind = result[0] if result else None
    text = json.dumps(result, ensure_ascii=False)
    if kind == "和了":
        total = [0, 0, 0, 0]
        pairs = [(result[i], result[i + 1]) for i in range(1, len(result) - 1, 2)]
        for deltas, info in pairs:
            who, source, pao = int(info[0]), int(info[1]), int(info[2])
            tsumo = who == source
            if int(deltas[who]) <= 0 or (not tsumo and pao in (who, source) and int(deltas[source]) >= 0):
                yield (
                    at,
                    Disagreement(
                        f"{at}: the result says seat {who} won from seat {source}, but its score changes {deltas} "
                        "do not pay that winner"
                    ),
                )
                yield at, Claim(round=hand_no, points=tuple(int(d) for d in deltas), source="import", text=text)
                return
            yield (
                at,
                RiichiWin(
                    kind="tsumo" if tsumo else "ron",
                    seat=who,
                    from_seat=None if tsumo else source,
                    ura_indicators=ura if who in riichi else (),
                    pao_seat=pao if pao not in (who, source) else None,
                ),
            )
            total = [t + int(d) for t, d in zip(total, deltas, strict=False)]
        yield at, Claim(round=hand_no, points=tuple(total[: len(pairs[0][0])]), source="import", text=text)
        return
    if kind in ("流局", "全員聴牌", "全員不聴", "流し満貫"):
        deltas = [int(d) for d in result[1]] if len(result) > 1 and isinstance(result[1], list) else []
        gainers = tuple(s for s, d in enumerate(deltas) if d > 0)
        if kind == "流し満貫":
            yield at, ExhaustiveDraw(tenpai=(), nagashi=gainers)
        elif gainers:
            yield at, ExhaustiveDraw(tenpai=gainers)
        else:
            yield at, TenpaiFromHands(kind)
        yield at, Claim(round=hand_no, points=tuple(deltas or [0] * players), source="import", text=text)
        return
    if kind in ABORTS:
        seat = actor if ABORTS[kind] == "kyuushu_kyuuhai" else None
        yield at, AbortiveDraw(kind=ABORTS[kind], seat=seat)
        yield at, Claim(round=hand_no, points=(0,) * players, source="import", text=text)
        return
    raise LogProblem(f"{at}: unknown result {kind!r}")


@dataclass(frozen=True)
class Disagreement:
    """A result the log contradicts within itself: the hand is kept as the log's score changes have it."""

    message: str


@dataclass(frozen=True)
class LogEnd:
    """The end of the log: a completed match if the rules say it is over, else abandoned."""


@dataclass(frozen=True)
class TenpaiFromHands:
    """An exhaustive draw with no score change (all tenpai or none): the hands say which."""

    kind: str

    def settle(self, state: RiichiState, accepts: Callable[[Payload], bool]) -> ExhaustiveDraw:
        return resolve(self, state)


def resolve(marker: TenpaiFromHands, state: RiichiState) -> ExhaustiveDraw:
    from replay.games.riichi.shape import is_tenpai

    rnd = state.round
    if rnd is None:  # a draw ends a hand: a log that draws before any hand began is not one
        raise InputError("the log ends a hand before any hand began; check the file is unedited")
    if marker.kind == "全員聴牌":
        return ExhaustiveDraw(tenpai=tuple(range(rnd.players)))
    if marker.kind == "全員不聴":
        return ExhaustiveDraw(tenpai=())
    tenpai = tuple(s for s in range(rnd.players) if is_tenpai(rnd.hands[s]))
    return ExhaustiveDraw(tenpai=tenpai if len(tenpai) == rnd.players else ())
