"""An answer on the wire: server-sent events (pings, a send timeout), ended cleanly however it ends.

The turn runs in a task of its own and hands its events over a queue, so that a shutdown can stop it wherever it
waits (an upstream call included) and still tell the visitor with an `error` event. A visitor who goes away cancels
the task, and with it the upstream call; the turn's own `finally` settles what was spent. Nothing is remembered of
a turn that did not end with `done`: the turn commits only on success.

Streamed by hand rather than through sse-starlette, whose task group of four tasks per response (the stream,
pings, disconnect, shutdown) cost more than anything else of ours in an answer: here one loop sends what the turn
queues, a timer queues the pings, one small task watches for the visitor leaving, and one watcher per process
tells every open answer of a shutdown. The bytes on the wire are sse-starlette's (`make bench` measures both).
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
from collections import deque
from collections.abc import AsyncGenerator, Awaitable, Callable
from contextlib import aclosing
from datetime import UTC, datetime
from typing import Any

import anyio
import msgspec
from starlette.types import Message, Receive, Scope, Send

from . import lane as lanes
from .answer.events import Cite, Code, Done, Error, Refused, Sentence, Start, StreamEvent, payload
from .model.port import ModelError

logger = logging.getLogger("docent.sidecar")

_END, _SHUTDOWN = object(), object()


class SendTimeoutError(TimeoutError):
    """A visitor who stopped reading: the answer could not be sent within its send timeout."""


FINAL = ("done", "error")
_FLAT = (Start, Done, Refused, Error)
_encode = msgspec.json.Encoder().encode
_HEADS: dict[str, bytes] = {}  # an event's name -> its frame's head (`event: NAME`, `data: `), made once a name
SHUTTING_DOWN = Error("shutting_down", "The guide is restarting and this answer was cut short: ask again in a moment.")
INCOMPLETE = Error("incomplete", "The answer stopped before it was complete: ask again.")
FAILED = Error("internal", "Something went wrong on our side while answering: ask again.")


def frame(event: StreamEvent) -> bytes:
    """One event as `event: <name>` and `data: <JSON on one line>`; JSON escapes every line break but U+2028/9."""
    kind = type(event)
    data: Any
    if kind is Sentence:
        # The Struct itself, its defaults left out: what `_sentence` words, but for "cites", which it always sends.
        data = event if event.cites else _sentence(event)  # type: ignore[union-attr,arg-type]
    elif kind is Code:
        data = {"language": event.language, "text": event.text, "cites": [_cite(c) for c in event.cites]}  # type: ignore[union-attr]
        if event.run is not None:  # type: ignore[union-attr]  # a run of a longer block: [first, last, the block's lines]
            data["run"] = list(event.run)  # type: ignore[union-attr]
    elif kind in _FLAT:
        data = event.__dict__  # every field a plain value: what dataclasses.asdict gives, without its deep copy
    else:
        data = payload(event)
    try:
        text = _encode(data)  # msgspec: a third of json.dumps's time, the same compact UTF-8 (tests/bench/README.md)
    except UnicodeEncodeError:  # a lone surrogate, which UTF-8 cannot carry: replaced, as the stdlib path did
        plain = _sentence(event) if kind is Sentence else data  # type: ignore[arg-type]
        text = json.dumps(plain, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "replace")
    head = _HEADS.get(event.event) or _HEADS.setdefault(event.event, b"event: %b\r\ndata: " % event.event.encode())
    return head + text + b"\r\n\r\n"


def _sentence(event: Sentence) -> dict[str, Any]:
    """A sentence as its frame's JSON object: its Markdown's marks only when it has some."""
    data: dict[str, Any] = {"text": event.text, "cites": [_cite(c) for c in event.cites]}
    if event.spans:
        data["spans"] = [list(span) for span in event.spans]
    if event.item is not None:
        data["item"] = {"number": event.item.number}
    if event.line:
        data["line"] = True
    if event.row is not None:
        data["row"] = {"cells": [list(cell) for cell in event.row.cells], "header": event.row.header}
    if event.heading:
        data["heading"] = True
    return data


def _cite(cite: Cite) -> dict[str, str]:
    said = {"id": cite.id, "title": cite.title, "path": cite.path}
    return {**said, "quote": cite.quote} if cite.quote else said


HEADERS = [
    (b"cache-control", b"no-store"),
    (b"connection", b"keep-alive"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
    (b"content-type", b"text/event-stream; charset=utf-8"),
]
_PING = object()
_GONE = object()
_STEPPED = object()  # the turn's first step has ended: the `start` waiting for its events goes out


def ping() -> bytes:
    """A comment line that keeps proxies from timing the stream out; EventSource ignores it."""
    return f": ping - {datetime.now(UTC)}\r\n\r\n".encode()


class Answer:
    """An ASGI app streaming one answer; `release` (the conversation's lease) runs when it ends, however it ends,
    unless `given_back` says the lease is back already (the save gives it back with the answer's `done`): then it is
    not awaited, nor the scopes that shield and bound it made (some 9 us an answer)."""

    def __init__(
        self,
        first: StreamEvent,
        events: AsyncGenerator[StreamEvent, None],
        *,
        release: Callable[[], Awaitable[None]],
        given_back: Callable[[], bool] | None = None,
        ping_s: float = 15,
        send_timeout_s: float = 30,
        cleanup_s: float = 10,
    ) -> None:
        self._first = first
        self._events = events
        self._release = release
        self._given_back = given_back
        self._ping_s = ping_s
        self._send_timeout_s = send_timeout_s
        self._cleanup_s = cleanup_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        queue = _Mailbox(loop)
        released = False
        timer: asyncio.TimerHandle  # the next ping, set once `pinged` is defined

        async def release() -> None:
            nonlocal released
            if not released:
                released = True
                if self._given_back is not None and self._given_back():
                    return
                with anyio.CancelScope(shield=True), anyio.move_on_after(self._cleanup_s):
                    await self._release()

        def pinged() -> None:
            queue.put_nowait(_PING)
            nonlocal timer
            timer = loop.call_later(self._ping_s, pinged)

        async def watch() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            queue.put_nowait(_GONE)

        timer = loop.call_later(self._ping_s, pinged)
        watcher = loop.create_task(watch())
        sender = _Sender(send, self._send_timeout_s)
        alone = not _shutdowns.open()  # no other answer under way in this process
        stop = _shutdowns.add(lambda: queue.put_nowait(_SHUTDOWN))
        producer: asyncio.Task[None] | None = None
        try:
            await sender.send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            # Alone, the first event goes out with what the turn's first step queues, in one write: the turn tells the
            # loop below when that step ends (`_STEPPED`), whether it ran its slice or waits (a model, Redis). Beside
            # other answers it goes at once, as the lane has it: a burst's first events before any turn's slice.
            head = frame(self._first)
            if not alone:
                await sender.send({"type": "http.response.body", "body": head, "more_body": True})
                head = b""
            producer = loop.create_task(self._produce(queue, stepped=alone))
            while True:
                item = await queue.get()
                if item is _GONE:
                    logger.debug("A visitor went away mid-answer; it was cancelled.")
                    return
                if item is _PING:
                    await sender.send({"type": "http.response.body", "body": head + ping(), "more_body": True})
                    head = b""
                    continue
                if item is _SHUTDOWN:
                    producer.cancel()
                chunk, ended = self._drain(item, queue)
                if chunk is None:
                    logger.debug("A visitor went away mid-answer; it was cancelled.")
                    return
                if head:
                    chunk, head = head + chunk, b""
                if ended:
                    if not producer.done():  # let the turn finish remembering itself, and free the conversation
                        await asyncio.wait([producer], timeout=self._cleanup_s)
                    await release()
                # The last chunk and the stream's end in one message: one write to the socket, not two.
                if chunk or ended:
                    await sender.send({"type": "http.response.body", "body": chunk, "more_body": not ended})
                if ended:
                    return
        except SendTimeoutError:
            logger.info("A visitor stopped reading an answer; it was cancelled.")
        finally:
            timer.cancel()
            sender.close()
            watcher.cancel()
            _shutdowns.discard(stop)
            await self._stop(producer)
            await release()

    @staticmethod
    def _drain(item: Any, queue: _Mailbox) -> tuple[bytes | None, bool]:
        """The frames of every event waiting, as one chunk (fewer writes), and whether the answer has ended; no chunk
        when the visitor went away meanwhile (nothing more is sent)."""
        chunk = b""
        while True:
            if item is _END:
                return chunk, True
            if item is _SHUTDOWN:
                return chunk + frame(SHUTTING_DOWN), True
            if item is _GONE:
                return None, False
            if item is not _PING and item is not _STEPPED:  # a ping among events: the events keep the stream alive
                chunk += frame(item)
                if item.event in FINAL:
                    return chunk, True
            if queue.empty():
                return chunk, False
            item = queue.get_nowait()

    async def _produce(self, queue: _Mailbox, *, stepped: bool = False) -> None:
        ended = False
        # A turn whose model answers without waiting (a replay, a model on this machine) would run to its end in one
        # step of the event loop: it runs a slice at a time, in turns with the others, new questions' heads first.
        lane, me = lanes.lane(), asyncio.current_task()
        clock = lane.clock
        if stepped:  # told once this first step of the turn ends, in the loop's next step: the `start` waits for it
            asyncio.get_running_loop().call_soon(queue.put_nowait, _STEPPED)
        try:
            await lane.enter()
            # Read the turn to its end, past its last event: it may still have work to do (remembering the turn).
            async with aclosing(self._events) as events:
                async for event in events:
                    if not ended:
                        queue.put_nowait(event)
                        ended = event.event in FINAL
                    # Its slice is up, or the lane went on while it waited (then `ends` is the new holder's).
                    if lane.holder is not me or clock() >= lane.ends:
                        await lane.pace()
            if not ended:
                queue.put_nowait(INCOMPLETE)
        except ModelError as exc:  # the turn maps these itself; one that escapes still reaches the visitor in words
            queue.put_nowait(Error(exc.code, FAILED.message if exc.for_operator else exc.message))
        except Exception as exc:
            logger.error("The turn failed: %s", type(exc).__name__, exc_info=exc)
            queue.put_nowait(FAILED)
        finally:
            lane.leave()
            queue.put_nowait(_END)

    async def _stop(self, producer: asyncio.Task[None] | None) -> None:
        """Cancel the turn if it still runs and wait for its cleanup (spending settles there), bounded."""
        if producer is None or producer.done():
            return
        producer.cancel()
        with anyio.CancelScope(shield=True), anyio.move_on_after(self._cleanup_s):
            await asyncio.wait([producer])


class _Mailbox:
    """What an answer's loop reads: the turn's events, the pings, the visitor gone, the shutdown; one reader.

    asyncio.Queue's own bookkeeping (its size bound, `task_done`'s count and event, a deque of getters) cost some ten
    Python calls an event, for one reader that never bounds it: here a deque, and the reader's future while it waits.
    """

    __slots__ = ("_items", "_loop", "_waiter")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._items: deque[Any] = deque()
        self._loop = loop
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> Any:
        while not self._items:
            self._waiter = waiter = self._loop.create_future()
            try:
                await waiter
            finally:
                self._waiter = None
        return self._items.popleft()

    def get_nowait(self) -> Any:
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items


class _Sender:
    """An answer's sends, each bounded by the send timeout, watched by one timer for the whole answer.

    `asyncio.timeout` around each send made and cancelled a timer per send (a fifth of the stream's own time); here
    one timer looks at the send under way when it is due, and is set again only while sends keep coming. A send
    still waiting `limit_s` after it began is cancelled, and raises SendTimeoutError, as under `asyncio.timeout`.
    """

    __slots__ = ("_send", "_limit_s", "_loop", "_task", "_since", "_timer", "_fired")

    def __init__(self, send: Send, limit_s: float) -> None:
        self._send = send
        self._limit_s = limit_s
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        self._since: float | None = None  # when the send under way began
        self._timer: asyncio.TimerHandle | None = None
        self._fired = False

    async def send(self, message: Message) -> None:
        self._since = now = self._loop.time()
        if self._timer is None:
            self._timer = self._loop.call_at(now + self._limit_s, self._due)
        try:
            await self._send(message)
        except asyncio.CancelledError:
            if self._fired and self._task is not None and self._task.uncancel() == 0:
                raise SendTimeoutError() from None
            raise
        finally:
            self._since = None

    def _due(self) -> None:
        self._timer = None
        if self._since is None or self._task is None:
            return  # no send under way: the next one sets the timer again
        due = self._since + self._limit_s
        if self._loop.time() >= due:
            self._fired = True
            self._task.cancel()
        else:
            self._timer = self._loop.call_at(due, self._due)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class _Shutdowns:
    """Every open answer's farewell, told when the server starts to shut down: one watcher per event loop.

    uvicorn finishes open responses before it runs the app's lifespan shutdown, so the app learns of a
    shutdown from the server itself: the `should_exit` of the uvicorn server whose handler SIGTERM is bound to.
    """

    def __init__(self) -> None:
        self._farewells: set[Callable[[], None]] = set()
        self._watching: set[asyncio.AbstractEventLoop] = set()

    def add(self, farewell: Callable[[], None]) -> Callable[[], None]:
        loop = asyncio.get_running_loop()
        if loop not in self._watching:
            self._watching.add(loop)
            loop.create_task(self._watch(loop))
        self._farewells.add(farewell)
        return farewell

    def discard(self, farewell: Callable[[], None]) -> None:
        self._farewells.discard(farewell)

    def open(self) -> int:
        """How many answers are under way (each has its farewell here until it ends)."""
        return len(self._farewells)

    async def _watch(self, loop: asyncio.AbstractEventLoop) -> None:
        try:
            while not _exiting():
                await asyncio.sleep(0.5)
            for farewell in list(self._farewells):
                farewell()
        finally:
            self._watching.discard(loop)


def _exiting() -> bool:
    handler = signal.getsignal(signal.SIGTERM)
    server = getattr(handler, "__self__", None)
    return bool(getattr(server, "should_exit", False))


_shutdowns = _Shutdowns()
