"""Koi-koi through the real commands: a round recorded move by move, the same in table mode, by its
result; the refusals; replay, the page, audit, stats and an export imported again."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.cli.test_table import Terminal
from tests.helpers import Cli, rows

# A deal built by hand (Nintendo's rules). Aki deals and plays first.
AKI = "pine-crane,cherry-curtain,susuki-moon,plum-warbler,iris-bridge,peony-butterflies,clover-boar,maple-deer"
BENI = "pine-chaff-2,wisteria-cuckoo,wisteria-ribbon,iris-ribbon,peony-blue,clover-ribbon,chrysanthemum-blue,maple-blue"
FIELD = "pine-chaff-1,cherry-chaff-1,susuki-chaff-1,plum-chaff-1,willow-swallow,paulownia-chaff-1,iris-chaff-1,peony-chaff-1"
BENI2 = (
    "cherry-poetry,wisteria-cuckoo,wisteria-ribbon,iris-ribbon,peony-blue,clover-ribbon,chrysanthemum-blue,maple-blue"
)
# The draw pile, top first.
PILE = ("wisteria-chaff-1,willow-ribbon,chrysanthemum-chaff-1,willow-lightning,maple-chaff-1,paulownia-chaff-2,"
        "clover-chaff-1,cherry-poetry,pine-poetry,plum-poetry,plum-chaff-2,cherry-chaff-2,wisteria-chaff-2,"
        "iris-chaff-2,peony-chaff-2,clover-chaff-2,susuki-geese,susuki-chaff-2,chrysanthemum-cup,"
        "chrysanthemum-chaff-2,maple-chaff-2,willow-rainman,paulownia-phoenix,paulownia-chaff-3")  # fmt: skip

# Aki's first turn: pine-crane takes pine-chaff-1; the draw (wisteria-chaff-1) stays. Beni: pine-chaff-2
# matches nothing left of pine and stays; willow-ribbon takes willow-swallow. Aki: cherry-curtain takes
# cherry-chaff-1; chrysanthemum-chaff-1 stays. Beni: wisteria-cuckoo takes wisteria-chaff-1; willow-lightning
# stays. Aki: susuki-moon takes susuki-chaff-1: crane, curtain, moon, sanko 5, a new yaku: koi-koi.
MOVES = [
    ("play", "pine-crane"), ("draw", ""),
    ("play", "pine-chaff-2"), ("draw", ""),
    ("play", "cherry-curtain"), ("draw", ""),
    ("play", "wisteria-cuckoo"), ("draw", ""),
    ("play", "susuki-moon"), ("draw", ""),
]  # fmt: skip


def _start(cli: Cli, match: str, *options: str) -> None:
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", match, *options).code == 0
    assert cli("round", match).code == 0
    made = cli("deal", match, "--hand", AKI, "--hand", BENI, "--field", FIELD, "--pile", PILE)
    assert made.code == 0, made.err


def test_a_round_by_commands_koi_koi_then_a_stop_and_the_doublings(cli: Cli) -> None:
    _start(cli, "k-1")
    for verb, card in MOVES:
        done = cli(verb, "k-1", *([card] if card else []))
        assert done.code == 0, (verb, card, done.err)
    assert cli("replay", "k-1", "--json").json()["round"]["phase"] == "decide"
    refused = cli("play", "k-1", "iris-bridge")
    assert refused.code == 2 and "[koikoi.decide.missing]" in refused.err
    assert cli("koikoi", "k-1").code == 0
    # Beni: iris-ribbon takes iris-chaff-1; paulownia-chaff-2 takes paulownia-chaff-1. Aki: plum-warbler
    # takes plum-chaff-1; cherry-poetry stays. Beni: peony-blue takes peony-chaff-1; clover-chaff-1 stays.
    # Aki: maple-deer takes maple-chaff-1; pine-poetry takes pine-chaff-2. Beni: clover-ribbon takes
    # clover-chaff-1; plum-poetry stays. Aki: iris-bridge stays; plum-chaff-2 takes plum-poetry. None of
    # these raises a yaku total: no decision. Beni: wisteria-ribbon stays; cherry-chaff-2 takes cherry-poetry:
    # Beni's fifth ribbon (willow, iris, peony-blue, clover, cherry-poetry): tan 1, a new yaku.
    for card in ("iris-ribbon", "plum-warbler", "peony-blue", "maple-deer", "clover-ribbon", "iris-bridge",
                 "wisteria-ribbon"):  # fmt: skip
        assert cli("play", "k-1", card).code == 0, card
        assert cli("draw", "k-1").code == 0, card
    state = cli("replay", "k-1", "--json").json()["round"]
    assert state["phase"] == "decide" and state["to_move"] == 1
    assert [(y["key"], y["points"]) for y in state["yaku"][1]] == [("tan", 1)]
    assert cli("stop", "k-1").code == 0
    [result] = cli("replay", "k-1", "--json").json()["results"]
    # Beni stops with tan 1 after Aki's koi-koi: doubled under Nintendo's rules, 2 (under 7: not again).
    assert (result["winner_name"], result["points"]) == ("Beni", [-2, 2])
    assert "after the other player's koi-koi, doubled: 2" in result["explanation"]


def test_the_same_moves_in_table_mode(cli: Cli, db: Path) -> None:
    _start(cli, "k-2")
    term = Terminal(db, "k-2")
    term.read_until("> ")
    for verb, card in MOVES:
        term.type(f"{verb} {card}".strip() + "\n")
    assert "a new yaku: say koikoi or stop" in term.type("iris-bridge\n")
    assert "Beni (seat 1) to play a card" in term.type("koikoi\n")
    term.type("quit\n", until="")
    assert term.proc.wait(timeout=120) == 0
    os.close(term.master)
    calls = [e["type"] for e in cli("log", "k-2", "--json").json() if e["type"] == "koikoi.koikoi"]
    assert calls == ["koikoi.koikoi"]


def test_refusals_name_the_rule_and_store_nothing(cli: Cli, db: Path) -> None:
    _start(cli, "k-3")
    before = len(rows(db))
    for args, code in [
        (("play", "k-3", "pine-chaff-2"), "[koikoi.play.not_in_hand]"),  # Beni's card, Aki to play
        (("koikoi", "k-3"), "[koikoi.decide.not_offered]"),
        (("expose", "k-3", "teshi", "--seat", "0"), "[koikoi.teyaku.not_held]"),
        (("misdeal", "k-3"), "there is no misdeal"),
    ]:
        refused = cli(*args)
        assert refused.code == 2 and code in refused.err, (args, refused.err)
        assert "Traceback" not in refused.err and len(refused.err.strip().splitlines()) == 1
    assert len(rows(db)) == before


def test_a_deal_of_four_of_a_month_on_the_field_is_dealt_again(cli: Cli) -> None:
    assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", "k-4").code == 0
    assert cli("round", "k-4").code == 0
    field = (
        "pine-crane,pine-poetry,pine-chaff-1,pine-chaff-2,willow-swallow,paulownia-chaff-1,iris-chaff-1,peony-chaff-1"
    )
    aki = "cherry-curtain,susuki-moon,plum-warbler,iris-bridge,peony-butterflies,clover-boar,maple-deer,plum-chaff-1"
    assert cli("deal", "k-4", "--hand", aki, "--hand", BENI2, "--field", field).code == 0
    refused = cli("play", "k-4", "cherry-curtain")
    assert refused.code == 2 and "[koikoi.misdeal.missing]" in refused.err and "four pine cards" in refused.err
    assert cli("misdeal", "k-4").code == 0
    assert cli("replay", "k-4", "--json").json()["round"]["expects"] == "a redeal"


def test_teshi_wins_under_nintendos_rules_and_is_dealt_again_under_koikoi_japans(cli: Cli) -> None:
    teshi = "pine-crane,pine-poetry,pine-chaff-1,pine-chaff-2,plum-warbler,iris-bridge,maple-deer,clover-boar"
    field = "cherry-chaff-1,susuki-chaff-1,plum-chaff-1,willow-swallow,paulownia-chaff-1,iris-chaff-1,peony-chaff-1,maple-chaff-1"
    for match, ruleset in (("k-5", "koikoi-nintendo"), ("k-6", "koikoi-japan")):
        assert cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", match, "--ruleset", ruleset).code == 0
        assert cli("round", match).code == 0
        assert cli("deal", match, "--hand", teshi, "--hand", BENI2, "--field", field).code == 0
    assert cli("expose", "k-5", "teshi", "--seat", "0").code == 0
    [won] = cli("replay", "k-5", "--json").json()["results"]
    assert (won["winner_name"], won["reason"], won["points"]) == ("Aki", "teyaku", [6, -6])
    assert cli("replay", "k-6", "--json").json()["round"]["phase"] == "misdeal"
    assert cli("misdeal", "k-6").code == 0


def test_replay_page_audit_stats_and_an_export_imported_again(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "koikoi", "--seed", "4", "--rounds", "3", "--id", "sim").code == 0
    page = tmp_path / "sim.html"
    assert cli("view", "sim", "-o", str(page)).code == 0
    html = page.read_text(encoding="utf-8")
    assert "Koi-koi" in html or "koikoi" in html
    assert cli("audit", "sim", "--json").json()["findings"] == []
    stats = cli("stats", "--json").json()
    assert sorted(row["player"] for row in stats["standings"]["koikoi"]) == ["Dealer", "Other"]
    out = tmp_path / "sim.jsonl"
    assert cli("export", "sim", "--format", "jsonl", "-o", str(out)).code == 0
    other = tmp_path / "other.db"
    assert cli("import", str(out), "--format", "jsonl", "--db", str(other)).code == 0
    again = cli("replay", "sim", "--db", str(other), "--json").json()
    assert again["results"] == cli("replay", "sim", "--json").json()["results"]
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["type"] == "match_started"


def test_a_bad_option_or_table_is_refused_before_any_database_is_made(cli: Cli, db: Path) -> None:
    for args, said in [
        (("-O", "koikoi.viewingPoints=1"), "option koikoi.viewingPoints takes 2 values separated by commas; got 1"),
        (("-O", "koikoi.teshi=maybe"), "option koikoi.teshi must be one of redeal, win, none; got 'maybe'"),
        (("-p", "Chie"), "koikoi is played by 2 players"),
    ]:
        refused = cli("new", "koikoi", "-p", "Aki", "-p", "Beni", *args)
        assert refused.code == 2 and said in refused.err and len(refused.err.strip().splitlines()) == 1
    assert not db.exists()
