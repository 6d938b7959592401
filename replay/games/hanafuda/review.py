"""What the statistics and the audit take of a hanafuda match, shared by the hanafuda games: the
digest of one match, a summary over many, and the checks of a table's claims; each game's review
is a ``HanafudaReview`` made with what sets it apart."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from events.hanafuda import SeatOnly
from events.match import Claim
from events.model import Payload
from replay.engine.fold import Step
from replay.engine.game import Grid, figure
from replay.engine.match import MatchView


@runtime_checkable
class GoesAndStops(Protocol):
    """A round's result that lists each koi-koi said and the seat that stopped (Sendai-hana's and
    koi-koi's; read by its fields, so that a Tensho match loads neither game's events)."""

    went: tuple[int, ...]
    stopped: int | None


class RoundScored(Protocol):
    """What the audit and an export read of a hanafuda round's result: each seat's points, and
    each seat's tally of what it scored."""

    @property
    def points(self) -> Sequence[int]: ...
    @property
    def players(self) -> Sequence[object]: ...


SeatsOf = Callable[[dict[str, Any]], list[tuple[int, str]]]  # a digest's (seat, player) the filters admit


def _places(points: Sequence[int]) -> list[int]:
    """Hanafuda placements: by points, equal points share the better place (1, 1, 3)."""
    return [1 + sum(other > mine for other in points) for mine in points]


def digest(data: dict[str, Any], effective: Sequence[Step], *, yaku_sets: bool) -> dict[str, Any]:
    """What the statistics take of one hanafuda match: per seat, the wins and how, the yaku and
    teyaku, the go and stop calls; and (Tensho) each round's yaku set beside who won it."""
    seats = len(data["players"])
    results = data["results"]
    points = list(data["standings"])
    per_seat: list[dict[str, Any]] = [
        {"wins": Counter(), "yaku": Counter(), "teyaku": Counter(), "goes": 0, "stops": 0, "forfeits": 0}
        for _ in range(seats)
    ]
    # A go-and-stop game may say whether a player who went on loses the yaku when another stops.
    forfeit_rule = any(v for k, v in data["ruleset"]["options"].items() if k.endswith(".forfeitOnOpponentStop"))
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
                held = player.get("dekiyaku_points", player.get("yaku_points", 0))
                lost = result["reason"] == "stop" and winner != seat and held > 0
                per_seat[seat]["forfeits"] += int(lost and forfeit_rule)
    # Each go and stop said, from the events (a round at result depth lists who went and who stopped).
    for step in effective:  # each game names its events after itself: <game>.koikoi, <game>.stop
        kind, payload = step.type.rsplit(".", 1)[-1], step.payload
        if kind == "koikoi" and isinstance(payload, SeatOnly):
            per_seat[payload.seat]["goes"] += 1
        elif kind == "stop" and isinstance(payload, SeatOnly):
            per_seat[payload.seat]["stops"] += 1
        elif isinstance(payload, GoesAndStops):
            for seat in payload.went:
                per_seat[seat]["goes"] += 1
            if payload.stopped is not None:
                per_seat[payload.stopped]["stops"] += 1
    chosen_sets: list[dict[str, Any]] = []
    if yaku_sets:
        from events.tensho import YakuSetChosen  # Tensho's alone: the game that has yaku sets

        chosen = [s.payload for s in effective if isinstance(s.payload, YakuSetChosen)]
        for result, choice in zip(results, chosen, strict=False):
            chosen_sets.append(
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
        "yaku_sets": chosen_sets,
    }


def summary(
    matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf, *, decisions: bool, yaku_sets: bool
) -> dict[str, Any]:
    """Each player's rounds, wins and yaku over ``matches``; with ``decisions`` the go and stop
    calls and teyaku (Sendai-hana), with ``yaku_sets`` how the yaku sets were chosen (Tensho)."""
    players: dict[str, dict[str, Any]] = {}
    sets: dict[str, Counter[str]] = defaultdict(Counter)
    for one in matches:
        for seat, name in seats_of(one):
            counters = one["seats"][seat]
            mine = players.setdefault(
                name,
                {
                    "rounds": 0,
                    "wins": Counter(),
                    "yaku": Counter(),
                    "teyaku": Counter(),
                    "goes": 0,
                    "stops": 0,
                    "forfeits": 0,
                },
            )
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
        if decisions:
            row |= {
                "goes": mine["goes"],
                "stops": mine["stops"],
                "forfeits": mine["forfeits"],
                "teyaku": ordered(mine["teyaku"]),
            }
        rows.append(row)
    found: dict[str, Any] = {"players": rows}
    if yaku_sets:
        found["yaku_sets"] = {key: ordered(value) for key, value in sorted(sets.items())}
    return found


def tables(section: dict[str, Any], game: str) -> list[Grid]:
    """The rounds each player won and how (with Sendai-hana's calls and teyaku), and how Tensho's
    yaku sets were chosen."""
    players = section["players"]
    decisions = bool(players) and "goes" in players[0]

    def listed(counts: dict[str, int]) -> str:
        return ", ".join(f"{name} {n}" for name, n in counts.items()) or "-"

    rows: list[tuple[str, ...]] = []
    for r in players:
        row: tuple[str, ...] = (r["player"], figure(r["rounds"]), figure(r["rounds_won"]), listed(r["won_by"]))
        if decisions:
            row += (figure(r["goes"]), figure(r["stops"]), figure(r["forfeits"]), listed(r["teyaku"]))
        rows.append(row)
    header = ("player", "rounds", "won", "how") + (("go", "stop", "forfeits", "teyaku") if decisions else ())
    found = [Grid(f"{game}: rounds won and how", header, tuple(rows), f"rounds-{game}")]
    if section.get("yaku_sets"):
        found.append(
            Grid(
                f"{game}: yaku sets chosen",
                ("set", "rounds", "decided by the dealer", "by agreement", "the dealer won"),
                tuple(
                    (
                        number,
                        figure(tally.get("rounds", 0)),
                        figure(tally.get("decided by dealer", 0)),
                        figure(tally.get("decided by agreement", 0)),
                        figure(tally.get("dealer won", 0)),
                    )
                    for number, tally in section["yaku_sets"].items()
                ),
                f"yaku-sets-{game}",
            )
        )
    return found


def computed_points(result: RoundScored) -> tuple[int, ...]:
    """A round's points as a claim states them."""
    return tuple(result.points)


def final_differs(claim: Claim, state: MatchView) -> str | None:
    """The claimed final points against the rounds' (a hanafuda match's result is its points)."""
    computed = final_scores(state)
    if tuple(claim.points) == computed:
        return None
    return f"claimed final scores {list(claim.points)}; the rounds give {list(computed)}"


def final_scores(state: MatchView) -> tuple[int, ...]:
    return tuple(state.standings)


def finished(state: MatchView) -> bool:
    """Whether every agreed round is played."""
    return bool(state.complete)


def glance(state: MatchView) -> dict[str, Any]:
    """A table as the room's screen shows it: the round, its dealer, the last round's result, and
    each player's points and place so far (players level share a place)."""
    from replay.engine.words import in_names

    rnd, names = state.round, list(state.names)
    number = len(state.results) + (0 if rnd is None or rnd.over else 1)
    dealer = rnd.dealer if rnd is not None and not rnd.over else state.next_dealer
    points = list(state.standings)
    last = in_names(state.results[-1].explanation, names) if state.results else None
    over = rnd is not None and rnd.over
    # Between rounds the dealer marked is the next round's, as the table sits down to it.
    after = "" if not over else " over" if state.complete else f" over · {names[dealer]} deals next"
    hand = f"round {number}{after}" if number else "before the first round"
    return {"hand": hand, "dealer": dealer, "honba": None, "sticks": None, "scores": points, "last": last,
            "places": _places(points), "results": points, "unit": "points"}  # fmt: skip


def describe_round(state: MatchView) -> dict[str, Any]:
    """A hanafuda round: its phase, the seat to move, the hands, the field, the captures, and
    what is pending (a capture to choose, a koi-koi call)."""
    rnd = state.round
    if rnd is None:
        return {"round": None}
    return {"phase": rnd.phase, "to_move": rnd.to_move, "hands": [list(h) for h in rnd.hands],
            "field": rnd.field, "captured": [list(c) for c in rnd.captured], "pending": rnd.pending}  # fmt: skip


def as_recorded(payload: Payload, round_no: int) -> tuple[str, str] | None:
    """No hanafuda event keeps a round as a log recorded it against the rules."""
    del payload, round_no
    return None


def scoring_words(result: RoundScored, winner: int) -> tuple[str, int | str, int | str, str]:
    """The winner's yaku (teyaku and dekiyaku too, where the game has them), named; no han or fu."""
    tally = result.players[winner]
    hits = [*getattr(tally, "teyaku", ()), *getattr(tally, "dekiyaku", ()), *getattr(tally, "yaku", ())]
    return "; ".join(hit.name for hit in hits), "", "", ""


def scores_now(state: MatchView) -> tuple[int, ...]:
    """Each player's points from the rounds finished."""
    return tuple(state.standings)


def tallied(matches: list[dict[str, Any]], seats_of: SeatsOf, totals: dict[str, Any] | None = None) -> dict[str, Any]:
    """Each player's rounds won and kinds of yaku made over ``matches``, added to ``totals`` (an
    earlier tally, as this gives it) where given: what the achievements are chosen from, as JSON."""
    found = {name: {"won": tally["won"], "kinds": set(tally["kinds"])} for name, tally in (totals or {}).items()}
    for one in matches:
        for seat, name in seats_of(one):
            counters = one["seats"][seat]
            mine = found.setdefault(name, {"won": 0, "kinds": set()})
            mine["won"] += sum(counters["wins"].values())
            mine["kinds"].update(counters["yaku"])
    return {name: {"won": tally["won"], "kinds": sorted(tally["kinds"])} for name, tally in found.items()}


def combined(totals: dict[str, Any], key_of: Callable[[str], str]) -> dict[str, Any]:
    """A tally under other keys (``key_of`` each player's): where two meet, their rounds won added
    and their kinds of yaku as one."""
    found: dict[str, dict[str, Any]] = {}
    for name, tally in totals.items():
        mine = found.setdefault(key_of(name), {"won": 0, "kinds": set()})
        mine["won"] += tally["won"]
        mine["kinds"].update(tally["kinds"])
    return {key: {"won": tally["won"], "kinds": sorted(tally["kinds"])} for key, tally in found.items()}


def held(totals: dict[str, Any]) -> list[dict[str, Any]]:
    """A season's achievements in hanafuda (docs/stats.md, "Achievements") from a tally: the most
    rounds won, and the most kinds of yaku made; each held by the player or players with the best
    figure, left out where the best is none."""
    found = []
    for title, means, figures in (
        ("Most Rounds Won", "the most rounds won", {n: t["won"] for n, t in totals.items()}),
        ("Catch Them All", "the most kinds of yaku made", {n: len(t["kinds"]) for n, t in totals.items()}),
    ):
        best = max(figures.values(), default=0)
        if best > 0:
            found.append({"achievement": title, "means": means, "source": "taikyoku",
                          "value": best, "players": sorted(n for n, v in figures.items() if v == best)})  # fmt: skip
    return found


def achievements(matches: list[dict[str, Any]], seats_of: SeatsOf) -> list[dict[str, Any]]:
    """A season's achievements in hanafuda over ``matches`` (``held`` of their tally)."""
    return held(tallied(matches, seats_of))


class HanafudaRoundResult(RoundScored, Protocol):
    @property
    def round(self) -> int: ...


class HanafudaReview:
    """A hanafuda game's review: what the three games share (above), with what tells them apart:
    whether a round is played under a yaku set (Tensho), whether the go and stop calls are counted
    (the koi-koi family), and when a round's points are a transfer that sums to zero (what one
    player wins the others pay)."""

    def __init__(self, *, yaku_sets: bool, decisions: bool, zero_sum: Callable[[MatchView], bool]) -> None:
        self.yaku_sets = yaku_sets
        self.decisions = decisions
        self.zero_sum = zero_sum

    achievements = staticmethod(achievements)
    combined = staticmethod(combined)
    held = staticmethod(held)
    tallied = staticmethod(tallied)
    as_recorded = staticmethod(as_recorded)
    computed_points = staticmethod(computed_points)
    describe_round = staticmethod(describe_round)
    final_differs = staticmethod(final_differs)
    finished = staticmethod(finished)
    glance = staticmethod(glance)
    scores_now = staticmethod(scores_now)
    scoring_words = staticmethod(scoring_words)
    tables = staticmethod(tables)

    def digest(self, data: dict[str, Any], effective: Sequence[Step]) -> dict[str, Any]:
        return digest(data, effective, yaku_sets=self.yaku_sets)

    def summary(self, matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf) -> dict[str, Any]:
        return summary(matches, wanted, seats_of, decisions=self.decisions, yaku_sets=self.yaku_sets)

    def balance(
        self, results: Sequence[HanafudaRoundResult], effective: Sequence[Step], state: MatchView, round_no: int | None
    ) -> list[tuple[str, str, int | None, int]]:
        """Where the points are a transfer, each round's points sum to zero."""
        if state is None or not self.zero_sum(state):
            return []
        return [
            ("balance.not_zero_sum", f"round {result.round}: the points sum to {sum(result.points)}, not 0", None,
             result.round)
            for result in results
            if (round_no is None or result.round == round_no) and sum(result.points) != 0
        ]  # fmt: skip

    def repricing(
        self, results: Sequence[HanafudaRoundResult], state: MatchView, rulesets: Sequence[str], round_no: int | None
    ) -> list[dict[str, Any]]:
        """A hanafuda round is priced by its one ruleset: nothing to set beside it."""
        return []
