"""Events said as a person at the table says them, with the players' names: "Ton draws 8s", "Aki
plays cherry-curtain". The match-level events are said here; each game's view says its own moves
(``move_words``) and falls back to these."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from replay.engine.fold import Step


def name_of(names: Sequence[str], seat: object) -> str:
    """A seat by its player's name (the seat number when there is no such seat)."""
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else f"seat {seat}"


def listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else "nothing"


def match_words(step: Step, names: Sequence[str]) -> str:
    """The words of an event every game shares, or of any event a game's view does not say."""
    payload: Any = step.payload
    kind = step.type
    if kind == "match_started":
        return f"{payload.game} match under {payload.ruleset.id}: {listed([p.name for p in payload.players])}"
    if kind == "match_ended":
        return "The match is abandoned" if payload.reason == "abandoned" else "The match is over"
    if kind == "time_up":
        return "Time is up at this table" + (f": {payload.note}" if payload.note else "")
    if kind == "round_started":
        return f"Round {payload.round} starts; {name_of(names, payload.dealer)} deals"
    if kind == "retract":
        return f"Event {payload.seq} is retracted: {payload.reason}"
    if kind == "annotation":
        said = {"note": "A note", "dispute": "A dispute", "verdict": "A verdict"}[payload.kind]
        return f"{said} on event {payload.seq} by {step.recorded_by}: {payload.text}"
    if kind == "claim":
        points = ", ".join(f"{name_of(names, seat)} {p:+d}" for seat, p in enumerate(payload.points))
        what = "the final scores" if payload.round == 0 else f"round {payload.round}"
        return f"The table's claim for {what}: {points}"
    return kind.split(".", 1)[-1].replace("_", " ").capitalize()


_SEAT_WORDS = re.compile(r"(?<![(\w])seat (\d+)\b")


def in_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each "seat N" said by the player's name ("seat 1 ron from seat 0" becomes
    "Nan ron from Ton"), as a person at the table says it. A seat already named ("Nan (seat 1)")
    and a seat past the table are left as they are."""

    def named(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return names[seat] if seat < len(names) else found.group()

    return _SEAT_WORDS.sub(named, text)


UNSEEN_WORDS = ("?", "-", "unseen")  # a hand not known, in a deal's --hand (the public record), in every game
