"""The riichi statistics of the 57 real Tenhou games agree with a direct reading of their logs.

The reading here is separate from the importer: it walks each tenhou.net/6 file's arrays as
Tenhou writes them (a discard written ``r..`` declares riichi; a take written with ``c``, ``p``
or ``m`` is a chi, pon or open kan; a ``和了`` block names the winner and who paid; ``流局``
pays the tenpai seats, ``全員聴牌`` says all four were tenpai). A win's kind is the winner's: in
riichi, open (a take written with ``c``, ``p`` or ``m`` in that hand) or dama; the dealer of a
hand is seat ``round % 4``.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from tests.helpers import Cli
from tests.paths import CORPUS_MORE

FILES = sorted(CORPUS_MORE.glob("*.json"))


def _read_directly(files: list[Path]) -> dict[str, Counter[str]]:
    by_name: dict[str, Counter[str]] = defaultdict(Counter)
    for path in files:
        game = json.loads(path.read_text(encoding="utf-8"))
        # A player is a name across games, but Tenhou's anonymous NoName a player of one game only.
        names = [n if n != "NoName" else f"NoName ({path.stem}, seat {seat})" for seat, n in enumerate(game["name"])]
        for hand in game["log"]:
            ending: list[Any] = hand[-1]
            declared, called = set(), set()
            for seat, name in enumerate(names):
                mine = by_name[name]
                mine["hands"] += 1
                takes, discards = hand[5 + 3 * seat], hand[6 + 3 * seat]
                if any(isinstance(d, str) and d.startswith("r") for d in discards):
                    declared.add(seat)
                if any(isinstance(t, str) and any(c in t for c in "cpm") for t in takes):
                    called.add(seat)
                mine["riichi"] += seat in declared
                mine["calls"] += seat in called
            if ending[0] == "和了":
                dealt_in: set[int] = set()
                for info in ending[2::2]:
                    winner, paid_by = info[0], info[1]
                    by_name[names[winner]]["wins"] += 1
                    # The winner's kind: in riichi, open (a chi, pon or open kan taken), or dama.
                    kind = "riichi" if winner in declared else "open" if winner in called else "dama"
                    by_name[names[winner]][f"wins_{kind}"] += 1
                    by_name[names[winner]]["riichi_won"] += kind == "riichi"
                    by_name[names[winner]]["dealer_wins"] += winner == hand[0][0] % 4
                    if winner != paid_by:
                        by_name[names[paid_by]][f"deal_ins_to_{kind}"] += 1
                    if winner == paid_by:
                        by_name[names[winner]]["tsumo"] += 1
                    elif paid_by not in dealt_in:
                        dealt_in.add(paid_by)
                        by_name[names[paid_by]]["deal_ins"] += 1
            elif ending[0] in ("流局", "全員聴牌"):
                deltas = ending[1] if len(ending) > 1 else [0, 0, 0, 0]
                for seat, name in enumerate(names):
                    by_name[name]["draws"] += 1
                    by_name[name]["tenpai"] += ending[0] == "全員聴牌" or deltas[seat] > 0
    return by_name


KEYS = ("riichi", "calls", "tsumo", "deal_ins", "draws", "tenpai", "deal_ins_to_riichi", "deal_ins_to_open",
        "deal_ins_to_dama", "wins_riichi", "wins_open", "wins_dama", "riichi_won", "dealer_wins")  # fmt: skip


def test_riichi_rates_on_the_real_corpus_match_the_logs(cli: Cli) -> None:
    assert len(FILES) == 57
    imported = cli("import", *map(str, FILES))
    assert imported.code == 0, imported.err
    found = cli("stats", "--json").json()
    assert found["matches"] == 57
    ours = {row["player"]: row for row in found["riichi"]["tenhou"]}
    direct = _read_directly(FILES)
    assert set(ours) == set(direct)
    for name, counts in direct.items():
        row = ours[name]
        assert (row["hands"], row["wins"]) == (counts["hands"], counts["wins"]), name
        assert {key: row["counts"][key] for key in KEYS} == {key: counts[key] for key in KEYS}, name
        assert row["win_rate"] == round(counts["wins"] / counts["hands"], 3), name
        assert row["deal_in_rate"] == round(counts["deal_ins"] / counts["hands"], 3), name
        assert row["riichi_rate"] == round(counts["riichi"] / counts["hands"], 3), name
        assert row["call_rate"] == round(counts["calls"] / counts["hands"], 3), name
    # Every hand of every game is counted once per seat.
    assert sum(row["hands"] for row in ours.values()) == 4 * sum(
        len(json.loads(p.read_text(encoding="utf-8"))["log"]) for p in FILES
    )
    # The store-wide placements: each complete game gives one of each place.
    places = [sum(row["places"][i] for row in found["standings"]["riichi"]) for i in range(4)]
    assert places == [57, 57, 57, 57]
