"""Each discard weighed: shanten and the tiles that improve a hand (ukeire), worked out by hand for 20
hands and held to the `mahjong` package (its Shanten, over every tile kind) on 1,000 hands of real
games; and `taikyoku review` on a real game.

In the hand-worked hands nothing is seen but the hand itself: a kind's copies still to come are four,
less those in the hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from events.tiles import parse_many
from replay.games.riichi.efficiency import counts, improving, name, shanten, weigh
from tests.helpers import Cli
from tests.paths import CORPUS


def _worked(text: str, melds: int = 0) -> tuple[int, list[str], int]:
    hand = counts(parse_many(text))
    unseen = [4 - n for n in hand]
    now, better = improving(hand, melds, unseen)
    return now, [name(k) for k in better], sum(unseen[k] for k in better)


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        # Tenpai, each wait worked out: a shanpon on 1z and 2z (two of each left).
        ("123m456p789s1122z", 0, (0, ["1z", "2z"], 4)),
        ("123m456p789s234s5z", 0, (0, ["5z"], 3)),  # a single wait on 5z
        ("123m456p789s23s55z", 0, (0, ["1s", "4s"], 8)),  # two-sided 1s-4s
        ("123m456p789s13s55z", 0, (0, ["2s"], 4)),  # closed 2s
        ("123m456p789s12s55z", 0, (0, ["3s"], 4)),  # edge 3s
        ("1112345678999m", 0, (0, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"], 23)),  # nine gates: 1+7x3+1
        ("19m19p19s1234567z", 0, (0, ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"], 39)),
        ("1122m3344p5566s7z", 0, (0, ["7z"], 3)),  # seven pairs on 7z (the sets form is 3 away)
        ("123456789m1234p", 0, (0, ["1p", "4p"], 6)),  # 123p + 4p, or 11p + 234p
        ("1112m345p999p678s", 0, (0, ["2m", "3m"], 7)),  # 111m + 2m, or 11m + 123m
        ("55m678m234p456s67s", 0, (0, ["5s", "8s"], 7)),  # 5s: one is in 456s, three left
        ("3456m111p234s789s", 0, (0, ["3m", "6m"], 6)),  # 345m + 6m, or 456m + 3m
        ("223344m567p11s78s", 0, (0, ["6s", "9s"], 8)),
        # One from tenpai: 3 sets, 24s, 7z and 1z alone: 3s completes 234s; 7z or 1z makes the pair.
        ("123m456p789s24s17z", 0, (1, ["3s", "1z", "7z"], 10)),
        # 2345m 678p 345s 9s 77z: one from tenpai; 1m-7m, 7s-9s and 7z each make it tenpai.
        ("2345m678p345s9s77z", 0, (1, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "7s", "8s", "9s", "7z"], 37)),
        # Two from tenpai: 2 sets and three closed waits (only two count): a closed wait filled, or a pair
        # (6m too: 345m and 66m as the pair).
        ("13456m46p79s123s1z", 0, (2, ["1m", "2m", "3m", "6m", "4p", "5p", "6p", "7s", "8s", "9s", "1z"], 36)),
        # No two tiles together: seven pairs is the nearest, 6 away; any tile held pairs (3 of each left).
        ("147m258p369s1234z", 0, (6, ["1m", "4m", "7m", "2p", "5p", "8p", "3s", "6s", "9s", "1z", "2z", "3z", "4z"], 39)),
        # Thirteen orphans two away: 11 orphans, no pair; any orphan helps (6z and 7z: four left).
        ("19m19p19s12345z58m", 0, (2, ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"], 41)),
        # One meld called: 2 sets in hand, 78s, 55z: tenpai on 6s and 9s.
        ("123m456p78s55z", 1, (0, ["6s", "9s"], 8)),
        # Two melds called: 13m, 46p, 77z and 1z: one from tenpai; 2m or 5p fills a closed wait.
        ("13m46p77z1z", 2, (1, ["2m", "5p"], 8)),
    ],
)  # fmt: skip
def test_twenty_hands_worked_out_by_hand(hand: str, melds: int, expected: tuple[int, list[str], int]) -> None:
    assert _worked(hand, melds) == expected


def test_the_best_discard_and_the_ground_lost() -> None:
    # 123m 456p 789s 234s with 1z and 7z: either honour discarded leaves a single wait on the other
    # (3 left); 2s discarded breaks the run: one from tenpai. Equal discards keep the one made.
    hand = list(parse_many("123m456p789s234s17z"))
    unseen = [4 - n for n in counts(hand)]
    kept = weigh(hand, 0, "1z", unseen)
    assert (kept.before, kept.after, kept.ukeire_count, kept.best, kept.lost) == (0, 0, 3, "1z", False)
    broke = weigh(hand, 0, "2s", unseen)
    assert (broke.after, broke.best_after, broke.best_count, broke.lost) == (1, 0, 3, True)


def _positions(cli: Cli) -> list[tuple[list[int], int, list[int], list[int]]]:
    """(the 14-tile hand, melds called, the 13 left after the discard made, the copies unseen) at every
    discard of a known hand in the real games of tests/data/tenhou6."""
    from replay.app import steps as match_steps
    from replay.engine.fold import history
    from replay.games.riichi.analysis import _unseen_to
    from replay.games.riichi.efficiency import index
    from replay.games.riichi.fold import RiichiProjection
    from store import EventStore

    assert cli("import", str(CORPUS)).code in (0, 1)
    found = []
    with EventStore.open(cli.db) as store:
        matches = [row["match_id"] for row in cli("matches", "--json").json()]
        for match in matches:
            projection = RiichiProjection()
            state = projection.initial()
            for step in history(match_steps.read_steps(store, match)).effective:
                rnd = state.round
                if step.type == "riichi.discard" and rnd is not None and len(rnd.hands[step.payload.seat]) % 3 == 2:
                    seat = step.payload.seat
                    hand = counts(rnd.hands[seat])
                    left = list(hand)
                    left[index(step.payload.tile)] -= 1
                    found.append((hand, len(rnd.melds[seat]), left, _unseen_to(state, seat)))
                state = projection.apply(state, step)
            if len(found) >= 1000:
                break
    return found[:1000]


def test_1000_hands_of_real_games_agree_with_the_mahjong_package(cli: Cli) -> None:
    from mahjong.shanten import Shanten

    library = Shanten()

    def theirs(hand: list[int], melds: int) -> int:
        return int(library.calculate_shanten(hand, use_chiitoitsu=melds == 0, use_kokushi=melds == 0))

    positions = _positions(cli)
    assert len(positions) == 1000
    for hand, melds, left, unseen in positions:
        assert shanten(hand, melds) == theirs(hand, melds)
        now = theirs(left, melds)
        better = []
        for kind in range(34):  # every kind tried, by the library's count
            if left[kind] < 4 and unseen[kind]:
                left[kind] += 1
                if theirs(left, melds) < now:
                    better.append(kind)
                left[kind] -= 1
        assert improving(left, melds, unseen) == (now, tuple(better))


def test_review_weighs_a_real_game_and_refuses_what_it_cannot_weigh(cli: Cli, db: Path) -> None:
    log = CORPUS / "mjlog2json-2019103023gm-00a9-0000-f90e0fe9.json"
    assert cli("import", str(log)).code in (0, 1)
    match = "2019103023gm-00a9-0000-f90e0fe9"
    found = cli("review", match, "--json").json()
    names = found["players"]
    assert [row["player"] for row in found["summary"]] == names
    first = found["discards"][0]
    assert first["hand"] == 1 and set(first) >= {"shanten_before", "shanten_after", "ukeire", "best", "waits", "lost"}
    assert all(w["shanten_after"] >= w["best_shanten"] for w in found["discards"])
    assert all(w["waits"] == w["ukeire"] for w in found["discards"] if w["shanten_after"] == 0)
    for row in found["summary"]:
        assert row["discards"] == row["best_kept"] + row["lost"]
    one = cli("review", match, "--player", names[1], "--json").json()
    assert {w["player"] for w in one["discards"]} == {names[1]}
    assert names[1] in cli("review", match).out
    refused = cli("review", match, "--player", "Nobody")
    assert refused.code == 2 and "no player 'Nobody' in this match" in refused.err
    assert cli("simulate", "tensho", "--seed", "1", "--rounds", "1", "--id", "ten").code == 0
    not_riichi = cli("review", "ten")
    assert (
        not_riichi.err
        == "taikyoku: error: match ten is a Tensho match; review weighs the discards of riichi or MCR matches\n"
    )
    assert not_riichi.code == 2


@pytest.mark.parametrize(
    "log_name", ["mjlog2json-2019123123gm-00a9-0000-f4386d0e.json", "mjai-reviewer-double_ron.json"]
)
def test_the_reviews_summary_counts_riichi_and_deals_in_as_the_log_records_them(cli: Cli, log_name: str) -> None:
    """Counted from the log itself (tenhou.net/6): each riichi is a discard written "r" + tile in
    its player's discards, each deal-in a win whose payer is not its winner. The review's summary,
    whole and for one player, says the same. Plants: a ron counted twice, every win counted, the
    riichi flag or the discard's key dropped, one player's filter keeping everyone."""
    import json

    log = json.loads((CORPUS / log_name).read_text())
    riichi, dealt_in = [0, 0, 0, 0], [0, 0, 0, 0]
    for hand in log["log"]:
        for seat in range(4):
            riichi[seat] += sum(1 for d in hand[6 + 3 * seat] if isinstance(d, str) and d.startswith("r"))
        result = hand[16]
        if result[0] == "和了":
            for entry in result[2::2]:
                winner, payer = entry[0], entry[1]
                if payer != winner:
                    dealt_in[payer] += 1
    assert cli("import", str(CORPUS / log_name)).code in (0, 1)
    [match] = [row["match_id"] for row in cli("matches", "--json").json()]
    found = cli("review", match, "--json").json()
    assert [(r["riichi"], r["deals_in"]) for r in found["summary"]] == list(zip(riichi, dealt_in, strict=True))
    assert sum(riichi) > 0 and sum(dealt_in) > 0
    assert all(isinstance(w["discard"], str) and len(w["discard"]) == 2 for w in found["discards"])
    assert sum(1 for w in found["discards"] if w["riichi"]) == sum(riichi)
    name = found["players"][2]
    one = cli("review", match, "--player", name, "--json").json()
    assert [(r["seat"], r["riichi"], r["deals_in"]) for r in one["summary"]] == [(2, riichi[2], dealt_in[2])]
