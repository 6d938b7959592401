"""A riichi match reviewed discard by discard (``taikyoku review``): each discard of a known hand
weighed (``efficiency.weigh``), and a summary per player. A discard made while another player is in
riichi, or has called three sets, is also rated for safety against each (``defense.py``), and every
weighed discard says who won on it. The tiles a player could not see are counted from what lay open
when the discard was made: the player's own hand and melds, every river and meld, the dora
indicators, the norths set aside. A discard after the player's riichi is no choice and is not
weighed; a hand dealt unseen (the public record) is not weighed either. No I/O."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.riichi import RiichiDiscard, RiichiRoundStarted, RiichiWin
from replay.engine.fold import Step
from replay.games.riichi.defense import UNSEEN, least_safe, safer_held, unseen_to
from replay.games.riichi.efficiency import KINDS, index, name, weigh
from replay.games.riichi.fold import RiichiProjection
from replay.games.riichi.state import RiichiRound, RiichiState

OPEN_THREAT = 3  # sets called from which an open hand is taken as tenpai, as defence is commonly taught
STRONG_OPEN = 2  # sets called from which an open hand showing dora or one suit is taken as tenpai


def _unseen_to(state: RiichiState, seat: int) -> list[int]:
    """By kind, the copies ``seat`` has not seen (``defense.unseen_to``)."""
    assert state.round is not None
    return unseen_to(state.round, seat)


def discards(steps: Sequence[Step]) -> tuple[list[dict[str, Any]], RiichiState]:
    """Every weighed discard of the match, in order, and the match folded to its end."""
    weighed, _, state = all_discards(steps)
    return weighed, state


def all_discards(steps: Sequence[Step]) -> tuple[list[dict[str, Any]], list[dict[str, Any]], RiichiState]:
    """Every weighed discard; every discard of a hand the record does not show that was made against
    a threat or dealt in, rated from what every player could see (the public record); and the
    match folded to its end."""
    projection = RiichiProjection()
    state = projection.initial()
    found: list[dict[str, Any]] = []
    unshown: list[dict[str, Any]] = []
    passed: dict[int, list[str]] = {}  # by seat in riichi: the tiles discarded since, not won on
    last_discard: dict[str, Any] | None = None  # the entry of the last discard weighed
    for step in steps:
        payload = step.payload
        rnd = state.round
        if isinstance(payload, RiichiRoundStarted):
            passed = {}
        if isinstance(payload, RiichiWin) and payload.kind == "ron":
            _dealt_in(last_discard, payload, state.names)
        if isinstance(payload, RiichiDiscard):
            last_discard = None
        if (
            isinstance(payload, RiichiDiscard) and rnd is not None and not rnd.riichi[payload.seat]
        ):  # in riichi: no choice
            seat = payload.seat
            hand = rnd.hands[seat]
            if UNSEEN not in hand and len(hand) % 3 == 2:
                unseen = _unseen_to(state, seat)
                weighed = weigh(hand, len(rnd.melds[seat]), payload.tile, unseen)
                found.append({
                    "seq": step.seq, "hand": rnd.number, "seat": seat, "player": state.names[seat],
                    "discard": payload.tile, "riichi": rnd.declaring == seat,
                    "shanten_before": weighed.before, "shanten_after": weighed.after,
                    "ukeire": [name(k) for k in weighed.ukeire], "ukeire_count": weighed.ukeire_count,
                    "best": weighed.best, "best_shanten": weighed.best_after,
                    "best_ukeire": [name(k) for k in weighed.best_ukeire], "best_count": weighed.best_count,
                    "waits": [name(k) for k in weighed.ukeire] if weighed.after == 0 else [],
                    "lost": weighed.lost,
                    "defense": _defense(rnd, seat, hand, payload.tile, passed, [4 - u for u in unseen], state.names),
                    "dealt_in_to": [],
                })  # fmt: skip
                last_discard = found[-1]
            elif UNSEEN in hand:
                seen = [4 - u for u in _unseen_to(state, seat)]  # the hand unseen: what lay open alone
                unshown.append({
                    "seq": step.seq, "hand": rnd.number, "seat": seat, "player": state.names[seat],
                    "discard": payload.tile, "riichi": rnd.declaring == seat,
                    "defense": _public_defense(rnd, seat, payload.tile, passed, seen, state.names),
                    "dealt_in_to": [],
                })  # fmt: skip
                last_discard = unshown[-1]
        if isinstance(payload, RiichiDiscard) and rnd is not None:  # after it is weighed: then it has passed
            for threat in range(rnd.players):
                if threat != payload.seat and rnd.riichi[threat]:
                    passed.setdefault(threat, []).append(payload.tile)
        state = projection.apply(state, step)
    return found, [d for d in unshown if d["defense"] or d["dealt_in_to"]], state


def _dealt_in(discard: dict[str, Any] | None, ron: RiichiWin, names: Sequence[str]) -> None:
    """A ron on the last discard weighed: the discarder dealt in to the winner (each, on a double ron)."""
    if discard is not None and discard["seat"] == ron.from_seat:
        discard["dealt_in_to"].append(names[ron.seat])


def called_sets(rnd: RiichiRound, seat: int) -> int:
    """The sets ``seat`` has called from others (a closed kan is no call)."""
    return sum(1 for meld in rnd.melds[seat] if meld.open)


def dora_kinds(rnd: RiichiRound) -> set[int]:
    """The kinds the dora indicators make dora, as the ``mahjong`` package reads an indicator (the
    next of its suit or cycle; in three-player games 1m's next is 9m)."""
    from mahjong.utils import plus_dora

    indicators = [index(indicator) * 4 for indicator in rnd.dora]  # 136-format: the kind's first copy
    return {kind for kind in range(KINDS) if plus_dora(kind * 4, indicators, is_three_player=rnd.players == 3)}


def threatens(rnd: RiichiRound, seat: int) -> bool:
    """Whether ``seat`` is taken as tenpai: in riichi; with three sets called from others; or with
    two, when they show a dora (a red five, or a tile the indicators make dora) or are all of one
    suit with honours (a flush in the making), as defence is commonly taught."""
    if rnd.riichi[seat] or called_sets(rnd, seat) >= OPEN_THREAT:
        return True
    if called_sets(rnd, seat) < STRONG_OPEN:
        return False
    tiles = [tile for meld in rnd.melds[seat] if meld.open for tile in meld.tiles]
    dora = dora_kinds(rnd)
    return any(t[0] == "0" or index(t) in dora for t in tiles) or len({t[1] for t in tiles if t[1] != "z"}) <= 1


def _defense(
    rnd: RiichiRound,
    seat: int,
    hand: Sequence[str],
    discard: str,
    passed: dict[int, list[str]],
    seen: list[int],
    names: Sequence[str],
) -> dict[str, Any] | None:
    """The discard's safety against each threat (``threatens``; ``defense.py``), its least safe, the
    tiles held that were safer and its rank among the kinds held; None when there is no threat."""
    threats, furiten = _threats(rnd, seat, passed)
    if not threats:
        return None
    safer = safer_held(hand, discard, furiten, seen)
    return {
        "against": {names[t]: least_safe(discard, [tiles], seen) for t, tiles in zip(threats, furiten, strict=True)},
        "tier": least_safe(discard, furiten, seen),
        "safer_held": safer,
        # Among the kinds held, the discard's place by safety: 1 the safest (kinds as safe share it).
        "rank": len(safer) + 1,
        "choices": len({index(tile) for tile in hand}),
    }


def _threats(rnd: RiichiRound, seat: int, passed: dict[int, list[str]]) -> tuple[list[int], list[list[str]]]:
    """The players ``seat`` discards against (never itself), and each one's furiten tiles: its river,
    and for a riichi what passed since. An open hand's furiten is its own river alone: it may win
    on a tile it let pass once it has discarded again."""
    threats = [t for t in range(rnd.players) if t != seat and threatens(rnd, t)]
    return threats, [[r.tile for r in rnd.rivers[t]] + passed.get(t, []) for t in threats]


def _public_defense(
    rnd: RiichiRound, seat: int, discard: str, passed: dict[int, list[str]], seen: list[int], names: Sequence[str]
) -> dict[str, Any] | None:
    """A discard's safety when the discarder's hand is not shown: its tier against each threat, from
    the tiles every player could see; the tiles held are not known."""
    threats, furiten = _threats(rnd, seat, passed)
    if not threats:
        return None
    return {
        "against": {names[t]: least_safe(discard, [tiles], seen) for t, tiles in zip(threats, furiten, strict=True)},
        "tier": least_safe(discard, furiten, seen),
    }


def summary(
    weighed: Sequence[dict[str, Any]], state: RiichiState, found: Sequence[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """By player: the discards weighed, those that kept the best (fewest shanten, most improving
    tiles), the ground lost (improving tiles given up, summed), riichi taken, deals-in (a win on the
    player's discard; two on a double ron), and those of them made against a threat (a riichi, or
    three sets called) with a safer tile in hand; and the checks of ``happened.py`` found for the
    player, good and bad."""
    names = list(state.names)
    rows = []
    for seat, player in enumerate(names):
        mine = [w for w in weighed if w["seat"] == seat]
        riichi = sum(1 for w in mine if w["riichi"])
        dealt_in = sum(1 for r in state.results for win in r.wins if win.kind == "ron" and win.from_seat == seat)
        rows.append({
            "seat": seat, "player": player, "discards": len(mine),
            "best_kept": sum(1 for w in mine if not w["lost"]),
            "lost": sum(1 for w in mine if w["lost"]),
            "tiles_given_up": sum(w["best_count"] - w["ukeire_count"] for w in mine
                                  if w["shanten_after"] == w["best_shanten"]),
            "shanten_given_up": sum(w["shanten_after"] - w["best_shanten"] for w in mine),
            "riichi": riichi, "deals_in": dealt_in,
            "deals_in_safer_held": sum(len(w["dealt_in_to"]) for w in mine if w["defense"] and w["defense"]["safer_held"]),
            "went_well": sum(1 for f in found if f["seat"] == seat and f["good"]),
            "went_badly": sum(1 for f in found if f["seat"] == seat and not f["good"]),
        })  # fmt: skip
    return rows


def review(steps: Sequence[Step], player: str | None = None) -> dict[str, Any]:
    """The review document: every weighed discard (of ``player`` alone when named) and the summary."""
    from replay.games.riichi.happened import happened

    weighed, unshown, state = all_discards(steps)
    found, skipped, _ = happened(steps)
    names = list(state.names)
    if player is not None:
        seats = [seat for seat, shown in enumerate(names) if shown == player or shown.split(" (")[0] == player]
        if not seats:
            from events.errors import InputError

            raise InputError(f"no player {player!r} in this match; its players are {', '.join(names)}")
        weighed = [w for w in weighed if w["seat"] in seats]
        unshown = [w for w in unshown if w["seat"] in seats]
        found = [f for f in found if f["seat"] in seats]
    rows = summary(weighed, state, found)
    if player is not None:
        rows = [r for r in rows if r["seat"] in {w["seat"] for w in weighed} or r["player"] == player]
    return {
        "players": names,
        "summary": rows,
        "discards": weighed,
        "unshown_discards": unshown,
        "happened": found,
        "checks_skipped": skipped,
    }


__all__ = ["all_discards", "called_sets", "discards", "dora_kinds", "review", "summary", "threatens"]
