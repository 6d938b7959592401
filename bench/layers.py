"""The import graph of the layers, as the code says it: for each layer, the layers it imports and
how many import statements do (inside functions too), and the modules of ``replay/web`` and
``replay/cli`` that import the application core.

    python bench/layers.py [--rev REV]

``--rev`` reads the code of another commit (from git) beside this checkout's, so a restructuring
is seen before and after. Figures, never pass/fail (tests/test_layers.py holds the order).
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = (
    "events",
    "store",
    "replay.engine",
    "replay.games",
    "replay.formats",
    "replay.infra",
    "replay.app",
    "replay.present",
    "replay.web",
    "replay.cli",
)


def layer_of(module: str) -> str | None:
    return next((layer for layer in reversed(LAYERS) if module == layer or module.startswith(layer + ".")), None)


def graph(root: Path) -> tuple[Counter[tuple[str, str]], Counter[str]]:
    """(importing layer, imported layer) -> import statements; and the lines of code of each layer."""
    edges: Counter[tuple[str, str]] = Counter()
    sizes: Counter[str] = Counter()
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] not in ("events", "store", "replay"):
            continue
        module = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
        source = layer_of(module)
        if source is None:
            continue
        text = path.read_text(encoding="utf-8")
        sizes[source] += len(text.splitlines())
        for node in ast.walk(ast.parse(text)):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                target = layer_of(name)
                if target is not None and target != source:
                    edges[(source, target)] += 1
    return edges, sizes


def checkout(rev: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "archive", rev, "events", "store", "replay"], cwd=ROOT, capture_output=True,
                             check=True).stdout  # fmt: skip
    with tarfile.open(fileobj=io.BytesIO(archive)) as files:
        files.extractall(folder, filter="data")
    return folder


def show(title: str, root: Path) -> None:
    edges, sizes = graph(root)
    print(f"{title}:")
    for layer in LAYERS:
        outgoing = [(target, n) for (source, target), n in sorted(edges.items()) if source == layer]
        upward = [t for t, _ in outgoing if LAYERS.index(t) > LAYERS.index(layer)]
        said = ", ".join(f"{t} {n}" for t, n in sorted(outgoing, key=lambda e: LAYERS.index(e[0])))
        print(f"  {layer:15} {sizes[layer]:6,} lines  imports {said or 'nothing'}"
              + (f"   UPWARD: {', '.join(upward)}" if upward else ""))  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rev", help="also show the graph of this commit")
    args = parser.parse_args()
    if args.rev:
        with tempfile.TemporaryDirectory() as folder:
            show(f"at {args.rev}", checkout(args.rev, Path(folder)))
    show("this checkout", ROOT)


if __name__ == "__main__":
    main()
