"""What a caller may do in a league's store (``replay/app/league.py`` says who holds which key):
the league's whole store, or one club's as its host or a referee. The adapters check with it
before a use case runs; a refusal is one line with a stable code (HTTP 403, exit code 2)."""

from __future__ import annotations

from dataclasses import dataclass

from events.errors import InputError

RUNS = "run"  # open, seat, clock, cut, close: the host's
CORRECTS = "correct"  # a penalty, a table's undo, a substitute: the host's or a referee's


class AccessRefused(InputError):
    """A key that may not do what it asks (HTTP 403, exit code 2)."""

    kind = "forbidden"

    def __init__(self, message: str, code: str) -> None:
        super().__init__(message, code=code)


@dataclass(frozen=True)
class Access:
    """What a caller may do: the league's whole store, or one club's as its host or a referee."""

    role: str  # league, host or referee
    club: str | None = None
    key_id: str | None = None

    @property
    def whole(self) -> bool:
        return self.role == "league"

    def reads_hidden(self, owner: str | None) -> bool:
        """Whether the hidden results of a night of ``owner`` (a club, None: the league's) are this caller's to see."""
        return self.whole or (owner is not None and owner == self.club)

    def check(self, owner: str | None, stream: str, doing: str) -> None:
        """Refuse, in one line, a write to ``stream`` (a night or match of ``owner``) this caller may not make."""
        if self.whole:
            return
        if owner != self.club:
            whose = f"club {owner}'s" if owner else "the league's"
            other = f"club {owner}" if owner else "the league"
            raise AccessRefused(
                f"{stream} is {whose}, and this key is club {self.club}'s; use a key of {other}", "auth.other_club"
            )
        if doing == RUNS and self.role != "host":
            raise AccessRefused("a referee's key corrects and penalises; opening, seating, the clock and the close "
                                "are the club host's", "auth.referee")  # fmt: skip


LEAGUE_ACCESS = Access("league")
