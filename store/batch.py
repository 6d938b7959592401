"""What every store does to a batch before and after it writes: validate, encode and chain each
event into its row, and tell a resent batch from a clash. The backends differ only in the SQL."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from events.canonical import quote
from events.envelope import PAYLOAD_LIMIT, PendingEvent
from events.errors import InputError
from events.ids import TIMESTAMP_PATTERN, UUID_PATTERN, check_match_id
from events.text import ANONYMOUS, json_has_nul, lookalike, name_problem
from store.errors import ConcurrencyError, DuplicateEventError, RepeatedEventIdError
from store.records import Resent, StoredEvent

if TYPE_CHECKING:
    from events.match import MatchStarted
    from events.model import Payload

UUID_RE = re.compile(UUID_PATTERN[1:-1], re.ASCII)
TIMESTAMP_RE = re.compile(TIMESTAMP_PATTERN[1:-1], re.ASCII)


def event_rows(
    match_id: str, expected_seq: int, prev: str, events: Iterable[PendingEvent], out: list[tuple[Any, ...]]
) -> Iterator[tuple[Any, ...]]:
    """Validate, encode and chain each event into its row; keep each row in ``out`` too.

    The hot loop of every append, so what it calls is bound to locals.
    """
    is_uuid, is_timestamp, sha256, keep = UUID_RE.fullmatch, TIMESTAMP_RE.fullmatch, hashlib.sha256, out.append
    match_quoted = quote(match_id)
    recorders: dict[str, str] = {}
    checked_time = ""
    seq = expected_seq
    last_by: str | None = None  # no recorder yet: the first is always checked
    by_quoted = ""
    for payload, event_id, recorded_at, recorded_by in events:  # a PendingEvent unpacks faster than its fields read
        text = payload.canonical_json()
        kind = payload.EVENT_TYPE
        if kind == "match_started":
            _check_names(payload)
        if "\\u0000" in text and json_has_nul(text):
            raise InputError(
                f"{payload.EVENT_TYPE} holds a NUL character, which no store can keep; remove it", code="input.nul"
            )
        if len(text) * 4 > PAYLOAD_LIMIT and len(text.encode("utf-8")) > PAYLOAD_LIMIT:
            raise InputError(
                f"{payload.EVENT_TYPE} payload is over {PAYLOAD_LIMIT} bytes; split it into smaller events",
                code="input.too_large",
            )
        if is_uuid(event_id) is None:
            raise InputError(f"event id {event_id!r} is not a lower-case UUID; leave it out to get one")
        # A batch's events mostly share one time: check each distinct time once.
        if recorded_at != checked_time and (is_timestamp(recorded_at) is None or not _real_time(recorded_at)):
            raise InputError(f"recorded_at {recorded_at[:40]!r} is not a UTC time like 2026-11-29T15:04:05Z")
        checked_time = recorded_at
        if recorded_by != last_by:  # a batch's events mostly share one recorder too
            by_quoted, last_by = _recorder_quoted(recorded_by, recorders), recorded_by
        seq += 1
        version = payload.SCHEMA_VERSION
        # link(prev, envelope_text(...)), spelled out: the id and time are checked above and
        # the type is a registered name, so none of them needs escaping. verify() recomputes
        # every hash through link() and envelope_text(), which keeps the two in step.
        digest = sha256(
            f'{prev}{{"event_id":"{event_id}","match_id":{match_quoted},"payload":{text},'
            f'"recorded_at":"{recorded_at}","recorded_by":{by_quoted},'
            f'"schema_version":{version},"seq":{seq},"type":"{kind}"}}'.encode()
        ).hexdigest()
        row = (match_id, seq, event_id, kind, version, recorded_at, recorded_by, text, prev, digest)
        keep(row)
        yield row
        prev = digest


def _recorder_quoted(recorded_by: str, checked: dict[str, str]) -> str:
    """A recorder checked (once a batch) and spelled as JSON."""
    quoted = checked.get(recorded_by)
    if quoted is None:
        if not recorded_by or len(recorded_by) > 200:
            raise InputError(
                "recorded_by is empty; say who records the event"
                if not recorded_by
                else f"recorded_by is {len(recorded_by)} characters long; it may be at most 200"
            )
        problem = name_problem("recorded_by", recorded_by)
        if problem is not None:
            raise InputError(problem, code="input.name")
        quoted = checked[recorded_by] = quote(recorded_by)
    return quoted


def _real_time(recorded_at: str) -> bool:
    """Whether a time of the right shape is a real one (no month 13, no 25 o'clock)."""
    from datetime import datetime

    try:
        datetime.fromisoformat(recorded_at.replace("Z", "+00:00"))
    except ValueError:
        return False
    return True


def _check_names(payload: Payload) -> None:
    names: list[str] = []
    for player in cast("MatchStarted", payload).players:
        problem = name_problem(f"player {player.seat}'s name", player.name)
        if problem is not None:
            raise InputError(problem, code="input.name")
        # A server's anonymous players share its one name for them (Tenhou's NoName); any other name
        # twice, or two spellings that look one ("Zoë" composed and decomposed, "zoë", "Еri" with a
        # Cyrillic Е), would be two people no reader tells apart.
        if player.name in names and player.name not in ANONYMOUS:
            raise InputError(f"player {player.seat}'s name {player.name!r} is another player's too; give each "
                             "player a name the table can tell apart", code="input.name")  # fmt: skip
        other = lookalike(player.name, names)
        if other is not None:
            raise InputError(f"player {player.seat}'s name {player.name!r} looks like {other!r}; give each player a "
                             "name the table can tell apart", code="input.name")  # fmt: skip
        names.append(player.name)


def resent(match_id: str, events: Sequence[PendingEvent], found: dict[str, StoredEvent]) -> Resent | None:
    """The stored events if this batch is an exact resend (every event stored in this match, one
    after another, with the same content), whatever seq the sender thought the match was at;
    None if none of it is stored (``found``: the stored events with the batch's ids, by id). A
    batch stored in part, or otherwise, is a ``DuplicateEventError``."""
    if not found:
        return None
    stored = []
    first = found.get(events[0].event_id)
    for offset, event in enumerate(events):
        row = found.get(event.event_id)
        place = (match_id, (first.seq if first is not None else 0) + offset)
        if (
            row is None
            or (row.match_id, row.seq) != place
            or not row.same_content(event, event.payload.canonical_json())
        ):
            where = (
                "is not stored, while others of this batch are"
                if row is None
                else f"is stored as {row.match_id} seq {row.seq} with other content or in another place"
            )
            raise DuplicateEventError(
                f"event id {event.event_id} {where}; a retry must resend the same batch unchanged, "
                "and a new event needs a new id"
            )
        stored.append(row)
    return Resent(stored)


def retry_or_conflict(
    match_id: str,
    expected_seq: int,
    actual_seq: int,
    events: Sequence[PendingEvent],
    already_stored: Callable[[str, Sequence[PendingEvent]], list[StoredEvent] | None],
) -> Sequence[StoredEvent]:
    """After a stale ``expected_seq``: the stored events if the batch is a resend of them, else
    a ``ConcurrencyError`` (another writer got there first)."""
    if not events:
        return []
    stored = already_stored(match_id, events)
    if stored is None:
        raise ConcurrencyError(match_id, expected_seq, actual_seq)
    return stored


def duplicate_error(
    rows: Sequence[tuple[Any, ...]], stored_at: Callable[[str], tuple[str, int] | None]
) -> DuplicateEventError:
    """Name the event id that broke a unique constraint: repeated in the batch, or already stored
    (``stored_at`` gives the match and seq an id is stored at)."""
    seen: set[str] = set()
    for row in rows:
        event_id = row[2]
        if event_id in seen:
            return RepeatedEventIdError(f"event id {event_id} appears twice in one batch; give each event its own id")
        seen.add(event_id)
        stored = stored_at(event_id)
        if stored is not None:
            return DuplicateEventError(
                f"event id {event_id} is already stored as {stored[0]} seq {stored[1]} with other content; "
                "a retry must resend the same batch unchanged, and a new event needs a new id"
            )
    return DuplicateEventError("an event in this batch collides with a stored one")


def check_together(batches: Sequence[tuple[str, int, Sequence[PendingEvent]]]) -> None:
    """What ``append_together`` takes, on every backend: valid match ids, each match once."""
    for match_id, _, _ in batches:
        check_match_id(match_id)
    if len({match_id for match_id, _, _ in batches}) != len(batches):
        raise InputError("append_together takes each match once")
