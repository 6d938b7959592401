"""The public record of a riichi match: what the table saw of its full record. Every hand dealt
unseen, every draw unseen, the discards, calls, riichi and dora indicators as they came, and a hand
laid open where the table sees it: a win, a tenpai hand at an exhaustive draw, nine terminals."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    ExhaustiveDraw,
    RiichiDeal,
    RiichiDraw,
    RiichiHandShown,
    RiichiUnseenDeal,
    RiichiUnseenDraw,
    RiichiWin,
)
from replay.engine.fold import META_TYPES, Step
from replay.games.riichi.fold import RiichiProjection


def public_view(payloads: Iterable[Payload]) -> Iterator[Payload]:
    """The public record of a full one (the full record folded alongside, for the hands laid open)."""
    projection = RiichiProjection()
    state = projection.initial()
    for seq, payload in enumerate(payloads, 1):
        if payload.EVENT_TYPE in META_TYPES:  # notes, claims, retractions: the record's, not the table's moves
            yield payload
            continue
        rnd = state.round
        if isinstance(payload, RiichiDeal):
            yield RiichiUnseenDeal(dora_indicator=payload.dora_indicator)
        elif isinstance(payload, RiichiDraw):
            yield RiichiUnseenDraw(seat=payload.seat, rinshan=payload.rinshan)
        else:
            shown: list[int] = []
            if isinstance(payload, RiichiWin):
                shown = [payload.seat]
            elif isinstance(payload, ExhaustiveDraw):
                shown = sorted(payload.tenpai)
            elif isinstance(payload, AbortiveDraw) and payload.kind == "kyuushu_kyuuhai" and rnd is not None:
                shown = [payload.seat if payload.seat is not None else rnd.to_move]
            for seat in shown:
                assert rnd is not None
                drawn = rnd.last_drawn if seat == rnd.to_move and rnd.phase == "discard" else None
                yield RiichiHandShown(seat=seat, tiles=rnd.hands[seat], drawn=drawn)
            yield payload
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
