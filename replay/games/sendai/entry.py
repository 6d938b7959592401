"""Table mode's words for Sendai-hana: a teyaku shown, go or stop, and the fishing turn."""

from __future__ import annotations

from replay.engine.game import Question
from replay.games.hanafuda.entry import GoOrStopTable
from replay.games.sendai.fold import legal_moves
from replay.games.sendai.scoring import teyaku_held
from replay.games.sendai.state import SendaiState


class SendaiTable(GoOrStopTable[SendaiState]):
    decide_words = ("go", "stop")
    decide_said = "a new dekiyaku: say go or stop"

    def question(self, state: SendaiState) -> Question | None:
        rnd, names = state.round, state.names
        if rnd is not None and rnd.phase == "play" and rnd.opening and state.options is not None:
            for seat, hand in enumerate(rnd.dealt):
                held = [t for t in teyaku_held(hand, four_as_two_pairs=state.options.four_as_two_pairs)
                        if t.key not in rnd.exposed[seat]]  # fmt: skip
                if held:
                    offer = "; ".join(f"expose {t.key} --seat {seat}" for t in held)
                    return (
                        f"teyaku-{seat}",
                        f"{names[seat]} holds {held[0].name}: {offer}; or pass",
                        frozenset({"expose"}),
                    )
        return None


ENTRY = SendaiTable(legal_moves)
