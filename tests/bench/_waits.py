"""What a wait costs a question: `python -m tests.bench._waits blocking|link|sleep`.

The app in memory is driven as `sidecar.py` drives it for its own time, in blocks of twelve questions that take turns:
plain, and with three waits added to each question outside the app (one before it, two after), as a question on Redis
waits three times for its scripts. The waits: a PING on a blocking socket (`blocking`), a PING through `lua.Link`,
awaited (`link`), or `asyncio.sleep(0.0002)` with no I/O at all (`sleep`). Each of five rounds prints the CPU of a
question with the waits over without, and the CPU of one wait alone in a tight loop (tests/bench/README.md, round 13:
on a busy machine a sleep of 0.2 ms costs a question far more than its own instructions). Not a bench of `make bench`.
"""

from __future__ import annotations

import asyncio
import socket
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from tests.bench.sidecar import QUESTION, _call, _conversation, _fixture, _settings

ROUNDS, BLOCKS, BLOCK, WARM = 5, 20, 12, 36


async def _wait_of(kind: str, url: str, port: int) -> Callable[[], Awaitable[None]]:
    if kind == "blocking":
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        async def ping() -> None:
            sock.sendall(b"PING\r\n")
            sock.recv(64)

        return ping
    if kind == "link":
        import redis.asyncio as aioredis

        from docent.sidecar.lua import Link, _pack

        link = Link.of(aioredis.Redis.from_url(url))

        async def link_ping() -> None:
            await link.call(_pack(b"PING"))

        return link_ping

    async def sleep() -> None:
        await asyncio.sleep(0.0002)

    return sleep


async def _rounds(env: dict[str, str], kind: str, url: str, port: int) -> None:
    from docent.sidecar.app import create_app

    wait = await _wait_of(kind, url, port)
    app = create_app(_settings(env))

    async def ask(token: str) -> None:
        await _call(app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})

    async with app.router.lifespan_context(app):
        warm = [await _conversation(app) for _ in range(WARM // BLOCK)]
        for i in range(WARM):
            await ask(warm[i // BLOCK])
        await wait()
        for _ in range(ROUNDS):
            tokens = [[await _conversation(app) for _ in range(BLOCKS)] for _ in (0, 1)]
            cpu = [0.0, 0.0]
            for n in range(BLOCKS):
                for waits in (0, 1) if n % 2 == 0 else (1, 0):
                    started = time.process_time()
                    for _ in range(BLOCK):
                        if waits:
                            await wait()
                        await ask(tokens[waits][n])
                        if waits:
                            await wait()
                            await wait()
                    cpu[waits] += time.process_time() - started
            started = time.process_time()
            for _ in range(2000):
                await wait()
            alone = (time.process_time() - started) / 2000
            print(f"{kind}: with the waits / without {cpu[1] / cpu[0]:.3f}; a question without "
                  f"{cpu[0] * 1000 / (BLOCKS * BLOCK):.3f} ms; one wait alone {alone * 1e6:.1f} us", flush=True)


def main(argv: list[str]) -> None:
    from tests.redis_server import RedisServer

    kind = argv[0] if argv else "sleep"
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder))
        server.start()
        try:
            asyncio.run(_rounds(env, kind, server.url, server.port))
        finally:
            server.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
