"""Bugs of the kind a tired developer makes, planted one at a time: does a test catch each?

    python bench/plants.py [--only WORD ...] [--list]

Generated mutants (bench/mutation.py) change one operator each; the bugs that reach a table are
others: a rule applied for the wrong player count, a tie broken the wrong way, a condition that
holds for one of two yaku, an ``any`` that should be ``all``, a file set that misses a folder.
Each plant below is one such bug, written by hand against the rule's own text: the file, the text
it replaces (found exactly once), what it becomes, and the tests that should catch it. Each is
planted in a scratch copy of the working tree, its tests run (``pytest -x``), and the copy put
back. Prints, for each, caught (with the first failing test) or SURVIVED; docs/reliability.md
lists the plants and the tests that catch them. A figure, never pass/fail; not CI (a few minutes).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from mutation import scratch_copy

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Plant:
    rule: str  # the rule the bug breaks, in words
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


RIICHI = ("tests/games/riichi", "tests/formats/test_tenhou6_more.py", "tests/formats/test_tenhou6_corpus.py")
KOIKOI = ("tests/games/koikoi", "tests/games/test_options.py")
TENSHO = ("tests/games/tensho",)
SENDAI = ("tests/games/sendai",)
SEASONS = ("tests/app/test_seasons.py", "tests/app/test_season_documents.py", "tests/app/test_player_figures.py")
NIGHT = ("tests/app/test_nights.py", "tests/app/test_night_refusals.py", "tests/app/test_night_doors.py",
         "tests/web/test_substitutes.py", "tests/app/test_night_standings.py")  # fmt: skip

PLANTS = [
    # ---- riichi: a rule for the wrong player count ---------------------------------------------
    Plant("a ron's honba at three players is 200 a honba (declared value)", "replay/games/riichi/declared.py",
          "(200 if players == 3 else 300) * honba", "300 * honba", RIICHI),
    Plant("a ron's honba at three players is 200 a honba (pao)", "replay/games/riichi/pricing.py",
          "honba = (200 if hand.players == 3 else 300) * hand.honba", "honba = 300 * hand.honba", RIICHI),
    Plant("the live wall at three players is 108 - 14 - 39 tiles", "replay/games/riichi/fold.py",
          "(136 - 14 - 13 * 4) if n == 4 else (108 - 14 - 13 * 3)", "136 - 14 - 13 * n", RIICHI),
    Plant("three-player dora: 1m's next is 9m", "replay/games/riichi/analysis.py",
          "is_three_player=rnd.players == 3", "is_three_player=False", RIICHI),
    Plant("no chi at three players", "replay/games/riichi/calls.py",
          "        if rules.three_player:\n            raise illegal(step, \"riichi.call.chi_sanma\"",
          "        if rules.three_player and False:\n            raise illegal(step, \"riichi.call.chi_sanma\"",
          RIICHI),
    Plant("a tsumo at three players: the missing seat pays nothing (tsumo loss)", "replay/games/riichi/declared.py",
          "deltas[seat] = -sum(deltas) + sticks", "deltas[seat] = -sum(deltas) + sticks + (0 if players == 4 or not tsumo else _up(basic * (2 if dealer == seat else 1)))",
          RIICHI),
    Plant("noten payments at three players: the noten seats share the pool among themselves", "replay/games/riichi/scoring.py",
          "gain, loss = pool // len(tenpai), pool // (rnd.players - len(tenpai))",
          "gain, loss = pool // len(tenpai), pool // (4 - len(tenpai))", RIICHI),
    Plant("the dealer keeps the deal when tenpai at an exhaustive draw", "replay/games/riichi/scoring.py",
          "next_dealer = rnd.dealer if rnd.dealer in tenpai else (rnd.dealer + 1) % rnd.players",
          "next_dealer = rnd.dealer if rnd.dealer in tenpai else (rnd.dealer + 1) % 4", RIICHI),
    # ---- riichi: boundaries and ties -----------------------------------------------------------
    Plant("below zero ends the match (a score of 0 does not)", "replay/games/riichi/flow.py",
          "below = [s for s, score in enumerate(result.scores) if score < 0]",
          "below = [s for s, score in enumerate(result.scores) if score <= 0]", RIICHI),
    Plant("the leader's stop needs the goal points reached (equal is enough)", "replay/games/riichi/flow.py",
          "stops = options.leader_stops and dealer_leads and top >= target",
          "stops = options.leader_stops and dealer_leads and top > target", RIICHI),
    Plant("tied places share their uma (not by seat)", "replay/games/riichi/final.py",
          "        found.append(Fraction(sum(per_place[rank - 1 : rank - 1 + tied])) / tied)",
          "        found.append(Fraction(per_place[rank - 1]))", RIICHI),
    Plant("a tie for first goes to the seat nearer the first dealer", "replay/games/riichi/final.py",
          "key=lambda s: (-scores[s], (s - first_dealer) % seats)", "key=lambda s: (-scores[s], s)", RIICHI),
    Plant("uma by players below the start: one below takes the first row", "replay/games/riichi/final.py",
          "return list(rows[(below - 1) * seats : below * seats])", "return list(rows[below * seats : (below + 1) * seats])",
          RIICHI),
    Plant("three rons abort only where the ruleset says so, and only three", "replay/games/riichi/declared.py",
          "if len(winners) == 3 and rules.triple_ron == \"abortive\":",
          "if len(winners) >= 2 and rules.triple_ron == \"abortive\":", RIICHI),
    Plant("no bust where the ruleset has none (the tobi option)", "replay/games/riichi/flow.py",
          "if options.tobi and below:", "if below:", RIICHI),
    Plant("the review, two winners: a riichi that won too lost nothing to the other win", "replay/games/riichi/happened.py",
          "        if seat in winners:  # a riichi that won too", "        if seat == winner:  # a riichi that won too",
          ("tests/games/riichi/test_happened.py",)),
    Plant("the review: a good wait is two kinds or more", "replay/games/riichi/happened.py",
          "if len(waits) >= 2 and len(theirs) == 1:", "if len(waits) > 2 and len(theirs) == 1:",
          ("tests/games/riichi/test_happened.py",)),
    # ---- hanafuda: two of a kind, options, boundaries -----------------------------------------
    Plant("viewing yaku 'with other yaku': void only when every yaku is a viewing one", "replay/games/koikoi/scoring.py",
          "all(h.key in VIEWING for h in hits)", "any(h.key in VIEWING for h in hits)", KOIKOI),
    Plant("the rain man spoils both viewing yaku", "replay/games/koikoi/scoring.py",
          "hits = [h for h in hits if h.key not in VIEWING]", "hits = [h for h in hits if h.key != \"hanami-zake\"]",
          KOIKOI),
    Plant("a viewing yaku's value after the player's own koi-koi", "replay/games/koikoi/scoring.py",
          "viewing_value = options.viewing_points[1 if calls else 0]",
          "viewing_value = options.viewing_points[1 if calls > 1 else 0]", KOIKOI),
    Plant("7 or more is doubled (7 itself too)", "replay/games/koikoi/scoring.py",
          "if options.double_at_seven and won >= 7:", "if options.double_at_seven and won > 7:", KOIKOI),
    Plant("KoiKoi-Japan's calls: +1 a call up to three, then times calls - 2", "replay/games/koikoi/scoring.py",
          "return total + calls if calls <= 3 else total * (calls - 2)",
          "return total + calls if calls < 3 else total * (calls - 2)", KOIKOI),
    Plant("a dealt hand of four pairs is kuttsuki (every month a pair, not one)", "replay/games/koikoi/scoring.py",
          "all(n % 2 == 0 for n in counts.values())", "any(n % 2 == 0 for n in counts.values())", KOIKOI),
    Plant("Tensho: a full tie goes to the dealer, whichever seat deals", "replay/games/tensho/scoring.py",
          "                winner = dealer\n", "                winner = 0\n", TENSHO),
    Plant("Sendai-hana: the chaff threshold by the seat's place from the dealer", "replay/games/sendai/scoring.py",
          "threshold = options.thresholds[position_of(seat, dealer)]", "threshold = options.thresholds[seat]", SENDAI),
    Plant("riichi, two rons: the honba go to the winner nearest the discarder (Tenhou)", "replay/games/riichi/scoring.py",
          "honba = rnd.honba if index == 0 or rules.multi_ron_honba == \"eachWinner\" else 0", "honba = rnd.honba",
          RIICHI),
    Plant("riichi, two rons: the sticks go to the winner nearest the discarder (Tenhou)", "replay/games/riichi/scoring.py",
          "            sticks = table if index == 0 else 0", "            sticks = table", RIICHI),
    # ---- the night ----------------------------------------------------------------------------
    Plant("a player is provisional while any of their tables plays on", "replay/app/club.py",
          "mine[\"provisional\"] = mine[\"provisional\"] or table[\"status\"] == \"in play\"",
          "mine[\"provisional\"] = table[\"status\"] == \"in play\"", NIGHT),
    Plant("the night's standings: equal totals, the better average place first", "replay/app/club.py",
          "key=lambda p: (-p[\"total\"], sum(p[\"places\"]) / max(len(p[\"places\"]), 1), p[\"player\"])",
          "key=lambda p: (-p[\"total\"], p[\"player\"])", NIGHT),
    # ---- seasons and ratings ------------------------------------------------------------------
    Plant("Tenhou R at three players: bases +30, 0, -30", "replay/app/seasons.py",
          "table = BASES[len(places)]", "table = BASES[4] if len(places) == 3 else BASES[len(places)]", SEASONS),
    Plant("Tenhou R: tied players share the bases of the places they take", "replay/app/seasons.py",
          "out.append(sum(table[place - 1 : place - 1 + tied]) / tied)", "out.append(table[place - 1])", SEASONS),
    Plant("Tenhou R: the adjustment counts the games played before this one", "replay/app/seasons.py",
          "adjustment = max(0.2, 1 - 0.002 * games_before)", "adjustment = max(0.2, 1 - 0.002 * (games_before + 1))",
          SEASONS),
    Plant("Tenhou R: the table average includes the player", "replay/app/seasons.py",
          "average = sum(now[name] for name in names) / len(names)",
          "average = sum(now[name] for name in names[1:]) / (len(names) - 1)", SEASONS),
    Plant("the season's standings: a player short of the minimum games is unranked", "replay/app/seasons.py",
          "\"ranked\": games >= min_games})", "\"ranked\": games > min_games})", SEASONS),
    # ---- file sets ----------------------------------------------------------------------------
    Plant("the code version covers every source below the folding packages", "replay/engine/code_version.py",
          "for path in sorted((root / package).rglob(\"*.py\")):", "for path in sorted((root / package).glob(\"*.py\")):",
          ("tests/app/test_read_model_trust.py", "tests/engine")),
    Plant("an import of a folder with --recursive reads its sub-folders", "replay/app/importing.py",
          "found = path.rglob(\"*\") if recursive else path.iterdir()", "found = path.iterdir()",
          ("tests/formats/test_tenhou6_import.py", "tests/formats/test_detect.py", "tests/formats/test_import_limits.py")),
    # ---- the ended match, the phone, names, the live streams ------------------------------------
    Plant("nothing is recorded after match_ended, in every game", "replay/engine/game.py",
          "return UntilEnded(self.rules().projection())", "return self.rules().projection()",
          ("tests/cli/test_ended_matches.py",)),
    Plant("the phone's undo window: five minutes from the end", "replay/app/phones.py",
          "if (now or datetime.now(UTC)) > until:", "if False:", ("tests/app/test_phone_permissions.py",)),
    Plant("the phone never undoes an abandon", "replay/app/phones.py",
          "    if ended is not None and ended.reason == \"abandoned\":\n        why",
          "    if False:\n        why", ("tests/app/test_phone_permissions.py",)),
    Plant("look-alikes across scripts (confusable skeletons)", "events/text.py",
          "return frozenset(skeleton(form).casefold() for form in (plain, plain.casefold()))",
          "return frozenset({plain.casefold()})", ("tests/events/test_names.py", "tests/events/test_name_doors.py")),
    Plant("one name twice at a table is refused like a case difference", "store/batch.py",
          "if player.name in names and player.name not in ANONYMOUS:", "if False:",
          ("tests/events/test_name_doors.py",)),
    Plant("a live stream's id is checked before anything is kept", "replay/web/live.py",
          "            check_match_id(match)\n", "", ("tests/web/test_live_front.py",)),
    Plant("nothing of a match is kept once its last page closes", "replay/web/live.py",
          "                self.heads.pop(match, None)\n", "", ("tests/web/test_live_front.py",)),
    Plant("a file replaced under a write: its log never folded into the new file", "replay/app/application.py",
          "replaced = began is not None and now is not None and stores.replaces(began, now)", "replaced = False",
          ("tests/app/test_backup_in_place.py",)),
    Plant("a file replaced between two writes: the old log set aside before a connection opens", "replay/app/application.py",
          "if seen is not None and found is not None and stores.replaces(seen, found):", "if False:",
          ("tests/app/test_backup_in_place.py",)),
    Plant("a command never makes a new secret beside a serving server", "replay/infra/tokens.py",
          "        if key is None and serving(path):", "        if False:", ("tests/web/test_secret_keeping.py",)),
]  # fmt: skip


def run(plant: Plant, copy: Path) -> tuple[bool, str, float]:
    """(caught, the first failing test or '', seconds) for ``plant`` in ``copy``."""
    target = copy / plant.path
    original = target.read_text()
    if original.count(plant.old) != 1:
        raise SystemExit(f"{plant.path}: the plant's text is found {original.count(plant.old)} times: {plant.rule}")
    target.write_text(original.replace(plant.old, plant.new))
    started = time.perf_counter()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-n", "2", "-p", "no:cacheprovider", *plant.tests],
            cwd=copy, capture_output=True, text=True,
        )  # fmt: skip
    finally:
        target.write_text(original)
    failed = re.search(r"^FAILED (\S+)", done.stdout, re.M)
    return done.returncode != 0, failed.group(1) if failed else "", time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", default=[], help="plants whose rule holds one of these words")
    parser.add_argument("--list", action="store_true", help="list the plants and stop")
    args = parser.parse_args()
    chosen = [p for p in PLANTS if not args.only or any(w.lower() in p.rule.lower() for w in args.only)]
    if args.list:
        for plant in chosen:
            print(f"{plant.path}: {plant.rule}")
        return
    with tempfile.TemporaryDirectory(prefix="taikyoku-plants-") as folder:
        copy = Path(folder)
        scratch_copy(copy)
        caught = 0
        for plant in chosen:
            found, test, seconds = run(plant, copy)
            caught += found
            print(f"{'caught  ' if found else 'SURVIVED'} {plant.rule} ({plant.path}){': ' + test if test else ''} "
                  f"[{seconds:.0f} s]", flush=True)  # fmt: skip
        print(f"{caught} of {len(chosen)} plants caught")


if __name__ == "__main__":
    main()
