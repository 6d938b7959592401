"""A hanafuda deal as a person types it (``taikyoku deal``, a phone's deal laid out): each hand,
the field, the pile and the dead cards as card lists, each card dealt once from the game's deck; a
hand given as unseen makes the public record's deal (the field alone, the hands known where they
are). Refused in one line otherwise. Shared by every hanafuda game through its declared moves."""

from __future__ import annotations

from collections.abc import Sequence

from events.cards import BY_ID, resolve
from events.errors import InputError
from events.model import Payload
from replay.engine.game import Game
from replay.engine.words import UNSEEN_WORDS


def _card_list(text: str, pool: set[str], placed: dict[str, str], where: str) -> tuple[list[str], list[str]]:
    """The cards of one list of the deal, taken from ``pool``; ``placed`` remembers where each went."""
    cards: list[str] = []
    notes: list[str] = []
    for part in (p for p in text.replace(" ", ",").split(",") if p):
        found = resolve(part, sorted(pool, key=lambda c: (BY_ID[c].month, BY_ID[c].index)), what="dealt")
        card = found.card.id
        if card in placed:
            twice = f"in {where}" if placed[card] == where else f"in {placed[card]} and in {where}"
            raise InputError(f"{card} is listed twice, {twice}; each card is dealt once")
        if card not in pool:
            raise InputError(f"{card} is not in this game's deck; see `taikyoku cards`")
        placed[card] = where
        pool.discard(card)
        cards.append(found.card.id)
        if found.note:
            notes.append(found.note)
    return cards, notes


def hanafuda_deal(
    game: Game, hand: Sequence[str], field: str, pile: str | None, dead: str | None
) -> tuple[list[Payload], list[str]]:
    moves, seats = game.fishing, game.players[0]
    assert moves is not None
    pool = set(moves.deck)
    placed: dict[str, str] = {}
    notes: list[str] = []
    unseen = [h.strip() in UNSEEN_WORDS for h in hand]
    if (not hand or any(unseen)) and moves.field_deal is not None:  # the public record: a hand known where it is
        if pile or dead:
            raise InputError("with a hand unseen, give the field and the hands known; the pile and dead cards "
                             "stay unseen too")  # fmt: skip
        if hand and len(hand) != seats:
            raise InputError(f"give --hand {seats} times, one per seat, seat 0 first (- for a hand unseen)")
        known: list[tuple[str, ...] | None] = []
        for seat, (text, gone) in enumerate(zip(hand, unseen, strict=True)):
            cards, more = ([], []) if gone else _card_list(text, pool, placed, f"seat {seat}'s hand")
            known.append(None if gone else tuple(cards))
            notes += more
        field_cards, more = _card_list(field, pool, placed, "the field")
        return [moves.field_deal.model_validate({"field": field_cards, "known": tuple(known)})], notes + more
    if len(hand) != seats:
        raise InputError(f"give --hand {seats} times, one per seat, seat 0 first")
    hands = []
    for seat, text in enumerate(hand):
        cards, more = _card_list(text, pool, placed, f"seat {seat}'s hand")
        hands.append(tuple(cards))
        notes += more
    field_cards, more = _card_list(field, pool, placed, "the field")
    notes += more
    pile_cards = _card_list(pile, pool, placed, "the pile") if pile else None
    notes += pile_cards[1] if pile_cards else []
    pile_value = None if pile_cards is None else tuple(pile_cards[0])
    if not moves.dead_size:
        if dead:
            raise InputError(f"{game.title} has no dead cards; leave out --dead")
        return [moves.deal.model_validate({"hands": hands, "field": field_cards, "draw_pile": pile_value})], notes
    dead_cards = _card_list(dead, pool, placed, "the dead cards") if dead else None
    notes += dead_cards[1] if dead_cards else []
    dead_value = None if dead_cards is None else tuple(dead_cards[0])
    payload = moves.deal.model_validate(
        {"hands": hands, "field": field_cards, "draw_pile": pile_value, "dead": dead_value}
    )
    return [payload], notes
