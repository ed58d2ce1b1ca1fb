"""Shared fixtures: the anyio backend for async tests."""

import pytest


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
