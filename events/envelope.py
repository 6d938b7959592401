"""The envelope every event travels in, and its canonical bytes.

A ``PendingEvent`` is an event before the store has given it a place (match and seq); a
stored event adds those and its hash link (see ``store``).
"""

from __future__ import annotations

import hashlib
import os
import random
import time
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from events.canonical import quote

if TYPE_CHECKING:
    from events.model import Payload

ENVELOPE_FIELDS = (
    "match_id",
    "seq",
    "event_id",
    "type",
    "schema_version",
    "recorded_at",
    "recorded_by",
    "payload",
)
PAYLOAD_LIMIT = 64 * 1024  # bytes of canonical payload JSON


def now_timestamp() -> str:
    """UTC, microseconds, with a Z: the one timestamp spelling taikyoku writes."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


_random = random.Random(os.urandom(32))  # ids must be unique, not secret: a fast generator, seeded well
_last = [0, 0]  # the millisecond of the last id, and the counter within it


def new_event_id() -> str:
    """A time-ordered UUID (version 7, RFC 9562): 48 bits of milliseconds, a 12-bit counter within
    the millisecond, 62 random bits. Ids made one after another sort in order, so a store's
    unique index takes each new one at its end instead of at a random place."""
    now = time.time_ns() // 1_000_000
    if now <= _last[0]:
        now, counter = _last[0], _last[1] + 1
        if counter > 0xFFF:  # 4,096 ids in one millisecond: borrow the next one
            now, counter = now + 1, 0
    else:
        counter = _random.getrandbits(8)  # a random start leaves room to count within the millisecond
    _last[0], _last[1] = now, counter
    value = (now << 80) | (0x7 << 76) | (counter << 64) | (0b10 << 62) | _random.getrandbits(62)
    text = f"{value:032x}"
    return f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:]}"


def log_event_ids(match_id: str, count: int, played_at: str | None = None) -> list[str]:
    """The ids of a match's ``count`` events read from a game log: the same at every import of the
    log, whatever the store, the machine or the number of workers. Each is a UUID of version 8
    (RFC 9562, whose layout is the user's to choose): the second the game began (where the log
    says when; else more of the digest) in the first 32 bits, a SHA-256 of the match id in the next
    66, the event's seq in the last 24. A match's events sort together and in seq order, and an
    archive's games by when they were played, so a store's unique index takes each game in one place.

    A store holds one match of an id, so ids made from it never meet another match's; a log read
    into two stores gives the same ids to the same events (sync compares their hashes, as for any
    match recorded in two places). Ids never clash with ``new_event_id``'s: the version differs."""
    if not 0 <= count < 1 << 24:
        raise ValueError(f"a match read from a log holds at most {(1 << 24) - 1} events, not {count}")
    digest = int.from_bytes(hashlib.sha256(b"taikyoku log event ids\x00" + match_id.encode()).digest()[:16], "big")
    first = digest >> 96
    if played_at is not None:
        first = int(datetime.fromisoformat(played_at.replace("Z", "+00:00")).timestamp()) & 0xFFFFFFFF
    value = (
        (first << 96)
        | ((digest >> 80) & 0xFFFF) << 80
        | 0x8 << 76  # version 8
        | ((digest >> 64) & 0xFFF) << 64
        | 0b10 << 62  # the RFC's variant
        | (digest & ((1 << 38) - 1)) << 24
    )
    text = f"{value:032x}"
    common = f"{text[:8]}-{text[8:12]}-{text[12:16]}-{text[16:20]}-{text[20:26]}"  # all but the seq
    return [f"{common}{seq:06x}" for seq in range(1, count + 1)]


class PendingEvent(NamedTuple):
    """A validated event that is not stored yet. (A NamedTuple: immutable and cheap to make.)"""

    payload: Payload
    event_id: str
    recorded_at: str
    recorded_by: str

    @property
    def type(self) -> str:
        return self.payload.EVENT_TYPE

    @property
    def schema_version(self) -> int:
        return self.payload.SCHEMA_VERSION

    def payload_text(self) -> str:
        return self.payload.canonical_json()


def new_event(
    payload: Payload,
    *,
    recorded_by: str,
    event_id: str | None = None,
    recorded_at: str | None = None,
) -> PendingEvent:
    return PendingEvent(
        payload=payload,
        event_id=event_id or new_event_id(),
        recorded_at=recorded_at or now_timestamp(),
        recorded_by=recorded_by,
    )


def envelope_text(
    *,
    match_id: str,
    seq: int,
    event_id: str,
    type: str,
    schema_version: int,
    recorded_at: str,
    recorded_by: str,
    payload_text: str,
) -> str:
    """Canonical JSON of a whole envelope, given the payload's canonical text.

    Equal to ``dumps(envelope_dict)`` (a property test holds us to it) but does not
    re-encode the payload, which the hot path has already encoded once.
    """
    return (
        f'{{"event_id":{quote(event_id)},"match_id":{quote(match_id)},"payload":{payload_text},'
        f'"recorded_at":{quote(recorded_at)},"recorded_by":{quote(recorded_by)},'
        f'"schema_version":{int(schema_version)},"seq":{int(seq)},"type":{quote(type)}}}'
    )


def envelope_dict(
    *,
    match_id: str,
    seq: int,
    event: PendingEvent,
) -> dict[str, Any]:
    return {
        "match_id": match_id,
        "seq": seq,
        "event_id": event.event_id,
        "type": event.type,
        "schema_version": event.schema_version,
        "recorded_at": event.recorded_at,
        "recorded_by": event.recorded_by,
        "payload": event.payload.model_dump(),
    }
