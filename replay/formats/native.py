"""taikyoku's own export: whole matches with their events, ids and hashes, checkable on their own.

json: ``{"format": "taikyoku", "version": 2, "matches": [{"match_id", "event_count", "head_hash", "events": [...]}]}``
jsonl: one event per line (its envelope, ``prev_hash`` and ``hash``), each match closed by a head line
``{"event_count", "head_hash", "match_id"}``, matches one after another.
Both are written and read one match at a time, so memory does not grow with the history.
csv: one row per round, then the standings.

An export holds no store positions, so exporting a match, importing it elsewhere, and exporting
it again gives the same bytes.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, BinaryIO, NoReturn

from pydantic import ValidationError

import schemas
from events import registry
from events.canonical import JsonValue, check_depth, dumps, parse_outside_json, too_long_a_number
from events.envelope import PendingEvent, envelope_text
from events.errors import InputError
from events.ingest import describe_pydantic
from replay.formats.detect import HEADER
from store import StoredEvent
from store.chain import GENESIS, chain_problem

if TYPE_CHECKING:
    from replay.engine.result import RoundOutcome

FORMAT = "taikyoku"
VERSION = 2  # 2: every match carries its head hash and its event count, so a cut file is refused
HEAD_KEYS = frozenset({"match_id", "event_count", "head_hash"})  # a jsonl line that closes a match
CHUNK = 1 << 20


def event_json(event: StoredEvent) -> dict[str, Any]:
    return event.envelope() | {"prev_hash": event.prev_hash, "hash": event.hash}


def head_json(events: Sequence[StoredEvent]) -> dict[str, Any]:
    return {"match_id": events[0].match_id, "event_count": len(events), "head_hash": events[-1].hash}


def match_json(events: Sequence[StoredEvent]) -> dict[str, Any]:
    return head_json(events) | {"events": [event_json(e) for e in events]}


def write_json(matches: Iterable[Sequence[StoredEvent]], write: Callable[[str], object]) -> None:
    """The json export, one match at a time: what is held is one match, whatever the history's size."""
    write(f'{{\n "format": "{FORMAT}",\n "version": {VERSION},\n "matches": [')
    for number, events in enumerate(matches):
        text = json.dumps(match_json(events), ensure_ascii=False, indent=1, sort_keys=True)
        write(("," if number else "") + "\n  " + text.replace("\n", "\n  "))
    write("\n ]\n}\n")


def write_jsonl(matches: Iterable[Sequence[StoredEvent]], write: Callable[[str], object]) -> None:
    """One event a line, each match closed by its head line (match id, event count, head hash)."""
    for events in matches:
        write("".join(dumps(event_json(e)) + "\n" for e in events) + dumps(head_json(events)) + "\n")


def to_json(matches: Iterable[Sequence[StoredEvent]]) -> str:
    parts: list[str] = []
    write_json(matches, parts.append)
    return "".join(parts)


def to_jsonl(matches: Iterable[Sequence[StoredEvent]]) -> str:
    parts: list[str] = []
    write_jsonl(matches, parts.append)
    return "".join(parts)


class ExportedMatch:
    """A match of an export, checked event by event as it is read (schema, place, chain) and
    typed: what is held is its typed events, never the text or the parsed JSON of all of them.
    After the first problem the rest of the match is read past and nothing of it is kept."""

    def __init__(self, match_id: str, source: str) -> None:
        self.match_id = match_id  # the events' own; json's match_id is checked against it at the end
        self.source = source
        self.events: list[PendingEvent] = []
        self.hashes: list[str] = []
        self.count = 0  # events read, a problem's and those after it included
        self.problem: str | None = None
        self.head_hash: str | None = None  # what the file says the chain ends with
        self.event_count: int | None = None  # how many events the file says the match has
        self.named: str | None = None  # json: the match_id the match object gives

    def add(self, event: JsonValue) -> None:
        self.count += 1
        if self.problem is not None:
            return
        problem = self._checked(event, self.count)
        if problem is not None:
            self.problem = problem
            self.events.clear()  # none of it will be stored
            self.hashes.clear()

    def _checked(self, event: JsonValue, index: int) -> str | None:
        where = f"{self.source}: {self.match_id} event {index}"
        if not isinstance(event, dict):
            return f"{where}: not a JSON object"
        body = {k: v for k, v in event.items() if k not in ("prev_hash", "hash")}
        name, version = body.get("type"), body.get("schema_version")
        if not isinstance(version, int) or isinstance(version, bool) or not isinstance(name, str):
            return f"{where}: every exported event names its type and its schema_version; the file was edited"
        try:
            registry.model_for(name, version)
        except InputError as exc:
            return f"{where}: {exc.message}"
        problem = schemas.first_error(registry.schema_filename(name, version), body)
        if problem:
            return f"{where}: {problem}"
        if body["seq"] != index or body["match_id"] != self.match_id:
            return f"{where}: seq {body['seq']} of {body['match_id']} is out of place; the file was edited"
        payload_text = dumps(body["payload"])
        text = envelope_text(
            match_id=body["match_id"], seq=body["seq"], event_id=body["event_id"], type=name,
            schema_version=version, recorded_at=body["recorded_at"], recorded_by=body["recorded_by"],
            payload_text=payload_text,
        )  # fmt: skip
        previous = self.hashes[-1] if self.hashes else GENESIS
        broken = chain_problem(expected_seq=index, expected_prev=previous, seq=body["seq"],
                               prev_hash=str(event.get("prev_hash")), payload_text=payload_text,
                               envelope_text=text, hash=str(event.get("hash")))  # fmt: skip
        if broken is not None:
            return f"{where}: {broken[1]}; the file was edited"
        try:  # at its own version: imported, it chains to the same hashes as in the store it left
            model = registry.model_for(name, version).model_validate(body["payload"])
            registry.current(model)  # and it reads as today's version
        except ValidationError as exc:
            return f"{where}: {describe_pydantic(exc)}"
        self.events.append(PendingEvent(model, body["event_id"], body["recorded_at"], body["recorded_by"]))
        self.hashes.append(str(event["hash"]))
        return None


def read(data: bytes, source: str) -> list[ExportedMatch]:
    """The matches of a json or jsonl export held in memory, each checked as it was read."""
    return list(iter_matches(io.BytesIO(data), source))


def iter_matches(stream: BinaryIO, source: str) -> Iterator[ExportedMatch]:
    """The matches of a json or jsonl export, one at a time as the stream is read, each checked
    event by event (``check`` adds what only the whole match shows)."""
    reader = io.TextIOWrapper(stream, encoding="utf-8-sig", newline="")  # a BOM some editors write is passed over
    try:
        start = reader.read(200)
    except UnicodeDecodeError:
        raise InputError(f"{source}: invalid UTF-8; an export is UTF-8 JSON") from None
    if start.lstrip().startswith("{") and '"format"' in start:
        yield from _json_matches(start, reader, source)
    else:
        yield from _jsonl_matches(start, reader, source)


def _more(reader: io.TextIOWrapper, source: str, size: int = CHUNK) -> str:
    try:
        return reader.read(size)
    except UnicodeDecodeError:
        raise InputError(f"{source}: invalid UTF-8; an export is UTF-8 JSON") from None


ELEMENT_LIMIT = 64 << 20  # no event (its payload is at most 1 MB) is near this: past it the file is not an export
LINE_LIMIT = 8 << 20  # characters in one jsonl line (one event): read no further than this for one line


class _Cursor:
    """The text of a json export, read in pieces as it is walked: each value is parsed once, and
    what is behind the cursor is let go."""

    def __init__(self, text: str, reader: io.TextIOWrapper, source: str) -> None:
        self.buffer, self.position, self.reader, self.source = text, 0, reader, source
        self.decoder = json.JSONDecoder(parse_constant=_no_constant)
        self.ended = False

    def _fill(self, size: int = CHUNK) -> bool:
        if self.ended:
            return False
        more = _more(self.reader, self.source, size)
        if not more:
            self.ended = True
            return False
        if self.position > CHUNK:  # drop what has been read
            self.buffer, self.position = self.buffer[self.position :], 0
        self.buffer += more
        return True

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            while self.position < len(self.buffer) and self.buffer[self.position] in " \t\r\n":
                self.position += 1
            if self.position < len(self.buffer) or not self._fill():
                return self.buffer[self.position] if self.position < len(self.buffer) else ""

    def take(self, char: str, what: str) -> None:
        if self.peek() != char:
            found = self.peek() or "the end of the file"
            raise InputError(f"{self.source}: {what}: expected {char!r}, found {found!r}; the file was cut or edited")
        self.position += 1

    def value(self, what: str) -> JsonValue:
        """The JSON value at the cursor, parsed once."""
        self.peek()
        wanted = CHUNK
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buffer, self.position)
            except json.JSONDecodeError as exc:
                # Cut short by the end of what is held, or malformed: read as much again and see.
                if len(self.buffer) - self.position > ELEMENT_LIMIT or not self._fill(wanted):
                    raise InputError(
                        f"{self.source}: {what} is malformed JSON ({exc.msg}): the file was cut or edited"
                    ) from None
                wanted = max(wanted, len(self.buffer) - self.position)
                continue
            except RecursionError:
                raise InputError(f"{self.source}: JSON nested too deeply") from None
            except ValueError as exc:  # not a JSONDecodeError: an integer past Python's limit
                raise InputError(f"{self.source}: {what}: {too_long_a_number(exc)}") from None
            self.position = end
            return value


def _json_matches(text: str, reader: io.TextIOWrapper, source: str) -> Iterator[ExportedMatch]:
    """A json export read match by match, and each match event by event. Its header must come
    first, as taikyoku writes it; a file laid out otherwise is read whole."""
    header = HEADER.match(text)
    while header is None and len(text) < 400:
        more = _more(reader, source)
        if not more:
            break
        text += more
        header = HEADER.match(text)
    if header is None:
        yield from _whole_json(text + _rest(reader, source), source)
        return
    _check_format(header.group(1), int(header.group(2)), source)
    cursor = _Cursor(text[header.end() :], reader, source)
    number = 0
    while True:
        if cursor.peek() == "]":
            cursor.position += 1
            closed = cursor.peek() == "}"
            cursor.position += 1
            if not closed or cursor.peek() != "":
                raise InputError(f"{source}: the file does not end where its list of matches ends; it was edited")
            return
        if number:
            cursor.take(",", f"after match {number}")
        number += 1
        yield _streamed_match(cursor, number, source)


def _streamed_match(cursor: _Cursor, number: int, source: str) -> ExportedMatch:
    """One match object, its events checked and typed one at a time as they are read."""
    if cursor.peek() != "{":
        raise InputError(f"{source}: match {number} is not a JSON object; the file was edited")
    cursor.position += 1
    match = ExportedMatch("", source)
    fields: dict[str, Any] = {}
    while cursor.peek() != "}":
        if fields or match.count:
            cursor.take(",", f"match {number}")
        key = cursor.value(f"match {number}")
        cursor.take(":", f"match {number}")
        if key == "events":
            if cursor.peek() != "[":
                raise InputError(f"{source}: match {number}'s 'events' must be a list of events; the file was edited")
            cursor.position += 1
            fields["events"] = True
            while cursor.peek() != "]":
                if match.count:
                    cursor.take(",", f"match {number}'s events")
                event = cursor.value(f"match {number} event {match.count + 1}")
                check_depth(event, source)
                if not match.count and isinstance(event, dict):
                    match.match_id = str(event.get("match_id"))
                match.add(event)
            cursor.position += 1
        else:
            fields[str(key)] = cursor.value(f"match {number}'s {key}")
            check_depth(fields[str(key)], source)
    cursor.position += 1
    if "events" not in fields:
        raise InputError(f"{source}: match {number}'s 'events' must be a list of events; the file was edited")
    _close(match, fields)
    return match


def _close(match: ExportedMatch, fields: dict[str, Any]) -> None:
    """The match object's own fields: its head, and its id against its events'."""
    count = fields.get("event_count")
    match.head_hash = fields.get("head_hash")
    match.event_count = count if isinstance(count, int) and not isinstance(count, bool) else None
    match.named = str(fields.get("match_id"))
    if not match.count:
        match.match_id = match.named


def _rest(reader: io.TextIOWrapper, source: str) -> str:
    parts = []
    while more := _more(reader, source):
        parts.append(more)
    return "".join(parts)


def _no_constant(text: str) -> NoReturn:
    raise json.JSONDecodeError(f"{text} is not valid JSON", text, 0)


def _check_format(name: object, version: object, source: str) -> None:
    if name != FORMAT:
        raise InputError(f"{source}: not a taikyoku export (format {FORMAT}, version {VERSION})")
    if version == 1:
        raise InputError(
            f"{source}: a version 1 export, which does not record each match's event count, so a cut file "
            "would pass; export the matches again with this taikyoku"
        )
    if version != VERSION:
        raise InputError(f"{source}: a taikyoku export of version {version}; this taikyoku reads version {VERSION}")


def _whole_json(text: str, source: str) -> Iterator[ExportedMatch]:
    try:
        document = parse_outside_json(text, source)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: malformed JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None
    if not isinstance(document, dict):
        raise InputError(f"{source}: not a taikyoku export (format {FORMAT}, version {VERSION})")
    _check_format(document.get("format"), document.get("version"), source)
    listed = document.get("matches")
    if not isinstance(listed, list):
        raise InputError(f"{source}: 'matches' must be a list of matches; the file was edited")
    for number, match in enumerate(listed, 1):
        yield _match_of(match, number, source)


def _match_of(value: JsonValue, number: int, source: str) -> ExportedMatch:
    check_depth(value, source)
    if not isinstance(value, dict):
        raise InputError(f"{source}: match {number} is not a JSON object; the file was edited")
    if not isinstance(value.get("events"), list):
        raise InputError(f"{source}: match {number}'s 'events' must be a list of events; the file was edited")
    events = value["events"]
    first = events[0] if events else None
    match = ExportedMatch(str(first.get("match_id")) if isinstance(first, dict) else "", source)
    for event in events:
        match.add(event)
    _close(match, value)
    return match


def _jsonl_matches(start: str, reader: io.TextIOWrapper, source: str) -> Iterator[ExportedMatch]:
    current: ExportedMatch | None = None
    found = False
    pending = start
    number = 0
    while True:
        more = _more(reader, source)
        pending += more
        lines = pending.split("\n")
        pending = lines.pop() if more else ""
        too_long = next((i for i, line in enumerate([*lines, pending]) if len(line) > LINE_LIMIT), None)
        if too_long is not None:  # bounded: a line with no end is not read on to the end of memory
            raise InputError(f"{source} line {number + 1 + too_long}: a line of over {LINE_LIMIT >> 20} MB; a taikyoku "
                             "jsonl export holds one event a line, far smaller: the file is not an export")  # fmt: skip
        for line in lines:
            number += 1
            if not line.strip():
                continue
            try:
                value = parse_outside_json(line, f"{source} line {number}")
            except json.JSONDecodeError as exc:
                raise InputError(
                    f"{source} line {number}: malformed JSON at column {exc.colno}: {exc.msg}; a taikyoku jsonl "
                    "export holds one event object a line (another program's log imports with its --format)"
                ) from None
            found = True
            if isinstance(value, dict) and set(value) == HEAD_KEYS:
                if current is None or str(value.get("match_id")) != current.match_id:
                    raise InputError(f"{source} line {number}: a head line for a match with no events before it")
                _close(current, value)
                yield current
                current = None
                continue
            match_id = str(value.get("match_id")) if isinstance(value, dict) else "?"
            if current is not None and current.match_id != match_id:
                yield current  # no head line: check() says the match was cut
                current = None
            if current is None:
                current = ExportedMatch(match_id, source)
            current.add(value)
        if not more:
            break
    if current is not None:
        yield current
    if not found:
        raise InputError(f"{source}: no events found")


def check(match: ExportedMatch, source: str) -> list[str]:
    """Everything wrong with an exported match: the first problem of its events (schemas, seqs,
    the chain, the typed payloads), else what its head says against what its events are."""
    if match.problem is not None:
        return [match.problem]
    if match.named is not None and match.count and match.named != match.match_id:
        return [f"{source}: match {match.named} holds the events of {match.match_id}; the file was edited"]
    if match.head_hash is None or match.event_count is None:
        return [f"{source}: {match.match_id} has no head (its event count and last hash): the file was cut or edited"]
    if match.event_count != match.count:
        return [
            f"{source}: {match.match_id} holds {match.count} events but its head says "
            f"{match.event_count}: the file was cut or edited"
        ]
    last = match.hashes[-1] if match.hashes else GENESIS
    if match.head_hash != last:
        return [f"{source}: {match.match_id} head hash {match.head_hash} is not the last event's hash"]
    return []


def pending(match: ExportedMatch) -> list[PendingEvent]:
    """The events to append, with their own ids, times and recorders (checked as they were read)."""
    return match.events


# A cell a spreadsheet would read as a formula (OWASP's CSV injection): text that starts with one
# of these. Numbers stay numbers: -300 points is data, not a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """``value`` as a spreadsheet shows it as text: a leading ' before what would start a formula."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


class CsvWriter:
    """csv.writer that makes every text cell safe to open in a spreadsheet, unless ``raw``."""

    def __init__(self, buffer: io.StringIO, raw: bool = False) -> None:
        self.writer = csv.writer(buffer, lineterminator="\n")
        self.raw = raw

    def writerow(self, row: Sequence[object]) -> None:
        self.writer.writerow(row if self.raw else [spreadsheet_cell(cell) for cell in row])


def rows_csv(rows: Sequence[Mapping[str, Any]], raw: bool = False) -> str:
    """Rows as CSV, the one writer of every table export: a header of every row's keys in the order
    first seen, a missing cell empty, and each text cell safe to open in a spreadsheet unless ``raw``."""
    columns = list(dict.fromkeys(key for row in rows for key in row))
    buffer = io.StringIO()
    writer = CsvWriter(buffer, raw)
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row.get(column, "") for column in columns])
    return buffer.getvalue()


CSV_COLUMNS = ("match", "game", "ruleset", "date", "round", "dealer", "winner", "reason", "yaku", "han", "fu", "limit")


SEATS = 4  # the most seats any game has: every row has a name and a points column for each


def csv_header(raw: bool = False) -> str:
    """The header of the rounds table: the round's columns, then each seat's name and points, so
    every row of every match has the same columns."""
    buffer = io.StringIO()
    seats = [column for seat in range(SEATS) for column in (f"seat {seat}", f"points {seat}")]
    CsvWriter(buffer, raw).writerow([*CSV_COLUMNS, *seats])
    return buffer.getvalue()


def csv_rows(
    match_id: str,
    game: str,
    ruleset: str,
    date: str,
    names: Sequence[str],
    results: Sequence[RoundOutcome],
    raw: bool = False,
) -> str:
    """One row per round: who dealt and won and why, the yaku (and han, fu and limit, where the game counts them), and
    each seat's player and points (empty for a seat a smaller table does not have)."""
    from replay.games import GAMES

    review = GAMES[game].review()  # the game's own words for a round's scoring
    buffer = io.StringIO()
    writer = CsvWriter(buffer, raw)
    for result in results:
        winner = result.winners[0] if result.winners else None
        yaku, han, fu, limit = ("", "", "", "") if winner is None else review.scoring_words(result, winner)
        seats: list[object] = []
        for seat in range(SEATS):
            seats += [names[seat], result.points[seat]] if seat < len(names) else ["", ""]
        writer.writerow([match_id, game, ruleset, date, result.number, names[result.dealer],
                         "" if winner is None else names[winner], result.reason, yaku, han, fu, limit,
                         *seats])  # fmt: skip
    return buffer.getvalue()


STANDINGS_COLUMNS = ("match", "game", "ruleset", "date", "status", "seat", "player", "points", "rank")


def csv_standings(match_id: str, game: str, ruleset: str, date: str, status: str, names: Sequence[str],
                  points: Sequence[int], raw: bool = False) -> str:  # fmt: skip
    """One row per player: the match's standing, and the rank it gives (ties share a rank)."""
    buffer = io.StringIO()
    writer = CsvWriter(buffer, raw)
    for seat, name in enumerate(names):
        score = points[seat] if seat < len(points) else 0
        rank = 1 + sum(1 for other in points if other > score)
        writer.writerow([match_id, game, ruleset, date, status, seat, name, score, rank])
    return buffer.getvalue()
