"""What the statistics and the audit take of a riichi match: the digest of one match, the rates
over many, and the audit's checks (a claim against the hand's payments, each hand starting where
the last one ended, the sticks carried, a hand priced again under other rulesets)."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from events.match import Claim
from events.model import Payload
from events.riichi import RiichiRoundStarted
from replay.engine.fold import Step
from replay.engine.game import Grid, figure, percent
from replay.games.riichi.achievements import DORA_YAKU
from replay.games.riichi.achievements import achievements as achievements  # the season's, by this game's rules
from replay.games.riichi.achievements import combined as combined
from replay.games.riichi.achievements import held as held
from replay.games.riichi.achievements import tallied as tallied
from replay.games.riichi.state import HandResult, RiichiState

SeatsOf = Callable[[dict[str, Any]], list[tuple[int, str]]]  # a digest's (seat, player) the filters admit
CALLS = frozenset({"chi", "pon", "daiminkan"})  # open calls; an added kan follows a pon, a closed kan is not a call
Issue = tuple[str, str, int | None, int]  # (code, message, seq, round) of an audit finding


def _ratio(part: float, whole: float, digits: int = 3) -> float | None:
    return None if not whole else round(part / whole, digits)


def digest(data: dict[str, Any], effective: Sequence[Any]) -> dict[str, Any]:
    """What the statistics take of one riichi match: per seat, hands, wins, tsumo, deal-ins,
    riichi, calls, points won and dealt in, han, draws and tenpai, yaku."""
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
            "deal_ins_to_riichi": 0, "deal_ins_to_open": 0, "deal_ins_to_dama": 0,
            "wins_riichi": 0, "wins_open": 0, "wins_dama": 0, "riichi_won": 0, "dealer_wins": 0,
            "dora": 0, "cheap_wins": 0, "yakuman": 0, "most_fu": 0, "han_counts": Counter(),
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
            # How the hand was won: in riichi, open (a set called from another), or dama (closed, no
            # riichi). A value declared or a server's recorded result says who was in riichi, not
            # whether the winner called: such a win without riichi counts in no kind.
            shown = result.get("depth", "moves") in ("moves", "result")
            how = "riichi" if win["seat"] in declared else "open" if _open(win, called) else "dama" if shown else None
            if how is not None:
                winner[f"wins_{how}"] += 1
            winner["riichi_won"] += how == "riichi"
            winner["dealer_wins"] += win.get("seat_wind") == "East"
            priced = win["result"]
            if win["kind"] == "ron" and win["from_seat"] is not None:
                if how is not None:
                    per_seat[win["from_seat"]][f"deal_ins_to_{how}"] += 1  # each winner's kind, on a double ron
                if win["from_seat"] not in discarders:
                    discarders.add(win["from_seat"])  # a double ron is one deal-in
                    per_seat[win["from_seat"]]["deal_ins"] += 1
            if not priced.get("priced"):
                continue
            payments = priced["payments"]
            winner["win_points"] += -sum(p for p in payments if p < 0)  # what the others paid: honba in, sticks out
            winner["han"] += priced["han"]
            winner["priced_wins"] += 1
            dora = sum(y["han"] for y in priced["yaku"] if y["name"] in DORA_YAKU)
            winner["dora"] += dora
            limit = str(priced.get("limit", ""))
            winner["yakuman"] += "yakuman" in limit
            winner["han_counts"]["yakuman" if "yakuman" in limit else str(priced["han"])] += 1
            winner["cheap_wins"] += priced["han"] == 1 and priced.get("fu") == CHEAP_FU and not dora
            winner["most_fu"] = max(winner["most_fu"], int(priced.get("fu") or 0))
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


def _open(win: dict[str, Any], called: set[int]) -> bool:
    """Whether the winner's hand was open: a set called from another (a closed kan is no call)."""
    return win["seat"] in called or any(meld["kind"] != "ankan" for meld in win["melds"])


CHEAP_FU = 30  # a 1 han 30 fu win with no dora: the cheapest closed ron (Pantheon's "shithander")
KEPT_APART = ("yaku", "han_counts", "most_fu")  # a season's totals: counted, or the most, not summed


def summary(matches: list[dict[str, Any]], wanted: set[str], seats_of: SeatsOf) -> dict[str, list[dict[str, Any]]]:
    """Each player's rates over ``matches``, per ruleset (docs/stats.md says what each counts)."""
    totals: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    yaku: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    han: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    for one in matches:
        for seat, name in seats_of(one):
            counters = one["seats"][seat]
            mine = totals[one["ruleset"]].setdefault(name, Counter())
            for key, value in counters.items():
                if key not in KEPT_APART:
                    mine[key] += value
            mine["most_fu"] = max(mine["most_fu"], counters.get("most_fu", 0))
            yaku[one["ruleset"]].setdefault(name, Counter()).update(counters["yaku"])
            han[one["ruleset"]].setdefault(name, Counter()).update(counters.get("han_counts", {}))
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
                    "deal_in_to_riichi_rate": _ratio(c["deal_ins_to_riichi"], c["hands"]),
                    "deal_in_to_open_rate": _ratio(c["deal_ins_to_open"], c["hands"]),
                    "deal_in_to_dama_rate": _ratio(c["deal_ins_to_dama"], c["hands"]),
                    "riichi_won_share": _ratio(c["riichi_won"], c["riichi"]),
                    "average_dora": _ratio(c["dora"], c["priced_wins"], 2),
                    "counts": {
                        k: c[k]
                        for k in (
                            "riichi",
                            "calls",
                            "tsumo",
                            "deal_ins",
                            "draws",
                            "tenpai",
                            "deal_ins_to_riichi",
                            "deal_ins_to_open",
                            "deal_ins_to_dama",
                            "wins_riichi",
                            "wins_open",
                            "wins_dama",
                            "riichi_won",
                            "dealer_wins",
                            "cheap_wins",
                            "yakuman",
                            "most_fu",
                        )
                    },
                    "han": dict(sorted(han[ruleset][name].items(), key=lambda kv: _han_order(kv[0]))),
                    "yaku": dict(sorted(yaku[ruleset][name].items(), key=lambda kv: (-kv[1], kv[0]))),
                }
            )
        rates[ruleset] = rows
    return rates


def _han_order(han: str) -> int:
    return 99 if han == "yakuman" else int(han)


RATE_COLUMNS = ("player", "hands", "win", "deal-in", "riichi", "call", "tsumo", "avg win", "avg deal-in", "avg han",
                "tenpai at draw")  # fmt: skip


KIND_COLUMNS = ("player", "deal-in to riichi", "to open", "to dama", "wins riichi", "wins open", "wins dama",
                "riichi won", "dealer wins", "avg dora", "han: wins")  # fmt: skip


def tables(section: dict[str, list[dict[str, Any]]], game: str) -> list[Grid]:
    """The rates of ``summary``, a table per ruleset; then, per ruleset, the deal-ins and wins by
    kind (riichi, open, dama), riichi won, dealer wins, average dora and the han of the wins."""
    return [
        Grid(
            f"{game} under {ruleset}",
            RATE_COLUMNS,
            tuple(
                (
                    r["player"],
                    figure(r["hands"]),
                    percent(r["win_rate"]),
                    percent(r["deal_in_rate"]),
                    percent(r["riichi_rate"]),
                    percent(r["call_rate"]),
                    percent(r["tsumo_share"]),
                    figure(r["average_win"]),
                    figure(r["average_deal_in"]),
                    figure(r["average_han"]),
                    percent(r["tenpai_at_draw"]),
                )
                for r in rates
            ),
            f"{game}-{ruleset}",
        )
        for ruleset, rates in section.items()
    ] + [
        Grid(
            f"{game} under {ruleset}: deal-ins and wins by kind",
            KIND_COLUMNS,
            tuple(
                (
                    r["player"],
                    percent(r["deal_in_to_riichi_rate"]),
                    percent(r["deal_in_to_open_rate"]),
                    percent(r["deal_in_to_dama_rate"]),
                    figure(r["counts"]["wins_riichi"]),
                    figure(r["counts"]["wins_open"]),
                    figure(r["counts"]["wins_dama"]),
                    percent(r["riichi_won_share"]),
                    figure(r["counts"]["dealer_wins"]),
                    figure(r["average_dora"]),
                    " ".join(f"{han}:{times}" for han, times in r["han"].items()) or "-",
                )
                for r in rates
            ),
            f"{game}-{ruleset}-kinds",
        )
        for ruleset, rates in section.items()
    ]


def computed_points(result: HandResult) -> tuple[int, ...]:
    """A hand's points as a claim states them: what was paid, as Tenhou's record has it, without
    this hand's riichi deposits."""
    return tuple(result.paid)


def final_differs(claim: Claim, state: RiichiState) -> str | None:
    """How a log's final scores and results (``sc``, ``owari``) differ from the ruleset's, naming
    both; None where they agree."""
    from replay.engine.exact import exact, signed
    from replay.games.riichi.final import claimed_results
    from replay.games.riichi.flow import final_standings

    ours = final_standings(state)
    players = len(ours["scores"])
    theirs = claimed_results(claim.text, players)
    scores_differ = tuple(claim.points[:players]) != tuple(ours["scores"])
    results_differ = theirs is not None and [exact(v) for v in ours["results"]] != theirs
    if not scores_differ and not results_differ:
        return None
    options = state.options
    assert options is not None
    started = options.starting_points * players
    left = started - sum(ours["scores"])  # riichi sticks left on the table and lost with them
    if theirs is None and sum(claim.points[:players]) + left != started:
        # What a score sheet most often gets wrong: the scores do not add up to what the table began with.
        return (f"final scores {', '.join(str(p) for p in claim.points[:players])} add up to "
                f"{sum(claim.points[:players]):,}, not the {started - left:,} the table has ({players} x "
                f"{options.starting_points:,} at the start" + (f", less {left:,} in sticks left" if left else "")
                + f"); the {options.ruleset} rules give {', '.join(str(s) for s in ours['scores'])}")  # fmt: skip
    said = [f"{p}" for p in claim.points[:players]]
    if theirs is not None:
        said = [f"{p} ({signed(r)})" for p, r in zip(claim.points, theirs, strict=False)]
    given = [f"{p} ({signed(r)})" for p, r in zip(ours["scores"], ours["results"], strict=True)]
    return (f"final scores and results are {', '.join(said)}; the {options.ruleset} rules give {', '.join(given)} "
            f"(riichi.finalRounding={options.final_rounding}, riichi.tiedPlaces={options.tied_places})")  # fmt: skip


def scores_now(state: RiichiState) -> tuple[int, ...]:
    """The scores as the table stands: after the last hand, at the start of the hand in play, or
    the starting points before the first."""
    if state.results:
        return tuple(state.results[-1].scores)
    if state.round is not None:
        return tuple(state.round.scores)
    if state.options is None:
        return ()
    return (int(state.options.starting_points),) * int(state.match.players)


def finished(state: RiichiState) -> bool:
    """Whether the match is over by the rules (the agreed length played, someone below zero, ...),
    recorded ended or not."""
    from replay.games.riichi.flow import match_over

    return bool(state.results) and match_over(state) is not None


def glance(state: RiichiState) -> dict[str, Any]:
    """A table as the room's screen shows it: the hand and its honba, the dealer, the riichi sticks,
    the last hand's result, and each seat's place and result (in thousands, with oka and uma) as if
    the match ended now: provisional until it has."""
    from replay.engine.words import in_names
    from replay.games.riichi.flow import final_standings
    from replay.games.riichi.view import WIND_NAMES

    rnd, names = state.round, list(state.names)
    scores = list(scores_now(state))
    said: dict[str, Any] = {"hand": "before the first hand", "dealer": state.next_dealer, "honba": 0, "sticks": 0}
    if rnd is not None:
        hand = f"{WIND_NAMES[rnd.round_wind]} {rnd.hand}, {rnd.honba} honba"
        if rnd.result is not None:  # settled: what is left on the table, and where the match goes on
            hand = f"{WIND_NAMES[rnd.round_wind]} {rnd.hand} over ({rnd.honba} honba){_coming(state)}"
        # On the table: the sticks the hand began with and each riichi declared in it; once the hand
        # is settled, what it left (a winner takes them all; a draw leaves them for the next win).
        sticks = rnd.result.sticks if rnd.result is not None else rnd.sticks + sum(rnd.deposits) // 1000
        said = {"hand": hand, "dealer": rnd.dealer, "honba": rnd.honba, "sticks": sticks}
    sticks = int(said["sticks"])
    said["on_table"] = f"{sticks} riichi stick{'s' if sticks > 1 else ''}" if sticks else None
    last = in_names(state.results[-1].explanation, names) if state.results else None
    standing = final_standings(state) if state.results else {"ranks": [1] * len(scores), "results": [0] * len(scores)}
    if finished(state) and sticks:  # the match over: its ruleset settles what was left, and says where it went
        to_first = state.options is not None and state.options.leftover_sticks == "firstPlace"
        said["on_table"] = f"{said['on_table']} {'to first place' if to_first else 'lost'}"
        said["sticks"] = 0
        scores = list(standing["scores"])
    return said | {"scores": scores, "last": last, "places": list(standing["ranks"]),
                   "results": list(standing["results"]), "unit": "results in thousands, with oka and uma"}  # fmt: skip


def _coming(state: RiichiState) -> str:
    """After a settled hand, the next one as the rules lead to it (" · next South 1, 1 honba"); ""
    where the match is over."""
    from events.errors import InputError
    from replay.games.riichi.flow import next_hand

    if finished(state):
        return ""
    try:
        coming = next_hand(state, wind=None, hand=None, honba=None, sticks=None, scores=None, dealer=None)
    except InputError:  # past what a record holds: nothing to say of it
        return ""
    wind = {"E": "East", "S": "South", "W": "West", "N": "North"}[coming.round_wind]
    return f" · next {wind} {coming.hand}, {coming.honba} honba"


def describe_round(state: RiichiState) -> dict[str, Any]:
    """A riichi hand: its phase, the seat to move and the hands."""
    rnd = state.round
    if rnd is None:
        return {"round": None}
    return {"phase": rnd.phase, "to_move": rnd.to_move, "hands": [list(h) for h in rnd.hands]}


def as_recorded(payload: Payload, round_no: int) -> tuple[str, str] | None:
    """A hand kept as the server's log recorded it where the rules refuse a move of it, or a match
    the log plays on after the rules end it: said in the audit, with the rules' refusal."""
    from events.riichi import RiichiPlayedOn, RiichiRecordedResult

    if isinstance(payload, RiichiPlayedOn):
        return ("import.played_on", f"the rules end the match after round {round_no} ({payload.refused}); the log "
                "plays on, and its later rounds are kept as recorded")  # fmt: skip
    if isinstance(payload, RiichiRecordedResult):
        return (
            "import.kept_as_recorded",
            f"round {round_no} is kept as the log recorded it: the rules refused {payload.refused}",
        )
    return None


def scoring_words(result: HandResult, winner: int) -> tuple[str, int | str, int | str, str]:
    """The first win's yaku with their han, and its han, fu and limit; "unpriced" for a win the
    pricing could not value (the hand not known)."""
    from replay.games.riichi.pricing import Priced  # loaded already: the wins were priced by it

    del winner  # the first win's, whoever else won the same discard
    priced = result.wins[0].priced
    if not isinstance(priced, Priced):
        return "unpriced", "", "", ""
    return "; ".join(f"{name} {han}" for name, han in priced.yaku), priced.han, priced.fu, priced.limit


def balance(
    results: Sequence[HandResult], effective: Sequence[Step], state: RiichiState, round_no: int | None
) -> list[Issue]:
    """Each hand zero-sum with its sticks, and starting from the scores and sticks the last one left."""
    found: list[Issue] = []
    starts = [s for s in effective if isinstance(s.payload, RiichiRoundStarted)]
    for index, result in enumerate(results):
        if round_no is not None and result.number != round_no:
            continue
        sticks = starts[index].payload.sticks if index < len(starts) else 0  # type: ignore[attr-defined]
        gap = sum(result.points) + 1000 * (result.sticks - sticks)
        if gap:
            found.append(("balance.not_zero_sum", f"hand {result.number}: the changes and sticks sum to {gap}, not 0",
                          None, result.number))  # fmt: skip
        if index + 1 < len(starts):
            following: Any = starts[index + 1].payload
            if tuple(following.scores) != tuple(result.scores):
                found.append(("balance.scores_carried",
                              f"hand {result.number + 1} starts from {list(following.scores)} but hand {result.number} "
                              f"ended at {list(result.scores)}", starts[index + 1].seq, result.number + 1))  # fmt: skip
            if following.sticks != result.sticks:
                found.append(("balance.sticks_carried",
                              f"hand {result.number + 1} starts with {following.sticks} sticks but {result.sticks} were left",
                              starts[index + 1].seq, result.number + 1))  # fmt: skip
    return found


def repricing(
    results: Sequence[HandResult], state: RiichiState, rulesets: Sequence[str], round_no: int | None
) -> list[dict[str, Any]]:
    """Every win priced again under each of ``rulesets``."""
    from replay.games.riichi.view import priced_json, reprice

    options = state.options
    if options is None:  # no match started: nothing to price
        return []
    priced = []
    for result in results:
        if round_no is not None and result.number != round_no:
            continue
        for win in result.wins:
            priced.append({
                "hand": result.number,
                "seat": win.seat,
                "kind": win.kind,
                "prices": [priced_json(reprice(win, name, options)) for name in rulesets],
            })  # fmt: skip
    return priced
