"""A person's page across the league's clubs: their record (name, EMA number, country, the names
they were typed as, the records merged into theirs) and every match they played at any club under
any of those names, counted as one player's, with the figures a player's page gives.

Each seat of every match is read as the person it is (``League.person_of``: the name typed, at the
match's club), so that a rating over time or an achievement counts the person once even where two
clubs typed them differently, and two clubs' players of one name stay two players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from events.errors import InputError

if TYPE_CHECKING:
    from replay.app.league_state import League

# A person's key among the seats' names: no name typed at a table holds a control character.
_MARK = "\x01"


def known_person(league: League, person: str) -> str:
    """``person`` once it is a record of the league's (else one line that says so)."""
    if person not in league.persons:
        raise InputError(f"no player {person!r} on record; `taikyoku league players` lists them",
                         code="league.person.unknown")  # fmt: skip
    return person


def key_of(person: str) -> str:
    """The person's key among the seats' names (``as_persons``)."""
    return f"{_MARK}{person}"


def as_persons(league: League, digests: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """The digests with each seat under its person's key (a name the league has no record of: under
    the name at its club), and each key's name as shown."""
    shown: dict[str, str] = {}
    keyed: dict[tuple[str | None, str], str] = {}
    renamed = []
    for digest in digests:
        club = league.owner(digest["match_id"])
        seats = []
        for name in digest["players"]:
            key = keyed.get((club, name))
            if key is None:
                key, shown[key] = person_key(league, name, club)
                keyed[(club, name)] = key
            seats.append(key)
        renamed.append(digest | {"players": seats})
    return renamed, shown


def person_key(league: League, name: str, club: str | None) -> tuple[str, str]:
    """The key of the person ``name`` typed at ``club``'s table is (``key_of``; a name the league has
    no record of: the name at its club), and the name it is shown as."""
    person = league.person_of(name, club)
    if person:
        return key_of(person), league.persons[person].name
    return f"{_MARK}{name}{_MARK}{club or ''}", name


def page_of(league: League, person: str, page: dict[str, Any], shown: dict[str, str],
            clubs: dict[str, str | None]) -> dict[str, Any]:  # fmt: skip
    """A player's page made over persons' keys (``seasons.player``), said with the names shown, and
    the person's record before it. ``clubs``: each match's club."""
    record = league.persons[person]

    def names(players: list[str]) -> list[str]:
        return [shown.get(p, p) for p in players]

    matches = [m | {"players": names(m["players"]), "club": clubs.get(m["match_id"])} for m in page["matches"]]
    games = {
        game: facts | {"achievements": [a | {"players": names(a["players"])} for a in facts["achievements"]]}
        for game, facts in page["games"].items()
    }
    merged_from = sorted(p for p in league.persons if p != person and league.merged_into(p) == person)
    return {
        "person": person,
        "player": record.name,
        "ema_number": record.ema_number,
        "country": record.country,
        "names": [
            {"club": club, "name": name} for p in (person, *merged_from) for club, name in league.persons[p].names
        ],
        "merged_from": merged_from,
        "clubs": sorted({c for c in (m["club"] for m in matches) if c}),
        "matches": matches,
        "games": games,
    }
