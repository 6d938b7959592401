"""The order of a Tenhou hand's moves, from its per-seat lists of takes and discards (docs/riichi.md
§3.2): after each discard, a seat whose next take is a call on that tile may have called it, or
may be calling a later copy; both readings are tried, calls first, and the one that uses every
take and discard exactly is kept (the corpus has "confusing" calls a greedy reading gets wrong)."""

from __future__ import annotations

import re

from events.canonical import JsonValue

# Where the letter of a pon or kan stands says whom it was called from: first the seat before
# (kamicha), second the seat across (toimen), third or fourth the seat after (shimocha). Tenhou
# counts round four seats in three-player games too, so there the seat "across" is the one after
# and nobody sits before East.
SEATS_BACK = {0: 3, 2: 2, 4: 1, 6: 1}  # the letter's index -> seats on from the caller, of four


def sources(seat: int, players: int) -> dict[int, int]:
    """The letter's index -> the seat called from, for the seats at the table."""
    found = {index: (seat + on) % 4 for index, on in SEATS_BACK.items()}
    return {index: source for index, source in found.items() if source < players and source != seat}


Action = tuple[int, str, JsonValue]  # (seat, "take" or "discard", the log's entry)


READINGS = 200_000  # steps a reading may take: a real hand takes a few hundred


class TooManyReadings(Exception):
    """A hand whose lists allow more readings than any real log: built to make the search endless."""


def walk(
    takes: list[list[JsonValue]], discards: list[list[JsonValue]], dealer: int, *, steps: int | None = None
) -> list[Action] | None:
    """The order of the moves, or None if the lists cannot be read consistently.

    After each discard, a seat whose next take is a call on that tile may have called it, or
    may be calling a later copy: both readings are tried, calls first, and the one that uses
    every take and discard exactly is kept. Most discards leave one reading (the next seat
    draws), so the reading goes on in place and keeps a choice only where there is one, to come
    back to if what follows does not hold together.
    """
    steps = READINGS if steps is None else steps
    players = len(takes)
    all_takes, all_discards = sum(len(t) for t in takes), sum(len(d) for d in discards)
    ti, di = [0] * players, [0] * players  # each seat's next take and next discard
    moves: list[Action] = []
    choices: list[tuple[list[int], list[int], int, list[_Next]]] = []  # where to come back to, and what is left there
    step: _Next | bool = ("take", dealer, None)
    while True:
        steps -= 1
        if steps < 0:
            raise TooManyReadings
        if step is True:
            return moves
        if step is False:  # this reading does not hold: back to the last choice
            if not choices:
                return None
            taken, discarded, length, left = choices[-1]
            ti[:], di[:] = taken, discarded
            del moves[length:]
            step = left.pop(0)
            if not left:
                choices.pop()
            continue
        kind, actor, last = step
        if kind == "end":  # the hand ends on the discard before: a ron, or a draw
            step = sum(ti) == all_takes and sum(di) == all_discards
        elif kind == "take":
            if ti[actor] >= len(takes[actor]):
                step = sum(ti) == all_takes and sum(di) == all_discards
                continue
            entry = takes[actor][ti[actor]]
            if isinstance(entry, str):
                parsed = _call_parts(entry, actor, players)
                if (
                    parsed is None
                    or last is None
                    or parsed[2] != last[0]
                    or _plain_code(parsed[1]) != _plain_code(last[1])
                ):
                    step = False
                    continue
            ti[actor] += 1
            moves.append((actor, "take", entry))
            step = ("discard", actor, None)
            if isinstance(entry, str) and "m" in entry:  # an open kan: skip the 0, draw the replacement
                if di[actor] < len(discards[actor]) and discards[actor][di[actor]] == 0:
                    di[actor] += 1
                step = ("take", actor, None)
        else:
            if di[actor] >= len(discards[actor]):  # a tsumo, or nine terminals
                step = sum(ti) == all_takes and sum(di) == all_discards
                continue
            entry = discards[actor][di[actor]]
            di[actor] += 1
            moves.append((actor, "discard", entry))
            if isinstance(entry, str) and any(letter in entry for letter in "akf"):
                if "k" in entry and sum(ti) == all_takes and sum(di) == all_discards:
                    step = True  # an added kan robbed: the hand ends on it
                else:
                    step = ("take", actor, None)
                continue
            code = entry[1:] if isinstance(entry, str) else entry
            out = _drawn_code(moves, actor) if int(code) == 60 else int(code)
            readings: list[_Next] = [("take", seat, (actor, out)) for seat in _callers(takes, ti, actor, out, players)]
            following = (actor + 1) % players
            if ti[following] < len(takes[following]) and not isinstance(takes[following][ti[following]], str):
                readings.append(("take", following, (actor, out)))
            else:
                readings.append(("end", actor, None))
            step = readings[0]
            if len(readings) > 1:
                choices.append((ti.copy(), di.copy(), len(moves), readings[1:]))


_Next = tuple[str, int, tuple[int, JsonValue] | None]  # what to read next: a take, a discard, or the end


def _drawn_code(moves: list[Action], actor: int) -> int:
    for seat, kind, entry in reversed(moves):
        if seat == actor and kind == "take":
            return -1 if isinstance(entry, str) else int(str(entry))
    return -1


def _plain_code(code: JsonValue) -> int:
    value = int(code)
    return {51: 15, 52: 25, 53: 35}.get(value, value)


def _call_parts(text: str, seat: int, players: int) -> tuple[str, int, int] | None:
    """(letter, called tile code, seat called from) for a chi, pon or open kan string."""
    found = re.fullmatch(r"(\d*)([cpm])(\d+)", text)
    if not found:
        return None
    position = len(found.group(1))
    called = int(found.group(3)[:2])
    if found.group(2) == "c":
        return "c", called, (seat - 1) % players
    source = sources(seat, players)
    if position not in source:
        return None
    return found.group(2), called, source[position]


def _callers(takes: list[list[JsonValue]], ti: list[int], discarder: int, code: int, players: int) -> list[int]:
    """Seats whose next take calls this discard: pon and kan before chi."""
    first: list[int] = []
    chi: list[int] = []
    for step in range(1, players):
        seat = (discarder + step) % players
        if ti[seat] >= len(takes[seat]) or not isinstance(takes[seat][ti[seat]], str):
            continue
        parts = _call_parts(takes[seat][ti[seat]], seat, players)
        if parts and parts[2] == discarder and _plain_code(parts[1]) == _plain_code(code):
            (chi if parts[0] == "c" else first).append(seat)
    return first + chi
