"""Rulesets as data: every option documented, reconstructions marked, defaults valid."""

from __future__ import annotations

import pytest

from replay import games as rules
from tests.helpers import Cli
from tests.paths import ROOT


def test_docs_rules_md_is_generated_from_the_data() -> None:
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules.markdown() + "\n", (
        "run `taikyoku rules --markdown > docs/rules.md`"
    )


@pytest.mark.parametrize("spec", rules.rulesets(), ids=lambda s: s.id)
def test_every_default_is_a_valid_value(spec: rules.RulesetSpec) -> None:
    for option in spec.options:
        if option.default is not None:
            assert option.check(option.default) is None, option.name


def test_reconstructions_of_the_rules_notes_are_marked() -> None:
    tensho = rules.ruleset("tensho-fudawiki")
    sendai = rules.ruleset("sendai-fudawiki")
    assert tensho is not None and sendai is not None
    marked = {o.name for spec in (tensho, sendai) for o in spec.options if o.reconstruction}
    assert {
        "tensho.compoundYaku",
        "tensho.fourOfSuitOnField",
        "tensho.roundScore",
        "tensho.tieBreak",
        "sendai.teyakuMode",
        "sendai.payment",
        "sendai.exhaustiveDraw",
    } <= marked
    assert sendai.option("sendai.teyakuMode") is not None
    assert sendai.option("sendai.teyakuMode").default is None  # type: ignore[union-attr]


def test_rules_command(cli: Cli) -> None:
    listed = cli("rules", "--json").json()
    assert [r["id"] for r in listed] == [
        "tensho-fudawiki",
        "sendai-fudawiki",
        "koikoi-nintendo",
        "koikoi-japan",
        "tenhou",
        "tenhou-sanma",
        "mahjongsoul",
        "mahjongsoul-sanma",
        "ema2016",
        "ema2025",
        "wrc",
        "jpml-a",
        "rrc",
        "mleague",
        "riichicity",
        "riichicity-sanma",
        "mcr-ema",
    ]
    ema = cli("rules", "ema2016", "--json").json()[0]
    by_name = {o["name"]: o for o in ema["options"]}
    assert by_name["riichi.redFives"]["default"] == 0
    assert by_name["riichi.yakumanStacking"]["default"] is False
    assert "riichi.renhou" in cli("rules", "ema2016").out
    bad = cli("rules", "wrc-1999")
    assert bad.code == 2 and "unknown ruleset 'wrc-1999'" in bad.err
