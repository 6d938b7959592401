"""Koi-koi rounds at result depth through the real command, for the options a whole round decides:
a round nobody stops (the dealer's points and who deals next), a teyaku that wins, and the match
that ends when a player runs out of points. Every figure worked out by hand."""

from __future__ import annotations

from tests.helpers import Cli

NOTHING = "pine-chaff-1 / plum-chaff-1"  # two chaff: no yaku either side


def _new(cli: Cli, match: str, *options: str) -> None:
    made = cli("new", "koikoi", "-p", "Aki", "-p", "Beni", "--id", match, *options)
    assert made.code == 0, made.err


def test_a_round_nobody_stops_by_the_draw_options(cli: Cli) -> None:
    # KoiKoi-Japan: the dealer (Aki) takes 1 from Beni and keeps the deal.
    _new(cli, "d-1", "--ruleset", "koikoi-japan")
    assert cli("round", "d-1").code == 0 and cli("result", "d-1", *NOTHING.split()).code == 0
    [drawn] = cli("replay", "d-1", "--json").json()["results"]
    assert (drawn["winner"], drawn["points"], drawn["next_dealer"]) == (None, [1, -1], 0)
    # drawPoints 0 and the deal passing: nothing paid, Beni deals next.
    _new(cli, "d-2", "-O", "koikoi.drawPoints=0", "-O", "koikoi.dealerAfterDraw=passes")
    assert cli("round", "d-2").code == 0 and cli("result", "d-2", *NOTHING.split()).code == 0
    [drawn] = cli("replay", "d-2", "--json").json()["results"]
    assert (drawn["winner"], drawn["points"], drawn["next_dealer"]) == (None, [0, 0], 1)
    assert cli("round", "d-2").code == 0
    assert cli("replay", "d-2", "--json").json()["round"]["dealer"] == 1


def test_kuttsuki_wins_where_the_ruleset_says(cli: Cli) -> None:
    # Nintendo's: kuttsuki shown wins handYakuPoints (6); with the option at 4, 4.
    _new(cli, "t-1", "-O", "koikoi.handYakuPoints=4")
    assert cli("round", "t-1").code == 0
    assert cli("result", "t-1", *NOTHING.split(), "expose", "1", "kuttsuki").code == 0
    [won] = cli("replay", "t-1", "--json").json()["results"]
    assert (won["winner"], won["reason"], won["points"]) == (1, "teyaku", [-4, 4])
    # KoiKoi-Japan deals a kuttsuki again... and has no kuttsuki win: refused.
    _new(cli, "t-2", "--ruleset", "koikoi-japan")
    assert cli("round", "t-2").code == 0
    refused = cli("result", "t-2", *NOTHING.split(), "expose", "1", "kuttsuki")
    assert refused.code == 2 and "[koikoi.result.shown]" in refused.err


def test_the_match_ends_when_a_player_runs_out_of_points(cli: Cli) -> None:
    # 5 points each; Aki stops twice on sanko (5): after round 1 Beni holds 0, and the match is over.
    _new(cli, "o-1", "--ruleset", "koikoi-japan", "-O", "koikoi.startingPoints=5")
    assert cli("round", "o-1").code == 0
    won = cli("result", "o-1", "pine-crane", "cherry-curtain", "susuki-moon", "/", "maple-deer", "stop", "0")
    assert won.code == 0, won.err
    replayed = cli("replay", "o-1", "--json").json()
    assert replayed["points_held"] == [10, 0] and replayed["complete"] is True
    refused = cli("round", "o-1")
    assert refused.code == 2 and "Beni (seat 1) has no points left: the match is over" in refused.err
