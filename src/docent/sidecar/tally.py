"""One answer, tallied as it streams: how it ended, what was shown and held, what it cited, cost and timing.

The tally holds codes, ids and numbers from the events; the visitor's question never passes through here, and a
sentence's text is not kept. Listeners (the metrics, the day's counts) receive it once the answer has ended,
however it ended: a visitor who leaves mid-answer is tallied as `cancelled`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncGenerator, Callable, Sequence
from contextlib import aclosing
from dataclasses import dataclass, field
from typing import Protocol

from .answer.events import Action, Code, Done, Error, Held, Refused, Sentence, StreamEvent

logger = logging.getLogger("docent.sidecar")


@dataclass
class Tally:
    question: bool  # a question (not the answer to a card)
    outcome: str = "cancelled"  # answered | refused | error | cancelled
    reason: str = ""  # the refusal's reason or the error's code
    shown: int = 0
    held: list[str] = field(default_factory=list)  # reasons
    terms: list[str] = field(default_factory=list)  # lexicon terms held as unknown to the record
    cited: list[str] = field(default_factory=list)  # section ids, once per sentence citing them
    actions: list[str] = field(default_factory=list)  # tool names
    first_word_s: float | None = None
    duration_s: float = 0.0
    done: Done | None = None


class Listener(Protocol):
    def answered(self, tally: Tally) -> None: ...


def tallied(
    events: AsyncGenerator[StreamEvent, None],
    *,
    question: bool,
    listeners: Sequence[Listener],
    clock: Callable[[], float] = time.perf_counter,
) -> AsyncGenerator[StreamEvent, None]:
    """The same events, tallied on the way; a listener that fails is logged and never stops the answer."""
    if not listeners:
        return events
    return _tallied(events, Tally(question=question), listeners, clock)


async def _tallied(
    events: AsyncGenerator[StreamEvent, None], tally: Tally, listeners: Sequence[Listener], clock: Callable[[], float]
) -> AsyncGenerator[StreamEvent, None]:
    started = clock()
    try:
        async with aclosing(events) as inner:
            async for event in inner:
                _count(tally, event, started, clock)
                yield event
    finally:
        tally.duration_s = clock() - started
        for listener in listeners:
            try:
                listener.answered(tally)
            except Exception as exc:  # counting must never cost a visitor the answer
                logger.error("Could not count an answer: %s", type(exc).__name__, exc_info=exc)


def _count(tally: Tally, event: StreamEvent, started: float, clock: Callable[[], float]) -> None:
    kind = type(event)
    if kind is Sentence or kind is Code:  # a code block shown counts as a sentence shown, its section as cited
        tally.shown += 1
        cited = tally.cited
        for cite in event.cites:  # type: ignore[union-attr]
            cited.append(cite.id)  # a loop: a quarter of extend's time over a generator, for a citation or two
        if tally.first_word_s is None:
            tally.first_word_s = clock() - started
    elif kind is Held:
        tally.held.append(event.reason)  # type: ignore[union-attr]
        tally.terms.extend(event.terms)  # type: ignore[union-attr]
    elif kind is Action:
        tally.actions.append(event.tool)  # type: ignore[union-attr]
    elif kind is Refused:
        tally.outcome, tally.reason = "refused", event.reason  # type: ignore[union-attr]
    elif kind is Error:
        tally.outcome, tally.reason = "error", event.code  # type: ignore[union-attr]
    elif kind is Done:
        tally.done = event  # type: ignore[assignment]
        if tally.outcome == "cancelled":
            tally.outcome = "answered"
