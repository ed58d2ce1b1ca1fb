"""The real app around an injected model adapter, behind the real budget, bulkhead and meter."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from docent.sidecar.app import create_app
from docent.sidecar.model.port import LanguageModel
from docent.sidecar.settings import Settings
from docent.sidecar.spending.budget import BudgetStore
from docent.sidecar.spending.factory import FeatureModel, guard

# Limits that stay out of the way of a test that is not about them; the proof of work made cheap to solve.
OPEN = {
    "rate_address": "100000/minute",
    "rate_conversation": "100000/minute",
    "rate_overall": "100000/minute",
    "rate_start": "100000/minute",
    "rate_read": "100000/minute",
    "pow_maxnumber": 2000,
}


def settings(bundle: Path, **overrides: Any) -> Settings:
    base = Settings(enabled=True, model="offline", bundle=bundle, pow_secret=b"s" * 32, pow_secret_made=False)
    return replace(base, **{**OPEN, **overrides})


def guarded(
    adapter: LanguageModel, *, budget_usd: float = 1.0, bulkhead: int = 4, store: BudgetStore | None = None
) -> FeatureModel:
    """The factory's own stack (metering, bulkhead, budget) around an adapter the test made."""
    return guard(adapter, feature="guide", budget_usd=budget_usd, bulkhead=bulkhead, store=store)


def shared_state(kind: str, redis_url: str | None) -> tuple[dict[str, Any], BudgetStore | None]:
    """The settings and the budget store for a suite run in memory ("memory") or on a real Redis ("redis")."""
    if kind == "memory":
        return {}, None
    from docent.sidecar.spending.redis_budget import RedisBudgetStore, connect

    assert redis_url is not None
    return {"redis_url": redis_url}, RedisBudgetStore(connect(redis_url))


def app_with(bundle: Path, model: FeatureModel, **overrides: Any) -> Starlette:
    return create_app(settings(bundle, **overrides), model_factory=lambda _settings: model)
