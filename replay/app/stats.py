"""Statistics across every match in a store: standings, and each game's own figures.

Two steps. Each match is folded once into a *digest*: what the statistics need of it, per seat
(names, points, placements, wins and how, yaku, declarations and calls, ...). The digests
are kept in the store's read models, at the match's head hash, so a second run reads them
instead of replaying; a match that moved on is folded again. Then ``compute`` adds the digests up
per player name (a player who changed seats between matches is one player), under the filters.

Abandoned matches are left out; retracted events are left out by the fold itself. The
definitions, with the sources they follow, are in docs/stats.md.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from events.errors import InputError
from events.ids import LEAGUE_STREAM
from events.text import ANONYMOUS
from replay.app import kept_answers, service
from replay.app.read_models import GLANCES, SealedModel, glance, keep, maker, maker_of, seal_key, seal_key_problem
from replay.engine.exact import carried, exact
from replay.engine.fold import IllegalEvent, Step
from replay.engine.match import MatchView
from replay.engine.snapshot import Snapshot
from replay.games import GAMES
from store import Store
from store.records import Finding

if TYPE_CHECKING:
    from replay.app.night_summaries import ReadOnce
    from store.records import Head

# The digest's shape; a change here gets a new name, so rows of the old shape are never read.
DIGEST_MODEL = "stats-digest-3"


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    players: tuple[str, ...] = ()
    since: str | None = None  # YYYY-MM-DD, inclusive
    until: str | None = None  # YYYY-MM-DD, inclusive
    ruleset: str | None = None
    matches: tuple[str, ...] = ()

    @classmethod
    def checked(
        cls,
        *,
        game: str | None = None,
        players: Sequence[str] = (),
        since: str | None = None,
        until: str | None = None,
        ruleset: str | None = None,
        matches: Sequence[str] = (),
    ) -> Filters:
        """The filters as a person gives them (``--game``, ``--since``, ...), each checked: a game
        and a ruleset that exist, days written YYYY-MM-DD and in order; a one-line refusal otherwise."""
        if game is not None:
            from replay.app.catalog import check_game_name

            check_game_name(game)
        first, last = check_day(since, "--since"), check_day(until, "--until")
        if first and last and first > last:
            raise InputError(f"--since {first} is after --until {last}; swap them")
        if ruleset is not None:
            from replay.games import ruleset_ids

            if ruleset not in ruleset_ids():
                raise InputError(f"unknown ruleset {ruleset!r}; use one of: {', '.join(ruleset_ids())}")
        return cls(game, tuple(players), first, last, ruleset, tuple(matches))

    def admits(self, digest: dict[str, Any]) -> bool:
        day = digest["started_at"][:10]
        return (
            digest["status"] not in ("abandoned", "illegal")
            and (self.game is None or digest["game"] == self.game)
            and (self.ruleset is None or digest["ruleset"] == self.ruleset)
            and (not self.matches or digest["match_id"] in self.matches)
            and (not self.players or not set(self.players).isdisjoint(digest["players"]))
            and (self.since is None or day >= self.since)
            and (self.until is None or day <= self.until)
        )


# ---- one match -------------------------------------------------------------------------


def digest(store: Store, match_id: str) -> dict[str, Any]:
    """What the statistics need of one match, from one replay of it. A match whose stored events
    the rules refuse (an older version's, or edited) is counted in nothing: its digest says
    "illegal" and where (`taikyoku audit` says why)."""
    steps = service.read_steps(store, match_id)
    first = store.read(match_id, to_seq=1)[0]
    try:
        folded = service.replay_match_steps(steps)
    except IllegalEvent as refused:
        from replay.app.listing import started_json

        started = started_json(first)
        return {
            "match_id": match_id,
            "game": started["game"],
            "ruleset": started["ruleset"]["id"],
            "started_at": first.recorded_at,
            "status": "illegal",
            "players": [p["name"] for p in started["players"]],
            "illegal": f"seq {refused.seq} [{refused.code}]",
        }
    started_at = first.recorded_at
    return digest_of(match_id, folded.state, folded.history.effective, steps[-1].seq, started_at)


def digest_of(
    match_id: str, state: MatchView, effective: Sequence[Step], head_seq: int, started_at: str
) -> dict[str, Any]:
    """``digest`` of a match already folded to its head (an import has it when it stores the match):
    its state, the steps that count (``History.effective``), its last seq and its first event's time."""
    started = state.match.started
    if started is None:  # a digest is made of a stored match: its first event starts it
        raise InputError(f"match {match_id!r} has no match_started event to digest")
    game = started.game
    data = GAMES[game].view().match_json(match_id, Snapshot(state, head_seq, {}))
    names = [p["name"] for p in data["players"]]
    head = {
        "match_id": match_id,
        "game": game,
        "ruleset": data["ruleset"]["id"],
        "started_at": started_at,
        "status": service.status_of(state),
        "players": names,
    }
    return head | GAMES[game].review().digest(data, effective)


# ---- every match, cached ---------------------------------------------------------------------


def digests(
    store: Store, *, progress: Callable[[int, int], None] | None = None, only: Callable[[str], bool] | None = None,
    once: ReadOnce | None = None,
) -> list[dict[str, Any]]:  # fmt: skip
    """The digest of every match (that ``only`` takes: one club's of a league), oldest first: read
    from the store's read model where it is current and was made by this code, folded (and kept)
    where not. ``once``: the store's heads and nights, where the caller read them already."""
    if once is None:
        heads = match_heads(store)
    else:
        heads = [head for head in once.heads if head[0] not in once.night_ids and head[0] != LEAGUE_STREAM]
    if only is not None:
        heads = [head for head in heads if only(head[0])]
    found = list(DIGESTS.values(store, heads, progress=progress, only=only is not None).values())
    found.sort(key=lambda d: (d["started_at"], d["match_id"]))
    return found


DIGESTS = SealedModel(DIGEST_MODEL, "cached statistics", digest)


def match_heads(store: Store) -> list[Head]:
    """The heads of the store's matches (a club night's own stream is not a match, nor the league's)."""
    nights = {night.match_id for night in store.matches("night.opened")} | {LEAGUE_STREAM}
    return [head for head in store.heads() if head[0] not in nights]


# The statistics themselves, kept per set of filters at the heads they were added up at: a later
# `taikyoku stats` over a season that has not moved reads one row instead of every digest.
RESULT_MODEL = "stats-result-3"  # its value: the filters' canonical text, and the statistics' JSON text
RESULTS = SealedModel(RESULT_MODEL, "kept statistics", lambda store, key: {})


def statistics(
    store: Store, filters: Filters = Filters(), *, progress: Callable[[int, int], None] | None = None
) -> dict[str, Any]:
    """``compute`` over every match's digest, under ``filters``: kept in the store, and read back
    while no match has moved on and this code made it; else added up from the digests (each folded
    only where not kept) and kept again. A player or match the filters name that no match has is
    an ``InputError``."""
    import hashlib

    from replay.engine.code_version import code_version

    heads = match_heads(store)
    key = "filters:" + hashlib.sha256(_canonical_filters(filters).encode()).hexdigest()
    made_at = _made_at(store, heads, code_version())
    kept = store.read_model_row(RESULT_MODEL, key) if made_at is not None else None
    shown = RESULTS.shown(key, made_at, kept[1]) if kept is not None and kept[0] == made_at else None
    if shown is not None and isinstance(shown.get("json"), str):
        found: dict[str, Any] = json.loads(shown["json"])
        return found
    # Kept as its JSON text: the order of its tables (standings as first played, yaku by count)
    # is part of it, and a kept row's value is written with its keys sorted.
    text = json.dumps(_added_up(store, heads, filters, progress), ensure_ascii=False)
    made_at = _made_at(store, heads, code_version())
    if made_at is not None:
        value = {"filters": _canonical_filters(filters), "json": text}
        keep(store, RESULT_MODEL, [(key, made_at, RESULTS.sealed(key, made_at, value))])
    found = json.loads(text)
    return found


def _added_up(
    store: Store, heads: list[Head], filters: Filters, progress: Callable[[int, int], None] | None
) -> dict[str, Any]:
    """``compute`` over every match's digest, a game at a time: only one game's digests are held at
    once (a season's store holds thousands of each). The digests are read (or folded and kept) once
    to learn each match's game, then again, a game at a time, to be added up."""

    code, key, rows = maker(), seal_key(), store.read_model(DIGEST_MODEL)
    bodies: dict[str, tuple[str, str]] = {}  # by match: (head hash, the kept row's body)
    seen: list[tuple[str, str, str, str]] = []  # (started_at, match id, game, standings group)
    names: set[str] = set()
    fresh: list[tuple[str, str, str]] = []
    unsealed: dict[str, dict[str, Any]] | None = {} if seal_key() is None else None
    kept_here = f'{{"code":{json.dumps(code)},'
    missing = sum(1 for match_id, _, head_hash in heads  # for the progress only: the seals are checked below
                  if (row := rows.get(match_id)) is None or row[0] != head_hash or not row[1].startswith(kept_here))  # fmt: skip
    for match_id, _, head_hash in heads:
        value = _trusted(rows, match_id, head_hash, key, code)
        if value is None:  # not kept at its head by this code: folded now, and kept
            value = DIGESTS.made(store, match_id)
            if unsealed is not None:  # no key: the value is held, as no kept row can give it back
                unsealed[match_id] = value
            body = DIGESTS.sealed(match_id, head_hash, value)
            fresh.append((match_id, head_hash, body))
            rows[match_id] = (head_hash, body)
            if progress is not None:
                progress(len(fresh), max(missing, len(fresh)))
        bodies[match_id] = rows[match_id]
        names.update(value["players"])
        if filters.admits(value):
            seen.append((value["started_at"], match_id, value["game"], _standing_group(value)))
    keep(store, DIGEST_MODEL, fresh)
    check_names([{"players": sorted(names), "match_id": match_id} for match_id in bodies], filters)
    seen.sort()
    found = compute([], filters)
    sections: dict[str, Any] = {}
    for game in dict.fromkeys(game for _, _, game, _ in seen):
        digests = [unsealed[match_id] if unsealed is not None else _opened(bodies[match_id], match_id, key)
                   for _, match_id, each, _ in seen if each == game]  # fmt: skip
        part = compute(digests, filters)
        del digests
        found["matches"] += part["matches"]
        for table in ("standings", "results", "timeline", "yaku"):
            found[table].update(part[table])
        section = part
        for name in GAMES[game].stats_section:
            section = section[name]
        sections[game] = section
    # In the order compute gives them: the standings as their games were first played, each game's
    # own section as the games are declared.
    order = list(dict.fromkeys(group for *_, group in seen))
    for table in ("standings", "timeline", "yaku"):
        found[table] = {group: found[table][group] for group in order}
    for declared in GAMES.values():
        if declared.name in sections:
            *outer, last = declared.stats_section
            place = found
            for name in outer:
                place = place[name]
            place[last] = sections[declared.name]
    return found


def _trusted(
    rows: dict[str, tuple[str, str]], match_id: str, head_hash: str, key: bytes | None, code: str
) -> dict[str, Any] | None:
    row = rows.get(match_id)
    if row is None or row[0] != head_hash:
        return None
    return DIGESTS.shown(match_id, head_hash, row[1], key=key, code=code)


def _opened(row: tuple[str, str], match_id: str, key: bytes | None) -> dict[str, Any]:
    opened = DIGESTS.opened(match_id, row[0], row[1], key=key)
    assert opened is not None  # checked, or made, a moment ago
    return opened[1]


def _made_at(store: Store, heads: list[Head], code: str) -> str | None:
    """What the statistics are added up from, as one hash: this code, and each match's kept digest
    row as it stands (a row changed, or a match moved on, is another hash). None while a match
    has no digest kept at its head."""
    import hashlib

    rows = store.read_model(DIGEST_MODEL)
    made = hashlib.sha256(code.encode())
    for match_id, _, head_hash in heads:
        row = rows.get(match_id)
        if row is None:
            return None
        made.update(f"\n{match_id}\n{head_hash}\n".encode())
        made.update(row[1].encode())
    return made.hexdigest()


def _canonical_filters(filters: Filters) -> str:
    import json

    return json.dumps([filters.game, sorted(filters.players), filters.since, filters.until, filters.ruleset,
                       sorted(filters.matches)], ensure_ascii=False)  # fmt: skip


def check_names(digests: list[dict[str, Any]], filters: Filters) -> None:
    """A player or match named in the filters that the store does not have is a mistake, not an empty answer."""
    names = sorted({name for d in digests for name in d["players"]})
    for name in filters.players:
        if name not in names:
            shown = ", ".join(names[:12]) + (" ..." if len(names) > 12 else "")
            raise InputError(f"no match has a player named {name!r}; the players are: {shown or 'none yet'}")
    ids = {d["match_id"] for d in digests}
    for match_id in filters.matches:
        if match_id not in ids:
            raise InputError(f"no match {match_id!r} in this store; list the matches with `taikyoku matches`")


def read_model_findings(store: Store, *, deep: bool = False, match: str | None = None) -> list[Finding]:
    """What every read model's rows say against the events (``taikyoku verify``): their seals, and
    with ``deep`` a fold of each match, once for both of its rows, compared with them; with
    ``match``, that match's rows alone."""
    unchecked = []
    problem = seal_key_problem()
    if problem is not None and any(
        store.read_model_rows(model) for model in (DIGESTS.name, GLANCES.name, RESULT_MODEL, kept_answers.MODEL)
    ):
        unchecked.append(Finding(
            "store.read_model.unchecked",
            f"the seals of the kept rows were not checked: {problem}; `taikyoku verify` checks them once it can "
            "read the secret",
        ))  # fmt: skip
    made = _folded_once(store)
    illegal = []
    if deep:  # every match folded, kept rows or not: one the rules refuse is a finding of its own
        for match_id in [head[0] for head in match_heads(store)] if match is None else [match]:
            where = made(match_id)[DIGESTS.name].get("illegal")
            if where is not None:
                illegal.append(Finding(
                    "match.illegal",
                    f"match {match_id}: the rules refuse its events from {where}; `taikyoku audit {match_id}` says why",
                    match_id,
                ))  # fmt: skip
    return [
        *unchecked,
        *illegal,
        *DIGESTS.findings(store, deep=deep, made=lambda match_id: made(match_id)[DIGESTS.name], match=match),
        *GLANCES.findings(store, deep=deep, made=lambda match_id: made(match_id)[GLANCES.name], match=match),
        *(_result_findings(store) if match is None else []),
        *(kept_answers.findings(store) if match is None else []),
    ]


def _folded_once(store: Store) -> Callable[[str], dict[str, dict[str, Any]]]:
    """A match's kept values (its digest and its glance), each match folded once however many of
    its rows are checked."""
    from replay.app.read_models import as_json

    values: dict[str, dict[str, dict[str, Any]]] = {}

    def made(match_id: str) -> dict[str, dict[str, Any]]:
        if match_id not in values:
            steps = service.read_steps(store, match_id)
            try:
                folded = service.replay_match_steps(steps)
            except IllegalEvent:  # the rows such a match is kept as
                values[match_id] = {DIGESTS.name: digest(store, match_id), GLANCES.name: glance(store, match_id)}
                return values[match_id]
            started_at = store.read(match_id, to_seq=1)[0].recorded_at
            digest_value = digest_of(match_id, folded.state, folded.history.effective, steps[-1].seq, started_at)
            values[match_id] = {
                DIGESTS.name: as_json(digest_value),
                GLANCES.name: as_json(service.glance_of(folded.state)),
            }
        return values[match_id]

    return made


def _result_findings(store: Store) -> list[Finding]:
    """Every kept statistics row checked: its seal, and, where it would be shown (made by this code
    at the store's present heads), against the statistics added up again under its filters."""
    import hashlib

    from replay.engine.code_version import code_version

    found: list[Finding] = []
    rows = store.read_model_rows(RESULT_MODEL)
    if not rows:
        return found
    heads = match_heads(store)
    current = _made_at(store, heads, code_version())
    for key, (made_at, body) in sorted(rows.items()):
        named = maker_of(body)
        if named is not None and named != maker():
            continue  # another version's or installation's: never shown here
        row = RESULTS.opened(key, made_at, body)
        text = row[1].get("filters") if row is not None else None
        if row is None or not isinstance(text, str) or key != "filters:" + hashlib.sha256(text.encode()).hexdigest():
            found.append(Finding(
                "store.read_model.altered",
                "the kept statistics of one set of filters were changed after taikyoku wrote them (the seal does "
                "not hold); `taikyoku stats --rebuild` adds them up again",
            ))  # fmt: skip
            continue
        if made_at != current:
            continue  # made by other code, or before a match moved on: never shown, added up again when asked
        game, players, since, until, ruleset, matches = json.loads(text)
        filters = Filters(game, tuple(players), since, until, ruleset, tuple(matches))
        if json.loads(str(row[1].get("json"))) != json.loads(json.dumps(_added_up(store, heads, filters, None))):
            found.append(Finding(
                "store.read_model.differs",
                "the kept statistics of one set of filters differ from the statistics added up from the events; "
                "`taikyoku stats --rebuild` adds them up again",
            ))  # fmt: skip
    return found


# ---- adding up -------------------------------------------------------------------------


@dataclass
class _Player:
    name: str
    matches: int = 0
    complete: int = 0
    rounds: int = 0
    wins: int = 0
    points: int = 0
    uma: Decimal = Decimal(0)  # the exact sum of the final results, each at its ruleset's precision
    places: Counter[int] = field(default_factory=Counter)


def _ratio(part: float, whole: float, digits: int = 3) -> float | None:
    return None if not whole else round(part / whole, digits)


def _standing_group(digest: dict[str, Any]) -> str:
    """The table a match's standings go in: its game, and a game played at a smaller table than
    its full one apart ("<game> (3 players)": its points and uma do not compare with four players')."""
    game, seats = GAMES[digest["game"]], len(digest["players"])
    return game.name if seats == max(game.players) else f"{game.name} ({seats} players)"


def _settled(game: str) -> dict[str, str]:
    return {"label": GAMES[game].result_label, "unit": GAMES[game].result_unit}


def compute(all_digests: Iterable[dict[str, Any]], filters: Filters = Filters()) -> dict[str, Any]:
    """The statistics of the matches the filters admit, per game and player."""
    chosen = [d for d in all_digests if filters.admits(d)]
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for one in chosen:
        by_game[_standing_group(one)].append(one)
    wanted = set(filters.players)
    standings: dict[str, list[dict[str, Any]]] = {}
    timeline: dict[str, list[dict[str, Any]]] = {}
    for game, matches in by_game.items():
        standings[game], timeline[game] = _standings(game, matches, wanted)
    stats: dict[str, Any] = {
        "filters": {
            "game": filters.game,
            "players": list(filters.players),
            "since": filters.since,
            "until": filters.until,
            "ruleset": filters.ruleset,
            "matches": list(filters.matches),
        },
        "matches": len(chosen),
        "standings": standings,
        # what each game settled in results names them: the column and the chart say so
        "results": {group: _settled(one[0]["game"]) for group, one in by_game.items() if GAMES[one[0]["game"]].uma},
        "timeline": timeline,
        **{section: {} for section in dict.fromkeys(g.stats_section[0] for g in GAMES.values())},  # filled below
        "yaku": {game: _yaku_frequency(matches, wanted) for game, matches in by_game.items()},
    }
    for declared in GAMES.values():  # each game's own summary, where its section of the document says
        mine = [d for d in chosen if d["game"] == declared.name]
        if mine:
            *outer, key = declared.stats_section
            place = stats
            for name in outer:
                place = place[name]
            place[key] = declared.review().summary(mine, wanted, lambda d: _seats_of(d, wanted))
    return stats


def _seats_of(digest: dict[str, Any], wanted: set[str]) -> list[tuple[int, str]]:
    """(seat, player) of a match: a player by name across matches, but an anonymous seat is a
    player of its own match only ("NoName (m-1, seat 2)")."""
    return [
        (seat, f"{name.split(' (')[0]} ({digest['match_id']}, seat {seat})" if _anonymous(name) else name)
        for seat, name in enumerate(digest["players"])
        if not wanted or name in wanted
    ]


def _anonymous(name: str) -> bool:
    """Tenhou's name for a player without one, as imported (two in one game are told apart by wind)."""
    return name.split(" (")[0] in ANONYMOUS


def _standings(
    game: str, matches: list[dict[str, Any]], wanted: set[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    players: dict[str, _Player] = {}
    timeline: list[dict[str, Any]] = []
    by_uma = GAMES[matches[0]["game"]].uma  # ranked by the final results with uma, where the game has uma
    for one in matches:
        for seat, name in _seats_of(one, wanted):
            player = players.setdefault(name, _Player(name))
            player.matches += 1
            player.rounds += one["rounds"]
            counters = one["seats"][seat]
            player.wins += counters["wins"] if by_uma else sum(counters["wins"].values())
            if one["complete"]:
                player.complete += 1
                player.points += one["points"][seat]
                player.uma += exact((one["uma"] or [0] * len(one["players"]))[seat])
                if one["places"]:
                    player.places[one["places"][seat]] += 1
        if one["complete"]:
            value = one["uma"] if by_uma else one["points"]
            timeline.append(
                {"match_id": one["match_id"], "date": one["started_at"][:10],
                 "points": {name: value[seat] for seat, name in _seats_of(one, wanted)}}
            )  # fmt: skip
    seats = max((len(m["players"]) for m in matches), default=2)
    rows = []
    for player in players.values():
        placed = sum(player.places.values())
        row: dict[str, Any] = {
            "player": player.name,
            "matches": player.matches,
            "complete": player.complete,
            "rounds": player.rounds,
            "places": [player.places.get(place, 0) for place in range(1, seats + 1)],
            "average_place": _ratio(sum(p * n for p, n in player.places.items()), placed, 2),
            "points": player.points,
            "wins": player.wins,
        }
        if by_uma:
            row["uma"] = carried(player.uma)  # the final results with oka and uma, in thousands, added exactly
        rows.append(row)
    key = (lambda r: (-exact(r["uma"]), r["player"])) if by_uma else (lambda r: (-r["points"], r["player"]))
    rows.sort(key=key)
    return rows, timeline


def _yaku_frequency(matches: list[dict[str, Any]], wanted: set[str]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for one in matches:
        for seat, _ in _seats_of(one, wanted):
            total.update(one["seats"][seat].get("yaku", {}))  # a game without yaku counts none
    return dict(sorted(total.items(), key=lambda kv: (-kv[1], kv[0])))


def check_day(text: str | None, flag: str) -> str | None:
    """A --since/--until day as YYYY-MM-DD, or a one-line refusal."""
    if text is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise InputError(f"{flag} {text!r} is not a day; write it as YYYY-MM-DD, e.g. 2026-11-30") from None
