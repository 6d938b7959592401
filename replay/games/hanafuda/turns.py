"""The turn of the koi-koi family (Sendai-hana, koi-koi), as their folds share it: a card played,
the top card drawn, what each takes, and the checks before each move (a good deal, no decision
owed, the seat to move, no capture owed). A game's fold mixes it in and gives its name's codes
(``codes``), its pile's size, what it calls the decision, why a deal is void, and what ends a
turn (``_end_turn``: a new yaku asks koi-koi or stop)."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from events.cards import month_of
from events.hanafuda import CardCapture, PlacedCard
from events.model import Payload
from replay.engine.fold import Step, illegal, spoken
from replay.engine.match import WorkingGame
from replay.games.hanafuda import table
from replay.games.hanafuda.fishing import matches
from replay.games.hanafuda.table import UNSEEN

Options = TypeVar("Options")  # the game's options
Working = TypeVar("Working", bound=table.TurnCards)  # the game's round while it is folded
Result = TypeVar("Result")  # the game's round result


class FishingTurns(Generic[Options, Working, Result]):
    codes: ClassVar[Mapping[str, str]]  # the game's code for each refusal, written out (turn.wrong_seat ...)
    pile_size: ClassVar[int]
    # The most cards a round can see captured: every card dealt and drawn (a pile longer than the
    # turns leaves the rest undrawn). Sendai-hana draws its whole pile: all 48.
    most_captured: ClassVar[int] = 48
    decision: ClassVar[str]  # the decision a new yaku asks, as a refusal says it: "say go or stop"
    new_yaku: ClassVar[str]  # what asks it: "made a dekiyaku"

    def _void_deal(self, rnd: Working) -> str:
        """Why the deal is void, for the refusal of any move before the misdeal is recorded."""
        raise NotImplementedError

    def _end_turn(self, game: WorkingGame[Options, Working, Result], rnd: Working, options: Options) -> None:
        """After the draw and its capture: a decision, or the next turn."""
        raise NotImplementedError

    def _turn_begins(self, rnd: Working, seat: int, options: Options) -> None:
        """A card is about to be played: what the game notes at the start of a turn (nothing, by default)."""

    def _turn(
        self,
        game: WorkingGame[Options, Working, Result],
        rnd: Working,
        step: Step,
        seat: int | None,
        *,
        capturing: bool = False,
    ) -> None:
        """What a move in turn needs: a good deal, no decision owed, the seat to move, no capture owed."""
        self._dealt(rnd, step)
        codes = self.codes
        if rnd.phase == "decide":
            raise illegal(step, codes["decide.missing"],
                          f"{who(game, rnd.to_move)} {self.new_yaku} and must {self.decision} first")  # fmt: skip
        if seat != rnd.to_move:
            raise illegal(step, codes["turn.wrong_seat"],
                          f"it is {who(game, rnd.to_move)}'s turn to {self._expects(rnd)}, not seat {seat}")  # fmt: skip
        if rnd.phase == "capture" and not capturing:
            reminder = table.capture_reminder(rnd, codes["capture.missing"].rsplit(".", 1)[0])
            raise illegal(step, codes["capture.missing"], reminder)

    def _dealt(self, rnd: Working, step: Step) -> None:
        """What every event after the deal needs: a deal, and no misdeal left to record."""
        if rnd.phase == "misdeal":
            raise illegal(step, self.codes["misdeal.missing"], f"{self._void_deal(rnd)}: record the misdeal "
                          "(`taikyoku misdeal MATCH`), then deal again")  # fmt: skip
        if rnd.phase == "deal":
            raise illegal(step, self.codes["deal.missing"], f"the round needs the deal before any {spoken(step.type)}")

    def _result_checked(
        self, rnd: Working, step: Step, captured: Sequence[Sequence[str]], named: list[int], seats: int
    ) -> None:
        """What a round at result depth needs before it is scored: no move of the round recorded yet,
        no card captured twice, and the seats it names at the table."""
        if rnd.phase != "deal" or rnd.misdeals:
            raise illegal(step, self.codes["result.phase"],
                          "this round is being recorded move by move; a round's result is recorded before any deal")  # fmt: skip
        cards = [c for seat in captured for c in seat]
        twice = sorted(c for c in set(cards) if cards.count(c) > 1)
        if twice:
            raise illegal(step, self.codes["result.twice"], f"{', '.join(twice)} is captured twice")
        if len(cards) > self.most_captured:
            raise illegal(step, self.codes["result.cards"],
                          f"{len(cards)} cards are captured; a round sees at most {self.most_captured} captured")  # fmt: skip
        if any(seat >= seats for seat in named):
            raise illegal(step, "match.seat.unknown", f"seats are 0 to {seats - 1}")

    def _expects(self, rnd: Working) -> str:
        return {"play": "play a card", "draw": "draw", "capture": "capture", "decide": self.decision}.get(
            rnd.phase, "wait"
        )

    def _play(
        self, game: WorkingGame[Options, Working, Result], rnd: Working, step: Step, play: PlacedCard, options: Options
    ) -> None:
        seat = play.seat  # read once: a model's fields are slower to read than a local
        if rnd.phase != "play" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat)
        self._turn_begins(rnd, seat, options)
        try:
            table.put_down(rnd, seat, play.card, "play", self.pile_size)
        except table.RuleBroken as broken:
            raise illegal(step, self.codes[broken.code], broken.reason) from None
        rnd.opening = False

    def _draw(
        self, game: WorkingGame[Options, Working, Result], rnd: Working, step: Step, draw: PlacedCard, options: Options
    ) -> None:
        seat = draw.seat
        if rnd.phase != "draw" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat)
        try:
            over = table.put_down(rnd, seat, draw.card, "draw", self.pile_size)
        except table.RuleBroken as broken:
            raise illegal(step, self.codes[broken.code], broken.reason) from None
        if over:
            self._end_turn(game, rnd, options)

    def _capture(
        self,
        game: WorkingGame[Options, Working, Result],
        rnd: Working,
        step: Step,
        capture: CardCapture,
        options: Options,
    ) -> None:
        seat = capture.seat
        if rnd.phase != "capture" or seat != rnd.to_move:
            self._turn(game, rnd, step, seat, capturing=True)
        try:
            table.capture(rnd, seat, capture.card, capture.taken)
        except table.RuleBroken as broken:
            raise illegal(step, self.codes[broken.code], broken.reason) from None
        if rnd.pending_from == "play":
            rnd.phase = "draw"
        else:
            self._end_turn(game, rnd, options)


class InPlay(table.FishingRound, Protocol):
    """A round as the turn's candidates read it: its cards, and those not seen yet."""

    def unseen(self) -> Collection[str]: ...


class Seated(Protocol):
    @property
    def names(self) -> tuple[str, ...]: ...


def who(game: Seated, seat: int) -> str:
    """A seat as a refusal names it: its player and its number."""
    return f"{game.names[seat]} (seat {seat})" if game.names else f"seat {seat}"


def turn_candidates(rnd: InPlay, play: type[Payload], draw: type[Payload], capture: type[Payload]) -> list[Payload]:
    """The moves of the turn that may come next, listed generously for the fold to check: the
    captures a pending card may make, the draw (the known top, else any unseen card), or a card
    played (from a hand dealt unseen, any unseen card, those of the field's months first)."""
    seat = rnd.to_move
    if rnd.phase == "capture" and rnd.pending is not None:
        found = matches(rnd.pending, rnd.field)
        choices: list[tuple[str, ...]] = [tuple(found)] if len(found) == 3 else [(c,) for c in found]
        return [capture.model_validate({"card": rnd.pending, "seat": seat, "taken": t}) for t in choices]
    if rnd.phase == "draw":
        cards = ([rnd.pile[0]] if rnd.pile else []) if rnd.pile is not None else sorted(rnd.unseen())
        return [draw.model_validate({"card": c, "seat": seat}) for c in cards]
    hand = rnd.hands[seat]
    cards = [c for c in hand if c != UNSEEN]
    if UNSEEN in hand:
        months = {month_of(c) for c in rnd.field}
        cards += sorted(rnd.unseen(), key=lambda c: (month_of(c) not in months, month_of(c), c))
    return [play.model_validate({"card": c, "seat": seat}) for c in cards]
