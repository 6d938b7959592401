"""The HTML page's embedded document is the replay: at every event, the same JSON `replay --at SEQ
--json` prints, retractions and notes included."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from replay.app.application import Application
from replay.present.view_page import made_again, page, unpacked
from tests.helpers import Cli


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
    made = Application(str(db)).replay_frames(match, where=str(db))
    whole = json.loads(json.dumps(made["frames"]))
    document = unpacked(page(made))
    shown = made_again(document)  # each frame made again from the changes the page carries
    assert shown == whole
    assert isinstance(shown, list) and [f["type"] for f in shown[-2:]] == ["annotation", "retract"]
    assert [f["seq"] for f in shown if f["retracted"]] == [last]
    for frame in shown:  # every frame, step by step
        expected = cli("replay", match, "--at", str(frame["seq"]), "--json", "--db", str(db)).json()
        assert frame["state"] == expected, frame["seq"]


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(JSON_VALUES, JSON_VALUES)
@example([1], [True])  # equal to Python, not as JSON: a change the page must carry
@example({"a": [0, 0, 0]}, {"a": [0, 1, 0], "b": None})
@example([{"tile": "5m"}], [{"tile": "5m"}, {"tile": "0m"}])
def test_a_change_carried_and_patched_back_is_exact(before: object, after: object) -> None:
    from replay.present.page import delta, patch

    made = patch(before, delta(before, after))
    assert json.dumps(made, sort_keys=True) == json.dumps(after, sort_keys=True)


def test_the_longest_real_game_in_the_tests_makes_a_light_page(cli: Cli, tmp_path: Path) -> None:
    """17 hands, 2,019 events: each frame whole would be 19 MB; the page carries the changes, packed."""
    from tests.paths import ROOT

    game = ROOT / "tests" / "data" / "tenhou6-more" / "2022060107gm-00a9-0000-a990aa36.json"
    assert cli("import", str(game)).code == 0
    out = tmp_path / "long.html"
    assert cli("view", "2022060107gm-00a9-0000-a990aa36", "-o", str(out)).code == 0
    assert out.stat().st_size <= 600_000


def test_the_page_opens_from_a_block_of_the_frames_up_to_the_one_it_opens_at(cli: Cli, tmp_path: Path) -> None:
    """The long game's page holds a small opening block: the first frame alone (or, with `view --at`,
    the frames up to that event), each the very frame of the whole match, and none of the rest.
    Plant: the opening block made of every frame."""
    import base64
    import gzip
    import re

    from tests.paths import ROOT

    game = ROOT / "tests" / "data" / "tenhou6-more" / "2022060107gm-00a9-0000-a990aa36.json"
    assert cli("import", str(game)).code == 0
    for at, frames_opened in ((None, 1), ("60", 60)):
        out = tmp_path / f"long-{at}.html"
        asked = ("--at", at) if at else ()
        assert cli("view", "2022060107gm-00a9-0000-a990aa36", *asked, "-o", str(out)).code == 0
        html = out.read_text()
        found = re.search(
            r'<script id="match-opening" type="application/octet-stream">([A-Za-z0-9+/=]*)</script>', html
        )
        assert found is not None
        opened = json.loads(gzip.decompress(base64.b64decode(found.group(1))))
        whole = unpacked(html)
        assert len(whole["frames"]) == 2019 and whole["last_seq"] == 2019
        assert [f["seq"] for f in opened["frames"]] == list(range(1, frames_opened + 1))
        assert opened["frames"] == whole["frames"][:frames_opened]
        assert opened["last_seq"] == 2019 and opened["players"] == whole["players"]
        if at is None:
            assert len(found.group(1)) < 4_000  # a few kilobytes, however long the match
