"""An answer on the wire: server-sent events (sse-starlette: pings, a send timeout), ended cleanly however it ends.

The turn runs in a task of its own and hands its events over a queue, so that a shutdown can stop it wherever it
waits (an upstream call included) and still tell the visitor with an `error` event. A visitor who goes away cancels
the task, and with it the upstream call; the turn's own `finally` settles what was spent. Nothing is remembered of
a turn that did not end with `done`: the turn commits only on success.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing
from typing import Any

import anyio
from sse_starlette.sse import EventSourceResponse, SendTimeoutError
from starlette.types import Receive, Scope, Send

from docent.sidecar.events import Done, Error, Held, Refused, Sentence, Start, StreamEvent, payload
from docent.sidecar.model.port import ModelError

logger = logging.getLogger("docent.sidecar")

_END = object()
_SHUTDOWN = object()
FINAL = ("done", "error")
_FLAT = (Start, Done, Refused, Error)
SHUTTING_DOWN = Error("shutting_down", "The guide is restarting and this answer was cut short: ask again in a moment.")
INCOMPLETE = Error("incomplete", "The answer stopped before it was complete: ask again.")
FAILED = Error("internal", "Something went wrong on our side while answering: ask again.")


class _ChunkFilter(logging.Filter):
    """sse-starlette logs every chunk it sends at DEBUG; an answer can quote the visitor, so those never get out."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.startswith(("chunk:", "ping:")))


logging.getLogger("sse_starlette.sse").addFilter(_ChunkFilter())


def frame(event: StreamEvent) -> bytes:
    """One event as `event: <name>` and `data: <JSON on one line>`; JSON escapes every line break but U+2028/9."""
    kind = type(event)
    if kind is Sentence:
        data = _sentence(event)  # type: ignore[arg-type]
    elif kind in _FLAT:
        data = event.__dict__  # every field a plain value: what dataclasses.asdict gives, without its deep copy
    else:
        data = payload(event)
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return b"event: " + event.event.encode() + b"\r\ndata: " + text.encode("utf-8", "replace") + b"\r\n\r\n"


def _sentence(event: Sentence) -> dict[str, Any]:
    # The most frequent event, so spared dataclasses.asdict's deep copy.
    return {"text": event.text, "cites": [{"id": c.id, "title": c.title, "path": c.path} for c in event.cites]}


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


class Answer:
    """An ASGI app streaming one answer; `release` (the conversation's lease) runs when it ends, however it ends."""

    def __init__(
        self,
        first: StreamEvent,
        events: AsyncIterator[StreamEvent],
        *,
        release: Callable[[], Awaitable[None]],
        ping_s: float = 15,
        send_timeout_s: float = 30,
        grace_s: float = 2,
        cleanup_s: float = 10,
    ) -> None:
        self._first = first
        self._events = events
        self._release = release
        self._ping_s = ping_s
        self._send_timeout_s = send_timeout_s
        self._grace_s = grace_s
        self._cleanup_s = cleanup_s

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
            shutdown_grace_period=self._grace_s,
            cleanup_timeout=self._cleanup_s,
        )
        try:
            await response(scope, receive, send)
        except SendTimeoutError:
            logger.info("A visitor stopped reading an answer; it was cancelled.")
        finally:
            await release()

    @staticmethod
    def _drain(item: Any, queue: asyncio.Queue[Any]) -> tuple[bytes, bool]:
        """The frames of every event waiting, as one chunk (fewer writes), and whether the answer has ended."""
        chunk = b""
        while True:
            if item is _END:
                return chunk, True
            if item is _SHUTDOWN:
                return chunk + frame(SHUTTING_DOWN), True
            chunk += frame(item)
            if item.event in FINAL or queue.empty():
                return chunk, item.event in FINAL
            item = queue.get_nowait()

    async def _produce(self, queue: asyncio.Queue[Any]) -> None:
        ended = False
        try:
            # Read the turn to its end, past its last event: it may still have work to do (remembering the turn).
            async with aclosing(self._events) as events:
                async for event in events:
                    if not ended:
                        queue.put_nowait(event)
                        ended = event.event in FINAL
            if not ended:
                queue.put_nowait(INCOMPLETE)
        except ModelError as exc:  # the turn maps these itself; one that escapes still reaches the visitor in words
            queue.put_nowait(Error(exc.code, FAILED.message if exc.for_operator else exc.message))
        except Exception as exc:
            logger.error("The turn failed: %s", type(exc).__name__, exc_info=exc)
            queue.put_nowait(FAILED)
        finally:
            queue.put_nowait(_END)

    async def _stop(self, producer: asyncio.Task[None] | None) -> None:
        """Cancel the turn if it still runs and wait for its cleanup (spending settles there), bounded."""
        if producer is None or producer.done():
            return
        producer.cancel()
        with anyio.CancelScope(shield=True), anyio.move_on_after(self._cleanup_s):
            await asyncio.wait([producer])
