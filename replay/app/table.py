"""Recording at the table in words: the language of table mode and of the phone recorder.

An entry is the shortest thing that says what happened, read in the light of the round's state:
``pine-crane`` is a play when a card is to be played and a draw when one is to be drawn, ``5m`` a
discard or a draw, ``go``/``stop`` the Sendai-hana decision. Each game's ``entry`` module turns an
entry into the recording command it stands for (``play pine-crane -c pine-chaff-1``, ``discard 5m
--riichi``); any of those commands can also be typed in full without the match id. ``intent_of``
reads such a command into an intent (``replay/app/intents.py``), and ``TableSession.enter``
records it against the match's kept state, in one read and a fold of only what it adds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from events.errors import InputError
from replay.app import intents
from replay.app.intents import Intent
from replay.app.recording import Recorded
from replay.engine.fold import Step
from replay.engine.game import Question
from replay.games import GAMES
from store import StoredEvent

# Commands that can be typed in full; the session adds the match id after the verb.
VERBS = frozenset({
    "round", "yaku-set", "deal", "triple", "play", "draw", "capture", "expose", "koikoi", "stop", "misdeal",
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


def question(game: str, state: Any) -> Question | None:
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


def translate(game: str, state: Any, words: list[str]) -> list[str]:
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


def choices(game: str, state: Any, typed: Sequence[str] = ()) -> list[str]:
    """What may be entered now: the completions offered on tab (``typed``: the words before it).
    The moves among them are the ones the fold accepts (``Game.legal_moves``)."""
    rnd = state.round
    words = list(SESSION_WORDS)
    if rnd is None or rnd.over:
        return ["next", *words] if not typed else []
    return GAMES[game].entry().choices(state, words, typed)


def entries(game: str, state: Any) -> list[str]:
    """Every move the fold accepts now, each as a whole entry (``discard 5m``, ``play pine-crane``,
    ``next``): what the phone recorder offers to tap. A decision asked narrows them to its answers."""
    offered = GAMES[game].entry().entries(state)
    if offered == ["next"] and not _next_round_allowed(game, state):
        return []  # the match is over: no round follows
    asked = question(game, state)
    if asked is not None:
        answers = [e for e in offered if e.split()[0] in asked[2]]
        return [*answers, "pass"]
    return offered


def deal_layout(game: str, state: Any) -> dict[str, Any] | None:
    """What a phone lays out for a deal, when the round waits for one: where the pieces go (each
    seat's hand, the field or the dora indicator, with how many each takes, and the option that
    says it in a `deal` entry), and the pieces to take them from."""
    rnd = state.round
    if rnd is None or rnd.over or rnd.phase != "deal":
        return None
    declared = GAMES[game]
    names = list(state.names)
    if declared.fishing is None:  # riichi: thirteen tiles a seat, and the first dora indicator
        from events.tiles import TILES

        targets = [{"name": f"{n}'s hand", "size": 13, "option": "--hand"} for n in names]
        targets.append({"name": "the dora indicator", "size": 1, "option": "--dora"})
        return {"targets": targets, "pieces": list(TILES), "copies": 4, "joined": ""}
    moves = declared.fishing
    from events.cards import BY_ID

    deck = [card for card in BY_ID if card in moves.deck]
    in_hand = (len(deck) - moves.field_size - moves.pile_size - moves.dead_size) // len(names)
    targets = [{"name": f"{n}'s hand", "size": in_hand, "option": "--hand"} for n in names]
    targets.append({"name": "the field", "size": moves.field_size, "option": "--field"})
    return {"targets": targets, "pieces": deck, "copies": 1, "joined": ","}


def _next_round_allowed(game: str, state: Any) -> bool:
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

_FLAGS = {"--riichi", "--tsumogiri", "--from-hand", "--rinshan"}
_SHORT = {"-c": "--capture"}
_MANY = {"--hand", "--capture"}


@dataclass
class _Words:
    verb: str
    args: list[str]
    options: dict[str, list[str]] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    def one(self, name: str, *, required: bool = False) -> str | None:
        given = self.options.pop(name, None)
        if given is None:
            if required:
                raise InputError(f"{self.verb} needs {name} VALUE; type help")
            return None
        if len(given) > 1 and name not in _MANY:
            raise InputError(f"{self.verb} takes {name} once")
        return given[-1]

    def number(self, name: str) -> int | None:
        text = self.one(name)
        if text is None:
            return None
        if not text.lstrip("-").isdigit():
            raise InputError(f"{name} takes a whole number, not {text!r}")
        return int(text)

    def many(self, name: str) -> list[str]:
        return self.options.pop(name, [])

    def flag(self, name: str) -> bool:
        if name in self.flags:
            self.flags.discard(name)
            return True
        return False

    def positional(self, least: int, most: int, what: str) -> list[str]:
        if not least <= len(self.args) <= most:
            raise InputError(f"{self.verb} takes {what}; type help")
        return self.args

    def done(self) -> None:
        left = [*self.options, *self.flags]
        if left:
            raise InputError(f"{self.verb} takes no {left[0]}; type help for what it takes")


GO_OR_STOP = frozenset({"go", "stop", "koikoi"})  # a hanafuda player's call; "koikoi" is how koi-koi says go


def _split(verb: str, words: Sequence[str]) -> _Words:
    parsed = _Words(verb, [])
    rest = list(words)
    while rest:
        word = rest.pop(0)
        name = _SHORT.get(word, word)
        if name in _FLAGS:
            parsed.flags.add(name)
        elif name.startswith("--") and "=" in name:
            key, value = name.split("=", 1)
            parsed.options.setdefault(key, []).append(value)
        elif name.startswith("--"):
            if not rest:
                raise InputError(f"{name} needs a value after it")
            parsed.options.setdefault(name, []).append(rest.pop(0))
        else:
            parsed.args.append(word)
    return parsed


def _intent(w: _Words, match: str) -> Intent:
    """The intent a recording command's words stand for (checked word by word, nothing guessed)."""
    verb = w.verb
    if verb == "round":
        made = intents.start_round(
            dealer=w.number("--dealer"), wind=w.one("--wind"), hand=w.number("--hand"),
            honba=w.number("--honba"), sticks=w.number("--sticks"), scores=w.one("--scores"),
        )  # fmt: skip
        w.positional(0, 0, "no words but its options")
    elif verb == "yaku-set":
        (chosen,) = w.positional(1, 1, "the set: 1 or 2")
        if chosen not in ("1", "2"):
            raise InputError(f"the yaku set is 1 (shichi-bu yaku) or 2 (han yaku), not {chosen!r}")
        made = intents.yaku_set(int(chosen), w.one("--decided-by") or "agreement")
    elif verb == "deal":
        w.positional(0, 0, "its cards as options: --hand (one per seat), --field or --dora, --pile")
        made = intents.deal(
            w.many("--hand"), field=w.one("--field"), pile=w.one("--pile"), dead=w.one("--dead"), dora=w.one("--dora")
        )
    elif verb == "triple":
        made = intents.triple(w.positional(2, 2, "the two field cards the dealer takes"))
    elif verb in ("play", "draw"):
        cards = w.positional(1 if verb == "play" else 0, 1, "one card, and --capture CARD for each it takes")
        card = cards[0] if cards else None
        if verb == "play" and card is not None:
            made = intents.play(card, w.many("--capture"), w.one("--seat"))
        else:
            made = intents.draw(card, w.many("--capture"), rinshan=w.flag("--rinshan"), seat=w.one("--seat"))
    elif verb == "capture":
        made = intents.capture([*w.args, *w.many("--capture")])
    elif verb == "expose":
        (teyaku,) = w.positional(1, 1, "the teyaku and --seat SEAT")
        made = intents.expose(teyaku, str(w.one("--seat", required=True)))
    elif verb in GO_OR_STOP:
        w.positional(0, 0, "no words (or --seat SEAT)")
        made = intents.go_or_stop(verb != "stop", w.one("--seat"))
    elif verb == "misdeal":
        w.positional(0, 0, "no words")
        made = intents.misdeal()
    elif verb == "discard":
        (tile,) = w.positional(1, 1, "the tile discarded")
        kept = True if w.flag("--tsumogiri") else False if w.flag("--from-hand") else None
        made = intents.discard(tile, riichi=w.flag("--riichi"), tsumogiri=kept, seat=w.one("--seat"))
    elif verb == "call":
        given = w.positional(1, 2, "the kind (chi, pon, daiminkan, ankan, kakan, kita) and the meld")
        made = intents.call(given[0], given[1] if len(given) > 1 else None, w.one("--seat"))
    elif verb == "dora":
        (indicator,) = w.positional(1, 1, "the indicator turned over")
        made = intents.dora(indicator)
    elif verb in ("tsumo", "ron"):
        w.positional(0, 0, "--seat SEAT, and --ura and --pao when they apply")
        seat = w.one("--seat", required=verb == "ron")
        ura, pao = w.one("--ura"), w.one("--pao")
        made = intents.tsumo(seat, ura=ura, pao=pao) if verb == "tsumo" else intents.ron(str(seat), ura=ura, pao=pao)
    elif verb == "exhaustive":
        w.positional(0, 0, "--tenpai SEATS (or none)")
        made = intents.exhaustive(str(w.one("--tenpai", required=True)))
    elif verb == "abort":
        (kind,) = w.positional(1, 1, "the kind of abortive draw")
        made = intents.abort(kind, w.one("--seat"))
    elif verb == "claim":
        w.positional(0, 0, "--round N --points P0,P1,...")
        round_no = w.number("--round")
        if round_no is None or round_no < 1:
            raise InputError("claim needs --round N, the round (riichi: the hand) the table scored")
        made = intents.claim(
            match,
            round_no,
            str(w.one("--points", required=True)),
            winner=w.number("--winner"),
            text=w.one("--text") or "",
        )
    else:
        raise InputError(f"{verb!r} is not a recording command; type help")
    w.done()
    return made


def intent_of(words: Sequence[str], match: str) -> Intent:
    """A recording command, typed without the match id (``play pine-crane -c pine-chaff-1``)."""
    if not words:
        raise InputError("nothing was said; type help")
    if words[0] == "result":  # its words are the line itself, options and all
        return intents.result(list(words[1:]))
    return _intent(_split(words[0], words[1:]), match)


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
