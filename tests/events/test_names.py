"""One rule for a player's name at every door (the command line, the night's host, the store):
written in NFC, nothing invisible or controlling, and no look-alike of a name present beside it."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from events.errors import InputError
from events.night import NightPlayers
from events.text import player_name, player_names
from replay.app import nights
from replay.app.application import Application
from replay.engine.fold import IllegalEvent, Step
from tests.helpers import Cli, rows

COMPOSED = "Zo\u00eb"  # Zoë as one letter
DECOMPOSED = "Zoe\u0308"  # Zoë as an e and a combining diaeresis


@pytest.mark.parametrize(
    ("given", "verdict"),
    [
        ("Aki", "Aki"),
        ("  Aki  ", "Aki"),  # trimmed
        (DECOMPOSED, COMPOSED),  # NFC: one spelling of one name
        ("Jos\u00e9 Mar\u00eda", "Jos\u00e9 Mar\u00eda"),
        ("=HYPERLINK(1)", "=HYPERLINK(1)"),  # printable: a CSV export guards it, the name is the player's
        ("\u5927\u5c71", "\u5927\u5c71"),
        ("A" * 64, "A" * 64),
        ("A" * 65, "a player's name 'AAAAAAAAAAAAAAAAAAAA'... is 65 characters long; use at most 64"),
        ("", "a player's name is empty; give each player a name"),
        ("   ", "a player's name is empty; give each player a name"),
        ("A\x1b[2J", "a player's name 'A\\x1b[2J' holds the control character U+001B; a name is one line of plain "
                     "text: remove it"),
        ("C\u202eD", "a player's name 'C\\u202eD' holds the control character U+202E; a name is one line of plain "
                     "text: remove it"),
        ("\u200f", "a player's name '\\u200f' holds the invisible character U+200F; a name is what it shows: "
                   "remove it"),
        ("\ufeffA", "a player's name '\\ufeffA' holds the invisible character U+FEFF; a name is what it shows: "
                    "remove it"),
        ("A\u200bB", "a player's name 'A\\u200bB' holds the invisible character U+200B; a name is what it shows: "
                     "remove it"),
        ("Ann\nBob", "a player's name 'Ann\\nBob' holds the control character U+000A; a name is one line of plain "
                     "text: remove it"),
        # Every default-ignorable character, and the blanks that show nothing.
        ("Aki\ufe0f", "a player's name 'Aki\ufe0f' holds the invisible character U+FE0F; a name is what it shows: "
                      "remove it"),  # a variation selector after a letter
        ("Aki\U000e0100", "a player's name 'Aki\U000e0100' holds the invisible character U+E0100; a name is what "
                          "it shows: remove it"),  # a variation selector of the supplement
        ("A\u2800ki", "a player's name 'A\u2800ki' holds the invisible character U+2800; a name is what it shows: "
                      "remove it"),  # the braille blank
        ("A\u115fki", "a player's name 'A\u115fki' holds the invisible character U+115F; a name is what it shows: "
                      "remove it"),  # a Hangul choseong filler
        ("Aki\ufff0", "a player's name 'Aki\\ufff0' holds the invisible character U+FFF0; a name is what it shows: "
                      "remove it"),  # reserved default-ignorable
        ("Aki\U0001d173", "a player's name 'Aki\\U0001d173' holds the invisible character U+1D173; a name is what it "
                          "shows: remove it"),  # a musical formatting control
        ("Aki\U0001bca0", "a player's name 'Aki\\U0001bca0' holds the invisible character U+1BCA0; a name is what it "
                          "shows: remove it"),  # a shorthand format control
        ("A\u200dki", "a player's name 'A\\u200dki' holds the invisible character U+200D; a name is what it shows: "
                      "remove it"),  # a joiner between letters
        ("Aki\U000e0067\U000e007f", "a player's name 'Aki\\U000e0067\\U000e007f' holds the invisible character "
                                    "U+E0067; a name is what it shows: remove it"),  # tags without their flag
        # Emoji sequences keep their joiners and selectors.
        ("Aki \u2764\ufe0f", "Aki \u2764\ufe0f"),  # a red heart, emoji style
        ("\U0001f469\u200d\U0001f4bb Eri", "\U0001f469\u200d\U0001f4bb Eri"),  # the technologist: a joiner
        ("\U0001f3f3\ufe0f\u200d\U0001f308", "\U0001f3f3\ufe0f\u200d\U0001f308"),  # a selector, then a joiner
        ("\U0001f44d\U0001f3fd Dai", "\U0001f44d\U0001f3fd Dai"),  # a skin tone
        ("Team 1\ufe0f\u20e3", "Team 1\ufe0f\u20e3"),  # a keycap
        ("\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f Gen",
         "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f Gen"),  # the flag of Wales
    ],
)  # fmt: skip
def test_a_name_as_a_person_gives_it(given: str, verdict: str) -> None:
    if verdict == given.strip() or unicodedata.normalize("NFC", given) == verdict:
        assert player_name(given) == verdict
        return
    with pytest.raises(InputError) as refused:
        player_name(given)
    assert (refused.value.code, refused.value.message) == ("input.name", verdict)


@pytest.mark.parametrize(
    ("names", "known", "verdict"),
    [
        (["Aki", "Beni"], [], None),
        (["Aki", "Aki"], [], "two players have the same name, 'Aki'; give each player a different name"),
        ([COMPOSED, DECOMPOSED], [], "two players have the same name, 'Zoë'; give each player a different name"),
        ([COMPOSED, "zo\u00eb"], [], "'zoë' and 'Zoë' look alike; give each player a name the table can tell apart"),
        ([COMPOSED, "ZO\u00cb"], [], "'ZOË' and 'Zoë' look alike; give each player a name the table can tell apart"),
        (["Ａki", "Aki"], [], "'Aki' and 'Ａki' look alike; give each player a name the table can tell apart"),
        (["Ann  Lee", "Ann Lee"], [], "'Ann Lee' and 'Ann  Lee' look alike; give each player a name the table can "
                                      "tell apart"),
        (["zo\u00eb"], [COMPOSED], "'zoë' looks like 'Zoë', a player already recorded here: write 'Zoë' if it is "
                                   "the same player, or a name that tells them apart"),
        ([DECOMPOSED], [COMPOSED], None),  # the same name, typed the other way
        (["Zoe"], [COMPOSED], None),  # another letter: another name
        # Letters of another script, or another letter, of one shape (UTS #39's skeletons).
        (["Eri", "\u0415ri"], [], "'Еri' and 'Eri' look alike; give each player a name the table can tell apart"),
        (["Aki", "\u0410ki"], [], "'Аki' and 'Aki' look alike; give each player a name the table can tell apart"),
        (["Aki", "\u0391ki"], [], "'Αki' and 'Aki' look alike; give each player a name the table can tell apart"),
        (["Aki", "Ak\u0131"], [], "'Akı' and 'Aki' look alike; give each player a name the table can tell apart"),
        (["Aki", "\u1d00\u1d0b\u026a"], [], "'ᴀᴋɪ' and 'Aki' look alike; give each player a name the table can "
                                            "tell apart"),  # small capitals
        (["Aki", "\ua4eeki"], [], "'ꓮki' and 'Aki' look alike; give each player a name the table can tell apart"),
        (["Ian", "lan"], [], "'lan' and 'Ian' look alike; give each player a name the table can tell apart"),
        (["Kim", "Kirn"], [], "'Kirn' and 'Kim' look alike; give each player a name the table can tell apart"),
        (["\u0415ri"], ["Eri"], "'Еri' looks like 'Eri', a player already recorded here: write 'Eri' if it is "
                                "the same player, or a name that tells them apart"),
        (["Eri", "Emi"], [], None),  # one letter apart: two names
        (["lan", "ian"], [], None),  # an l and an i: told apart
        (["Mika \u2764\ufe0f", "Mika"], [], None),  # an emoji tells them apart
    ],
)  # fmt: skip
def test_names_given_together(names: list[str], known: list[str], verdict: str | None) -> None:
    if verdict is None:
        assert player_names(names, known) == [unicodedata.normalize("NFC", n) for n in names]
        return
    with pytest.raises(InputError) as refused:
        player_names(names, known)
    assert (refused.value.code, refused.value.message) == ("input.name", verdict)


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (("A\x1b[2J", "B"), "holds the control character U+001B"),
        (("C\u202eD", "B"), "holds the control character U+202E"),
        (("\u200f", "B"), "holds the invisible character U+200F"),
        (("\ufeffA", "A"), "holds the invisible character U+FEFF"),
        ((COMPOSED, DECOMPOSED), "two players have the same name, 'Zoë'"),
        ((COMPOSED, "zo\u00eb"), "look alike"),
    ],
)
def test_the_command_line_refuses_a_bad_name_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], players: tuple[str, str], said: str
) -> None:
    db = tmp_path / "club.db"
    cli = Cli(db, capsys)
    refused = cli("new", "tensho", *[a for p in players for a in ("-p", p)])
    assert refused.code == 2 and said in refused.err and refused.err.count("\n") == 1, refused.err
    assert not db.exists() or rows(db) == []


def test_a_name_typed_decomposed_is_the_stored_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli = Cli(tmp_path / "club.db", capsys)
    assert cli("new", "tensho", "-p", DECOMPOSED, "-p", "Beni", "--id", "t-1").code == 0
    started = cli("log", "t-1", "--json").json()[0]["payload"]
    assert [p["name"] for p in started["players"]] == [COMPOSED, "Beni"]


def test_a_night_takes_names_by_the_same_rule_on_both_stores(app: Application) -> None:
    for bad, said in (("A\x1b[2J", "U+001B"), ("C\u202eD", "U+202E"), ("\u200f", "U+200F"), ("B" * 65, "at most 64")):
        with pytest.raises(InputError, match=said.replace("+", r"\+")):
            app.open_night("tensho", ["Aki", bad], night_id="night-bad")
        assert app.nights() == []  # nothing stored
    app.open_night("tensho", [COMPOSED, "Beni"], night_id="night-one")
    sheet = app.seat_session("night-one")
    (table,) = sheet["sessions"][0]["tables"]
    assert sorted(table["players"]) == ["Beni", COMPOSED]
    # Zoë is now a player of the store: zoë or ZOË beside her is asked to be written as she is.
    with pytest.raises(InputError, match="looks like 'Zoë', a player already recorded here"):
        app.open_night("tensho", ["zo\u00eb", "Chie"], night_id="night-two")
    with pytest.raises(InputError, match="'ZOË' and 'Zoë' look alike"):
        app.night_players("night-one", [COMPOSED, "Beni", "ZO\u00cb"])
    with pytest.raises(InputError, match="'ZOË' looks like 'Zoë', a player already recorded here"):
        app.night_players("night-one", ["ZO\u00cb", "Beni"])
    app.open_night("tensho", [DECOMPOSED, "Chie"], night_id="night-two")  # the same Zoë, typed decomposed
    assert app.night_sheet("night-two")["players"] == [COMPOSED, "Chie"]


def test_the_nights_fold_refuses_a_raw_bad_name() -> None:
    from events.match import MatchLength, Ruleset
    from events.night import NightOpened

    opened = NightOpened(game="tensho", ruleset=Ruleset(id="tensho-standard", options={}), per_table=2,
                         length=MatchLength(unit="rounds", count=1), seed=1, sessions=1, title="t")  # fmt: skip
    night = nights.apply(nights.Night(night_id="night-raw"), Step(1, opened.EVENT_TYPE, opened))
    for names, said in (
        (("Aki", "C\u202eD"), "the name 'C\\u202eD' holds the control character U+202E"),
        (("Aki", "A\u200f"), "the name 'A\\u200f' holds the invisible character U+200F"),
        ((COMPOSED, "zo\u00eb"), "'zoë' and 'Zoë' look alike"),
    ):
        event = NightPlayers(players=names)
        with pytest.raises(IllegalEvent) as refused:
            nights.apply(night, Step(2, event.EVENT_TYPE, event))
        assert refused.value.code == "night.player.name" and refused.value.reason.startswith(said), refused.value


def test_a_night_refused_at_its_opening_leaves_no_new_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Plant: the store made before the night's names and options are checked (an empty database
    left behind by a refused `night open`)."""
    db = tmp_path / "club.db"
    cli = Cli(db, capsys)
    for args in (("-p", "Aki", "-p", "A\x1b[2J"), ("-p", "Aki", "-p", "Beni", "--option", "riichi.uma=1,2")):
        refused = cli("night", "open", "riichi", *args)
        assert refused.code == 2 and refused.err.count("\n") == 1, refused.err
        assert not db.exists()


def test_a_new_match_refuses_a_look_alike_of_a_player_the_store_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plant: `new` checking only the names of its own table (zoë and Zoë in two matches split one
    player's season)."""
    db = tmp_path / "club.db"
    cli = Cli(db, capsys)
    assert cli("new", "tensho", "-p", COMPOSED, "-p", "Beni", "--id", "t-1").code == 0
    before = rows(db)
    refused = cli("new", "tensho", "-p", "ZO\u00cb", "-p", "Chie", "--id", "t-2")
    assert refused.code == 2 and refused.err == (
        "taikyoku: error: 'ZOË' looks like 'Zoë', a player already recorded here: write 'Zoë' if it is the same "
        "player, or a name that tells them apart\n"
    )
    assert rows(db) == before
    assert cli("new", "tensho", "-p", DECOMPOSED, "-p", "Chie", "--id", "t-2").code == 0  # the same Zoë


REMOVE = "a name is what it shows: remove it"


@pytest.mark.parametrize(
    ("given", "refused_at"),
    [
        ("\U0001f469\U0001f3fd\u200d\U0001f4bb Dai", None),  # a joiner after a skin tone
        ("Eri \U0001f469\u200d\U0001f4bb", None),  # the sequence after a word
        ("Gen \U0001f3f3\ufe0f\u200d\U0001f308", None),  # a selector, then a joiner, after a word
        ("Team #\ufe0f\u20e3", None),  # the keycap of #
        ("Gen \U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f", None),  # a flag after a word
        ("\U0001f3f4\U000e007e\U000e0020\U000e0067\U000e007f", None),  # the first and last tag characters
        ("\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"
         "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", None),  # two flags
        ("\ufe0fAki\u2764", "U+FE0F"),  # a selector first: after nothing
        ("\U0001f469\u200d", "U+200D"),  # a joiner last: before nothing
        ("Aki\u200d\U0001f4bb", "U+200D"),  # a joiner after a letter
        ("\U0001f3f4\U000e0067", "U+E0067"),  # a tag with no cancel tag after it
        ("\U0001f3f4\U000e0067\U000e007f\U000e0067", "U+E0067"),  # a tag after the cancel tag
        ("\U0001f3f4\U000e0067\U000e007f\U0001f3f4\U000e0067", "U+E0067"),  # a second flag's tag, no cancel
        ("X\ufe0f", "U+FE0F"),  # a selector after a letter that is no keycap's
    ],
)  # fmt: skip
def test_an_emoji_sequence_keeps_its_joiners_and_selectors_and_nothing_else_does(
    given: str, refused_at: str | None
) -> None:
    """Plants (from the name rule's mutation run): the skin tones and keycaps not pictographs; the
    character before a joiner read from the wrong place; a joiner taken on one pictograph; the tag
    range's ends; the cancel tag looked for from the start, or the last."""
    if refused_at is None:
        assert player_name(given) == given
        return
    with pytest.raises(InputError) as refused:
        player_name(given)
    assert f"holds the invisible character {refused_at}; {REMOVE}" in refused.value.message


def test_a_control_character_at_an_end_is_refused_not_trimmed_away() -> None:
    """Plant: the name checked after trimming alone ("Aki" + ESC taken as "Aki")."""
    with pytest.raises(InputError) as refused:
        player_name("A" * 44 + "\x1b")
    assert refused.value.message == (
        f"a player's name {'A' * 40!r} holds the control character U+001B; a name is one line of plain text: remove it"
    )


def test_a_refusal_names_the_seat_and_shows_forty_characters() -> None:
    """Plants: the seat's words dropped; more or less of a long name shown."""
    long = "A" * 44 + "\u200b"
    with pytest.raises(InputError) as refused:
        player_names(["Aki", long], seats=True)
    assert refused.value.message == f"player 1's name {'A' * 40!r} holds the invisible character U+200B; {REMOVE}"
    with pytest.raises(InputError) as refused:
        player_names(["Aki", long])
    assert refused.value.message == f"a player's name {'A' * 40!r} holds the invisible character U+200B; {REMOVE}"


def test_an_emoji_with_and_without_its_joiner_look_alike() -> None:
    """The technologist and the woman beside a laptop: one name to a reader who cannot tell the
    joiner. Plant: the joiner kept in the look-alike key."""
    with pytest.raises(InputError) as refused:
        player_names(["Eri \U0001f469\u200d\U0001f4bb", "Eri \U0001f469\U0001f4bb"])
    assert refused.value.message.endswith("look alike; give each player a name the table can tell apart")
