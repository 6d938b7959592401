"""A plain wheel install (not an editable checkout) finds and uses its schema files."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.paths import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("taikyoku-*.whl")
    return built


def test_wheel_carries_every_schema_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    committed = {f"schemas/{p.name}" for p in (ROOT / "schemas").glob("*.json")}
    assert committed and committed <= names
    assert {"events/__init__.py", "store/__init__.py", "replay/cli/__init__.py"} <= names


def test_wheel_in_a_fresh_venv_records_and_verifies(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    pip = env_dir / "bin" / "pip"
    subprocess.run([str(pip), "install", "-q", str(wheel)], check=True, capture_output=True)
    taikyoku = str(env_dir / "bin" / "taikyoku")
    work = tmp_path / "elsewhere"  # far from the checkout, so only the installed files can be found
    work.mkdir()

    def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run([taikyoku, *args], cwd=work, input=stdin, capture_output=True, text=True)

    where = subprocess.run(
        [str(env_dir / "bin" / "python"), "-c", "import schemas; print(schemas.__file__)"],
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert str(env_dir) in where and str(ROOT) not in where
    match = run("new", "tensho", "-p", "Alice", "-p", "Bob").stdout.strip()
    recorded = run("record", match, "-", stdin='{"type":"round_started","payload":{"round":1,"dealer":0}}')
    assert recorded.returncode == 0, recorded.stderr
    refused = run("record", match, "-", stdin='{"type":"round_started","payload":{"round":2}}')
    assert refused.returncode == 2 and "missing field 'dealer'" in refused.stderr
    verified = run("verify")
    assert verified.returncode == 0 and "every event valid against its schema" in verified.stdout, verified
    assert run("schemas", "export", "--check").returncode == 0
