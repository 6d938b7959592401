"""What `taikyoku replay` and `taikyoku price` show of a riichi match, as plain data."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.model import Payload
from events.riichi import (
    AbortiveDraw,
    RiichiCall,
    RiichiChombo,
    RiichiDeclared,
    RiichiDiscard,
    RiichiHandResult,
    RiichiWin,
)
from events.tiles import WINDS, compact
from replay.engine.fold import Step
from replay.engine.snapshot import Snapshot, match_fields
from replay.engine.words import listed, match_words, name_of
from replay.games.riichi.flow import final_standings, match_over
from replay.games.riichi.options import RULESETS, RiichiOptions
from replay.games.riichi.pricing import Priced, Unpriced, WinHand, price
from replay.games.riichi.shape import is_complete, shown_tiles
from replay.games.riichi.state import HandResult, RiichiRound, RiichiState, WinRecord

WIND_NAMES = {"1z": "East", "2z": "South", "3z": "West", "4z": "North"}


def expects(rnd: RiichiRound, names: Sequence[str]) -> str:
    who = f"{names[rnd.to_move]} (seat {rnd.to_move})" if names else f"seat {rnd.to_move}"
    after = (rnd.to_move + 1) % rnd.players
    nxt = f"{names[after]} (seat {after})" if names else f"seat {after}"
    offered = ""
    if rnd.phase == "after_discard" and rnd.could_ron:
        offered = "; it completes " + ", ".join(
            f"{names[s]}'s" if names else f"seat {s}'s" for s in sorted(rnd.could_ron)
        )
        offered += " hand: ron?"
    elif rnd.phase == "discard" and rnd.last_drawn is not None and rnd.hands and is_complete(rnd.hands[rnd.to_move]):
        offered = "; the hand is complete: tsumo?"
    return _expects_text(rnd, who, nxt) + offered


def _expects_text(rnd: RiichiRound, who: str, nxt: str) -> str:
    return {
        "deal": "the deal",
        "draw": f"{who} to draw",
        "rinshan": f"{who} to draw the replacement tile" + (" (or a ron on the added kan)" if rnd.kakan else ""),
        "discard": f"{who} to discard"
        + (" the riichi tile" if rnd.declaring is not None else " (or tsumo, a kan, riichi)"),
        "after_discard": f"{nxt} to draw, or a call or ron on {rnd.last_discard[1] if rnd.last_discard else 'the discard'}"
        + (" (the wall is empty: the exhaustive draw)" if rnd.live_left == 0 else ""),
    }.get(rnd.phase, "the next hand")


def priced_json(result: Priced | Unpriced) -> dict[str, Any]:
    if isinstance(result, Unpriced):
        return {"ruleset": result.ruleset, "priced": False, "reason": result.reason}
    return {
        "ruleset": result.ruleset,
        "priced": True,
        "han": result.han,
        "fu": result.fu,
        "yaku": [{"name": n, "han": h} for n, h in result.yaku],
        "fu_details": [{"reason": r, "fu": f} for r, f in result.fu_details],
        "limit": result.limit,
        "payments": list(result.payments),
        "notes": list(result.notes),
    }


def win_json(win: WinRecord) -> dict[str, Any]:
    hand = win.hand
    flags = (
        "riichi",
        "double_riichi",
        "ippatsu",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
        "renhou",
    )
    conditions = [name for name in flags if getattr(hand, name)]
    return {
        "seat": win.seat,
        "kind": win.kind,
        "from_seat": win.from_seat,
        "hand": compact(hand.concealed),
        "win_tile": hand.win_tile,
        "melds": [{"kind": m.kind, "tiles": list(m.tiles)} for m in hand.melds],
        "seat_wind": WIND_NAMES[hand.seat_wind],
        "conditions": conditions,
        "dora_indicators": list(hand.dora_indicators),
        "ura_indicators": list(hand.ura_indicators),
        "honba": hand.honba,
        "sticks": hand.sticks,
        "result": priced_json(win.priced),
    }


def result_json(result: HandResult) -> dict[str, Any]:
    return {
        "hand": result.number,
        "kind": result.kind,
        "depth": result.depth,
        "explanation": result.explanation,
        "points": list(result.points),
        "riichi_sticks_put_down": [d // 1000 for d in result.deposits],  # counted in points
        "scores": list(result.scores),
        "sticks_left": result.sticks,
        "next_dealer": result.next_dealer,
        "tenpai": list(result.tenpai),
        "abort": result.abort,
        "wins": [win_json(w) for w in result.wins],
    }


def round_json(rnd: RiichiRound) -> dict[str, Any]:
    deal_done = rnd.phase != "deal"
    return {
        "hand": rnd.number,
        "name": f"{WIND_NAMES[rnd.round_wind]} {rnd.hand}",
        "dealer": rnd.dealer,
        "honba": rnd.honba,
        "sticks": rnd.sticks,
        "scores": list(rnd.scores),
        "phase": rnd.phase,
        "to_move": None if rnd.over else rnd.to_move,
        "expects": "",
        "seat_winds": [WIND_NAMES[WINDS[(s - rnd.dealer) % rnd.players]] for s in range(rnd.players)],
        "hands": [shown_tiles(h) for h in rnd.hands] if deal_done else [],  # a tile not seen as ?
        "melds": [
            [{"kind": m.kind, "tiles": list(m.tiles), "called": m.called, "from_seat": m.from_seat} for m in seat]
            for seat in rnd.melds
        ],
        "rivers": [
            [{"tile": r.tile, "tsumogiri": r.tsumogiri, "riichi": r.riichi, "taken": r.taken} for r in river]
            for river in rnd.rivers
        ],
        "riichi": list(rnd.riichi),
        "dora_indicators": list(rnd.dora),
        "wall_left": rnd.live_left,
        "result": None if rnd.result is None else result_json(rnd.result),
    }


def opening_json(players: int, first_dealer: int, starting_points: int) -> dict[str, Any]:
    """The table before its first hand, drawn as a hand not dealt: each seat's wind from the first
    dealer's East, and the starting points, so the players sit where the record will say."""
    return {
        "hand": 0,
        "name": "East 1",
        "dealer": first_dealer,
        "honba": 0,
        "sticks": 0,
        "scores": [starting_points] * players,
        "phase": "deal",
        "to_move": None,
        "expects": "the first hand",
        "seat_winds": [WIND_NAMES[WINDS[(s - first_dealer) % players]] for s in range(players)],
        "hands": [],
        "melds": [[] for _ in range(players)],
        "rivers": [[] for _ in range(players)],
        "riichi": [False] * players,
        "dora_indicators": [],
        "wall_left": 0,
        "result": None,
    }


def match_json(match_id: str, snap: Snapshot[RiichiState]) -> dict[str, Any]:
    state: RiichiState = snap.state
    started = state.match.started
    assert started is not None
    names = state.names
    rnd = state.round
    current = None
    if rnd is not None:
        current = round_json(rnd)
        current["expects"] = expects(rnd, names)
    scores = list(state.results[-1].scores) if state.results else list(rnd.scores) if rnd else []
    opening = None
    if rnd is None and state.options is not None:
        opening = opening_json(len(names), started.first_dealer, state.options.starting_points)
    ended = state.match.ended
    complete = bool(state.results) and (
        (ended is not None and ended.reason == "completed") or (ended is None and match_over(state) is not None)
    )
    return match_fields(match_id, snap) | {
        "round": current,
        "opening": opening,
        "results": [result_json(r) for r in state.results],
        "scores": scores,
        "complete": complete,
        # The end of the match: sticks left to first place, ranks, and results with oka and uma (in thousands).
        "final": final_standings(state) if complete else None,
    }


def reprice(win: WinRecord, ruleset_id: str, recorded: RiichiOptions) -> Priced | Unpriced:
    """The same win priced under another ruleset's declared options (the recorded ones for its own)."""
    spec = next((r for r in RULESETS if r.id == ruleset_id), None)  # riichi's own: a game asks no registry
    if spec is None or spec.game != "riichi":
        raise ValueError(ruleset_id)
    rules = (
        recorded if ruleset_id == recorded.ruleset else RiichiOptions.of(ruleset_id, spec.defaults(), win.hand.players)
    )
    hand: WinHand = win.hand
    if rules.red_fives == 0 and any(t[0] == "0" for t in (*hand.concealed, *(t for m in hand.melds for t in m.tiles))):
        hand = hand._replace(
            concealed=tuple(f"5{t[1]}" if t[0] == "0" else t for t in hand.concealed),
            melds=tuple(m._replace(tiles=tuple(f"5{t[1]}" if t[0] == "0" else t for t in m.tiles)) for m in hand.melds),
            win_tile=f"5{hand.win_tile[1]}" if hand.win_tile[0] == "0" else hand.win_tile,
        )
        result = price(hand, rules)
        note = f"{ruleset_id} has no red fives: they count as plain fives"
        return result._replace(notes=(*result.notes, note)) if isinstance(result, Priced) else result
    return price(hand, rules)


ABORT_WORDS = {
    "kyuushu_kyuuhai": "nine different terminals and honours", "four_riichi": "four riichi",
    "four_kans": "four kans", "four_winds": "four of the same wind discarded", "triple_ron": "three rons",
}  # fmt: skip


def move_words(step: Step, names: Sequence[str]) -> str:
    """A riichi event as the table says it: "Ton draws 8s", "Sha calls pon on 5p from Ton"."""
    payload: Any = step.payload
    kind = step.type.split(".", 1)[-1]
    who = name_of(names, getattr(payload, "seat", None))
    if kind == "round_started":
        wind = WIND_NAMES.get(payload.round_wind, payload.round_wind)
        return (f"{wind} {payload.hand} starts; {name_of(names, payload.dealer)} deals"
                f" ({payload.honba} honba, {payload.sticks} riichi sticks)")  # fmt: skip
    if kind == "deal":
        return f"The tiles are dealt; the dora indicator is {payload.dora_indicator}"
    if kind == "unseen_deal":
        return f"The tiles are dealt, the hands unseen; the dora indicator is {payload.dora_indicator}"
    if kind == "draw":
        return f"{who} draws {payload.tile}" + (" from the dead wall" if payload.rinshan else "")
    if kind == "unseen_draw":
        return f"{who} draws" + (" from the dead wall" if payload.rinshan else "")
    if kind == "hand_shown":
        return f"{who} lays the hand open: {compact(payload.tiles)}"
    if kind == "discard":
        return f"{who} discards {payload.tile}" + (" (the tile just drawn)" if payload.tsumogiri else "")
    if kind == "riichi":
        return f"{who} declares riichi"
    if kind == "call":
        giver = name_of(names, payload.from_seat)
        if payload.kind in ("chi", "pon"):
            return f"{who} calls {payload.kind} on {payload.called} from {giver}: {compact(payload.tiles)}"
        if payload.kind == "daiminkan":
            return f"{who} calls kan on {payload.called} from {giver}: {compact(payload.tiles)}"
        if payload.kind == "ankan":
            return f"{who} declares a closed kan: {compact(payload.tiles)}"
        if payload.kind == "kakan":
            return f"{who} adds {payload.called} to a pon (added kan)"
        return f"{who} sets a north aside (kita)"
    if kind == "dora_revealed":
        return f"A new dora indicator: {payload.indicator}"
    if kind == "win":
        if payload.kind == "tsumo":
            return f"{who} wins by tsumo"
        return f"{who} wins by ron from {name_of(names, payload.from_seat)}"
    if kind == "exhaustive_draw":
        ready = listed([name_of(names, s) for s in payload.tenpai]) if payload.tenpai else "nobody"
        return f"The wall is empty; tenpai: {ready}"
    if kind == "abortive_draw":
        return f"Abortive draw: {ABORT_WORDS.get(payload.kind, payload.kind)}"
    if kind in ("hand_result", "draw_result", "recorded_result", "declared_win"):
        return "The hand is recorded by its result"
    if kind == "chombo":
        return f"{who}'s chombo"
    if kind == "played_on":
        return "The log plays on past where these rules end the match"
    return match_words(step, names)


def decided_by(payload: Payload) -> int | None:
    """The seat whose choice the event is (a discard, riichi, a call, a win, a chombo, the seat that
    called an abortive draw): the replay page's [ and ] keys step between them; a draw, a deal or a
    hand laid open is no one's choice."""
    if isinstance(payload, AbortiveDraw):
        return payload.seat
    chosen = RiichiDiscard | RiichiDeclared | RiichiCall | RiichiWin | RiichiHandResult | RiichiChombo
    return payload.seat if isinstance(payload, chosen) else None
