"""A model built from a handler function, as httpx's `MockTransport` is a transport built from one.

The handler takes the request and returns the events of the answer: an async generator (to wait, hang or fail
part-way) or any iterable. Each request is kept, in order, in `requests`, so a test can read what the turn sent;
a handler that raises fails the stream as an adapter's error would. Tests and embedders use it in place of a
hand-written fake; the replay model beside it answers from a script file instead.

    async def answer(request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        yield TextDelta("She led the platform team. [[roles-acme]]")
        yield Stop("end_turn")

    model = HandlerModel(answer, spec=ModelSpec("test"))
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterable, Callable, Iterable
from contextlib import aclosing

from .port import ModelEvent, ModelRequest, ModelSpec

Handler = Callable[[ModelRequest], AsyncIterable[ModelEvent] | Iterable[ModelEvent]]


class HandlerModel:
    """The port's one operation, answered by `handler`; `spec` prices and describes it as a real model's row would."""

    def __init__(self, handler: Handler, *, spec: ModelSpec | None = None) -> None:
        self.handler = handler
        self.spec = spec or ModelSpec("handler")
        self.requests: list[ModelRequest] = []
        self.closed = False

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.requests.append(request)
        events = self.handler(request)
        if isinstance(events, AsyncIterable):
            # Closed with this stream, not when collected: a handler's `finally` runs when its listener leaves.
            if isinstance(events, AsyncGenerator):
                async with aclosing(events) as closing:
                    async for event in closing:
                        yield event
            else:
                async for event in events:
                    yield event
        else:
            for event in events:
                yield event

    async def aclose(self) -> None:
        self.closed = True


__all__ = ["Handler", "HandlerModel"]
