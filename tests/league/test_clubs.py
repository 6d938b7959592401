"""Two clubs of a league on one PostgreSQL server, each with its host's and a referee's key: each
runs its own nights, and nothing one club's key asks of the other club's night is done, through
the JSON API, the pages or the command line; a key revoked mid-night opens nothing from the next
request on, with no restart. Every refusal is matched whole, and nothing is written by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import Cli
from tests.serving import Server

pytestmark = pytest.mark.postgres

KYOTO = ["Aki", "Beni", "Chie", "Dai"]
OSAKA = ["Eri", "Fumi", "Gen", "Hana"]


def _key(cli: Cli, club: str, role: str) -> str:
    made = cli("club", "key", club, "--role", role, "--label", f"{club} {role}")
    assert made.code == 0, made.err
    assert made.err == f"key {made.out[:8]} ({role} of {club}); it is shown this once: keep it\n"
    return made.out.strip()


def _other_club(night: str, owner: str, mine: str) -> dict[str, str]:
    return {"error": f"{night} is club {owner}'s, and this key is club {mine}'s; use a key of club {owner}",
            "code": "auth.other_club"}  # fmt: skip


REFEREE = {
    "error": "a referee's key corrects and penalises; opening, seating, the clock and the close are the club host's",
    "code": "auth.referee",
}


def test_two_clubs_on_one_server_each_keep_to_their_own(pg_url: str, capsys: pytest.CaptureFixture[str],
                                                        secret: Path) -> None:  # fmt: skip
    """Plants: a host route that checks only that a key is the league's (any club's key would
    seat any night); a referee allowed to seat; a club's nights listed to another club; a revoked
    key still opening until a restart."""
    cli = Cli(pg_url, capsys)
    assert cli("club", "add", "kyoto", "--name", "Kyoto North").code == 0
    assert cli("club", "add", "osaka", "--name", "Osaka Bay").code == 0
    keys = {(club, role): _key(cli, club, role) for club in ("kyoto", "osaka") for role in ("host", "referee")}
    listed = cli("club", "keys", "--json").json()
    assert [(k["club"], k["role"], k["revoked_at"]) for k in listed] == [
        ("kyoto", "host", None), ("kyoto", "referee", None), ("osaka", "host", None), ("osaka", "referee", None)
    ]  # fmt: skip
    assert all("key" not in k for k in listed)  # never shown again
    server = Server(pg_url, secret)
    try:
        kyoto_host, kyoto_ref = keys[("kyoto", "host")], keys[("kyoto", "referee")]
        osaka_host, osaka_ref = keys[("osaka", "host")], keys[("osaka", "referee")]
        # Each club's host opens its night; a referee may not.
        status, body = server.call("POST", f"/api/host/nights?key={kyoto_host}", {"game": "riichi", "players": KYOTO})
        assert status == 201, body
        kyoto = body["night_id"]
        assert kyoto.startswith("night-kyoto-")
        status, body = server.call("POST", f"/api/host/nights?key={osaka_host}", {"game": "riichi", "players": OSAKA})
        assert status == 201, body
        osaka = body["night_id"]
        assert server.call("POST", f"/api/host/nights?key={osaka_ref}", {"game": "riichi", "players": OSAKA}) == (
            403, REFEREE)  # fmt: skip
        # Each host lists its own club's nights alone; the league's laptop lists both.
        status, body = server.call("GET", f"/api/host/nights?key={osaka_host}")
        assert [n["night_id"] for n in body["nights"]] == [osaka]
        assert {n["night_id"] for n in server.call("GET", "/api/host/nights")[1]["nights"]} == {kyoto, osaka}
        status, seated = server.call("POST", f"/api/host/nights/{kyoto}/seat?key={kyoto_host}", {})
        assert status == 200, seated
        table = seated["sessions"][0]["tables"][0]["match_id"]
        before = cli("log", kyoto, "--json").json()
        # Osaka's keys: every write to Kyoto's night refused, whole.
        for path, body_sent in (
            (f"/api/host/nights/{kyoto}/seat", {"again": True}),
            (f"/api/host/nights/{kyoto}/players", {"players": KYOTO[:3]}),
            (f"/api/host/nights/{kyoto}/clock", {"minutes": 60}),
            (f"/api/host/nights/{kyoto}/hide", {"from_session": 1}),
            (f"/api/host/nights/{kyoto}/penalty", {"player": "Aki", "points": -20, "reason": "slow"}),
            (f"/api/host/nights/{kyoto}/undo", {"match": table}),
            (f"/api/host/nights/{kyoto}/close", None),
        ):
            for key in (osaka_host, osaka_ref):
                assert server.call("POST", f"{path}?key={key}", body_sent) == (
                    403,
                    _other_club(kyoto, "kyoto", "osaka"),
                )
        # ... and the reads that show hidden results: the host's sheet and its page of codes.
        assert server.call("GET", f"/api/host/nights/{kyoto}?key={osaka_ref}") == (
            403, _other_club(kyoto, "kyoto", "osaka"))  # fmt: skip
        status, _headers, page = server.raw("GET", f"/host/nights/{kyoto}/codes?key={osaka_host}")
        assert status == 403 and b"auth.other_club" in page
        # The host's page of Osaka links Osaka's tables, none of Kyoto's (a link holds a table's token).
        status, _headers, page = server.raw("GET", f"/host?key={osaka_host}")
        assert status == 200 and table.encode() not in page
        assert table.encode() in server.raw("GET", f"/host?key={kyoto_host}")[2]
        # Kyoto's referee corrects but does not run the night.
        assert server.call("POST", f"/api/host/nights/{kyoto}/seat?key={kyoto_ref}", {"again": True}) == (403, REFEREE)
        status, body = server.call("POST", f"/api/host/nights/{kyoto}/penalty?key={kyoto_ref}",
                                   {"player": "Aki", "points": -20, "reason": "slow play"})  # fmt: skip
        assert status == 200 and [p["points"] for p in body["penalties"]] == [-20]
        after = cli("log", kyoto, "--json").json()
        assert len(after) == len(before) + 1  # the referee's penalty alone: no refused write left a trace
        # The league's administration is the league's: a club's host makes only its own referees' keys.
        assert server.call("POST", f"/api/league/clubs?key={kyoto_host}", {"club": "nara", "name": "Nara"}) == (
            403, {"error": "only a league key administers the clubs: send it in the X-Taikyoku-Host-Key header",
                  "code": "auth.league"})  # fmt: skip
        assert server.call("POST", f"/api/league/clubs/osaka/keys?key={kyoto_host}", {"role": "referee"}) == (
            403, {"error": "a club's host makes its own referees' keys; other keys are the league's to make",
                  "code": "auth.league"})  # fmt: skip
        status, made = server.call("POST", f"/api/league/clubs/kyoto/keys?key={kyoto_host}", {"role": "referee"})
        assert status == 201 and made["club"] == "kyoto" and len(made["key"]) == 35
        # The command line with a club's key: refused the same way, in one line, exit 2, nothing written.
        refused = cli("night", "seat", kyoto, "--again", "--key", osaka_host)
        assert (refused.code, refused.err) == (
            2,
            f"taikyoku: error: {kyoto} is club kyoto's, and this key is club osaka's; use a key of club kyoto\n",
        )
        refused = cli("night", "penalty", kyoto, "Aki", "--points", "-5", "--reason", "x", "--key", osaka_ref)
        assert refused.code == 2 and "auth" not in refused.err and "is club kyoto's" in refused.err
        assert cli("log", kyoto, "--json").json() == after
        # Opening a night under the id of another club's (or the league's) is refused before any claim.
        taken = cli(
            "night", "open", "riichi", *[a for p in OSAKA for a in ("-p", p)], "--id", kyoto, "--key", osaka_host
        )
        assert (taken.code, taken.err) == (2, f"taikyoku: error: {kyoto} already exists; choose another id\n")
        assert cli("night", "list", "--club", "osaka", "--json").json()[0]["night_id"] == osaka
        # A key revoked mid-night: refused from its next request on, the server not restarted.
        assert cli("club", "revoke", osaka_ref[:8], "--reason", "left the club").code == 0
        status, body = server.call("POST", f"/api/host/nights/{osaka}/penalty?key={osaka_ref}",
                                   {"player": "Eri", "points": -10, "reason": "late"})  # fmt: skip
        assert status == 403 and body["code"] == "auth.revoked"
        assert body["error"].startswith("this key was revoked at ") and body["error"].endswith(
            "; ask the league for a new one"
        )
        status, body = server.call("POST", f"/api/host/nights/{osaka}/penalty?key={osaka_host}",
                                   {"player": "Eri", "points": -10, "reason": "late"})  # fmt: skip
        assert status == 200  # the club's other keys still open
        # A key rotated: a new one for its holder, the old refused from the next request on.
        status, rotated = server.call("POST", f"/api/league/keys/{kyoto_ref[:8]}/rotate?key={kyoto_host}",
                                      {"reason": "phone lost"})  # fmt: skip
        assert status == 201 and len(rotated["key"]) == 35 and rotated["key"][:8] == rotated["key_id"]
        assert {k: rotated[k] for k in ("club", "role", "label", "replaces")} == {
            "club": "kyoto", "role": "referee", "label": "kyoto referee", "replaces": kyoto_ref[:8]}  # fmt: skip
        penalty = {"player": "Aki", "points": -1, "reason": "late"}
        status, body = server.call("POST", f"/api/host/nights/{kyoto}/penalty?key={kyoto_ref}", penalty)
        assert (status, body["code"]) == (403, "auth.revoked")
        assert server.call("POST", f"/api/host/nights/{kyoto}/penalty?key={rotated['key']}", penalty)[0] == 200
        assert server.call("POST", f"/api/league/keys/{kyoto_host[:8]}/rotate?key={osaka_host}", {}) == (403, {
            "error": "a club's host rotates its own key and its referees'; other keys are the league's to rotate",
            "code": "auth.league"})  # fmt: skip
        by_cli = cli("club", "rotate", osaka_host[:8], "--reason", "handed over")
        assert by_cli.code == 0 and len(by_cli.out.strip()) == 35
        assert by_cli.err == (f"key {by_cli.out[:8]} (host of osaka) replaces {osaka_host[:8]}, revoked; it is shown "
                              "this once: keep it\n")  # fmt: skip
        assert server.call("GET", f"/api/host/nights/{osaka}?key={osaka_host}")[1]["code"] == "auth.revoked"
        assert server.call("GET", f"/api/host/nights/{osaka}?key={by_cli.out.strip()}")[0] == 200
        status, own = server.call("POST", f"/api/league/keys/{kyoto_host[:8]}/rotate?key={kyoto_host}", {})
        assert (status, own["club"], own["role"], own["replaces"]) == (201, "kyoto", "host", kyoto_host[:8])
        assert server.call("GET", f"/api/host/nights/{kyoto}?key={own['key']}")[0] == 200  # a host rotates its own
        assert server.call("GET", f"/api/host/nights/{kyoto}?key={kyoto_host}")[1]["code"] == "auth.revoked"
        again = cli("club", "rotate", osaka_ref[:8])
        assert again.code == 2 and again.err.startswith(f"taikyoku: error: the key {osaka_ref[:8]} was revoked at ")
        assert again.err.endswith("; make a new one with `taikyoku club key`\n") and again.err.count("\n") == 1
        # Each club's room screen and season: its own tables alone.
        status, room = server.call("GET", "/api/room?club=osaka")
        assert status == 200 and {t["match_id"].rsplit("-t", 1)[0] for t in room["tables"]} <= {osaka}
        status, room = server.call("GET", "/api/room?club=kyoto")
        assert {t["match_id"] for t in room["tables"]} == {t["match_id"] for t in seated["sessions"][0]["tables"]}
        assert server.call("GET", "/api/room?club=nara") == (
            422, {"error": "no club 'nara' in the league; `taikyoku club list` (or /api/clubs) lists them",
                  "code": "league.club.unknown"})  # fmt: skip
        assert [c["club"] for c in server.call("GET", "/api/clubs")[1]] == ["kyoto", "osaka"]
    finally:
        server.stop()
