"""Lua scripts run in one round trip each, pipelined on one connection every script of a client shares.

A question makes two round trips, each a script (the take with the budget's reservation, the save). redis-py's `Script`
sends one through the client's `execute_command` (its retry wrapper, its observability hooks, its response
callbacks): about 480 Python calls a script on this machine; through a pooled connection's own `send_packed_command`
and `read_response`, about 240 (the pool's condition and observability, a timeout scope per read, the reply parser a
call per line). Here the scripts of a client go on one connection of its pool, held by a `Link`: each call writes its
EVALSHA and awaits a future, and the connection's protocol resolves the futures in order from the replies, in the
step of the event loop they arrive in, read in whole chunks and parsed at once (Redis answers a connection's commands
in the order sent, so questions' scripts pipeline on it). A caller that must learn what a script did even if it is
cancelled meanwhile (the budget's reservation) is told of the reply there too (`Lua.start`'s `told`), with no task of
its own. The connection is the pool's own, so its address, password, database, TLS and protocol are the client's,
and closing the client closes it. A reply not come within the connection's socket timeout, or a connection lost,
fails every call waiting on it (redis-py's TimeoutError or ConnectionError, as the store's callers expect) and the
next call takes a fresh one. A Redis that lost its scripts (restarted, flushed) answers NOSCRIPT: the script is
loaded again and sent once more, as redis-py's `Script` does.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import deque
from collections.abc import Callable, Coroutine, Iterable, Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.connection import DefaultParser
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("docent.sidecar")
Arg = str | bytes | int


class Lua:
    """A script on a client's connections; called with its keys and arguments, it answers Redis's raw reply."""

    __slots__ = ("_client", "_heads", "_link", "script", "sha")

    def __init__(self, client: aioredis.Redis, script: str) -> None:
        self._client = client
        self._link = Link.of(client)
        self.script = script
        self.sha = hashlib.sha1(script.encode()).hexdigest()  # Redis names a script by its SHA-1
        self._heads: dict[tuple[int, int], bytes] = {}  # the command's packed head by its numbers of keys and arguments

    async def __call__(self, *, keys: Sequence[str], args: Sequence[Arg] = ()) -> Any:
        return await self.start(keys=keys, args=args)

    def start(self, *, keys: Sequence[str], args: Sequence[Arg] = (), told: Told | None = None) -> asyncio.Future[Any]:
        """Send the script now (once the link has a connection) and answer the future of its reply, an error reply
        its exception. `told`, when given, is told the reply (or the error) as it arrives, in that step of the event
        loop, whether the future is still awaited or not: a caller cancelled meanwhile still learns what the script
        did, with no task of its own to run it to its end."""
        shape = (len(keys), len(args))
        head = self._heads.get(shape)
        if head is None:  # the same few shapes every call: packed once each
            head = self._heads[shape] = b"".join(_bulks([_array(3 + len(keys) + len(args))], (b"EVALSHA", self.sha, len(keys))))
        packed = b"".join(_bulks(_bulks([head], keys), args))
        call = _Call(asyncio.get_running_loop().create_future(), told, self, packed)
        self._link.send(packed, call)
        return call.reply

    async def again(self, call: _Call) -> None:
        """Redis lost the script (restarted, flushed): load it and send the call once more, as redis-py's `Script`."""
        try:
            self.sha = (await self._link.call(_pack(b"SCRIPT", b"LOAD", self.script))).decode()
            self._heads.clear()
        except Exception as exc:
            call.answer(exc)
            return
        call.script = None  # once more only
        self._link.send(call.packed, call)


Told = Callable[[Any], None]


class _Call:
    """A command sent, waiting for its reply: the future it resolves, who else is told it, and its script (to load
    again on NOSCRIPT)."""

    __slots__ = ("reply", "told", "script", "packed", "sent")

    def __init__(self, reply: asyncio.Future[Any], told: Told | None, script: Lua | None, packed: bytes = b"") -> None:
        self.reply = reply
        self.told = told
        self.script = script
        self.packed = packed  # the script's command, sent again on NOSCRIPT
        self.sent = 0.0  # the loop's time it was written

    def answer(self, answer: Any) -> None:
        if self.told is not None:
            try:
                self.told(answer)
            except Exception:  # a caller's bug must not break the connection every other call waits on
                logger.exception("A script's reply could not be told to its caller.")
        if not self.reply.done():  # a call cancelled meanwhile: its reply read, and dropped
            if isinstance(answer, BaseException):
                self.reply.set_exception(answer)
            else:
                self.reply.set_result(answer)


def _pack(*parts: Arg) -> bytes:
    """A command in Redis's protocol: an array of bulk strings (numbers written in decimal, text in UTF-8)."""
    return b"".join(_bulks([_array(len(parts))], parts))


def _array(count: int) -> bytes:
    return _ARRAY[count] if count < len(_ARRAY) else b"*%d\r\n" % count


def _bulks(out: list[bytes], parts: Iterable[Arg]) -> list[bytes]:
    """`out` with `parts` added, each a bulk string."""
    for part in parts:
        data = part if part.__class__ is bytes else str(part).encode()
        size = len(data)
        out += (_BULK[size] if size < len(_BULK) else b"$%d\r\n" % size, data, b"\r\n")
    return out


# The headers of short arrays and bulk strings, written once: formatting each cost a third of a script's packing.
_ARRAY = [b"*%d\r\n" % n for n in range(64)]
_BULK = [b"$%d\r\n" % n for n in range(256)]


class Link:
    """One connection of a client's pool, held for its scripts: calls pipelined on it, replies read as they come."""

    def __init__(self, pool: aioredis.ConnectionPool) -> None:
        self._pool = pool
        self._held: _Held | None = None  # the pool's connection held now, None between connections
        self._opening: asyncio.Future[_Held] | None = None
        self._timeout: float | None = pool.connection_kwargs.get("socket_timeout")
        self._tasks: set[asyncio.Future[None]] = set()  # sends waiting for a connection, connections given back

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
        call = _Call(asyncio.get_running_loop().create_future(), None, None)
        self.send(packed, call)
        return await call.reply

    def send(self, packed: bytes, call: _Call) -> None:
        """Write the command now on the held connection, or once one is taken from the pool."""
        held = self._held
        if held is None or held.transport.is_closing():
            self._spawn(self._send_later(packed, call))
            return
        call.sent = held.loop.time()
        held.waiting.append(call)
        self._send(held, packed)
        if held.timer is None and self._timeout:
            held.timer = held.loop.call_later(self._timeout, self._due, held)

    def _send(self, held: _Held, packed: bytes) -> None:
        held.transport.write(packed)

    async def _send_later(self, packed: bytes, call: _Call) -> None:
        try:
            held = await self._open()
        except Exception as exc:
            call.answer(exc)
            return
        if call.reply.done() and call.told is None:
            return  # its caller is gone, and nobody else waits for what it would do
        if held.transport.is_closing():
            call.answer(RedisConnectionError("Connection closed by server."))
            return
        self.send(packed, call)

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)  # held until it ends: the loop keeps only a weak reference to a task
        task.add_done_callback(self._tasks.discard)

    async def _open(self) -> _Held:
        """The connection to send on: the one being opened, or a fresh one of the pool's, read by a `_Held`."""
        if self._opening is None:
            self._opening = asyncio.ensure_future(self._take())
        return await asyncio.shield(self._opening)

    async def _take(self) -> _Held:
        try:
            connection = await self._pool.get_connection()  # type: ignore[no-untyped-call]
        finally:
            self._opening = None
        self._held = held = _Held(self, connection)
        return held

    def _replied(self, held: _Held, answer: Any) -> None:
        """The oldest call's reply; a script Redis lost is loaded again and sent once more."""
        call = held.waiting.popleft()
        if isinstance(answer, NoScriptError) and call.script is not None:
            self._spawn(call.script.again(call))
            return
        call.answer(answer)

    def _due(self, held: _Held) -> None:
        """The oldest call's socket timeout is up: no reply within it fails every call waiting on the connection, and
        breaks it off; else the timer waits for the oldest call still waiting, or for none until the next is sent. It
        is not cancelled as replies come: a timer made and cancelled a call was some forty Python lines of asyncio's."""
        held.timer = None
        if not held.waiting or self._timeout is None:
            return
        due = held.waiting[0].sent + self._timeout
        if held.loop.time() < due:
            held.timer = held.loop.call_at(due, self._due, held)
            return
        self._lost(held, RedisTimeoutError("Timeout reading from Redis: no reply within the socket timeout."))
        held.transport.close()

    def _lost(self, held: _Held, error: Exception) -> None:
        if self._held is held:
            self._held = None
        if held.timer is not None:
            held.timer.cancel()
            held.timer = None
        while held.waiting:
            held.waiting.popleft().answer(error)

    def _closed(self, held: _Held) -> None:
        """The connection is gone: what waits on it fails, and it goes back to the pool, to be connected afresh."""
        self._lost(held, RedisConnectionError("Connection closed by server."))
        self._spawn(self._give_back(held.connection))

    async def _give_back(self, connection: Any) -> None:
        await connection.disconnect(nowait=True)
        await self._pool.release(connection)


class _Held(asyncio.Protocol):
    """A connection the link holds, read as the replies come (its transport's protocol from then on: no task reads
    it, and a reply resolves its call in the step it arrives), and the calls sent on it waiting for them, in order."""

    def __init__(self, link: Link, connection: Any) -> None:
        self.link = link
        self.connection = connection
        self.loop = asyncio.get_running_loop()
        # redis-py connected it and spoke the handshake (AUTH, HELLO, SELECT) through its streams; the replies are
        # read here from now on. Its streams' protocol is still told when the connection is lost, so that closing
        # it through redis-py (the pool's disconnect) finds it closed.
        self.transport: asyncio.Transport = connection._writer.transport
        self._streams: asyncio.BaseProtocol = self.transport.get_protocol()
        self.waiting: deque[_Call] = deque()  # the calls sent, in order
        self.timer: asyncio.TimerHandle | None = None  # the oldest call's socket timeout
        self._buffer = b""
        self.transport.set_protocol(self)

    def data_received(self, data: bytes) -> None:
        buffer = self._buffer + data if self._buffer else data
        pos = 0
        try:
            while True:
                try:
                    answer, pos = _reply(buffer, pos)
                except _Short:
                    break
                if self.waiting:
                    self.link._replied(self, answer)
        except ValueError:  # not Redis's protocol: what waits fails as the connection closes
            self.transport.close()
            return
        self._buffer = buffer[pos:]

    def eof_received(self) -> bool:
        return False  # the transport closes itself

    def connection_lost(self, exc: Exception | None) -> None:
        self.link._closed(self)
        self._streams.connection_lost(exc)


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
        # The error as the parser redis-py's own asyncio connections read replies with names it (a name of its public
        # module, not of its private `_parsers`).
        return DefaultParser.parse_error(line.decode("utf-8", "replace")), pos  # type: ignore[no-untyped-call]
    if kind == 95:  # _
        return None, pos
    if kind == 35:  # #
        return line == b"t", pos
    if kind == 44:  # ,
        return float(line), pos
    raise ValueError(f"not a reply of Redis's protocol: {bytes([kind])!r}")
