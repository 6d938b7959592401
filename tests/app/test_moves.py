"""Each move is declared once (``replay/engine/moves.py``, ``replay/games/<game>/moves.py``): the
recording commands, their --help, table mode's words and the typed moves are made from it."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from replay.app.application import Application
from replay.app.catalog import moves
from replay.app.table import intent_of, translate
from tests.cli.test_riichi_cli import HANDS
from tests.helpers import Cli


def test_every_declared_move_names_its_intent_and_exactly_the_words_it_takes() -> None:
    """Each game builds every move it offers (the shared ones and its own), in its own folder, and
    each builder takes exactly the words the declaration says: a shared move's own words and those
    its game adds (another game's added words are refused before any builder, in one line). Plant:
    a word renamed in a declaration (``cards`` for ``card``), a builder given a new required
    parameter no declaration says, or a game's builder of a shared move dropped."""
    import importlib

    from replay.engine.moves import SHARED
    from replay.games import GAME_NAMES, GAMES
    from replay.games.hanafuda.builders import BUILDERS as HANAFUDA

    built = {name: GAMES[name].rules().builders for name in GAME_NAMES}
    added = {name: {m.verb: [w.name for w in m.words] for m in importlib.import_module(
        f"replay.games.{name}.moves").MOVES if m.adds_words} for name in GAME_NAMES}  # fmt: skip
    shared = {move.verb: [w.name for w in move.words] for move in SHARED}
    for move in moves():
        makers = [name for name in GAME_NAMES if move.builder in built[name]]
        assert makers, move.verb
        for name in makers:
            taken = inspect.signature(built[name][move.builder]).parameters
            every = [w.name for w in move.words] + list(move.fixed)
            own = [*shared[move.verb], *added[name].get(move.verb, [])] if move.verb in shared else every
            keywords = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in taken.values())
            assert keywords or set(own) <= set(taken), (name, move.verb, own, list(taken))
            required = [n for n, p in taken.items() if p.default is inspect.Parameter.empty
                        and p.kind is not inspect.Parameter.VAR_KEYWORD]  # fmt: skip
            assert set(required) <= set(every), (name, move.verb, required)
    for verb in ("start_round", "deal", "draw"):  # every game starts its rounds, deals and draws
        assert all(verb in built[name] for name in GAME_NAMES), verb
    assert {n for n in GAME_NAMES if "discard" in built[n]} == {"riichi", "mcr"}
    assert {n for n in GAME_NAMES if "triple" in built[n]} == {"tensho"}
    assert all(set(HANAFUDA) <= set(built[n]) for n in ("tensho", "sendai", "koikoi"))


def test_a_word_another_game_adds_to_a_shared_move_is_refused_in_one_line(cli: Cli) -> None:
    """MCR's --replacement said of a riichi draw, riichi's --rinshan of an MCR one: one line each,
    nothing written. Plant: the word passed on to a builder that does not take it (an internal
    error), or silently dropped."""
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "r-1").code == 0
    assert cli("round", "r-1").code == 0
    assert cli("deal", "r-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m").code == 0
    refused = cli("draw", "r-1", "7m", "--replacement")
    assert (refused.code, refused.err) == (
        2,
        "taikyoku: error: --replacement is not a word of riichi's draw; `taikyoku draw --help` says whose it is\n",
    )
    assert len(cli("log", "r-1", "--json").json()) == 3
    assert cli("new", "mcr", "-p", "Ann", "-p", "Bo", "-p", "Cy", "-p", "Di", "--id", "m-1").code == 0
    assert cli("round", "m-1").code == 0
    wrong = cli("round", "m-1", "--honba", "1")
    assert (wrong.code, wrong.err) == (2, "taikyoku: error: --honba is not MCR's; its round takes only --dealer (the "
                                          "deal passes every hand)\n")  # fmt: skip


def test_a_verb_declared_twice_differently_is_an_error_when_the_moves_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two games giving one verb two meanings: the command line and the phones would follow the
    first. Plant: the later declaration silently dropped."""
    from replay.engine.moves import Move
    from replay.games import moves as declared
    from replay.games.koikoi import moves as koikoi_moves

    assert {m.verb for m in declared()} >= {"call", "play"}
    monkeypatch.setattr(koikoi_moves, "MOVES", (*koikoi_moves.MOVES, Move("call", "call a card out")))
    declared.cache_clear()  # read once per process: read again with the second declaration
    try:
        with pytest.raises(RuntimeError) as twice:
            declared()
    finally:
        monkeypatch.undo()
        declared.cache_clear()
    assert str(twice.value) == "the verb 'call' is declared twice, differently (riichi's is the second)"
    assert {m.verb for m in declared()} >= {"call", "play"}


def test_a_verb_added_by_one_declaration_is_a_command_a_help_line_and_a_table_word(cli: Cli, db: Path) -> None:
    """`riichi` is declared once, in replay/games/riichi/moves.py (the discard's intent, riichi
    said): the command records the declaration and its discard, --help lists it with the other
    moves, and table mode takes it as typed."""
    listed = cli("--help").out
    recording = listed[listed.index("Recording a round") : listed.index("Results and the table")]
    assert "riichi         Riichi: declare riichi, discarding this tile" in recording
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "r-1").code == 0
    assert cli("round", "r-1").code == 0
    assert cli("deal", "r-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m").code == 0
    assert cli("draw", "r-1", "7m").code == 0
    kept = Application(str(db)).match("r-1")
    typed, _ = intent_of(translate(kept.game, kept.state, ["riichi", "7m"]), "r-1").build(kept.game, kept.state)
    assert [(p.EVENT_TYPE, p.model_dump()) for p in typed] == [
        ("riichi.riichi", {"seat": 0}),
        ("riichi.discard", {"seat": 0, "tile": "7m", "tsumogiri": True}),
    ]  # what table mode and a phone make of the words, nothing stored
    declared = cli("riichi", "r-1", "7m", "--json")
    assert declared.code == 0, declared.err
    stored = [(e["type"], e["payload"]) for e in declared.json()]
    assert stored == [
        ("riichi.riichi", {"seat": 0}),
        ("riichi.discard", {"seat": 0, "tile": "7m", "tsumogiri": True}),
    ]
    assert cli("riichi", "r-1").code == 2  # the tile is required, as --help says
    help_page = cli("riichi", "--help").out
    assert "TILE" in help_page and "--seat" in help_page


def test_a_shared_verb_said_with_another_games_words_is_refused_and_nothing_is_written(cli: Cli) -> None:
    """`round`, `deal` and `draw` are every game's, each built by the match's game: a riichi word
    said of a hanafuda move (or the other way) is refused in one line, not silently dropped."""
    assert cli("new", "tensho", "-p", "Aki", "-p", "Beni", "--id", "t-1").code == 0
    refused = cli("round", "t-1", "--honba", "1")
    assert (refused.code, refused.err) == (
        2,
        "taikyoku: error: --honba is a riichi hand's; a hanafuda round takes only --dealer\n",
    )
    assert len(cli("log", "t-1", "--json").json()) == 1
    assert cli("round", "t-1").code == 0
    dora = cli("deal", "t-1", "--hand", "x", "--hand", "y", "--field", "z", "--dora", "3m")
    assert (dora.code, dora.err) == (2, "taikyoku: error: --dora is a riichi deal's; a hanafuda deal has --field\n")
    assert cli("new", "riichi", "-p", "Ton", "-p", "Nan", "-p", "Sha", "-p", "Pei", "--id", "r-1").code == 0
    assert cli("round", "r-1").code == 0
    field = cli("deal", "r-1", *[a for h in HANDS for a in ("--hand", h)], "--dora", "3m", "--field", "1m")
    assert (field.code, field.err) == (2, "taikyoku: error: --field is a hanafuda deal's; a riichi deal has --dora\n")
    assert [e["type"] for e in cli("log", "r-1", "--json").json()] == ["match_started", "riichi.round_started"]
    wrong_game = cli("discard", "t-1", "5m")
    assert (
        wrong_game.code == 2
        and "match t-1 is a Tensho match; this command records MCR or riichi matches" in wrong_game.err
    )


def test_the_words_a_game_adds_to_a_shared_move_name_their_games() -> None:
    """The deal every game shares, with what each game deals besides: the field (every hanafuda
    game's, listed once for the three), Tensho's dead cards, riichi's dora indicator. Plant: an
    added word listed once for each game that adds it, or without the games that take it."""
    from replay.games import moves as declared

    declared.cache_clear()  # read now, as the declarations are
    deal = next(move for move in declared() if move.verb == "deal")
    assert [(word.name, word.help) for word in deal.words] == [
        ("hand", "A hand, comma-separated; one --hand per seat, seat 0 first (none, where the hands are unseen)."),
        ("pile", "The draw pile, top first, if known."),
        ("field", "tensho, sendai, koikoi: the field cards, comma-separated."),
        ("dead", "tensho: the 6 dead cards, if known."),
        ("dora", "riichi: the first dora indicator."),
    ]


@pytest.mark.parametrize(
    ("added", "said"),
    [
        (("deal", "pile"), "deal's word 'pile' is declared twice, differently (koikoi's is the second)"),
        (("deal", "field"), "deal's word 'field' is declared twice, differently (koikoi's is the second)"),
        (("call", "tiles"), "koikoi adds words to 'call', which is not a move every game shares"),
    ],
)
def test_a_word_added_against_the_shared_declaration_is_an_error(
    monkeypatch: pytest.MonkeyPatch, added: tuple[str, str], said: str
) -> None:
    """A game may add a word to a shared move, never take one of its words, or one another game
    added, in another sense, or add to a move not shared. Plant: the second silently kept."""
    from replay.engine.moves import Move, Word
    from replay.games import moves as declared
    from replay.games.koikoi import moves as koikoi_moves

    verb, name = added
    adding = Move(verb, "", (Word(name, "Something else.", option=f"--{name}"),), adds_words=True)
    monkeypatch.setattr(koikoi_moves, "MOVES", (*koikoi_moves.MOVES, adding))
    declared.cache_clear()
    try:
        with pytest.raises(RuntimeError) as wrong:
            declared()
    finally:
        monkeypatch.undo()
        declared.cache_clear()
    assert str(wrong.value) == said


def test_the_result_help_says_every_games_result_line_from_its_declaration(cli: Cli) -> None:
    """Plant: a game's line left out of `result --help` (koi-koi's once was)."""
    said = " ".join(cli("result", "--help").out.split())
    for line in (
        "tensho: after the yaku set, each seat's captured cards, seat 0 first, the seats parted by a /.",
        "sendai: the three seats' captured cards, seat 0 first, parted by a /, then the calls: go SEAT (each "
        "koi-koi), stop SEAT, expose SEAT TEYAKU.",
        "koikoi: the two seats' captured cards, seat 0 first, parted by a /, then the calls: go SEAT (each koi-koi), "
        "stop SEAT, expose SEAT teshi (a teyaku that wins the round).",
        "riichi: one line a hand: the winner (and for a ron, from whom) as this hand's seat wind, number or name,",
    ):
        assert line in said, line
