from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import Cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "taikyoku.db"


@pytest.fixture
def cli(db: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(db, capsys)
