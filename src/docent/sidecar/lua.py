"""Lua scripts run in one round trip each, pipelined on one connection every script of a client shares.

A question makes three round trips, each a script (the take, the budget's reservation, the save). redis-py's `Script`
sends one through the client's `execute_command` (its retry wrapper, its observability hooks, its response
callbacks): about 480 Python calls a script on this machine; through a pooled connection's own `send_packed_command`
and `read_response`, about 240 (the pool's condition and observability, a timeout scope per read, the reply parser
a call per line). Here the scripts of a client go on one connection of its pool, held by a `Link`: each call writes
its EVALSHA and awaits a future, and one reader resolves the futures in order from the replies, read in whole
chunks and parsed at once (Redis answers a connection's commands in the order sent, so questions' scripts pipeline
on it). The connection is the pool's own, so its address, password, database, TLS and protocol are the client's,
and closing the client closes it. A reply not come within the connection's socket timeout, or a connection lost,
fails every call waiting on it (redis-py's TimeoutError or ConnectionError, as the store's callers expect) and the
next call takes a fresh one. A Redis that lost its scripts (restarted, flushed) answers NOSCRIPT: the script is
loaded again and sent once more, as redis-py's `Script` does.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import deque
from collections.abc import Sequence
from typing import Any

import redis.asyncio as aioredis
from redis._parsers.base import BaseParser
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

Arg = str | bytes | int


class Lua:
    """A script on a client's connections; called with its keys and arguments, it answers Redis's raw reply."""

    __slots__ = ("_client", "_link", "script", "sha")

    def __init__(self, client: aioredis.Redis, script: str) -> None:
        self._client = client
        self._link = Link.of(client)
        self.script = script
        self.sha = hashlib.sha1(script.encode()).hexdigest()  # Redis names a script by its SHA-1

    async def __call__(self, *, keys: Sequence[str], args: Sequence[Arg] = ()) -> Any:
        try:
            return await self._link.call(_pack(b"EVALSHA", self.sha, len(keys), *keys, *args))
        except NoScriptError:
            self.sha = (await self._link.call(_pack(b"SCRIPT", b"LOAD", self.script))).decode()
            return await self._link.call(_pack(b"EVALSHA", self.sha, len(keys), *keys, *args))


def _pack(*parts: Arg) -> bytes:
    """A command in Redis's protocol: an array of bulk strings (numbers written in decimal, text in UTF-8)."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        data = part if isinstance(part, bytes) else str(part).encode()
        out.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(out)


class Link:
    """One connection of a client's pool, held for its scripts: calls pipelined on it, replies read by one task."""

    def __init__(self, pool: aioredis.ConnectionPool) -> None:
        self._pool = pool
        self._held: _Held | None = None  # the pool's connection held now, None between connections
        self._opening: asyncio.Future[_Held] | None = None
        self._timeout: float | None = pool.connection_kwargs.get("socket_timeout")

    @classmethod
    def of(cls, client: aioredis.Redis) -> Link:
        """The client's link, one a pool, kept on the pool so that it lives and goes with it."""
        pool = client.connection_pool
        link = getattr(pool, "_docent_link", None)
        if link is None:
            link = cls(pool)
            pool._docent_link = link  # type: ignore[attr-defined]
        return link

    async def call(self, packed: bytes) -> Any:
        """Send one command and answer its reply; an error reply is raised as redis-py raises it."""
        held = self._held
        if held is None or held.writer.is_closing():
            held = await self._open()
        loop = asyncio.get_running_loop()
        reply = loop.create_future()
        held.waiting.append(reply)
        self._send(held, packed)
        timer = loop.call_later(self._timeout, self._late, held) if self._timeout else None
        try:
            answer = await reply
        finally:
            if timer is not None:
                timer.cancel()
        if isinstance(answer, Exception):
            raise answer
        return answer

    def _send(self, held: _Held, packed: bytes) -> None:
        held.writer.write(packed)

    async def _open(self) -> _Held:
        """The connection to send on: the one being opened, or a fresh one of the pool's, with its reader started."""
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._take())
        return await asyncio.shield(self._opening)

    async def _take(self) -> _Held:
        try:
            connection = await self._pool.get_connection()  # type: ignore[no-untyped-call]
        finally:
            self._opening = None
        self._held = held = _Held(connection)
        held.reading = asyncio.ensure_future(self._read(held))
        return held

    async def _read(self, held: _Held) -> None:
        """Resolve the waiting calls in order from the connection's replies, until it is lost or broken off."""
        buffer = b""
        try:
            while True:
                data = await held.reader.read(65536)
                if not data:
                    break
                buffer += data
                pos = 0
                while True:
                    try:
                        answer, pos = _reply(buffer, pos)
                    except _Short:
                        break
                    if held.waiting:
                        waiting = held.waiting.popleft()
                        if not waiting.done():  # a call cancelled meanwhile: its reply read, and dropped
                            waiting.set_result(answer)
                buffer = buffer[pos:]
        except (OSError, ValueError):
            pass  # lost, or not Redis's protocol: what waits fails below
        finally:
            self._lost(held, RedisConnectionError("Connection closed by server."))
            await held.connection.disconnect(nowait=True)
            await self._pool.release(held.connection)

    def _late(self, held: _Held) -> None:
        """No reply within the socket timeout: every call waiting on the connection fails, and it is broken off."""
        self._lost(held, RedisTimeoutError("Timeout reading from Redis: no reply within the socket timeout."))
        held.writer.close()

    def _lost(self, held: _Held, error: Exception) -> None:
        if self._held is held:
            self._held = None
        while held.waiting:
            call = held.waiting.popleft()
            if not call.done():
                call.set_exception(error)


class _Held:
    """A connection the link holds, its streams, and the calls sent on it waiting for their replies, in order."""

    __slots__ = ("connection", "reader", "writer", "waiting", "reading")

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.reader: asyncio.StreamReader = connection._reader
        self.writer: asyncio.StreamWriter = connection._writer
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.reading: asyncio.Future[None] | None = None  # its reader, kept from the loop's weak references


class _Short(Exception):
    """The reply is not whole yet: read more."""


def _reply(buffer: bytes, pos: int) -> tuple[Any, int]:
    """One reply of Redis's protocol (RESP2 or RESP3) at `pos`, and where the next begins; as redis-py's parsers answer
    it without decoding (bulk strings as bytes, errors as the exception it raises)."""
    end = buffer.find(b"\r\n", pos)
    if end < 0:
        raise _Short
    kind, line, pos = buffer[pos], buffer[pos + 1 : end], end + 2
    if kind in b"$=":  # a bulk string, or RESP3's verbatim one (its "txt:" format dropped)
        n = int(line)
        if n < 0:
            return None, pos
        if len(buffer) < pos + n + 2:
            raise _Short
        data = buffer[pos : pos + n]
        return (data[4:] if kind == 61 else data), pos + n + 2
    if kind in b"*~>%":  # an array, a set, a push; a map is its keys and values in turn
        n = int(line)
        if n < 0:
            return None, pos
        items = []
        for _ in range(2 * n if kind == 37 else n):
            item, pos = _reply(buffer, pos)
            items.append(item)
        return (dict(zip(items[::2], items[1::2], strict=True)) if kind == 37 else items), pos
    if kind in b":(":
        return int(line), pos
    if kind == 43:  # +
        return line, pos
    if kind == 45:  # -
        return BaseParser.parse_error(line.decode("utf-8", "replace")), pos  # type: ignore[no-untyped-call]
    if kind == 95:  # _
        return None, pos
    if kind == 35:  # #
        return line == b"t", pos
    if kind == 44:  # ,
        return float(line), pos
    raise ValueError(f"not a reply of Redis's protocol: {bytes([kind])!r}")
