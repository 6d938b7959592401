"""The KoiKoi-AI project's game records (guansanghai/KoiKoi-AI, gamerecords_dataset/; docs/koikoi.md).

A file is one game: ``info`` (the players, their starting points, the number of rounds, the start
and end times), ``result`` (whether it finished, each player's end points) and ``record.roundN``:
``basic`` (the dealer, both dealt hands, the field, the draw pile in the order it was built, the
round's winner and each player's points) and ``turnN`` (``playerInTurn``, ``discardCard`` and
``collectCard``, ``drawCard`` and ``collectCard2``, ``isKoiKoi``). A card is ``[month, index]``,
index 1 to 4 in the deck's picture order; the pile is drawn from its end. Player 1 is seat 0.
The games were played under KoiKoi-Japan's rules: they import under ``koikoi-japan``. Reading
only: the events are checked by the fold as they are stored.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from events.canonical import JsonValue, parse_outside_json
from events.cards import BY_CODE
from events.errors import InputError
from events.koikoi import Koikoi, KoikoiCapture, KoikoiDeal, KoikoiDraw, KoikoiPlay, KoikoiStop
from events.match import Claim, MatchLength, MatchStarted, PlayerSeat, RoundStarted, Ruleset
from events.model import Payload
from events.text import NAME_LIMIT
from replay.engine.logs import LogGame, Read, fold_log_game, unreadable
from replay.games.koikoi.options import RULESETS

RULESET = "koikoi-japan"
_TIME = re.compile(r"^(\d{4})-(\d{2})-(\d{2})[ -](\d{2})[:-](\d{2})[:-](\d{2})$")


def games(data: bytes, name: str) -> Read:
    """Each game of a KoiKoi-AI record, checked by the koi-koi fold; or why the file cannot be read."""
    from replay.games.koikoi.game import GAME

    try:
        found = read(data, name)
    except InputError as exc:
        yield unreadable(name, exc.message)
        return
    for game in found:
        yield fold_log_game(game, name, GAME.projection())


def read(data: bytes, source: str) -> list[LogGame]:
    """The game of a KoiKoi-AI record, or ``InputError`` naming the first entry it cannot read."""
    try:
        document = parse_outside_json(data.decode("utf-8").removeprefix("\ufeff"), source)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"{source}: not a KoiKoi-AI game record: {exc}") from None
    try:
        return [_game(document, source)]
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise InputError(f"{source}: not a KoiKoi-AI game record as that project writes it; check the file is "
                         "unedited") from None  # fmt: skip


def _card(value: JsonValue, where: str) -> str:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise InputError(f"{where}: a card is [month, index], not {value!r}")
    card = BY_CODE.get(f"{value[0]:02d}-{value[1] - 1}")
    if card is None:
        raise InputError(f"{where}: [{value[0]}, {value[1]}] is not a card (months 1-12, index 1-4)")
    return card.id


def _cards(values: JsonValue, where: str) -> tuple[str, ...]:
    if not isinstance(values, list):
        raise InputError(f"{where}: a list of cards is expected")
    return tuple(_card(v, where) for v in values)


def _seat(value: JsonValue, where: str) -> int:
    if value not in (1, 2):
        raise InputError(f"{where}: a player is 1 or 2, not {value!r}")
    return int(value) - 1


def _game(document: dict[str, Any], source: str) -> LogGame:
    info, result, record = document["info"], document["result"], document["record"]
    names = (str(info["player1Name"]) or "Player1", str(info["player2Name"]) or "Player2")
    for key, name in zip(("player1Name", "player2Name"), names, strict=True):
        if len(name) > NAME_LIMIT:  # never shortened unsaid: the game is skipped, and this says why
            raise InputError(f"{source}: info: {key} {name[:20]!r}... is {len(name)} characters long; taikyoku "
                             f"keeps names of at most {NAME_LIMIT}: shorten it in the file")  # fmt: skip
    starting = (info["player1InitPts"], info["player2InitPts"])
    if starting[0] != starting[1] or not isinstance(starting[0], int):
        raise InputError(f"{source}: info: the players start with {starting[0]} and {starting[1]} points; "
                         "taikyoku plays a koi-koi match from equal points")  # fmt: skip
    rounds = sorted((int(key.removeprefix("round")), value) for key, value in record.items() if key.startswith("round"))
    if not rounds or [n for n, _ in rounds] != list(range(1, len(rounds) + 1)):
        raise InputError(f"{source}: record: the rounds are round1, round2, ... with none missing")
    spec = next(r for r in RULESETS if r.id == RULESET)
    options = dict(spec.defaults()) | {"koikoi.startingPoints": starting[0]}
    first_dealer = _seat(rounds[0][1]["basic"]["Dealer"], f"{source}: round 1")
    started = MatchStarted(
        game="koikoi",
        ruleset=Ruleset(id=RULESET, options=options),
        players=tuple(PlayerSeat(seat=seat, name=name) for seat, name in enumerate(names)),
        length=MatchLength(unit="rounds", count=int(info["numRound"])),
        first_dealer=first_dealer,
        source=json.dumps({k: v for k, v in document.items() if k != "record"}, ensure_ascii=False, sort_keys=True),
    )
    items: list[tuple[str, Payload]] = [(f"{source}: info", started)]
    for number, rnd in rounds:
        items += _round(number, rnd, f"{source}: round {number}")
    if result.get("isOver"):
        ended = (result["player1EndPts"] - starting[0], result["player2EndPts"] - starting[1])
        items.append((f"{source}: result", Claim(round=0, points=ended, source="import", text=json.dumps(result))))
    match_id = re.sub(r"[^a-z0-9-]+", "-", f"koikoi-ai-{Path(source).stem}".lower()).strip("-")[:64]
    return LogGame(match_id, items, _played_at(info.get("startTime"), source))


def _round(number: int, rnd: dict[str, Any], where: str) -> list[tuple[str, Payload]]:
    basic = rnd["basic"]
    dealer = _seat(basic["Dealer"], where)
    pile = _cards(basic["initPile"], f"{where}: initPile")
    deal = KoikoiDeal(
        hands=(_cards(basic["initHand1"], f"{where}: initHand1"), _cards(basic["initHand2"], f"{where}: initHand2")),
        field=_cards(basic["initBoard"], f"{where}: initBoard"),
        draw_pile=tuple(reversed(pile)),  # the game draws from the list's end: its top is the last entry
    )
    found: list[tuple[str, Payload]] = [(where, RoundStarted(round=number, dealer=dealer)), (where, deal)]
    turns = sorted((int(key.removeprefix("turn")), value) for key, value in rnd.items() if key.startswith("turn"))
    for turn_no, turn in turns:
        at = f"{where}: turn {turn_no}"
        seat = _seat(turn["playerInTurn"], at)
        played = _card(turn["discardCard"], f"{at}: discardCard")
        found.append((at, KoikoiPlay(card=played, seat=seat)))
        found += _capture(played, seat, turn["collectCard"], at)
        drawn = _card(turn["drawCard"], f"{at}: drawCard")
        found.append((at, KoikoiDraw(card=drawn, seat=seat)))
        found += _capture(drawn, seat, turn["collectCard2"], at)
        said = turn.get("isKoiKoi")
        if said is True:
            found.append((at, Koikoi(seat=seat)))
        elif said is False:
            found.append((at, KoikoiStop(seat=seat)))
    points = (basic["player1RoundPts"], basic["player2RoundPts"])
    if all(isinstance(p, int) for p in points):
        text = json.dumps({k: basic[k] for k in ("roundWinner", "player1RoundPts", "player2RoundPts") if k in basic})
        winner = basic.get("roundWinner")
        claim = Claim(round=number, points=points, source="import", text=text,
                      winner=winner - 1 if winner in (1, 2) else None)  # fmt: skip
        found.append((where, claim))
    return found


def _capture(card: str, seat: int, collected: JsonValue, where: str) -> list[tuple[str, Payload]]:
    """The capture a placed card made: the collected cards are the card itself and what it took."""
    taken = [c for c in _cards(collected, where) if c != card]
    return [(where, KoikoiCapture(card=card, seat=seat, taken=tuple(taken)))] if taken else []


def _played_at(text: JsonValue, source: str) -> str | None:
    """The game's start time as the file writes it (its zone unsaid: read as UTC); a time that is
    not one (month 99) is said, never guessed."""
    from datetime import datetime

    found = _TIME.match(text) if isinstance(text, str) else None
    if found is None:
        return None
    when = "{}-{}-{}T{}:{}:{}".format(*found.groups())
    try:
        datetime.fromisoformat(when)
    except ValueError:
        raise InputError(f"{source}: info: startTime {text!r} is not a real time; the record was edited, or "
                         "is not KoiKoi-AI's") from None  # fmt: skip
    return when + "Z"
