"""Shared fixtures: the anyio backend for async tests; a state directory of the run's own for every sidecar."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from tests.redis_server import RedisServer
    from tests.sitebuilds import SiteBuilds

_made: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # A sidecar started by a test keeps the day's spend in the state directory: never the owner's own.
    if "DOCENT_STATE_DIR" not in os.environ:
        _made.append(tempfile.mkdtemp(prefix="docent-test-state-"))
        os.environ["DOCENT_STATE_DIR"] = _made[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:  # `-m "not redis"` leaves out every test that starts a redis-server
        if "redis_server" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.redis)


@pytest.fixture(scope="session")
def site_builds(tmp_path_factory: pytest.TempPathFactory) -> SiteBuilds:
    """The run's builds of vendored sites, each built once and shared: read them, never write into them."""
    from tests.sitebuilds import SiteBuilds

    return SiteBuilds(tmp_path_factory.mktemp("sites"))


def pytest_unconfigure(config: pytest.Config) -> None:
    for path in _made:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def logging_kept() -> Iterator[None]:
    """For a test that runs `docent serve` in-process: serve sets logging up for the whole process (logs.configure:
    the guide's and uvicorn's loggers stop propagating), which would hide the guide's log from later tests' caplog."""
    import logging

    from docent.sidecar.logs import log_config

    loggers = [logging.getLogger(name) for name in log_config("text")["loggers"]]
    kept = [(logger, logger.handlers[:], logger.level, logger.propagate, logger.disabled) for logger in loggers]
    yield
    for logger, handlers, level, propagate, disabled in kept:
        logger.handlers[:] = handlers
        logger.setLevel(level)
        logger.propagate, logger.disabled = propagate, disabled


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One real redis-server for the whole run, started the first time a test asks for it."""
    from tests.redis_server import RedisServer

    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def redis_url(redis_server: RedisServer) -> str:
    """The Redis's address, emptied for this test."""
    if redis_server.process is None:  # a test stopped it and failed before starting it again
        redis_server.start()
    redis_server.flush()
    return redis_server.url
