from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import Cli

# Hypothesis never fails a run by chance: by default the search is derandomized (the same examples
# every run, on every machine) with no deadline and no timing health checks, which a loaded CI
# machine trips with nothing wrong. An example that once found a bug is kept as an @example.
# The full random search: TAIKYOKU_HYPOTHESIS=random pytest.
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture]
settings.register_profile("derandomized", derandomize=True, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("random", deadline=None, suppress_health_check=_QUIET, max_examples=500)
settings.load_profile(os.environ.get("TAIKYOKU_HYPOTHESIS", "derandomized"))


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
