"""Each game's typed options object is built from every option its rulesets declare, and nothing else:
an option added to the data but never read (or read but never declared) fails here."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from replay.games import rulesets
from replay.games.koikoi.options import KoikoiOptions
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
