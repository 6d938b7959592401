"""``taikyoku result``: a round recorded at result depth, for every game, without its moves.

Riichi takes one line a hand (see ``replay.games.riichi.result_line``); Tensho and Sendai-hana take
each seat's captured cards, and Sendai-hana the go and stop calls and the teyaku shown. The
same folds score them as they score the moves.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from events.errors import InputError
from events.model import Payload
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, JsonOption, MatchArg, app
from replay.cli.recording import record


@app.command()
def result(
    match: MatchArg,
    line: Annotated[
        list[str],
        typer.Argument(
            help="Riichi: ron S from W 234m567p345s11s77z +7z riichi dora 3p. "
            "Tensho: seat 0's captured cards / seat 1's."
        ),
    ],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
    json_out: JsonOption = False,
) -> None:
    """Record a round at result depth, without its moves; it is scored from the cards or tiles.

    Riichi, one line per hand: the winner (and for a ron the seat that dealt in) as this hand's
    seat wind or seat number, the concealed tiles, +the winning tile, melds as pon:555p, the
    conditions (riichi, ippatsu, haitei ...), dora and ura indicators. Tensho, after the yaku set:
    each seat's captured cards, seat 0 first, the seats parted by a /. Sendai-hana: the same for
    three seats, then the calls: go SEAT (each koi-koi), stop SEAT, expose SEAT TEYAKU."""  # fmt: skip
    from replay.games.riichi.result_line import parse_result

    def build(game: str, state: Any) -> tuple[list[Payload], list[str]]:
        rnd = state.round
        another_ron = game == "riichi" and bool(line) and line[0].lower() == "ron"  # the fold checks it
        if rnd is None or (rnd.over and not another_ron):
            raise InputError("start the round first: taikyoku round MATCH")
        if game == "tensho":
            return [_captured_by_seat(" ".join(line))], []
        if game == "sendai":
            return [_sendai_result(line)], []
        return [parse_result(" ".join(line), dealer=rnd.dealer, players=rnd.players)], []

    record(db, match, build, by, json_out, {"riichi", "tensho", "sendai"})


def _sendai_result(words: list[str]) -> Payload:
    from events.sendai import SendaiRoundResult

    cards: list[str] = []
    went: list[int] = []
    stopped: int | None = None
    exposed: list[list[str]] = [[], [], []]
    index = 0
    while index < len(words):
        word = words[index].lower()
        if word in ("go", "koikoi", "stop", "expose"):
            if index + 1 >= len(words) or not words[index + 1].isdigit():
                raise InputError(f"{word} takes a seat number, e.g. {word} 1")
            seat = int(words[index + 1])
            if seat > 2:
                raise InputError(f"seat {seat} does not exist; seats are 0, 1 and 2")
            if word == "expose":
                if index + 2 >= len(words):
                    raise InputError("expose takes a seat and a teyaku, e.g. expose 2 three-pairs")
                exposed[seat].append(words[index + 2])
                index += 1
            elif word == "stop":
                stopped = seat
            else:
                went.append(seat)
            index += 2
            continue
        cards.append(words[index])
        index += 1
    captured = _cards_by_seat(" ".join(cards), 3)
    return SendaiRoundResult.model_validate(
        {"captured": captured, "exposed": exposed, "stopped": stopped, "went": sorted(set(went))}
    )


def _captured_by_seat(text: str) -> Payload:
    from events.tensho import TenshoRoundResult

    return TenshoRoundResult.model_validate({"captured": _cards_by_seat(text, 2)})


def _cards_by_seat(text: str, seats: int) -> list[list[str]]:
    from events.cards import parse as parse_card

    groups = text.split("/")
    if len(groups) != seats:
        raise InputError(
            f"give all {seats} seats' captured cards, seat 0 first, parted by a /: pine-crane 01-1 / 12-0 ..."
        )
    captured: list[list[str]] = []
    for group in groups:
        cards: list[str] = []
        for word in group.replace(",", " ").split():
            parsed = parse_card(word)
            if isinstance(parsed, str):
                raise InputError(f"{word}: name the chaff card exactly at result depth, e.g. {parsed}-chaff-1")
            cards.append(parsed.id)
        captured.append(cards)
    return captured
