"""Feeding recorded-shape streams to adapters through httpx.MockTransport, in chosen byte chunks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path

import httpx

from docent.sidecar.model.port import ModelError, ModelEvent, ModelRequest

FIXTURES = Path(__file__).parents[2] / "fixtures" / "anthropic"

REQUEST = ModelRequest(
    system=[{"type": "text", "text": "rules"}, {"type": "text", "text": "record", "cache_control": {"type": "ephemeral"}}],
    tools=[{"name": "show_page", "input_schema": {"type": "object"}}],
    messages=[{"role": "user", "content": [{"type": "text", "text": "<question>Has he led a team?</question>"}]}],
)


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


class Chunks(httpx.AsyncByteStream):
    """The body in these chunks; an exception among them is raised there, as a connection that breaks."""

    def __init__(self, chunks: Sequence[bytes | Exception]) -> None:
        self.chunks = chunks

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self.chunks:
            if isinstance(chunk, Exception):
                raise chunk
            yield chunk


def sse(chunks: Sequence[bytes | Exception] | bytes, status: int = 200, **headers: str) -> httpx.Response:
    parts = [chunks] if isinstance(chunks, bytes) else chunks
    return httpx.Response(status, headers={"content-type": "text/event-stream", **headers}, stream=Chunks(parts))


def replies(*responses: httpx.Response | Exception) -> tuple[Callable[[httpx.Request], httpx.Response], list[httpx.Request]]:
    """A handler that answers each request with the next response (or raises the next exception)."""
    seen: list[httpx.Request] = []
    queue = list(responses)

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        item = queue.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    return handler, seen


async def collect(stream: AsyncIterator[ModelEvent]) -> tuple[list[ModelEvent], ModelError | None]:
    events: list[ModelEvent] = []
    try:
        async for event in stream:
            events.append(event)
    except ModelError as exc:
        return events, exc
    return events, None
