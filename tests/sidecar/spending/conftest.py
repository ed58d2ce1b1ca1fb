"""The budget's tests run against each place the day's spend can be kept."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from docent.sidecar.spending.budget import BudgetStore, MemoryBudgetStore
from docent.sidecar.spending.daybook import SPEND_FILE, SqliteBudgetStore
from docent.sidecar.spending.redis_budget import RedisBudgetStore, connect

StoreMaker = Callable[[], BudgetStore]


@pytest.fixture(params=["memory", "sqlite", "redis"])
def budget_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreMaker]:
    """Makes the store under test; each call is a new process's view of the same day's spend."""
    if request.param == "sqlite":
        yield lambda: SqliteBudgetStore(tmp_path / SPEND_FILE)
    elif request.param == "redis":
        yield request.getfixturevalue("redis_budget_stores")
    else:
        yield MemoryBudgetStore


@pytest.fixture
def redis_budget_stores(redis_url: str) -> Iterator[Callable[..., RedisBudgetStore]]:
    """Makes Redis budget stores as several sidecars would; closes their connections after."""
    made: list[RedisBudgetStore] = []

    def make(**options: float) -> RedisBudgetStore:
        made.append(RedisBudgetStore(connect(redis_url), **options))
        return made[-1]

    yield make
    for store in made:
        store.client.close()
