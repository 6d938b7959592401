"""`taikyoku stats --html`: one self-contained page of tables and charts, drawn as inline SVG.

Nothing is fetched: no script, font or style from anywhere else. The figures come from the same
``stats.compute`` answer that ``stats --json`` prints, which the page also carries whole (in a
``<script type="application/json">`` block) for anyone who wants to check it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from replay.app.shown import figure, ordinal, signed
from replay.present.page import embedded_json, shell
from replay.present.rows import game_tables

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
PLACE_COLOURS = ("#2ca02c", "#1f77b4", "#ff7f0e", "#d62728")
PLACE_NAMES = ("green", "blue", "orange", "red")  # the colours above, written out
MOST_LINES = 8  # players drawn in one points-over-time chart: more would not be read
MOST_YAKU = 20
MOST_BARS = 24  # players in one placement chart


def _text(value: object) -> str:
    return escape(str(value), quote=True)


def _table(caption: str, header: list[str], rows: list[list[str]], name: str) -> str:
    head = "".join(f"<th>{_text(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(_cell(c) for c in row) + "</tr>" for row in rows)
    table = f'<table data-table="{_text(name)}"><caption>{_text(caption)}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
    return f'<div class="scroll">{table}</div>'  # a wide table scrolls inside itself on a phone'


def _chart(chart: str, caption: str, width: int, height: int, parts: list[str], after: str = "") -> str:
    """One chart: a figure with its caption, the SVG drawn from ``parts``, and what follows it."""
    return (
        f'<figure data-chart="{_text(chart)}"><figcaption>{caption}</figcaption>'
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{caption}" style="max-width:{width}px">{"".join(parts)}</svg>'
        f"{after}</figure>"
    )


def _cell(value: str) -> str:
    numeric = value.strip("+-%").replace(",", "").replace(".", "").isdigit() or value == "-"
    return f"<td>{_text(value)}</td>" if numeric else f'<td class="text">{_text(value)}</td>'


def _points_chart(game: str, timeline: list[dict[str, Any]], unit: str) -> str:
    """Each player's running total after each complete match, in the game's unit."""
    if not timeline:
        return ""
    totals: dict[str, int] = {}
    series: dict[str, list[tuple[int, int]]] = {}
    for index, point in enumerate(timeline):
        for name, value in point["points"].items():
            totals[name] = totals.get(name, 0) + value
            # Each line starts at 0 just before the player's first match, so one match is a line too.
            series.setdefault(name, [(index, 0)]).append((index + 1, totals[name]))
    shown = sorted(totals, key=lambda n: (-totals[n], n))[:MOST_LINES]
    width, height, left, bottom = 640, 260, 56, 28
    values = [v for name in shown for _, v in series[name]] + [0]
    low, high = min(values), max(values)
    span = (high - low) or 1
    steps = len(timeline)

    def x(i: int) -> float:
        return left + (width - left - 10) * (i / steps)

    def y(v: int) -> float:
        return 10 + (height - bottom - 10) * (1 - (v - low) / span)

    parts = [
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - 10}" y2="{y(0):.1f}" stroke="#999" stroke-dasharray="4 3"/>'
    ]
    parts.append(f'<text x="4" y="{y(high) + 4:.1f}" font-size="11">{figure(high)}</text>')
    parts.append(f'<text x="4" y="{y(low) + 4:.1f}" font-size="11">{figure(low)}</text>')
    parts.append(f'<text x="{left}" y="{height - 8}" font-size="11">{_text(timeline[0]["date"])}</text>')
    parts.append(f'<text x="{width - 90}" y="{height - 8}" font-size="11">{_text(timeline[-1]["date"])}</text>')
    legend = []
    for n, name in enumerate(shown):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in series[name])
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{points}"><title>{_text(name)}: {figure(totals[name])}</title></polyline>'
        )
        legend.append(f'<span class="key" style="border-color:{colour}">{_text(name)} {figure(totals[name])}</span>')
    hidden = len(totals) - len(shown)
    note = f'<p class="note">{hidden} more players not drawn.</p>' if hidden > 0 else ""
    caption = f"{_text(game)}: {_text(unit)} over time, running total after each complete match"
    return _chart(f"points-{game}", caption, width, height, parts, f'<div class="legend">{"".join(legend)}</div>{note}')


def _places_chart(game: str, rows: list[dict[str, Any]]) -> str:
    """Each player's placements, as shares of a bar."""
    placed = sorted((r for r in rows if sum(r["places"])), key=lambda r: (-sum(r["places"]), r["player"]))
    if not placed:
        return ""
    hidden = len(placed) - MOST_BARS
    placed = placed[:MOST_BARS]
    width, bar, left = 640, 20, 140
    height = 10 + len(placed) * (bar + 8)
    parts = []
    for n, row in enumerate(placed):
        top = 10 + n * (bar + 8)
        total = sum(row["places"])
        start = float(left)
        parts.append(f'<text x="4" y="{top + 14}" font-size="12">{_text(row["player"][:20])}</text>')
        for place, count in enumerate(row["places"]):
            if not count:
                continue
            size = (width - left - 10) * count / total
            parts.append(
                f'<rect x="{start:.1f}" y="{top}" width="{size:.1f}" height="{bar}" fill="{PLACE_COLOURS[place % 4]}">'
                f"<title>{_text(row['player'])}: {place + 1} place {count} times</title></rect>"
            )
            if size > 18:
                parts.append(f'<text x="{start + 4:.1f}" y="{top + 14}" font-size="11" fill="#fff">{count}</text>')
            start += size
    keys = "".join(
        f'<span class="key" style="border-color:{PLACE_COLOURS[i]}">{ordinal(i + 1)}</span>'
        for i in range(len(placed[0]["places"]))
    )
    note = (
        f'<p class="note">The {MOST_BARS} players with the most placed matches; {hidden} more are in the table.</p>'
        if hidden > 0
        else ""
    )
    said = ('<p class="note">Each bar is one player\'s finished matches, split by place from the left: '
            + ", ".join(f"{i + 1}{('st', 'nd', 'rd', 'th')[i]} in {PLACE_NAMES[i]}" for i in range(len(placed[0]["places"])))
            + "; the number in a part is how many times.</p>")  # fmt: skip
    return _chart(f"places-{game}", f"{_text(game)}: placements", width, height, parts,
                  f'<div class="legend">{keys}</div>{said}{note}')  # fmt: skip


def _yaku_chart(game: str, counts: dict[str, int]) -> str:
    more = len(counts) - MOST_YAKU
    note = f'<p class="note">{more} rarer yaku are in the table below.</p>' if more > 0 else ""
    return bar_chart(f"yaku-{game}", f"{_text(game)}: yaku frequency", dict(list(counts.items())[:MOST_YAKU]), note)


def bar_chart(chart: str, caption: str, counts: dict[str, int], after: str = "") -> str:
    """A chart of one bar a count, in the order given, each labelled with its name and count
    (``caption`` already escaped); nothing where every count is none."""
    if not counts or max(counts.values()) <= 0:
        return ""
    shown = list(counts.items())
    width, bar, left = 640, 16, 220
    height = 10 + len(shown) * (bar + 6)
    top_count = shown[0][1]
    parts = []
    for n, (name, count) in enumerate(shown):
        top = 10 + n * (bar + 6)
        size = (width - left - 50) * count / top_count
        parts.append(f'<text x="4" y="{top + 12}" font-size="12">{_text(name[:32])}</text>')
        parts.append(
            f'<rect x="{left}" y="{top}" width="{size:.1f}" height="{bar}" fill="#1f77b4"><title>{_text(name)}: {count}</title></rect>'
        )
        parts.append(f'<text x="{left + size + 4:.1f}" y="{top + 12}" font-size="11">{count}</text>')
    return _chart(chart, caption, width, height, parts, after)


STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 980px; color: #222; padding: 0 1em; }
h1 { font-size: 1.5em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 1em 0; } caption { text-align: left; font-weight: 600; padding: .3em 0; }
th, td { border: 1px solid #ddd; padding: .25em .6em; text-align: right; } th { background: #f4f4f4; }
td:first-child, th:first-child, td.text { text-align: left; }
figure { margin: 1em 0; } figcaption { font-weight: 600; margin-bottom: .3em; }
svg { width: 100%; height: auto; display: block; }
.scroll { overflow-x: auto; max-width: 100%; } .scroll table { margin: .5em 0; }
.legend { display: flex; flex-wrap: wrap; gap: .4em 1em; } .key { border-left: 14px solid; padding-left: .4em; }
.note { color: #666; font-size: .9em; }
"""


def page(found: dict[str, Any]) -> str:
    """The whole page for a ``stats.compute`` answer."""
    sections = []
    filters = found["filters"]
    said = [f"{k} {', '.join(v) if isinstance(v, list) else v}" for k, v in filters.items() if v]
    own_tables = game_tables(found)
    for game, rows in found["standings"].items():
        seats = len(rows[0]["places"]) if rows else 0
        with_uma = bool(rows) and "uma" in rows[0]  # final results with oka and uma, where the game has them
        header = ["player", "matches", "rounds", *[f"{n + 1}{('st', 'nd', 'rd', 'th')[n]}" for n in range(seats)],
                  "avg place", "points", "wins"] + ([found["results"][game]["label"]] if with_uma else [])  # fmt: skip
        table_rows = [
            [r["player"], figure(r["matches"]), figure(r["rounds"]), *map(figure, r["places"]),
             figure(r["average_place"]), figure(r["points"]), figure(r["wins"])]
            + ([signed(r["uma"])] if with_uma else [])
            for r in rows
        ]  # fmt: skip
        unit = found["results"][game]["unit"] if with_uma else "points"
        sections.append(
            f"<h2>{_text(game)}</h2>"
            + _table(f"{game}: standings", header, table_rows, f"standings-{game}")
            + _points_chart(game, found["timeline"].get(game, []), unit)
            + _places_chart(game, rows)
            + _yaku_chart(game, found["yaku"].get(game, {}))
        )
        for table in own_tables.get(game, []):
            sections.append(_table(table.title, list(table.header), [list(row) for row in table.rows], table.name))
        counts = found["yaku"].get(game, {})
        if counts:
            sections.append(
                _table(
                    f"{game}: every yaku",
                    ["yaku", "times"],
                    [[k, figure(v)] for k, v in counts.items()],
                    f"yaku-{game}",
                )
            )
    data = embedded_json(found)
    body = "".join(sections) or "<p>No matches fit these filters (abandoned matches are never counted).</p>"
    return shell(
        "taikyoku statistics",
        f"<h1>Statistics: {found['matches']} matches</h1>"
        f'<p class="note">{_text("; ".join(said) or "every match in the store")}; abandoned matches are left out.</p>'
        f'{body}<script type="application/json" id="stats">{data}</script>',
        style=STYLE,
    )
