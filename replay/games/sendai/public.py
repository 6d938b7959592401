"""The public record of a Sendai-hana match: each deal as the table saw it (the field alone; the hands
and the pile unseen), every card then shown as it is played or drawn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from events.model import Payload
from events.sendai import SendaiDeal, SendaiFieldDealt


def public_view(payloads: Iterable[Payload]) -> Iterator[Payload]:
    for payload in payloads:
        yield SendaiFieldDealt(field=payload.field) if isinstance(payload, SendaiDeal) else payload
