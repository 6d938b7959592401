"""`taikyoku table`: a live round driven through a pseudo-terminal, as a scorer at a table types it.

The round is the one of docs/dispute-walkthrough.md (Aki wins on card values, 61 to 58). The
session gets an illegal entry, an undo, a tab completion, is killed mid-round with SIGKILL, and
is resumed; the stored round must come out exactly as recorded by the plain commands.
"""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from events.errors import InputError
from replay.app.table import choices, intent_of, translate
from tests.helpers import Cli, rows
from tests.paths import ROOT

WALK = ROOT / "docs" / "walkthrough"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def entries() -> tuple[str, list[str]]:
    """The deal as a table entry, and each later play or draw as its shortest entry."""
    page = (ROOT / "docs" / "dispute-walkthrough.md").read_text()
    lines = page[page.index("$ taikyoku deal table-5") :].splitlines()
    command = lines[: next(i for i, line in enumerate(lines) if not line.endswith("\\")) + 1]
    deal = " ".join(part.strip().removesuffix("\\").strip() for part in command).split("deal table-5", 1)[1]
    plays = ["maple-chaff-1", "clover-chaff-2 clover-chaff-1"]
    for line in (WALK / "rest-of-round.sh").read_text().splitlines():
        if line.startswith("taikyoku "):
            words = line.split()[3:]  # taikyoku play table-5 CARD [-c CARD]...
            plays.append(" ".join(w for w in words if w != "-c"))
    return "deal" + deal, plays


class Terminal:
    """The real command on a pseudo-terminal: what is typed, and what the screen shows."""

    def __init__(self, db: Path, match: str) -> None:
        self.master, slave = pty.openpty()
        code = "import sys; from replay.cli import run; sys.exit(run(sys.argv[1:]))"
        env = os.environ | {"TAIKYOKU_RECORDER": "scorer", "TERM": "xterm", "COLUMNS": "200"}
        self.proc = subprocess.Popen(
            [sys.executable, "-c", code, "table", match, "--db", str(db)],
            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT, close_fds=True,
        )  # fmt: skip
        os.close(slave)
        self.seen = ""

    def read_until(self, text: str, timeout: float = 120.0) -> str:
        deadline = time.monotonic() + timeout
        while text not in self.seen:
            left = deadline - time.monotonic()
            assert left > 0, f"waited for {text!r}; the screen shows:\n{self.seen[-2000:]}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536).decode(errors="replace")
                except OSError:
                    chunk = ""
                self.seen += ANSI.sub("", chunk).replace("\r", "")
        shown, self.seen = (
            self.seen[: self.seen.index(text) + len(text)],
            self.seen[self.seen.index(text) + len(text) :],
        )
        return shown

    def type(self, text: str, until: str = "> ") -> str:
        os.write(self.master, text.encode())
        return self.read_until(until)

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=120)
        os.close(self.master)


def test_a_whole_tensho_round_at_the_table(cli: Cli, db: Path) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Ben", "--length", "1", "--id", "table-5").code == 0
    deal, plays = entries()
    term = Terminal(db, "table-5")
    assert "next round (next) >" in term.read_until("> ")
    assert "yaku set for this round" in term.type("next\n")
    assert "choose the yaku set first: 1 (shichi-bu yaku) or 2 (han yaku)" in term.type("pine-crane\n")
    assert "next: the deal" in term.type("2\n")
    screen = term.type(deal + "\n", until="to play a card (or the dealer's triple capture) > ")
    assert "draw pile: 18 left, top clover-chaff-2" in screen  # the screen after the deal
    played = term.type(plays[0] + "\n")
    assert "Aki (seat 0) to draw" in played
    # Between moves, the short screen: the field, the mover's hand, the captures, the yaku so far.
    assert "Aki's hand: maple-blue, peony-butterflies, paulownia-phoenix, willow-ribbon, clover-ribbon" in played
    assert "captured: Aki 0, Ben 0" in played and "yaku so far: none" in played
    refused = term.type("willow-ribbon\n")  # not the top of the pile
    assert "the top of the draw pile is clover-chaff-2, not willow-ribbon [tensho.draw.not_top]" in refused
    assert "Ben (seat 1) to play a card" in term.type(plays[1] + "\n")
    undone = term.type("undo\n")
    assert "undo: retracted seq 6 (draw), seq 7 (capture)" in undone and "Aki (seat 0) to draw" in undone
    assert "Ben (seat 1) to play a card" in term.type(plays[1] + "\n")
    # Tab completes Ben's card from his hand: susuki-m<TAB> is susuki-moon, the only card that fits.
    assert plays[2] == "susuki-moon"
    completed = term.type("susuki-m\t\n")
    assert "seq 12: play by Ben: card susuki-moon" in completed
    for entry in plays[3:8]:
        term.type(entry + "\n")
    stored = len(rows(db))
    term.kill()  # mid-round, between two entries
    assert len(rows(db)) == stored

    term = Terminal(db, "table-5")
    resumed = term.read_until("> ")
    assert "Round 1: dealer Aki, yaku set 2" in resumed and "Aki (seat 0) to play a card >" in resumed
    for entry in plays[8:-1]:
        term.type(entry + "\n")
    end = term.type(plays[-1] + "\n", until="next round (next) > ")
    assert "round 1 over" in end and "Aki wins on card values: 61 to 58" in end
    assert "note" in term.type("note Ben asks for the set to be checked\n")
    term.type("quit\n", until="")
    assert term.proc.wait(timeout=120) == 0
    os.close(term.master)

    replayed = cli("replay", "table-5", "--json").json()
    (result,) = replayed["results"]
    assert (result["winner"], result["reason"]) == (0, "cardValueSum")
    log = cli("log", "table-5", "--json").json()
    assert [e["payload"]["seq"] for e in log if e["type"] == "retract"] == [7, 6]
    assert log[-1]["type"] == "annotation" and log[-1]["recorded_by"] == "scorer"
    assert cli("verify").code == 0


def states_until(game: str, events: list[object], phase: str) -> object:
    """The real folded state at the first moment the round is in ``phase``."""
    from replay.engine.fold import Step
    from replay.games import projection_for

    projection = projection_for(game)  # type: ignore[arg-type]
    state = projection.initial()
    for seq, event in enumerate(events, 1):
        state = projection.apply(state, Step(seq, event.type, event.payload))  # type: ignore[attr-defined]
        if state.round is not None and state.round.phase == phase:
            return state
    raise AssertionError(f"no {phase} phase")


def test_entries_mean_what_the_moment_asks_for() -> None:
    from replay.app.simulate import simulated_events

    riichi = simulated_events("riichi", 3, 1, match_id="t-1")
    discard = states_until("riichi", riichi, "discard")
    assert translate("riichi", discard, ["5m"]) == ["discard", "5m"]
    assert translate("riichi", discard, ["riichi", "5m"]) == ["riichi", "5m"]  # the move riichi declares
    hand = discard.round.hands[discard.round.to_move]  # type: ignore[attr-defined]
    offered = choices("riichi", discard)
    assert set(hand) <= set(offered) and "tsumo" not in offered  # the fold takes no tsumo on a hand that does not win
    # After a recording command's verb, tab offers its options as the move's declaration spells them.
    assert choices("riichi", discard, ["discard", "5m"]) == ["--seat", "--riichi", "--tsumogiri", "--from-hand"]
    assert choices("riichi", discard, ["discard", "5m", "--riichi"]) == ["--seat", "--tsumogiri", "--from-hand"]
    after = states_until("riichi", riichi, "after_discard")
    assert translate("riichi", after, ["7z"]) == ["draw", "7z"]
    assert translate("riichi", after, ["pon", "555p"]) == ["call", "pon", "555p"]
    assert translate("riichi", after, ["ron", "2"]) == ["ron", "--seat", "2"]
    assert translate("riichi", after, ["ron", "2", "--ura", "8m"]) == ["ron", "--seat", "2", "--ura", "8m"]
    assert "ron" not in choices("riichi", after) and "7z" in choices("riichi", after)  # no one can ron; a draw
    # A winner in riichi is asked for the ura indicators before the win is stored.
    declared = after._replace(round=after.round._replace(riichi=(False, False, True, False)))  # type: ignore[attr-defined]
    said = r"is in riichi: turn the ura indicators and say them with --ura, e.g. --ura 8m \(or --ura none\)"
    with pytest.raises(InputError, match=said):
        intent_of(translate("riichi", declared, ["ron", "2"]), "t-1").build("riichi", declared)
    assert translate("riichi", declared, ["ron", "2", "--ura", "none"]) == ["ron", "--seat", "2", "--ura", "none"]

    sendai = simulated_events("sendai", 45, 3, match_id="t-2", options=("sendai.teyakuMode=claimAndContinue",))
    decide = states_until("sendai", sendai, "decide")
    assert translate("sendai", decide, ["go"]) == ["koikoi"] and translate("sendai", decide, ["stop"]) == ["stop"]
    assert choices("sendai", decide)[:2] == ["go", "stop"]
    play = states_until("sendai", sendai, "play")
    assert translate("sendai", play, ["pine-crane", "pine-chaff-1"]) == ["play", "pine-crane", "-c", "pine-chaff-1"]
    # What the command line's messages suggest is taken too: --capture CARD, or -c CARD.
    for flag in ("--capture", "-c"):
        assert translate("sendai", play, ["pine-crane", flag, "pine-chaff-1"]) == ["play", "pine-crane", "-c",
                                                                                  "pine-chaff-1"]  # fmt: skip
    hand = play.round.hands[play.round.to_move]  # type: ignore[attr-defined]
    assert choices("sendai", play)[: len(hand)] == list(hand)
    # After a card, tab offers only what it can take: the field cards of its month, not yet named.
    field = play.round.field  # type: ignore[attr-defined]
    months = {card: [f for f in field if f.split("-")[0] == card.split("-")[0]] for card in hand}
    card = next(c for c in hand if months[c])
    assert choices("sendai", play, [card]) == months[card]
    assert choices("sendai", play, [card, months[card][0]]) == months[card][1:]

    tensho = simulated_events("tensho", 5, 1, match_id="t-3")
    chosen = states_until("tensho", tensho, "set")
    assert translate("tensho", chosen, ["2"]) == ["yaku-set", "2"] and choices("tensho", chosen)[:2] == ["1", "2"]
    # Inside a deal line, the cards of Tensho's 45-card deck not yet named on it (and the flags).
    dealing = choices("tensho", chosen, ["deal", "--hand", "pine-crane,pine-poetry"])
    cards = [c for c in dealing if not c.startswith("--")]
    assert len(cards) == 43 and "pine-crane" not in cards and "pine-chaff-1" in cards
    assert translate("tensho", chosen, ["call", "pon", "555p"]) == ["call", "pon", "555p"]  # a verb passes through


def table_entries(lines: list[str]) -> list[str]:
    """Recorded hanafuda events as the entries a scorer types for them."""
    import json

    docs = [json.loads(line) for line in lines]
    typed: list[str] = []
    for index, doc in enumerate(docs):
        kind, payload = doc["type"].split(".")[-1], doc["payload"]
        following = docs[index + 1] if index + 1 < len(docs) else {"type": ""}
        if kind == "round_started":
            typed.append("next")
        elif kind == "deal":
            hands = " ".join(f"--hand {','.join(hand)}" for hand in payload["hands"])
            typed.append(f"deal {hands} --field {','.join(payload['field'])} --pile {','.join(payload['draw_pile'])}")
        elif kind in ("play", "draw"):
            taken = following["payload"]["taken"] if following["type"].endswith(".capture") else []
            typed.append(" ".join([payload["card"], *taken]))
        elif kind == "koikoi":
            typed.append("go")
        elif kind == "stop":
            typed.append("stop")
        elif kind == "teyaku_exposed":
            typed.append(f"expose {payload['teyaku']} --seat {payload['seat']}")
    return typed


def test_a_whole_sendai_round_at_the_table(cli: Cli, db: Path) -> None:
    golden = (ROOT / "tests" / "golden" / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "sendai-45", stdin=golden[0]).code == 0  # the match_started: the rest is typed
    typed = table_entries(golden[1:35])  # round 1, which the dealer ends with a stop
    term = Terminal(db, "sendai-45")
    term.read_until("> ")
    term.type(typed[0] + "\n")
    term.type(typed[1] + "\n")
    refused = term.type("pine-crane\n")  # a card nobody holds
    assert "taikyoku: error:" in refused and "pine-crane" in refused
    term.type(typed[2] + "\n")
    assert "undo: retracted seq" in term.type("undo\n")  # the first play and its capture, together
    term.type(typed[2] + "\n")
    # Tab completes a card from the hand of the seat to move: one letter short is enough here.
    bright = next(i for i, e in enumerate(typed[3:-1], 3) if "chaff" not in e.split()[0])
    for entry in typed[3:bright]:
        term.type(entry + "\n")
    card, *captures = typed[bright].split()
    assert f"card {card}" in term.type(card[:-1] + "\t" + "".join(" " + c for c in captures) + "\n")
    middle = (bright + 1 + len(typed) - 1) // 2
    for entry in typed[bright + 1 : middle]:
        term.type(entry + "\n")
    stored = len(rows(db))
    term.kill()  # mid-round
    assert len(rows(db)) == stored
    term = Terminal(db, "sendai-45")
    screen = term.read_until("> ")
    for entry in typed[middle:-1]:
        screen = term.type(entry + "\n")
    assert screen.endswith("Dealer (seat 0) to say go (koikoi) or stop > ")  # the rules ask; the session waits
    assert choices("sendai", _state(cli))[:2] == ["go", "stop"]
    assert "a new dekiyaku: say go or stop" in term.type("susuki-moon\n")
    end = term.type(typed[-1] + "\n", until="next round (next) > ")
    assert "Dealer stops with Chaff 10: 10" in end and "claim --round 1 --points" in end
    term.type("quit\n", until="")
    assert term.proc.wait(timeout=120) == 0
    os.close(term.master)
    (result,) = cli("replay", "sendai-45", "--json").json()["results"]
    assert result["explanation"] == "Dealer stops with Chaff 10: 10"


def _state(cli: Cli) -> object:
    from replay.app import service
    from replay.engine.fold import fold
    from replay.games import projection_for
    from store import EventStore

    with EventStore.open(cli.db) as store:
        steps = service.read_steps(store, "sendai-45")
    return fold(projection_for("sendai"), steps).state


def riichi_entries(events: list[object]) -> list[str]:
    """A simulated riichi hand as the entries a scorer types for it."""
    typed: list[str] = []
    declared = False
    for event in events[1:]:
        kind, payload = event.type.split(".")[-1], event.payload  # type: ignore[attr-defined]
        if kind == "round_started":
            typed.append("next")
        elif kind == "deal":
            hands = " ".join(f"--hand {','.join(hand)}" for hand in payload.hands)
            typed.append(f"deal {hands} --dora {payload.dora_indicator}")
        elif kind == "draw":
            typed.append(payload.tile)
        elif kind == "riichi":  # declared just before its discard: one entry, riichi TILE
            declared = True
        elif kind == "discard":
            typed.append(f"riichi {payload.tile}" if declared else payload.tile)
            declared = False
        elif kind == "call":
            typed.append(f"{payload.kind} {''.join(payload.tiles)} --seat {payload.seat}")
        elif kind == "win":
            typed.append("tsumo" if payload.kind == "tsumo" else f"ron {payload.seat}")
    return typed


def test_a_whole_riichi_hand_at_the_table(cli: Cli, db: Path) -> None:
    from replay.app.simulate import simulated_events

    events = simulated_events("riichi", 3, 1, match_id="rsim-3")
    started = events[0].payload.canonical_json()
    assert cli("record", "rsim-3", stdin=f'{{"type": "match_started", "payload": {started}}}').code == 0
    typed = riichi_entries(events)
    assert any(entry.startswith("pon ") for entry in typed) and typed[-1] == "ron 0"  # a call and a ron
    term = Terminal(db, "rsim-3")
    term.read_until("> ")
    term.type(typed[0] + "\n")
    term.type(typed[1] + "\n")
    assert "taikyoku: error:" in term.type("9z\n")  # no such tile
    for entry in typed[2:6]:
        term.type(entry + "\n")
    assert "undo: retracted seq" in term.type("undo\n")  # the last discard
    screen = term.type(typed[5] + "\n")  # the discard again, and the short screen after it
    assert "rivers (last six): Ton:" in screen and "scores: Ton 25000, Nan 25000, Sha 25000, Pei 25000" in screen
    assert "Type what happened" in term.type("hel\t\n")  # Tab completes the word
    middle = len(typed) // 2
    for entry in typed[6:middle]:
        term.type(entry + "\n")
    stored = len(rows(db))
    term.kill()  # mid-hand
    assert len(rows(db)) == stored
    term = Terminal(db, "rsim-3")
    term.read_until("> ")
    for entry in typed[middle:-1]:
        term.type(entry + "\n")
    end = term.type(typed[-1] + "\n", until="next round (next) > ")
    assert "over" in end
    term.type("quit\n", until="")
    assert term.proc.wait(timeout=120) == 0
    os.close(term.master)
    with_session = cli("replay", "rsim-3", "--json").json()["results"]
    plain = Cli(db.parent / "plain.db", cli.capsys)
    assert plain("simulate", "riichi", "--seed", "3", "--hands", "1", "--id", "rsim-3").code == 0
    assert with_session == plain("replay", "rsim-3", "--json").json()["results"]


def test_a_tensho_round_at_result_depth_in_a_session(cli: Cli, db: Path) -> None:
    from replay.cli.table_commands import Session

    assert cli("simulate", "tensho", "--seed", "5", "--rounds", "1", "--id", "moves-5").code == 0
    captured = cli("replay", "moves-5", "--json").json()["round"]["captured"]
    assert cli("new", "tensho", "-p", "East", "-p", "West", "--length", "1", "--id", "result-5").code == 0
    session = Session("result-5", db, "scorer")
    for entry in ("next", "2", " ".join([*captured[0], "/", *captured[1]])):
        assert session.enter(entry) == 0, entry
    (result,) = cli("replay", "result-5", "--json").json()["results"]
    assert result["depth"] == "result" and result["explanation"].endswith("East wins on card values: 61 to 58")


def record_until(cli: Cli, match: str, events: list[object], stop: Callable[[object], bool]) -> None:
    """Store the events of a match up to (and with) the first one ``stop`` picks."""
    import json

    lines = []
    for event in events:
        lines.append(json.dumps({"type": event.type, "payload": json.loads(event.payload.canonical_json())}))  # type: ignore[attr-defined]
        if stop(event):
            break
    assert cli("record", match, stdin="\n".join(lines)).code == 0


def test_the_session_asks_for_the_decisions_the_rules_leave_open(cli: Cli, db: Path) -> None:
    from replay.app.simulate import simulated_events
    from replay.cli.table_commands import Session
    from replay.games.tensho.fold import triple_choices

    # Tensho: the first seed whose deal puts a triple on the field.
    for seed in range(200):
        events = simulated_events("tensho", seed, 1, match_id="tri-1")
        state = states_until("tensho", events, "play")
        if triple_choices(state.round):  # type: ignore[attr-defined]
            break
    record_until(cli, "tri-1", events, lambda e: e.type == "tensho.deal")  # type: ignore[attr-defined]
    session = Session("tri-1", db, "scorer")
    assert "may take two of the triple: triple" in session.prompt()
    hand = state.round.hands[0]  # type: ignore[attr-defined]
    assert session.enter(hand[0]) == 2  # a play before the triple is answered is refused
    assert session.enter("pass") == 0 and "to play a card" in session.prompt()

    # Sendai-hana: round 3 of the golden match deals the dealer Three Pairs.
    golden = (ROOT / "tests" / "golden" / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "tey-1", stdin="\n".join(golden[:89])).code == 0
    session = Session("tey-1", db, "scorer")
    assert "Dealer holds Three Pairs: expose three-pairs --seat 0; or pass" in session.prompt()
    assert session.enter("susuki-geese") == 2
    assert session.enter("expose three-pairs --seat 0") == 0
    assert "to play a card" in session.prompt()

    # Riichi: Nan's hand is completed by Ton's first discard (the renhou of test_riichi_cli).
    from tests.cli.test_riichi_cli import started

    started(cli, "ema2016")
    session = Session("r-1", db, "scorer")
    assert session.enter("5s") == 0 and session.enter("5s") == 0  # Ton draws 5s and lets it go
    assert "Nan can ron: ron 1; or pass" in session.prompt()
    assert session.enter("3m") == 2  # Nan's draw waits for the answer
    assert session.enter("pass") == 0 and session.enter("3m") == 0
    assert cli("replay", "r-1", "--json").json()["round"]["phase"] == "discard"


def test_a_sendai_round_at_result_depth_in_a_session(cli: Cli, db: Path) -> None:
    from replay.cli.table_commands import Session

    golden = (ROOT / "tests" / "golden" / "sendai-seed45.jsonl").read_text().splitlines()
    assert cli("record", "moves-45", stdin="\n".join(golden)).code == 0
    captured = cli("replay", "moves-45", "--round", "3", "--json").json()["round"]["captured"]
    assert cli("record", "result-45", stdin=golden[0]).code == 0
    session = Session("result-45", db, "scorer")
    line = " / ".join(" ".join(cards) for cards in captured) + " expose 0 three-pairs go 1 stop 2"
    assert session.enter("next") == 0 and session.enter(line) == 0
    (result,) = cli("replay", "result-45", "--json").json()["results"]
    assert result["depth"] == "result" and result["explanation"].endswith("Left stops with Chaff 10: 10")


def test_a_note_or_dispute_is_taken_as_typed_apostrophes_and_all(cli: Cli, db: Path) -> None:
    from replay.cli.table_commands import Session

    assert cli("simulate", "tensho", "--seed", "5", "--rounds", "1", "--id", "talk-5").code == 0
    session = Session("talk-5", db, "scorer")
    assert session.enter("note it's fine") == 0
    assert session.enter('dispute Aki\'s stop was late, "really"') == 0
    notes = [e["payload"] for e in cli("log", "talk-5", "--json").json() if e["type"] == "annotation"]
    assert [(n["kind"], n["text"]) for n in notes] == [
        ("note", "it's fine"),
        ("dispute", 'Aki\'s stop was late, "really"'),
    ]


def test_ron_alone_takes_the_one_seat_offered() -> None:
    """At `Ton can ron: ron 0; or pass`, typing `ron` is that ron (typer's "Missing option" never shows)."""
    from replay.app.simulate import payloads
    from replay.engine.fold import Step
    from replay.games import projection_for

    projection = projection_for("riichi")
    state = projection.initial()
    for seed in range(40):
        made = list(payloads("riichi", seed, 4))
        state = projection.initial()
        for seq, payload in enumerate(made, 1):
            rnd = getattr(state, "round", None)
            if (payload.EVENT_TYPE == "riichi.win" and payload.kind == "ron"  # type: ignore[attr-defined]
                    and rnd is not None and len(rnd.could_ron) == 1):  # fmt: skip
                (seat,) = rnd.could_ron
                if rnd.riichi[seat]:  # the seat is known; in riichi it says its ura indicators first
                    with pytest.raises(InputError, match=r"is in riichi: turn the ura indicators .* e.g. --ura 8m"):
                        intent_of(translate("riichi", state, ["ron"]), "t-1").build("riichi", state)
                    assert translate("riichi", state, ["ron", "--ura", "none"]) == [
                        "ron", "--seat", str(seat), "--ura", "none"]  # fmt: skip
                else:
                    assert translate("riichi", state, ["ron"]) == ["ron", "--seat", str(seat)]
                return
            state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
    raise AssertionError("no simulated ron with one seat offered in 40 seeds")


def test_an_entry_is_recorded_by_the_application_never_through_the_command_line(
    cli: Cli, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Table mode calls the application's recording (``replay/app/table.py``); typer's argv parser
    is never asked, so an entry costs no command start-up and no second read."""
    import typer.main

    from replay.cli.table_commands import Session

    def no_argv(*args: object) -> None:
        raise AssertionError("a table entry went through typer's argv")

    assert cli("new", "tensho", "-p", "East", "-p", "West", "--length", "1", "--id", "no-argv").code == 0
    monkeypatch.setattr(typer.main, "get_command", no_argv)
    session = Session("no-argv", db, "scorer")
    assert session.enter("next") == 0 and session.enter("2") == 0
    assert session.enter("undo") == 0 and session.enter("1") == 0
    monkeypatch.undo()
    kinds = [(e["type"], e["payload"].get("yaku_set")) for e in cli("log", "no-argv", "--json").json()]
    assert kinds[1:] == [
        ("round_started", None),
        ("tensho.yaku_set_chosen", 2),
        ("retract", None),
        ("tensho.yaku_set_chosen", 1),
    ]
