"""``taikyoku table MATCH``: a session for the person keeping the record while the game goes on.

Each entry is the shortest thing that says what happened, read in the light of the round's
state: ``pine-crane`` is a play when a card is to be played and a draw when one is to be drawn,
``5m`` a discard or a draw, ``go``/``stop`` the Sendai-hana decision. Any recording command can
also be typed in full without the match id (``call pon 555p``). Every entry runs the same
command a person would type, so it is checked by the same fold and stored the moment it is
confirmed: killing the session loses at most the line being typed, and ``taikyoku table MATCH``
picks up where the game stands.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any

import typer

from events.errors import InputError, TaikyokuError
from events.match import GameName
from replay.app import recording
from replay.app.reading import history, spoken, view_document
from replay.app.recording import expects
from replay.app.repository import MatchRepository
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, app, open_store
from replay.cli.display import out, warn
from replay.cli.table_games import TABLES, Question

# Commands that can be typed in full; the session adds the match id after the verb.
VERBS = frozenset({
    "round", "yaku-set", "deal", "triple", "play", "draw", "expose", "koikoi", "stop", "misdeal",
    "discard", "call", "dora", "tsumo", "ron", "exhaustive", "abort", "claim", "result",
})  # fmt: skip
SESSION_WORDS = ("undo", "note", "dispute", "show", "help", "quit", "pass")
HELP = """\
Type what happened, in the shortest form:
  a card (pine-crane, 01-0, pine-chaff) to play or draw it; more cards after it are what it captures
  1 or 2 for the Tensho yaku set; go or stop after a Sendai-hana dekiyaku
  or, instead of a Tensho deal and its moves, each seat's captured cards: pine-crane 01-1 ... / 12-0 ...
  a tile (5m, 0p, 7z) to draw or discard it; riichi 5m; tsumo; ron [SEAT]; pon 555p; chi 345m; kan 5555m
  or a whole riichi hand in one line, instead of its deal and moves:
    ron S from W 234m567p345s11s77z +7z riichi dora 3p ura 8m [also-riichi N]; draw tenpai E W riichi W
  next, to start the next round; or any recording command without the match id (deal --hand ...)
  when the rules give a player a choice (the dealer's triple, a teyaku, a ron) the session asks
  and waits: answer it, or pass
  undo (retract the last event), note TEXT, dispute TEXT, show, help, quit"""


@app.command()
def table(
    match: Annotated[str, typer.Argument(help="The match id (see `taikyoku matches`).")],
    by: ByOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Record a live game entry by entry: the state, a prompt for what comes next, tab completion."""
    from replay.cli.runner import run

    session = Session(match, db, by, run)
    session.state()  # an unknown match or a bad database: the usual one-line error, before any prompt
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
        except TaikyokuError as exc:  # e.g. another writer got there first: say so, keep the session
            warn("error", f"{exc.message}")
        except Exception as exc:  # a bug: the store is atomic, so say it and keep the game going
            warn(
                "error",
                f"internal error ({type(exc).__name__}: {exc}); see `taikyoku log` for what was stored, "
                "and please report it",
            )


class Session:
    def __init__(self, match: str, db: Any, by: str | None, run: Callable[[list[str]], int]) -> None:
        self.match, self.db, self.by, self.run = match, db, by, run
        self.passed: set[tuple[str, int]] = set()  # (decision, seq it arose at): declined, not an event

    def asking(self) -> tuple[str, str, frozenset[str]] | None:
        game, state, steps = self.state()
        asked = question(game, state)
        if asked is None or (asked[0], steps[-1].seq) in self.passed:
            return None
        return asked

    def state(self) -> tuple[GameName, Any, list[Any]]:
        """The match as it stands: kept at its head (``replay/app/repository.py``), so asking again
        reads only what was stored since and folds nothing twice."""
        with open_store(self.db) as store:
            kept = MatchRepository(store).get(self.match)
        return kept.game, kept.state, list(kept.steps)

    def prompt(self) -> str:
        asked = self.asking()
        if asked is not None:
            return f"{self.match}: {asked[1]} > "
        game, state, _ = self.state()
        rnd = state.round
        if rnd is None or rnd.over:
            return f"{self.match}: next round (next) > "
        return f"{self.match}: {expects(game, rnd, state.names)} > "

    def show(self) -> None:
        self.run(["replay", self.match, "--db", str(self.db)])

    def status(self) -> None:
        """After each move, the few lines a scorer glances at: field, the mover's hand, captures, yaku, scores."""
        game, state, steps = self.state()
        data = view_document(self.match, state, game, steps[-1].seq)
        for line in status_lines(game, data):
            out.print(line)

    def enter(self, line: str) -> int:
        """Record one entry; 0 when it was recorded (or needed nothing), else the command's exit code."""
        first, _, rest = line.strip().partition(" ")
        if first.lower() in ("note", "dispute"):  # free text, taken as it is typed (it's, "quotes")
            return self._annotate(first.lower(), self.state()[2], rest.strip())
        try:
            words = shlex.split(line)
        except ValueError as exc:
            warn("error", f"{exc}; close the quotes")
            return 2
        if not words:
            return 0
        game, state, steps = self.state()
        head = words[0].lower()
        if head == "help":
            out.print(HELP)
            return 0
        if head == "show":
            self.show()
            return 0
        if head == "undo":
            return self._undo(steps)
        if head in ("note", "dispute"):
            return self._annotate(head, steps, " ".join(words[1:]))
        asked = self.asking()
        if asked is not None:
            if head == "pass":
                self.passed.add((asked[0], steps[-1].seq))
                return 0
            if head not in asked[2]:
                warn("error", f"answer first: {asked[1]}")
                return 2
        try:
            argv = translate(game, state, words)
        except InputError as exc:
            warn("error", f"{exc.message}")
            return 2
        code = self.run([argv[0], self.match, *argv[1:], *self._common()])
        if code == 0:
            after = self.state()[1].round
            if after is None or after.over or argv[0] in ("deal", "round", "result"):
                self.show()  # the whole table at the deal and at a round's end
            else:
                self.status()
            if after is not None and after.over and argv[0] != "claim":
                out.print(
                    f"If the table scored round {after.number} otherwise, record what it agreed: "
                    f"claim --round {after.number} --points P0,P1,... [--winner SEAT]; `taikyoku audit` compares the two."
                )
        return code

    def _common(self) -> list[str]:
        return ["--db", str(self.db), *(["--by", self.by] if self.by else [])]

    def _undo(self, steps: list[Any]) -> int:
        """Retract the last entry: one event, or a play or draw together with its capture."""
        from replay.cli.app import recorder

        try:
            with open_store(self.db) as store:
                undone, stored = recording.undo_last(
                    store, self.match, recorded_by=recorder(self.by), expected_seq=steps[-1].seq
                )
        except InputError as exc:
            warn("error", exc.message)
            return 2
        said = ", ".join(f"seq {s.seq} ({spoken(s.type)})" for s in undone)
        out.print(f"undo: retracted {said} (seq {', '.join(str(e.seq) for e in stored)})")
        return 0

    def _annotate(self, kind: str, steps: list[Any], text: str) -> int:
        if not text.strip():
            warn("error", f"{kind} needs a text, e.g. {kind} Bob says he played the crane")
            return 2
        target = history(steps).effective[-1].seq
        return self.run([kind, self.match, str(target), text, *self._common()])


def question(game: str, state: Any) -> Question | None:
    """A decision the rules leave to a player right now: (what, the question, the answers).

    The session asks it and takes nothing else until it is answered; ``pass`` declines."""
    rnd = state.round
    if rnd is None or rnd.over:
        return None
    return TABLES[game].question(state)


def status_lines(game: str, data: dict[str, Any]) -> list[str]:
    """The short screen between moves, from the replay view's JSON."""
    if data["round"] is None:
        return []
    return TABLES[game].status_lines(data)


def translate(game: str, state: Any, words: list[str]) -> list[str]:
    """An entry as the recording command it stands for, without the match id."""
    head = words[0].lower()
    rest = words[1:]
    rnd = state.round
    whole_hand = TABLES[game].result_line(state, head, rest)
    if whole_hand is not None:
        return whole_hand
    if head in ("ron", "tsumo") and game == "riichi" and rnd is not None and not rnd.over:
        return TABLES[game].translate(state, words)  # the winner, and the ura indicators of a riichi
    if head in VERBS:
        return [head, *rest]
    if head in ("next", "new-round") or rnd is None or rnd.over:
        if head not in ("next", "new-round"):
            raise InputError("the round is over; type next to start the next one")
        return ["round", *rest]
    return TABLES[game].translate(state, words)


def choices(game: str, state: Any, typed: Sequence[str] = ()) -> list[str]:
    """What may be entered now: the completions offered on tab (``typed``: the words before it)."""
    rnd = state.round
    words = list(SESSION_WORDS)
    if rnd is None or rnd.over:
        return ["next", *words] if not typed else []
    return TABLES[game].choices(state, words, typed)


def _completion(session: Session) -> None:
    """Tab offers the legal entries for this moment, when there is a terminal to type on."""
    if not sys.stdin.isatty():
        return
    try:
        import readline
    except ImportError:  # no readline on this platform: the session works without completion
        return

    def complete(text: str, index: int) -> str | None:
        game, state, _ = session.state()
        line = readline.get_line_buffer()[: readline.get_begidx()]
        typed = line.split()  # the words before the one being completed
        last = text.rsplit(",", 1)  # inside --hand a,b,c: complete the card after the last comma
        prefix, stem = (last[0] + ",", last[1]) if len(last) == 2 else ("", text)
        options = [prefix + c for c in choices(game, state, typed) if c.startswith(stem)]
        return options[index] if index < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
