"""The code version a kept row is sealed with covers every source that decides a fold: a rule
edited a folder down (a game's own module) makes another version, a command's module does not."""

from __future__ import annotations

from pathlib import Path

from replay.engine.code_version import sources_digest


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_a_rule_edited_in_a_sub_folder_makes_another_version_and_a_command_does_not(tmp_path: Path) -> None:
    """Plant: the sources listed by the folder alone (``glob``): a game's fold edited a folder down
    kept the old version, and rows it made went on being shown."""
    _tree(tmp_path, {
        "events/match.py": "A = 1\n",
        "replay/engine/fold.py": "B = 1\n",
        "replay/games/riichi/wins.py": "MANGAN = 2000\n",
        "replay/games/riichi/yaku/tables.py": "PINFU = 1\n",
        "replay/cli/app.py": "HELP = 'x'\n",
    })  # fmt: skip
    first = sources_digest(tmp_path)
    assert len(first) == 16 and sources_digest(tmp_path) == first
    seen = {first}
    for name, text in (("replay/games/riichi/wins.py", "MANGAN = 2001\n"),
                       ("replay/games/riichi/yaku/tables.py", "PINFU = 2\n"),
                       ("events/match.py", "A = 2\n")):  # fmt: skip
        _tree(tmp_path, {name: text})
        now = sources_digest(tmp_path)
        assert now not in seen, name
        seen.add(now)
    _tree(tmp_path, {"replay/cli/app.py": "HELP = 'y'\n"})  # the CLI decides no fold
    assert sources_digest(tmp_path) in seen
    (tmp_path / "replay/games/riichi/wins.py").rename(tmp_path / "replay/games/riichi/payments.py")
    assert sources_digest(tmp_path) not in seen  # a module renamed is another code
