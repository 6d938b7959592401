"""Table mode's words for koi-koi: a winning teyaku shown, koi-koi or stop, and the fishing turn."""

from __future__ import annotations

from typing import Any

from replay.engine.game import Question
from replay.games.hanafuda.entry import GoOrStopTable
from replay.games.koikoi.fold import legal_moves
from replay.games.koikoi.state import KoikoiState


class KoikoiTable(GoOrStopTable[KoikoiState]):
    decide_words = ("koikoi", "stop")
    decide_said = "a new yaku: say koikoi or stop"

    def question(self, state: KoikoiState) -> Question | None:
        rnd, names = state.round, state.names
        if rnd is not None and rnd.phase == "play" and rnd.opening:
            shown = [m for m in legal_moves(state) if m.EVENT_TYPE == "koikoi.teyaku_exposed"]
            if shown:
                offer = "; ".join(f"expose {m.teyaku} --seat {m.seat}" for m in shown)  # type: ignore[attr-defined]
                first: Any = shown[0]
                return (f"teyaku-{first.seat}", f"{names[first.seat]} holds {first.teyaku}: {offer}; or pass",
                        frozenset({"expose"}))  # fmt: skip
        return None


ENTRY = KoikoiTable(legal_moves)
