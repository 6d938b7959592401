"""Seating a club night: the players present at tables of the game's size, session after session.

The first session is drawn at random. Each later one is chosen to keep the pairs who have already
met that night apart: the sessions still to come are planned together with it (a plan seated one
session at a time greedily can leave no good choice for the last one), by simulated annealing over
the whole plan, from a seeded generator, so the same night seats the same way. Only the next
session is kept; the plan is made again from what was seated each time, so a player who arrives
late or leaves is simply seated from then on.

Within a table the seats are given so that each player's seat winds are balanced over the night:
the order of the players at each table is the one that gives each the wind they have had least.

The measure kept low counts each time a pair sits together again against each earlier meeting
of theirs (a pair met m times counts C(m, 2)), so that two pairs meeting twice are preferred to
one pair meeting three times. It is at least the pairs seated beyond the C(n, 2) pairs there are;
and with fewer tables than seats at a table, more (docs/club-night.md derives 18 for 12 players
over 4 sessions, which the seating reaches).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations, permutations

Table = tuple[str, ...]  # the players in seat order: seat 0 is the first dealer (East)
Session = tuple[Table, ...]


def sitting_out(players: Sequence[str], per_table: int, history: Sequence[Session]) -> list[str]:
    """Who sits out when the players do not fill the tables: those who sat out least, then by name."""
    extra = len(players) % per_table
    if not extra:
        return []
    played = Counter(name for session in history for table in session for name in table)
    rested = {name: len(history) - played[name] for name in players}
    return sorted(players, key=lambda name: (rested[name], name))[:extra]


def seat_session(
    players: Sequence[str], per_table: int, history: Sequence[Session], *, sessions_left: int = 1, seed: int = 0,
    effort: int = 200_000,
) -> Session:  # fmt: skip
    """The next session's tables for ``players`` (present now), given the sessions seated so far
    this night; ``sessions_left`` (this one included) are planned together."""
    if per_table < 2 or len(players) < per_table:
        raise ValueError(f"{len(players)} players cannot fill a table of {per_table}")
    if len(set(players)) != len(players):
        raise ValueError("a player is named twice")
    rng = random.Random(seed)
    out = set(sitting_out(players, per_table, history))
    seated = [name for name in players if name not in out]
    if not history:
        order = list(seated)
        rng.shuffle(order)
        groups = [order[at : at + per_table] for at in range(0, len(order), per_table)]
    else:
        groups = _plan(seated, per_table, history, max(1, sessions_left), rng, effort)
    return tuple(_winds(group, history) for group in groups)


def _plan(
    seated: list[str], per_table: int, history: Sequence[Session], sessions: int, rng: random.Random, effort: int
) -> list[list[str]]:
    """The next session's groups, planned with the ``sessions - 1`` after it by simulated annealing."""
    index = {name: at for at, name in enumerate(seated)}
    n, tables = len(seated), len(seated) // per_table
    met = [[0] * n for _ in range(n)]  # meetings before this night's plan, among those seated now
    for session in history:
        for table in session:
            here = [index[name] for name in table if name in index]
            for a, b in combinations(here, 2):
                met[a][b] += 1
                met[b][a] += 1
    plan: list[list[int]] = []  # plan[s][player] = table
    for _ in range(sessions):
        order = list(range(n))
        rng.shuffle(order)
        seat = [0] * n
        for at, player in enumerate(order):
            seat[player] = at // per_table
        plan.append(seat)
    count = [row[:] for row in met]  # meetings, the plan included
    for seat in plan:
        for a, b in combinations(range(n), 2):
            if seat[a] == seat[b]:
                count[a][b] += 1
                count[b][a] += 1

    def cost() -> int:
        return sum(_weight(count[a][b]) for a, b in combinations(range(n), 2))

    current = cost()
    floor = _floor(met, n, per_table, sessions)
    best, best_plan = current, [seat[:] for seat in plan]
    temperature = 32.0  # in the units of _weight: 16 a repeat
    for step in range(effort):
        if best <= floor:
            break
        s = rng.randrange(sessions)
        seat = plan[s]
        a, b = rng.randrange(n), rng.randrange(n)
        if seat[a] == seat[b]:
            continue
        ta, tb = seat[a], seat[b]
        delta = 0
        for other in range(n):
            if other in (a, b):
                continue
            if seat[other] == ta:  # a leaves ta for tb, b comes to ta
                delta += _change(count[a][other], -1) + _change(count[b][other], +1)
            elif seat[other] == tb:
                delta += _change(count[a][other], +1) + _change(count[b][other], -1)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            for other in range(n):
                if other in (a, b):
                    continue
                if seat[other] == ta:
                    _meet(count, a, other, -1)
                    _meet(count, b, other, +1)
                elif seat[other] == tb:
                    _meet(count, a, other, +1)
                    _meet(count, b, other, -1)
            seat[a], seat[b] = tb, ta
            current += delta
            if current < best:
                best, best_plan = current, [row[:] for row in plan]
        if step % 1000 == 999:
            temperature *= 0.95
            if temperature < 0.8:  # cold and stuck: warm again
                temperature = 16.0
    first = best_plan[0]
    return [[seated[p] for p in range(n) if first[p] == table] for table in range(tables)]


def _floor(met: list[list[int]], n: int, per_table: int, sessions: int) -> int:
    """Repeats no plan can avoid: those already made, and the pairs seated beyond the pairs unmet."""
    made = sum(_weight(met[a][b]) for a, b in combinations(range(n), 2))
    unmet = sum(1 for a, b in combinations(range(n), 2) if met[a][b] == 0)
    seated = sessions * (n // per_table) * math.comb(per_table, 2)
    return made + 16 * max(0, seated - unmet)


def _weight(meetings: int) -> int:
    """A pair's cost in the search: C(m, 2) first, then, among plans equal in it, fewer pairs met
    three times or more (C(m, 3))."""
    return 16 * math.comb(meetings, 2) + math.comb(meetings, 3)


def _change(before: int, step: int) -> int:
    """How a pair's cost changes when its meetings go from ``before`` by ``step`` (1 or -1)."""
    return _weight(before + step) - _weight(before)


def _meet(count: list[list[int]], a: int, b: int, step: int) -> None:
    count[a][b] += step
    count[b][a] += step


def _winds(group: Sequence[str], history: Sequence[Session]) -> Table:
    """The order of one table's players that gives each the seat wind they have had least."""
    had: Counter[tuple[str, int]] = Counter(
        (name, seat) for session in history for table in session for seat, name in enumerate(table)
    )
    ordered = sorted(group)  # ties go the same way every time

    def uneven(order: tuple[str, ...]) -> tuple[int, int]:
        counts = [had[(name, seat)] for seat, name in enumerate(order)]
        return max(counts), sum(c * c for c in counts)

    return min(permutations(ordered), key=uneven)


# How a director seats a session (docs/club-night.md, "A tournament day"). "random" is the
# annealed draw above; the others start from the standings, best first.
MODES = ("random", "swiss", "interval", "prescripted")
WINDS = ("balanced", "random", "prescripted")


def swiss(order: Sequence[str], per_table: int, history: Sequence[Session]) -> list[list[str]]:
    """The top of the standings together: each table takes the best-placed player left, then the
    best-placed ones who have met that table least, looking no further than the next two tables'
    worth of players (so the top still plays the top)."""
    met: Counter[frozenset[str]] = Counter(
        frozenset(pair) for session in history for table in session for pair in combinations(table, 2)
    )
    remaining = list(order)
    groups: list[list[str]] = []
    while remaining:
        table = [remaining.pop(0)]
        while len(table) < per_table:
            window = remaining[: 2 * per_table]
            chosen = min(window, key=lambda p: (sum(met[frozenset((p, q))] for q in table), remaining.index(p)))
            table.append(chosen)
            remaining.remove(chosen)
        groups.append(table)
    return groups


def interval(order: Sequence[str], per_table: int, step: int) -> list[list[str]]:
    """Places n, n+k, n+2k, ... together (k = ``step``), block by block of ``per_table`` x k
    players down the standings; what is left below the last whole block sits in order."""
    if step < 1:
        raise ValueError(f"the interval is at least 1, not {step}")
    block = per_table * step
    whole = len(order) // block * block
    groups = []
    for start in range(0, whole, block):
        chunk = order[start : start + block]
        groups += [[chunk[first + k * step] for k in range(per_table)] for first in range(step)]
    rest = order[whole:]
    groups += [list(rest[at : at + per_table]) for at in range(0, len(rest), per_table)]
    return groups


def with_winds(groups: Sequence[Sequence[str]], history: Sequence[Session], winds: str, seed: int) -> Session:
    """Each table in seat order: balanced (the wind each has had least), random (seeded), or as given."""
    if winds == "balanced":
        return tuple(_winds(group, history) for group in groups)
    if winds == "random":
        rng = random.Random(seed)
        ordered = []
        for group in groups:
            table = list(group)
            rng.shuffle(table)
            ordered.append(tuple(table))
        return tuple(ordered)
    return tuple(tuple(group) for group in groups)


def read_schedule(text: str, per_table: int) -> dict[int, list[Table]]:
    """A director's schedule: one table a line, ``session, table, east, south, west[, north]``
    (a first line naming the columns is skipped; blank lines and lines starting with # too), the
    players in seat order. Checked whole: each line's size, each player once a session, the tables
    numbered 1, 2, ... in each session. Raises ValueError naming the line."""
    sessions: dict[int, dict[int, Table]] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        cells = [cell.strip() for cell in line.split(",")]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if number == 1 and cells[0].lower() == "session":
            continue
        if len(cells) != 2 + per_table:
            raise ValueError(f"line {number}: a table is session, table and {per_table} players, "
                             f"not {len(cells)} values")  # fmt: skip
        if not cells[0].isdigit() or not cells[1].isdigit() or int(cells[0]) < 1 or int(cells[1]) < 1:
            raise ValueError(f"line {number}: the session and the table are numbers from 1, "
                             f"not {cells[0]!r} and {cells[1]!r}")  # fmt: skip
        session, table, players = int(cells[0]), int(cells[1]), tuple(cells[2:])
        if any(not name for name in players):
            raise ValueError(f"line {number}: a seat has no player")
        tables = sessions.setdefault(session, {})
        if table in tables:
            raise ValueError(f"line {number}: session {session} has a table {table} already")
        seated = {name for other in tables.values() for name in other}
        twice = [name for name in players if name in seated or players.count(name) > 1]
        if twice:
            raise ValueError(f"line {number}: {twice[0]} sits twice in session {session}")
        tables[table] = players
    for session, tables in sessions.items():
        if sorted(tables) != list(range(1, len(tables) + 1)):
            raise ValueError(f"session {session}'s tables are not numbered 1 to {len(tables)}")
    if not sessions:
        raise ValueError("the schedule has no tables")
    return {session: [tables[t] for t in sorted(tables)] for session, tables in sorted(sessions.items())}
