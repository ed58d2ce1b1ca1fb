"""The circuit: after repeated upstream failures in a row the model is taken as down for a while.

While it is open the guide answers from the offline model (when the owner lets it degrade) instead of sending
every visitor to wait on retries that will fail. After the pause one call is let through; a success closes it.
Only the provider's own failures count: a refusal by the budget, the bulkhead or a visitor leaving does not.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..model.port import LanguageModel, ModelError, ModelRequest, Usage
from .template import ModelDecorator

UPSTREAM = frozenset({"overloaded", "rate_limited", "upstream_failed", "unreachable", "timed_out", "unavailable"})


class Circuit:
    def __init__(self, *, failures: int = 5, pause_s: float = 30.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.failures = failures
        self.pause_s = pause_s
        self.clock = clock
        self.in_a_row = 0
        self.opened_at: float | None = None

    def is_open(self) -> bool:
        """Open from the failure that tripped it until the pause is over; then one call may try."""
        return self.opened_at is not None and self.clock() - self.opened_at < self.pause_s

    def succeeded(self) -> None:
        self.in_a_row, self.opened_at = 0, None

    def trip(self) -> None:
        """Open now, as after the failures that trip it: the model was found down before any call (at start)."""
        self.in_a_row, self.opened_at = self.failures, self.clock()

    def failed(self) -> None:
        self.in_a_row += 1
        if self.in_a_row >= self.failures:
            self.opened_at = self.clock()  # a failed try after the pause opens it again


class Tripping(ModelDecorator):
    """Tells the circuit how each call went; it refuses nothing itself (the guide looks before it calls)."""

    def __init__(self, inner: LanguageModel, *, circuit: Circuit) -> None:
        super().__init__(inner)
        self.circuit = circuit

    def after(self, request: ModelRequest, usage: Usage, ticket: object) -> None:
        self.circuit.succeeded()

    def failed(self, request: ModelRequest, exc: BaseException, billed: Usage, ticket: object) -> None:
        if isinstance(exc, ModelError) and exc.code in UPSTREAM:
            self.circuit.failed()
