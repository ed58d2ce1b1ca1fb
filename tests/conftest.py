"""Shared fixtures: the anyio backend for async tests; a state directory of the run's own for every sidecar."""

import os
import shutil
import tempfile

import pytest

_made: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    # A sidecar started by a test keeps the day's spend in the state directory: never the owner's own.
    if "DOCENT_STATE_DIR" not in os.environ:
        _made.append(tempfile.mkdtemp(prefix="docent-test-state-"))
        os.environ["DOCENT_STATE_DIR"] = _made[0]


def pytest_unconfigure(config: pytest.Config) -> None:
    for path in _made:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
