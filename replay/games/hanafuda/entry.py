"""Table mode's words for a fishing round (Tensho and Sendai-hana): a card played, then a card
drawn, each with what it captures. ``pine-crane pine-chaff-1`` is a play when a card is to be
played and a draw when one is to be drawn; the words become the recording commands they stand for
(``play pine-crane -c pine-chaff-1``), which the application turns into events."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from events.cards import BY_ID
from events.errors import InputError
from events.hanafuda import CardCapture, PlacedCard
from events.model import Payload
from replay.engine.game import Question
from replay.engine.moves import Offer
from replay.games.hanafuda.fishing import matches
from replay.games.hanafuda.table import FishingRound


class RoundAtTable(FishingRound, Protocol):
    """What table mode reads of a fishing round: its cards, whose deal it is, whether it is over
    and whether a card is played yet."""

    @property
    def over(self) -> bool: ...
    @property
    def dealer(self) -> int: ...
    @property
    def opening(self) -> bool: ...


class MatchAtTable(Protocol):
    """What table mode reads of a fishing game's match: the round in play and the names."""

    @property
    def round(self) -> RoundAtTable | None: ...
    @property
    def names(self) -> tuple[str, ...]: ...


def in_play(state: MatchAtTable) -> RoundAtTable:
    """The round in play: table mode reads a move's words only while one is (replay/app/table.py)."""
    if state.round is None:
        raise InputError("no round is in play: start one with next")
    return state.round


State = TypeVar("State", bound=MatchAtTable)  # the game's match state (KoikoiState, ...)


class FishingTable(Generic[State]):
    """Tensho and Sendai-hana: a card played, then a card drawn, each with what it captures."""

    def __init__(self, legal_moves: Callable[[State], list[Payload]]) -> None:
        self.legal_moves = legal_moves  # the game's fold decides what tab offers

    @property
    def help(self) -> tuple[str, ...]:
        return ("a card (pine-crane, 01-0, pine-chaff) to play or draw it; more cards after it are what it captures",)

    def question(self, state: State) -> Question | None:
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

    def before_verbs(self, state: State, words: list[str]) -> list[str] | None:
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        """A word the game's own decision takes at this phase (the yaku set, go or stop), or None."""
        return None

    def translate(self, state: State, words: list[str]) -> list[str]:
        rnd = in_play(state)
        head, rest, phase = words[0].lower(), words[1:], rnd.phase
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
        if phase == "capture":  # the card placed waits for what it takes: the cards named (after it, if it is said)
            taken = rest if words[0] == rnd.pending else words
            return ["capture", *taken]
        if phase == "draw":
            return ["draw", words[0], *[a for card in rest for a in ("-c", card)]]
        raise InputError(f"nothing can be entered now ({phase}); type help")

    def decision_words(self, phase: str) -> list[str] | None:
        return None

    def opening_words(self) -> list[str]:
        return []

    def choices(self, state: State, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        """What may be entered next; ``typed`` is what the line holds already, word by word."""
        rnd = in_play(state)
        phase = rnd.phase
        if typed and typed[0] == "deal":  # the cards of this game's deck not yet dealt on this line
            named = {card for word in typed for card in word.split(",")}
            return [c for c in self.deck(state) if c not in named] + ["--hand", "--field", "--pile", "--dead"]
        if phase == "capture":  # the field cards the card placed may take, as the fold accepts them
            takes = {c for m in self.legal_moves(state) if isinstance(m, CardCapture) for c in m.taken}
            return [c for c in rnd.field if c in takes and c not in typed]
        if typed and phase in ("play", "draw") and typed[0] in BY_ID:
            taken = set(typed[1:])  # after the card: the field cards of its month it may take
            return [c for c in matches(typed[0], rnd.field) if c not in taken]
        decided = self.decision_words(phase)
        if decided is not None:
            return [*decided, *words]
        if phase in ("deal", "misdeal"):
            return ["deal", *(["misdeal"] if phase == "misdeal" else []), *words]
        legal = self.legal_moves(state)
        kinds = {move.EVENT_TYPE.rsplit(".", 1)[-1] for move in legal}
        placed = ("play",) if phase == "play" else ("draw",)
        cards = [
            m.card
            for m in legal
            if isinstance(m, PlacedCard | CardCapture) and m.EVENT_TYPE.rsplit(".", 1)[-1] in placed
        ]
        opening = self.opening_words() if phase == "play" and kinds - {"play"} else []
        return list(dict.fromkeys(cards)) + opening + words

    def result_line(self, state: State, head: str, rest: list[str]) -> list[str] | None:
        return None

    def offers(self, state: State) -> list[Offer]:
        """Every move the fold accepts now, made from the legal event itself: its words in table
        mode (``play pine-crane``, ``draw maple-deer -c maple-blue``, ``go``) and the declared move
        with its values. A deal is laid out, not offered."""
        rnd = state.round
        if rnd is None or rnd.over:
            return [Offer("next", "round")]
        found: list[Offer] = []
        for move in self.legal_moves(state):
            kind = move.EVENT_TYPE.rsplit(".", 1)[-1]
            if isinstance(move, PlacedCard) and kind in ("play", "draw"):
                found += self._placed(kind, move.card, rnd)
            elif isinstance(move, CardCapture):
                found.append(Offer(" ".join(["capture", *move.taken]), "capture", {"taken": list(move.taken)}))
            elif kind == "yaku_set_chosen" and getattr(move, "by", "") == "agreement":
                chosen = getattr(move, "yaku_set")  # noqa: B009 (a Tensho event)
                found.append(Offer(f"yaku-set {chosen}", "yaku-set", {"chosen": chosen}))
            elif kind == "dealer_triple_capture":
                cards = list(getattr(move, "cards"))  # noqa: B009
                found.append(Offer(" ".join(["triple", *cards]), "triple", {"cards": cards}))
            elif kind == "teyaku_exposed":
                teyaku, seat = getattr(move, "teyaku"), getattr(move, "seat")  # noqa: B009
                found.append(Offer(f"expose {teyaku} --seat {seat}", "expose", {"teyaku": teyaku, "seat": str(seat)}))
            elif kind in ("koikoi", "stop", "misdeal"):
                found.append(Offer({"koikoi": "go"}.get(kind, kind), kind))
        return list({offer.words: offer for offer in found}.values())

    def _placed(self, verb: str, card: str, rnd: RoundAtTable) -> list[Offer]:
        """A card played or drawn, with each capture the table may choose (none said when forced)."""
        taken = matches(card, rnd.field)
        if len(taken) == 2:  # two of its month on the field: the table says which it takes
            return [Offer(f"{verb} {card} -c {other}", verb, {"card": card, "capture": [other]}) for other in taken]
        return [Offer(f"{verb} {card}", verb, {"card": card})]

    def deck(self, state: State) -> list[str]:
        """The card ids of this game's deck (Tensho: 45 of the 48)."""
        return list(BY_ID)


class GoOrStopTable(FishingTable[State]):
    """The koi-koi family's table: after a new yaku, koi-koi (go) or stop; a teyaku may be shown at the opening."""

    decide_words: tuple[str, str] = ("go", "stop")  # as the game says them
    decide_said = "a new yaku: say go or stop"

    @property
    def help(self) -> tuple[str, ...]:
        go, stop = self.decide_words
        return (*super().help, f"{go} or {stop} after a new yaku; expose TEYAKU to show one at the opening")

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "decide":
            return None
        if head in ("go", "koikoi", "koi-koi"):
            return ["koikoi"]
        if head == "stop":
            return ["stop"]
        raise InputError(self.decide_said)

    def decision_words(self, phase: str) -> list[str] | None:
        return list(self.decide_words) if phase == "decide" else None

    def opening_words(self) -> list[str]:
        return ["expose"]
