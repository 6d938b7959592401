"""A Tensho round recorded as the table sees it (the public record): the deal gives the field alone,
the hands and the pile unseen, and each card is shown as it is played or drawn. The fold checks
what that record allows (turn order, captures in the month played, no card seen twice), and the
round scores as the full record of the same round does."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from events.model import Payload
from events.tensho import TenshoDeal, TenshoFieldDealt, TenshoPlay
from replay.engine.fold import IllegalEvent, Step
from replay.games.tensho.fold import TenshoProjection, legal_moves
from replay.games.tensho.state import TenshoState
from tests.helpers import Cli
from tests.simulated import tensho_payloads


def folded(payloads: list[Payload]) -> TenshoState:
    projection = TenshoProjection()
    state = projection.initial()
    for seq, payload in enumerate(payloads, 1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return state


def public_view(payloads: list[Payload]) -> list[Payload]:
    """The record with every deal as the table saw it: the field alone."""
    return [TenshoFieldDealt(field=p.field) if isinstance(p, TenshoDeal) else p for p in payloads]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=1, max_value=3))
@example(seed=7, rounds=3)
def test_the_public_record_of_a_match_scores_as_its_full_record(seed: int, rounds: int) -> None:
    full = list(tensho_payloads(seed, rounds))
    whole, public = folded(full), folded(public_view(full))
    assert [r._asdict() for r in public.results] == [r._asdict() for r in whole.results]
    assert public.complete == whole.complete


def test_a_hand_dealt_unseen_shows_as_many_unseen_cards_and_offers_every_unseen_card() -> None:
    full = list(tensho_payloads(3, 1))
    upto = next(i for i, p in enumerate(full) if isinstance(p, TenshoDeal)) + 1
    state = folded(public_view(full[:upto]))
    rnd = state.round
    assert rnd is not None and rnd.hands == (("?",) * 6, ("?",) * 6)
    plays = [m.card for m in legal_moves(state) if isinstance(m, TenshoPlay)]
    assert len(plays) == 45 - 9 - len(rnd.captured[0]) - len(rnd.captured[1])  # neither on the field nor taken
    months_on_field = {card.split("-")[0] for card in rnd.field}
    firsts = [card.split("-")[0] in months_on_field for card in plays]
    assert firsts == sorted(firsts, reverse=True)  # the cards of the field's months come first


def test_a_card_already_seen_cannot_be_played_from_an_unseen_hand() -> None:
    full = list(tensho_payloads(3, 1))
    upto = next(i for i, p in enumerate(full) if isinstance(p, TenshoDeal)) + 1
    state = folded(public_view(full[:upto]))
    rnd = state.round
    assert rnd is not None
    on_field = rnd.field[0]
    play = TenshoPlay(card=on_field, seat=rnd.to_move)
    try:
        TenshoProjection().apply(state, Step(upto + 1, play.EVENT_TYPE, play))
    except IllegalEvent as refused:
        assert refused.code == "tensho.play.seen"
        assert f"{on_field} cannot be played: it is on the field" in refused.reason
    else:
        raise AssertionError("a card on the field was played from an unseen hand")


def test_the_public_deal_from_the_command_line(cli: Cli) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "pub-1").code == 0
    assert cli("round", "pub-1").code == 0 and cli("yaku-set", "pub-1", "1").code == 0
    field = ("pine-crane,plum-warbler,cherry-curtain,wisteria-cuckoo,iris-bridge,peony-butterflies,clover-boar,"
             "susuki-moon,maple-deer")  # fmt: skip
    refused = cli("deal", "pub-1", "--field", field, "--pile", "pine-chaff-1")
    assert refused.code == 2 and "the pile and dead cards stay unseen too" in refused.err
    assert cli("deal", "pub-1", "--field", field).code == 0
    played = cli("play", "pub-1", "pine-poetry")  # from Aki's unseen hand: it takes the Crane, forced
    assert played.code == 0 and "pine-poetry takes pine-crane" in played.out
    again = cli("play", "pub-1", "pine-poetry", "--seat", "1")
    assert again.code == 2
    shown = cli("replay", "pub-1", "--json").json()["round"]
    assert shown["hands"] == [["?"] * 5, ["?"] * 6]
