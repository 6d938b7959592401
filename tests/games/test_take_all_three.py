"""A card played or drawn onto three field cards of its month takes all three: in Tensho and in
Sendai-hana, through the fold and through the command a recorder types. The capture of one or
two of the three is refused by name, and nothing is stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.sendai import SendaiCapture, SendaiDraw, SendaiPlay
from events.tensho import TenshoCapture, TenshoDraw, TenshoPlay
from replay.engine.fold import IllegalEvent
from tests.games.sendai.test_sendai import midround, run
from tests.games.tensho.support import Table
from tests.games.tensho.test_tensho_rounds import triple_deal
from tests.helpers import Cli, rows

CHERRIES = ("cherry-chaff-2", "cherry-chaff-1", "cherry-poetry")  # the Tensho triple deal's field cherries


@pytest.mark.parametrize("taken", [CHERRIES[:1], CHERRIES[:2]], ids=["one", "two"])
def test_tensho_a_play_onto_three_of_its_month_takes_all_three(tmp_path: Path, taken: tuple[str, ...]) -> None:
    table = Table(tmp_path / "t.db")
    table.begin(triple_deal())
    before = table.count()
    with pytest.raises(IllegalEvent) as refused:
        table.record(
            TenshoPlay(card="cherry-curtain", seat=0), TenshoCapture(card="cherry-curtain", seat=0, taken=taken)
        )
    assert refused.value.code == "tensho.capture.take_all"
    assert refused.value.reason == (
        "cherry-curtain matches three field cards and takes all three: cherry-chaff-2, cherry-chaff-1, cherry-poetry"
    )
    assert table.count() == before
    table.record(
        TenshoPlay(card="cherry-curtain", seat=0), TenshoCapture(card="cherry-curtain", seat=0, taken=CHERRIES)
    )
    table.close()


def test_tensho_a_draw_onto_three_of_its_month_takes_all_three(tmp_path: Path) -> None:
    """The dealer's Cherry Curtain is on top of the pile instead of in his hand: drawn onto the
    three field cherries, it takes all three."""
    from tests.games.tensho.support import HAND0, deal, swap
    from tests.games.tensho.test_tensho_rounds import TRIPLE_FIELD, TRIPLE_HAND1, TRIPLE_PILE

    hand0 = swap(HAND0, "cherry-curtain", "paulownia-phoenix")
    pile = swap(TRIPLE_PILE, "paulownia-phoenix", "cherry-curtain")
    assert pile[0] == "cherry-curtain"
    table = Table(tmp_path / "t.db")
    table.begin(deal(TRIPLE_FIELD, hand0, TRIPLE_HAND1, pile))
    table.play(0, "pine-crane", "pine-chaff-1")
    before = table.count()
    with pytest.raises(IllegalEvent) as refused:
        table.record(TenshoDraw(card="cherry-curtain", seat=0),
                     TenshoCapture(card="cherry-curtain", seat=0, taken=("cherry-poetry",)))  # fmt: skip
    assert refused.value.code == "tensho.capture.take_all"
    assert table.count() == before
    table.draw(0, "cherry-curtain", *CHERRIES)
    rnd = table.state.round
    assert rnd is not None and not any(card.startswith("cherry") for card in rnd.field)
    table.close()


@pytest.mark.parametrize("taken", [("pine-chaff-1",), ("pine-chaff-1", "pine-chaff-2")], ids=["one", "two"])
@pytest.mark.parametrize("move", ["play", "draw"])
def test_sendai_a_card_onto_three_of_its_month_takes_all_three(move: str, taken: tuple[str, ...]) -> None:
    field = ("pine-chaff-1", "pine-chaff-2", "pine-poetry", "maple-chaff-1")
    hands = (("pine-crane", "iris-chaff-1"), ("clover-chaff-1", "susuki-chaff-1"), ("peony-chaff-1", "plum-chaff-1"))
    pile = ("pine-crane",) if move == "draw" else ("willow-swallow",)
    if move == "draw":
        hands = (("iris-chaff-1", "maple-deer"), *hands[1:])
    projection, state = midround(hands=hands, field=field, pile=(*pile, "plum-chaff-2", "iris-bridge"))
    if move == "draw":
        state = run(projection, state, SendaiPlay(card="iris-chaff-1", seat=0))  # matches nothing: left on the field
        placed: SendaiPlay | SendaiDraw = SendaiDraw(card="pine-crane", seat=0)
    else:
        placed = SendaiPlay(card="pine-crane", seat=0)
    with pytest.raises(IllegalEvent) as refused:
        run(projection, state, placed, SendaiCapture(card="pine-crane", seat=0, taken=taken))
    assert refused.value.code == "sendai.capture.take_all"
    after = run(
        projection,
        state,
        placed,
        SendaiCapture(card="pine-crane", seat=0, taken=("pine-chaff-1", "pine-chaff-2", "pine-poetry")),
    )
    assert after.round is not None and "pine-poetry" not in after.round.field  # fmt: skip


def test_through_the_command_a_capture_of_one_of_three_is_refused_and_the_forced_one_filled_in(
    cli: Cli, db: Path, tmp_path: Path
) -> None:
    assert cli("new", "tensho", "-p", "Aki", "-p", "Bob", "--id", "m-1").code == 0
    dealt = triple_deal()
    lines = [
        {"type": "round_started", "payload": {"round": 1, "dealer": 0}},
        {"type": "tensho.yaku_set_chosen", "payload": {"by": "agreement", "yaku_set": 2}},
        {"type": "tensho.deal", "payload": json.loads(dealt.model_dump_json())},
    ]
    assert cli("record", "m-1", stdin="\n".join(json.dumps(line) for line in lines)).code == 0
    before = rows(db)
    refused = cli("play", "m-1", "cherry-curtain", "--capture", "cherry-poetry")
    assert refused.code == 2
    assert "cherry-curtain matches three field cards and takes all three" in refused.err
    assert "[tensho.capture.take_all]" in refused.err
    assert rows(db) == before
    done = cli("play", "m-1", "cherry-curtain")  # the rules leave no choice: all three
    assert done.code == 0, done.err
    assert "cherry-curtain takes cherry-chaff-2, cherry-chaff-1, cherry-poetry" in done.out


def test_verify_file_catches_an_export_whose_event_count_was_raised(cli: Cli, tmp_path: Path) -> None:
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "m-1").code == 0
    document = json.loads(cli("export", "m-1").out)
    count = document["matches"][0]["event_count"]
    document["matches"][0]["event_count"] = count + 1
    path = tmp_path / "raised.json"
    path.write_text(json.dumps(document, indent=1))
    result = cli("verify", "--file", str(path))
    assert result.code == 4
    assert (
        f"raised.json: m-1 holds {count} events but its head says {count + 1}: the file was cut or edited" in result.out
    )
