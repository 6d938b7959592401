"""Tensho's verbs: the hanafuda games' (``replay/games/hanafuda/builders.py``), and its own: the
round's yaku set, and the dealer's triple capture before the first play."""

from __future__ import annotations

from collections.abc import Sequence

from events.cards import resolve
from events.errors import InputError
from events.model import Payload
from events.tensho import DealerTripleCapture, YakuSetChosen
from replay.engine.intents import Build, Builder
from replay.engine.match import MatchView
from replay.games.hanafuda import builders as hanafuda


def yaku_set(chosen: int, decided_by: str = "agreement") -> Build:
    """This round's yaku set, 1 (shichi-bu yaku) or 2 (han yaku)."""
    if decided_by not in ("agreement", "dealer"):
        raise InputError(f"--decided-by is agreement or dealer, not {decided_by!r}")
    if chosen not in (1, 2):
        raise InputError(f"the yaku set is 1 (shichi-bu yaku) or 2 (han yaku), not {chosen}")
    return lambda game, state: ([YakuSetChosen(by=decided_by, yaku_set=chosen)], [])


def triple(cards: Sequence[str]) -> Build:
    """The dealer takes two of three same-suit field cards before the first play."""

    def build(game: str, state: MatchView) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        if rnd is None or rnd.over:
            raise InputError("no round is in progress")
        if len(cards) != 2:
            raise InputError("name exactly two cards of the triple")
        taken = [resolve(c, rnd.field, what="taken from the field") for c in cards]
        payload = DealerTripleCapture(cards=(taken[0].card.id, taken[1].card.id), seat=rnd.dealer)
        return [payload], [t.note for t in taken if t.note]

    return build


BUILDERS: dict[str, Builder] = {**hanafuda.BUILDERS, "yaku_set": yaku_set, "triple": triple}
