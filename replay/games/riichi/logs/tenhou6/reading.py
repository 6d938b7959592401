"""A Tenhou game as the import reads it (``replay/formats/log_folding.py``): its events, the score
changes the log recorded as its claims, a hand kept as the log recorded it where the rules refuse
what the server allowed, and the match id a game is given."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass

from events.canonical import JsonValue
from events.model import Payload
from events.riichi import RiichiRecordedResult
from replay.games.riichi.logs.tenhou6 import mahjongsoul
from replay.games.riichi.logs.tenhou6.read import (
    ABORTS,
    Game,
    LogProblem,
    check_hand_shape,
    game_events,
    is_three_player_hand,
    played_at,
    three_seats,
)


@dataclass
class TenhouReading:
    """A Tenhou game as a reader gives it to the import (``replay/formats/log_folding.py``): its events,
    its score changes as the log's claims, and a hand as the log recorded it where the rules
    refuse what the server allowed."""

    game: Game
    claims_word: str = "log"

    @property
    def source(self) -> str:
        return self.game.source

    def items(self) -> Iterator[tuple[str, JsonValue]]:
        return game_events(self.game)

    def as_recorded(self, hand_no: int, refusal: str) -> Payload | None:
        return recorded_result(self.game, hand_no, refusal)

    @property
    def played_at(self) -> str | None:
        """When the game was played, in UTC: from a Tenhou ref (``yyyymmddhhgm-...``, Japan's time),
        the hour it started; a Mahjong Soul game's end time; None when the log does not say."""
        if mahjongsoul.is_mahjong_soul(self.game.header):
            return mahjongsoul.played_at(self.game.header)
        return played_at(self.game.ref)

    def unreadable(self, where: str) -> str:
        place = where.rsplit(":", 1)[0] if ": hand" in where else where  # the hand the reading had reached
        return (
            f"{place}: an entry (a call string, a tile or a result value) is not one tenhou.net/6 writes; "
            "check the log is unedited"
        )


def recorded_result(game: Game, hand_no: int, refused: str) -> RiichiRecordedResult:
    """Hand ``hand_no`` as the log recorded it, when the log is consistent with itself: its score
    changes lead to the next hand's scores. Else ``LogProblem``: such a log is not imported."""
    raw = game.hands[hand_no - 1]
    if is_three_player_hand(raw):
        raw = three_seats(raw)
    players = check_hand_shape(raw, refused)
    result = raw[-1]
    name = result[0]
    start = [int(v) for v in raw[1][:players]]
    paid = [0] * players
    if name == "和了":
        for deltas in result[1::2]:
            paid = [p + int(d) for p, d in zip(paid, deltas, strict=False)]
    elif len(result) > 1 and isinstance(result[1], list):
        paid = [int(d) for d in result[1][:players]] + [0] * (players - len(result[1][:players]))
    riichi = [s for s in range(players) if any(isinstance(e, str) and e.startswith("r") for e in raw[6 + 3 * s])]
    kind = "win" if name == "和了" else "abortive" if name in ABORTS else "exhaustive"
    dealer = int(raw[0][0]) % 4 % players
    if hand_no < len(game.hands):
        following = game.hands[hand_no]
        if is_three_player_hand(following):
            following = three_seats(following)
        check_hand_shape(following, refused)
        then = [int(v) for v in following[1][:players]]
        riichi = [s for s in riichi if start[s] + paid[s] != then[s]]  # ronned on his declaring tile: no stick
        if any(start[s] + paid[s] - (1000 if s in riichi else 0) != then[s] for s in range(players)):
            raise LogProblem(
                f"{refused}; and the log is not consistent with itself: hand {hand_no}'s score changes "
                f"{paid} do not lead from {start} to hand {hand_no + 1}'s scores {then}"
            )
        sticks, next_dealer = int(following[0][2]), int(following[0][0]) % 4 % players
    else:
        if kind == "win" and sum(paid) == 1000 * int(raw[0][2]):
            riichi = []  # the winner's gain holds no stick of this hand: none went down
        sticks = 0 if kind == "win" else int(raw[0][2]) + len(riichi)
        stays = kind == "abortive" or paid[dealer] > 0
        next_dealer = dealer if stays else (dealer + 1) % players
    record = json.dumps(game.hands[hand_no - 1], ensure_ascii=False, separators=(",", ":"))
    return RiichiRecordedResult(
        kind=kind, next_dealer=next_dealer, paid=tuple(paid), record=record, refused=refused[:1000],
        riichi=tuple(riichi), sticks=sticks,
    )  # fmt: skip


def match_id_for(game: Game, index: int, count: int) -> str:
    from pathlib import Path

    base = game.ref or Path(game.source).stem
    base = re.sub(r"[^a-z0-9-]+", "-", base.lower()).strip("-") or "tenhou"
    if count > 1 and not game.ref:
        base = f"{base}-{index + 1}"
    base = base[:64].strip("-")
    if len(base) < 3:  # a file named 1.json: ids take 3 to 64 characters
        base = f"tenhou-{base}".strip("-")
    return base


# ---- export -----------------------------------------------------------------------------------
