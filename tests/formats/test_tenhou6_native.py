"""The tenhou.net/6 export of riichi hands recorded here (simulated move by move, never imported),
each kind of result against the block Tenhou would write, worked out by hand.

Tenhou's result block: ["和了", each seat's change, [winner, who paid (the winner for a tsumo),
who is liable (the winner when nobody is), the value, the yaku...]]. The value leaves out honba
and riichi sticks: "40符2飜2600点" for a ron, "1000-2000点" what a non-dealer and the dealer pay
for a non-dealer's tsumo, "4000点∀" what each pays for the dealer's; a limit hand is named
(満貫, 跳満, ...) instead of its fu and han. Yaku are written in Japanese, riichi, ippatsu and
tsumo first and the dora last. The changes include the riichi sticks a winner takes, not the
stick a riichi put down (Tenhou subtracts that from the next hand's start).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import Cli

BLOCKS: dict[int, Any] = {
    # Dealer's ron on 5m: 345m 88m 456p 678s, pon 777p; tanyao; 20 + 2 (open pon of simples) = 22
    # -> 30 fu, 1 han: a dealer's 1,500.
    3: ["和了", [1500, -1500, 0, 0], [0, 1, 0, "30符1飜1500点", "断幺九(1飜)"]],
    # North's ron on 7m after riichi: 234m 678m 123p 789p 22s; the 6-8 wait is kanchan; 20 + 10
    # (closed ron) + 2 = 32 -> 40 fu; riichi 1, dora 1 (indicator 9p, a 1p held): 2 han, 2,600 from
    # East, and North's own riichi stick back: +3,600.
    4: ["和了", [-2600, 0, 0, 3600], [3, 0, 3, "40符2飜2600点", "立直(1飜)", "ドラ(1飜)"]],
    # North's tsumo on 6s, riichi and ippatsu: 567m 678m 234s 567s 22z (South, not a value pair);
    # kanchan 2 + tsumo 2 -> 30 fu, 3 han: 1,000 from each non-dealer and 2,000 from the dealer,
    # and the riichi stick: +5,000.
    15: ["和了", [-2000, -1000, -1000, 5000],
         [3, 3, 3, "30符3飜1000-2000点", "立直(1飜)", "一発(1飜)", "門前清自摸和(1飜)"]],
    # The dealer's tsumo on 5m after riichi: 555m (a red five) 234p 123s 44s 777z; 20 + 8 (concealed
    # honour triplet) + 4 (concealed simple triplet) + 2 (tsumo) = 34 -> 40 fu; riichi, tsumo, chun,
    # red five: 4 han at 40 fu is a mangan, 4,000 from each, and the dealer's stick back: +13,000.
    12: ["和了", [13000, -4000, -4000, -4000],
         [0, 0, 0, "満貫4000点∀", "立直(1飜)", "門前清自摸和(1飜)", "役牌 中(1飜)", "赤ドラ(1飜)"]],
    # The wall runs out with East and West tenpai: 3,000 noten payments, 1,500 from each of the others.
    1: ["流局", [1500, -1500, 1500, -1500]],
    # Nobody tenpai, or everybody: no payments, and Tenhou writes only the words.
    27: ["全員不聴"],
    46: ["全員聴牌"],
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(BLOCKS))
def test_a_native_hand_exports_the_block_tenhou_would_write(cli: Cli, seed: int) -> None:
    match = f"native-{seed}"
    assert cli("simulate", "riichi", "--seed", str(seed), "--hands", "1", "--id", match).code == 0
    exported = cli("export", match, "--format", "tenhou6")
    assert exported.code == 0, exported.err
    log = exported.json()["log"]
    assert len(log) == 1 and log[0][-1] == BLOCKS[seed]


def test_a_native_export_imports_back_to_the_same_results(cli: Cli, tmp_path: Any) -> None:
    assert cli("simulate", "riichi", "--seed", "12", "--hands", "1", "--id", "native-12").code == 0
    path = tmp_path / "native.json"
    assert cli("export", "native-12", "--format", "tenhou6", "-o", str(path)).code == 0
    assert cli("import", str(path), "--db", str(tmp_path / "again.db")).code == 0
    again = cli("replay", "native", "--json", "--db", str(tmp_path / "again.db")).json()["results"][
        0
    ]  # named from the file
    first = cli("replay", "native-12", "--json").json()["results"][0]
    assert (again["points"], again["scores"]) == (first["points"], first["scores"])
