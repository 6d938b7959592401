"""The dispute walkthrough in docs/ is run, command by command, and must print what it shows.

Set TAIKYOKU_WRITE_DOCS=1 to write the outputs into the page instead (then read the diff).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from tests.helpers import Cli
from tests.paths import ROOT

PAGE = ROOT / "docs" / "dispute-walkthrough.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)
CLOCK = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?Z?)?")


def commands(block: str) -> list[tuple[str, str]]:
    """Each `$ ` command of a block as written (continuation lines and all) and as one line."""
    found: list[tuple[str, str]] = []
    continuing = False
    for line in block.splitlines():
        if continuing:
            written, joined = found[-1]
            found[-1] = (written + "\n" + line, joined + " " + line.strip().removesuffix("\\").strip())
        elif line.startswith("$ "):
            found.append((line, line[2:].removesuffix("\\").strip()))
        else:
            continue  # output shown on the page: replaced by what the command prints now
        continuing = line.endswith("\\")
    return found


def run_page(cli_for: Cli, tmp: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """The page with every block's output replaced by what its commands print now."""
    text = PAGE.read_text()
    shutil.copytree(ROOT / "docs", tmp / "docs")
    monkeypatch.chdir(tmp)
    database = {"path": tmp / "taikyoku.db"}

    def run(command: str) -> str:
        words = shlex.split(command)
        if words[0] == "export":
            for pair in words[1:]:
                name, _, value = pair.partition("=")
                if name == "TAIKYOKU_DB":  # the Cli helper sets it for each command
                    database["path"] = tmp / value
                else:
                    monkeypatch.setenv(name, value)
            return ""
        if words[0] == "cat":
            return Path(words[1]).read_text()
        if words[0] == "sh":  # a script of taikyoku commands; its output is sent to /dev/null
            script = Path(words[1]).read_text().splitlines()
            for line in script:
                if line.startswith("taikyoku "):
                    assert run(line) is not None
            return ""
        assert words[0] == "taikyoku", command
        cli = Cli(database["path"], cli_for.capsys)
        result = cli(*words[1:])
        assert result.code in (0, 1), (command, result.err)  # 1: the audit's findings
        return result.out + result.err

    def fill(match: re.Match[str]) -> str:
        shown = []
        for written, command in commands(match.group(1)):
            output = run(command).rstrip("\n")
            shown.append(written + ("\n" + output if output.strip() else ""))
        return "```console\n" + "\n".join(shown) + "\n```"

    return BLOCK.sub(fill, text)


def test_the_dispute_walkthrough_prints_what_it_shows(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fresh = run_page(cli, tmp_path, monkeypatch)
    if os.environ.get("TAIKYOKU_WRITE_DOCS"):
        PAGE.write_text(fresh)
    assert CLOCK.sub("<time>", fresh) == CLOCK.sub("<time>", PAGE.read_text())


CODE = re.compile(r"\[([a-z]+(?:\.[a-z_]+){2,})\]")  # a refusal code as messages show it: [tensho.capture.wrong_suit]
QUOTED_CODE = re.compile(
    r"'\"([a-z]+(?:\.[a-z_]+){2,})\"'"
)  # one named in a grep command: '"tensho.capture.wrong_suit"'


def test_every_refusal_code_the_docs_name_is_written_out_in_the_code() -> None:
    """A code a reader finds in the README or docs/ is found by grep in the code, as a literal."""
    named = set()
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        named |= set(CODE.findall(text)) | set(QUOTED_CODE.findall(text))
    assert "tensho.capture.wrong_suit" in named  # the README names at least this one
    sources = "\n".join(
        path.read_text(encoding="utf-8")
        for package in ("events", "store", "replay")
        for path in (ROOT / package).rglob("*.py")
    )
    missing = sorted(code for code in named if f'"{code}"' not in sources)
    assert missing == []


def test_nothing_in_the_repository_points_outside_it() -> None:
    """A fresh clone has nothing beside it: every path climbing up (``..``) that a file names is a
    file or folder of the clone, reached from the file that names it."""
    climbing = re.compile(r"(?:\.\./)+[A-Za-z][\w.-]*(?:/[A-Za-z0-9][\w.-]*)*")
    found = []
    for path in ROOT.rglob("*"):
        if path.suffix not in (".py", ".md", ".toml", ".sh", ".json") or ".venv" in path.parts or not path.is_file():
            continue
        for named in climbing.findall(path.read_text(encoding="utf-8", errors="replace")):
            target = (path.parent / named.rstrip(".")).resolve()
            if not target.is_relative_to(ROOT) or not target.exists():
                found.append(f"{path.relative_to(ROOT)}: {named}")
    assert found == []


def _readme_blocks(kind: str) -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(rf"```{kind}\n(.*?)```", text, flags=re.S)


def test_the_readme_starts_with_the_install_and_test_commands_ci_runs() -> None:
    install, tests = _readme_blocks("sh")[:2]
    assert install.startswith("python3 -m venv .venv && .venv/bin/pip install -q . && ")
    assert "taikyoku simulate tensho" in install and "taikyoku replay demo" in install
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert tests.strip() in ci  # exactly the command CI runs


def _docs_blocks() -> list[str]:
    """The runnable blocks: the README's after its two install commands, and every page of docs/."""
    blocks = _readme_blocks("sh")[2:]
    for page in sorted((ROOT / "docs").glob("*.md")):
        blocks += re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.S)
    return blocks


def test_every_command_block_of_the_docs_runs(tmp_path: Path) -> None:
    """Each ```sh block of the README (after the two install commands) and of docs/, run as written
    from a folder where tests/data is what the docs say (a fresh clone's), with the installed
    taikyoku first on PATH."""
    import os
    import subprocess
    import sys

    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    (tmp_path / "tests" / "games").symlink_to(ROOT / "tests" / "games")  # the toy game the README plugs in
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAIKYOKU_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    blocks = _docs_blocks()
    assert len(blocks) == 7  # a block lost to a typo in its fence would not run: count them
    for number, block in enumerate(blocks, 3):
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", block], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, f"block {number} failed: {done.stderr[-800:]}"


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_link_of_the_readme_and_the_docs_resolves() -> None:
    """A relative link in the README or a page of docs/ names a file of the clone."""
    broken = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def test_the_readme_is_short() -> None:
    """The README says what taikyoku is, how to start, a tour for each kind of user, the exit codes
    and where to read on: the reference is in docs/."""
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 250
