"""Table mode's words and the fold agree: every move tab offers is one the fold accepts, and every
move a simulated match makes is offered at its moment (``replay/app/table.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from events.errors import InputError
from events.model import Payload
from replay.app.catalog import checked_values, move_named
from replay.app.intents import Intent, of_move
from replay.app.simulate import payloads
from replay.app.table import SESSION_WORDS, choices, intent_of, offers, translate
from replay.engine.fold import Step
from replay.games import GAMES, projection_for

# Words that need more said after them (the tile of a riichi, the kind of a draw), tried below
# only as the moves they complete.
NEED_MORE = {"riichi", "abort", "exhaustive", "triple", "expose", "deal", "next", *SESSION_WORDS}


def _built(game: str, state: Any, words: list[str]) -> list[Payload]:
    intent: Intent = intent_of(translate(game, state, words), "m-1")
    made, _ = intent.build(game, state)
    return made


def _accepts(game: str, state: Any, seq: int, made: list[Payload]) -> None:
    projection = projection_for(game)  # type: ignore[arg-type]
    for offset, payload in enumerate(made):
        state = projection.apply(state, Step(seq + offset, payload.EVENT_TYPE, payload))


def _said(game: str, state: Any, word: str) -> list[str]:
    """The entry a person types for an offered word: a win in riichi says its ura indicators, a
    call its meld, a card that must choose its capture the first card it can take."""
    rnd = state.round
    if word in ("tsumo", "ron"):
        seat = [] if word == "tsumo" else [str(min(rnd.could_ron))]
        return [word, *seat, "--ura", "none"]
    if word in ("pon", "chi", "kan", "ankan", "kakan", "kita"):
        melds = choices(game, state, [word])
        return [word, melds[0]] if melds else [word]
    return [word]


def _same_move(wanted: Payload, made: Payload) -> bool:
    """The same move, the ura indicators a phone would be asked for aside."""
    if wanted.EVENT_TYPE != made.EVENT_TYPE:
        return False
    left, right = wanted.model_dump(), made.model_dump()
    left.pop("ura_indicators", None)
    right.pop("ura_indicators", None)
    return bool(left == right)


def walk(game: str, seed: int, rounds: int, option: list[str] | None = None) -> int:
    """Each moment of a simulated match: the offered moves recorded by the fold, and the move
    the match made among the offered. Returns how many offered moves were tried."""
    projection = projection_for(game)  # type: ignore[arg-type]
    state = projection.initial()
    tried = 0
    for seq, payload in enumerate(payloads(game, seed, rounds, options=option or []), 1):
        rnd = getattr(state, "round", None)
        if rnd is not None and not rnd.over and rnd.phase not in ("deal", "set", "misdeal", "decide"):
            offered = choices(game, state)
            for word in offered:
                if word in NEED_MORE:
                    continue
                entry = _said(game, state, word)
                try:
                    made = _built(game, state, entry)
                except InputError as said:  # the table must say which card it takes
                    assert "--capture" in said.message, (entry, said.message)
                    taken = choices(game, state, [word])[0]
                    made = _built(game, state, [word, taken])
                _accepts(game, state, seq, made)  # IllegalEvent here: tab offered a move the fold refuses
                tried += 1
            made_by_entries = []
            # What a phone offers to tap, each a whole move in words and as data. A decision asked
            # (a teyaku, a triple, a ron) offers its answers and pass; passed, the rest.
            for offer in {o.words: o for o in [*offers(game, state), *offers(game, state, asked=False)]}.values():
                if offer.words == "pass":
                    assert offer.data() is None
                    continue
                words, values = offer.words.split(), dict(offer.values)
                try:
                    made = _built(game, state, words)
                except InputError as said:  # a winner in riichi says the ura indicators first
                    assert "ura" in said.message, (offer, said.message)
                    words, values = [*words, "--ura", "none"], values | {"ura": "none"}
                    made = _built(game, state, words)
                move = move_named(offer.verb)
                assert move is not None, offer
                as_data, _ = of_move(move, checked_values(move, values)).build(game, state)
                assert [(p.EVENT_TYPE, p.model_dump()) for p in as_data] == [
                    (p.EVENT_TYPE, p.model_dump()) for p in made
                ], offer  # the data the phone sends makes what its words make
                _accepts(game, state, seq, made)
                made_by_entries.append(made[0])
                tried += 1
            if payload.EVENT_TYPE.rsplit(".", 1)[-1] not in ("capture", "riichi"):  # a capture rides on its card
                assert any(_same_move(payload, m) for m in made_by_entries), (seq, payload)
            legal = GAMES[game].legal_moves(state)
            assert payload in legal or payload.EVENT_TYPE in ("annotation", "match_ended"), (seq, payload)
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    return tried


@pytest.mark.parametrize(
    ("game", "seed", "rounds", "option"),
    [
        ("tensho", 1, 2, None),
        ("tensho", 7, 3, None),
        ("sendai", 1, 2, ["sendai.teyakuMode=winRound"]),
        ("sendai", 1753024, 1, ["sendai.teyakuMode=claimAndContinue"]),
        ("riichi", 3, 2, None),
        ("riichi", 11, 3, None),
    ],
)
def test_every_move_offered_is_one_the_fold_accepts(game: str, seed: int, rounds: int, option: Any) -> None:
    assert walk(game, seed, rounds, option) > 20


def test_a_win_is_offered_exactly_when_the_fold_takes_it() -> None:
    """Over simulated riichi hands: at every win the match made, its word was offered first."""
    projection = projection_for("riichi")
    offered_wins = 0
    for seed in range(6):
        state = projection.initial()
        for seq, payload in enumerate(payloads("riichi", seed, 2), 1):
            if payload.EVENT_TYPE == "riichi.win":
                assert payload.kind in choices("riichi", state), (seed, seq)  # type: ignore[attr-defined]
                offered_wins += 1
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    assert offered_wins >= 3
