"""redis-py's reply parser on the Redis path, side by side (issue 26): memory, Redis with redis-py's pure-Python parser,
and Redis with hiredis's (its C parser), three apps alive at once in this process, taking turns a block at a time.

`python -m tests.bench._redis_parsers [ROUNDS]` needs hiredis importable (installed, or on PYTHONPATH: `pip install
--target DIR hiredis` keeps it out of the venv). Each app is `redis_path.py`'s, on the bench's bundle and replay model;
the two Redis apps share one redis-server and differ only in the parser class of every redis-py connection they
open (the conversations' asyncio pool, the budget's blocking client). A round is QUESTIONS questions on each app, one
at a time, in blocks of twelve (one conversation's); the blocks' order runs through all six orders of the three apps
in turn, so that each meets the shared machine's moments alike (the three share one event loop, so an app's
once-a-second writes may fall in another's block: some 0.01 round trips a question). For each app and round: process CPU a question (not
wall time: the machine is shared), Redis round trips, Redis's CPU, and the replies redis-py's parser read (those not
read by `lua.Link`'s own), and the process's context switches. Printed: each round's figures, then the medians and spreads (highest less lowest) of the
CPU and of each Redis app's ratio to memory in its round.
"""

from __future__ import annotations

import asyncio
import itertools
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from typing import Any

from tests.bench.redis_path import _redis_cpu_s
from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings
from tests.redis_server import RedisServer, counted

QUESTIONS = 240
BLOCK = 12
WARM = 36
SIDES = ("memory", "pure", "hiredis")


def _parsers() -> dict[str, tuple[type, type]]:
    """The (asyncio, blocking) parser classes of each Redis side (a connection speaking RESP3, as redis-py 8's do by
    default, takes the RESP3 parser for the RESP2 one)."""
    from redis._parsers import _AsyncHiredisParser, _AsyncRESP2Parser, _HiredisParser, _RESP2Parser
    from redis.utils import HIREDIS_AVAILABLE

    if not HIREDIS_AVAILABLE:
        sys.exit("hiredis is not importable: `pip install --target DIR hiredis`, then PYTHONPATH=src:.:DIR")
    return {"pure": (_AsyncRESP2Parser, _RESP2Parser), "hiredis": (_AsyncHiredisParser, _HiredisParser)}


@contextmanager
def _parser(kind: str) -> Iterator[None]:
    """While an app is made: each redis-py client it opens reads its replies with `kind`'s parser."""
    from docent.sidecar import redis_store
    from docent.sidecar.spending import redis_budget

    aio, sync = _parsers()[kind]
    originals = redis_store.connect, redis_budget.connect

    def aconnect(url: str) -> Any:
        client = originals[0](url)
        client.connection_pool.connection_kwargs["parser_class"] = aio
        return client

    def connect(url: str) -> Any:
        client = originals[1](url)
        client.connection_pool.connection_kwargs["parser_class"] = sync
        return client

    redis_store.connect, redis_budget.connect = aconnect, connect
    try:
        yield
    finally:
        redis_store.connect, redis_budget.connect = originals


@contextmanager
def _reads() -> Iterator[list[int]]:
    """Counts the replies redis-py's parsers read, asyncio's and blocking, pure and hiredis: [replies]."""
    from redis import _parsers as p

    count = [0]
    classes = (p._AsyncHiredisParser, p._AsyncRESP2Parser, p._AsyncRESP3Parser, p._HiredisParser, p._RESP2Parser, p._RESP3Parser)
    originals = {cls: cls.read_response for cls in classes}

    def wrap(cls: type) -> Any:
        original = originals[cls]
        if asyncio.iscoroutinefunction(original):

            async def aread(self: Any, *args: Any, **kwargs: Any) -> Any:
                count[0] += 1
                return await original(self, *args, **kwargs)

            return aread

        def read(self: Any, *args: Any, **kwargs: Any) -> Any:
            count[0] += 1
            return original(self, *args, **kwargs)

        return read

    for cls in originals:
        cls.read_response = wrap(cls)  # type: ignore[attr-defined]
    try:
        yield count
    finally:
        for cls, original in originals.items():
            cls.read_response = original  # type: ignore[attr-defined]


class _Side:
    """One app of the three, and what its blocks cost: process CPU, Redis round trips, Redis's CPU, the replies
    redis-py's parsers read, and the process's context switches (voluntary: the loop slept waiting; involuntary: the
    process was preempted, as by a redis-server woken on its core)."""

    def __init__(self, app: Any, info: Any) -> None:
        self.app, self.info = app, info  # a blocking client of the Redis app's server, for INFO; else None
        self.clear()

    def clear(self) -> None:
        self.cpu = self.trips = self.redis = self.reads = self.slept = self.preempted = 0.0
        self.asked = 0

    async def block(self, token: str) -> None:
        redis_before = _redis_cpu_s(self.info) if self.info else 0.0
        with counted() as trips, _reads() as reads:
            usage, cpu = resource.getrusage(resource.RUSAGE_SELF), time.process_time()
            for _ in range(BLOCK):
                status, body = await _call(self.app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
                _check_answer(status, body)
            self.cpu += time.process_time() - cpu
            after = resource.getrusage(resource.RUSAGE_SELF)
        self.slept += after.ru_nvcsw - usage.ru_nvcsw
        self.preempted += after.ru_nivcsw - usage.ru_nivcsw
        self.trips += trips[0]
        self.reads += reads[0]
        self.redis += (_redis_cpu_s(self.info) - redis_before) if self.info else 0.0
        self.asked += BLOCK

    def figures(self) -> dict[str, float]:
        n = self.asked
        return {"cpu_ms": self.cpu * 1e3 / n, "trips": self.trips / n, "redis_us": self.redis * 1e6 / n, "reads": self.reads / n,
                "slept": self.slept / n, "preempted": self.preempted / n}


async def _round(env: dict[str, str], url: str) -> dict[str, dict[str, float]]:
    import redis

    from docent.sidecar.app import create_app

    async with AsyncExitStack() as stack:
        sides: dict[str, _Side] = {}
        for kind in SIDES:
            if kind == "memory":
                app = create_app(_settings(env))
            else:
                with _parser(kind):
                    app = create_app(_settings({**env, "DOCENT_REDIS_URL": url}))
            await stack.enter_async_context(app.router.lifespan_context(app))
            sides[kind] = _Side(app, stack.enter_context(redis.Redis.from_url(url)) if kind != "memory" else None)
        blocks = QUESTIONS // BLOCK
        tokens: dict[str, list[str]] = {}
        for kind, side in sides.items():
            for _ in range(WARM // BLOCK):  # a conversation takes at most a block's questions
                await side.block(await _conversation(side.app))
            side.clear()
            tokens[kind] = [await _conversation(side.app) for _ in range(blocks)]
        orders = itertools.cycle(itertools.permutations(SIDES))
        for n in range(blocks):
            for kind in next(orders):
                await sides[kind].block(tokens[kind][n])
        return {kind: side.figures() for kind, side in sides.items()}


def main(rounds: int) -> None:
    _parsers()
    results: list[dict[str, dict[str, float]]] = []
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder))
        server.start()
        try:
            for r in range(rounds):
                result = asyncio.run(_round(env, server.url))
                server.flush()
                results.append(result)
                print(f"round {r + 1}: " + "; ".join(
                    f"{kind} {f['cpu_ms']:.3f} ms cpu, {f['trips']:.2f} trips, {f['redis_us']:.0f} us redis, {f['reads']:.3f} parser reads, "
                    f"switches {f['slept']:.2f} slept {f['preempted']:.2f} preempted"
                    for kind, f in result.items()), flush=True)
        finally:
            server.stop()

    def spread(values: list[float]) -> str:
        return f"median {statistics.median(values):.3f} (spread {max(values) - min(values):.3f}: {min(values):.3f} to {max(values):.3f})"

    for kind in SIDES:
        print(f"{kind}: cpu ms a question {spread([r[kind]['cpu_ms'] for r in results])}; switches a question: slept "
              f"{statistics.median(r[kind]['slept'] for r in results):.2f}, preempted {statistics.median(r[kind]['preempted'] for r in results):.2f}")
    for kind in SIDES[1:]:
        print(f"{kind} / memory: {spread([r[kind]['cpu_ms'] / r['memory']['cpu_ms'] for r in results])}")
        print(f"{kind}: redis us a question {spread([r[kind]['redis_us'] for r in results])}")
    print(f"hiredis / pure: {spread([r['hiredis']['cpu_ms'] / r['pure']['cpu_ms'] for r in results])}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
