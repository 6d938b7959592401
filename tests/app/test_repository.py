"""The match repository keeps a match's folded state at its head: a fold carried forward from any
point equals a fold from the start (retractions included), and a recording command reads the
store once and folds only the events it adds. Real SQLite files, the real commands."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.app import repository, service
from replay.engine.fold import fold, fold_forward
from replay.games import projection_for
from store import EventStore
from tests.cli.test_short_commands import commands
from tests.helpers import Cli
from tests.paths import GOLDEN

GOLDENS = ["tensho-seed7.jsonl", "sendai-seed45.jsonl", "tensho-red-four.jsonl"]


def _events(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (GOLDEN / name).read_text().splitlines()]


@cache
def _golden_steps(name: str) -> list[Any]:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        return _steps(Path(folder), name, RETRACT_AND_NOTES)


def _steps(tmp_path: Path, name: str, extra: str = "") -> list[Any]:
    from replay.cli import run

    db = tmp_path / f"{name}.db"
    lines = (GOLDEN / name).read_text() + extra
    path = tmp_path / f"{name}.in.jsonl"
    path.write_text(lines)
    assert run(["record", "g-1", str(path), "--db", str(db)]) == 0
    with EventStore.open(db) as store:
        return service.read_steps(store, "g-1", provenance="all")


RETRACT_AND_NOTES = (
    '{"type":"annotation","payload":{"seq":3,"kind":"note","text":"checked"}}\n'
    '{"type":"annotation","payload":{"seq":5,"kind":"dispute","text":"was it?"}}\n'
)


@settings(max_examples=40)
@given(name=st.sampled_from(GOLDENS), cut=st.floats(0, 1))
def test_a_fold_carried_forward_from_any_point_equals_a_fold_from_the_start(name: str, cut: float) -> None:
    steps = _golden_steps(name)
    projection = projection_for(service.game_of(steps))
    point = max(1, int(len(steps) * cut))
    whole = fold(projection, steps)
    forward = fold_forward(projection, fold(projection, steps[:point]), steps[point:])
    assert forward.state == whole.state
    assert forward.history == whole.history


def test_a_retract_carried_forward_folds_from_the_start(tmp_path: Path) -> None:
    steps = _steps(tmp_path, "tensho-seed7.jsonl")[:30]
    last_play = steps[-1].seq  # the last move: nothing after it rests on it
    assert steps[-1].type in ("tensho.play", "tensho.draw", "tensho.capture")
    from events.envelope import new_event
    from events.match import Retract

    retract = service.pending_step(31, new_event(Retract(seq=last_play, reason="a slip"), recorded_by="t"))
    projection = projection_for("tensho")
    forward = fold_forward(projection, fold(projection, steps), [retract])
    assert forward.state == fold(projection, [*steps, retract]).state
    assert forward.history.retracted_by == {last_play: retract}


def test_a_short_command_reads_the_match_once_and_folds_only_what_it_adds(cli: Cli, db: Path) -> None:
    lines = commands("typed", _events("tensho-seed7.jsonl"))
    for line in lines[:-1]:
        assert cli(*line).code == 0
    head = len(cli("log", "typed", "--json").json())
    repository.forget()  # as a fresh process starts
    repository.COUNTS.clear()
    assert cli(*lines[-1]).code == 0
    added = len(cli("log", "typed", "--json").json()) - head
    assert repository.COUNTS["full reads"] == 1
    assert repository.COUNTS["events folded"] == head + added  # each event once: the match, then what it adds
    repository.COUNTS.clear()
    assert cli("note", "typed", "1", "a note").code == 0  # the next command in this process
    assert repository.COUNTS["full reads"] == 0
    assert repository.COUNTS["events read"] == 0 and repository.COUNTS["events folded"] == 0  # a note folds nothing


def test_a_state_kept_is_not_used_when_the_match_moved_on_elsewhere(cli: Cli, db: Path) -> None:
    lines = commands("typed", _events("tensho-seed7.jsonl"))
    for line in lines[:-2]:
        assert cli(*line).code == 0
    with EventStore.open(db) as store:
        kept = repository.MatchRepository(store).get("typed")
    # another process records the next move
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", "from replay.cli import main; main()", *lines[-2], "--db", str(db)],
                          capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0, done.stderr
    repository.COUNTS.clear()
    with EventStore.open(db) as store:
        now = repository.MatchRepository(store).get("typed")
    assert now.head > kept.head and repository.COUNTS["full reads"] == 0
    assert repository.COUNTS["head reads"] == 1
    assert repository.COUNTS["events read"] == now.head - kept.head + 1  # and the kept head: still the match's?
    with EventStore.open(db) as store:
        assert now.state == service.replay_match(store, "typed").state


def test_matches_on_an_unchanged_store_folds_nothing_and_a_moved_match_alone_is_folded(cli: Cli, db: Path) -> None:
    for seed in range(3):
        assert cli("simulate", "tensho", "--seed", str(seed), "--rounds", "1", "--id", f"m-{seed}").code == 0
    first = cli("matches", "--json").json()
    repository.forget()
    repository.COUNTS.clear()
    assert cli("matches", "--json").json() == first
    assert repository.COUNTS["full reads"] == 0 and repository.COUNTS["events folded"] == 0
    assert cli("note", "m-1", "1", "a note").code == 0
    repository.forget()
    repository.COUNTS.clear()
    listed = {row["match_id"]: row["events"] for row in cli("matches", "--json").json()}
    assert listed == {row["match_id"]: row["events"] + (row["match_id"] == "m-1") for row in first}
    assert repository.COUNTS["full reads"] == 1  # m-1 alone


def test_a_standing_changed_in_the_database_is_not_listed_and_verify_names_it(cli: Cli, db: Path) -> None:
    import sqlite3

    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    truth = cli("matches", "--json").json()
    with sqlite3.connect(db) as conn:
        changed = conn.execute(
            """UPDATE read_models SET body = replace(body, '"standings":[', '"standings":[999,') """
            "WHERE model = 'glance-3'"
        ).rowcount
    assert changed == 1
    found = cli("verify")
    assert (
        found.code == 4 and "FAIL store.read_model.altered: match m-1: its cached standings were changed" in found.out
    )
    assert cli("matches", "--json").json() == truth


def test_a_table_entry_reads_the_match_once_and_folds_only_what_it_adds(cli: Cli, db: Path) -> None:
    from replay.cli.table_commands import Session

    lines = commands("typed", _events("tensho-seed7.jsonl"))
    for line in lines[:-3]:
        assert cli(*line).code == 0
    head = len(cli("log", "typed", "--json").json())
    session = Session("typed", str(db), "scorer")
    repository.forget()
    repository.COUNTS.clear()
    entry = " ".join(lines[-3][2:]).replace("--seat ", "").replace("--capture ", "")  # e.g. "pine-crane 1"
    entry = " ".join(w for w in entry.split() if not w.isdigit())
    assert session.enter(entry) == 0, entry
    added = len(cli("log", "typed", "--json").json()) - head
    assert added >= 1
    assert repository.COUNTS["full reads"] == 1  # the state, the prompt, the command and its echo share one read
    assert repository.COUNTS["events folded"] == head + added
    repository.COUNTS.clear()
    entry = " ".join(
        w for w in " ".join(lines[-2][2:]).replace("--capture ", "").split() if w not in ("--seat",) and not w.isdigit()
    )
    assert session.enter(entry) == 0, entry
    assert repository.COUNTS["full reads"] == 0
    assert repository.COUNTS["events folded"] == len(cli("log", "typed", "--json").json()) - head - added
