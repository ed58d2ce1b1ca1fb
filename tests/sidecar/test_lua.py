"""Lua scripts sent on the store's pooled connections (sidecar/lua.py): their replies, a Redis that lost its scripts
answered as redis-py's `Script` answers it, and a connection left clean after an error or a cancelled call."""

from __future__ import annotations

import asyncio

import pytest
import redis.asyncio as aioredis

from docent.sidecar.lua import Lua
from docent.sidecar.redis_store import connect

pytestmark = pytest.mark.anyio


async def test_a_script_answers_as_redis_does(redis_url: str) -> None:
    client = connect(redis_url)
    try:
        script = Lua(client, "redis.call('SET', KEYS[1], ARGV[1]) return {ARGV[1], tonumber(ARGV[2]) + 1}")
        assert await script(keys=["docent:test:lua"], args=[b"caf\xc3\xa9", 41]) == [b"caf\xc3\xa9", 42]
        assert await client.get("docent:test:lua") == "café".encode()
    finally:
        await client.aclose()


async def test_a_redis_that_lost_its_scripts_is_sent_the_script_again(redis_url: str) -> None:
    client = connect(redis_url)
    try:
        script = Lua(client, "return 'again'")
        assert await script(keys=[]) == b"again"
        await client.script_flush()  # as a restart or a failover to a replica without it would
        assert await script(keys=[]) == b"again"
        assert await client.script_exists(script.sha) == [True]
    finally:
        await client.aclose()


async def test_an_error_in_a_script_is_raised_and_the_connection_serves_the_next(redis_url: str) -> None:
    # Through one connection only: the error reply is read whole, so the next call's reply is its own.
    client = aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=1))
    try:
        broken = Lua(client, "return redis.call('INCR', KEYS[1])")
        await client.set("docent:test:word", "a word")
        with pytest.raises(aioredis.ResponseError):
            await broken(keys=["docent:test:word"])
        assert await Lua(client, "return ARGV[1]")(keys=[], args=["next"]) == b"next"
    finally:
        await client.aclose()


async def test_a_call_cancelled_before_its_reply_leaves_no_reply_for_the_next(redis_url: str) -> None:
    # A visitor gone mid-script: the connection must not go back to the pool with the script's reply still to read,
    # or the next call on it would read that reply as its own. Through one connection only.
    client = aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=1))
    try:
        slow = Lua(client, "local t = redis.call('TIME') repeat local n = redis.call('TIME') "
                           "until (n[1] - t[1]) * 1000000 + n[2] - t[2] > 200000 return 'slow'")
        call = asyncio.ensure_future(slow(keys=[]))
        await asyncio.sleep(0.05)  # sent, its reply not yet come
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        assert await Lua(client, "return ARGV[1]")(keys=[], args=["mine"]) == b"mine"
    finally:
        await client.aclose()
