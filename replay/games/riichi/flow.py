"""How one riichi hand leads to the next: dealer rotation, renchan, honba and sticks carried on."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from events.errors import InputError
from events.ingest import describe_pydantic
from events.riichi import RiichiRoundStarted
from events.tiles import WIND_LETTERS, WINDS
from replay.games.riichi.state import RiichiState


def next_hand(state: RiichiState, *, wind: str | None, hand: int | None, honba: int | None, sticks: int | None,
              scores: str | None, dealer: int | None) -> RiichiRoundStarted:  # fmt: skip
    """The next hand's start: what is given, and the rest carried on from the last hand."""
    started = state.match.started
    assert started is not None and state.options is not None
    players = len(started.players)
    last = state.results[-1] if state.results else None
    if last is None:
        start = state.options.starting_points
        default = ("E", 1, 0, 0, (start,) * players, started.first_dealer)
    else:
        previous = state.round
        assert previous is not None
        renchan = last.next_dealer == previous.dealer
        wind_index, number = WINDS.index(previous.round_wind), previous.hand
        if not renchan:
            number += 1
            if number > players:
                number, wind_index = 1, wind_index + 1
        won_by_other = last.kind == "win" and not renchan
        honba = previous.honba if last.kind == "chombo" else 0 if won_by_other else previous.honba + 1
        default = (WIND_LETTERS[wind_index % 4], number, honba, last.sticks, last.scores, last.next_dealer)
    given_scores = None
    if scores is not None:
        try:
            given_scores = tuple(int(s) for s in scores.split(","))
        except ValueError:
            raise InputError(
                f"--scores takes {players} whole numbers separated by commas, e.g. 25000,25000,..."
            ) from None
    if wind is not None and wind.upper() not in WIND_LETTERS:
        raise InputError(f"--wind is E, S, W or N, not {wind!r}")
    try:
        return RiichiRoundStarted(
            round_wind=(wind or default[0]).upper(),
            hand=hand if hand is not None else default[1],
            honba=honba if honba is not None else default[2],
            sticks=sticks if sticks is not None else default[3],
            scores=given_scores if given_scores is not None else default[4],
            dealer=dealer if dealer is not None else default[5],
        )
    except ValidationError as wrong:  # a count past what a record holds: said, never an internal error
        raise InputError(f"the next hand cannot be recorded: {describe_pydantic(wrong, '')}") from None


def final_standings(state: RiichiState) -> dict[str, Any]:
    """The end of the match as its ruleset settles it (``replay/games/riichi/final.py``): scores with
    the leftover sticks, places, results in thousands with oka and uma, and their precision."""
    from replay.games.riichi.final import final_results

    started = state.match.started
    assert started is not None and state.results
    options = state.options
    assert options is not None
    last = state.results[-1]
    penalties = [0] * len(last.scores)
    for result in state.results:  # a chombo's final penalty, after uma (EMA)
        for seat, penalty in enumerate(result.penalty):
            penalties[seat] += penalty
    return final_results(options, last.scores, last.sticks, started.first_dealer, penalties)


def match_over(state: RiichiState) -> str | None:
    """Why the match is over after its last hand, or None while it goes on (docs/riichi.md, the
    end of a match)."""
    started, rnd = state.match.started, state.round
    if started is None or rnd is None or not rnd.over or rnd.result is None or rnd.played_on:
        return None
    options = state.options
    assert options is not None
    result = rnd.result
    players = rnd.players
    if state.match.time_up is not None:
        # Time was called in (or just after) a hand: that hand, or one more (riichi.timeUp), is the
        # last; a chombo in it ends the match only where riichi.chomboAtTimeUp says so (else it is
        # played again, and that ends it).
        last = state.match.time_up + (1 if options.time_up == "oneMoreHand" else 0)
        if rnd.number >= last and (result.kind != "chombo" or options.chombo_at_time_up):
            return "time was up"
    if result.kind == "chombo" or (result.kind == "abortive" and not options.abortive_draw_ends):
        return None  # a hand played again: no one won or was tenpai, so nothing was decided
    below = [s for s, score in enumerate(result.scores) if score < 0]
    if options.tobi and below:
        return f"{state.match.player_name(below[0])} went below zero"
    target = options.goal_points
    last_wind = 0 if started.length.unit == "tonpuusen" else 1
    wind = WINDS.index(rnd.round_wind)
    top = max(result.scores)
    renchan = result.next_dealer == rnd.dealer
    # First place: ties go to the seat nearer the first dealer, as in the final standings.
    first = started.first_dealer
    leader = min(range(players), key=lambda s: (-result.scores[s], (s - first) % players))
    dealer_leads = leader == rnd.dealer
    # The leading dealer's stop (agari-yame, and tenpai-yame where the rules had it then).
    stops = options.leader_stops and dealer_leads and top >= target
    if renchan and result.kind == "exhaustive" and not options.leader_stops_at_draw:
        stops = False
    if wind > last_wind:
        its_last_hand = rnd.hand == players or wind > last_wind + 1
        if options.extension_hands == "likeLastHand":
            # Tenhou's sudden death: a dealer who keeps the deal plays on unless first with the goal (below
            # it no dealer may stop, and the deal kept outranks another seat reaching it); otherwise the
            # goal reached, or the extension's last hand, ends the match. There is no next wind.
            if renchan:
                return f"{top} reached the return points in the extension" if stops else None
            if top >= target:
                return f"{top} reached the return points in the extension"
            return "the extension is played out" if its_last_hand else None
        if top >= target:
            return f"{top} reached the return points in the extension"
        if (its_last_hand and not renchan) or wind > last_wind + 1:
            return "the extension is played out"
        return None
    if wind == last_wind and rnd.hand == players:
        if renchan and stops:
            return "the last dealer leads with the return points and stops"
        if not renchan and (top >= target or not options.west_extension):
            return "the last hand is played"
    return None
