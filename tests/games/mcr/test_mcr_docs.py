"""docs/mcr.md says what holds: its fan table is the rules' table as declared, and its result
lines record what it says they do."""

from __future__ import annotations

import re
import shlex

from replay.games.mcr.fans import BY_ID, FANS
from tests.helpers import Cli
from tests.paths import ROOT

DOC = ROOT / "docs" / "mcr.md"


def test_the_docs_fan_table_is_the_declared_one() -> None:
    rows = [line for line in DOC.read_text().splitlines() if line.startswith("| ") and "(`" in line]
    assert len(rows) == len(FANS) == 82
    for row, fan in zip(rows, FANS, strict=True):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[0] == f"{fan.name} (`{fan.id}`)" and cells[1] == str(fan.points), row
        assert cells[2] == (", ".join(BY_ID[e].name for e in fan.excludes) or "-"), row
        assert cells[3] == (f"up to {fan.most} times" if fan.most > 1 else "once"), row


def test_the_docs_result_lines_record_what_they_say(cli: Cli) -> None:
    assert cli("new", "mcr", "-p", "Ann", "-p", "Bo", "-p", "Cy", "-p", "Di", "--id", "mcr-1").code == 0
    lines = [re.sub(r"\s+#.*", "", line) for line in DOC.read_text().splitlines() if line.startswith("taikyoku result")]
    for line in lines:
        said = cli(*shlex.split(line)[1:])
        assert said.code == 0, (line, said.err)
    results = cli("replay", "mcr-1", "--json").json()["results"]
    assert [(r["winner"], r["total"]) for r in results] == [(0, 14), (3, 31), (2, 19), (None, 0)]
