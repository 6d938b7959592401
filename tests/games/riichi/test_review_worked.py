"""The review worked by hand at its edges: the shanten of each form at its boundary (seven pairs at 13
tiles, thirteen orphans with and without their pair, sets already called), which drawn tiles
improve a hand when only one form is nearest, which discard is best when the shanten ties, the
copies a player could not see (the rivers of every seat, the dora indicator, a kind seen four times),
the summary's ground lost, a player named by the name before their wind, and a real game's
weighed discards counted from the log itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from events.envelope import new_event
from events.errors import InputError
from events.model import Payload
from events.riichi import RiichiDiscard, RiichiDraw, RiichiRoundStarted
from events.tiles import parse_many
from replay.app import service
from replay.app.log_files import games_of
from replay.app.steps import read_steps
from replay.engine.fold import META_TYPES, Step, history
from replay.engine.logs import Imported
from replay.games.riichi.analysis import discards, review
from replay.games.riichi.efficiency import (
    _best_ways,
    _neighbours,
    counts,
    improving,
    index,
    name,
    regular_shanten,
    shanten,
    weigh,
)
from replay.games.riichi.public import public_view
from store import EventStore
from tests.games.riichi.support import deal
from tests.helpers import RECORDER, Cli
from tests.paths import CORPUS


def _hand(text: str) -> list[int]:
    return counts(parse_many(text))


def _unseen_by_hand(text: str) -> list[int]:
    return [4 - n for n in _hand(text)]


def test_a_red_five_is_its_suits_five_and_each_kind_has_its_place() -> None:
    assert [index(t) for t in ("0m", "5m", "0p", "0s", "1z", "7z")] == [4, 4, 13, 22, 27, 33]


def test_each_forms_shanten_at_its_boundary() -> None:
    assert regular_shanten(_hand("123m456p789s1122z")) == 0  # no sets called: a shanpon, tenpai
    assert regular_shanten(_hand("123m456p789s1122z"), 1) == -1  # read as if one set were called
    assert shanten(_hand("1122m3344p5566s7z")) == 0  # seven pairs counts at 13 tiles (the sets form: 3)
    assert shanten(_hand("19m19p19s1234567z1m")) == -1  # thirteen orphans complete
    # 11 orphans, their pair 5z, and 8m: thirteen orphans one away (the others 5 and more).
    assert shanten(_hand("19m19p19s123455z8m")) == 1


def test_a_way_beaten_on_sets_partial_sets_and_the_head_at_once_is_dropped() -> None:
    ways = [(1, 0, 0), (0, 2, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1), (0, 2, 1), (1, 1, 0)]
    assert sorted(_best_ways(ways)) == [(0, 2, 1), (1, 0, 1), (1, 1, 0)]
    assert _best_ways([(1, 0, 0), (1, 1, 0)]) == ((1, 1, 0),)  # beaten with the same head


def test_a_tiles_neighbours_stay_in_its_suit_and_honours_have_none() -> None:
    # 9m: 7m 8m 9m (not 1p, 2p); 1s: 1s 2s 3s (not 8p, 9p); 1z: itself.
    assert [name(k) for k in _neighbours(_hand("9m1s1z"))] == ["7m", "8m", "9m", "1s", "2s", "3s", "1z"]


def test_seven_pairs_nearest_with_six_kinds_any_new_kind_improves() -> None:
    # 11m 22p 33s 44z 55z 666z: six pairs (666z holds one), six kinds: one from tenpai by seven pairs;
    # the sets form is two away (one set, five pairs: 8 - 2 - 3 - 1). A seventh kind makes tenpai;
    # a kind held does not. 28 kinds not held, four copies each.
    now, better = improving(_hand("11m22p33s44z55z666z"), 0, _unseen_by_hand("11m22p33s44z55z666z"))
    held = {"1m", "2p", "3s", "4z", "5z", "6z"}
    assert now == 1
    assert [name(k) for k in better] == [name(k) for k in range(34) if name(k) not in held]
    assert len(better) == 28


def test_thirteen_orphans_with_their_pair_improve_only_by_an_orphan_not_held() -> None:
    # 11 orphans with 5z paired: only 6z or 7z (four each) lowers it; a second pair does not.
    assert improving(_hand("19m19p19s123455z8m"), 0, _unseen_by_hand("19m19p19s123455z8m")) == (1, (32, 33))


def test_the_shanten_before_counts_the_sets_called() -> None:
    # One set called; in hand 123m 456p 789s 55z: complete (-1) before the discard; 5z discarded
    # leaves a single wait on 5z, two left; 1m discarded, a two-sided 23m (1m three left, 4m four:
    # seven; 9s discarded ties at seven, and the first kind of equals is named).
    hand = list(parse_many("123m456p789s55z"))
    unseen = _unseen_by_hand("123m456p789s55z")
    weighed = weigh(hand, 1, "5z", unseen)
    assert (weighed.discard, weighed.before, weighed.after, weighed.ukeire, weighed.ukeire_count) == (
        "5z", -1, 0, (31,), 2
    )  # fmt: skip
    assert (weighed.best, weighed.best_after, weighed.best_count) == ("1m", 0, 7)


def test_every_discard_is_tried_from_the_same_hand() -> None:
    # 11m 456p 789s 234s 55z 7z: 1m is tried first (held twice) and must be put back as two.
    # 7z discarded: a shanpon on 1m and 5z, two of each left.
    hand = list(parse_many("11m456p789s234s55z7z"))
    weighed = weigh(hand, 0, "7z", _unseen_by_hand("11m456p789s234s55z7z"))
    assert (weighed.before, weighed.after, [name(k) for k in weighed.ukeire], weighed.ukeire_count) == (
        0, 0, ["1m", "5z"], 4
    )  # fmt: skip
    assert (weighed.best, weighed.best_count, weighed.lost) == ("7z", 4, False)


def test_of_two_tenpai_discards_the_one_with_more_waiting_tiles_is_best() -> None:
    # 123m 456p 777s 55z with 3s 4s 6s: 6s discarded waits on 2s and 5s (eight); 3s discarded, on
    # 5s alone (four): both tenpai, and 3s gives four tiles up.
    hand = list(parse_many("123m456p777s55z346s"))
    weighed = weigh(hand, 0, "3s", _unseen_by_hand("123m456p777s55z346s"))
    assert (weighed.after, [name(k) for k in weighed.ukeire], weighed.ukeire_count) == (0, ["5s"], 4)
    assert (weighed.best, weighed.best_after, [name(k) for k in weighed.best_ukeire], weighed.best_count) == (
        "6s", 0, ["2s", "5s"], 8
    )  # fmt: skip
    assert weighed.lost


NAMES = ["Sato Ai (E)", "Bo (S)", "Cy (W)", "Di (N)"]


@pytest.fixture
def recorded(tmp_path: Path) -> list[Step]:
    """One hand: Sato Ai (East) starts one from tenpai with 123m 456p 789s 2s 9p 55z, the dora
    indicator 4s. Her four discards: 2s (drew 3s), 9p (drew 1s), 1s (drew 9m), 9m (drew 6s); the
    three others each discard a 4s in the first go-around, then the tiles they draw."""
    store = EventStore.open(tmp_path / "review.db", create=True)
    started = service.build_match_started("riichi", NAMES, ruleset_id="tenhou")
    service.start_match(store, started, recorded_by=RECORDER, match_id="r-1")

    def record(*payloads: Payload) -> None:
        service.check_and_append(store, "r-1", [new_event(p, recorded_by=RECORDER) for p in payloads])

    dealt, junk = deal({0: "123m456p789s2s55z9p"}, reserved="3s444s1s9m6s", dora="4s")
    opening = RiichiRoundStarted(dealer=0, hand=1, honba=0, round_wind="E", scores=(25000,) * 4, sticks=0)
    record(opening, dealt)

    def turn(seat: int, draw: str, discard: str | None = None) -> None:
        record(RiichiDraw(seat=seat, tile=draw))
        record(RiichiDiscard(seat=seat, tile=discard or draw, tsumogiri=discard is None))

    turn(0, "3s", "2s")
    for seat in (1, 2, 3):
        turn(seat, "4s")
    turn(0, "1s", "9p")
    for seat in (1, 2, 3):
        turn(seat, junk.pop(0))
    turn(0, "9m", "1s")
    for seat in (1, 2, 3):
        turn(seat, junk.pop(0))
    turn(0, "6s", "9m")
    steps = list(history(read_steps(store, "r-1")).effective)
    store.close()
    # The others' draws are 1m 2m 3m and 4m 5m 5m: none is a tile counted below.
    assert [s.payload.tile for s in steps if isinstance(s.payload, RiichiDiscard) and s.payload.seat] == [
        "4s", "4s", "4s", "1m", "2m", "3m", "4m", "5m", "5m"
    ]  # fmt: skip
    return steps


def test_each_discard_weighed_by_the_copies_its_player_could_not_see(recorded: list[Step]) -> None:
    found = review(recorded, "Sato Ai")
    assert found["players"] == NAMES
    rows = [
        (w["seq"], w["discard"], w["shanten_after"], w["ukeire"], w["ukeire_count"], w["best"],
         w["best_shanten"], w["best_ukeire"], w["best_count"], w["waits"], w["lost"])
        for w in found["discards"]
    ]  # fmt: skip
    assert rows == [
        # 2s from 123m 456p 789s 23s 9p 55z: 1 from tenpai (3s, 9p). Improving: 7p 8p 9p, 1s-5s, 5z
        # (a third 5z: four sets). Unseen: 9p 2s 3s one in hand, 4s the dora indicator, 5z two
        # in hand: 4+4+3+4+3+3+3+4+2 = 30. 9p discarded: 23s waits on 1s (4) and 4s (3).
        (5, "2s", 1, ["7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "5z"], 30, "9p", 0, ["1s", "4s"], 7, [], True),
        # 9p with 1s drawn: 13s waits on 2s, one in her own river: 3.
        (13, "9p", 0, ["2s"], 3, "9p", 0, ["2s"], 3, ["2s"], False),
        # 1s with 9m drawn: 3s, 9m: every 4s is seen (the indicator and three rivers), so it is no
        # improving tile. 7m 8m 4, 9m 3, 1s 3 (in hand), 2s 3 (her river), 3s 3, 5s 4, 5z 2: 26.
        (21, "1s", 1, ["7m", "8m", "9m", "1s", "2s", "3s", "5s", "5z"], 26, "9m", 0, ["2s"], 3, [], True),
        # 9m with 6s drawn: 3s 6s left. 1s 3 (her river), 2s 3, 3s 3, 5s 4, 6s 7s 8s 9s 3 each, 5z 2:
        # 27. 3s discarded keeps 6s 9m: 7m 8m 4, 9m 3, 5s 4, 6s-9s 3 each, 5z 2: 29.
        (29, "9m", 1, ["1s", "2s", "3s", "5s", "6s", "7s", "8s", "9s", "5z"], 27, "3s", 1,
         ["7m", "8m", "9m", "5s", "6s", "7s", "8s", "9s", "5z"], 29, [], True),
    ]  # fmt: skip
    # Ground lost: tiles given up only where the shanten was the best's (29 - 27 = 2); shanten given
    # up 1 + 0 + 1 + 0 = 2.
    assert found["summary"] == [
        {"seat": 0, "player": "Sato Ai (E)", "discards": 4, "best_kept": 1, "lost": 3, "tiles_given_up": 2,
         "shanten_given_up": 2, "riichi": 0, "deals_in": 0, "deals_in_safer_held": 0,
         "went_well": 0, "went_badly": 0}  # a hand still in play: its checks are read when it ends
    ]  # fmt: skip


def test_a_player_not_in_the_match_is_refused_with_its_players_names(recorded: list[Step]) -> None:
    with pytest.raises(InputError) as refused:
        review(recorded, "Sato")
    assert str(refused.value) == "no player 'Sato' in this match; its players are Sato Ai (E), Bo (S), Cy (W), Di (N)"
    assert review(recorded, "Sato Ai (E)")["summary"][0]["discards"] == 4


def test_a_public_record_has_no_hand_to_weigh() -> None:
    log = CORPUS / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    [game] = [g for g in games_of(log) if isinstance(g, Imported)]
    public = [p for p in public_view(game.payloads) if p.EVENT_TYPE not in META_TYPES]
    weighed, state = discards([Step(seq, p.EVENT_TYPE, p) for seq, p in enumerate(public, 1)])
    assert weighed == [] and len(state.results) > 0


def test_a_real_games_weighed_discards_are_its_logs_up_to_each_riichi(cli: Cli) -> None:
    """Counted from tenhou.net/6: a player's discards are the whole numbers of their discard column
    (60 a tile drawn and let go) and the "r" entries (a riichi); a 0 or a kan is no discard. After
    a riichi nothing is weighed. Called hands (11 tiles and fewer) are weighed too."""
    log_name = "mjlog2json-2019123123gm-00a9-0000-f4386d0e.json"
    log = json.loads((CORPUS / log_name).read_text())
    expected = [0, 0, 0, 0]
    calls = 0
    for hand in log["log"]:
        for seat in range(4):
            calls += sum(1 for t in hand[5 + 3 * seat] if isinstance(t, str))
            for entry in hand[6 + 3 * seat]:
                if isinstance(entry, str) and entry.startswith("r"):
                    expected[seat] += 1
                    break
                if isinstance(entry, int) and entry != 0:
                    expected[seat] += 1
    assert calls > 0
    assert cli("import", str(CORPUS / log_name)).code in (0, 1)
    [match] = [row["match_id"] for row in cli("matches", "--json").json()]
    found = cli("review", match, "--json").json()
    assert [row["discards"] for row in found["summary"]] == expected
    seqs = [w["seq"] for w in found["discards"]]
    assert seqs == sorted(set(seqs)) and seqs[0] > 1
