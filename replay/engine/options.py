"""Rule options as typed data: one option, one ruleset, and the check of a match's recorded options.

A match records its ruleset id and *every* option value in ``match_started``; replay reads
them from there, never from these defaults, so changing a default here never changes the
result of a match already recorded. Options marked ``reconstruction`` are points the
sources leave open (see docs/rules.md); their defaults are the proposals of the rules notes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from events.match import GameName, MatchLength, MatchStarted, OptionValue

Confidence = Literal["high", "medium", "low"]
Kind = Literal["bool", "int", "str", "list", "ints"]


@dataclass(frozen=True, slots=True)
class RuleOption:
    """One named rule option. ``default`` None means the players must choose it."""

    name: str
    kind: Kind
    default: OptionValue | None
    doc: str
    choices: tuple[str, ...] = ()
    confidence: Confidence = "high"
    reconstruction: bool = False
    minimum: int | None = None
    # An option added after matches were recorded without it: what those matches played, which is
    # what the code did before the option existed. Fixed forever, so an old replay never changes.
    absent_means: OptionValue | None = None
    length: int | None = None  # "ints" and "list": exactly this many values

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed for this option, or None."""
        if self.kind == "bool":
            ok = isinstance(value, bool)
        elif self.kind == "int":
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.kind == "str":
            ok = isinstance(value, str)
        elif self.kind == "ints":
            ok = isinstance(value, tuple | list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        else:
            ok = isinstance(value, tuple | list) and all(isinstance(v, str) for v in value)
        if not ok:
            return f"option {self.name} takes a {self.kind}, not {value!r}"
        if self.kind == "str" and self.choices and value not in self.choices:
            return f"option {self.name} must be one of {', '.join(self.choices)}; got {value!r}"
        if self.kind == "list" and self.choices and isinstance(value, tuple | list):
            bad = [v for v in value if v not in self.choices]
            if bad:
                return f"option {self.name} may hold only {', '.join(self.choices)}; got {bad[0]!r}"
        if self.kind == "int" and self.minimum is not None and isinstance(value, int) and value < self.minimum:
            return f"option {self.name} must be at least {self.minimum}; got {value!r}"
        if self.length is not None and isinstance(value, tuple | list) and len(value) != self.length:
            return f"option {self.name} takes {self.length} values separated by commas; got {len(value)}"
        return None

    def parse(self, text: str) -> OptionValue:
        """Read a value typed on the command line (``--option name=text``)."""
        if self.kind == "bool":
            lowered = text.strip().lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise ValueError(f"option {self.name} takes true or false; got {text!r}")
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise ValueError(f"option {self.name} takes a whole number; got {text!r}") from None
        if self.kind == "list":
            return tuple(part.strip() for part in text.split(",") if part.strip())
        if self.kind == "ints":
            try:
                return tuple(int(part) for part in text.split(",") if part.strip())
            except ValueError:
                raise ValueError(f"option {self.name} takes whole numbers separated by commas; got {text!r}") from None
        return text


@dataclass(frozen=True, slots=True)
class RuleChange:
    """A ruleset's rule as it was before a dated change: games played before ``since`` (a UTC instant,
    ``2010-06-30T15:00:00Z``) were played with ``before``'s values. ``source`` says who announced it.

    Where the change's day is not known, ``known_from`` opens the window it fell in: a game played
    in ``[known_from, since)`` may have followed either rule, and a log of one is read under whichever
    its own record follows (``RulesetSpec.alternatives``)."""

    since: str
    before: Mapping[str, OptionValue]
    source: str
    known_from: str | None = None

    def undecided(self, played_at: str) -> bool:
        """Whether a game played at ``played_at`` lies in the window where either rule may hold."""
        return self.known_from is not None and self.known_from <= played_at < self.since


@dataclass(frozen=True, slots=True)
class RulesetSpec:
    id: str
    game: GameName
    doc: str
    players: tuple[int, ...]
    length_unit: Literal["rounds", "hanchan", "tonpuusen"]
    default_length: int
    options: tuple[RuleOption, ...]
    # Tables a match recorded under an earlier version of the ruleset may have, which a new match
    # may not: a match replays under the ruleset it recorded, forever.
    recorded_players: tuple[int, ...] = ()
    # Other units a match may be measured in (an east-only game as well as a whole one).
    other_length_units: tuple[str, ...] = ()
    # A server's rules change over the years: a game imported from it is judged by the rules of its
    # day, which its match_started records in full like any other option (newest change last).
    changes: tuple[RuleChange, ...] = ()

    def option(self, name: str) -> RuleOption | None:
        by_name = _OPTIONS_BY_NAME.get(self.id)
        if by_name is None:
            by_name = _OPTIONS_BY_NAME[self.id] = {option.name: option for option in self.options}
        return by_name.get(name)

    def document(self) -> dict[str, Any]:
        """The ruleset as ``taikyoku rules --json`` and the host's page show it: its players, its
        length and every option with its default, choices, confidence and meaning."""
        return {
            "id": self.id,
            "game": self.game,
            "players": list(self.players),
            "length": {"unit": self.length_unit, "count": self.default_length},
            "options": [
                {
                    "name": o.name,
                    "kind": o.kind,
                    "default": list(o.default) if isinstance(o.default, tuple) else o.default,
                    "choices": list(o.choices),
                    "confidence": o.confidence,
                    "reconstruction": o.reconstruction,
                    "doc": o.doc,
                }
                for o in self.options
            ],
        }

    def value(self, options: Mapping[str, OptionValue], name: str) -> OptionValue:
        """The recorded value of ``name``, or what its absence means in a match recorded before it."""
        if name in options:
            return options[name]
        found = self.option(name)
        if found is None or found.absent_means is None:
            raise KeyError(name)
        return found.absent_means

    def defaults(self, played_at: str | None = None) -> dict[str, OptionValue | None]:
        """Every option's default; for a game played at ``played_at`` (a UTC ``...Z`` time), as the
        ruleset stood that day. Without a date: today's rules."""
        return self._as_of(played_at, ())

    def alternatives(self, played_at: str | None) -> list[dict[str, OptionValue | None]]:
        """The other rules a game played at ``played_at`` may have followed: for each change whose
        window holds that day, the defaults with that change already made (``defaults`` takes it as
        not yet made); for a game of no known day, the rules as they stood before each change, newest
        first. Empty when the day decides every rule."""
        if played_at is None:  # a log that gives no day: it may be older than any change
            return [self._before(index) for index in reversed(range(len(self.changes)))]
        return [self._as_of(played_at, (change,)) for change in self.changes if change.undecided(played_at)]

    def _before(self, index: int) -> dict[str, OptionValue | None]:
        """The rules just before the change at ``index`` was made (it and every later one not yet)."""
        found: dict[str, OptionValue | None] = {o.name: o.default for o in self.options}
        for change in reversed(self.changes[index:]):
            found |= change.before
        return found

    def _as_of(self, played_at: str | None, made: tuple[RuleChange, ...]) -> dict[str, OptionValue | None]:
        found: dict[str, OptionValue | None] = {o.name: o.default for o in self.options}
        if played_at is not None:
            for change in reversed(self.changes):  # the oldest rule wins: apply the newest change first
                if played_at < change.since and change not in made:
                    found |= change.before
        return found


_OPTIONS_BY_NAME: dict[str, dict[str, RuleOption]] = {}  # by ruleset id: every match_started looks its options up


def option(name: str, kind: Kind, default: OptionValue | None, doc: str, **extra: object) -> RuleOption:
    return RuleOption(name, kind, default, doc, **extra)  # type: ignore[arg-type]


def check_match_started(started: MatchStarted, rulesets: Sequence[RulesetSpec]) -> tuple[str, str] | None:
    """(code, reason) when ``match_started`` names a ruleset not among ``rulesets`` (the game's), or bad
    options, players or length."""
    spec = next((r for r in rulesets if r.id == started.ruleset.id), None)
    if spec is None or spec.game != started.game:
        return (
            "match.ruleset.unknown",
            f"ruleset {started.ruleset.id!r} is not a {started.game} ruleset; "
            f"use one of: {', '.join(r.id for r in rulesets if r.game == started.game)}",
        )
    options = started.ruleset.options
    for name in options:
        if spec.option(name) is None:
            return "match.option.unknown", f"ruleset {spec.id} has no option {name!r}; known: " + ", ".join(
                o.name for o in spec.options
            )
    for option in spec.options:
        if option.name not in options and option.absent_means is not None:
            continue  # recorded before the option existed: it means ``absent_means``
        if option.name not in options:
            return (
                "match.option.missing",
                f"option {option.name} is missing; every option is recorded in match_started"
                + ("" if option.default is None else f" (the default is {option.default!r})"),
            )
        problem = option.check(options[option.name])
        if problem is not None:
            return "match.option.invalid", problem
    count = len(started.players)
    if count not in spec.players and count not in spec.recorded_players:
        return "match.players.count", f"{spec.id} is played by {' or '.join(map(str, spec.players))}, not {count}"
    if sorted(p.seat for p in started.players) != list(range(count)):
        return "match.players.seats", f"seats must be 0 to {count - 1}, each once"
    if started.first_dealer >= count:
        return "match.seat.unknown", f"first_dealer {started.first_dealer} is not a seat (0 to {count - 1})"
    units = (spec.length_unit, *spec.other_length_units)
    if started.length.unit not in units:
        return "match.length.unit", f"a {spec.game} match is measured in {spec.length_unit}, not {started.length.unit}"
    return None


def default_length(spec: RulesetSpec) -> MatchLength:
    return MatchLength(unit=spec.length_unit, count=spec.default_length)


def markdown(rulesets: Sequence[RulesetSpec]) -> str:
    """docs/rules.md: every ruleset and option, reconstructions marked (a test keeps it current)."""
    lines = [
        "# Rulesets and rule options",
        "",
        "Generated by `taikyoku rules --markdown` from each game's `replay/games/<game>/options.py`; a test fails when it drifts.",
        "",
        "Every option is recorded in full in a match's `match_started` event, so a replay reads the",
        "rules the table agreed on, never today's defaults. An option marked **RECONSTRUCTION** is a",
        "point the sources leave open (see its game's document in `docs/`): its default is the proposal of the rules",
        "notes, and a table that plays it differently says so with `--option name=value` at `taikyoku new`.",
        "An option with no default must be chosen when the match is created.",
        "",
    ]
    for spec in rulesets:
        lines += [
            f"## `{spec.id}` ({spec.game})",
            "",
            f"{spec.doc}. Players: {' or '.join(map(str, spec.players))}. "
            f"Length: {spec.default_length} {spec.length_unit} unless `--length` says otherwise.",
            "",
            "| option | default | choices | confidence | what it decides |",
            "|---|---|---|---|---|",
        ]
        for option in spec.options:
            default = "*(must be chosen)*" if option.default is None else f"`{show_value(option.default)}`"
            choices = ", ".join(f"`{c}`" for c in option.choices) or option.kind
            note = " **RECONSTRUCTION**" if option.reconstruction else ""
            lines.append(f"| `{option.name}` | {default} | {choices} | {option.confidence}{note} | {option.doc} |")
        lines.append("")
        for change in spec.changes:
            values = ", ".join(f"`{name}={show_value(value)}`" for name, value in change.before.items())
            lines += [f"A game played before {change.since} (UTC) is recorded with {values} ({change.source}).", ""]
            if change.known_from is not None:
                lines += [f"The change fell between {change.known_from} and {change.since} (UTC), its day not known: "
                          "a log played between is read under whichever rule its own record follows.", ""]  # fmt: skip
    return "\n".join(lines)


def show_value(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)
