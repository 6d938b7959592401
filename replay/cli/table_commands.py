"""``taikyoku table MATCH``: a session for the person keeping the record while the game goes on.

The words of an entry, the decisions asked and the recording itself are the application's
(``replay/app/table.py``); this module is the terminal around them: the prompt, tab completion,
and what is printed after each entry. Every entry is stored the moment it is confirmed: killing
the session loses at most the line being typed, and ``taikyoku table MATCH`` picks up where the
game stands.
"""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from events.errors import TaikyokuError
from replay.app.table_session import TableSession
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, app, recorder
from replay.cli.display import out, warn
from replay.cli.recording import report
from replay.present.layout import spoken


@app.command()
def table(
    match: Annotated[str, typer.Argument(help="The match id (see `taikyoku matches`).")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Record a live game entry by entry: the state, a prompt for what comes next, tab completion."""
    session = Session(match, db, by)
    session.kept()  # an unknown match or a bad database: the usual one-line error, before any prompt
    _completion(session)
    session.show()
    while True:
        try:
            line = input(session.prompt())
        except EOFError:
            out.print()
            return
        except KeyboardInterrupt:
            out.print("\n(quit to leave; the line was not recorded)")
            continue
        if line.strip() in ("quit", "exit"):
            return
        try:
            session.enter(line)
        except Exception as exc:  # a bug: the store is atomic, so say it and keep the game going
            warn(
                "error",
                f"internal error ({type(exc).__name__}: {exc}); see `taikyoku log` for what was stored, "
                "and please report it",
            )


class Session(TableSession):
    """The application's table session, with a terminal: what each entry prints."""

    def __init__(self, match: str, db: str, by: str | None) -> None:
        from replay.app.application import Application

        super().__init__(match, recorder(by), Application(str(db)))
        self.db = db

    def prompt(self) -> str:
        return f"{self.match}: {self.expects()} > "

    def show(self) -> None:
        """The whole table, as `taikyoku replay MATCH` shows it."""
        from replay.cli.replay_commands import show_document

        show_document(self.game(), self.document())

    def status(self) -> None:
        """After each move, the few lines a scorer glances at: field, the mover's hand, captures, yaku, scores."""
        for line in self.status_lines():
            out.print(line)

    def enter(self, line: str) -> int:  # type: ignore[override]
        """Record one entry and say what it did; 0 when it was recorded (or needed nothing), else 2
        (or the exit code of a conflict), with the reason in one line."""
        try:
            entered = super().enter(line)
        except TaikyokuError as exc:
            from replay.cli.exit_codes import exit_code_for

            code = f" [{exc.code}]" if exc.rule_broken else ""
            warn("error", f"{exc.message}{code}")
            return exit_code_for(exc)
        if entered.kind == "help":
            out.print(self.help())
        elif entered.kind == "show":
            self.show()
        elif entered.kind == "undone":
            said = ", ".join(f"seq {s.seq} ({spoken(s.type)})" for s in entered.undone)
            out.print(f"undo: retracted {said} (seq {', '.join(str(e.seq) for e in entered.stored)})")
        elif entered.kind == "annotated":
            for event in entered.stored:
                out.print(f"seq {event.seq}: {event.type} recorded in {self.match}")
        elif entered.kind == "recorded" and entered.recorded is not None:
            report(entered.recorded)
            after = entered.recorded.state.round
            if after is None or after.over or entered.verb in ("deal", "round", "result"):
                self.show()  # the whole table at the deal and at a round's end
            else:
                self.status()
            if after is not None and after.over and entered.verb != "claim":
                out.print(
                    f"If the table scored round {after.number} otherwise, record what it agreed: "
                    f"claim --round {after.number} --points P0,P1,... [--winner SEAT]; `taikyoku audit` compares the two."
                )
        return 0


def _completion(session: Session) -> None:
    """Tab offers the legal entries for this moment, when there is a terminal to type on."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # no readline on this platform: the session works without completion
        return

    def complete(text: str, index: int) -> str | None:
        line = readline.get_line_buffer()[: readline.get_begidx()]
        typed = line.split()  # the words before the one being completed
        last = text.rsplit(",", 1)  # inside --hand a,b,c: complete the card after the last comma
        prefix, stem = (last[0] + ",", last[1]) if len(last) == 2 else ("", text)
        options = [prefix + c for c in session.choices(typed) if c.startswith(stem)]
        return options[index] if index < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
