"""The public record of a Tensho match: each deal as the table saw it (the field alone; the hands
and the pile unseen), every card then shown as it is played or drawn."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from events.model import Payload
from events.tensho import TenshoDeal, TenshoFieldDealt


def public_view(payloads: Iterable[Payload]) -> Iterator[Payload]:
    for payload in payloads:
        yield TenshoFieldDealt(field=payload.field) if isinstance(payload, TenshoDeal) else payload
