"""The budget's tests run against each place the day's spend can be kept."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from docent.sidecar.spending.budget import BudgetStore, MemoryBudgetStore
from docent.sidecar.spending.daybook import SPEND_FILE, SqliteBudgetStore
from docent.sidecar.spending.redis_budget import RedisBudgetStore, connect

StoreMaker = Callable[[], BudgetStore]


@pytest.fixture(params=["memory", "sqlite", "redis"])
def budget_store(request: pytest.FixtureRequest, tmp_path: Path) -> StoreMaker:
    """Makes the store under test; each call is a new process's view of the same day's spend."""
    if request.param == "sqlite":
        return lambda: SqliteBudgetStore(tmp_path / SPEND_FILE)
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
        return lambda: RedisBudgetStore(connect(url))
    return MemoryBudgetStore
