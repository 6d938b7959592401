"""The per-match hash chain: each event's hash covers the previous hash and its own bytes."""

from __future__ import annotations

import hashlib

GENESIS = "0" * 64  # the "previous hash" of every match's first event


def link(prev_hash: str, envelope_text: str) -> str:
    """SHA-256 over the previous link and the event's canonical envelope, as hex."""
    return hashlib.sha256((prev_hash + envelope_text).encode("utf-8")).hexdigest()
