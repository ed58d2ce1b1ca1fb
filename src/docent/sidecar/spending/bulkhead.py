"""The bulkhead: so many calls at once, and the next refused at once, never queued."""

from __future__ import annotations

from ..model.port import BulkheadFull, LanguageModel, ModelRequest, Usage
from .template import ModelDecorator


class Bulkhead:
    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"A bulkhead needs at least one place, not {size}: set DOCENT_BULKHEAD to 1 or more.")
        self.size = size
        self.in_use = 0

    def enter(self) -> None:
        if self.in_use >= self.size:
            raise BulkheadFull(
                f"The guide is answering {self.size} questions already: ask again in a moment.", retry_after=1.0
            )
        self.in_use += 1

    def leave(self) -> None:
        self.in_use = max(0, self.in_use - 1)


class Bulkheaded(ModelDecorator):
    def __init__(self, inner: LanguageModel, *, bulkhead: Bulkhead) -> None:
        super().__init__(inner)
        self.bulkhead = bulkhead

    def before(self, request: ModelRequest) -> None:
        self.bulkhead.enter()

    def after(self, request: ModelRequest, usage: Usage, ticket: object) -> None:
        self.bulkhead.leave()

    def failed(self, request: ModelRequest, exc: BaseException, billed: Usage, ticket: object) -> None:
        self.bulkhead.leave()
