"""An MCR hand recorded move by move on a table's phone (390x844), against the real server: the
deal laid out tile by tile (the dealer's 14, flowers among them), then every draw, flower,
discard, claim and the mahjong tapped from what the rules offer at that moment, as data; the
mahjong asked once before it is stored. The hand stored is the simulated one (seed 1, hand 1:
Nan wins on Xi's discard, 9 points): the same results, event for event."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from events.mcr import McrDeal
from tests.helpers import Cli
from tests.serving import Server, token_of


def _offer_for(state: Any, wanted: Any) -> tuple[str, bool] | None:
    """The button whose move makes ``wanted`` now, and whether it ends the hand."""
    from replay.app.catalog import move_named
    from replay.app.intents import of_move
    from replay.games import GAMES

    for offer in GAMES["mcr"].entry().offers(state):
        move = move_named(offer.verb)
        assert move is not None, offer
        made, _ = of_move(move, offer.values).build("mcr", state)
        if [(m.EVENT_TYPE, m.model_dump()) for m in made] == [(wanted.EVENT_TYPE, wanted.model_dump())]:
            return offer.words, move.ends_round
    return None


def test_an_mcr_hand_is_recorded_by_tapping_what_the_rules_offer(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    from replay.app.simulate import payloads
    from replay.engine.fold import Step
    from replay.games import projection_for

    made = list(payloads("mcr", 1, 1))
    started = made[0]
    assert cli("record", "tap-1", stdin=json.dumps({"type": started.EVENT_TYPE,
                                                   "payload": json.loads(started.canonical_json())})).code == 0  # fmt: skip
    server = Server(str(db), secret)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    try:
        phone.goto(f"{server.base}/tables/tap-1?token={token_of(cli, secret, 'tap-1')}")
        phone.wait_for_selector('body[data-seq="1"]')
        projection = projection_for("mcr")
        state = projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
        seq, tapped, asked = 1, 0, 0
        for payload in [p for p in made[1:] if p.EVENT_TYPE != "match_ended"]:
            if isinstance(payload, McrDeal):
                phone.wait_for_selector("#deal:not([hidden])")
                for target, tiles in enumerate(payload.hands):
                    phone.click(f'[data-target="{target}"]')
                    for tile in tiles:
                        phone.click(f'#deal-pieces [data-deal="{tile}"] >> nth=0')
                phone.click("#deal-send")
            else:
                found = _offer_for(state, payload)
                assert found is not None, (seq, payload)
                words, ends = found
                phone.click(f'[data-move="{words}"]')
                if ends:  # the mahjong: asked once, nothing stored on the first tap
                    phone.wait_for_selector(f'[data-move="{words}"].asking')
                    assert phone.get_attribute("body", "data-seq") == str(seq)
                    phone.click(f'[data-move="{words}"]')
                    asked += 1
            tapped += 1
            seq += 1
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
            phone.wait_for_selector(f'body[data-seq="{seq}"]')
        assert errors == [] and asked == 1 and tapped > 50
        recorded = cli("replay", "tap-1", "--json").json()["results"]
        assert [(r["winner"], r["from_seat"], r["total"]) for r in recorded] == [(1, 2, 9)]
        assert cli("simulate", "mcr", "--seed", "1", "--hands", "1", "--id", "sim-1").code == 0
        assert recorded == cli("replay", "sim-1", "--json").json()["results"]
    finally:
        context.close()
        server.stop()
