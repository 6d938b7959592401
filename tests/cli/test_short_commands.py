"""Whole recorded matches re-entered through the short commands a recorder types at the table.

Each golden match is turned into `taikyoku new/round/yaku-set/deal/triple/play/draw/expose/
koikoi/stop/misdeal` command lines; the store must end up holding the same events.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import Cli, rows
from tests.paths import GOLDEN


def commands(match: str, events: list[dict[str, Any]]) -> list[list[str]]:
    lines: list[list[str]] = []
    i = 0
    while i < len(events):
        kind, p = events[i]["type"], events[i]["payload"]
        follow = events[i + 1] if i + 1 < len(events) else {"type": ""}
        game = kind.split(".")[0]
        if kind == "match_started":
            line = ["new", p["game"], "--id", match, "--length", str(p["length"]["count"])]
            for player in p["players"]:
                line += ["-p", player["name"]]
            for name, value in p["ruleset"]["options"].items():
                text = (
                    ",".join(map(str, value))
                    if isinstance(value, list)
                    else str(value).lower()
                    if isinstance(value, bool)
                    else str(value)
                )
                line += ["--option", f"{name}={text}"]
            lines.append(line)
        elif kind == "round_started":
            lines.append(["round", match])
        elif kind == "match_ended":
            i += 1
            continue
        elif kind == "tensho.yaku_set_chosen":
            lines.append(["yaku-set", match, str(p["yaku_set"]), "--decided-by", p["by"]])
        elif kind.endswith(".deal"):
            line = ["deal", match]
            for hand in p["hands"]:
                line += ["--hand", ",".join(hand)]
            line += ["--field", ",".join(p["field"])]
            if p.get("draw_pile"):
                line += ["--pile", ",".join(p["draw_pile"])]
            if p.get("dead"):
                line += ["--dead", ",".join(p["dead"])]
            lines.append(line)
        elif kind == "tensho.dealer_triple_capture":
            lines.append(["triple", match, *p["cards"]])
        elif kind in (f"{game}.play", f"{game}.draw"):
            line = [kind.split(".")[1], match, p["card"], "--seat", str(p["seat"])]
            if follow["type"] == f"{game}.capture" and follow["payload"]["card"] == p["card"]:
                for taken in follow["payload"]["taken"]:
                    line += ["--capture", taken]
                i += 1
            lines.append(line)
        elif kind == "sendai.teyaku_exposed":
            lines.append(["expose", match, p["teyaku"], "--seat", str(p["seat"])])
        elif kind in ("sendai.koikoi", "sendai.stop"):
            lines.append([kind.split(".")[1], match, "--seat", str(p["seat"])])
        elif kind == "sendai.misdeal":
            lines.append(["misdeal", match])
        else:
            raise AssertionError(f"no short command for {kind}")
        i += 1
    return lines


@pytest.mark.parametrize("golden", ["tensho-seed7.jsonl", "tensho-red-four.jsonl", "sendai-seed45.jsonl"])
def test_a_golden_match_entered_by_short_commands_stores_the_same_events(cli: Cli, db: Path, golden: str) -> None:
    events = [json.loads(line) for line in (GOLDEN / golden).read_text().splitlines()]
    for line in commands("typed", events):
        result = cli(*line)
        assert result.code == 0, (line, result.err)
    stored = cli("log", "typed", "--json").json()
    expected = [e for e in events if e["type"] != "match_ended"]
    assert [(e["type"], e["payload"]) for e in stored] == [(e["type"], e["payload"]) for e in expected]
    assert cli("verify").code == 0
    assert len(rows(db)) == len(expected)
