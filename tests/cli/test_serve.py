"""`taikyoku serve` as a club runs it: the real command in its own process, on an SQLite file and
on a PostgreSQL server with two worker processes; the JSON API as a phone and another program use
it; two phones tapping at once; the live stream; and a whole round recorded by tapping in
Chromium at a phone's size."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli
from tests.paths import ROOT
from tests.serving import SERVER_WAIT, Server, token_of

_token = token_of


@pytest.fixture
def served(cli: Cli, db: Path, secret: Path) -> Iterator[Server]:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret)
    yield server
    server.stop()


def test_the_api_records_a_move_and_refuses_what_it_must_storing_nothing(
    cli: Cli, db: Path, secret: Path, served: Server
) -> None:
    assert served.first_line.startswith(f"taikyoku serving {db} at http://127.0.0.1:{served.port}/")
    token = _token(cli, secret, "tbl-1")
    assert served.call("GET", "/api/matches") == (200, cli("matches", "--json").json())
    assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}) == (
        401, {"error": "writing needs the table's token: Authorization: Bearer TOKEN", "code": "auth.missing"})  # fmt: skip
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, "x" * 24)
    assert status == 403 and said["code"] == "auth.wrong"
    assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token) == (
        201, {"head_seq": 2, "stored": [2]})  # fmt: skip
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)
    assert status == 409 and said["code"] == "store.conflict" and said["head_seq"] == 2  # a tap made on an old head
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 2, "move": "pine-crane"}, token)
    assert status == 422 and said["error"] == "choose the yaku set first: 1 (shichi-bu yaku) or 2 (han yaku)"
    events = {
        "expected_seq": 2,
        "events": [{"type": "tensho.yaku_set_chosen", "payload": {"by": "agreement", "yaku_set": 3}}],
    }
    status, said = served.call("POST", "/api/matches/tbl-1/events", events, token)
    assert status == 422 and "yaku_set" in said["error"]
    assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1, 2]  # nothing stored on any refusal
    events["events"][0]["payload"]["yaku_set"] = 2
    assert served.call("POST", "/api/matches/tbl-1/events", events, token) == (201, {"head_seq": 3, "stored": [3]})
    status, document = served.call("GET", "/api/matches/tbl-1")
    assert status == 200 and document == cli("replay", "tbl-1", "--json").json() | {
        "head_seq": 3,
        "status": "in play",
        "phone_undo_until": None,
        "sitting": ["Aki", "Beni"],  # who sits at each seat now: a match outside a night, its players
    }
    status, offered = served.call("GET", "/api/matches/tbl-1/moves")
    assert offered["moves"] == [] and offered["asked"] is None  # the deal is laid out piece by piece:
    assert [(t["name"], t["size"]) for t in offered["deal"]["targets"]] == [("Aki's hand", 6), ("Beni's hand", 6),
                                                                              ("the field", 9)]  # fmt: skip
    assert len(offered["deal"]["pieces"]) == 45  # Tensho's deck
    status, api = served.call("GET", "/api/openapi.json")
    assert status == 200 and {"/api/matches", "/api/matches/{match}/events", "/api/matches/{match}/moves"} <= set(
        api["paths"]
    )
    status, missing = served.call("GET", "/api/matches/no-such")
    assert status == 404 and missing["code"] == "store.unknown_match"
    with urllib.request.urlopen(f"{served.base}/tables/tbl-1?token={token}", timeout=SERVER_WAIT) as page:
        assert page.status == 200 and token not in page.read().decode()  # the page takes it from its address
    assert token not in served.stop()  # never in a log line


def test_a_move_offered_as_data_is_taken_back_as_data(cli: Cli, secret: Path, served: Server) -> None:
    """`GET /moves` gives each move in words and as data; `POST /moves` takes the data back and
    stores what the words would have, never reading words. Plant: the server parsing the data's
    words, or taking a value of the wrong kind."""
    token = _token(cli, secret, "tbl-1")
    moves = "/api/matches/tbl-1/moves"
    offered = served.call("GET", moves)[1]
    assert offered["offers"] == [{"words": "next", "move": {"verb": "round", "values": {}}, "ends": False}]
    assert served.call("POST", moves, {"expected_seq": 1, "data": {"verb": "round", "values": {}}}, token) == (
        201, {"head_seq": 2, "stored": [2]})  # fmt: skip
    offered = served.call("GET", moves)[1]
    assert offered["offers"] == [
        {"words": "yaku-set 1", "move": {"verb": "yaku-set", "values": {"chosen": 1}}, "ends": False},
        {"words": "yaku-set 2", "move": {"verb": "yaku-set", "values": {"chosen": 2}}, "ends": False},
    ]
    for data, said in (
        ({"verb": "yaku-set", "values": {"chosen": "2"}}, "yaku-set's chosen is a whole number, not '2'"),
        ({"verb": "yaku-set", "values": {"set": 2}}, "yaku-set takes no 'set'; it takes chosen, decided_by"),
        ({"verb": "yaku-set", "values": {}}, "yaku-set needs chosen: 1 (shichi-bu yaku) or 2 (han yaku)."),
        ({"verb": "castle", "values": {}}, "'castle' is not a move; the moves are: round, deal, draw, discard, play"),
        (
            {"verb": "discard", "values": {"tile": "5m"}},
            "match tbl-1 is a Tensho match; this command records MCR or riichi",
        ),
    ):
        status, refused = served.call("POST", moves, {"expected_seq": 2, "data": data}, token)
        assert status == 422 and refused["error"].startswith(said), (data, refused)
    both = {"expected_seq": 2, "move": "yaku-set 2", "data": {"verb": "yaku-set", "values": {"chosen": 2}}}
    status, refused = served.call("POST", moves, both, token)
    assert status == 422 and refused["error"].startswith("send the move as data")
    assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1, 2]  # nothing stored on any refusal
    chosen = {"expected_seq": 2, "data": {"verb": "yaku-set", "values": {"chosen": 2}}}
    assert served.call("POST", moves, chosen, token) == (201, {"head_seq": 3, "stored": [3]})
    assert served.call("POST", moves, chosen, token)[0] == 409  # the same tap on a head since moved
    stored = cli("log", "tbl-1", "--json").json()[-1]
    assert (stored["type"], stored["payload"]) == ("tensho.yaku_set_chosen", {"by": "agreement", "yaku_set": 2})


def test_two_phones_tapping_the_same_moment_store_it_once(cli: Cli, secret: Path, served: Server) -> None:
    token = _token(cli, secret, "tbl-1")
    answers: list[int] = []

    def tap() -> None:
        answers.append(served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0])

    phones = [threading.Thread(target=tap) for _ in range(6)]
    for phone in phones:
        phone.start()
    for phone in phones:
        phone.join()
    assert sorted(answers) == [201, 409, 409, 409, 409, 409]
    assert [e["type"] for e in cli("log", "tbl-1", "--json").json()] == ["match_started", "round_started"]


def test_a_store_restored_under_a_running_server_is_read_as_it_now_is(
    cli: Cli, db: Path, secret: Path, served: Server, tmp_path: Path
) -> None:
    """A backup copied back over the store while the server runs, whose match tbl-1 holds as many
    events as the one the server had read, but other ones (other players, another yaku set)."""
    token = _token(cli, secret, "tbl-1")
    assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0] == 201
    assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 2, "move": "2"}, token)[0] == 201
    status, before = served.call("GET", "/api/matches/tbl-1")
    assert status == 200 and before["head_seq"] == 3 and [p["name"] for p in before["players"]] == ["Aki", "Beni"]
    backup = tmp_path / "backup.db"
    other = ("--db", str(backup))
    assert cli("new", "tensho", "-p", "Chie", "-p", "Dai", "--id", "tbl-1", *other).code == 0
    assert (
        cli("round", "tbl-1", *other).code == 0
        and cli("yaku-set", "tbl-1", "1", "--decided-by", "dealer", *other).code == 0
    )
    os.replace(backup, db)  # restored: the same match id, three events, none of them the same
    status, after = served.call("GET", "/api/matches/tbl-1")
    assert status == 200 and after["head_seq"] == 3 and [p["name"] for p in after["players"]] == ["Chie", "Dai"]
    restored_token = _token(cli, secret, "tbl-1")
    status, moves = served.call("GET", "/api/matches/tbl-1/moves")
    assert status == 200 and moves["head_seq"] == 3
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 3, "move": "2"}, restored_token)
    assert status == 422, said  # checked against the restored match, where the set is chosen already
    assert [e["type"] for e in cli("log", "tbl-1", "--json").json()] == [
        "match_started", "round_started", "tensho.yaku_set_chosen"]  # fmt: skip


def test_a_backup_copied_into_the_file_under_a_running_server_is_what_everyone_reads(
    cli: Cli, db: Path, secret: Path, served: Server, tmp_path: Path
) -> None:
    """The server keeps its connections to the file open between requests. A backup copied into
    the same file (the same inode, as `cp` does) right after the server stored a move is read as
    the backup by a command run at once, before the server is asked anything (no log of the file
    it replaced is left beside it), and then by the server, whose tokens are the backup's; a move
    another process stores is seen by the server, and folded into the file by its next request; the
    restored store verifies clean. Plant: the log left as it is after a write, or after another's."""
    backup = tmp_path / "backup.db"
    assert cli("new", "tensho", "-p", "Chie", "-p", "Dai", "--id", "tbl-1", "--db", str(backup)).code == 0
    token = _token(cli, secret, "tbl-1")
    for seq, move in ((1, "next"), (2, "2")):
        assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": seq, "move": move}, token)[0] == 201
    inode = db.stat().st_ino
    shutil.copyfile(backup, db)  # written into the file the server has open
    assert db.stat().st_ino == inode
    log = cli("log", "tbl-1", "--json")
    assert log.code == 0, log.err
    assert [e["type"] for e in log.json()] == ["match_started"]  # not the events the server stored before
    assert [p["name"] for p in log.json()[0]["payload"]["players"]] == ["Chie", "Dai"]
    status, after = served.call("GET", "/api/matches/tbl-1")
    assert status == 200 and after["head_seq"] == 1 and [p["name"] for p in after["players"]] == ["Chie", "Dai"]
    assert cli("round", "tbl-1").code == 0  # another process writes: into the log the server holds open
    assert served.call("GET", "/api/matches/tbl-1")[1]["head_seq"] == 2
    wal = Path(f"{db}-wal")
    assert not wal.exists() or wal.stat().st_size == 0  # folded in and emptied by the server's next request
    restored = _token(cli, secret, "tbl-1")  # the restored match's first event: another token
    chosen = {"expected_seq": 2, "move": "yaku-set 1"}
    assert served.call("POST", "/api/matches/tbl-1/moves", chosen, token)[0] == 403
    assert served.call("POST", "/api/matches/tbl-1/moves", chosen, restored) == (201, {"head_seq": 3, "stored": [3]})
    assert [e["type"] for e in cli("log", "tbl-1", "--json").json()] == [
        "match_started", "round_started", "tensho.yaku_set_chosen"]  # fmt: skip
    found = cli("verify")
    assert found.code == 0, found.out + found.err


def test_an_open_page_hears_of_a_new_event(cli: Cli, secret: Path, served: Server) -> None:
    token = _token(cli, secret, "tbl-1")
    heard: list[tuple[float, str]] = []

    def listen() -> None:
        with urllib.request.urlopen(served.base + "/api/matches/tbl-1/live", timeout=SERVER_WAIT) as stream:
            for raw in stream:
                line = raw.decode().strip()
                if line.startswith("data:"):
                    heard.append((time.monotonic(), line))
                    if len(heard) == 2:
                        return

    listener = threading.Thread(target=listen)
    listener.start()
    deadline = time.monotonic() + SERVER_WAIT
    while not heard:  # the page has heard where the match stands: its stream is open
        assert listener.is_alive() and time.monotonic() < deadline, "the live stream said nothing"
        time.sleep(0.01)
    stored_at = time.monotonic()
    assert served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0] == 201
    listener.join(timeout=SERVER_WAIT)
    assert [line for _, line in heard] == ['data: {"head_seq": 1}', 'data: {"head_seq": 2}']
    assert heard[1][0] > stored_at  # heard after it was stored (how soon: bench/serve.py)


@pytest.mark.postgres
def test_two_server_processes_on_postgresql_keep_every_guarantee(cli: Cli, pg_url: str, secret: Path) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1", "--db", pg_url).code == 0
    server = Server(pg_url, secret, workers=2)
    try:
        token = _token(cli, secret, "tbl-1", pg_url)
        answers: list[int] = []

        def tap() -> None:
            answers.append(
                server.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": "next"}, token)[0]
            )

        phones = [threading.Thread(target=tap) for _ in range(8)]
        for phone in phones:
            phone.start()
        for phone in phones:
            phone.join()
        assert sorted(answers) == [201] + [409] * 7
        assert server.call("GET", "/api/matches/tbl-1")[1]["head_seq"] == 2
    finally:
        server.stop()
    assert [e["seq"] for e in cli("log", "tbl-1", "--json", "--db", pg_url).json()] == [1, 2]
    assert cli("verify", "--db", pg_url).code == 0


def test_bad_input_to_serve_is_one_line(cli: Cli, db: Path, tmp_path: Path) -> None:
    refused = cli("serve", "--db", str(db), "--workers", "2")
    assert refused.code == 2 and refused.err == (
        "taikyoku: error: --workers above 1 needs a PostgreSQL store (--db postgresql://...); an SQLite file takes one\n"
    )
    assert cli("token", "nope-1").code == 2


def _entry_for(game: str, state: Any, wanted: list[Any]) -> tuple[str, int] | None:
    """The button that makes the next simulated events, and how many of them it stores."""
    from replay.app.catalog import move_named
    from replay.app.intents import of_move
    from replay.games import GAMES

    for offer in GAMES[game].entry().offers(state):  # a button sends its move as data
        move = move_named(offer.verb)
        assert move is not None, offer
        try:
            made, _ = of_move(move, offer.values).build(game, state)
        except Exception:  # a winner in riichi is asked for the ura indicators: typed instead
            continue
        if [(m.EVENT_TYPE, m.model_dump()) for m in made] == [
            (w.EVENT_TYPE, w.model_dump()) for w in wanted[: len(made)]
        ]:
            return offer.words, len(made)
    return None


@pytest.mark.parametrize(
    ("game", "args"),
    [("tensho", []), ("sendai", ["sendai.teyakuMode=winRound"]), ("riichi", [])],
)
def test_a_whole_round_is_recorded_by_tapping_on_a_phone(
    browser: Any, cli: Cli, db: Path, secret: Path, game: str, args: list[str]
) -> None:
    from replay.app.simulate import payloads
    from replay.engine.fold import Step
    from replay.games import projection_for

    made = list(payloads(game, 3, 1, options=args))
    started = made[0]
    assert cli("record", "tap-1", stdin=json.dumps({"type": started.EVENT_TYPE,
                                                   "payload": json.loads(started.canonical_json())})).code == 0  # fmt: skip
    server = Server(str(db), secret)
    token = _token(cli, secret, "tap-1")
    context = browser.new_context(viewport={"width": 390, "height": 844})
    phone = context.new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda error: errors.append(str(error)))
    try:
        phone.goto(f"{server.base}/tables/tap-1?token={token}")
        phone.wait_for_selector('body[data-seq="1"]')
        assert "token" not in phone.url  # the page keeps it, the address drops it
        projection = projection_for(game)  # type: ignore[arg-type]
        state = projection.apply(projection.initial(), Step(1, started.EVENT_TYPE, started))
        index, seq, tapped, typed, undone, asked = 1, 1, 0, 0, False, 0
        script = [p for p in made[1:] if p.EVENT_TYPE != "match_ended"]
        while index - 1 < len(script):
            wanted = script[index - 1 :]
            payload = wanted[0]
            before = (state, index)
            found = _entry_for(game, state, wanted)
            if payload.EVENT_TYPE.endswith(".deal"):  # laid out piece by piece, as the table deals
                places = [*payload.hands]  # type: ignore[attr-defined]
                places.append([payload.dora_indicator] if game == "riichi" else payload.field)  # type: ignore[attr-defined]
                phone.wait_for_selector("#deal:not([hidden])")
                for target, pieces in enumerate(places):
                    phone.click(f'[data-target="{target}"]')
                    for piece in pieces:
                        phone.click(f'#deal-pieces [data-deal="{piece}"] >> nth=0')
                phone.click("#deal-send")
                count, tapped = 1, tapped + 1
            elif found is None and payload.EVENT_TYPE == "tensho.yaku_set_chosen":  # the dealer's choice, said
                phone.fill("#entry", f"yaku-set {payload.yaku_set} --decided-by {payload.by}")  # type: ignore[attr-defined]
                phone.click("#typed button")
                count, typed = 1, typed + 1
            elif found is None:  # a win in riichi: the ura indicators said in words
                ura = "".join(payload.ura_indicators) or "none"  # type: ignore[attr-defined]
                who = f" {payload.seat}" if payload.kind == "ron" else ""  # type: ignore[attr-defined]
                phone.fill("#entry", f"{payload.kind}{who} --ura {ura}")  # type: ignore[attr-defined]
                phone.click("#typed button")
                count, typed = 1, typed + 1
            else:
                entry, count = found
                if not phone.locator(f'[data-move="{entry}"]').count():  # a decision asked first: pass it
                    phone.click('[data-move="pass"]')
                phone.click(f'[data-move="{entry}"]')
                tapped += 1
                if entry.split()[0] in ("ron", "tsumo", "abort", "exhaustive"):  # a move that ends the hand: asked once
                    phone.wait_for_selector(f'[data-move="{entry}"].asking')
                    assert phone.get_attribute("body", "data-seq") == str(seq)  # nothing stored on the first tap
                    phone.click(f'[data-move="{entry}"]')
                    tapped, asked = tapped + 1, asked + 1
            for payload in wanted[:count]:
                seq += 1
                state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
            phone.wait_for_selector(f'body[data-seq="{seq}"]')
            index += count
            if tapped == 3 and not undone:  # an illegal move refused in the rules' words; an undo, then on
                undone = True
                illegal = "discard 9z" if game == "riichi" else f"play {state.round.field[0]}"  # type: ignore[attr-defined]
                phone.fill("#entry", illegal)  # not a tile; a card of the field, not of the hand
                phone.click("#typed button")
                phone.wait_for_selector("#said.error")
                assert phone.get_attribute("body", "data-seq") == str(seq)  # nothing stored
                phone.click("#undo")
                phone.wait_for_selector("#undo.asking")  # asked once: nothing taken back yet
                assert len(cli("log", "tap-1", "--json").json()) == seq
                phone.click("#undo")
                phone.wait_for_selector("#said.ok:has-text('recorded: undo')")
                stepped = cli("log", "tap-1", "--json").json()
                assert stepped[-1]["type"] == "retract" and len(stepped) > seq  # the last move retracted
                seq = len(stepped)
                phone.wait_for_selector(f'body[data-seq="{seq}"]')
                state, index = before  # the table as before that move: it is tapped again
        assert errors == []
        recorded = cli("replay", "tap-1", "--json").json()["results"]
        assert cli("simulate", game, "--seed", "3", "--rounds" if game != "riichi" else "--hands", "1",
                   *[a for o in args for a in ("--option", o)], "--id", "sim-1").code == 0  # fmt: skip
        assert recorded and recorded == cli("replay", "sim-1", "--json").json()["results"]  # the same round
        assert tapped > 10
        assert game != "riichi" or asked == 1  # the hand's ron was asked once, then recorded
    finally:
        context.close()
        server.stop()


def test_two_phones_at_one_moment_and_a_phone_without_network(browser: Any, cli: Cli, db: Path, secret: Path,
                                                              served: Server) -> None:  # fmt: skip
    token = _token(cli, secret, "tbl-1")
    first, second = (browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2))
    try:
        a, b = first.new_page(), second.new_page()
        for page in (a, b):
            page.goto(f"{served.base}/tables/tbl-1?token={token}")
            page.wait_for_selector('[data-move="next"]')
        b.evaluate("window.stop && null")
        a.click('[data-move="next"]')
        a.wait_for_selector('body[data-seq="2"]')
        b.evaluate('head = 1; send("next")')  # the same moment, tapped on the phone that had not yet seen it
        b.wait_for_selector("#said.error")
        assert "another phone recorded first" in b.inner_text("#said")
        b.wait_for_selector('body[data-seq="2"]')  # and it shows the table as it now is
        assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1, 2]
        second.set_offline(True)
        b.click('[data-move="yaku-set 2"]')
        b.wait_for_selector("#said.error:has-text('waits on this phone')")  # not the 409 still said above
        assert "yaku-set 2" in b.inner_text("#waiting")
        second.set_offline(False)
        b.evaluate("flush()")
        b.wait_for_selector('body[data-seq="3"]')
        # The queue is emptied once the answer is read, just after the table is drawn again: wait for it.
        b.wait_for_function("() => document.getElementById('waiting').textContent === ''")
        second.set_offline(True)
        b.fill("#entry", "note the dealer shuffled twice")
        b.click("#typed button")
        b.wait_for_selector("#waiting:has-text('note')")
        a.wait_for_selector('body[data-seq="3"]')  # the other phone has seen the yaku set (live)
        a.fill("#entry", "note Aki recorded this first")
        a.click("#typed button")
        a.wait_for_selector('body[data-seq="4"]')
        second.set_offline(False)
        b.evaluate("flush()")
        b.wait_for_selector("#said:has-text('not sent, the table moved on')")  # shown, never merged
        notes = [e["payload"]["text"] for e in cli("log", "tbl-1", "--json").json() if e["type"] == "annotation"]
        assert notes == ["Aki recorded this first"]
    finally:
        first.close()
        second.close()


def test_a_spectator_watches_live_and_a_restarted_server_loses_nothing(
    browser: Any, cli: Cli, db: Path, secret: Path
) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret)
    port = server.port
    token = _token(cli, secret, "tbl-1")
    room, table = browser.new_context(viewport={"width": 1280, "height": 900}), browser.new_context(
        viewport={"width": 390, "height": 844})  # fmt: skip
    try:
        screen, phone = room.new_page(), table.new_page()
        screen.goto(f"{server.base}/tables/tbl-1")  # the room's screen: no token
        phone.goto(f"{server.base}/tables/tbl-1?token={token}")
        phone.wait_for_selector('[data-move="next"]')
        screen.wait_for_selector('body[data-seq="1"]')
        assert screen.locator("[data-move]").count() == 0 and "watching" in screen.inner_text("#status")
        assert screen.evaluate('head = 1; token = "stolen"; send("next").then(() => 0)') == 0
        screen.wait_for_selector("#said.error")  # a page without the table's token cannot write
        assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1]
        phone.click('[data-move="next"]')
        screen.wait_for_selector('body[data-seq="2"]')  # live: it was not reloaded (bench/serve.py times it)
        phone.wait_for_selector('[data-move="yaku-set 2"]')  # the phone has read the table after its move
        server.proc.kill()  # the laptop's server dies mid-round
        server.proc.wait()
        phone.click('[data-move="yaku-set 2"]')
        phone.wait_for_selector("#said.error:has-text('waits on this phone')")
        again = Server.__new__(Server)  # started again on the same port
        again.port, again.env = port, server.env
        command = [sys.executable, "-c", "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))",
                   "serve", "--db", str(db), "--port", str(port)]  # fmt: skip
        again.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=server.env,
                                      cwd=ROOT, text=True)  # fmt: skip
        again.first_line, again.base = "", server.base
        try:
            phone.wait_for_selector(
                'body[data-seq="3"]', timeout=SERVER_WAIT * 1000
            )  # the waiting tap went when it came back
            screen.wait_for_selector('body[data-seq="3"]', timeout=SERVER_WAIT * 1000)
            phone.wait_for_function(
                "() => document.getElementById('waiting').textContent === ''"
            )  # sent, so not waiting
        finally:
            again.stop()
        log = cli("log", "tbl-1", "--json").json()
        assert [e["type"] for e in log] == ["match_started", "round_started", "tensho.yaku_set_chosen"]
        assert cli("verify").code == 0
    finally:
        room.close()
        table.close()
        if server.proc.poll() is None:
            server.stop()


def test_a_note_is_taken_as_typed_and_an_empty_move_is_one_line(cli: Cli, secret: Path, served: Server) -> None:
    token = _token(cli, secret, "tbl-1")
    assert (
        served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 1, "move": 'note it\'s "fine"'}, token)[0]
        == 201
    )
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 2, "move": "   "}, token)
    assert status == 422 and said == {"error": "say a move, e.g. discard 5m", "code": "input.invalid"}
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"expected_seq": 2, "move": 'result "x'}, token)
    assert status == 422 and said["error"] == "a quotation mark is not closed; close it, or leave the quotes out"
    notes = [e["payload"]["text"] for e in cli("log", "tbl-1", "--json").json() if e["type"] == "annotation"]
    assert notes == ['it\'s "fine"']


def test_the_host_page_gives_each_table_its_link_and_code_and_the_network_is_said(
    cli: Cli, db: Path, secret: Path
) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, host="0.0.0.0")
    try:
        with urllib.request.urlopen(f"{server.base}/host", timeout=SERVER_WAIT) as page:
            text = page.read().decode()
        token = _token(cli, secret, "tbl-1")
        assert f"/tables/tbl-1?token={token}" in text and "<svg" in text  # the link, and its QR code
        with urllib.request.urlopen(f"{server.base}/api/room", timeout=SERVER_WAIT) as page:
            listed = page.read().decode()
        assert '"match_id":"tbl-1"' in listed and token not in listed  # the room's screen gives no token
    finally:
        said = server.stop()
    lines = said.splitlines()
    assert lines[0].startswith(f"taikyoku serving {db} at http://127.0.0.1:{server.port}/")
    phones = [line.removeprefix("phones open ") for line in lines if line.startswith("phones open ")]
    assert phones and all("0.0.0.0" not in a and "127.0.0.1" not in a and "[::1]" not in a for a in phones), lines
    links = re.findall(r'href="(http://[^"]+/tables/tbl-1)\?token=', text)
    assert links and links[0].startswith(phones[0].rstrip("/")), (links, phones)  # the code carries a phone's address
    assert "the tables are now reachable from the network" in said
    assert token not in said


def test_the_host_page_opens_on_another_device_with_the_host_link_serve_printed_only(
    cli: Cli, db: Path, secret: Path
) -> None:
    """The host runs the night from a tablet: the host link `serve` prints opens the host's page from
    another address; without it, or with another key, that address gets 403 and no token. Plant:
    /host open to every address, or the key not checked."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "tbl-1").code == 0
    server = Server(str(db), secret, host="0.0.0.0")
    token = _token(cli, secret, "tbl-1")
    try:
        lines = [server.first_line.strip()]
        assert server.proc.stdout is not None
        while not any(line.startswith("the host's page on another device: ") for line in lines):
            lines.append(server.proc.stdout.readline().strip())  # serve says its addresses first
            assert lines[-1], lines
        link = next(line for line in lines if line.startswith("the host's page on another device: ")).split(": ", 1)[1]
        address = re.fullmatch(r"http://([^/:]+):(\d+)/host\?key=([a-z2-7]{24})", link)
        assert address is not None and address[1] not in ("127.0.0.1", "0.0.0.0"), link  # a phone's address

        def opened(url: str) -> tuple[int, str]:
            try:
                with urllib.request.urlopen(url, timeout=SERVER_WAIT) as page:
                    return page.status, page.read().decode()
            except urllib.error.HTTPError as refused:
                return refused.code, refused.read().decode()

        status, page = opened(link)  # from the machine's network address: another device, to the server
        assert status == 200 and f"/tables/tbl-1?token={token}" in page
        for wrong in (link.split("?")[0], link[:-4] + "aaaa"):
            status, page = opened(wrong)
            assert status == 403 and token not in page and "host link" in page, wrong
    finally:
        said = server.stop()
    assert token not in said  # the host link is printed, never a table's token


def test_a_write_from_a_page_of_another_site_is_refused(cli: Cli, secret: Path, served: Server) -> None:
    token = _token(cli, secret, "tbl-1")
    request = urllib.request.Request(served.base + "/api/matches/tbl-1/moves", method="POST",
                                     data=json.dumps({"expected_seq": 1, "move": "next"}).encode())  # fmt: skip
    for name, value in (("Content-Type", "application/json"), ("Authorization", f"Bearer {token}"),
                        ("Origin", "http://evil.example")):  # fmt: skip
        request.add_header(name, value)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=SERVER_WAIT)
    assert refused.value.code == 403 and json.loads(refused.value.read())["code"] == "origin"
    assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1]


def test_a_malformed_body_and_a_port_in_use_are_one_line(cli: Cli, db: Path, secret: Path, served: Server) -> None:
    token = _token(cli, secret, "tbl-1")
    status, said = served.call("POST", "/api/matches/tbl-1/moves", {"move": "next"}, token)
    assert status == 422 and said == {
        "error": 'expected_seq is missing; send {"expected_seq": N, ...} as /api/openapi.json describes',
        "code": "request.invalid",
    }
    status, said = served.call("POST", "/api/matches/tbl-1/events", {"expected_seq": 1, "events": "no"}, token)
    assert status == 422 and said["code"] == "request.invalid" and said["error"].startswith("events ")
    assert [e["seq"] for e in cli("log", "tbl-1", "--json").json()] == [1]
    taken = cli("serve", "--db", str(db), "--port", str(served.port))  # the running server holds it
    assert taken.code == 2 and taken.err == (
        f"taikyoku: error: 127.0.0.1:{served.port} is in use; choose another with --port, or --host 127.0.0.1\n"
    )


def test_ctrl_c_stops_a_listening_server_in_one_line(cli: Cli, secret: Path, served: Server) -> None:
    """The host stops the night's server with Ctrl-C: one line, exit 130, within a bound."""
    import signal

    assert served.call("GET", "/api/matches")[0] == 200  # listening and answering
    os.kill(served.proc.pid, signal.SIGINT)
    served.proc.wait(timeout=SERVER_WAIT)  # it ends by itself
    said = served.stop()
    assert served.proc.returncode == 130, said
    assert said.splitlines()[1:] == ["taikyoku: error: interrupted; nothing was recorded"], said
