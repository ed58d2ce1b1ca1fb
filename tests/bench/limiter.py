"""The rate limiter's cost: one hit, on 10,000 keys (one per conversation) and on one (a busy address).

`limits`' sliding-window counter (ours) beside its moving window, in memory and on a real Redis, in one run.
Run alone: `python -m tests.bench.limiter`.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from pathlib import Path

import limits
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter, RateLimiter, SlidingWindowCounterRateLimiter

KEYS = 10_000
ITEM = limits.parse("1000000/hour")


async def _per_hit_us(limiter: RateLimiter, keys: int) -> float:
    hits = KEYS
    started = time.perf_counter()
    for i in range(hits):
        await limiter.hit(ITEM, "conversation", str(i % keys))
    return (time.perf_counter() - started) * 1e6 / hits


async def _figures(storage: Storage, name: str) -> dict[str, float]:
    figures = {}
    for kind, strategy in (("sliding", SlidingWindowCounterRateLimiter), ("moving", MovingWindowRateLimiter)):
        limiter = strategy(storage)
        figures[f"limiter_{name}_{kind}_us_per_hit"] = round(await _per_hit_us(limiter, KEYS), 1)
        figures[f"limiter_{name}_{kind}_one_key_us_per_hit"] = round(await _per_hit_us(limiter, 1), 1)
    return figures


async def _measure() -> dict[str, float]:
    figures = await _figures(MemoryStorage(), "memory")
    from docent.sidecar.redis_store import connect, limiter_storage
    from tests.redis_server import RedisServer

    with tempfile.TemporaryDirectory(prefix="docent-limiter-") as folder:
        server = RedisServer(Path(folder))
        server.start()
        try:
            client = connect(server.url)
            figures.update(await _figures(limiter_storage(client), "redis"))
            await client.aclose()
        finally:
            server.stop()
    return figures


def run() -> dict[str, float]:
    return asyncio.run(_measure())


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
