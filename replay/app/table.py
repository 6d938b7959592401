"""Recording at the table in words: the language of table mode and of the phone recorder.

An entry is the shortest thing that says what happened, read in the light of the round's state:
``pine-crane`` is a play when a card is to be played and a draw when one is to be drawn, ``5m`` a
discard or a draw, ``go``/``stop`` a game's decision. Each game's ``entry`` module turns an
entry into the recording command it stands for (``play pine-crane -c pine-chaff-1``, ``discard 5m
--seat E``); any of those commands can also be typed in full without the match id. ``intent_of``
reads such a command into an intent (``replay/app/intents.py``), and ``TableSession.enter``
records it against the match's kept state, in one read and a fold of only what it adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from events.errors import InputError
from replay.app import intents
from replay.app.catalog import Move, Offer, Word, move_named, moves
from replay.app.intents import Intent
from replay.app.results import Recorded
from replay.engine.fold import Step
from replay.engine.game import Question
from replay.engine.match import MatchView
from replay.games import GAMES
from store import StoredEvent

# Commands that can be typed in full; the session adds the match id after the verb.
# (A move's other name is the game's word: its entry module reads it.)
VERBS = frozenset({move.verb for move in moves()} | {"claim", "result"})
SESSION_WORDS = ("undo", "note", "dispute", "show", "help", "quit", "pass")


def help_text(game: str) -> str:
    """Table mode's help for a match of ``game``: its own words for its moves (its ``entry``
    module's), then what every game's session takes."""
    own = "\n".join(f"  {line}" for line in GAMES[game].entry().help)
    return f"""\
Type what happened, in the shortest form:
{own}
  next, to start the next round; or any recording command without the match id (deal --hand ...)
  when the rules give a player a choice the session asks and waits: answer it, or pass
  undo (retract the last event), note TEXT, dispute TEXT, show, help, quit"""


def question(game: str, state: MatchView) -> Question | None:
    """A decision the rules leave to a player right now: (what, the question, the answers).

    The session asks it and takes nothing else until it is answered; ``pass`` declines."""
    rnd = state.round
    if rnd is None or rnd.over:
        return None
    return GAMES[game].entry().question(state)


def status_lines(game: str, data: dict[str, Any]) -> list[str]:
    """The short screen between moves, from the replay view's JSON."""
    if data["round"] is None:
        return []
    return GAMES[game].entry().status_lines(data)


def translate(game: str, state: MatchView, words: list[str]) -> list[str]:
    """An entry as the recording command it stands for, without the match id."""
    head = words[0].lower()
    rest = words[1:]
    rnd = state.round
    entry = GAMES[game].entry()
    whole_hand = entry.result_line(state, head, rest)
    if whole_hand is not None:
        return whole_hand
    before = entry.before_verbs(state, words) if rnd is not None and not rnd.over else None
    if before is not None:
        return before
    if head in VERBS:
        return [head, *rest]
    if head in ("next", "new-round") or rnd is None or rnd.over:
        if head not in ("next", "new-round"):
            raise InputError("the round is over; type next to start the next one")
        return ["round", *rest]
    return entry.translate(state, words)


def choices(game: str, state: MatchView, typed: Sequence[str] = ()) -> list[str]:
    """What may be entered now: the completions offered on tab (``typed``: the words before it).
    The moves among them are the ones the fold accepts (``Game.legal_moves``); after a recording
    command's verb, its options as its declaration spells them, those not typed yet."""
    rnd = state.round
    words = list(SESSION_WORDS)
    move = move_named(typed[0]) if typed else None
    spelled = (
        [] if move is None else [s for w in move.options() for s in (w.option, w.negative) if s and s not in typed]
    )
    if rnd is None or rnd.over:
        return ["next", *words] if not typed else spelled
    return list(dict.fromkeys([*GAMES[game].entry().choices(state, words, typed), *spelled]))


def offers(game: str, state: MatchView, *, asked: bool = True) -> list[Offer]:
    """Every move the fold accepts now, as words (``discard 5m``, ``play pine-crane``, ``next``)
    and as the declared move with its values: what the phone recorder offers to tap. A decision
    asked narrows them to its answers, and ``pass`` (with ``asked`` False: every move, as once the
    decision is passed)."""
    offered = GAMES[game].entry().offers(state)
    if [o.words for o in offered] == ["next"] and not _next_round_allowed(game, state):
        return []  # the match is over: no round follows
    decision = question(game, state) if asked else None
    if decision is not None:
        answers = [o for o in offered if o.words.split()[0] in decision[2]]
        return [*answers, Offer("pass")]
    return offered


def deal_layout(game: str, state: MatchView) -> dict[str, Any] | None:
    """What a phone lays out for a deal, when the round waits for one: where the pieces go (each
    seat's hand, the field or the dora indicator, with how many each takes, and the option that
    says it in a `deal` entry), and the pieces to take them from."""
    rnd = state.round
    if rnd is None or rnd.over or rnd.phase != "deal":
        return None
    declared = GAMES[game]
    names = list(state.names)
    dealt = declared.dealt_hands
    if dealt is not None:  # its hands and places as the game declares them (13 tiles and an indicator, say)
        targets = [{"name": f"{n}'s hand", "size": dealt.hand_size + (dealt.dealer_extra if seat == rnd.dealer else 0),
                    "option": "--hand"} for seat, n in enumerate(names)]  # fmt: skip
        targets += [{"name": place, "size": size, "option": option} for place, size, option in dealt.places]
        return {"targets": targets, "pieces": list(dealt.pieces), "copies": dealt.copies, "joined": ""}
    moves = declared.fishing
    if moves is None:
        return None
    from events.cards import BY_ID

    deck = [card for card in BY_ID if card in moves.deck]
    in_hand = (len(deck) - moves.field_size - moves.pile_size - moves.dead_size) // len(names)
    targets = [{"name": f"{n}'s hand", "size": in_hand, "option": "--hand"} for n in names]
    targets.append({"name": "the field", "size": moves.field_size, "option": "--field"})
    return {"targets": targets, "pieces": deck, "copies": 1, "joined": ","}


def _next_round_allowed(game: str, state: MatchView) -> bool:
    """Whether the fold takes the next round's start (not after the match's last round)."""
    from replay.engine.fold import IllegalEvent, Step

    try:
        made, _ = intents.start_round().build(game, state)
        projection = GAMES[game].projection()
        for offset, payload in enumerate(made):
            state = projection.apply(state, Step(state.match.last_seq + 1 + offset, payload.EVENT_TYPE, payload))
    except (IllegalEvent, InputError):
        return False
    return True


# ---- a recording command's words as an intent ------------------------------------------------


def _read_words(move: Move, verb: str, words: Sequence[str]) -> dict[str, Any]:
    """The words typed after a move's verb, by the names its declaration gives them (checked word
    by word, nothing guessed): its options and flags wherever they stand, the rest in order."""
    named = {
        spelling: word for word in move.options() for spelling in (word.option, word.short, word.negative) if spelling
    }
    values: dict[str, Any] = {}
    loose: list[str] = []
    rest = list(words)
    while rest:
        typed = rest.pop(0)
        spelling, equals, inline = typed.partition("=") if typed.startswith("--") else (typed, "", "")
        word = named.get(spelling)
        if word is None:
            if typed.startswith("--"):
                raise InputError(f"{verb} takes no {spelling}; type help for what it takes")
            loose.append(typed)
        elif word.kind in ("flag", "either"):
            values[word.name] = spelling != word.negative
        else:
            if not equals and not rest:
                raise InputError(f"{spelling} needs a value after it")
            value = inline if equals else rest.pop(0)
            if word.kind == "texts":
                values.setdefault(word.name, []).append(value)
            elif word.name in values:
                raise InputError(f"{verb} takes {spelling} once")
            else:
                values[word.name] = _number(spelling, value) if word.kind == "number" else value
    for word in move.positional():
        if word.kind == "texts":
            values[word.name], loose = loose, []
        elif loose:
            given = loose.pop(0)
            values[word.name] = _number(word.metavar or word.name, given) if word.kind == "number" else given
    if loose:
        raise InputError(f"{verb} takes {_said(move)}, not {' '.join(loose)!r} as well; type help")
    missing = [w for w in move.words if w.required and not values.get(w.name)]
    if missing:
        raise InputError(f"{verb} needs {_said(move, missing[0])}: {missing[0].help}")
    return values


def _number(name: str, text: str) -> int:
    if not text.lstrip("-").isdigit():
        raise InputError(f"{name} takes a whole number, not {text!r}")
    return int(text)


def _said(move: Move, only: Word | None = None) -> str:
    """What a move takes, as help says it: ``TILE``, ``CARDS...``, ``--seat SEAT``."""
    words = [only] if only is not None else [w for w in move.positional()]
    return (
        " ".join(
            (w.metavar or w.name.upper()) + ("..." if w.kind == "texts" else "")
            if not w.option
            else w.option + ("" if w.kind in ("flag", "either") else f" {w.name.upper()}")
            for w in words
        )
        or "no words"
    )


def _claim(words: Sequence[str], match: str) -> Intent:
    """``claim --round N --points P0,P1,... [--winner SEAT] [--text TEXT]``: the result the table agreed."""
    given = dict(zip(words[::2], words[1::2], strict=False))
    unknown = [w for w in words[::2] if w not in ("--round", "--points", "--winner", "--text")]
    if unknown or len(words) % 2:
        raise InputError("claim takes --round N --points P0,P1,... (and --winner SEAT, --text TEXT); type help")
    round_no = _number("--round", given["--round"]) if "--round" in given else None
    if round_no is None or round_no < 1:
        raise InputError("claim needs --round N, the round (or hand) the table scored")
    if "--points" not in given:
        raise InputError("claim needs --points VALUE; type help")
    winner = _number("--winner", given["--winner"]) if "--winner" in given else None
    return intents.claim(match, round_no, given["--points"], winner=winner, text=given.get("--text", ""))


def intent_of(words: Sequence[str], match: str) -> Intent:
    """A recording command, typed without the match id (``play pine-crane -c pine-chaff-1``)."""
    if not words:
        raise InputError("nothing was said; type help")
    verb = words[0]
    if verb == "result":  # its words are the line itself, options and all
        return intents.result(list(words[1:]))
    if verb == "claim":
        return _claim(words[1:], match)
    move = move_named(verb)
    if move is None:
        raise InputError(f"{verb!r} is not a recording command; type help")
    return intents.of_move(move, _read_words(move, verb, words[1:]))


# ---- a session at the table ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entered:
    """What one entry did: ``recorded`` (the events and the state after), ``undone`` (the steps
    voided and the retracts stored), ``passed`` (a decision declined), or a session word."""

    kind: Literal["recorded", "undone", "annotated", "passed", "help", "show", "nothing"]
    verb: str = ""
    recorded: Recorded | None = None
    undone: Sequence[Step] = ()
    stored: Sequence[StoredEvent] = ()


def entry_words(line: str) -> tuple[list[str], bool]:
    """An entry's words as table mode reads them, and whether it is an annotation: a note or a
    dispute takes the rest of the line as it is typed (it's, "quotes"); anything else is split as a
    shell splits it, quotes holding a name with a space together."""
    import shlex

    first, _, rest = line.strip().partition(" ")
    annotation = first.lower() in ("note", "dispute")
    try:
        words = [first.lower(), rest.strip()] if annotation else shlex.split(line)
    except ValueError:
        raise InputError("a quotation mark is not closed; close it, or leave the quotes out") from None
    if annotation and not words[1]:
        raise InputError(f"{first.lower()} needs a text, e.g. {first.lower()} Bob says he played the crane")
    return words, annotation
