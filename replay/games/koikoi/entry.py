"""Table mode's words for koi-koi: a winning teyaku shown, koi-koi or stop, and the fishing turn."""

from __future__ import annotations

from typing import Any

from events.errors import InputError
from replay.engine.game import Question
from replay.games.hanafuda.entry import FishingTable
from replay.games.koikoi.fold import legal_moves


class KoikoiTable(FishingTable):
    def question(self, state: Any) -> Question | None:
        rnd, names = state.round, state.names
        if rnd.phase == "play" and rnd.opening:
            shown = [m for m in legal_moves(state) if m.EVENT_TYPE == "koikoi.teyaku_exposed"]
            if shown:
                offer = "; ".join(f"expose {m.teyaku} --seat {m.seat}" for m in shown)  # type: ignore[attr-defined]
                first: Any = shown[0]
                return (f"teyaku-{first.seat}", f"{names[first.seat]} holds {first.teyaku}: {offer}; or pass",
                        frozenset({"expose"}))  # fmt: skip
        return None

    def decision(self, phase: str, head: str, rest: list[str]) -> list[str] | None:
        if phase != "decide":
            return None
        if head in ("go", "koikoi", "koi-koi"):
            return ["koikoi"]
        if head == "stop":
            return ["stop"]
        raise InputError("a new yaku: say koikoi or stop")

    def decision_words(self, phase: str) -> list[str] | None:
        return ["koikoi", "stop"] if phase == "decide" else None

    def opening_words(self) -> list[str]:
        return ["expose"]


ENTRY = KoikoiTable(legal_moves)
