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
from collections.abc import Callable
from typing import Annotated, Any

import typer

from events.cards import BY_ID
from events.errors import InputError, TaikyokuError
from events.match import GameName
from events.tiles import KIND_OF
from replay.app import service
from replay.cli.app import DEFAULT_DB, ByOption, DbOption, app, open_store, out
from replay.cli.recording import expects
from replay.engine.fold import fold, history
from replay.games import GAMES, projection_for

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
CALL_WORDS = {"chi": "chi", "pon": "pon", "kan": "daiminkan", "ankan": "ankan", "kakan": "kakan", "kita": "kita"}


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
            sys.stderr.write(f"taikyoku: error: {exc.message}\n")
        except Exception as exc:  # a bug: the store is atomic, so say it and keep the game going
            sys.stderr.write(
                f"taikyoku: error: internal error ({type(exc).__name__}: {exc}); see `taikyoku log` "
                "for what was stored, and please report it\n"
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
        with open_store(self.db) as store:
            steps = service.read_steps(store, self.match)
        game = service.game_of(steps)
        return game, fold(projection_for(game), steps).state, steps

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
        from replay.engine.snapshot import snapshot

        game, _, steps = self.state()
        data = GAMES[game].view().match_json(self.match, snapshot(projection_for(game), steps))
        for line in status_lines(game, data):
            out.print(line, markup=False)

    def enter(self, line: str) -> int:
        """Record one entry; 0 when it was recorded (or needed nothing), else the command's exit code."""
        try:
            words = shlex.split(line)
        except ValueError as exc:
            sys.stderr.write(f"taikyoku: error: {exc}; close the quotes\n")
            return 2
        if not words:
            return 0
        game, state, steps = self.state()
        head = words[0].lower()
        if head == "help":
            out.print(HELP, markup=False)
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
                sys.stderr.write(f"taikyoku: error: answer first: {asked[1]}\n")
                return 2
        try:
            argv = translate(game, state, words)
        except InputError as exc:
            sys.stderr.write(f"taikyoku: error: {exc.message}\n")
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
                    f"claim --round {after.number} --points P0,P1,... [--winner SEAT]; `taikyoku audit` compares the two.",
                    markup=False,
                )
        return code

    def _common(self) -> list[str]:
        return ["--db", str(self.db), *(["--by", self.by] if self.by else [])]

    def _undo(self, steps: list[Any]) -> int:
        """Retract the last entry: one event, or a play or draw together with its capture."""
        from events.envelope import new_event
        from events.match import Retract
        from replay.cli.app import recorder

        effective = [s for s in history(steps).effective if s.seq != 1]
        if not effective:
            sys.stderr.write("taikyoku: error: there is nothing to undo yet\n")
            return 2
        undone = [effective[-1]]
        if len(effective) > 1 and effective[-1].type.endswith(".capture"):
            before = effective[-2]
            if before.type.endswith((".play", ".draw")) and getattr(before.payload, "card", None) == getattr(
                effective[-1].payload, "card", None
            ):
                undone.insert(0, before)
        who = recorder(self.by)
        retracts = [
            new_event(Retract(seq=s.seq, reason="undone at the table"), recorded_by=who) for s in reversed(undone)
        ]
        with open_store(self.db) as store:
            stored = service.check_and_append(store, self.match, retracts, expected_seq=steps[-1].seq)
        said = ", ".join(f"seq {s.seq} ({s.type})" for s in undone)
        out.print(f"undo: retracted {said} (seq {', '.join(str(e.seq) for e in stored)})", markup=False)
        return 0

    def _annotate(self, kind: str, steps: list[Any], text: str) -> int:
        if not text.strip():
            sys.stderr.write(f"taikyoku: error: {kind} needs a text, e.g. {kind} Bob says he played the crane\n")
            return 2
        target = history(steps).effective[-1].seq
        return self.run([kind, self.match, str(target), text, *self._common()])


def question(game: str, state: Any) -> tuple[str, str, frozenset[str]] | None:
    """A decision the rules leave to a player right now: (what, the question, the answers).

    The session asks it and takes nothing else until it is answered; ``pass`` declines."""
    rnd, names = state.round, state.names
    if rnd is None or rnd.over:
        return None
    if game == "tensho" and rnd.phase == "play" and rnd.opening:
        from replay.games.tensho.fold import triple_choices

        pairs = triple_choices(rnd)
        if pairs:
            shown = "; ".join(f"triple {a} {b}" for a, b in pairs)
            return "triple", f"{names[rnd.dealer]} may take two of the triple: {shown}; or pass", frozenset({"triple"})
    if game == "sendai" and rnd.phase == "play" and rnd.opening and state.options is not None:
        from replay.games.sendai.scoring import teyaku_held

        for seat, hand in enumerate(rnd.dealt):
            held = [t for t in teyaku_held(hand, four_as_two_pairs=state.options.four_as_two_pairs)
                    if t.key not in rnd.exposed[seat]]  # fmt: skip
            if held:
                offer = "; ".join(f"expose {t.key} --seat {seat}" for t in held)
                return f"teyaku-{seat}", f"{names[seat]} holds {held[0].name}: {offer}; or pass", frozenset({"expose"})
    if game == "riichi" and rnd.phase == "after_discard" and rnd.could_ron:
        seats = sorted(rnd.could_ron)
        offer = "; ".join(f"ron {s}" for s in seats)
        return "ron", f"{', '.join(names[s] for s in seats)} can ron: {offer}; or pass", frozenset({"ron"})
    return None


def status_lines(game: str, data: dict[str, Any]) -> list[str]:
    """The short screen between moves, from the replay view's JSON."""
    names = [p["name"] for p in data["players"]]
    rnd = data["round"]
    if rnd is None:
        return []
    mover = rnd["to_move"]
    hand = rnd["hands"][mover] if rnd["hands"] else []
    if game == "riichi":
        shown = hand if isinstance(hand, str) else " ".join(hand)
        rivers = "; ".join(
            f"{names[s]}: {' '.join(t['tile'] for t in river[-6:])}" for s, river in enumerate(rnd["rivers"])
        )
        return [
            f"  {names[mover]}'s hand: {shown or '?'}   wall: {rnd['wall_left']}",
            f"  rivers (last six): {rivers}",
            "  scores: " + ", ".join(f"{n} {score}" for n, score in zip(names, rnd["scores"], strict=True)),
        ]
    captured = ", ".join(f"{names[s]} {len(c)}" for s, c in enumerate(rnd["captured"]))
    formed = rnd.get("yaku") or rnd.get("dekiyaku") or []  # Tensho's yaku, Sendai-hana's dekiyaku
    yaku = "; ".join(f"{names[s]}: {', '.join(y['name'] for y in ys)}" for s, ys in enumerate(formed) if ys)
    went = [names[s] for s in rnd.get("went", [])]
    return [
        f"  field: {', '.join(rnd['field']) or '—'}",
        f"  {names[mover]}'s hand: {', '.join(hand) or '—'}   captured: {captured}",
        f"  yaku so far: {yaku or 'none'}" + (f"   went on (koi-koi): {', '.join(went)}" if went else ""),
    ]


def translate(game: str, state: Any, words: list[str]) -> list[str]:
    """An entry as the recording command it stands for, without the match id."""
    head = words[0].lower()
    rest = words[1:]
    rnd = state.round
    result_words = ("ron", "tsumo", "draw", "abort")
    enough = len(rest) >= (1 if head == "abort" else 2)
    another_ron = head == "ron" and rnd is not None and rnd.over and getattr(rnd.result, "depth", "") == "result"
    if (
        game == "riichi"
        and head in result_words
        and enough
        and rnd is not None
        and (rnd.phase == "deal" or another_ron)
    ):
        return ["result", head, *rest]  # a whole hand at result depth
    if head == "ron" and len(rest) == 1 and rest[0].isdigit():
        return ["ron", "--seat", rest[0], *rest[1:]]
    if head in VERBS:
        return [head, *rest]
    if head in ("next", "new-round") or rnd is None or rnd.over:
        if head not in ("next", "new-round"):
            raise InputError("the round is over; type next to start the next one")
        return ["round", *rest]
    phase = rnd.phase
    if game == "riichi":
        return _riichi(phase, head, rest)
    if game == "tensho" and phase == "set":
        if head in ("1", "2"):
            return ["yaku-set", head, *rest]
        raise InputError("choose the yaku set first: 1 (shichi-bu yaku) or 2 (han yaku)")
    if game == "sendai" and phase == "decide":
        if head in ("go", "koikoi", "koi-koi"):
            return ["koikoi"]
        if head == "stop":
            return ["stop"]
        raise InputError("a new dekiyaku: say go or stop")
    if game in ("tensho", "sendai") and phase == "deal" and "/" in words:  # the round at result depth
        return ["result", *words]
    if phase in ("deal", "misdeal"):
        raise InputError("record the deal first: deal --hand ... --field ... (one --hand per seat)")
    if phase == "play":
        return ["play", words[0], *[a for card in rest for a in ("-c", card)]]
    if phase in ("draw", "capture"):
        return ["draw", words[0], *[a for card in rest for a in ("-c", card)]]
    raise InputError(f"nothing can be entered now ({phase}); type help")


def _riichi(phase: str, head: str, rest: list[str]) -> list[str]:
    if head == "riichi":
        if len(rest) != 1:
            raise InputError("riichi takes the tile discarded with it, e.g. riichi 5m")
        return ["discard", rest[0], "--riichi"]
    if head == "ron":
        return ["ron", *(["--seat", rest[0]] if rest else [])]
    if head in CALL_WORDS:
        return ["call", CALL_WORDS[head], *rest]
    if head in ("draw", "rinshan") or (head in _TILE_WORDS and phase in ("draw", "after_discard", "rinshan")):
        tile = rest[0] if head in ("draw", "rinshan") and rest else head
        return ["draw", tile, *(["--rinshan"] if head == "rinshan" or phase == "rinshan" else [])]
    if head in _TILE_WORDS and phase == "discard":
        return ["discard", head]
    if phase == "deal":
        raise InputError("record the deal first: deal --hand ... (13 tiles a seat) --dora 3m")
    raise InputError(f"{head!r} is not a tile or a word for this moment; type help")


_TILE_WORDS = frozenset(KIND_OF) | {"0m", "0p", "0s"}


def choices(game: str, state: Any) -> list[str]:
    """What may be entered now: the completions offered on tab."""
    rnd = state.round
    words = list(SESSION_WORDS)
    if rnd is None or rnd.over:
        return ["next", *words]
    phase = rnd.phase
    if game == "tensho" and phase == "set":
        return ["1", "2", *words]
    if game == "sendai" and phase == "decide":
        return ["go", "stop", *words]
    if phase in ("deal", "misdeal"):
        result_depth = ["ron", "tsumo", "draw", "abort"] if game == "riichi" else []  # a whole hand in one line
        return ["deal", *(["misdeal"] if phase == "misdeal" else []), *result_depth, *words]
    if game == "riichi":
        hand = list(rnd.hands[rnd.to_move]) if phase == "discard" and rnd.hands else []
        extra = ["riichi", "tsumo", "kan", "ankan", "kakan"] if phase == "discard" else ["ron", "pon", "chi", "kan"]
        return sorted(set(hand)) + extra + words
    if phase == "play":
        opening = ["triple"] if game == "tensho" and getattr(rnd, "opening", False) else []
        if game == "sendai" and getattr(rnd, "opening", False):
            opening = ["expose"]
        return list(rnd.hands[rnd.to_move]) + list(rnd.field) + opening + words
    if phase in ("draw", "capture"):
        pile = getattr(rnd, "pile", None)
        top = [pile[0]] if pile else sorted(set(BY_ID) - _seen(rnd))
        return top + list(rnd.field) + words
    return words


def _seen(rnd: Any) -> set[str]:
    seen = set(rnd.field)
    for group in (*rnd.hands, *rnd.captured):
        seen.update(group)
    return seen


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
        options = [c for c in choices(game, state) if c.startswith(text)]
        return options[index] if index < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
