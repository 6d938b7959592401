"""The HTML page's embedded document is the replay: at every event, the same JSON `replay --at SEQ
--json` prints, retractions and notes included."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.app.view_page import frames, page
from store import EventStore
from tests.helpers import Cli


def _embedded(html: str) -> dict[str, object]:
    found = re.search(r'<script id="match-data" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1).replace("<\\/", "</"))


@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.sampled_from(["tensho", "sendai", "riichi"]), st.integers(min_value=0, max_value=10_000))
def test_every_frame_is_what_replay_at_that_seq_prints(cli: Cli, tmp_path: Path, game: str, seed: int) -> None:
    import uuid

    db = tmp_path / f"{uuid.uuid4().hex}.db"  # a store of its own for each example
    match = f"{game}-v{seed}"
    extra = ["--hands", "1"] if game == "riichi" else ["--rounds", "1"]
    options = ["--option", "sendai.teyakuMode=winRound"] if game == "sendai" else []
    assert cli("simulate", game, "--seed", str(seed), *extra, *options, "--id", match, "--db", str(db)).code == 0
    # A note whose text could end a script element, and a retraction that changes what came before.
    last = cli("log", match, "--json", "--db", str(db)).json()[-1]["seq"]
    assert cli("note", match, "3", "the dealer </script> shuffled twice", "--db", str(db)).code == 0
    assert cli("retract", match, str(last), "--reason", "entered by mistake", "--db", str(db)).code == 0
    with EventStore.open(db) as store:
        document = _embedded(page(store, match))
        assert document["frames"] == json.loads(json.dumps(frames(store, match)["frames"]))
    shown = document["frames"]
    assert isinstance(shown, list) and [f["type"] for f in shown[-2:]] == ["annotation", "retract"]
    assert [f["seq"] for f in shown if f["retracted"]] == [last]
    for frame in shown:  # every frame, step by step
        expected = cli("replay", match, "--at", str(frame["seq"]), "--json", "--db", str(db)).json()
        assert frame["state"] == expected, frame["seq"]
