"""A simulated MCR match of 16 hands, reproducible from its seed: recorded into a real SQLite
file, replayed, audited, verified, exported and read back; every win's fans equal the
calculator's on the hand the record holds, its flags worked out here from the events themselves;
the tiles are conserved at every event, and a seed gives the same match every time."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from events.mcr import FLOWERS
from replay.app.simulate import payloads
from replay.engine.fold import Step
from replay.games import GAMES
from tests.helpers import Cli

CODE = {"m": "W", "p": "B", "s": "T"}
# The players' places at each wind round's start, East first, as the Green Book moves them (the
# first dealer seat 0): East and South change places after the East round, and West and North; ...
PLACES = ((0, 1, 2, 3), (0, 3, 2, 1), (0, 3, 1, 2), (0, 2, 1, 3))


def _turn(hand: int) -> list[int]:
    places = PLACES[(hand - 1) // 4 % 4]
    return [places[((hand - 1) % 4 + k) % 4] for k in range(4)]


HONOURS = {"1z": "F1", "2z": "F2", "3z": "F3", "4z": "F4", "5z": "J3", "6z": "J2", "7z": "J1"}


def _code(tile: str) -> str:
    return HONOURS.get(tile) or f"{CODE[tile[1]]}{tile[0]}"


def test_a_simulated_match_of_16_hands_replays_audits_verifies_and_round_trips(cli: Cli, tmp_path: Path) -> None:
    made = cli("simulate", "mcr", "--seed", "7", "--hands", "16")
    assert made.code == 0, made.err
    data = cli("replay", "mcr-sim-7", "--json").json()
    assert len(data["results"]) == 16 and data["complete"] is True
    assert sum(data["standings"]) == 0
    assert sum(1 for r in data["results"] if r["winner"] is not None) >= 6  # the player wins most hands it can
    audit = cli("audit", "mcr-sim-7")
    assert audit.code == 0 and "no findings" in audit.out, audit.out
    assert cli("verify").code == 0
    exported = tmp_path / "mcr.json"
    assert cli("export", "mcr-sim-7", "--output", str(exported)).code == 0
    other = Cli(tmp_path / "other.db", cli.capsys)
    assert other("import", str(exported)).code == 0
    again = other("replay", "mcr-sim-7", "--json").json()
    assert again["standings"] == data["standings"] and again["results"] == data["results"]
    page = tmp_path / "mcr.html"
    assert cli("view", "mcr-sim-7", "--output", str(page)).code == 0
    html = page.read_text()
    assert 'id="t-1f"' in html and 'id="t-7z"' in html and 'id="t-0m"' not in html  # flowers drawn, no red fives
    stats = cli("stats", "--json").json()
    standings = {row["player"]: row for row in stats["standings"]["mcr"]}
    assert sum(row["points"] for row in standings.values()) == 0
    assert sorted(row["uma"] for row in standings.values()) == sorted(data["table_points"])
    assert stats["results"]["mcr"]["label"] == "table points"
    first = data["players"][0]["name"]
    player = cli("player", first, "--json").json()
    assert player["games"]["mcr"]["games"] == 1, player


def _calculated(before: Any, win: Any, hand_events: list[Any]) -> list[tuple[str, int]]:
    """The calculator's fans on the winner's hand as the record holds it, the flags worked out from
    the hand's events: self-drawn, the fourth tile shown, a kong's replacement or a kong robbed, the
    wall's last tile, the winds, the flowers."""
    import MahjongGB

    rnd = before.round
    seat, giver = win.seat, win.from_seat
    robbed = bool(hand_events) and hand_events[-1].type == "mcr.meld" and hand_events[-1].payload.kind == "added_kong"
    if giver is None:
        tile = next(s.payload.tile for s in reversed(hand_events) if s.type == "mcr.draw")
        concealed = list(rnd.hands[seat])
        concealed.remove(tile)
    else:
        tile = hand_events[-1].payload.tiles[0] if robbed else hand_events[-1].payload.tile
        concealed = list(rnd.hands[seat])
    discarded = Counter(s.payload.tile for s in hand_events if s.type == "mcr.discard")
    claimed: Counter[str] = Counter()
    for step in hand_events:
        if step.type == "mcr.meld" and step.payload.kind in ("chow", "pung", "kong"):
            claimed[next(s for s in reversed(hand_events[: hand_events.index(step)]) if s.type == "mcr.discard")
                    .payload.tile] += 1  # fmt: skip
    shown = discarded[tile] - claimed[tile] - (giver is not None and not robbed)
    shown += sum(m.tiles.count(tile) for melds in rnd.melds for m in melds if m.kind != "concealed_kong")
    drawn = [s for s in hand_events if s.type == "mcr.draw"]
    after_kong = (giver is None and len(hand_events) >= 2 and hand_events[-1].payload.replacement
                  and hand_events[-2].type == "mcr.meld")  # fmt: skip
    packs = []
    for meld in rnd.melds[seat]:
        kind = {"chow": "CHI", "pung": "PENG"}.get(meld.kind, "GANG")
        middle = sorted(meld.tiles)[1 if meld.kind == "chow" else 0]
        turn = _turn(rnd.number)
        offer = 0 if meld.kind == "concealed_kong" else (1 if meld.kind == "chow" else
                                                         (turn.index(seat) - turn.index(meld.from_seat)) % 4)  # fmt: skip
        packs.append((kind, _code(middle), offer))
    found = MahjongGB.MahjongFanCalculator(
        pack=tuple(packs), hand=tuple(_code(t) for t in concealed), winTile=_code(tile),
        flowerCount=sum(1 for s in hand_events if s.type == "mcr.flower" and s.payload.seat == seat),
        isSelfDrawn=giver is None, is4thTile=shown >= 3, isAboutKong=robbed or after_kong,
        isWallLast=91 - len(drawn) == 0, seatWind=_turn(rnd.number).index(seat), prevalentWind=(rnd.number - 1) // 4 % 4,
        verbose=True,
    )  # fmt: skip
    return [(name.lower().replace("-", "_").replace(" ", "_"), count) for _, count, _, name in found]


def test_every_simulated_win_counts_the_calculators_fans_on_the_recorded_hand() -> None:
    game = GAMES["mcr"]
    projection = game.projection()
    state = projection.initial()
    hand: list[Step] = []
    checked = 0
    for seq, payload in enumerate(payloads("mcr", 11, 16), start=1):
        step = Step(seq, payload.EVENT_TYPE, payload)
        if step.type == "mcr.win":
            expected = _calculated(state, payload, hand)
            state = projection.apply(state, step)
            assert [(f, n) for f, n in state.results[-1].fans] == expected, (seq, expected)
            checked += 1
            continue
        state = projection.apply(state, step)
        hand = [] if step.type == "round_started" else [*hand, step]
    assert checked >= 6


@settings(max_examples=5, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=10_000))
@example(6022)  # the wall's last tile a flower: nothing replaces it, and the hand is drawn
def test_the_tiles_are_conserved_at_every_event_and_a_seed_gives_the_same_match(seed: int) -> None:
    """At every event of a hand the 144 tiles are in the hands, the sets, the discards, the flowers
    set aside and the wall, none twice; the same seed makes the same events."""
    game = GAMES["mcr"]
    projection = game.projection()
    state = projection.initial()
    made = list(payloads("mcr", seed, 3))
    assert [p.canonical_json() for p in payloads("mcr", seed, 3)] == [p.canonical_json() for p in made]
    for seq, payload in enumerate(made, start=1):
        state = projection.apply(state, Step(seq, payload.EVENT_TYPE, payload))
        rnd = state.round
        if rnd is None or rnd.phase == "deal":
            continue
        out = Counter(t for place in (rnd.hands, rnd.flowers, rnd.rivers) for tiles in place for t in tiles)
        out.update(t for melds in rnd.melds for m in melds for t in m.tiles)
        assert sum(out.values()) + rnd.wall == 144, seq
        assert all(n <= (1 if t in FLOWERS else 4) for t, n in out.items()), seq
    assert json.dumps(state.standings) and sum(state.standings) == 0
