"""What table mode knows of each game: the decision the rules leave to a player now, the short
screen between moves, the words a person types for a move, and what tab offers. One adapter a
game, looked up once by the session (``TABLES``); the rules themselves stay in the game's package."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.cards import BY_ID
from events.errors import InputError
from events.tiles import KIND_OF
from replay.app.catalog import field_matches, tensho_deck, teyaku_held, triple_choices

CALL_WORDS = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "ankan": "ankan", "kakan": "kakan", "kita": "kita"}
RESULT_WORDS = ("ron", "tsumo", "draw", "abort")  # a whole riichi hand typed in one line
_TILE_WORDS = frozenset(KIND_OF) | {"0m", "0p", "0s"}

Question = tuple[str, str, frozenset[str]]  # (what, the question, the commands that answer it)


class FishingTable:
    """Tensho and Sendai-hana: a card played, then a card drawn, each with what it captures."""

    def question(self, state: Any) -> Question | None:
        return None

    def status_lines(self, data: dict[str, Any]) -> list[str]:
        names = [p["name"] for p in data["players"]]
        rnd = data["round"]
        mover = rnd["to_move"]
        hand = rnd["hands"][mover] if rnd["hands"] else []
        captured = ", ".join(f"{names[s]} {len(c)}" for s, c in enumerate(rnd["captured"]))
        formed = rnd.get("yaku") or rnd.get("dekiyaku") or []  # Tensho's yaku, Sendai-hana's dekiyaku
        yaku = "; ".join(f"{names[s]}: {', '.join(y['name'] for y in ys)}" for s, ys in enumerate(formed) if ys)
        went = [names[s] for s in rnd.get("went", [])]
        return [
            f"  field: {', '.join(rnd['field']) or '—'}",
            f"  {names[mover]}'s hand: {', '.join(hand) or '—'}   captured: {captured}",
            f"  yaku so far: {yaku or 'none'}" + (f"   went on (koi-koi): {', '.join(went)}" if went else ""),
        ]

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        """A word the game's own decision takes at this phase (the yaku set, go or stop), or None."""
        return None

    def translate(self, state: Any, words: list[str]) -> list[str]:
        head, rest, phase = words[0].lower(), words[1:], state.round.phase
        decided = self.decision(phase, head, rest)
        if decided is not None:
            return decided
        if phase == "deal" and "/" in words:  # the round at result depth: each seat's captured cards
            return ["result", *words]
        if phase in ("deal", "misdeal"):
            raise InputError("record the deal first: deal --hand ... --field ... (one --hand per seat)")
        # The capture is the cards after the one placed, with or without the --capture (-c) the
        # command-line messages suggest.
        rest = [word for word in rest if word not in ("--capture", "-c")]
        if phase == "play":
            return ["play", words[0], *[a for card in rest for a in ("-c", card)]]
        if phase in ("draw", "capture"):
            return ["draw", words[0], *[a for card in rest for a in ("-c", card)]]
        raise InputError(f"nothing can be entered now ({phase}); type help")

    def decision_words(self, phase: str) -> list[str] | None:
        return None

    def opening_words(self) -> list[str]:
        return []

    def choices(self, state: Any, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        """What may be entered next; ``typed`` is what the line holds already, word by word."""
        rnd = state.round
        phase = rnd.phase
        if typed and typed[0] == "deal":  # the cards of this game's deck not yet dealt on this line
            named = {card for word in typed for card in word.split(",")}
            return [c for c in self.deck(state) if c not in named] + ["--hand", "--field", "--pile", "--dead"]
        if typed and phase in ("play", "draw", "capture") and typed[0] in BY_ID:
            taken = set(typed[1:])  # after the card: the field cards of its month it may take
            return [c for c in field_matches(typed[0], rnd.field) if c not in taken]
        decided = self.decision_words(phase)
        if decided is not None:
            return [*decided, *words]
        if phase in ("deal", "misdeal"):
            return ["deal", *(["misdeal"] if phase == "misdeal" else []), *words]
        if phase == "play":
            opening = self.opening_words() if getattr(rnd, "opening", False) else []
            return list(rnd.hands[rnd.to_move]) + list(rnd.field) + opening + words
        if phase in ("draw", "capture"):
            pile = getattr(rnd, "pile", None)
            top = [pile[0]] if pile else sorted(set(self.deck(state)) - _seen(rnd))
            return top + list(rnd.field) + words
        return words

    def result_line(self, state: Any, head: str, rest: list[str]) -> list[str] | None:
        return None

    def deck(self, state: Any) -> list[str]:
        """The card ids of this game's deck (Tensho: 45 of the 48)."""
        return list(BY_ID)


class TenshoTable(FishingTable):
    def deck(self, state: Any) -> list[str]:
        deck = tensho_deck()
        return [c for c in BY_ID if c in deck]

    def question(self, state: Any) -> Question | None:
        rnd, names = state.round, state.names
        if rnd.phase == "play" and rnd.opening:
            pairs = triple_choices(rnd)
            if pairs:
                shown = "; ".join(f"triple {a} {b}" for a, b in pairs)
                return (
                    "triple",
                    f"{names[rnd.dealer]} may take two of the triple: {shown}; or pass",
                    frozenset({"triple"}),
                )
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "set":
            return None
        if head in ("1", "2"):
            return ["yaku-set", head, *rest]
        raise InputError("choose the yaku set first: 1 (shichi-bu yaku) or 2 (han yaku)")

    def decision_words(self, phase: str) -> list[str] | None:
        return ["1", "2"] if phase == "set" else None

    def opening_words(self) -> list[str]:
        return ["triple"]


class SendaiTable(FishingTable):
    def question(self, state: Any) -> Question | None:
        rnd, names = state.round, state.names
        if rnd.phase == "play" and rnd.opening and state.options is not None:
            for seat, hand in enumerate(rnd.dealt):
                held = [t for t in teyaku_held(hand, four_as_two_pairs=state.options.four_as_two_pairs)
                        if t.key not in rnd.exposed[seat]]  # fmt: skip
                if held:
                    offer = "; ".join(f"expose {t.key} --seat {seat}" for t in held)
                    return (
                        f"teyaku-{seat}",
                        f"{names[seat]} holds {held[0].name}: {offer}; or pass",
                        frozenset({"expose"}),
                    )
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "decide":
            return None
        if head in ("go", "koikoi", "koi-koi"):
            return ["koikoi"]
        if head == "stop":
            return ["stop"]
        raise InputError("a new dekiyaku: say go or stop")

    def decision_words(self, phase: str) -> list[str] | None:
        return ["go", "stop"] if phase == "decide" else None

    def opening_words(self) -> list[str]:
        return ["expose"]


class RiichiTable:
    """Riichi: a tile drawn or discarded, calls on a discard, and a whole hand in one line."""

    def question(self, state: Any) -> Question | None:
        rnd, names = state.round, state.names
        if rnd.phase == "after_discard" and rnd.could_ron:
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

    def result_line(self, state: Any, head: str, rest: list[str]) -> list[str] | None:
        """A whole hand at result depth, when no move of it is recorded (or another ron on it)."""
        rnd = state.round
        enough = len(rest) >= (1 if head == "abort" else 2)
        another_ron = head == "ron" and rnd is not None and rnd.over and rnd.result is not None
        another_ron = another_ron and rnd.result.depth == "result"
        if head in RESULT_WORDS and enough and rnd is not None and (rnd.phase == "deal" or another_ron):
            return ["result", head, *rest]
        return None

    def _win(self, state: Any, head: str, rest: list[str]) -> list[str]:
        """A ron (``ron SEAT``) or tsumo; a winner in riichi says the ura indicators (or none) first."""
        rnd = state.round
        seat_given = rest[0] if rest and rest[0].isdigit() else None
        flags = rest[1:] if seat_given is not None else rest
        offered = sorted(rnd.could_ron) if head == "ron" and rnd.phase == "after_discard" else []
        if head == "ron" and seat_given is None:  # the seat that rons: the one offered, else ask which
            if len(offered) == 1:
                seat_given = str(offered[0])
            elif offered:
                shown = " or ".join(f"ron {s} ({state.names[s]})" for s in offered)
                raise InputError(f"{len(offered)} players can ron this tile: say which, {shown}")
        winner = int(seat_given) if seat_given is not None else (rnd.to_move if head == "tsumo" else None)
        if winner is not None and winner < len(rnd.riichi) and rnd.riichi[winner] and "--ura" not in flags:
            name = state.names[winner]
            example = f"{head} {seat_given + ' ' if seat_given else ''}--ura 8m"
            raise InputError(f"{name} is in riichi: turn the ura indicators and say them, e.g. {example} "
                             "(or --ura none)")  # fmt: skip
        return [head, *(["--seat", seat_given] if seat_given is not None else []), *flags]

    def translate(self, state: Any, words: list[str]) -> list[str]:
        head, rest, phase = words[0].lower(), words[1:], state.round.phase
        if head == "riichi":
            if len(rest) != 1:
                raise InputError("riichi takes the tile discarded with it, e.g. riichi 5m")
            return ["discard", rest[0], "--riichi"]
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

    def choices(self, state: Any, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        rnd = state.round
        phase = rnd.phase
        if phase == "deal":
            return ["deal", *RESULT_WORDS, *words]
        hand = list(rnd.hands[rnd.to_move]) if phase == "discard" and rnd.hands else []
        extra = ["riichi", "tsumo", "kan", "ankan", "kakan"] if phase == "discard" else ["ron", "pon", "chi", "kan"]
        return sorted(set(hand)) + extra + words


TABLES: dict[str, FishingTable | RiichiTable] = {
    "tensho": TenshoTable(),
    "sendai": SendaiTable(),
    "riichi": RiichiTable(),
}


def _seen(rnd: Any) -> set[str]:
    seen = set(rnd.field)
    for group in (*rnd.hands, *rnd.captured):
        seen.update(group)
    return seen
