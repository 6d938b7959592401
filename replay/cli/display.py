"""What the CLI prints for people: stored and typed text is shown as text, never as markup, and
control characters are shown escaped, so no name, note, id or file can restyle, retitle or clear
a terminal. ``--json`` and CSV output do not pass through here: they keep the data as it is."""

from __future__ import annotations

import re
import sys
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from replay.present.layout import Grid

# C0 and C1 controls but tab and newline, DEL, the line and paragraph separators, and the bidi
# overrides and isolates that reorder what follows them on screen.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_LONG = re.compile(r"\S{201,}")


def visible(text: str) -> str:
    """``text`` with every control character written as an escape (``\\x1b``, ``\\u202e``)."""
    return _CONTROL.sub(
        lambda m: f"\\x{ord(m.group()):02x}" if ord(m.group()) < 0x100 else f"\\u{ord(m.group()):04x}", text
    )


def one_line(text: str) -> str:
    """A message for stderr: control characters and newlines escaped, and any word longer than 200
    characters (a pasted file, a 10 MB id) cut to its start and its length."""
    shown = visible(text).replace("\n", "\\n").replace("\t", " ")
    return _LONG.sub(lambda m: f"{m.group()[:60]}...({len(m.group())} characters)", shown)


def safe_console(**options: Any) -> Console:
    """A rich console that takes every string as plain text, shown with its control characters escaped."""
    from rich.console import Console

    class SafeConsole(Console):
        def __init__(self, **options: Any) -> None:
            super().__init__(markup=False, highlight=False, emoji=False, **options)

        def render_str(self, text: str, **options: Any) -> Text:
            return super().render_str(visible(text), **options)

    return SafeConsole(**options)


def styled(*parts: str | tuple[str, str]) -> Text:
    """A line of plain parts and (text, style) parts, e.g. ``styled(("Round 2", "bold"), ": ...")``."""
    from rich.text import Text

    return Text.assemble(*((visible(p[0]), p[1]) if isinstance(p, tuple) else visible(p) for p in parts))


class LazyConsole:
    """A console made when something is first printed through it: a command that prints no table
    or styled text (``--json``, an error) never loads rich. It answers what the commands ask of a
    console: print, its file, whether it is a terminal; ``made()`` is the rich console itself, for
    rich's own parts (a progress bar) to draw on."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    def made(self) -> Console:
        if self._console is None:
            self._console = safe_console(**self._options)
        return self._console

    def print(self, *objects: Any, **options: Any) -> None:
        self.made().print(*objects, **options)

    @property
    def file(self) -> IO[str]:
        return self.made().file

    @property
    def is_terminal(self) -> bool:
        return self.made().is_terminal


# A pipe or file gets wide tables rather than rich's 80 columns, so ids are never cut.
out = LazyConsole(width=None if sys.stdout.isatty() else 160)
err = LazyConsole(stderr=True)


def warn(kind: str, message: str) -> None:
    """One line on stderr: ``taikyoku: KIND: message``, made safe to show."""
    sys.stderr.write(f"taikyoku: {kind}: {one_line(message)}\n")


PROGRESS_FROM = 5  # files or matches: below this a batch is quick and shows no bar


class ProgressBar:
    """A bar on stderr for a batch of ``total`` items (from ``least`` of them), when stderr is a
    terminal; yields a tick to call per item, which also takes a few words to show beside the bar
    (``tick("12 games")``), or how many are done (``tick(done=500)``, for work that counts itself)."""

    def __init__(self, total: int, doing: str = "importing", least: int = PROGRESS_FROM) -> None:
        self.progress: Any = None  # a rich Progress, loaded only when there is one to show
        if total >= least and err.is_terminal:
            from rich.progress import BarColumn, Progress, TextColumn

            self.progress = Progress(TextColumn(doing), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                                     TextColumn("{task.fields[said]}"), console=err.made(), transient=True)  # fmt: skip
        self.total = total

    def __enter__(self) -> Any:
        if self.progress is None:
            return lambda said=None, done=None: None
        self.progress.start()
        task = self.progress.add_task("games", total=self.total, said="")
        progress = self.progress

        def tick(said: str | None = None, *, done: int | None = None) -> None:
            if done is None:
                progress.advance(task)
            elif done % 500 == 0 or done == self.total:  # a bar redrawn per event would cost more than the work
                progress.update(task, completed=done)
            if said is not None:
                progress.update(task, said=said)

        return tick

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()


_FIGURE = re.compile(r"[-+]?[\d,]+(\.\d+)?%?|-")  # 1,234 · 3.25 · 42.1% · +8 · - (none)


def grid(shown: Grid) -> Table:
    """A game's grid (its round, its statistics) as a rich table: every cell as plain text, never markup."""
    from rich.table import Table

    table = Table(title=shown.title or None, title_justify="left", show_header=any(shown.header), header_style="bold")
    for column, name in enumerate(shown.header):
        figures = bool(shown.rows) and all(_FIGURE.fullmatch(row[column]) for row in shown.rows)
        table.add_column(styled(name), justify="right" if figures else "left")  # figures line up on the right
    for row in shown.rows:
        table.add_row(*(styled(cell) for cell in row))
    return table
