"""A riichi table recorded by results alone, tapped on a phone (390x844) in Chromium against the real
server, as a club's scorer does: names on every button, the value by han and fu buttons, every tap
counted against its budget (a ron with one riichi at 3 han 30 fu in at most 6, a tsumo in at most
5, an exhaustive draw with two tenpai in at most 4). The scores are worked out by hand from the
scoring table, written as literals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from replay.engine.fold import Step
from tests.helpers import Cli
from tests.serving import Server, token_of

PHONE = {"viewport": {"width": 390, "height": 844}}


@contextmanager
def phone_at(browser: Any, cli: Cli, db: Path, secret: Path, match: str) -> Iterator[tuple[Any, Server]]:
    """A table's phone (390x844) opened on ``match`` with its token, against a real server process."""
    server = Server(str(db), secret)
    context = browser.new_context(**PHONE)
    try:
        phone = context.new_page()
        phone.goto(f"{server.base}/tables/{match}?token={token_of(cli, secret, match)}")
        yield phone, server
    finally:
        context.close()
        server.stop()


NAMES = ("Aki", "Beni", "Chie", "Dai")


def posted_moves(phone: Any) -> list[dict[str, Any]]:
    """Every body the page posts to a match's moves from now on, as the server receives it."""
    bodies: list[dict[str, Any]] = []

    def seen(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            bodies.append(json.loads(request.post_data))

    phone.on("request", seen)
    return bodies


def test_three_hands_tapped_within_the_budgets_pay_as_the_rules_say(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Plant: a result sent without its riichi (the stick not paid back), fu dropped from the line,
    or the panel offering nothing once a hand is over: each changes a literal below."""
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--id", "tap-1").code == 0
    with phone_at(browser, cli, db, secret, "tap-1") as (phone, _server):
        phone.wait_for_selector('body[data-seq="1"]')
        posted = posted_moves(phone)
        taps = 0

        def tap(selector: str) -> None:
            nonlocal taps
            phone.click(f"#result-panel {selector}")
            taps += 1

        # Hand 1, Aki deals and declares riichi; Chie rons him for 3 han 30 fu: 30 x 2^5 = 960, x 4
        # = 3,840, up to 3,900, and Aki's riichi stick: 4,900.
        for selector in ('[data-winner="2"]', '[data-from="0"]', '[data-riichi="0"]', '[data-han="3"]',
                         '[data-fu="30"]'):  # fmt: skip
            tap(selector)
        assert phone.inner_text("#result-panel [data-record]") == "record: Chie 3 han 30 fu ron from Aki; riichi Aki"
        tap("[data-record]")
        phone.wait_for_selector('body[data-seq="3"]')
        assert taps <= 6, taps
        phone.wait_for_selector("#said:has-text('recorded: the result: Chie 3 han 30 fu ron from Aki')")

        # Hand 2, Beni deals: an exhaustive draw, Beni and Dai tenpai: 1,500 from each of the others.
        taps = 0
        for selector in ('[data-result="draw"]', '[data-tenpai="1"]', '[data-tenpai="3"]', "[data-record]"):
            tap(selector)
        phone.wait_for_selector('body[data-seq="5"]')
        assert taps <= 4, taps

        # Hand 3, Beni deals again (tenpai), 1 honba: Dai tsumo 3 han 30 fu. Beni, the dealer,
        # pays 1,920 up to 2,000 and 100 for the honba; Aki and Chie 960 up to 1,000 and 100.
        taps = 0
        for selector in (
            '[data-winner="3"]',
            '[data-how="tsumo"]',
            '[data-han="3"]',
            '[data-fu="30"]',
            "[data-record]",
        ):
            tap(selector)
        phone.wait_for_selector('body[data-seq="7"]')
        assert taps <= 5, taps

        got = cli("replay", "tap-1", "--json").json()
        assert [r["points"] for r in got["results"]] == [
            [-4900, 0, 4900, 0],
            [-1500, 1500, -1500, 1500],
            [-1100, -2100, -1100, 4300],
        ]
        assert got["results"][-1]["scores"] == [17500, 24400, 27300, 30800]
        seats = [phone.inner_text(f'#board [data-seat="{seat}"]') for seat in range(4)]
        assert ["17500" in seats[0], "24400" in seats[1], "27300" in seats[2], "30800" in seats[3]] == [True] * 4
        centre = phone.inner_text("#board .centre")
        assert "Beni deals · honba 1 · riichi sticks 0" in centre
        # What a ruleset refuses is said in its words, and nothing is stored: 20 fu on a ron. What
        # was tapped is let go: the scorer taps the result again on a clean panel (tapping a kept
        # winner again would have taken it back, and stored a hand nobody meant).
        for selector in ('[data-winner="0"]', '[data-from="1"]', '[data-han="1"]', '[data-fu="20"]', "[data-record]"):
            tap(selector)
        phone.wait_for_selector("#said:has-text('a ron scores at least 30 fu')")
        # In words a player reads: what was tapped, then why; never the record's seq or a code.
        assert phone.inner_text("#said") == (
            "the result: Aki 1 han 20 fu ron from Beni: "
            "Aki: a ron scores at least 30 fu (25 for seven pairs); 20 fu is a pinfu tsumo"
        )
        assert cli("replay", "tap-1", "--json").json()["at_seq"] == 7
        assert phone.locator('#result-panel [aria-pressed="true"]').count() == 0  # nothing kept from the refused
        assert phone.locator("#result-panel [data-record]").count() == 0
        # The yaku, named if the table wishes, are checked too: a menzen tsumo is no ron's.
        for selector in ('[data-winner="0"]', '[data-from="1"]', '[data-han="2"]', '[data-fu="40"]',
                         '[data-name-yaku="0"]', '[data-yaku="menzen-tsumo"]', "[data-record]"):  # fmt: skip
            tap(selector)
        phone.wait_for_selector("#said:has-text('menzen-tsumo is only made by a tsumo')")
        for selector in ('[data-winner="0"]', '[data-from="1"]', '[data-han="2"]', '[data-fu="40"]',
                         '[data-name-yaku="0"]', '[data-yaku="tanyao"]', '[data-yaku="dora"]', "[data-record]"):  # fmt: skip
            tap(selector)
        phone.wait_for_selector('body[data-seq="9"]')
        last = cli("replay", "tap-1", "--json").json()["results"][-1]
        assert [y["name"] for y in last["wins"][0]["result"]["yaku"]] == ["tanyao", "dora"]
        # Every result went as data, never as a line of words for the server to read again.
        assert posted[0] == {"expected_seq": 1, "data": {"verb": "result", "values": {
            "event": "riichi.declared_win", "riichi": [0], "kind": "ron", "from_seat": 0,
            "wins": [{"seat": 2, "han": 3, "fu": 30, "yaku": []}]}}}  # fmt: skip
        assert posted[1]["data"]["values"] == {"event": "riichi.draw_result", "tenpai": [1, 3], "nagashi": [],
                                               "riichi": []}  # fmt: skip
        assert len(posted) == 6
        assert all(set(body) == {"expected_seq", "data"} and body["data"]["verb"] == "result" for body in posted)


def test_a_tensho_round_and_a_sendai_round_tapped_on_the_grid_of_48_cards(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Tensho, yaku set 1: Aki captured the Crane, the Curtain and the Full Moon, Beni the Deer and
    the Bush Warbler. No yaku, no chaff on either side: the card values decide (the Tensho table:
    Crane 15 + Curtain 3 + Full Moon 8 = 26 against Deer 10 + Warbler 12 = 22), Aki wins the round.
    Sendai-hana: Aki captured the three poetry ribbons (Poetry Ribbons, 150) and stopped: only the
    stopper scores, his own total: 150, 0, 0. Plant: a card tapped twice still sent, or the stop
    left out of the line: each changes a literal below."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "ten-1").code == 0
    assert cli("new", "sendai", "-p", "Aki", "-p", "Beni", "-p", "Chie", "--id", "sen-1",
               "-O", "sendai.teyakuMode=winRound").code == 0  # fmt: skip
    with phone_at(browser, cli, db, secret, "ten-1") as (phone, server):
        posted = posted_moves(phone)
        phone.click('[data-move="next"]')  # the round, then its yaku set, as the table agrees them
        phone.wait_for_selector('body[data-seq="2"]')
        phone.click('#tap [data-move^="yaku-set 1"]')
        phone.wait_for_selector('body[data-seq="3"]')
        for card in ("pine-crane", "cherry-curtain", "susuki-moon", "plum-chaff-1", "plum-chaff-1"):  # one taken back
            phone.click(f'#result-panel [data-card="{card}"]')
        phone.click('#result-panel [data-captor="1"]')
        for card in ("maple-deer", "plum-warbler"):
            phone.click(f'#result-panel [data-card="{card}"]')
        assert phone.inner_text("#result-panel [data-record]") == "record: Aki 3 cards, Beni 2 cards"
        phone.click("#result-panel [data-record]")
        phone.wait_for_selector('body[data-seq="4"]')
        [result] = cli("replay", "ten-1", "--json").json()["results"]
        assert (result["winner_name"], result["reason"], result["points"]) == ("Aki", "cardValueSum", [1, 0])
        assert [p["card_value"] for p in result["players"]] == [26, 22]

        phone.goto(f"{server.base}/tables/sen-1?token={token_of(cli, secret, 'sen-1')}")
        phone.wait_for_selector('#result-panel [data-card="pine-poetry"]')
        for card in ("pine-poetry", "plum-poetry", "cherry-poetry"):
            phone.click(f'#result-panel [data-card="{card}"]')
        phone.click('#result-panel [data-captor="1"]')
        phone.click('#result-panel [data-card="maple-deer"]')
        phone.click('#result-panel [data-captor="2"]')
        phone.click('#result-panel [data-card="willow-rainman"]')
        phone.click('#result-panel [data-stopped="0"]')
        phone.click("#result-panel [data-record]")
        phone.wait_for_selector('body[data-seq="3"]')
        [result] = cli("replay", "sen-1", "--json").json()["results"]
        assert result["points"] == [150, 0, 0]
        # The cards went as data, by seat: the Tensho round (one card tapped twice, so taken back).
        assert posted[2]["data"] == {"verb": "result", "values": {
            "captured": [["pine-crane", "cherry-curtain", "susuki-moon"], ["maple-deer", "plum-warbler"]],
            "went": [], "stopped": None, "exposed": []}}  # fmt: skip
        assert all("move" not in body for body in posted)


def test_a_tensho_round_recorded_by_its_plays_and_draws_alone_scores_as_its_full_record(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """A simulated round's public view tapped on a phone: the field dealt (typed once), then each
    turn's card played and card drawn, at most 2 taps a turn (a capture the rules force is filled
    in; where two cards of the month lie on the field the button names the one taken). The round
    ends as the full record of the same round does. Plant: a play from an unseen hand refused, or
    the plays offered only from the hand's known cards: the buttons are missing and the test stops."""
    from events.tensho import TenshoCapture, TenshoDeal, TenshoDraw, TenshoPlay
    from replay.games.hanafuda.fishing import matches
    from replay.games.tensho.fold import TenshoProjection
    from tests.simulated import tensho_payloads

    full = list(tensho_payloads(5, 1))
    projection = TenshoProjection()
    state = projection.initial()
    turns: list[tuple[str, str]] = []  # (the button's words, "play" or "draw")
    for seq, payload in enumerate(full, 1):
        if isinstance(payload, TenshoPlay | TenshoDraw):
            verb = "play" if isinstance(payload, TenshoPlay) else "draw"
            capture = next((p for p in full[seq:] if isinstance(p, TenshoCapture)), None)
            two = len(matches(payload.card, state.round.field)) == 2
            taken = f" -c {capture.taken[0]}" if two and capture is not None and capture.taken else ""
            turns.append((f"{verb} {payload.card}{taken}", verb))
        if isinstance(payload, TenshoDeal):
            field = ",".join(payload.field)
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    [expected] = state.results
    assert cli("new", "tensho", "-p", "East", "-p", "West", "--id", "pub-t").code == 0
    with phone_at(browser, cli, db, secret, "pub-t") as (phone, _server):
        phone.click('[data-move="next"]')
        phone.wait_for_selector('body[data-seq="2"]')
        phone.click(f'#tap [data-move="yaku-set {state.results[0].yaku_set}"]')
        phone.wait_for_selector('body[data-seq="3"]')
        phone.fill("#entry", f"deal --field {field}")
        phone.press("#entry", "Enter")
        phone.wait_for_selector('body[data-seq="4"]')
        # Every unseen card is offered, grouped: those of the field's months first, then month by month.
        groups = phone.locator("#tap .month-group")
        assert groups.first.get_attribute("data-month") == "0" and groups.count() > 2
        taps = 0
        for words, _verb in turns:
            seq = int(phone.get_attribute("body", "data-seq") or "0")
            phone.click(f'#tap [data-move="{words}"]')
            taps += 1
            phone.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
        plays = sum(1 for _, verb in turns if verb == "play")
        assert taps <= 2 * plays  # a turn: the card played, the card drawn
        [result] = cli("replay", "pub-t", "--json").json()["results"]
        assert (result["winner"], result["points"], result["reason"]) == (
            expected.winner, list(expected.points), expected.reason,
        )  # fmt: skip
        assert "?" not in str(cli("replay", "pub-t", "--json").json()["round"]["hands"])  # every card seen by the end


def test_a_real_hand_recorded_from_its_public_view_alone_pays_as_the_log_did(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """A real game's hand (tests/data: South 1 of mjai-reviewer's confusing_nakis_7, 24 discards, a
    pon, a chi, a riichi, a ron) tapped on the table page from what the table saw: each discard one
    tap on the tile picker (the draw implied; after riichi the tile drawn), the riichi one tap
    before its discard, each call one tap, the winner's hand laid open tile by tile with the ura
    indicator. The discards take at most 1.2 taps each on average, and the hand pays what Tenhou
    paid: B's ron of 40 fu 2 han, 2,600 from A, and B's own riichi stick back (the log: -2600,
    +3600, 0, 0 before the sticks put down). Plant: the implied draw left out, or the riichi
    discard not taken from the draw: the fold refuses a tap and the test stops."""
    from events.riichi import RiichiCall, RiichiDeclared, RiichiDiscard, RiichiHandShown, RiichiWin
    from replay.app.log_files import games_of
    from replay.games.riichi.public import public_view
    from tests.paths import ROOT

    log = ROOT / "tests" / "data" / "tenhou6" / "mjai-reviewer-confusing_nakis_7.json"
    public = list(public_view(next(games_of(log)).payloads))  # type: ignore[union-attr]
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-r").code == 0
    assert cli("round", "pub-r", "--wind", "S", "--hand", "1", "--dealer", "0", "--honba", "0", "--sticks", "0",
               "--scores", "30200,29600,23600,16600").code == 0  # fmt: skip
    with phone_at(browser, cli, db, secret, "pub-r") as (phone, _server):
        phone.wait_for_selector('body[data-seq="2"]')
        phone.fill("#entry", "deal --dora 4p")
        phone.press("#entry", "Enter")
        phone.wait_for_selector('#result-panel [data-tile="5m"]')
        discard_taps = discards = 0

        def tap(selector: str, *, moves: bool) -> None:
            seq = int(phone.get_attribute("body", "data-seq") or "0")
            phone.click(f"#result-panel {selector}")
            if moves:
                phone.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")

        for payload in public:
            if isinstance(payload, RiichiDeclared):
                tap('[data-public="riichi"]', moves=False)
                discard_taps += 1
            elif isinstance(payload, RiichiDiscard):
                tap(f'[data-tile="{payload.tile}"]', moves=True)
                discard_taps += 1
                discards += 1
            elif isinstance(payload, RiichiCall):
                low = min(int(t[0]) for t in payload.tiles)
                tap(f'[data-public="{payload.kind}-{payload.seat if payload.kind == "pon" else low}"]', moves=True)
            elif isinstance(payload, RiichiHandShown):
                tap(f'[data-public="ron-{payload.seat}"]', moves=False)
                for tile in payload.tiles:
                    tap(f'[data-tile="{tile}"]', moves=False)
            elif isinstance(payload, RiichiWin):
                tap('[data-public="ura"]', moves=False)
                for tile in payload.ura_indicators:
                    tap(f'[data-tile="{tile}"]', moves=False)
                tap('[data-public="win"]', moves=True)
                break
        assert discards == 24 and discard_taps / discards <= 1.2, (discard_taps, discards)
        [result] = cli("replay", "pub-r", "--json").json()["results"]
        paid = [p + 1000 * d for p, d in zip(result["points"], result["riichi_sticks_put_down"], strict=True)]
        assert paid == [-2600, 3600, 0, 0]
        assert (result["wins"][0]["result"]["han"], result["wins"][0]["result"]["fu"]) == (2, 40)


def test_a_public_hand_ends_in_an_exhaustive_draw_with_the_tenpai_hand_laid_open(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """A hand dealt unseen, its 70 draws and discards stored (each kind discarded twice, 1m and 2m
    three times), then on the phone: the exhaustive draw, A tenpai, A's 13 tiles tapped onto the
    picker (a shanpon on East and South). Tenpai payments: A +3,000, the three others -1,000 each.
    Plant: the tenpai hand not sent with the draw: the fold refuses it (riichi.draw.not_shown)."""
    import json

    from events.tiles import TILES

    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "pub-x").code == 0
    assert cli("round", "pub-x").code == 0 and cli("deal", "pub-x", "--dora", "3m").code == 0
    kinds = [t for t in TILES if t[0] != "0"]
    lines = []
    for n in range(70):
        seat = n % 4
        lines.append(json.dumps({"type": "riichi.unseen_draw", "payload": {"seat": seat}}))
        lines.append(json.dumps({"type": "riichi.discard", "payload": {"seat": seat, "tile": kinds[n % 34]}}))
    assert cli("record", "pub-x", "-", stdin="\n".join(lines)).code == 0
    with phone_at(browser, cli, db, secret, "pub-x") as (phone, _server):
        phone.click('#result-panel [data-public="draw"]')
        phone.click('#result-panel [data-tenpai="0"]')
        for tile in ("3m", "4m", "5m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2z"):
            phone.click(f'#result-panel [data-tile="{tile}"]')
        phone.click('#result-panel [data-public="exhaustive"]')
        phone.wait_for_selector('body[data-seq="145"]')  # the hand laid open, then the draw
        [result] = cli("replay", "pub-x", "--json").json()["results"]
        assert result["points"] == [3000, -1000, -1000, -1000] and result["tenpai"] == [0]


def test_a_players_own_phone_knows_its_hand_and_taps_its_draws(browser: Any, cli: Cli, db: Path, secret: Path) -> None:
    """A's phone knows A's hand (dealt known, the others unseen): A's turn is a tap for the tile
    drawn, then one for the tile discarded; B's turn, unseen, is the discard alone. Plant: the draw
    implied for a known hand too: A's discard of the tile drawn is refused, not in the hand."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "own-1").code == 0
    assert cli("round", "own-1").code == 0
    assert cli("deal", "own-1", "--hand", "123456789m1122z", "--hand", "-", "--hand", "-", "--hand", "-",
               "--dora", "3m").code == 0  # fmt: skip
    with phone_at(browser, cli, db, secret, "own-1") as (phone, _server):
        phone.wait_for_selector("#result-panel h2:has-text('A draws: tap the tile')")
        phone.click('#result-panel [data-tile="5p"]')
        phone.wait_for_selector("#result-panel h2:has-text('A discards: tap the tile')")
        phone.click('#result-panel [data-tile="5p"]')
        phone.wait_for_selector("#result-panel h2:has-text('B discards: tap the tile')")
        phone.click('#result-panel [data-tile="1z"]')
        phone.wait_for_selector('body[data-seq="7"]')
        log = [(e["type"], e["payload"]) for e in cli("log", "own-1", "--json").json()][3:]
        assert log == [("riichi.draw", {"rinshan": False, "seat": 0, "tile": "5p"}),
                       ("riichi.discard", {"seat": 0, "tile": "5p", "tsumogiri": True}),
                       ("riichi.unseen_draw", {"rinshan": False, "seat": 1}),
                       ("riichi.discard", {"seat": 1, "tile": "1z", "tsumogiri": False})]  # fmt: skip


def test_a_call_on_a_five_offers_the_meld_with_the_red_five_as_the_table_shows_it(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """B discards 5p from an unseen hand; C pons it with the red five among its two (the meld shows
    it): the button for that stores 5p 0p 5p, and the red five is counted seen. Plant: one pon
    button only, of plain fives: the red five's dora is lost from the hand's value."""
    assert cli("new", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "red-1").code == 0
    assert cli("round", "red-1").code == 0 and cli("deal", "red-1", "--dora", "3m").code == 0
    assert cli("discard", "red-1", "1z").code == 0 and cli("discard", "red-1", "5p").code == 0
    with phone_at(browser, cli, db, secret, "red-1") as (phone, _server):
        assert phone.inner_text('#result-panel [data-public="pon-2-red"]') == "pon 555p with the red five by C"
        phone.click('#result-panel [data-public="pon-2-red"]')
        phone.wait_for_selector('body[data-seq="8"]')
        call = cli("log", "red-1", "--json").json()[-1]
        assert (call["type"], call["payload"]["tiles"]) == ("riichi.call", ["5p", "0p", "5p"])


def test_the_result_panel_offers_only_what_the_matchs_ruleset_has(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """EMA 2016 has no abortive draws and no nagashi mangan; Tenhou has both, a triple ron among its
    abortive draws; Tenhou's three-player game has no four riichi, four winds or triple ron. Plant: every
    button offered whatever the rules (an abortive draw under EMA, refused only once tapped)."""
    offered = {}
    for match, players, ruleset in (("ema-1", NAMES, "ema2016"), ("ten-1", NAMES, "tenhou"),
                                    ("san-1", NAMES[:3], "tenhou-sanma")):  # fmt: skip
        assert (
            cli("new", "riichi", *[a for n in players for a in ("-p", n)], "--ruleset", ruleset, "--id", match).code
            == 0
        )
        assert cli("round", match).code == 0
        with phone_at(browser, cli, db, secret, match) as (phone, _server):
            phone.wait_for_selector('#result-panel [data-result="draw"]')
            aborts: list[str] = []
            if phone.locator('#result-panel [data-result="abort"]').count():
                phone.click('#result-panel [data-result="abort"]')
                aborts = phone.eval_on_selector_all(
                    "#result-panel [data-abort]", "(bs) => bs.map((b) => b.dataset.abort)"
                )
            phone.click('#result-panel [data-result="draw"]')
            nagashi = phone.locator("#result-panel [data-nagashi]").count()
            offered[ruleset] = (aborts, nagashi)
    assert offered == {
        "ema2016": ([], 0),
        "tenhou": (["kyuushu_kyuuhai", "four_riichi", "four_kans", "four_winds", "triple_ron"], 4),
        "tenhou-sanma": (["kyuushu_kyuuhai", "four_kans"], 3),  # two rons at most: no triple ron
    }


def test_the_public_panel_offers_red_five_calls_only_under_red_fives_and_no_call_to_a_player_in_riichi(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """The dealer declares riichi with a discard; the next player discards a 5m. Tenhou has red
    fives: a pon may show the red one; EMA 2016 has none. The dealer, in riichi, is offered the ron
    and no pon, kan or chi. Plants: red-five calls offered without red fives; a call offered to a
    player in riichi (refused only once tapped)."""
    offered = {}
    for match, ruleset in (("red-t", "tenhou"), ("red-e", "ema2016")):
        assert (
            cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--ruleset", ruleset, "--id", match).code == 0
        )
        assert cli("round", match).code == 0
        with phone_at(browser, cli, db, secret, match) as (phone, _server):
            phone.wait_for_selector('body[data-seq="2"]')
            phone.fill("#entry", "deal --dora 4p")
            phone.press("#entry", "Enter")
            phone.wait_for_selector('#result-panel [data-tile="1z"]')
            phone.click('#result-panel [data-public="riichi"]')
            phone.click('#result-panel [data-tile="1z"]')  # the dealer's riichi discard
            phone.wait_for_selector("#result-panel h2:has-text('Beni discards')")
            phone.click('#result-panel [data-tile="5m"]')
            phone.wait_for_selector('#result-panel [data-public="ron-0"]')
            offered[ruleset] = sorted(
                phone.eval_on_selector_all("#result-panel [data-public]", "(bs) => bs.map((b) => b.dataset.public)")
            )
    calls = {
        ruleset: [c for c in found if c.split("-")[0] in ("pon", "kan", "chi", "ron")]
        for ruleset, found in offered.items()
    }
    assert calls["ema2016"] == [
        "chi-3",
        "chi-4",
        "chi-5",
        "kan-2",
        "kan-3",
        "pon-2",
        "pon-3",
        "ron-0",
        "ron-2",
        "ron-3",
    ]
    assert calls["tenhou"] == ["chi-3", "chi-4", "chi-5", "kan-2", "kan-2-red", "kan-3", "kan-3-red", "pon-2",
                               "pon-2-red", "pon-3", "pon-3-red", "ron-0", "ron-2", "ron-3"]  # fmt: skip


def test_the_seats_winds_and_the_dealer_show_before_the_first_hand(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    """Before a hand is recorded the players sit down: Chie (seat 2) deals first, so she is East,
    Dai after her South, Aki West, Beni North, each at the 25,000 points Tenhou starts with. Plant:
    the winds counted from seat 0 whoever deals (Aki East) or no board before the first hand."""
    assert cli("new", "riichi", *[a for n in NAMES for a in ("-p", n)], "--dealer", "Chie", "--id", "tap-5").code == 0
    opening = cli("replay", "tap-5", "--json").json()["opening"]
    assert (opening["seat_winds"], opening["dealer"]) == (["West", "North", "East", "South"], 2)
    with phone_at(browser, cli, db, secret, "tap-5") as (phone, _server):
        phone.wait_for_selector('body[data-seq="1"]')
        seats = [phone.inner_text(f'#board [data-seat="{seat}"] .who') for seat in range(4)]
        assert seats == ["Aki · West", "Beni · North", "Chie · East · dealer", "Dai · South"]
        scores = [phone.inner_text(f'#board [data-seat="{seat}"] .score') for seat in range(4)]
        assert scores == ["25000"] * 4
        assert "Chie deals · honba 0 · riichi sticks 0" in phone.inner_text("#board .centre")
