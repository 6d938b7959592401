"""The public record of a koi-koi match: each deal as the table saw it (the field alone; the hands
and the pile unseen), every card then shown as it is played or drawn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from events.koikoi import KoikoiDeal, KoikoiFieldDealt
from events.model import Payload


def public_view(payloads: Iterable[Payload]) -> Iterator[Payload]:
    for payload in payloads:
        yield KoikoiFieldDealt(field=payload.field) if isinstance(payload, KoikoiDeal) else payload
