"""Riichi's records in other programs' formats, declared here as ``Game.log_formats`` (riichi's
``game.py``) takes them: Tenhou's mjlog XML (plain or gzipped), tenhou.net/6 JSON (also Mahjong
Soul's, through its converters) and mjai's lines. Each is read and written in its own module
here; this declaration loads none of them."""

from __future__ import annotations

from replay.engine.logs import LogFormat, Opening

# What an mjai line's first event may be: an mjai file starts with one of these.
MJAI_TYPES = frozenset({"start_game", "start_kyoku", "tsumo", "dahai", "none"})


def _mjlog(opening: Opening) -> bool:
    return opening.raw[:2] == b"\x1f\x8b" or opening.text.startswith("<")  # gzip: Tenhou's .mjlog download


def _mjai(opening: Opening) -> bool:
    return isinstance(opening.first, dict) and opening.first.get("type") in MJAI_TYPES


def _tenhou6(opening: Opening) -> bool:
    if isinstance(opening.first, dict) and isinstance(opening.first.get("log"), list):
        return True  # Tenhou's one line, whatever other keys it carries
    return not _mjai(opening) and opening.text.startswith("{") and '"log"' in opening.text


FORMATS = (
    LogFormat(
        "mjlog",
        "replay.games.riichi.logs.mjlog",
        "mjlog (XML <mjloggm>, or gzipped)",
        _mjlog,
        suffixes=(".xml", ".mjlog", ".gz"),
    ),
    LogFormat(
        "tenhou6",
        "replay.games.riichi.logs.tenhou6",
        'tenhou.net/6 (a JSON object with "log")',
        _tenhou6,
        retry_as="mjai",
        writes=True,
    ),
    LogFormat(
        "mjai",
        "replay.games.riichi.logs.mjai",
        'mjai (a JSON object a line, the first {"type": "start_game"})',
        _mjai,
        suffixes=(".json", ".jsonl", ".mjson"),
        retry_as="tenhou6",
        writes=True,
        lines=True,
    ),
)
