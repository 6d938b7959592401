"""What every game's round result says, whatever else it holds: the one shape that audit, export
and the views read (each game's result type, in its ``scoring`` module)."""

from __future__ import annotations

from typing import Protocol


class RoundOutcome(Protocol):
    @property
    def number(self) -> int:
        """The round's (or hand's) number in the match, from 1."""
        ...

    @property
    def dealer(self) -> int: ...

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the round: none at a draw, several on a multiple ron."""
        ...

    @property
    def reason(self) -> str:
        """How the round was decided, as a stable word (e.g. ``yakuPoints``, ``stop``, ``win``)."""
        ...

    @property
    def points(self) -> tuple[int, ...]:
        """What the round adds to each seat, seat 0 first."""
        ...

    @property
    def next_dealer(self) -> int: ...

    @property
    def explanation(self) -> str:
        """Why, in words."""
        ...

    @property
    def depth(self) -> str:
        """``moves`` when recorded move by move, ``result`` when recorded as its result only."""
        ...
