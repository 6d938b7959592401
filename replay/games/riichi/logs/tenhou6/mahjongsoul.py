"""Mahjong Soul games in tenhou.net/6 JSON, as the tensoul converters write them (docs/formats.md).

Such a file is a tenhou.net/6 log whose header is Mahjong Soul's: a ``ref`` that is the game's
UUID with its date in front (``231014-84c11a6f-...``), ``rule.disp`` naming the room (銅の間 ...
王座の間, 友人戦 for a friendly room, 大会戦 for a tournament) and ``東喰``/``南喰``, ``title`` with the room
and the game's end time (seconds since 1970 from tensoul-py-ng; the converting machine's local time
as text from tensoul), ``dan`` in Mahjong Soul's ranks and, from tensoul-py-ng, ``playerMapping``:
each seat's nickname and account id. Reading only: no I/O.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from events.errors import InputError
from events.text import NAME_LIMIT

ROOMS = ("銅の間", "銀の間", "金の間", "玉の間", "王座の間", "友人戦", "大会戦")
_UUID_REF = re.compile(r"^(\d{2})(\d{2})(\d{2})-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# The end time as tensoul's text: Node's toLocaleString in the two shapes that read one way only
# (en-US with AM/PM; year first, as in ja-JP and zh-CN). A day-first or month-first text without
# AM/PM could be either, so it is not read; the game is then dated by its ref.
_US_TIME = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4}), (\d{1,2}):(\d{2}):(\d{2}) (AM|PM)$")
_YEAR_FIRST_TIME = re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2})$")
_SERVER_DAY = timezone(timedelta(hours=8))  # the ref's date: Mahjong Soul's servers keep China's time


def is_mahjong_soul(header: dict[str, Any]) -> bool:
    """A Mahjong Soul game: its ref is a dated UUID, or its rule names a Mahjong Soul room."""
    ref = header.get("ref")
    if isinstance(ref, str) and _UUID_REF.match(ref):
        return True
    rule = header.get("rule")
    disp = str(rule.get("disp", "")) if isinstance(rule, dict) else ""
    return any(room in disp for room in ROOMS)


def played_at(header: dict[str, Any]) -> str | None:
    """When the game ended, as UTC ``...Z``: the title's end time, else the ref's date; None when
    neither says."""
    title = header.get("title")
    ended = title[1] if isinstance(title, list) and len(title) > 1 else None
    if isinstance(ended, int) and not isinstance(ended, bool) and 0 < ended < 2**33:
        return datetime.fromtimestamp(ended, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(ended, str):
        found = _text_time(ended.strip())
        if found is not None:
            return found
    ref = header.get("ref")
    dated = _UUID_REF.match(ref) if isinstance(ref, str) else None
    if dated is None:
        return None
    year, month, day = (int(part) for part in dated.groups())
    try:
        start_of_day = datetime(2000 + year, month, day, tzinfo=_SERVER_DAY)
    except ValueError:
        return None
    return start_of_day.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _text_time(text: str) -> str | None:
    """tensoul's end time as text, read as written (the file does not say the machine's zone: UTC is taken)."""
    us = _US_TIME.match(text)
    year_first = _YEAR_FIRST_TIME.match(text)
    try:
        if us is not None:
            month, day, year, hour, minute, second = (int(part) for part in us.groups()[:6])
            hour = hour % 12 + (12 if us.group(7) == "PM" else 0)
            moment = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        elif year_first is not None:
            year, month, day, hour, minute, second = (int(part) for part in year_first.groups())
            moment = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
        else:
            return None
    except ValueError:
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def player_names(header: dict[str, Any], names: list[str]) -> list[str]:
    """The players' names, two who share a nickname at one table told apart: by account id where
    ``playerMapping`` gives one (``Mika #11111``), else by seat wind (``Mika (East)``)."""
    mapping = header.get("playerMapping")
    ids: list[int | None] = [None] * len(names)
    if isinstance(mapping, list):
        for seat, entry in enumerate(mapping[: len(names)]):
            account = entry.get("account_id") if isinstance(entry, dict) else None
            if isinstance(account, int) and not isinstance(account, bool):
                ids[seat] = account
    winds = ("East", "South", "West", "North")
    named: list[str] = []
    for seat, name in enumerate(names):
        if names.count(name) < 2:
            named.append(name)
        else:
            account = ids[seat]
            named.append(f"{name} #{account}" if account is not None else f"{name} ({winds[seat]})")
    for seat, name in enumerate(named):
        if len(name) > NAME_LIMIT:  # never shortened unsaid: the game is skipped, and this says why
            raise InputError(f"player {seat}'s name {name[:20]!r}... is {len(name)} characters long; taikyoku "
                             f"keeps names of at most {NAME_LIMIT}: shorten it in the file")  # fmt: skip
    return named
