"""Mutation testing of the rules and the store: how many planted bugs the tests catch.

    python bench/mutation.py [--keep FOLDER] [--only MODULE ...] [--tests PATH ...]

Runs mutmut (``pip install mutmut``; not in CI: it takes about forty minutes on 2 cores) over
the modules ``[tool.mutmut] only_mutate`` in pyproject.toml names: the chain and the append
path, the yaku tables and scoring of both hanafuda games, and riichi's win legality (furiten,
pao, several rons). Each mutant is one small change (an operator, a constant, a condition); it
is *killed* when a test fails on it. The run happens in a scratch copy of the working tree, so
nothing of mutmut's is left in the repository. Prints the score per module, and the mutants
that survived, each with its diff, for docs/mutation.md. A figure, never pass/fail.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^\s*(?P<name>[\w.]+__mutmut_\d+): (?P<status>.+)$")


def scratch_copy(target: Path) -> None:
    """The working tree's tracked and new files, as they are now, without the virtual env."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True,
        check=True,
    ).stdout.split("\n")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def module_of(mutant: str) -> str:
    """``store.chain.x_link__mutmut_3`` -> ``store/chain.py``."""
    dotted = mutant.split("__mutmut_")[0]
    parts = dotted.split(".")
    while parts and (parts[-1].startswith(("x_", "x\u01c1")) or "\u01c1" in parts[-1]):
        parts.pop()
    return "/".join(parts) + ".py"


def narrow(pyproject: Path, modules: list[str]) -> None:
    """Mutate only ``modules`` in the scratch copy (each must be one pyproject.toml lists)."""
    text = pyproject.read_text()
    listed = re.search(r"only_mutate = \[(.*?)\]", text, re.S)
    assert listed is not None
    known = re.findall(r'"([^"]+)"', listed[1])
    unknown = [m for m in modules if m not in known]
    if unknown:
        raise SystemExit(f"not a mutated module: {', '.join(unknown)}; use some of: {', '.join(known)}")
    chosen = ", ".join(f'"{m}"' for m in modules)
    pyproject.write_text(text[: listed.start()] + f"only_mutate = [{chosen}]" + text[listed.end() :])


def select_tests(pyproject: Path, paths: list[str]) -> None:
    """Run ``paths`` for each mutant in the scratch copy, in place of pyproject.toml's selection (the
    club's modules are tested by tests/app and tests/cli, not by tests/games)."""
    text = pyproject.read_text()
    listed = re.search(r"pytest_add_cli_args_test_selection = \[(.*?)\]", text, re.S)
    assert listed is not None
    chosen = ", ".join(f'"{p}"' for p in paths)
    pyproject.write_text(
        text[: listed.start()] + f"pytest_add_cli_args_test_selection = [{chosen}]" + text[listed.end() :]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--keep", type=Path, help="run in this folder and keep it (to look at mutants afterwards)")
    parser.add_argument("--only", nargs="+", metavar="MODULE", help="mutate these of the listed modules alone")
    parser.add_argument(
        "--tests", nargs="+", metavar="PATH", help="the tests to run for each mutant (default: pyproject's)"
    )
    args = parser.parse_args()
    if shutil.which("mutmut", path=str(Path(sys.executable).parent)) is None:
        raise SystemExit("mutmut is not installed beside this Python: pip install mutmut")
    mutmut = str(Path(sys.executable).parent / "mutmut")
    folder = args.keep or Path(tempfile.mkdtemp(prefix="taikyoku-mutation-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        scratch_copy(folder)
        if args.only:
            narrow(folder / "pyproject.toml", args.only)
        if args.tests:
            select_tests(folder / "pyproject.toml", args.tests)
        print(f"mutating in {folder} ...", file=sys.stderr)
        subprocess.run([mutmut, "run"], cwd=folder, stdout=subprocess.DEVNULL, check=False)
        listed = subprocess.run([mutmut, "results", "--all", "true"], cwd=folder, capture_output=True, text=True)
        statuses: dict[str, Counter[str]] = defaultdict(Counter)
        survivors: list[str] = []
        for line in listed.stdout.splitlines():
            found = LINE.match(line)
            if not found:
                continue
            status = found["status"].strip()
            statuses[module_of(found["name"])][status] += 1
            if status == "survived":
                survivors.append(found["name"])
        print(f"{'module':<36} {'mutants':>8} {'killed':>8} {'survived':>9} {'other':>6} {'score':>7}")
        for module, counts in sorted(statuses.items()):
            total = sum(counts.values())
            killed, survived = counts["killed"], counts["survived"]
            other = total - killed - survived
            print(f"{module:<36} {total:>8} {killed:>8} {survived:>9} {other:>6} {killed / total:>7.1%}")
        everything = sum(sum(c.values()) for c in statuses.values())
        killed_all = sum(c["killed"] for c in statuses.values())
        if everything:
            print(
                f"{'all':<36} {everything:>8} {killed_all:>8} {everything - killed_all:>9} {'':>6} {killed_all / everything:>7.1%}"
            )
        for name in survivors:
            diff = subprocess.run([mutmut, "show", name], cwd=folder, capture_output=True, text=True).stdout
            print(f"\n# survived: {name}\n{diff.strip()}")
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
