"""A turn's receipt: what its model calls spent and how soon it spoke, made into its `done`.

- Each call's usage is added once, as its stream last reported it; `done` reports this request's calls only.
- The answer's allowance of output tokens is the answer's, not each call's (seed 002: 700 tokens an answer), and it
  spans a card: the answer to a card continues with what was spent before the card stopped the turn.
- The first word is the first sentence the gate lets out, timed from the turn's start.

(`tally.py` is the other side of the stream: it counts the events an answer sent, for the metrics.)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from ..model.port import CutShort, ModelSpec, Usage
from .events import Code, Done, Sentence, StreamEvent

E = TypeVar("E", bound=StreamEvent)


@dataclass
class Receipt:
    spec: ModelSpec
    bundle: str  # the bundle's hash
    clock: Callable[[], float] = time.perf_counter
    carried: int = 0  # output tokens the answer spent before a card stopped it
    usage: Usage = field(default_factory=Usage)  # this request's calls, summed
    first_word_ms: float | None = None
    checked_usd: float = 0.0  # what the model check of its sentences cost (`checking`), in the question's cost
    started: float = field(init=False)

    def __post_init__(self) -> None:
        self.started = self.clock()

    @property
    def spent(self) -> int:
        """Output tokens the answer has spent, across the card that may have stopped it."""
        return self.carried + self.usage.output_tokens

    def allowance(self, most: int) -> int:
        """What the next call may still write of the answer's `most` tokens; CutShort once they are spent."""
        left = most - self.spent
        if left <= 0:
            raise CutShort(f"The answer used its {most} tokens before it was done.", billed=self.usage)
        return left

    def add(self, usage: Usage) -> None:
        self.usage = self.usage + usage

    def seen(self, event: E) -> E:
        """The event, on its way out; the first sentence sets the first word's time."""
        if isinstance(event, (Sentence, Code)) and self.first_word_ms is None:
            self.first_word_ms = (self.clock() - self.started) * 1000
        return event

    def done(self, *, actions: int = 0, waiting: bool = False) -> Done:
        usage = self.usage
        return Done(
            self.spec.id,
            actions=actions,
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_tokens=usage.cache_read_tokens,
            cache_write_tokens=usage.cache_write_tokens,
            cost_usd=self.spec.cost(usage) + self.checked_usd,
            first_word_ms=self.first_word_ms,
            bundle=self.bundle,
            waiting=waiting,
        )
