"""A Lua script run in one round trip on the store's pooled connections, without redis-py's command layers.

A question makes three round trips, each a script (the take, the budget's reservation, the save). redis-py's `Script`
sends one through the client's `execute_command` (its retry wrapper, its observability hooks, its response
callbacks): about 480 Python calls a script on this machine. Here the script's EVALSHA is packed by the connection's
own `pack_command` and sent on a connection of the same pool, which keeps its own health check, timeouts and reply
parser, and disconnects itself when a send or a read fails; the question's Python calls with Redis 7,801 -> 7,355
(tests/bench/README.md, measured with a packer of our own, about 90 calls a script fewer than `pack_command`: some
13 us a question, not worth a second writer of Redis's protocol). A Redis that lost its scripts (restarted,
flushed) answers NOSCRIPT: the script is loaded again and sent once more, as redis-py's `Script` does.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import redis.asyncio as aioredis
from redis.exceptions import NoScriptError

Arg = str | bytes | int


class Lua:
    """A script on a client's connections; called with its keys and arguments, it answers Redis's raw reply."""

    __slots__ = ("_client", "_pool", "script", "sha")

    def __init__(self, client: aioredis.Redis, script: str) -> None:
        self._client = client
        self._pool = client.connection_pool
        self.script = script
        self.sha = hashlib.sha1(script.encode()).hexdigest()  # Redis names a script by its SHA-1

    async def __call__(self, *, keys: Sequence[str], args: Sequence[Arg] = ()) -> Any:
        try:
            return await self._run("EVALSHA", self.sha, len(keys), *keys, *args)
        except NoScriptError:
            self.sha = await self._client.script_load(self.script)
            return await self._run("EVALSHA", self.sha, len(keys), *keys, *args)

    async def _run(self, *parts: Arg) -> Any:
        connection = await self._pool.get_connection()  # type: ignore[no-untyped-call]
        try:
            await connection.send_packed_command(connection.pack_command(*parts))
            return await connection.read_response()
        finally:
            await self._pool.release(connection)
