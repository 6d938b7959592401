"""What a key may do (replay/app/access.py) and the league's fold (replay/app/league_state.py):
each refusal matched whole, worked from the rules the league's docs state."""

from __future__ import annotations

import pytest

from events.league import (
    Claimed,
    ClubOpened,
    KeyIssued,
    KeyRevoked,
    MergeUndone,
    PersonAdded,
    PersonNamed,
    PersonsMerged,
)
from replay.app.access import CORRECTS, LEAGUE_ACCESS, RUNS, Access, AccessRefused
from replay.app.league import access_of, digest_of, match_name
from replay.app.league_state import League, Person, apply, fold
from replay.engine.fold import IllegalEvent, Step

HOST, REFEREE = Access("host", "kyoto", "aaaaaaaa"), Access("referee", "kyoto", "bbbbbbbb")


def test_a_club_key_does_its_own_clubs_work_alone() -> None:
    for doing in (RUNS, CORRECTS):
        LEAGUE_ACCESS.check("osaka", "night-osaka-1", doing)  # the league's: everything
        LEAGUE_ACCESS.check(None, "night-1", doing)
        HOST.check("kyoto", "night-kyoto-1", doing)
    REFEREE.check("kyoto", "night-kyoto-1", CORRECTS)
    with pytest.raises(AccessRefused) as refused:
        REFEREE.check("kyoto", "night-kyoto-1", RUNS)
    assert (str(refused.value), refused.value.code, refused.value.kind) == (
        "a referee's key corrects and penalises; opening, seating, the clock and the close are the club host's",
        "auth.referee", "forbidden")  # fmt: skip
    with pytest.raises(AccessRefused) as refused:
        HOST.check("osaka", "night-osaka-1", CORRECTS)
    assert (str(refused.value), refused.value.code) == (
        "night-osaka-1 is club osaka's, and this key is club kyoto's; use a key of club osaka",
        "auth.other_club",
    )
    with pytest.raises(AccessRefused) as refused:
        REFEREE.check(None, "night-1", CORRECTS)
    assert str(refused.value) == "night-1 is the league's, and this key is club kyoto's; use a key of the league"
    assert HOST.reads_hidden("kyoto") and REFEREE.reads_hidden("kyoto") and LEAGUE_ACCESS.reads_hidden("osaka")
    assert not HOST.reads_hidden("osaka") and not HOST.reads_hidden(None) and LEAGUE_ACCESS.reads_hidden(None)
    assert LEAGUE_ACCESS.whole and not HOST.whole and not REFEREE.whole


def _steps(*payloads: object) -> list[Step]:
    return [Step(n, p.EVENT_TYPE, p, recorded_at=f"2026-12-05T20:{n:02}:00.000000Z")  # type: ignore[attr-defined]
            for n, p in enumerate(payloads, 1)]  # fmt: skip


KEY = "abcdefgh-" + "q" * 26


def _league() -> League:
    """Folded in each test, under the mutant a mutation run plants (not once, at import)."""
    return fold(_steps(
    ClubOpened(club="kyoto", name="Kyoto North"), ClubOpened(club="osaka", name="Osaka Bay"),
    KeyIssued(club="kyoto", role="host", key_id="abcdefgh", digest=digest_of(KEY), label="Ann"),
    Claimed(club="kyoto", streams=("night-kyoto-1",)),
    PersonAdded(person="p1", name="Aki"), PersonNamed(person="p1", name="Aki", club="kyoto"),
    PersonAdded(person="p2", name="Aki T."), PersonNamed(person="p2", name="Aki T.", club="osaka"),
    PersonAdded(person="p3", name="Beni", ema_number="04010001", country="NL"), PersonNamed(person="p3", name="Beni"),
))  # fmt: skip


def test_the_league_knows_whose_each_stream_and_name_is() -> None:
    assert (_league().owner("night-kyoto-1"), _league().owner("night-kyoto-1-t12"), _league().owner("night-kyoto-1-tx")) == (
        "kyoto", "kyoto", None)  # fmt: skip
    assert (_league().owner("night-kyoto-10"), _league().owner("night-osaka-1")) == (None, None)
    assert (_league().person_of("Aki", "kyoto"), _league().person_of("Aki", "osaka"), _league().person_of("Aki T.", "osaka")) == (
        "p1", None, "p2")  # fmt: skip
    assert _league().person_of("Beni", "osaka") == "p3"  # named at any club
    assert access_of(_league(), KEY) == Access("host", "kyoto", "abcdefgh")
    assert access_of(_league(), KEY.upper()) == Access("host", "kyoto", "abcdefgh")  # as typed from a card
    assert access_of(_league(), KEY[:-1] + "r") is None and access_of(_league(), "abcdefgh") is None


def test_a_name_typed_is_a_player_or_asked_about() -> None:
    """Known at the club or anywhere: that player; the same name at another club, or a name that only
    looks like a known one (another case, another script), anywhere: asked about, never guessed."""
    assert match_name(_league(), "Aki", "kyoto") == ("p1", None)
    assert match_name(_league(), "Beni", "osaka") == ("p3", None)
    assert match_name(_league(), "Aki", "osaka") == (None, "p1")
    assert match_name(_league(), "AKI", "osaka") == (None, "p1")
    assert match_name(_league(), "Аki", "kyoto") == (None, "p1")  # a Cyrillic A
    assert match_name(_league(), "Chie", "kyoto") == (None, None)


def _refusal(payload: object, league: League | None = None) -> tuple[str, str]:
    league = league or _league()
    with pytest.raises(IllegalEvent) as refused:
        apply(league, Step(league.head + 1, payload.EVENT_TYPE, payload))  # type: ignore[attr-defined, arg-type]
    return refused.value.code, refused.value.reason


def test_the_league_refuses_what_its_record_does_not_allow() -> None:
    assert _refusal(ClubOpened(club="kyoto", name="again")) == (
        "league.club.exists",
        "the league has a club kyoto already",
    )
    assert _refusal(KeyIssued(club="nara", role="host", key_id="cccccccc", digest="0" * 64)) == (
        "league.club.unknown",
        "no club nara in the league; add it with `taikyoku club add nara`",
    )
    assert _refusal(KeyIssued(club="kyoto", role="host", key_id="abcdefgh", digest="0" * 64)) == (
        "league.key.exists",
        "a key abcdefgh was made already; make another",
    )
    assert _refusal(KeyIssued(club=None, role="host", key_id="cccccccc", digest="0" * 64)) == (
        "league.key.role",
        "a league key has no club, and a club's key is its host's or a referee's",
    )
    assert _refusal(KeyIssued(club="kyoto", role="league", key_id="cccccccc", digest="0" * 64))[0] == "league.key.role"
    unknown = ("league.club.unknown", "no club nara in the league; add it with `taikyoku club add nara`")
    assert _refusal(Claimed(club="nara", streams=("night-nara-1",))) == unknown
    assert _refusal(PersonNamed(person="p1", name="Aki", club="nara")) == unknown
    assert _refusal(KeyRevoked(key_id="zzzzzzzz", reason="x")) == (
        "league.key.unknown",
        "no key zzzzzzzz; `taikyoku club keys` lists them",
    )
    league = _league()
    revoked = apply(league, Step(_league().head + 1, "league.key_revoked", KeyRevoked(key_id="abcdefgh", reason="lost"),
                                 recorded_at="2026-12-05T21:00:00.000000Z"))  # fmt: skip
    assert _refusal(KeyRevoked(key_id="abcdefgh", reason="x"), revoked) == (
        "league.key.revoked",
        "the key abcdefgh was revoked at 2026-12-05T21:00:00.000000Z",
    )
    with pytest.raises(AccessRefused) as refused:
        access_of(revoked, KEY)
    assert str(refused.value) == "this key was revoked at 2026-12-05 21:00; ask the league for a new one"
    assert league.keys["abcdefgh"].revoked_at is None  # apply left the league it was given as it was
    assert _refusal(Claimed(club="osaka", streams=("night-osaka-1", "night-kyoto-1-t3"))) == (
        "league.claim.other_club",
        "night-kyoto-1-t3 is club kyoto's, not osaka's",
    )
    assert _refusal(PersonAdded(person="p1", name="X")) == ("league.person.exists", "a player p1 is on record already")
    assert _refusal(PersonNamed(person="p9", name="X")) == (
        "league.person.unknown",
        "no player p9 on record; `taikyoku league players` lists them",
    )
    assert _refusal(PersonNamed(person="p3", name="Aki", club="kyoto")) == (
        "league.name.taken",
        "Aki at kyoto is p1 already; merge the two records",
    )
    merged = apply(
        _league(), Step(_league().head + 1, "league.merged", PersonsMerged(into="p1", merged="p2", reason="x"))
    )
    assert merged.person_of("Aki T.", "osaka") == "p1" and merged.merged_into("p2") == "p1"
    onward = apply(merged, Step(merged.head + 1, "league.merged", PersonsMerged(into="p3", merged="p1", reason="x")))
    assert onward.person_of("Aki T.", "osaka") == "p3" and onward.merged_into("p2") == "p3"  # followed to the end
    assert _refusal(PersonsMerged(into="p2", merged="p1", reason="x"), merged) == (
        "league.merge.same",
        "p1 and p2 are one player already",
    )
    assert _refusal(PersonsMerged(into="p3", merged="p2", reason="x"), merged) == (
        "league.merge.merged",
        "p2 is merged into p1 already; merge that record",
    )
    assert _refusal(MergeUndone(merge=3, reason="x"), merged) == (
        "league.unmerge.unknown",
        "no merge stands at seq 3; `taikyoku league players` lists them",
    )
    apart = apply(merged, Step(merged.head + 1, "league.unmerged", MergeUndone(merge=merged.head, reason="x")))
    assert apart.person_of("Aki T.", "osaka") == "p2" and apart.merges == {}


def _as_recorded(person: Person) -> tuple[object, ...]:
    return person.person, person.name, person.ema_number, person.country, person.names


def test_the_league_holds_every_field_of_its_record() -> None:
    """What the fold keeps is what was recorded: a club's name, a key's every field (never the key),
    a person's, the names typed, the streams claimed, the ranking declared; a ranking whose figures
    do not hold, or an event that is not the league's, refused."""
    from events.league import RankingDeclared
    from events.night import NightClosed

    assert _league().clubs == {"kyoto": "Kyoto North", "osaka": "Osaka Bay"}
    key = _league().keys["abcdefgh"]
    assert (key.key_id, key.club, key.role, key.digest, key.label, key.issued_at, key.revoked_at) == (
        "abcdefgh", "kyoto", "host", digest_of(KEY), "Ann", "2026-12-05T20:03:00.000000Z", None)  # fmt: skip
    assert _as_recorded(_league().persons["p3"]) == ("p3", "Beni", "04010001", "NL", [(None, "Beni")])
    aki = _league().persons["p1"]
    assert _as_recorded(aki) == ("p1", "Aki", None, None, [("kyoto", "Aki")])
    assert _league().owners == {"night-kyoto-1": "kyoto"} and _league().head == 10
    assert _league().named[("kyoto", "Aki")] == "p1" and _league().named[(None, "Beni")] == "p3"
    again = apply(_league(), Step(11, "league.named", PersonNamed(person="p1", name="Aki", club="kyoto")))
    assert again.named[("kyoto", "Aki")] == "p1"  # the same name for the same player: taken again, no refusal
    assert _refusal(PersonNamed(person="p1", name="Beni")) == (
        "league.name.taken",
        "Beni in the league is p3 already; merge the two records",
    )
    declared = apply(
        _league(), Step(11, "league.ranking", RankingDeclared(game="riichi", method="glicko", options={"c": 50.0}))
    )
    assert declared.rankings["riichi"].options == {"c": 50.0}
    assert _refusal(RankingDeclared(game="riichi", method="glicko", options={"k": 1})) == (
        "league.ranking.options",
        "the glicko ranking takes start, deviation, c; not k",
    )
    assert _refusal(NightClosed()) == (
        "league.unknown_event",
        "the league's stream holds league events, not night.closed",
    )
    league = _league()
    copied = league.copy()
    copied.persons["p1"].names.append((None, "x"))
    copied.keys["abcdefgh"].revoked_at = "now"
    assert league.persons["p1"].names == [("kyoto", "Aki")] and league.keys["abcdefgh"].revoked_at is None


def test_a_copy_carries_every_record_and_a_claimed_table_is_its_clubs() -> None:
    """Applied on a league that holds them, an event leaves the persons, the rankings and the claims
    as they were; a table claimed alone (its night not) is its club's; a club whose id holds "-t"
    keeps its tables."""
    from events.league import RankingDeclared

    league = apply(_league(), Step(11, "league.ranking", RankingDeclared(game="riichi", method="totals", options={})))
    later = apply(league, Step(12, "league.claimed", Claimed(club="osaka", streams=("night-osaka-1-t2", "night-to-1"))))
    aki = later.persons["p1"]
    assert _as_recorded(aki) == ("p1", "Aki", None, None, [("kyoto", "Aki")])
    assert _as_recorded(later.persons["p3"]) == ("p3", "Beni", "04010001", "NL", [(None, "Beni")])
    assert later.rankings["riichi"].method == "totals" and later.clubs == league.clubs
    assert (later.owner("night-osaka-1-t2"), later.owner("night-osaka-1-t3"), later.owner("night-to-1-t4")) == (
        "osaka", None, "osaka")  # fmt: skip


def test_a_night_is_said_qualifying_and_taken_back_and_a_copy_keeps_it() -> None:
    """The league says a night's players qualified for it (MERS +1), and takes it back; a night
    said twice the same way, or no night's id, refused; a copy keeps the qualified nights and
    shares none of them."""
    from events.league import NightQualified

    said = apply(
        _league(), Step(11, "league.qualified", NightQualified(night="night-kyoto-1", qualified=True, reason="x"))
    )
    assert said.qualified == {"night-kyoto-1"} and _league().qualified == set()
    later = apply(said, Step(12, "league.claimed", Claimed(club="osaka", streams=("night-osaka-1",))))
    assert later.qualified == {"night-kyoto-1"}
    copied = later.copy()
    copied.qualified.add("night-osaka-1")
    assert later.qualified == {"night-kyoto-1"}
    assert _refusal(NightQualified(night="night-kyoto-1", qualified=True, reason="x"), said) == (
        "league.qualified.unchanged", "night-kyoto-1 is already qualifying")  # fmt: skip
    assert _refusal(NightQualified(night="night-kyoto-1", qualified=False, reason="x")) == (
        "league.qualified.unchanged", "night-kyoto-1 is already not qualifying")  # fmt: skip
    assert _refusal(NightQualified(night="match-1", qualified=True, reason="x")) == (
        "league.qualified.not_a_night", "match-1 is no night's id (a night's is night-...)")  # fmt: skip
    back = apply(said, Step(12, "league.qualified", NightQualified(night="night-kyoto-1", qualified=False, reason="y")))
    assert back.qualified == set()
