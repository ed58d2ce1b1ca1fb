"""Retry: a failed call tried again, at most twice, and only before anything reached the visitor."""

from __future__ import annotations

import random
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing

import anyio
import httpx

from .port import ModelError, ModelEvent, TextDelta, Thinking, ToolCall, Usage

Sleep = Callable[[float], Awaitable[None]]


def retry_after(headers: httpx.Headers) -> float | None:
    """Seconds to wait, from `retry-after-ms` or `retry-after` (an HTTP date is not honoured)."""
    for name, scale in (("retry-after-ms", 1000.0), ("retry-after", 1.0)):
        try:
            return float(headers[name]) / scale
        except (KeyError, ValueError):
            continue
    return None


class Retry:
    """The SDK's policy: `retry-after` when within 0..60 s, else 0.5 s doubling to 8 s, with jitter."""

    def __init__(
        self, *, retries: int = 2, sleep: Sleep = anyio.sleep, jitter: Callable[[], float] = random.random
    ) -> None:
        self.retries = retries
        self.sleep = sleep
        self.jitter = jitter

    def delay(self, exc: ModelError, retry: int) -> float:
        if exc.retry_after is not None and 0 <= exc.retry_after <= 60:
            return exc.retry_after
        return min(0.5 * 2.0 ** (retry - 1), 8.0) * (1 - 0.25 * self.jitter())

    async def run(self, once: Callable[[], AsyncGenerator[ModelEvent, None]]) -> AsyncGenerator[ModelEvent, None]:
        """Yields `once()`'s events; a retryable failure before any output starts it again.

        What a failed attempt was billed for is carried into the usage that follows, so the
        last usage (and a final failure's `billed`) counts every attempt.
        """
        carried = Usage()
        for retry in range(self.retries + 1):
            output = False
            try:
                async with aclosing(once()) as events:
                    async for event in events:
                        if isinstance(event, Usage):
                            event = carried + event
                        elif isinstance(event, (ToolCall, Thinking)) or (isinstance(event, TextDelta) and event.text):
                            output = True
                        yield event
                return
            except ModelError as exc:
                exc.billed = carried + exc.billed
                if output or not exc.retryable or retry >= self.retries:
                    raise
                carried = exc.billed
                wait = self.delay(exc, retry + 1)
            await self.sleep(wait)
