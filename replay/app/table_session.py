"""A table's record as it is played in table mode (`taikyoku table`): the session that reads each
entry against the match's kept state and asks the decisions the rules leave open, beside table
mode's grammar (``replay/app/table.py``). Light: what it needs is loaded when it is first asked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from events.match import GameName
    from replay.app.application import Application
    from replay.app.repository import Kept
    from replay.app.table import Entered
    from replay.engine.game import Question


class TableSession:
    """One table's record as it is played: each entry read against the match's kept state, a
    decision the rules leave open asked until it is answered or passed. The application
    (``replay/app/application.py``) records each entry; a session holds no connection between them."""

    def __init__(self, match: str, recorded_by: str, application: Application) -> None:
        self.match, self.recorded_by, self.application = match, recorded_by, application
        self.passed: set[tuple[str, int]] = set()  # (decision, seq it arose at): declined, not an event

    def kept(self) -> Kept:
        """The match as it stands, kept at its head: asking again reads only what was stored since."""
        return self.application.match(self.match)

    def asking(self) -> Question | None:
        from replay.app.table import question

        kept = self.kept()
        asked = question(kept.game, kept.state)
        if asked is None or (asked[0], kept.head) in self.passed:
            return None
        return asked

    def expects(self) -> str:
        """The prompt's words: the question asked, else what the round waits for."""
        asked = self.asking()
        if asked is not None:
            return asked[1]
        kept = self.kept()
        rnd = kept.state.round
        if rnd is None or rnd.over:
            return "next round (next)"
        from replay.games import GAMES

        return GAMES[kept.game].view().expects(rnd, kept.state.names)

    def game(self) -> GameName:
        return self.kept().game

    def document(self) -> dict[str, Any]:
        """The match at its head as `taikyoku replay --json` gives it: what ``show`` lays out."""
        from replay.app.reading import view_document

        kept = self.kept()
        return view_document(self.match, kept.state, kept.game, kept.head)

    def status_lines(self) -> list[str]:
        """The short screen between moves: field, the mover's hand, captures, yaku, scores."""
        from replay.app.table import status_lines

        return status_lines(self.game(), self.document())

    def choices(self, typed: Sequence[str]) -> list[str]:
        """The entries the rules allow after the words ``typed`` (what Tab offers)."""
        from replay.app.table import choices

        kept = self.kept()
        return choices(kept.game, kept.state, typed)

    def help(self) -> str:
        """Table mode's help for this match's game."""
        from replay.app.table import help_text

        return help_text(self.game())

    def enter(self, line: str) -> Entered:
        """Record one entry, or say why it cannot be (``InputError``, ``IllegalEvent``, a conflict)."""
        return self.application.enter(self.match, line, recorded_by=self.recorded_by, passed=self.passed)
