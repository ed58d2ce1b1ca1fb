"""A model for the spending tests: says a little, bills a fixed usage, and can fail or hang."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import anyio

from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelError, ModelEvent, ModelRequest, ModelSpec, Stop, TextDelta, Usage

SPEC = ModelSpec("test", input_per_mtok=1.0, output_per_mtok=5.0, cache_write_per_mtok=1.25, cache_read_per_mtok=0.1)
REQUEST = ModelRequest(system=[{"type": "text", "text": "rules " * 50}], tools=[], messages=[{"role": "user", "content": "<question>hi</question>"}])
USAGE = Usage(input_tokens=1000, output_tokens=100)


@dataclass
class Answer:
    """The handler: counts the calls it answered and the answers that ended, however they ended."""

    usage: Usage = USAGE
    delay: float = 0.0
    fail: ModelError | None = None
    hang: bool = False
    calls: int = 0
    closed: int = 0
    hung: bool = False  # it has said all it will and hangs now

    async def __call__(self, request: ModelRequest) -> AsyncIterator[ModelEvent]:
        self.calls += 1
        try:
            yield Usage(input_tokens=self.usage.input_tokens)
            await anyio.sleep(self.delay)
            yield TextDelta("Yes. [[roles-acme]]")
            if self.fail is not None:
                raise self.fail
            if self.hang:
                self.hung = True
                await anyio.sleep(3600)
            yield self.usage
            yield Stop("end_turn")
        finally:
            self.closed += 1


def fake_model(
    answer: Answer | None = None,
    *,
    usage: Usage = USAGE,
    delay: float = 0.0,
    fail: ModelError | None = None,
    hang: bool = False,
) -> HandlerModel:
    """The test model over `answer`, or over a new `Answer` with these options."""
    return HandlerModel(answer or Answer(usage=usage, delay=delay, fail=fail, hang=hang), spec=SPEC)


async def drain(stream: AsyncIterator[ModelEvent]) -> list[ModelEvent]:
    return [event async for event in stream]
