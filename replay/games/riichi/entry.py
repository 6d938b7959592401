"""Table mode's words for riichi: a tile drawn or discarded, riichi, the calls, a win with its ura
indicators, and a whole hand in one line (``ron S from W 234m567p345s11s77z +7z riichi dora 3p``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.errors import InputError
from events.riichi import (
    AbortiveDraw,
    ExhaustiveDraw,
    RiichiCall,
    RiichiDeclared,
    RiichiDiscard,
    RiichiDraw,
    RiichiWin,
)
from events.tiles import KIND_OF, compact
from replay.engine.game import Question
from replay.engine.moves import Offer
from replay.games.riichi.fold import legal_moves
from replay.games.riichi.state import RiichiRound, RiichiState

CALL_WORDS = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "ankan": "ankan", "kakan": "kakan", "kita": "kita"}
RESULT_WORDS = ("ron", "tsumo", "draw", "abort")  # a whole riichi hand typed in one line
_TILE_WORDS = frozenset(KIND_OF) | {"0m", "0p", "0s"}


def _in_play(state: RiichiState) -> RiichiRound:
    """The hand in play: table mode reads a move's words only while one is (replay/app/table.py)."""
    if state.round is None:
        raise InputError("no hand is in play: start one with next")
    return state.round


class RiichiTable:
    """Riichi: a tile drawn or discarded, calls on a discard, and a whole hand in one line."""

    help = (
        "a tile (5m, 0p, 7z) to draw or discard it; riichi 5m; tsumo; ron [SEAT]; pon 555p; chi 345m; kan 5555m",
        "or a whole hand in one line, instead of its deal and moves:",
        "  ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m [also-riichi N]; draw tenpai E W riichi W",
    )

    def question(self, state: RiichiState) -> Question | None:
        rnd, names = state.round, state.names
        if rnd is not None and rnd.phase == "after_discard" and rnd.could_ron:
            seats = sorted(rnd.could_ron)
            offer = "; ".join(f"ron {s}" for s in seats)
            return "ron", f"{', '.join(names[s] for s in seats)} can ron: {offer}; or pass", frozenset({"ron"})
        return None

    def status_lines(self, data: dict[str, Any]) -> list[str]:
        names = [p["name"] for p in data["players"]]
        rnd = data["round"]
        mover = rnd["to_move"]
        hand = rnd["hands"][mover] if rnd["hands"] else []
        shown = hand if isinstance(hand, str) else " ".join(hand)
        rivers = "; ".join(
            f"{names[s]}: {' '.join(t['tile'] for t in river[-6:])}" for s, river in enumerate(rnd["rivers"])
        )
        return [
            f"  {names[mover]}'s hand: {shown or '?'}   wall: {rnd['wall_left']}",
            f"  rivers (last six): {rivers}",
            "  scores: " + ", ".join(f"{n} {score}" for n, score in zip(names, rnd["scores"], strict=True)),
        ]

    def result_line(self, state: RiichiState, head: str, rest: list[str]) -> list[str] | None:
        """A whole hand at result depth, when no move of it is recorded (or another ron on it)."""
        rnd = state.round
        enough = len(rest) >= (1 if head == "abort" else 2)
        another_ron = bool(
            head == "ron" and rnd is not None and rnd.over and rnd.result is not None and rnd.result.depth == "result"
        )
        if head in RESULT_WORDS and enough and rnd is not None and (rnd.phase == "deal" or another_ron):
            return ["result", head, *rest]
        return None

    def _win(self, state: RiichiState, head: str, rest: list[str]) -> list[str]:
        """A ron (``ron SEAT``) or tsumo, the winner said (a winner in riichi says the ura
        indicators too, or none: the intent asks for them)."""
        rnd = _in_play(state)
        seat_given = rest[0] if rest and rest[0].isdigit() else None
        flags = rest[1:] if seat_given is not None else rest
        offered = sorted(rnd.could_ron) if head == "ron" and rnd.phase == "after_discard" else []
        if head == "ron" and seat_given is None:  # the seat that rons: the one offered, else ask which
            if len(offered) == 1:
                seat_given = str(offered[0])
            elif offered:
                shown = " or ".join(f"ron {s} ({state.names[s]})" for s in offered)
                raise InputError(f"{len(offered)} players can ron this tile: say which, {shown}")
        return [head, *(["--seat", seat_given] if seat_given is not None else []), *flags]

    def before_verbs(self, state: RiichiState, words: list[str]) -> list[str] | None:
        """``ron`` and ``tsumo`` during a hand: the winner, and the ura indicators of a riichi, are
        settled here before the words are read as the command of the same name."""
        head = words[0].lower()
        return self._win(state, head, words[1:]) if head in ("ron", "tsumo") else None

    def translate(self, state: RiichiState, words: list[str]) -> list[str]:
        head, rest, phase = words[0].lower(), words[1:], _in_play(state).phase
        if head in ("ron", "tsumo"):
            return self._win(state, head, rest)
        if head in CALL_WORDS:
            return ["call", CALL_WORDS[head], *rest]
        if head in ("draw", "rinshan") or (head in _TILE_WORDS and phase in ("draw", "after_discard", "rinshan")):
            tile = rest[0] if head in ("draw", "rinshan") and rest else head
            return ["draw", tile, *(["--rinshan"] if head == "rinshan" or phase == "rinshan" else [])]
        if head in _TILE_WORDS and phase == "discard":
            return ["discard", head]
        if phase == "deal":
            raise InputError("record the deal first: deal --hand ... (13 tiles a seat) --dora 3m")
        raise InputError(f"{head!r} is not a tile or a word for this moment; type help")

    def offers(self, state: RiichiState) -> list[Offer]:
        """Every move the fold accepts now, made from the legal event itself: its words in table
        mode (``draw 5m``, ``discard 5m``, ``riichi 5m``, ``pon 555p``, ``ron 2``) and the declared
        move with its values. A deal is laid out, not offered; a winner in riichi is asked for the
        ura indicators."""
        from replay.engine.fold import IllegalEvent, Step
        from replay.games.riichi.fold import RiichiProjection

        rnd = state.round
        if rnd is None or rnd.over:
            return [Offer("next", "round")]
        found: list[Offer] = []
        legal = legal_moves(state)
        declared = next((m for m in legal if isinstance(m, RiichiDeclared)), None)
        for move in legal:
            if isinstance(move, RiichiDraw):
                rinshan = {"rinshan": True} if move.rinshan else {}
                found.append(Offer(f"draw {move.tile}", "draw", {"card": move.tile, **rinshan}))
            elif isinstance(move, RiichiDiscard):
                found.append(Offer(f"discard {move.tile}", "discard", {"tile": move.tile}))
            elif isinstance(move, RiichiWin) and move.kind == "tsumo":
                found.append(Offer("tsumo", "tsumo"))
            elif isinstance(move, RiichiWin):
                found.append(Offer(f"ron {move.seat}", "ron", {"seat": str(move.seat)}))
            elif isinstance(move, RiichiCall):
                word = next(w for w, k in CALL_WORDS.items() if k == move.kind)
                meld = {} if move.kind == "kita" else {"tiles": compact(move.tiles)}
                said = word if move.kind == "kita" else f"{word} {compact(move.tiles)}"
                found.append(Offer(said, "call", {"kind": move.kind, **meld, "seat": str(move.seat)}))
            elif isinstance(move, ExhaustiveDraw):
                tenpai = ",".join(map(str, move.tenpai)) or "none"
                found.append(Offer(f"exhaustive --tenpai {tenpai}", "exhaustive", {"tenpai": tenpai}))
            elif isinstance(move, AbortiveDraw):
                seat = {} if move.seat is None else {"seat": str(move.seat)}
                found.append(Offer(f"abort {move.kind}", "abort", {"kind": move.kind, **seat}))
        if declared is not None:  # riichi with each discard that leaves the hand tenpai, as the fold says
            projection, seq = RiichiProjection(), state.match.last_seq + 1
            after = projection.apply(state, Step(seq, declared.EVENT_TYPE, declared))
            for move in legal:
                if isinstance(move, RiichiDiscard):
                    try:
                        projection.apply(after, Step(seq + 1, move.EVENT_TYPE, move))
                    except IllegalEvent:
                        continue
                    found.append(Offer(f"riichi {move.tile}", "riichi", {"tile": move.tile}))
        return list({offer.words: offer for offer in found}.values())

    def choices(self, state: RiichiState, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        """What may be typed now: the moves the fold accepts, in table mode's words (a tile to draw
        or discard, riichi, tsumo, ron, the calls), and after a call's word the melds it can make."""
        rnd = _in_play(state)
        if rnd.phase == "deal":
            return ["deal", *RESULT_WORDS, *words] if not typed else []
        legal = legal_moves(state)
        if typed:
            kind = CALL_WORDS.get(typed[0])
            return [compact(m.tiles) for m in legal if isinstance(m, RiichiCall) and m.kind == kind]
        offered: list[str] = []
        for move in legal:
            if isinstance(move, RiichiDiscard | RiichiDraw):
                offered.append(move.tile)
            elif isinstance(move, RiichiDeclared):
                offered.append("riichi")
            elif isinstance(move, RiichiWin):
                offered.append(move.kind)
            elif isinstance(move, RiichiCall):
                offered.append(next(word for word, kind in CALL_WORDS.items() if kind == move.kind))
            elif isinstance(move, ExhaustiveDraw):
                offered.append("exhaustive")
            elif isinstance(move, AbortiveDraw):
                offered.append("abort")
        return list(dict.fromkeys(offered)) + words


ENTRY = RiichiTable()
