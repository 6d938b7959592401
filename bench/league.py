"""A league on one PostgreSQL server: its ranking, a club's season and a player's page, each against
a grouping query over the same rows, in the same run.

    python bench/league.py [--clubs 50] [--players 40] [--nights 100] [--sessions 4] [--rounds 3]
                           [--url postgresql://postgres@127.0.0.1:5432/test] [--keep SCHEMA]
                           [--what ranking,season,player,person]

Builds, in a fresh schema of the server, a league of ``clubs`` clubs of ``players`` members each
(2,000 players by default), each club with ``nights`` closed nights of ``sessions`` sessions at
``players / 4`` tables: 50 x 100 x 4 x 10 = 200,000 matches by default, each a riichi hanchan of one
recorded hand (three events), every night claimed for its club and every member a person of the
league. The nights fall a week apart over the two years before the reckoning day, so the ranking
ages them. Says how long the build took. Then, each a fresh process (cold against cold), round
after round, in turn:

- the floor: one psycopg query grouping every event by match (each match's events, last seq and
  last time), then ``taikyoku league ranking --json``;
- the floor over one club's rows (the events of its nights' tables), then ``taikyoku season --club``;
- the floor over one player's matches (the events of the tables they sat at), then ``taikyoku player``;
- the same floor, then ``taikyoku league player PERSON`` (the player's page across the clubs, by record).

The first run of each (which makes the kept summaries, digests and answers) is reported apart; so
are the answer asked again after a hand is recorded at a table still playing at another club's
open night (which no answer reads: each is read back once what was stored since is looked at),
after a name no table has seen is said of a player in the league's stream (which the person's
page reads: it is made again; the ranking reads a name only where a result bears it), after two
players' records are merged (which the ranking and the person's page read: those are made again
from the kept summaries and digests; the merge is undone after), and after a match ends at
another club's table (which a player's and a person's page read: the league's kept ended matches
grow by it, and the page is made from them), and after a match ends at the measured club's own
table (which its season reads: the club's kept matches grow by it). Prints seconds, each ratio
to its floor's median, and the load average. Figures, never pass/fail; the targets (docs/performance.md)
are 2x its floor while nothing an answer reads changed, 4x after a match it reads ended, and 6x
after a merge.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent
SERVER = os.environ.get("TAIKYOKU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
RECKONING = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)
# Another club's night, open, where a table plays on while the answers are asked: a new one each run.
OPEN_NIGHT = f"night-bench-playing-{uuid.uuid4().hex[:8]}"

FLOOR = "SELECT match_id, count(*), max(seq), max(recorded_at) FROM events GROUP BY match_id"
FLOOR_CLUB = FLOOR.replace("GROUP BY", "WHERE match_id LIKE %s GROUP BY")
FLOOR_PLAYER = FLOOR.replace(
    "GROUP BY",
    "WHERE match_id IN (SELECT match_id FROM events WHERE seq = 1 AND type = 'match_started' "
    "AND payload LIKE %s) GROUP BY",
)


def template() -> tuple[list, list]:  # type: ignore[type-arg]
    """A closed night of one table and its match, recorded through the CLI in a scratch file: the
    night's events and the table's, as payloads to copy."""
    from store import EventStore

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "t.db")

        def run(*args: str) -> None:
            subprocess.run([str(BIN / "taikyoku"), *args, "--db", db], check=True, capture_output=True)

        run("night", "open", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--id", "night-template")
        run("night", "seat", "night-template")
        run("round", "night-template-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0")
        run("result", "night-template-t1", "ron", "S", "mangan", "from", "N")
        run("night", "close", "night-template")
        with EventStore.open(db) as store:
            return [e.decode() for e in store.read("night-template")], [
                e.decode() for e in store.read("night-template-t1")
            ]


def build(url: str, clubs: int, players: int, nights: int, sessions: int) -> tuple[int, int]:
    """The league, written straight through the store (one transaction a night with its tables)."""
    from events.envelope import PendingEvent
    from events.league import Claimed, ClubOpened, PersonAdded, PersonNamed
    from events.match import PlayerSeat
    from events.night import NightPlayers, NightSeated, NightTable
    from replay.app import league as rules
    from replay.app.league_state import League
    from store.postgres import PostgresStore

    night_events, table_events = template()
    opened, _players, _seated, closed = night_events
    started, hand, win = table_events
    draw = random.Random(7)
    events = matches = 0
    with PostgresStore.open(url, create=True) as store:
        payloads: list = []  # type: ignore[type-arg]
        names = {c: [f"P{c:02}-{n:02} {draw.choice(('Sato', 'Kim', 'Meyer', 'Rossi', 'Dubois'))}" for n in range(players)]
                 for c in range(clubs)}  # fmt: skip
        for c in range(clubs):
            payloads.append(ClubOpened(club=f"club-{c:02}", name=f"Club {c:02}"))
        number = 0
        for c in range(clubs):
            for name in names[c]:
                number += 1
                payloads += [PersonAdded(person=f"p{number}", name=name),
                             PersonNamed(person=f"p{number}", name=name, club=f"club-{c:02}")]  # fmt: skip
        for c in range(clubs):
            ids = tuple(f"night-club-{c:02}-{n:03}" for n in range(nights))
            payloads += [Claimed(club=f"club-{c:02}", streams=ids[at : at + 500]) for at in range(0, len(ids), 500)]
        rules.append(store, League(), payloads, "bench")
        events += len(payloads)

        def pending(payload: object, at: datetime) -> PendingEvent:
            return PendingEvent(payload, str(uuid.uuid4()), at.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), "bench")  # type: ignore[arg-type]

        per_table = 4
        for n in range(nights):
            day = RECKONING - timedelta(days=7 * (nights - n))  # a night a week, the last one a week ago
            for c in range(clubs):
                night = f"night-club-{c:02}-{n:03}"
                present = names[c]
                batch = [(night, 0, [pending(opened.model_copy(update={"title": f"Club {c:02} night {n}"}), day),
                                     pending(NightPlayers(players=tuple(present)), day)])]  # fmt: skip
                table = 0
                for session in range(1, sessions + 1):
                    order = present[:]
                    draw.shuffle(order)
                    seated = []
                    for at in range(0, len(order), per_table):
                        table += 1
                        match = f"{night}-t{table}"
                        four = order[at : at + per_table]
                        seated.append(NightTable(match_id=match, players=tuple(four)))
                        when = day + timedelta(minutes=50 * session)
                        first = started.model_copy(
                            update={"players": tuple(PlayerSeat(name=p, seat=s) for s, p in enumerate(four))}
                        )
                        batch.append((match, 0, [pending(first, when), pending(hand, when), pending(win, when)]))
                        matches += 1
                    batch[0][2].append(
                        pending(
                            NightSeated(session=session, tables=tuple(seated)),
                            day + timedelta(minutes=50 * session - 5),
                        )
                    )
                batch[0][2].append(pending(closed, day + timedelta(hours=5)))
                store.append_together(batch)
                events += sum(len(b[2]) for b in batch)
            print(f"  built {n + 1}/{nights} nights a club ({matches:,} matches)", file=sys.stderr, end="\r")
    print(file=sys.stderr)
    return matches, events


def environment() -> dict[str, str]:
    """This process's environment (its database, once set) for a run, which writes byte-compiled
    files as it goes (``PYTHONDONTWRITEBYTECODE`` dropped): a user's installed copy has them (pip
    compiles on install), and without them every answer's process compiles taikyoku from source
    (about 0.12 s), which the floor's psycopg never does."""
    return {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def timed(argv: list[str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, env=environment())
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()}")
    return time.perf_counter() - began


def floor(url: str, sql: str, *params: str) -> list[str]:
    """A fresh process running one grouping query with psycopg (connect, query, fetch every row)."""
    code = ("import sys, psycopg; c = psycopg.connect(sys.argv[1]); "
            "rows = c.execute(sys.argv[2], sys.argv[3:] or None).fetchall(); print(len(rows))")  # fmt: skip
    return [sys.executable, "-c", code, url, sql, *params]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clubs", type=int, default=50)
    parser.add_argument("--players", type=int, default=40, help="members of each club (a multiple of 4)")
    parser.add_argument("--nights", type=int, default=100, help="nights of each club")
    parser.add_argument("--sessions", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--url", default=SERVER)
    parser.add_argument("--keep", help="a schema built before (by --keep on an earlier run): measured, not built")
    parser.add_argument(
        "--what", default="ranking,season,player,person", help="which answers to measure, of these four"
    )
    args = parser.parse_args()
    import json

    import psycopg

    schema = args.keep or f"bench_league_{uuid.uuid4().hex[:8]}"
    url = f"{args.url}?options=-csearch_path%3D{schema}"
    if not args.keep:
        with psycopg.connect(args.url, autocommit=True) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")  # type: ignore[arg-type]
        began = time.perf_counter()
        matches, events = build(url, args.clubs, args.players, args.nights, args.sessions)
        print(f"{args.clubs} clubs, {args.clubs * args.players:,} players, {matches:,} matches, {events:,} events: "
              f"built in {time.perf_counter() - began:.0f} s (schema {schema}; --keep {schema} measures it again)")  # fmt: skip
    env = os.environ | {"TAIKYOKU_DB": url}
    os.environ.update(env)
    with psycopg.connect(url) as conn:
        built = conn.execute(
            "SELECT count(*) FROM events WHERE match_id = 'league' AND type = 'league.club'"
        ).fetchone()
        club = min(7, (built[0] if built else args.clubs) - 1)
        name = f"P{club:02}-03"
        shown = conn.execute("SELECT payload FROM events WHERE match_id = 'league' AND payload LIKE %s "
                             "LIMIT 1", [f'%"name":"{name}%']).fetchone()  # fmt: skip
        others = [json.loads(row[0])["name"] for row in conn.execute(
            "SELECT payload FROM events WHERE match_id = 'league' AND type = 'league.named' AND payload LIKE %s "
            "ORDER BY position LIMIT 4", ['%"club":"club-00"%']).fetchall()]  # fmt: skip
    player = json.loads(shown[0])["name"] if shown else name
    person = json.loads(shown[0])["person"] if shown else "p1"
    taikyoku = str(BIN / "taikyoku")
    # Another club's night, open, its one table playing: where the moves below are made.
    opening = ["night", "open", "riichi", *[a for p in others for a in ("-p", p)], "--club", "club-00",
               "--id", OPEN_NIGHT, "--seed", "1"]  # fmt: skip
    with psycopg.connect(url) as conn:
        members = [json.loads(row[0])["name"] for row in conn.execute(
            "SELECT payload FROM events WHERE match_id = 'league' AND type = 'league.named' AND payload LIKE %s "
            "ORDER BY position LIMIT 4", [f'%"club":"club-{club:02}"%']).fetchall()]  # fmt: skip
    own = ["night", "open", "riichi", *[a for p in members for a in ("-p", p)], "--club", f"club-{club:02}",
           "--id", "unused", "--seed", "1"]  # fmt: skip

    def ended_at(opened: list[str]) -> None:
        """A night opened as ``opened`` says (its id a new one), seated, and its one table ended by a
        mangan from North, below zero."""
        night = f"night-bench-ended-{uuid.uuid4().hex[:8]}"
        timed([taikyoku, *opened[:-4], "--id", night, "--seed", "1", "--db", url])
        timed([taikyoku, "night", "seat", night, "--db", url])
        timed([taikyoku, "round", f"{night}-t1", "--scores", "34000,29000,30000,7000", "--dealer", "0", "--db", url])
        timed([taikyoku, "result", f"{night}-t1", "ron", "S", "mangan", "from", "N", "--db", url])

    print(f"  a night opened at club-00: {timed([taikyoku, *opening, '--db', url]):.2f} s", file=sys.stderr)
    print(f"  and seated: {timed([taikyoku, 'night', 'seat', OPEN_NIGHT, '--db', url]):.2f} s", file=sys.stderr)
    work = {
        "league ranking": ([taikyoku, "league", "ranking", "--game", "riichi", "--json", "--on", "2026-12-01"],
                           floor(url, FLOOR)),
        "a club's season": ([taikyoku, "season", "--game", "riichi", "--club", f"club-{club:02}", "--json"],
                            floor(url, FLOOR_CLUB, f"night-club-{club:02}-%")),
        "a player's page": ([taikyoku, "player", player, "--json"], floor(url, FLOOR_PLAYER, f'%"{player}"%')),
        "a person's page": ([taikyoku, "league", "player", person, "--json"], floor(url, FLOOR_PLAYER, f'%"{player}"%')),
    }  # fmt: skip
    chosen = {"ranking": "league ranking", "season": "a club's season", "player": "a player's page",
              "person": "a person's page"}  # fmt: skip
    for what, (answer, base) in work.items():
        if not any(chosen[w] == what for w in args.what.split(",") if w in chosen):
            continue
        first = timed(answer)
        floors, answers = [], []
        for _ in range(args.rounds):
            floors.append(timed(base))
            answers.append(timed(answer))
        low = statistics.median(floors)
        warm = statistics.median(answers)
        # A hand at another club's table still playing (an exhaustive draw, the dealer tenpai): no
        # answer reads it; it is read back once the streams stored to since are looked at.
        timed([taikyoku, "result", f"{OPEN_NIGHT}-t1", "draw", "tenpai", "E", "--db", url])
        playing_on = timed(answer)
        # A name said of a player (the league's stream) that no table has seen: the person's page
        # reads it (the player's names) and is made again; the ranking reads a name only where a
        # result bears it, and the others read no names: read back.
        timed([taikyoku, "league", "name", "p1", f"P00-00 also {what}", "--db", url])
        named = timed(answer)
        # Two players' records merged: the ranking's figures and the person's page move (made again,
        # from the kept nights' summaries and matches' digests). Undone after, and asked again
        # (not timed), so that what follows starts from an answer kept.
        said = subprocess.run([taikyoku, "league", "merge", "p1", "p2", "--reason", "bench", "--db", url],
                              capture_output=True, text=True, check=True, env=environment()).stdout  # fmt: skip
        merged = timed(answer)
        timed([taikyoku, "league", "unmerge", said.rsplit("merge ", 1)[1].rstrip(")\n"), "--reason", "bench",
               "--db", url])  # fmt: skip
        timed(answer)
        # A match ended at another club's table (a night of club-00's opened, seated, and its table
        # ended by a mangan from North, below zero): a player's and a person's page read every
        # match (their ratings and the achievements are the league's); the kept matches are grown
        # by it and the page made from them. A club's season and the ranking (the night is open)
        # read it not.
        ended_at(opening)
        ended = timed(answer)
        # A match ended at a table of the measured club's own night (its members, opened and seated
        # as above): the club's season reads it (its kept matches grow by it), and so do the pages.
        ended_at(own)
        own_ended = timed(answer)
        print(f"  {what:<18} floor {low:6.2f} s   first {first:7.2f} s ({first / low:5.1f}x)   "
              f"warm {warm:6.2f} s: {warm / low:5.2f}x the floor (target 2x)   "
              f"after a hand at another club's table {playing_on:6.2f} s: {playing_on / low:5.2f}x   "
              f"after a name no table has seen {named:6.2f} s: {named / low:5.2f}x   "
              f"after a merge {merged:6.2f} s: {merged / low:5.2f}x   "
              f"after a match ended elsewhere {ended:6.2f} s: {ended / low:5.2f}x   "
              f"after one ended at the club's own table {own_ended:6.2f} s: {own_ended / low:5.2f}x")  # fmt: skip
    print(f"  load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    if not args.keep:
        print(
            f"  the schema {schema} is kept for --keep; drop it with: psql {args.url} -c 'DROP SCHEMA {schema} CASCADE'"
        )


if __name__ == "__main__":
    main()
