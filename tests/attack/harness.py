"""The real app around an injected model adapter, behind the real budget, bulkhead and meter."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from starlette.applications import Starlette

from docent.sidecar.app import create_app
from docent.sidecar.model.port import LanguageModel
from docent.sidecar.settings import Settings
from docent.sidecar.spending.budget import Budget, Budgeted
from docent.sidecar.spending.bulkhead import Bulkhead, Bulkheaded
from docent.sidecar.spending.factory import FeatureModel
from docent.sidecar.spending.metering import Meter, Metered

# Limits that stay out of the way of a test that is not about them; the proof of work made cheap to solve.
OPEN = {
    "rate_address": "100000/minute",
    "rate_conversation": "100000/minute",
    "rate_overall": "100000/minute",
    "rate_start": "100000/minute",
    "pow_maxnumber": 2000,
}


def settings(bundle: Path, **overrides: Any) -> Settings:
    base = Settings(enabled=True, model="offline", bundle=bundle, pow_secret=b"s" * 32, pow_secret_made=False)
    return replace(base, **{**OPEN, **overrides})


def guarded(adapter: LanguageModel, *, budget_usd: float = 1.0, bulkhead: int = 4) -> FeatureModel:
    """The factory's stack (metering, bulkhead, budget, adapter) around an adapter the test made."""
    budget, places, meter = Budget(budget_usd), Bulkhead(bulkhead), Meter()
    stack: LanguageModel = Metered(Bulkheaded(Budgeted(adapter, budget=budget), bulkhead=places), meter=meter, feature="guide")
    return FeatureModel(stack, feature="guide", adapter=adapter, budget=budget, bulkhead=places, meter=meter)


def app_with(bundle: Path, model: FeatureModel, **overrides: Any) -> Starlette:
    return create_app(settings(bundle, **overrides), model_factory=lambda _settings: model)
