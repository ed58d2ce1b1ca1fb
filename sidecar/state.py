"""Where the sidecar's state lives, chosen from its settings: in this process, in the state directory, or in Redis.

Without Redis, conversations, used challenges and rate limits live in the process's memory (a restart forgets
them, as seed 002 allows), and the day's spend is kept in the state directory, so that a restart continues the
day where it stopped.
"""

from __future__ import annotations

from docent.sidecar.settings import Settings
from docent.sidecar.spending.budget import BudgetStore, MemoryBudgetStore


def budget_store(settings: Settings) -> BudgetStore:
    """The day's spend: in the state directory when the settings name one, else in memory."""
    if settings.state_dir is not None:
        from docent.sidecar.spending.daybook import SPEND_FILE, SqliteBudgetStore

        return SqliteBudgetStore(settings.state_dir / SPEND_FILE)
    return MemoryBudgetStore()
