"""The answer as it was streamed through sse-starlette, kept for `make bench` to measure beside our own stream.

The sidecar streams its answers by hand (`docent.sidecar.stream.Answer`); this is the same answer through
sse-starlette's EventSourceResponse, with the same turn task, pings, send timeout, shutdown farewell and bytes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
from sse_starlette.sse import EventSourceResponse, SendTimeoutError
from starlette.types import Receive, Scope, Send

from docent.sidecar.stream import _SHUTDOWN, Answer, frame

logger = logging.getLogger("docent.sidecar")
GRACE_S = 2


class _ChunkFilter(logging.Filter):
    """sse-starlette logs every chunk it sends at DEBUG; an answer can quote the visitor, so those never get out."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.startswith(("chunk:", "ping:")))


logging.getLogger("sse_starlette.sse").addFilter(_ChunkFilter())


class _Farewell:
    """Stands in for the `anyio.Event` sse-starlette sets on shutdown: setting it stops the turn at once."""

    def __init__(self, on_set: Callable[[], None]) -> None:
        self._on_set = on_set
        self._set = False

    def set(self) -> None:
        if not self._set:
            self._set = True
            self._on_set()

    def is_set(self) -> bool:
        return self._set


class SseStarletteAnswer(Answer):
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        queue: asyncio.Queue[Any] = asyncio.Queue()
        producer: asyncio.Task[None] | None = None
        released = False

        async def release() -> None:
            nonlocal released
            if not released:
                released = True
                # Shielded: an answer cut short (a visitor gone, a shutdown) still gives its conversation back.
                with anyio.CancelScope(shield=True), anyio.move_on_after(self._cleanup_s):
                    await self._release()

        def stop() -> None:
            queue.put_nowait(_SHUTDOWN)
            if producer is not None:
                producer.cancel()

        async def frames() -> AsyncIterator[bytes]:
            nonlocal producer
            yield frame(self._first)
            producer = asyncio.create_task(self._produce(queue))
            try:
                while True:
                    chunk, ended = self._drain(await queue.get(), queue)
                    if ended:
                        # Let the turn finish remembering itself, and free the conversation, before the visitor
                        # reads `done`: a browser that asks again at once must not find it busy.
                        if not producer.done():
                            with anyio.move_on_after(self._cleanup_s):
                                await asyncio.wait([producer])
                        await release()
                    if chunk:
                        yield chunk
                    if ended:
                        break
            finally:
                await self._stop(producer)
                await release()

        response = EventSourceResponse(
            frames(),
            ping=self._ping_s,
            send_timeout=self._send_timeout_s,
            shutdown_event=_Farewell(stop),  # type: ignore[arg-type]  # only .set() is called on it
            shutdown_grace_period=GRACE_S,
            cleanup_timeout=self._cleanup_s,
        )
        try:
            await response(scope, receive, send)
        except SendTimeoutError:
            logger.info("A visitor stopped reading an answer; it was cancelled.")
        finally:
            await release()

