"""Lua scripts pipelined on one connection of the store's pool (sidecar/lua.py): their replies, a Redis that lost its
scripts answered as redis-py's `Script` answers it, a connection left clean after an error or a cancelled call, calls
at once each answered its own reply, and a Redis that does not answer or goes away failing the calls, not hanging."""

from __future__ import annotations

import asyncio

import anyio
import pytest
import redis.asyncio as aioredis
from redis.asyncio.connection import Connection
from redis.exceptions import NoScriptError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from docent.sidecar.lua import Lua, _pack, _reply, _Short
from docent.sidecar.redis_store import UNREACHABLE, connect
from tests.redis_server import RedisServer, counted

SLOW = ("local t = redis.call('TIME') repeat local n = redis.call('TIME') "
        "until (n[1] - t[1]) * 1000000 + n[2] - t[2] > tonumber(ARGV[1]) return 'slow'")

pytestmark = pytest.mark.anyio


async def test_a_script_answers_as_redis_does(redis_url: str) -> None:
    async with connect(redis_url) as client:
        script = Lua(client, "redis.call('SET', KEYS[1], ARGV[1]) return {ARGV[1], tonumber(ARGV[2]) + 1}")
        assert await script(keys=["docent:test:lua"], args=[b"caf\xc3\xa9", 41]) == [b"caf\xc3\xa9", 42]
        assert await client.get("docent:test:lua") == "café".encode()


async def test_a_redis_that_lost_its_scripts_is_sent_the_script_again(redis_url: str) -> None:
    async with connect(redis_url) as client:
        script = Lua(client, "return 'again'")
        assert await script(keys=[]) == b"again"
        await client.script_flush()  # as a restart or a failover to a replica without it would
        assert await script(keys=[]) == b"again"
        assert await client.script_exists(script.sha) == [True]


async def test_an_error_in_a_script_is_raised_and_the_connection_serves_the_next(redis_url: str) -> None:
    # Through one connection only: the error reply is read whole, so the next call's reply is its own.
    async with aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=1)) as client:
        broken = Lua(client, "return redis.call('INCR', KEYS[1])")
        await client.set("docent:test:word", "a word")
        with pytest.raises(aioredis.ResponseError):
            await broken(keys=["docent:test:word"])
        assert await Lua(client, "return ARGV[1]")(keys=[], args=["next"]) == b"next"


async def test_a_call_cancelled_before_its_reply_leaves_no_reply_for_the_next(redis_url: str) -> None:
    # A visitor gone mid-script: the connection must not go back to the pool with the script's reply still to read,
    # or the next call on it would read that reply as its own. Through one connection only.
    async with aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(redis_url, max_connections=1)) as client:
        slow = Lua(client, SLOW)
        call = asyncio.ensure_future(slow(keys=[], args=[200_000]))
        await asyncio.sleep(0.05)  # sent, its reply not yet come
        call.cancel()
        with pytest.raises(asyncio.CancelledError):
            await call
        assert await Lua(client, "return ARGV[1]")(keys=[], args=["mine"]) == b"mine"


async def test_who_is_told_of_a_reply_is_told_it_once_whether_its_caller_waits_or_redis_lost_the_script(
    redis_url: str,
) -> None:
    async with connect(redis_url) as client:
        slow, echo = Lua(client, SLOW), Lua(client, "return ARGV[1]")
        await echo(keys=[], args=["warm"])
        told: list[object] = []
        reply = slow.start(keys=[], args=[100_000], told=told.append)
        waiting = asyncio.ensure_future(reply)
        await asyncio.sleep(0.02)  # sent, its reply not yet come
        waiting.cancel()  # its caller gone: the script still runs to its end, and is told
        with anyio.fail_after(5):
            while not told:
                await asyncio.sleep(0.01)
        assert told == [b"slow"]
        await client.script_flush()  # as a restart would: NOSCRIPT, loaded again, sent once more, told once
        assert await echo.start(keys=[], args=["again"], told=told.append) == b"again"
        assert told == [b"slow", b"again"]


async def test_a_told_caller_that_fails_leaves_the_reply_and_the_connection_to_the_others(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with connect(redis_url) as client:
        echo = Lua(client, "return ARGV[1]")
        await echo(keys=[], args=["warm"])

        def broken(answer: object) -> None:
            raise RuntimeError("a bug in the caller")

        with anyio.fail_after(5):
            assert await echo.start(keys=[], args=["mine"], told=broken) == b"mine"
            assert await echo(keys=[], args=["next"]) == b"next"
        assert "could not be told" in caplog.text


async def test_calls_at_once_share_one_connection_each_answered_its_own_reply(redis_url: str) -> None:
    async with connect(redis_url) as client:
        echo = Lua(client, "return {ARGV[1], redis.call('INCR', KEYS[1])}")
        await echo(keys=["docent:test:n"], args=["warm"])
        with counted() as trips:
            replies = await asyncio.gather(*(echo(keys=["docent:test:n"], args=[f"call {i}"]) for i in range(200)))
        assert [reply[0] for reply in replies] == [f"call {i}".encode() for i in range(200)]
        assert sorted(reply[1] for reply in replies) == list(range(2, 202))
        assert trips[0] == 200
        clients = (await client.execute_command("CLIENT", "LIST")).split(b"\n")
        assert sum(b"cmd=evalsha" in line for line in clients) == 1  # every script on one connection


async def test_a_reply_later_than_the_socket_timeout_fails_every_call_waiting_and_the_next_gets_a_fresh_connection(
    redis_url: str,
) -> None:
    async with aioredis.Redis.from_url(redis_url, socket_timeout=0.1) as client:
        slow, echo = Lua(client, SLOW), Lua(client, "return ARGV[1]")
        await echo(keys=[], args=["warm"])
        await slow(keys=[], args=[0])  # loaded: a NOSCRIPT answered at once would let the call behind it through
        first = asyncio.ensure_future(slow(keys=[], args=[300_000]))
        behind = asyncio.ensure_future(echo(keys=[], args=["behind"]))  # sent after it, on the same connection
        with pytest.raises(RedisTimeoutError):
            await first
        with pytest.raises(RedisTimeoutError):
            await behind  # failed with it, not left waiting
        with anyio.fail_after(5):
            while True:  # Redis runs the slow script to its end before it answers anyone
                try:
                    assert await echo(keys=[], args=["after"]) == b"after"
                    break
                except RedisTimeoutError:
                    pass


async def test_a_redis_gone_fails_the_call_and_one_back_answers_the_next(tmp_path) -> None:  # type: ignore[no-untyped-def]
    server = RedisServer(tmp_path)
    server.start()
    try:
        async with connect(server.url) as client:
            echo = Lua(client, "return ARGV[1]")
            assert await echo(keys=[], args=["before"]) == b"before"
            server.stop()
            with pytest.raises(UNREACHABLE):
                await echo(keys=[], args=["gone"])
            server.start()  # empty: the script is loaded again
            assert await echo(keys=[], args=["back"]) == b"back"
    finally:
        server.stop()


def test_replies_are_read_as_redis_py_reads_them_whole_or_not_yet() -> None:
    replies = (b"*3\r\n$3\r\nabc\r\n:-7\r\n*2\r\n_\r\n#t\r\n"  # RESP3's null and true inside arrays
               b"$-1\r\n+OK\r\n%1\r\n$1\r\nk\r\n,1.5\r\n=8\r\ntxt:text\r\n"
               b"-NOSCRIPT No matching script.\r\n-ERR user_script:1: wrong\r\n")
    pos, answers = 0, []
    while pos < len(replies):
        answer, pos = _reply(replies, pos)
        answers.append(answer)
    assert answers[:5] == [[b"abc", -7, [None, True]], None, b"OK", {b"k": 1.5}, b"text"]
    assert isinstance(answers[5], NoScriptError) and type(answers[6]) is ResponseError
    for cut in range(1, 27):  # the first reply cut anywhere is not whole yet
        with pytest.raises(_Short):
            _reply(replies[:cut], 0)


@pytest.mark.parametrize("count", [1, 3, 63, 64, 200])
def test_commands_are_packed_byte_for_byte_as_redis_py_packs_them(count: int) -> None:
    kinds: list[str | bytes | int] = ["EVALSHA", b"raw", 0, -12, 10**12, "é non-ASCII", "", b"", "k" * 255, b"v" * 256, "w" * 4000]
    parts = [kinds[i % len(kinds)] for i in range(count)]
    assert _pack(*parts) == b"".join(Connection().pack_command(*parts))
