"""What a table's phone may write, held by the server whatever a page shows or a client sends.

A phone records its table while the match is in play. Once the match is over it may take back
the hand that ended it, for ``PHONE_UNDO_MINUTES`` after the end and nothing else: never over an
abandon (the host's, or a re-seating's), never at a night that is closed, never past the window.
The host's page and the command line are not held to the window (they undo at any time, but
never at a closed night: its results are final). Nothing here prints or writes.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC, datetime, timedelta

from events.errors import TaikyokuError
from replay.app.repository import Kept
from store import Store

PHONE_UNDO_MINUTES = 5  # after its match ends, a table's phone may still undo the hand that ended it


class PhoneRefused(TaikyokuError):
    """A write a table's phone may not make (HTTP 403); the host's page, or the command line, may."""

    code = "phone.refused"
    kind = "forbidden"


def ended_at(store: Store, kept: Kept) -> str | None:
    """When the match ended (UTC, as stored): its match_ended, or the last event that counts where
    the rules ended it (every round played); None while it is in play."""
    from replay.app.service import status_of

    if status_of(kept.state) == "in play":
        return None
    effective = kept.folded.history.effective
    last = effective[-1].seq
    return store.read(kept.match_id, from_seq=last, to_seq=last)[0].recorded_at


def undo_until(store: Store, kept: Kept) -> str | None:
    """Until when a table's phone may undo the hand that ended the match (UTC), or None where it
    may not at all (in play, it undoes as any move; abandoned, it never does)."""
    ended = kept.state.match.ended
    if ended is not None and ended.reason == "abandoned":
        return None
    at = ended_at(store, kept)
    if at is None:
        return None
    return _iso(_parse(at) + timedelta(minutes=PHONE_UNDO_MINUTES))


def check_phone_write(
    store: Store, kept: Kept, *, undo: bool, night_closed: bool, types: Collection[str] = (),
    now: datetime | None = None,
) -> None:  # fmt: skip
    """Refuse (``PhoneRefused``) what a table's phone may not write on ``kept``: ``undo`` for the
    phone's undo, ``types`` for the event types it sends as documents."""
    if "match_ended" in types:
        raise PhoneRefused("a table's phone does not end its match; the host's page abandons a table",
                           code="phone.match_ended")  # fmt: skip
    at = ended_at(store, kept)
    if at is None:
        return
    ended = kept.state.match.ended
    if ended is not None and ended.reason == "abandoned":
        why = f" ({ended.note})" if ended.note else ""
        raise PhoneRefused(f"the match was abandoned{why}; only the host's page can reopen it",
                           code="phone.match_abandoned")  # fmt: skip
    if not undo:
        raise PhoneRefused("the match is over; this phone records nothing more in it (the host's page can undo "
                           "its last hand)", code="phone.match_over")  # fmt: skip
    if night_closed:
        raise PhoneRefused("the night is closed; its tables' results are final", code="phone.night_closed")
    until = _parse(at) + timedelta(minutes=PHONE_UNDO_MINUTES)
    if (now or datetime.now(UTC)) > until:
        raise PhoneRefused(f"the match ended more than {PHONE_UNDO_MINUTES} minutes ago ({_clock(at)} UTC); the "
                           "host's page can undo its last hand", code="phone.undo_too_late")  # fmt: skip


def _parse(stamp: str) -> datetime:
    return datetime.fromisoformat(stamp)  # a trailing Z is UTC (Python 3.11 and later)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _clock(stamp: str) -> str:
    return _parse(stamp).strftime("%H:%M")
