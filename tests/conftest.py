from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Workers for ``-n auto``: one and a half a core. A quarter of the suite's time is spent
    waiting (on Chromium, on a process to stop, on a server's answer), and a third worker fills
    a core meanwhile; the tests hold on a machine busier than its cores."""
    return max(2, (3 * (os.cpu_count() or 1) + 1) // 2)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "taikyoku.db"


@pytest.fixture
def secret(tmp_path: Path) -> Path:
    """The table secret of a test's served tables (TAIKYOKU_SECRET_FILE), made when first used."""
    return tmp_path / "table-secret"


@pytest.fixture
def cli(db: Path, capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(db, capsys)


# The PostgreSQL server the tests use: every machine of the project, and CI, has one here. A
# missing server is a failure, not a skip; without one, run `pytest -m "not postgres"`.
POSTGRES = os.environ.get("TAIKYOKU_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


@contextmanager
def postgres_schema() -> Iterator[str]:
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


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty schema on the test server, as a store URL; dropped afterwards."""
    with postgres_schema() as url:
        yield url


# ---- the browser the page tests drive: Debian's headless Chromium through Playwright ----------

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# A browser's every wait is for a state (a selector, a text); the bound is generous, so a busy
# machine (two cores, the whole suite beside it) slows a test down and never fails it.
BROWSER_WAIT_MS = 120_000


class _Browser:
    """Chromium, whose every context and page waits up to ``BROWSER_WAIT_MS`` for a state."""

    def __init__(self, launched: Any) -> None:
        self.launched = launched

    def new_context(self, **options: Any) -> Any:
        context = self.launched.new_context(**options)
        context.set_default_timeout(BROWSER_WAIT_MS)
        context.set_default_navigation_timeout(BROWSER_WAIT_MS)
        return context

    def new_page(self, **options: Any) -> Any:
        return self.new_context(**options).new_page()


# One Chromium per module, not per worker: Playwright's sync API keeps an event loop running in the
# thread while it is open, and other modules' tests call asyncio.run().
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: .ci/run installs it (apt-get install chromium)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield _Browser(launched)
        launched.close()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """The application over a new store: a real SQLite file, and a real PostgreSQL server."""
    from replay.app.application import Application

    if request.param == "sqlite":
        url = str(tmp_path / "club.db")
        from store import EventStore

        EventStore.open(url, create=True).close()
    else:
        url = request.getfixturevalue("pg_url")
        from store.postgres import PostgresStore

        PostgresStore.open(url, create=True).close()
    application = Application(url)
    yield application
    application.close()
