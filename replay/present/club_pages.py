"""The club's printed pages, as the server serves them: the season's standings, a player's page, a
night's result sheet, one page of a night's QR codes, and the server's own plain pages (a refusal,
"behind"). Each is drawn from what the application answers; every text in it escaped. No I/O."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import quote

from replay.app.shown import Grid, ordinal
from replay.present.page import shell

_PLAIN_STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;margin:1em;background:#f6f3ea}li{margin:.5em 0}"
    "table{border-collapse:collapse}td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #ddd}"
)
_CODES_STYLE = (
    "body{font:16px/1.4 system-ui,sans-serif;margin:1em}ul{list-style:none;padding:0;display:grid;"
    "grid-template-columns:repeat(auto-fill,minmax(240px,1fr));gap:1em}li{break-inside:avoid}"
    "svg{width:200px;height:200px}"
)
HOST_ONLY = "This page opens on the serving laptop, or on another device with the host link `taikyoku serve` printed."


def plain_page(title: str, body: str, head: str = "") -> str:
    """A page of the server's own words (a refusal, a result sheet): the one shell, no script."""
    return shell(title, body, style=_PLAIN_STYLE, head=head)


def said_page(text: str, head: str = "") -> str:
    """One sentence as a page (a refusal, the store behind)."""
    return plain_page("taikyoku", f'<p id="said">{html.escape(text)}</p>', head=head)


def behind_page() -> str:
    """The store cannot be read just now: the page says so and tries again by itself."""
    return plain_page(
        "taikyoku: behind",
        '<p id="behind">behind: the server cannot read the record just now; this page tries again by itself</p>',
        head='<meta http-equiv="refresh" content="2">\n',
    )


def quoted(text: object) -> str:
    """A path segment of a link, escaped for the page."""
    return html.escape(quote(str(text), safe=""))


def heading(column: str) -> str:
    """A column's name in words: ``average_place`` -> "average place", ``place_1`` -> "1st places"."""
    if column.startswith("place_") and column[6:].isdigit():
        number = int(column[6:])
        return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number, 'th') } places"
    return column.replace("_", " ")


def rows_table(rows: Sequence[Mapping[str, Any]], links: Mapping[str, Callable[[Any], str]]) -> str:
    """Rows as an HTML table, every cell escaped (a column in ``links`` made a link)."""
    if not rows:
        return "<p>nothing yet</p>"
    columns = list(dict.fromkeys(key for row in rows for key in row))
    head = "".join(f"<th>{html.escape(heading(str(c)))}</th>" for c in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{links[c](row.get(c, '')) if c in links else html.escape(str(row.get(c, '')))}</td>" for c in columns
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def file_name(name: str) -> str:
    """A player's name as a file's (a download named after the player): ASCII letters, digits and - kept."""
    kept = re.sub("-+", "-", "".join(c if (c.isascii() and c.isalnum()) or c in "-_" else "-" for c in name))
    return kept.strip("-")[:60] or "player"


def season_page(found: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """The season's standings of one game, each player's name a link to their page."""
    game = str(found["game"])
    links = {"player": lambda v: f'<a href="/players/{quoted(v)}">{html.escape(str(v))}</a>'}
    body = (
        f"<h1>The season: {html.escape(game)}</h1><p>{found['matches']} matches; {html.escape(found['unit'])}; "
        f'ranked from {found["min_games"]} games. <a href="/season?game={html.escape(game)}&amp;format=csv">CSV</a></p>'
        + rows_table(rows, links)
    )
    held = [{"achievement": a["achievement"], "held by": ", ".join(a["players"]), "figure": a["value"],
             "what it is for": a["means"]} for a in found.get("achievements", [])]  # fmt: skip
    if held:
        body += "<h2>Achievements</h2>" + rows_table(held, {})
    return plain_page(f"taikyoku: the season ({game})", body)


def player_page(name: str, found: dict[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """A player's games by game (average place and result, rating), a chart of the places and (where the game has them)
    of the han of the wins, the game's figures for the player, the achievements held, and every
    match of theirs."""
    return plain_page(
        f"taikyoku: {name}",
        f"<h1>{html.escape(name)}</h1>" + _player_body(name, found, rows, f"/players/{quoted(name)}"),
    )


def person_page(found: dict[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """A player's page across the league's clubs: their record, the names they were typed as, the
    clubs, their place in the league's ranking of each game, then the player's page."""
    name, person = str(found["player"]), str(found["person"])
    record = ", ".join(x for x in (person, found["ema_number"] and f"EMA {found['ema_number']}", found["country"]) if x)
    typed = ", ".join(f"{n['name']} at {n['club']}" if n["club"] else n["name"] for n in found["names"])

    def standing(ranked: Mapping[str, Any]) -> str:
        return f"{ordinal(ranked['place'])} with {ranked['figure']}" if ranked["place"] is not None else "unranked"

    ranked = "".join(
        f'<li>{html.escape(game)}: {standing(r)} by {html.escape(r["method"])} '
        f'(<a href="/league?game={quoted(game)}">the league\'s ranking</a>)</li>'
        for game, r in found["ranking"].items()
    )  # fmt: skip
    head = (f"<h1>{html.escape(name)}</h1><p>{html.escape(record)}. Typed as {html.escape(typed)}; plays at "
            f"{html.escape(', '.join(found['clubs']) or 'no club yet')}.</p>"
            + (f'<h2>The league</h2><ul id="league-ranking">{ranked}</ul>' if ranked else ""))  # fmt: skip
    return plain_page(f"taikyoku: {name}", head + _player_body(name, found, rows, f"/league/players/{quoted(person)}"))


def _player_body(name: str, found: dict[str, Any], rows: Sequence[Mapping[str, Any]], address: str) -> str:
    from replay.present.rows import player_tables
    from replay.present.stats_page import bar_chart

    facts = "".join(
        f"<li>{html.escape(game)}: {g['games']} games, average place {g['average_place']}, average result "
        f"{g['average_result']:+g}, rating {(g['rating'][-1]['rating'] if g['rating'] else 1500):.0f}</li>"
        for game, g in found["games"].items()
    )
    sections = []
    for game, grids in player_tables(found).items():
        facts_of = found["games"][game]
        places = {ordinal(int(place)): times for place, times in facts_of["places"].items()}
        charts = bar_chart(f"places-{game}", f"{html.escape(game)}: places", places)
        for ruleset, figures in facts_of["figures"].items() if isinstance(facts_of["figures"], dict) else ():
            for row in figures if isinstance(figures, list) else ():
                if row.get("han"):
                    charts += bar_chart(f"han-{game}-{ruleset}", f"{html.escape(game)} under {html.escape(ruleset)}: "
                                        "the han of the wins", {f"{h} han" if h != "yakuman" else h: n
                                                                for h, n in row["han"].items()})  # fmt: skip
        sections.append(f"<h2>{html.escape(game)}</h2>{charts}" + "".join(grid_table(g) for g in grids))
    tonight = "".join(
        f'<li data-night="{html.escape(t["night_id"])}">{html.escape(t["title"])}, session {t["session"]}: '
        + (f'table <a href="/tables/{quoted(t["table"]["match_id"])}">{html.escape(t["table"]["match_id"])}</a>, '
           f'{t["table"]["wind"]}, with {html.escape(", ".join(p for p in t["table"]["players"] if p != name))}'
           f' ({html.escape(t["table"]["status"])})' if t["table"] else "not seated this session")
        + (f'; {ordinal(t["place"])} of {t["of"]}, {html.escape(t["shown"])}' if t["place"] else "")
        + "</li>"
        for t in found.get("tonight", [])
    )  # fmt: skip
    return (
        (f'<h2>Tonight</h2><ul id="tonight">{tonight}</ul>' if tonight else "")
        + f"<ul>{facts or '<li>no match ended yet</li>'}</ul>" + "".join(sections)
        + f'<h2>Every match</h2><p><a href="{address}?format=csv">CSV</a></p>' + rows_table(rows, {})
    )  # fmt: skip


def grid_table(grid: Grid) -> str:
    """A game's grid as an HTML table with its caption, every cell escaped."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in grid.header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in grid.rows)
    return (f'<table data-table="{html.escape(grid.name, quote=True)}"><caption>{html.escape(grid.title)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")  # fmt: skip


def night_page(sheet: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """A night's result sheet: each game's standings (* provisional), then every table's rows."""
    night = str(sheet["night_id"])
    standings = "".join(
        f"<h2>The night's standings: {html.escape(game)}</h2>"
        + rows_table(
            [
                {
                    "#": i + 1,
                    "player": p["player"] + (" *" if p["provisional"] else ""),
                    "total": p["shown"],
                    "tables": p["tables"],
                }
                for i, p in enumerate(players)
            ],
            {},
        )
        for game, players in sheet["standings"].items()
    )
    teams = ""
    if sheet.get("teams"):
        teams = "<h2>The teams</h2>" + rows_table(
            [{"#": t["place"], "team": t["team"], "total": t["shown"], "players": ", ".join(t["players"])}
             for t in sheet["teams"]], {})  # fmt: skip
    hidden = sheet.get("results_hidden_from")
    note = f"<p>The results of session {hidden} on are hidden until the director shows them.</p>" if hidden else ""
    links = (f'<a href="/nights/{quoted(night)}?format=csv">CSV</a> · '
             f'<a href="/nights/{quoted(night)}?format=teams">teams (CSV)</a> · '
             f'<a href="/nights/{quoted(night)}?format=ema">the EMA\'s results (CSV)</a>')  # fmt: skip
    body = (
        f"<h1>{html.escape(sheet['title'])} ({html.escape(night)})</h1>"
        f"<p>{links}</p>{note}{standings}{teams}<h2>Every table</h2>" + rows_table(rows, {})
    )
    return plain_page(f"taikyoku: {sheet['title']}", body)


def codes_page(sheet: Mapping[str, Any]) -> str:
    """One page of the latest session's QR codes, to show or print: each table with its players."""
    items = []
    for session in sheet["sessions"][-1:]:
        for table in session["tables"]:
            if "qr" in table:
                who = html.escape(", ".join(table["players"]))
                items.append(f'<li class="code" data-match="{html.escape(table["match_id"])}"><h2>'
                             f'{html.escape(table["match_id"])}</h2><p>{who}</p>{table["qr"]}</li>')  # fmt: skip
    body = f"<h1>{html.escape(sheet['title'])}: scan the code at your table</h1><ul>{''.join(items)}</ul>"
    return shell(f"{sheet['title']}: codes", body, style=_CODES_STYLE)


def host_tables(links: Sequence[tuple[str, str, str]]) -> str:
    """The host's list of tables in play: (match, its link, its QR code as inline SVG) each."""
    items = "".join(
        f'<li><a href="{html.escape(link)}">{html.escape(match)}</a><br>{qr}</li>' for match, link, qr in links
    )
    return f"<h1>Tables: scan at the table</h1><ul>{items}</ul>"


def person_link(person: str) -> str:
    """A record's id as the link to its page across the clubs (none for a name with no record)."""
    return f'<a href="/league/players/{quoted(person)}">{html.escape(person)}</a>' if person else ""


def players_page(rows: Sequence[Mapping[str, Any]]) -> str:
    """The league's players, a row a record, each linked to their page across the clubs."""
    body = ('<h1>The league\'s players</h1><p><a href="/league/players?format=csv">CSV</a> '
            '<a href="/api/league/players">JSON</a></p>' + rows_table(rows, {"person": person_link}))  # fmt: skip
    return plain_page("taikyoku: the league's players", body)


def league_page(found: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> str:
    """The league's ranking of one game across its clubs: each player once, their figure, and the
    events that made it (a row each), with its CSV and JSON."""
    game = html.escape(str(found["game"]))
    method = html.escape(str(found["method"]))
    said = "the league's declared ranking" if found["declared"] else "not the league's declared ranking"
    body = (
        f"<h1>The league: {game}</h1><p>By {method} ({said}) on {html.escape(str(found['on']))}, over "
        f'{found["events"]} events. <a href="/league?game={game}&amp;method={method}&amp;format=csv">CSV</a> '
        f'<a href="/api/league/ranking?game={game}&amp;method={method}">JSON</a></p>'
        + rows_table(rows, {"person": person_link})
    )
    return plain_page(f"taikyoku: the league ({found['game']})", body)
