"""Table mode's words for MCR and a phone's offers: a tile alone discards it (or draws it, when a
draw is next), a flower alone sets it aside; every move the fold accepts now is offered with the
words that make it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from events.errors import InputError
from events.mcr import FLOWERS, McrDiscard, McrDraw, McrDrawnHand, McrFlower, McrMeld, McrWin
from replay.engine.game import Question
from replay.engine.moves import Offer
from replay.games.mcr.legal import legal_moves
from replay.games.mcr.state import McrState
from replay.games.mcr.tiles import compact


class Entry:
    help = (
        "a tile (5m, E, 2f) to draw it when a draw is next, else to discard it (a flower: set it aside)",
        "chow 345m, pung --seat 2, kong [7p] [--seat 2], mahjong [--seat 2] [--from 1], drawn-hand",
    )

    def question(self, state: McrState) -> Question | None:
        return None

    def status_lines(self, data: dict[str, Any]) -> list[str]:
        rnd = data["round"]
        return [] if rnd is None else [f"hand {rnd['number']}: {rnd['expects']}"]

    def result_line(self, state: McrState, head: str, rest: list[str]) -> list[str] | None:
        return None

    def before_verbs(self, state: McrState, words: list[str]) -> list[str] | None:
        return None

    def translate(self, state: McrState, words: list[str]) -> list[str]:
        rnd = state.round
        if rnd is None or rnd.phase != "play" or len(words) != 1:
            return words
        from replay.games.mcr.tiles import parse

        try:
            tiles = parse(words[0])
        except InputError:  # not a tile: the words are a verb's
            return words
        if len(tiles) != 1:
            return words
        tile = tiles[0]
        if rnd.owes is not None or (rnd.step == "draw" and rnd.wall > 0):
            return ["draw", tile]
        return ["flower", tile] if tile in FLOWERS else ["discard", tile]

    def choices(self, state: McrState, words: list[str], typed: Sequence[str] = ()) -> list[str]:
        return [offer.words for offer in self.offers(state)]

    def offers(self, state: McrState) -> list[Offer]:
        """The next hand between hands; in a hand, every move the fold accepts now (a deal is laid out)."""
        rnd = state.round
        if rnd is None or rnd.over:
            return [Offer("next", "round")]
        found: list[Offer] = []
        for move in legal_moves(state):
            if isinstance(move, McrWin):
                giver = {} if move.from_seat is None else {"discarder": str(move.from_seat)}
                said = "mahjong" if move.from_seat is None else f"mahjong --seat {move.seat}"
                found.append(Offer(said, "mahjong", {"seat": str(move.seat), **giver}))
            elif isinstance(move, McrMeld) and move.kind == "chow":
                found.append(Offer(f"chow {compact(move.tiles)}", "chow", {"tiles": compact(move.tiles)}))
            elif isinstance(move, McrMeld) and move.kind in ("pung", "kong"):
                found.append(Offer(f"{move.kind} --seat {move.seat}", move.kind, {"seat": str(move.seat)}))
            elif isinstance(move, McrMeld):
                found.append(Offer(f"kong {move.tiles[0]}", "kong", {"tile": move.tiles[0]}))
            elif isinstance(move, McrDraw):
                found.append(Offer(f"draw {move.tile}", "draw", {"card": move.tile}))
            elif isinstance(move, McrDrawnHand):
                found.append(Offer("drawn-hand", "drawn-hand"))
            elif isinstance(move, McrFlower):
                found.append(Offer(f"flower {move.flower}", "flower", {"flower": move.flower, "seat": str(move.seat)}))
            elif isinstance(move, McrDiscard):
                found.append(Offer(f"discard {move.tile}", "discard", {"tile": move.tile}))
        return found


ENTRY = Entry()
