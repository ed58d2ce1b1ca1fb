"""Metering: calls, failures, tokens and dollars per feature, for status and `done`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from ..model.port import LanguageModel, ModelError, ModelRequest, Usage
from .template import ModelDecorator


@dataclass
class Tally:
    calls: int = 0
    failed: int = 0
    usage: Usage = Usage()
    cost_usd: float = 0.0
    failures: dict[str, int] = field(default_factory=dict)  # by error code; "cancelled" for a reader gone


class Meter:
    """What each feature's calls used; shared by the decorators of every feature."""

    def __init__(self) -> None:
        self._tallies: dict[str, Tally] = {}
        # Told of every call: (model id, usage, dollars, failure code or None); the metrics listen here.
        self.listeners: list[Callable[[str, Usage, float, str | None], None]] = []

    def record(
        self, feature: str, usage: Usage, cost_usd: float, *, failure: str | None = None, model: str = ""
    ) -> None:
        for listener in self.listeners:
            listener(model, usage, cost_usd, failure)
        tally = self._tallies.setdefault(feature, Tally())
        tally.calls += 1
        tally.usage += usage
        tally.cost_usd += cost_usd
        if failure is not None:
            tally.failed += 1
            tally.failures[failure] = tally.failures.get(failure, 0) + 1

    def snapshot(self) -> dict[str, dict[str, Any]]:
        return {
            feature: {"calls": t.calls, "failed": t.failed, **msgspec.structs.asdict(t.usage), "cost_usd": round(t.cost_usd, 6),
                      "failures": dict(t.failures)}
            for feature, t in self._tallies.items()
        }


class Metered(ModelDecorator):
    def __init__(self, inner: LanguageModel, *, meter: Meter, feature: str) -> None:
        super().__init__(inner)
        self.meter = meter
        self.feature = feature

    def after(self, request: ModelRequest, usage: Usage, ticket: object) -> None:
        self.meter.record(self.feature, usage, self.spec.cost(usage), model=self.spec.id)

    def failed(self, request: ModelRequest, exc: BaseException, billed: Usage, ticket: object) -> None:
        code = exc.code if isinstance(exc, ModelError) else "cancelled"
        self.meter.record(self.feature, billed, self.spec.cost(billed), failure=code, model=self.spec.id)
