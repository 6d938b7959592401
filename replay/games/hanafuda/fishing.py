"""The fishing mechanics of hana-awase games: a card placed on the field takes its month.

docs/hanafuda.md §3.2 and §4.2: matching one field card takes it; matching two, the player
chooses one; matching three takes all three; matching none leaves the card on the field.
A card that matches must capture.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from events.cards import BY_ID, DECK

MONTH: dict[str, int] = {card.id: card.month for card in DECK}


def matches(card_id: str, field: Iterable[str]) -> list[str]:
    """Field cards of the same month as ``card_id``, in field order."""
    month = MONTH[card_id]
    return [c for c in field if MONTH[c] == month and c != card_id]


def capture_problem(card_id: str, options: Sequence[str], taken: Sequence[str]) -> tuple[str, str] | None:
    """(code suffix, reason) when ``taken`` is not what ``card_id`` may take from ``options``."""
    chosen = list(taken)
    if len(set(chosen)) != len(chosen):
        return "capture.repeated", "a card is named twice in the capture"
    if not options:
        return "capture.no_match", f"{card_id} matches nothing on the field, so it captures nothing"
    stray = [c for c in chosen if c not in options]
    if stray:
        return (
            "capture.wrong_suit" if BY_ID[stray[0]].month != BY_ID[card_id].month else "capture.not_on_field",
            f"{card_id} cannot take {stray[0]}: it can take {' or '.join(options)}",
        )
    if len(options) == 3 and len(chosen) != 3:
        return "capture.take_all", f"{card_id} matches three field cards and takes all three: {', '.join(options)}"
    if len(options) < 3 and len(chosen) != 1:
        return "capture.take_one", f"{card_id} takes exactly one of {' or '.join(options)}"
    return None


def forced_capture(options: Sequence[str]) -> tuple[str, ...] | None:
    """The capture there is no choice about (one or three matches), or None."""
    if len(options) == 1:
        return (options[0],)
    if len(options) == 3:
        return tuple(options)
    return None
