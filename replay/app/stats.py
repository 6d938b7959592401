"""Statistics across every match in a store: standings, riichi rates, hanafuda yaku and decisions.

Two steps. Each match is folded once into a *digest*: what the statistics need of it, per seat
(names, points, placements, wins and how, yaku, riichi declarations and calls, ...). The digests
are kept in the store's read models, at the match's head hash, so a second run reads them
instead of replaying; a match that moved on is folded again. Then ``compute`` adds the digests up
per player name (a player who changed seats between matches is one player), under the filters.

Abandoned matches are left out; retracted events are left out by the fold itself. The
definitions, with the sources they follow, are in docs/stats.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from events.errors import InputError
from replay.app import service
from replay.app.read_models import GLANCES, SealedModel
from replay.engine.snapshot import Snapshot
from replay.games import GAMES
from store import Store
from store.records import Finding

# The digest's shape; a change here gets a new name, so rows of the old shape are never read.
DIGEST_MODEL = "stats-digest-3"
CALLS = frozenset({"chi", "pon", "daiminkan"})  # open calls; an added kan follows a pon, a closed kan is not a call


@dataclass(frozen=True)
class Filters:
    game: str | None = None
    players: tuple[str, ...] = ()
    since: str | None = None  # YYYY-MM-DD, inclusive
    until: str | None = None  # YYYY-MM-DD, inclusive
    ruleset: str | None = None
    matches: tuple[str, ...] = ()

    def admits(self, digest: dict[str, Any]) -> bool:
        day = digest["started_at"][:10]
        return (
            digest["status"] != "abandoned"
            and (self.game is None or digest["game"] == self.game)
            and (self.ruleset is None or digest["ruleset"] == self.ruleset)
            and (not self.matches or digest["match_id"] in self.matches)
            and (not self.players or not set(self.players).isdisjoint(digest["players"]))
            and (self.since is None or day >= self.since)
            and (self.until is None or day <= self.until)
        )


# ---- one match -------------------------------------------------------------------------


def digest(store: Store, match_id: str) -> dict[str, Any]:
    """What the statistics need of one match, from one replay of it."""
    steps = service.read_steps(store, match_id)
    folded = service.replay_match_steps(steps)
    game = service.game_of(steps)
    data = GAMES[game].view().match_json(match_id, Snapshot(folded.state, steps[-1].seq, {}))
    names = [p["name"] for p in data["players"]]
    started_at = store.read(match_id, to_seq=1)[0].recorded_at
    head = {
        "match_id": match_id,
        "game": game,
        "ruleset": data["ruleset"]["id"],
        "started_at": started_at,
        "status": service.status_of(folded.state),
        "players": names,
    }
    if game == "riichi":
        return head | _riichi(data, folded.history.effective)
    return head | _hanafuda(game, data, folded.history.effective)


def _places(points: Sequence[int]) -> list[int]:
    """Hanafuda placements: by points, equal points share the better place (1, 1, 3)."""
    return [1 + sum(other > mine for other in points) for mine in points]


def _hanafuda(game: str, data: dict[str, Any], effective: Sequence[Any]) -> dict[str, Any]:
    seats = len(data["players"])
    results = data["results"]
    points = list(data["standings"])
    per_seat: list[dict[str, Any]] = [
        {"wins": Counter(), "yaku": Counter(), "teyaku": Counter(), "goes": 0, "stops": 0, "forfeits": 0}
        for _ in range(seats)
    ]
    forfeit_rule = bool(data["ruleset"]["options"].get("sendai.koiKoi.forfeitOnOpponentStop", False))
    for result in results:
        winner = result["winner"]
        if winner is not None:
            per_seat[winner]["wins"][result["reason"]] += 1
        for player in result["players"]:
            seat = player["seat"]
            for hit in player.get("yaku", []) + player.get("dekiyaku", []):
                per_seat[seat]["yaku"][hit["name"]] += 1
            for teyaku in player.get("teyaku", []):
                per_seat[seat]["teyaku"][teyaku["name"]] += 1
            if player.get("went"):
                lost = result["reason"] == "stop" and winner != seat and player["dekiyaku_points"] > 0
                per_seat[seat]["forfeits"] += int(lost and forfeit_rule)
    # Each go and stop said, from the events (a round at result depth lists who went and who stopped).
    for step in effective:
        if step.type == "sendai.koikoi":
            per_seat[step.payload.seat]["goes"] += 1
        elif step.type == "sendai.stop":
            per_seat[step.payload.seat]["stops"] += 1
        elif step.type == "sendai.round_result":
            for seat in step.payload.went:
                per_seat[seat]["goes"] += 1
            if step.payload.stopped is not None:
                per_seat[step.payload.stopped]["stops"] += 1
    yaku_sets: list[dict[str, Any]] = []
    if game == "tensho":
        chosen = [s.payload for s in effective if s.type == "tensho.yaku_set_chosen"]
        for result, choice in zip(results, chosen, strict=False):
            yaku_sets.append(
                {"set": choice.yaku_set, "by": choice.by, "dealer": result["dealer"], "winner": result["winner"]}
            )
    return {
        "unit": data.get("score_unit", "points"),
        "complete": bool(data["complete"]),
        "rounds": len(results),
        "points": points,
        "uma": None,
        "places": _places(points) if data["complete"] else None,
        "seats": per_seat,
        "yaku_sets": yaku_sets,
    }


def _riichi(data: dict[str, Any], effective: Sequence[Any]) -> dict[str, Any]:
    seats = len(data["players"])
    # Who declared riichi and who called, hand by hand, from the events.
    hands: list[tuple[set[int], set[int]]] = []
    for step in effective:
        if step.type == "riichi.round_started":
            hands.append((set(), set()))
        elif step.type == "riichi.riichi" and hands:
            hands[-1][0].add(step.payload.seat)
        elif step.type == "riichi.call" and hands and step.payload.kind in CALLS:
            hands[-1][1].add(step.payload.seat)
    per_seat: list[dict[str, Any]] = [
        {
            "hands": 0, "wins": 0, "tsumo": 0, "deal_ins": 0, "riichi": 0, "calls": 0,
            "win_points": 0, "deal_in_points": 0, "han": 0, "priced_wins": 0,
            "draws": 0, "tenpai": 0, "yaku": Counter(),
        }
        for _ in range(seats)
    ]  # fmt: skip
    for number, result in enumerate(data["results"]):
        declared, called = hands[number] if number < len(hands) else (set(), set())
        # A hand recorded at result depth has no moves: its riichi sticks and the winners' own
        # conditions and melds say who declared and who called.
        declared = declared | {seat for seat, sticks in enumerate(result["riichi_sticks_put_down"]) if sticks}
        for win in result["wins"]:
            if {"riichi", "double_riichi"} & set(win["conditions"]):
                declared = declared | {win["seat"]}
            if any(meld["kind"] in CALLS or meld["kind"] == "kakan" for meld in win["melds"]):  # an added kan was a pon
                called = called | {win["seat"]}
        for seat in range(seats):
            mine = per_seat[seat]
            mine["hands"] += 1
            mine["riichi"] += seat in declared
            mine["calls"] += seat in called
            if result["kind"] == "exhaustive":
                mine["draws"] += 1
                mine["tenpai"] += seat in result["tenpai"]
        discarders: set[int] = set()
        for win in result["wins"]:
            winner = per_seat[win["seat"]]
            winner["wins"] += 1
            winner["tsumo"] += win["kind"] == "tsumo"
            priced = win["result"]
            if win["kind"] == "ron" and win["from_seat"] is not None and win["from_seat"] not in discarders:
                discarders.add(win["from_seat"])  # a double ron is one deal-in
                per_seat[win["from_seat"]]["deal_ins"] += 1
            if not priced.get("priced"):
                continue
            payments = priced["payments"]
            winner["win_points"] += -sum(p for p in payments if p < 0)  # what the others paid: honba in, sticks out
            winner["han"] += priced["han"]
            winner["priced_wins"] += 1
            for yaku in priced["yaku"]:
                winner["yaku"][yaku["name"]] += 1
            if win["kind"] == "ron" and win["from_seat"] is not None:
                per_seat[win["from_seat"]]["deal_in_points"] += -payments[win["from_seat"]]
    final = data["final"]
    return {
        "unit": "points",
        "complete": bool(data["complete"]),
        "rounds": len(data["results"]),
        "points": list(final["scores"]) if final else list(data["scores"]),
        "uma": list(final["results"]) if final else None,
        "places": list(final["ranks"]) if final else None,
        "seats": per_seat,
        "yaku_sets": [],
    }


# ---- every match, cached ---------------------------------------------------------------------


def digests(store: Store, *, progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """The digest of every match, oldest first: read from the store's read model where it is
    current and was made by this code, folded (and kept) where not."""
    found = list(DIGESTS.values(store, store.heads(), progress=progress).values())
    found.sort(key=lambda d: (d["started_at"], d["match_id"]))
    return found


DIGESTS = SealedModel(DIGEST_MODEL, "cached statistics", digest)


def read_model_findings(store: Store) -> list[Finding]:
    """What every read model's rows say against the events (``taikyoku verify``)."""
    return [*DIGESTS.findings(store), *GLANCES.findings(store)]


# ---- adding up -------------------------------------------------------------------------


@dataclass
class _Player:
    name: str
    matches: int = 0
    complete: int = 0
    rounds: int = 0
    wins: int = 0
    points: int = 0
    uma: int = 0
    places: Counter[int] = field(default_factory=Counter)


def _ratio(part: float, whole: float, digits: int = 3) -> float | None:
    return None if not whole else round(part / whole, digits)


ANONYMOUS = frozenset({"NoName"})  # the name Tenhou gives a player who logged in without one
THREE_PLAYER_RIICHI = "riichi (3 players)"  # its points and uma do not compare with four players'


def _standing_group(digest: dict[str, Any]) -> str:
    """The table a match's standings go in: its game, and riichi's three-player games apart."""
    if digest["game"] == "riichi" and len(digest["players"]) == 3:
        return THREE_PLAYER_RIICHI
    return str(digest["game"])


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
        "timeline": timeline,
        "riichi": _riichi_rates([*by_game.get("riichi", []), *by_game.get(THREE_PLAYER_RIICHI, [])], wanted),
        "hanafuda": {g: _hanafuda_stats(g, by_game[g], wanted) for g in ("tensho", "sendai") if g in by_game},
        "yaku": {game: _yaku_frequency(matches, wanted) for game, matches in by_game.items()},
    }
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
    riichi = game.startswith("riichi")  # the standings of four-player and three-player riichi alike
    for one in matches:
        for seat, name in _seats_of(one, wanted):
            player = players.setdefault(name, _Player(name))
            player.matches += 1
            player.rounds += one["rounds"]
            counters = one["seats"][seat]
            player.wins += counters["wins"] if riichi else sum(counters["wins"].values())
            if one["complete"]:
                player.complete += 1
                player.points += one["points"][seat]
                player.uma += (one["uma"] or [0] * len(one["players"]))[seat]
                if one["places"]:
                    player.places[one["places"][seat]] += 1
        if one["complete"]:
            value = one["uma"] if riichi else one["points"]
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
        if riichi:
            row["uma"] = player.uma  # the final result with oka and uma, in thousands
        rows.append(row)
    key = (lambda r: (-r["uma"], r["player"])) if riichi else (lambda r: (-r["points"], r["player"]))
    rows.sort(key=key)
    return rows, timeline


def _riichi_rates(matches: list[dict[str, Any]], wanted: set[str]) -> dict[str, list[dict[str, Any]]]:
    totals: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    yaku: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    for one in matches:
        for seat, name in _seats_of(one, wanted):
            counters = one["seats"][seat]
            mine = totals[one["ruleset"]].setdefault(name, Counter())
            for key, value in counters.items():
                if key != "yaku":
                    mine[key] += value
            yaku[one["ruleset"]].setdefault(name, Counter()).update(counters["yaku"])
    rates: dict[str, list[dict[str, Any]]] = {}
    for ruleset, players in sorted(totals.items()):
        rows = []
        for name, c in sorted(players.items()):
            rows.append(
                {
                    "player": name,
                    "hands": c["hands"],
                    "wins": c["wins"],
                    "win_rate": _ratio(c["wins"], c["hands"]),
                    "deal_in_rate": _ratio(c["deal_ins"], c["hands"]),
                    "riichi_rate": _ratio(c["riichi"], c["hands"]),
                    "call_rate": _ratio(c["calls"], c["hands"]),
                    "tsumo_share": _ratio(c["tsumo"], c["wins"]),
                    "average_win": _ratio(c["win_points"], c["priced_wins"], 0),
                    "average_deal_in": _ratio(c["deal_in_points"], c["deal_ins"], 0),
                    "average_han": _ratio(c["han"], c["priced_wins"], 2),
                    "tenpai_at_draw": _ratio(c["tenpai"], c["draws"]),
                    "counts": {k: c[k] for k in ("riichi", "calls", "tsumo", "deal_ins", "draws", "tenpai")},
                    "yaku": dict(sorted(yaku[ruleset][name].items(), key=lambda kv: (-kv[1], kv[0]))),
                }
            )
        rates[ruleset] = rows
    return rates


def _hanafuda_stats(game: str, matches: list[dict[str, Any]], wanted: set[str]) -> dict[str, Any]:
    players: dict[str, dict[str, Any]] = {}
    sets: dict[str, Counter[str]] = defaultdict(Counter)
    for one in matches:
        for seat, name in _seats_of(one, wanted):
            counters = one["seats"][seat]
            mine = players.setdefault(
                name,
                {"rounds": 0, "wins": Counter(), "yaku": Counter(), "teyaku": Counter(),
                 "goes": 0, "stops": 0, "forfeits": 0},
            )  # fmt: skip
            mine["rounds"] += one["rounds"]
            for key in ("wins", "yaku", "teyaku"):
                mine[key].update(counters[key])
            for key in ("goes", "stops", "forfeits"):
                mine[key] += counters[key]
        if not wanted or not wanted.isdisjoint(one["players"]):
            for chosen in one["yaku_sets"]:
                tally = sets[str(chosen["set"])]
                tally["rounds"] += 1
                tally[f"decided by {chosen['by']}"] += 1
                tally["dealer won" if chosen["winner"] == chosen["dealer"] else "dealer did not win"] += 1

    def ordered(counter: Counter[str]) -> dict[str, int]:
        return dict(sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))

    rows = []
    for name, mine in sorted(players.items()):
        row = {
            "player": name,
            "rounds": mine["rounds"],
            "rounds_won": sum(mine["wins"].values()),
            "won_by": ordered(mine["wins"]),
            "yaku": ordered(mine["yaku"]),
        }
        if game == "sendai":
            row |= {"goes": mine["goes"], "stops": mine["stops"], "forfeits": mine["forfeits"],
                    "teyaku": ordered(mine["teyaku"])}  # fmt: skip
        rows.append(row)
    found: dict[str, Any] = {"players": rows}
    if game == "tensho":
        found["yaku_sets"] = {key: ordered(value) for key, value in sorted(sets.items())}
    return found


def _yaku_frequency(matches: list[dict[str, Any]], wanted: set[str]) -> dict[str, int]:
    total: Counter[str] = Counter()
    for one in matches:
        for seat, _ in _seats_of(one, wanted):
            total.update(one["seats"][seat]["yaku"])
    return dict(sorted(total.items(), key=lambda kv: (-kv[1], kv[0])))


# ---- the standings as a spreadsheet table -------------------------------------------------------


def standings_rows(stats: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per game and player, flat, for CSV."""
    rows = []
    for game, players in stats["standings"].items():
        for row in players:
            places = row["places"] + [0] * (4 - len(row["places"]))
            rows.append(
                {
                    "game": game,
                    "player": row["player"],
                    "matches": row["matches"],
                    "complete": row["complete"],
                    "rounds": row["rounds"],
                    "first": places[0],
                    "second": places[1],
                    "third": places[2],
                    "fourth": places[3],
                    "average_place": "" if row["average_place"] is None else row["average_place"],
                    "points": row["points"],
                    "uma": row.get("uma", ""),
                    "wins": row["wins"],
                }
            )
    return rows


def check_day(text: str | None, flag: str) -> str | None:
    """A --since/--until day as YYYY-MM-DD, or a one-line refusal."""
    if text is None:
        return None
    from datetime import date

    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise InputError(f"{flag} {text!r} is not a day; write it as YYYY-MM-DD, e.g. 2026-11-30") from None


def standings_csv(found: dict[str, Any], *, raw: bool = False) -> str:
    """The standings as CSV, a row per game and player; a name a spreadsheet would take for a
    formula gets a leading ', unless ``raw``."""
    import io

    from replay.formats.native import CsvWriter

    rows = standings_rows(found)
    buffer = io.StringIO()
    writer = CsvWriter(buffer, raw)
    columns = list(rows[0]) if rows else ["game", "player"]
    writer.writerow(columns)
    for row in rows:
        writer.writerow([row[column] for column in columns])
    return buffer.getvalue()
