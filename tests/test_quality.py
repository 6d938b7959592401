"""The code stays ruff-clean, formatted and mypy-clean, with no dead code: checked by the same command as the tests."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_lint() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


# Decorators that register nothing: a function or class under them is dead if nothing names it.
_NEUTRAL_DECORATORS = {"dataclass", "cache", "lru_cache", "staticmethod", "property", "cached_property"}
# Kept on purpose: mypy checks there that each store keeps the store's contract.
_KEPT = {"_keeps_the_contract"}


def dead_code(root: Path) -> list[str]:
    """Every top-level function or class of the product that nothing names: not its own module
    again, no import of it, no attribute of that name, no quoted name (a hook loaded by name), no
    page script. Registered ones (a command, an event type, a route) are used by their decorator."""
    import ast
    import re

    files = [p for top in ("events", "store", "replay", "tests", "bench") for p in (root / top).glob("**/*.py")]
    pages = [p for p in (root / "replay").glob("**/*") if p.suffix in (".js", ".html")]
    texts = {p: p.read_text() for p in [*files, *pages]}

    def decorator(node: ast.expr) -> str:
        node = node.func if isinstance(node, ast.Call) else node
        return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""

    found = []
    for path in sorted(p for p in files if p.relative_to(root).parts[0] in ("events", "store", "replay")):
        module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
        for node in ast.parse(texts[path]).body:
            if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                continue
            name = node.name
            if (
                name in _KEPT
                or name.startswith("__")
                or any(decorator(d) not in _NEUTRAL_DECORATORS for d in node.decorator_list)
            ):
                continue
            if len(re.findall(rf"\b{name}\b", texts[path])) > 1:
                continue
            named = (
                rf"from {re.escape(module)} import[^\n]*\b{name}\b",
                rf"from {re.escape(module)} import \([^)]*\b{name}\b",
                rf"\.{name}\b",
                rf"[\"']{name}[\"']",
            )
            if not any(
                other != path and (any(re.search(n, text) for n in named) or (other in pages and name in text))
                for other, text in texts.items()
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno} {name}")
    return found


def test_no_dead_code() -> None:
    assert dead_code(ROOT) == []


def test_dead_code_is_found(tmp_path: Path) -> None:
    """The check itself: a function nothing calls is found; one imported, or loaded by name, is not."""
    for folder in ("events", "store", "replay/app", "tests"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "replay/app/rules.py").write_text(
        "def used():\n    pass\n\n\ndef hook():\n    pass\n\n\ndef dead():\n    pass\n"
    )
    (tmp_path / "tests/test_rules.py").write_text("from replay.app.rules import used\n\nHOOKS = ['hook']\n")
    assert dead_code(tmp_path) == ["replay/app/rules.py:9 dead"]


LONGEST_MODULE = 600  # lines: a module longer than this holds two things, and is split by them
MOST_ANY = 100  # `Any` outside imports and JSON documents, in the whole of events/, store/ and replay/
JSON_DOCUMENT = re.compile(r"\b(dict|Mapping|MutableMapping)\[str, Any\]")


def _product_modules(root: Path) -> list[Path]:
    return sorted(path for folder in ("events", "store", "replay") for path in (root / folder).rglob("*.py"))


def modules_too_long(root: Path) -> list[str]:
    return [
        f"{path.relative_to(root)}: {count} lines"
        for path in _product_modules(root)
        if (count := len(path.read_text().splitlines())) > LONGEST_MODULE
    ]


def loose_anys(root: Path) -> list[str]:
    """Every line that types something as ``Any`` where a type could be said: not an import, not a
    JSON document (``dict[str, Any]`` and its kin; a parsed JSON value is ``JsonValue``)."""
    found = []
    for path in _product_modules(root):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.match(r"\s*(from|import)\s", code):
                continue
            if re.search(r"\bAny\b", JSON_DOCUMENT.sub("", code)):
                found.append(f"{path.relative_to(root)}:{number}")
    return found


def test_no_module_is_longer_than_the_house_allows(tmp_path: Path) -> None:
    """Plant: a module one line past the limit is named."""
    assert modules_too_long(ROOT) == []
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "big.py").write_text("x = 1\n" * (LONGEST_MODULE + 1))
    (tmp_path / "store" / "fine.py").write_text("x = 1\n" * LONGEST_MODULE)
    assert modules_too_long(tmp_path) == [f"store/big.py: {LONGEST_MODULE + 1} lines"]


def test_any_stays_rare_outside_imports_and_json_documents(tmp_path: Path) -> None:
    """Plant: an ``Any`` parameter is counted; an import, a JSON document and a comment are not."""
    assert len(loose_anys(ROOT)) < MOST_ANY
    (tmp_path / "replay").mkdir()
    (tmp_path / "replay" / "m.py").write_text(
        "from typing import Any\n\n\ndef f(x: Any, doc: dict[str, Any]) -> None:  # Any said here\n    pass\n\n\n"
        "def g(doc: Mapping[str, Any]) -> list[dict[str, Any]]:\n    return []\n"
    )
    assert loose_anys(tmp_path) == ["replay/m.py:4"]
