"""Exporting matches: taikyoku's own files (json, jsonl, csv), a match as another program's record (a
format its game declares and writes), and which matches an export writes. Progress is reported through ``tick``;
nothing here prints."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence

from events.errors import InputError
from store import Store, StoredEvent

Tick = Callable[..., None]  # called once a match is written


def _no_tick(said: str | None = None) -> None:
    """No progress to report."""


def export_native(
    store: Store,
    ids: Sequence[str],
    format_: str,
    write: Callable[[str], object],
    tick: Tick = _no_tick,
    *,
    standings: bool = False,
    raw: bool = False,
) -> None:
    """Matches as taikyoku json or jsonl (every event, its id and hash, each match's head), or csv
    (a row per round), written one match at a time. A csv text cell that a spreadsheet would take
    for a formula gets a leading ', unless ``raw``."""
    from replay.app import service
    from replay.formats import native

    def matches() -> Iterator[Sequence[StoredEvent]]:
        for match_id in ids:
            yield store.read(match_id)
            tick()

    if format_ == "json":
        native.write_json(matches(), write)
        return
    if format_ == "jsonl":
        native.write_jsonl(matches(), write)
        return
    # csv: the rounds of every match, each seat's player and points, or with ``standings`` a row
    # per player per match.
    summaries = []
    dates = {m.match_id: m.first.recorded_at[:10] for m in store.matches()}
    for match_id in [i for i in ids if i in dates]:  # a night's own stream has no rounds: its tables do
        folded = service.replay_match(store, match_id)
        started = folded.history.effective[0].payload
        names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
        summaries.append((match_id, folded, started, names, dates.get(match_id, "")))
    if standings:
        write(",".join(native.STANDINGS_COLUMNS) + "\n")
    else:
        write(native.csv_header(raw))
    for match_id, folded, started, names, date in summaries:
        game, rules = started.game, started.ruleset.id  # type: ignore[attr-defined]
        state = folded.state
        if standings:
            glance = service.summary(store, match_id)
            write(native.csv_standings(match_id, game, rules, date, glance["status"], names, glance["standings"], raw))
        else:
            write(native.csv_rows(match_id, game, rules, date, names, list(state.results), raw))
        tick()


def export_log(store: Store, match: str, format_: str) -> str:
    """A match as another program's record in ``format_``, a format its game declares and writes
    (``Game.log_formats``): one JSON document, or one JSON object a line."""
    import importlib

    from replay.app import service
    from replay.games import GAMES, log_format

    found = log_format(format_)
    if found is None or not found[1].writes:
        writable = [f.name for game in GAMES.values() for f in game.log_formats if f.writes]
        raise InputError(f"unknown export format {format_!r}; use json, jsonl, csv, or one of {', '.join(writable)}")
    game, declared = found
    steps = service.read_steps(store, match)
    if service.game_of(steps) != game.name:
        raise InputError(f"match {match} is not a {game.title} match; {declared.name} holds {game.title} games")
    started = steps[0].payload
    names = [p.name for p in sorted(started.players, key=lambda p: p.seat)]  # type: ignore[attr-defined]
    written = importlib.import_module(declared.module).export(steps, names)
    if declared.lines:
        return "".join(line + "\n" for line in written)
    return json.dumps(written, ensure_ascii=False, separators=(",", ":")) + "\n"


def exported_matches(store: Store, match: str | None, *, abandoned: bool, where: str) -> list[str]:
    """The matches an export writes: ``match`` (refused when the store has none of that id); a
    club night's own stream with every table it seated (played or abandoned: the night names
    them all), so that the night is whole wherever it is imported; or every match, abandoned
    ones only with ``abandoned``."""
    from replay.app import service

    if match is not None:
        if not store.exists(match):
            raise InputError(f"no match {match!r} in {where}; list the matches with `taikyoku matches`")
        first = store.read(match, to_seq=1)
        if first and first[0].type == "night.opened":
            from replay.app import nights

            return [
                match,
                *(table.match_id for table in nights.read(store, match).tables if store.exists(table.match_id)),
            ]
        return [match]
    ids = [m.match_id for m in store.matches()]
    return ids if abandoned else [i for i in ids if service.summary(store, i)["status"] != "abandoned"]
