"""A koi-koi round on a table's phone (390x844) in Chromium against the real server: by its result,
tapped on the grid of 48 cards with the koi-koi and the stop; and move by move as the table sees it
(the field typed once, each card played and drawn, koi-koi or stop tapped), scoring as the full
record of the same round."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from replay.engine.fold import Step
from tests.helpers import Cli
from tests.web.test_results_by_tapping import phone_at


def test_a_koi_koi_round_tapped_by_its_result(browser: Any, cli: Cli, db: Path, secret: Path) -> None:
    """KoiKoi-Japan: Aki captured the Crane, the Curtain and the Full Moon (sanko, 5), called koi-koi
    once (a point more: 6) and stopped; Beni captured the Deer. Aki takes 6 from Beni. Plant: the
    koi-koi tap left out of the line: 5, -5."""
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--ruleset", "koikoi-japan", "--id", "koi-1").code == 0
    with phone_at(browser, cli, db, secret, "koi-1") as (phone, _server):
        phone.click('[data-move="next"]')
        phone.wait_for_selector('body[data-seq="2"]')
        for card in ("pine-crane", "cherry-curtain", "susuki-moon"):
            phone.click(f'#result-panel [data-card="{card}"]')
        phone.click('#result-panel [data-captor="1"]')
        phone.click('#result-panel [data-card="maple-deer"]')
        phone.click('#result-panel [data-went="0"]')
        phone.click('#result-panel [data-stopped="0"]')
        assert phone.inner_text("#result-panel [data-record]") == (
            "record: Aki 3 cards, Beni 1 cards; went on: Aki; Aki stopped"
        )
        phone.click("#result-panel [data-record]")
        phone.wait_for_selector('body[data-seq="3"]')
    [result] = cli("replay", "koi-1", "--json").json()["results"]
    assert (result["winner_name"], result["reason"], result["points"]) == ("Aki", "stop", [6, -6])


def test_a_koi_koi_round_recorded_move_by_move_as_the_table_sees_it(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """A simulated round's public view tapped: the field typed, then each card played and drawn (the
    button names the card taken where two of its month lie on the field), koi-koi and stop as said.
    The round ends as the full record of the same round does."""
    from events.koikoi import Koikoi, KoikoiCapture, KoikoiDeal, KoikoiDraw, KoikoiPlay, KoikoiStop
    from replay.app.simulate import payloads
    from replay.games.hanafuda.fishing import matches
    from replay.games.koikoi.fold import KoikoiProjection

    full = list(payloads("koikoi", 7, 1, ruleset_id="koikoi-japan"))
    projection = KoikoiProjection()
    state = projection.initial()
    taps: list[str] = []
    for seq, payload in enumerate(full, 1):
        if isinstance(payload, KoikoiPlay | KoikoiDraw):
            verb = "play" if isinstance(payload, KoikoiPlay) else "draw"
            capture = next((p for p in full[seq:] if isinstance(p, KoikoiCapture)), None)
            two = len(matches(payload.card, state.round.field)) == 2
            taken = f" -c {capture.taken[0]}" if two and capture is not None and capture.taken else ""
            taps.append(f"{verb} {payload.card}{taken}")
        elif isinstance(payload, Koikoi):
            taps.append("go")
        elif isinstance(payload, KoikoiStop):
            taps.append("stop")
        elif isinstance(payload, KoikoiDeal):
            field = ",".join(payload.field)
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    [expected] = state.results
    assert "stop" in taps  # the seed's round ends by a stop: the decision is tapped too
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--ruleset", "koikoi-japan", "--id", "koi-2").code == 0
    with phone_at(browser, cli, db, secret, "koi-2") as (phone, _server):
        phone.click('[data-move="next"]')
        phone.wait_for_selector('body[data-seq="2"]')
        phone.fill("#entry", f"deal --field {field}")
        phone.press("#entry", "Enter")
        phone.wait_for_selector('body[data-seq="3"]')
        for words in taps:
            seq = int(phone.get_attribute("body", "data-seq") or "0")
            phone.click(f'#tap [data-move="{words}"]')
            phone.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
    [result] = cli("replay", "koi-2", "--json").json()["results"]
    assert (result["winner"], result["points"], result["reason"]) == (
        expected.winner, list(expected.points), expected.reason,
    )  # fmt: skip
