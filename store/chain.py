"""The per-match hash chain: each event's hash covers the previous hash and its own bytes."""

from __future__ import annotations

import hashlib

from events.canonical import is_canonical

GENESIS = "0" * 64  # the "previous hash" of every match's first event


def link(prev_hash: str, envelope_text: str) -> str:
    """SHA-256 over the previous link and the event's canonical envelope, as hex."""
    return hashlib.sha256((prev_hash + envelope_text).encode("utf-8")).hexdigest()


def chain_problem(
    *,
    expected_seq: int,
    expected_prev: str,
    seq: int,
    prev_hash: str,
    payload_text: str,
    envelope_text: str,
    hash: str,
    canonical: bool | None = None,
) -> tuple[str, str] | None:
    """The one chain rule, for a stored event and an exported one alike: (code, reason) of the first
    way the event does not follow the one before it, or None. ``expected_prev`` is GENESIS for a
    match's first event; ``canonical``, whether the payload text is canonical, where the caller has
    already parsed it (else it is worked out here)."""
    if seq != expected_seq:
        return "store.chain.gap", f"expected seq {expected_seq} here; the chain has a gap"
    if prev_hash != expected_prev:
        return "store.chain.prev_hash", "prev_hash does not match the previous event's hash"
    if not (is_canonical(payload_text) if canonical is None else canonical):
        return "store.chain.payload_not_canonical", "payload is not in canonical JSON: it was edited"
    if link(prev_hash, envelope_text) != hash:
        return "store.chain.hash", "hash does not match the event's content: it was altered"
    return None
