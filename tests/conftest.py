from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers import Cli


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "taikyoku.db"


@pytest.fixture
def cli(db: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(db, capsys)


# The PostgreSQL server the tests use: every machine of the project, and CI, has one here. A
# missing server is a failure, not a skip; without one, run `pytest -m "not postgres"`.
POSTGRES = os.environ.get("TAIKYOKU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty schema on the test server, as a store URL; dropped afterwards."""
    import psycopg

    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")  # type: ignore[arg-type]
    try:
        yield f"{POSTGRES}?options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")  # type: ignore[arg-type]
