"""The day's spend in the state directory: what was spent survives a restart, what was reserved does not."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from docent.sidecar.app import create_app
from docent.sidecar.counts import SQLiteCounts
from docent.sidecar.spending.budget import Budget, Budgeted
from docent.sidecar.spending.daybook import SPEND_FILE, SqliteBudgetStore, StateDirError

from ..appkit import settings as app_settings
from .fakes import REQUEST, SPEC, USAGE, drain, fake_model

DAY = 1_800_000_000.0  # 2027-01-15, 08:00 UTC


@pytest.mark.anyio
async def test_a_restart_continues_the_day_where_it_stopped(tmp_path: Path) -> None:
    first = Budget(1.0, store=SqliteBudgetStore(tmp_path / SPEND_FILE), clock=lambda: DAY)
    await drain(Budgeted(fake_model(), budget=first).stream(REQUEST))
    await drain(Budgeted(fake_model(), budget=first).stream(REQUEST))
    again = Budget(1.0, store=SqliteBudgetStore(tmp_path / SPEND_FILE), clock=lambda: DAY)
    assert again.spent_usd() == pytest.approx(2 * SPEC.cost(USAGE), abs=1e-9)
    tomorrow = Budget(1.0, store=SqliteBudgetStore(tmp_path / SPEND_FILE), clock=lambda: DAY + 86_400)
    assert tomorrow.spent_usd() == 0


def test_what_calls_in_flight_reserved_dies_with_the_process_and_what_they_spent_does_not(tmp_path: Path) -> None:
    store = SqliteBudgetStore(tmp_path / SPEND_FILE)
    finished = store.reserve("2027-01-15", 0.01, 1.0)
    assert finished is not None
    store.settle(finished, 0.002)
    in_flight = store.reserve("2027-01-15", 0.01, 1.0)
    assert in_flight is not None and store.spent("2027-01-15") == pytest.approx(0.012)
    restarted = SqliteBudgetStore(tmp_path / SPEND_FILE)
    assert restarted.spent("2027-01-15") == pytest.approx(0.002)


def test_a_reservation_past_the_limit_is_refused_counting_the_file_and_the_calls_in_flight(tmp_path: Path) -> None:
    store = SqliteBudgetStore(tmp_path / SPEND_FILE)
    spent = store.reserve("2027-01-15", 0.6, 1.0)
    assert spent is not None
    store.settle(spent, 0.6)
    held = store.reserve("2027-01-15", 0.3, 1.0)
    assert held is not None
    assert store.reserve("2027-01-15", 0.2, 1.0) is None
    store.settle(held, 0.1)
    assert store.reserve("2027-01-15", 0.2, 1.0) is not None


def test_a_spend_that_cannot_be_written_is_kept_and_written_with_the_next(tmp_path: Path) -> None:
    path = tmp_path / SPEND_FILE
    store = SqliteBudgetStore(path)
    first = store.reserve("2027-01-15", 0.01, 1.0)
    assert first is not None
    blocker = sqlite3.connect(path, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")  # another writer holds the file
    store._db.execute("PRAGMA busy_timeout=0")
    store.settle(first, 0.004)
    assert store.spent("2027-01-15") == pytest.approx(0.004)  # counted here while the file is locked
    blocker.execute("ROLLBACK")
    second = store.reserve("2027-01-15", 0.01, 1.0)
    assert second is not None
    store.settle(second, 0.001)
    assert SqliteBudgetStore(path).spent("2027-01-15") == pytest.approx(0.005)


@pytest.mark.parametrize(("keep", "what"), [
    (lambda folder: SqliteBudgetStore(folder / SPEND_FILE), "The day's spend"),
    (SQLiteCounts, "The guide's counts"),  # the counts for `docent report`, in the same directory
])
def test_a_state_directory_that_cannot_be_made_says_to_set_one(
    tmp_path: Path, keep: Callable[[Path], object], what: str
) -> None:
    (tmp_path / "file").write_text("not a directory")
    with pytest.raises(StateDirError, match="set DOCENT_STATE_DIR to a directory") as refused:
        keep(tmp_path / "file" / "state")
    assert str(refused.value).startswith(f"{what} cannot be kept in {tmp_path / 'file' / 'state'}")


def test_the_app_keeps_the_guides_spend_in_its_state_directory(tmp_path: Path) -> None:
    app = create_app(app_settings(tmp_path, state_dir=tmp_path / "state"))
    store = app.state.guide.budget_store
    assert isinstance(store, SqliteBudgetStore) and store.path == tmp_path / "state" / SPEND_FILE
    assert (tmp_path / "state" / SPEND_FILE).is_file()
