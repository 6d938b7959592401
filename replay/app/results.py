"""What the use cases return (``replay/app/application.py``), for the adapters that show it: each
a small value, defined here so that a command names what it got without loading how it was made."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from replay.app.errors import ImportInterrupted

if TYPE_CHECKING:
    from replay.app.repository import Kept
    from replay.engine.match import MatchView
    from store import StoredEvent

REFUSED = ("diverged", "damaged source", "damaged target", "refused by target", "other club")


@dataclass
class MatchSync:
    match_id: str
    outcome: str  # copied, up to date, target ahead, or one of REFUSED
    events: int = 0
    reason: str = ""


@dataclass
class SyncReport:
    source: str
    target: str
    matches: list[MatchSync] = field(default_factory=list)

    @property
    def refused(self) -> list[MatchSync]:
        return [m for m in self.matches if m.outcome in REFUSED]

    @property
    def copied_events(self) -> int:
        return sum(m.events for m in self.matches)


@dataclass(frozen=True, slots=True)
class Recorded:
    """What one recording stored, and the match after it."""

    stored: Sequence[StoredEvent]
    kept: Kept
    notes: list[str]

    @property
    def game(self) -> str:
        return self.kept.game

    @property
    def state(self) -> MatchView:
        return self.kept.state

    def round_over(self) -> tuple[str, str] | None:
        """Where this recording ended the round: ("round 3 over:", its result in the players' names)."""
        from replay.engine.words import in_names
        from replay.games import GAMES

        rnd = self.state.round
        if rnd is None or rnd.result is None or not rnd.over:
            return None
        return f"{GAMES[self.game].round_word} {rnd.number} over:", in_names(rnd.result.explanation, self.state.names)

    def expects(self) -> str | None:
        """What the round waits for now, in words (none where no round is in play)."""
        from replay.games import GAMES

        rnd = self.state.round
        if rnd is None or (rnd.result is not None and rnd.over):
            return None
        return GAMES[self.game].view().expects(rnd, self.state.names)


@dataclass
class ImportReport:
    """What an import stored (or, checking, would store) and what it skipped, with why."""

    imported: list[dict[str, Any]] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    logs: int = 0  # game logs read (besides taikyoku's own exports)

    def what_is_left(self) -> str:
        """What an import stopped part way leaves, as it is said."""
        if not self.imported:
            return "no game was stored; run the same import again to start it"
        return (
            f"the {len(self.imported)} games stored before it stay, each whole; run the same import again "
            "to go on (the games stored are skipped)"
        )

    def interrupted(self) -> ImportInterrupted:
        """The error of an import stopped by Ctrl-C after this much was done."""
        return ImportInterrupted(f"interrupted: {self.what_is_left()}")
