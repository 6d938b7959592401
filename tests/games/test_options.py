"""Each game's typed options object is built from every option its rulesets declare, and nothing else:
an option added to the data but never read (or read but never declared) fails here."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from events.match import MatchLength, PlayerSeat
from replay.games import rulesets
from replay.games.koikoi.options import KoikoiOptions
from replay.games.mcr.options import options_from
from replay.games.riichi.options import RiichiOptions
from replay.games.sendai.options import SendaiOptions
from replay.games.tensho.options import TenshoOptions


class Reads(Mapping[str, Any]):
    """A mapping that remembers which keys were read."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        self.values = dict(values)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self.values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.values)

    def __len__(self) -> int:
        return len(self.values)


FILLED = {"sendai.teyakuMode": "claimAndContinue"}  # the one option with no default: players choose it


@pytest.mark.parametrize("spec", rulesets(), ids=lambda s: s.id)
def test_the_typed_options_read_every_declared_option(spec: Any) -> None:
    values = Reads({name: FILLED.get(name, default) for name, default in spec.defaults().items()})
    if spec.game == "tensho":
        TenshoOptions.of(values)
    elif spec.game == "sendai":
        SendaiOptions.of(values)
    elif spec.game == "koikoi":
        KoikoiOptions.of(values)
    elif spec.game == "mcr":
        options_from(values)
    else:
        RiichiOptions.of(spec.id, values)
    assert values.read == set(values.values)


def test_riichi_options_carry_the_match_flow_rules_as_typed_values() -> None:
    tenhou = next(s for s in rulesets() if s.id == "tenhou")
    ema = next(s for s in rulesets() if s.id == "ema2016")
    on_tenhou = RiichiOptions.of("tenhou", tenhou.defaults())
    on_ema = RiichiOptions.of("ema2016", ema.defaults())
    # Tenhou: 25,000 start, 30,000 return, busting ends the game, the West extension; EMA: 30,000 both, no busting.
    assert (on_tenhou.starting_points, on_tenhou.return_points, on_tenhou.tobi, on_tenhou.west_extension) == (
        25000,
        30000,
        True,
        True,
    )
    assert (on_ema.starting_points, on_ema.return_points, on_ema.tobi, on_ema.uma) == (
        30000,
        30000,
        False,
        (15000, 5000, -5000, -15000),
    )


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("bool", "true", True), ("bool", " Yes ", True), ("bool", "ON", True), ("bool", "1", True),
        ("bool", "false", False), ("bool", "no", False), ("bool", "Off", False), ("bool", "0", False),
        ("int", "30000", 30000), ("int", " -5 ", -5),
        ("ints", "15000, 5000,-5000,-15000", (15000, 5000, -5000, -15000)), ("ints", "1,,2,", (1, 2)),
        ("list", "riichi, tanyao,,pinfu ", ("riichi", "tanyao", "pinfu")),
        ("str", "exact", "exact"),
    ],
)  # fmt: skip
def test_an_option_typed_on_the_command_line_is_read_as_its_kind(kind: str, text: str, value: object) -> None:
    from replay.engine.options import RuleOption

    assert RuleOption("x.y", kind, None, "a test option").parse(text) == value  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kind", "text", "said"),
    [
        ("bool", "maybe", "option x.y takes true or false; got 'maybe'"),
        ("bool", "2", "option x.y takes true or false; got '2'"),
        ("int", "3.5", "option x.y takes a whole number; got '3.5'"),
        ("ints", "1,two", "option x.y takes whole numbers separated by commas; got '1,two'"),
    ],
)
def test_an_option_that_is_not_its_kind_is_refused_whole(kind: str, text: str, said: str) -> None:
    from replay.engine.options import RuleOption

    with pytest.raises(ValueError) as refused:
        RuleOption("x.y", kind, None, "a test option").parse(text)  # type: ignore[arg-type]
    assert str(refused.value) == said


def test_the_rules_before_a_change_keep_every_other_option() -> None:
    # Tenhou with no day known, as it stood before its first change (the tenpai stop): both changes
    # not yet made, every other option as declared.
    from replay.games.riichi.options import RULESETS

    spec = next(s for s in RULESETS if s.id == "tenhou")
    oldest = spec.alternatives(None)[-1]
    assert (oldest["riichi.leaderStopsAtDraw"], oldest["riichi.finalRounding"]) == (False, "halfAwayThousand")
    assert oldest["riichi.uma"] == (20000, 10000, -10000, -20000) and len(oldest) == len(spec.options)
    newest = spec.alternatives(None)[0]
    assert (newest["riichi.leaderStopsAtDraw"], newest["riichi.finalRounding"]) == (True, "halfAwayThousand")


def _tenhou() -> Any:
    from replay.games.riichi.options import RULESETS

    return next(s for s in RULESETS if s.id == "tenhou")


def _started(**changed: Any) -> Any:
    """Tenhou's match_started in full (every option recorded), with ``changed`` put in."""
    from events.match import MatchStarted, Ruleset

    spec = _tenhou()
    options = {o.name: o.default for o in spec.options}
    options |= changed.pop("options", {})
    for name in changed.pop("drop", ()):
        del options[name]
    fields: dict[str, Any] = {
        "game": "riichi", "first_dealer": 0, "length": MatchLength(unit="hanchan", count=1),
        "players": tuple(PlayerSeat(seat=s, name=n) for s, n in enumerate(("A", "B", "C", "D"))),
        "ruleset": Ruleset(id=changed.pop("ruleset", "tenhou"), options=options),
    }  # fmt: skip
    return MatchStarted.model_construct(**(fields | changed))


@pytest.mark.parametrize(
    ("changed", "verdict"),
    [
        ({}, None),
        ({"drop": ["riichi.finalRounding"]}, None),  # recorded before the option: it means halfUpThousand
        ({"players": tuple(PlayerSeat(seat=s, name=n)
                           for s, n in enumerate(("A", "B", "C")))}, None),  # recorded when tenhou took three
        ({"ruleset": "tensho-standard"},
         ("match.ruleset.unknown", "ruleset 'tensho-standard' is not a riichi ruleset; use one of: tenhou, "
                                   "tenhou-sanma, mahjongsoul, mahjongsoul-sanma, ema2016, ema2025, wrc, jpml-a, rrc, mleague, "
                                   "riichicity, riichicity-sanma")),
        ({"options": {"riichi.sneeze": True}},
         ("match.option.unknown", "ruleset tenhou has no option 'riichi.sneeze'; known: ")),
        ({"drop": ["riichi.uma"]},
         ("match.option.missing", "option riichi.uma is missing; every option is recorded in match_started "
                                  "(the default is (20000, 10000, -10000, -20000))")),
        ({"options": {"riichi.uma": "big"}},
         ("match.option.invalid", "option riichi.uma takes a ints, not 'big'")),
        ({"players": tuple(PlayerSeat(seat=s, name=n)
                           for s, n in enumerate(("A", "B")))},
         ("match.players.count", "tenhou is played by 4, not 2")),
        ({"players": tuple(PlayerSeat(seat=s, name=n)
                           for s, n in ((0, "A"), (1, "B"), (2, "C"), (2, "D")))},
         ("match.players.seats", "seats must be 0 to 3, each once")),
        ({"first_dealer": 4}, ("match.seat.unknown", "first_dealer 4 is not a seat (0 to 3)")),
        ({"first_dealer": 3}, None),
        ({"length": MatchLength(unit="rounds", count=1)},
         ("match.length.unit", "a riichi match is measured in hanchan, not rounds")),
        ({"length": MatchLength(unit="tonpuusen", count=1)}, None),
    ],
)  # fmt: skip
def test_a_recorded_match_started_is_checked_against_its_ruleset(changed: dict[str, Any], verdict: Any) -> None:
    from replay.engine.options import check_match_started
    from replay.games import rulesets as every_ruleset

    found = check_match_started(_started(**changed), every_ruleset())
    if verdict is None or found is None:
        assert found == verdict
        return
    code, reason = found
    assert code == verdict[0]
    if verdict[0] == "match.option.unknown":  # then every option of the ruleset, in declared order
        names = ", ".join(o.name for o in _tenhou().options)
        assert reason == verdict[1] + names
    else:
        assert reason == verdict[1]


@pytest.mark.parametrize(
    ("kind", "extra", "value", "said"),
    [
        ("int", {}, True, "option x.y takes a int, not True"),  # a bool is not a number here
        ("int", {}, 3, None),
        ("int", {"minimum": 2}, 2, None),
        ("int", {"minimum": 2}, 1, "option x.y must be at least 2; got 1"),
        ("ints", {}, (1, 2), None),
        ("ints", {}, (1, True), "option x.y takes a ints, not (1, True)"),
        ("ints", {}, 12, "option x.y takes a ints, not 12"),
        ("ints", {"length": 2}, (1, 2, 3), "option x.y takes 2 values separated by commas; got 3"),
        ("list", {}, ("a", "b"), None),
        ("list", {}, "ab", "option x.y takes a list, not 'ab'"),
        ("list", {}, ("a", 1), "option x.y takes a list, not ('a', 1)"),
        ("list", {"choices": ("a", "b")}, ("a", "c", "d"), "option x.y may hold only a, b; got 'c'"),
        ("str", {"choices": ("a", "b")}, "c", "option x.y must be one of a, b; got 'c'"),
        ("str", {"choices": ("a", "b")}, "b", None),
        ("bool", {}, 1, "option x.y takes a bool, not 1"),
    ],
)
def test_an_options_recorded_value_is_checked_by_its_kind(
    kind: str, extra: dict[str, Any], value: object, said: str | None
) -> None:
    from replay.engine.options import RuleOption

    assert RuleOption("x.y", kind, None, "a test option", **extra).check(value) == said  # type: ignore[arg-type]


def test_an_absent_option_means_what_the_code_did_before_it() -> None:
    spec = _tenhou()
    assert spec.value({}, "riichi.finalRounding") == "halfUpThousand"
    assert spec.value({"riichi.finalRounding": "exact"}, "riichi.finalRounding") == "exact"
    for name in ("riichi.uma", "riichi.sneeze"):  # an option with no meaning when absent, or none at all
        with pytest.raises(KeyError) as missing:
            spec.value({}, name)
        assert missing.value.args == (name,)


def test_a_game_inside_a_changes_window_may_follow_either_rule_as_it_stood_that_day() -> None:
    spec = _tenhou()
    # June 2010: the tenpai stop's window. Its default takes it as not yet made; the one alternative
    # takes it as made; both keep the final rounding of that day (whole thousands).
    day = "2010-06-10T00:00:00Z"
    assert (spec.defaults(day)["riichi.leaderStopsAtDraw"], spec.defaults(day)["riichi.finalRounding"]) == (
        False, "halfAwayThousand")  # fmt: skip
    (other,) = spec.alternatives(day)
    assert (other["riichi.leaderStopsAtDraw"], other["riichi.finalRounding"]) == (True, "halfAwayThousand")
    # 2021: the tenths' window, long after the tenpai stop.
    (other,) = spec.alternatives("2021-01-01T00:00:00Z")
    assert (other["riichi.leaderStopsAtDraw"], other["riichi.finalRounding"]) == (True, "exact")
    assert spec.alternatives("2023-01-01T00:00:00Z") == [] and spec.alternatives("2015-01-01T00:00:00Z") == []
    # Each window's first instant is inside it, its last (the change's day) outside.
    assert len(spec.alternatives("2010-05-31T15:00:00Z")) == 1 and spec.alternatives("2010-06-30T15:00:00Z") == []
    assert len(spec.alternatives("2020-02-03T07:00:00Z")) == 1 and spec.alternatives("2020-02-03T06:59:59Z") == []


def test_an_option_recorded_before_it_existed_does_not_stop_the_checks_of_the_others() -> None:
    # pao's honba absent (a match recorded before the option: it means what the code did then),
    # and the last option of the list given a value it cannot take: still refused.
    from replay.engine.options import check_match_started
    from replay.games import rulesets as every_ruleset

    started = _started(drop=["riichi.paoRonHonba"], options={"riichi.leftoverSticks": "nowhere"})
    found = check_match_started(started, every_ruleset())
    assert found is not None and found[0] == "match.option.invalid"
    assert found[1].startswith("option riichi.leftoverSticks must be one of ")


def test_a_missing_option_the_players_must_choose_names_no_default() -> None:
    from events.match import MatchLength, MatchStarted, PlayerSeat, Ruleset
    from replay.engine.options import check_match_started
    from replay.games import rulesets as every_ruleset

    spec = next(s for s in every_ruleset() if s.id == "sendai-fudawiki")
    options = {o.name: o.default for o in spec.options if o.name != "sendai.teyakuMode"}
    started = MatchStarted.model_construct(
        game="sendai", first_dealer=0, length=MatchLength(unit="rounds", count=1),
        players=tuple(PlayerSeat(seat=s, name=n) for s, n in enumerate(("A", "B", "C"))),
        ruleset=Ruleset(id="sendai-fudawiki", options=options),
    )  # fmt: skip
    assert check_match_started(started, every_ruleset()) == (
        "match.option.missing", "option sendai.teyakuMode is missing; every option is recorded in match_started")  # fmt: skip
