"""What scaling needs, measured per question (issue 26): Redis round trips, the sidecar's CPU on memory and on Redis,
Redis's own CPU, and from it the questions a second one Redis carries for any number of sidecars.

The app is driven in this process as `sidecar.py` drives it for its own time, on the same bundle and replay model, in
two apps alive at once: one with its state in memory, one in a redis-server of the bench's own (persistence off).
They take turns a block at a time (twelve questions, one at a time; or sixteen askers at once, three questions
each), in the order memory, Redis, Redis, memory, ..., so that both see the shared machine at the same moments: its
load changes over seconds, and ran the ratio from 1.0 to 1.8 when memory and Redis ran one after the other. A round
is 240 questions each; each figure is the median of ROUNDS rounds (the most of them, for the round trips). A round
trip is one write to a Redis connection: a command, a script, or a pipeline sent whole; the budget's blocking client
counts too. Redis's CPU is its INFO `used_cpu_user` + `used_cpu_sys`, before and after each of the Redis app's blocks.

- `redis_round_trips_per_question`;
- `server_cpu_ms_per_question_memory`, `server_cpu_ms_per_question_redis` and `server_cpu_redis_vs_memory` (the
  median of the rounds' ratios);
- `redis_cpu_us_per_question`;
- `redis_questions_per_s_capacity`: 1,000,000 / `redis_cpu_us_per_question`, the questions a second one Redis core
  serves before it is the bottleneck, whatever the number of sidecars (worked out, not driven: on two cores the
  sidecars and the load client would share its CPU);
- `server_cpu_redis_vs_memory_spread`: the highest round's ratio less the lowest's, how steady the median is;
- `server_cpu_redis_extra_ms_per_question`: what the Redis app's question costs more than memory's, in ms of CPU (the
  median of the rounds' differences): the Redis path's own price, which a faster gate leaves as it is while the ratio
  rises (with the gate compiled the same path read 1.51, with it pure 1.34 to 1.41: tests/bench/README.md, round 20);
- `server_cpu_redis_vs_memory_16`: the same ratio with 16 questions at once (each on its own conversations), as a busy
  sidecar answers them: there a turn awaiting Redis lets the others run (lane.aside), which one at a time cannot show;
- `redis_waits_slept_per_question` and `redis_waits_preempted_per_question`: the process's voluntary and involuntary
  context switches a question one at a time, the Redis app's less memory's: how its waits for Redis went. Preempted:
  each write woke redis-server on this process's core, and its reply was there when the process ran again (a busy
  machine); slept: the event loop slept until the reply came (redis-server on an idle core: a quiet machine). A sleep
  costs this machine more CPU than a preemption (tests/bench/README.md, round 19), so the ratio reads higher on a quiet
  machine than on a busy one: read it with these.
The CPU figures are measured again in a process of their own started from the `src` with the gate compiled
(`_compiled_app`), after the pure ones, and printed as NAME_compiled (a faster gate raises the ratio: round 20).
"""

from __future__ import annotations

import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

from tests.bench import _compiled_app, _gate_mypyc
from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings
from tests.redis_server import counted

QUESTIONS = 240  # a round's, on each app
ROUNDS = 5
WARM = 30
BLOCK = 12  # questions a block, one at a time: one conversation's
AT_ONCE, EACH = 16, 3  # askers a block at once, and the questions each asks in it


def _redis_cpu_s(client: Any) -> float:
    info = client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


class _Side:
    """One app of the pair, and what its blocks cost: process CPU, Redis round trips, Redis's CPU, context switches."""

    def __init__(self, app: Any, redis: Any) -> None:
        self.app, self.redis_client = app, redis  # a blocking client of the Redis app's server, for INFO; else None
        self.cpu = self.trips = self.redis = self.slept = self.preempted = 0.0
        self.asked = 0

    async def ask(self, token: str) -> None:
        status, body = await _call(self.app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
        _check_answer(status, body)

    async def block(self, work: Callable[[], Awaitable[Any]], questions: int) -> None:
        redis_before = _redis_cpu_s(self.redis_client) if self.redis_client else 0.0
        with counted() as trips:
            usage, cpu = resource.getrusage(resource.RUSAGE_SELF), time.process_time()
            await work()
            self.cpu += time.process_time() - cpu
            after = resource.getrusage(resource.RUSAGE_SELF)
        self.trips += trips[0]
        self.slept += after.ru_nvcsw - usage.ru_nvcsw
        self.preempted += after.ru_nivcsw - usage.ru_nivcsw
        self.redis += (_redis_cpu_s(self.redis_client) - redis_before) if self.redis_client else 0.0
        self.asked += questions

    def figures(self) -> dict[str, float]:
        n = self.asked
        return {"cpu_ms": self.cpu * 1000 / n, "trips": self.trips / n, "redis_us": self.redis * 1e6 / n,
                "slept": self.slept / n, "preempted": self.preempted / n}


async def _round(env: dict[str, str], url: str, at_once: bool) -> tuple[dict[str, float], dict[str, float]]:
    """One round: the two apps' blocks in turns (memory, Redis, Redis, memory, ...); each side's figures."""
    import redis

    from docent.sidecar.app import create_app

    async with AsyncExitStack() as stack:
        sides = []
        for side_url in (None, url):
            app = create_app(_settings({**env, "DOCENT_REDIS_URL": side_url} if side_url else env))
            await stack.enter_async_context(app.router.lifespan_context(app))
            # One connection for INFO, opened once: a client opened per reading cost Redis a connection's handshake.
            sides.append(_Side(app, stack.enter_context(redis.Redis.from_url(side_url)) if side_url else None))
        blocks = QUESTIONS // (AT_ONCE * EACH if at_once else BLOCK)
        # Opening conversations is not a question: they are opened first, and the questions counted alone.
        tokens = []
        for side in sides:
            warm = [await _conversation(side.app) for _ in range(-(-WARM // BLOCK))]
            for i in range(WARM):
                await side.ask(warm[i // BLOCK])
            tokens.append([await _conversation(side.app) for _ in range(blocks * (AT_ONCE if at_once else 1))])
        for n in range(blocks):
            for which in (0, 1) if n % 2 == 0 else (1, 0):
                side, mine = sides[which], tokens[which]
                if at_once:
                    askers = mine[n * AT_ONCE : (n + 1) * AT_ONCE]

                    async def asker(token: str, side: _Side = side) -> None:
                        for _ in range(EACH):
                            await side.ask(token)

                    async def work(askers: list[str] = askers, asker: Any = asker) -> None:
                        await asyncio.gather(*(asker(token) for token in askers))

                    await side.block(work, AT_ONCE * EACH)
                else:

                    async def alone(token: str = mine[n], side: _Side = side) -> None:
                        for _ in range(BLOCK):
                            await side.ask(token)

                    await side.block(alone, BLOCK)
    return sides[0].figures(), sides[1].figures()


# The figures measured again with the gate compiled, printed as NAME_compiled.
COMPILED = ("server_cpu_ms_per_question_memory", "server_cpu_ms_per_question_redis", "server_cpu_redis_vs_memory",
            "server_cpu_redis_extra_ms_per_question", "server_cpu_redis_vs_memory_16")


def run() -> dict[str, float]:
    figures = _run()
    compiled = _compiled_app.src()
    return {**figures, **_compiled_app.suffixed(_run_from(compiled), COMPILED)} if compiled else figures


def _run_from(src: Path) -> dict[str, float]:
    """`_run` in a process of its own started from `src`; fails unless its gate came from there compiled."""
    done = subprocess.run([sys.executable, "-m", "tests.bench.redis_path", "here"], cwd=_compiled_app.ROOT,
                          capture_output=True, text=True, env={**os.environ, **_compiled_app.env(src)})
    _gate_mypyc.check_ran(done, f"redis_path from {src}")
    said = dict(line.split(maxsplit=1) for line in done.stdout.splitlines())
    _compiled_app.check_file(said.pop("gate"), src)
    return {name: float(value) for name, value in said.items()}


def _run() -> dict[str, float]:
    from tests.redis_server import RedisServer

    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder))
        server.start()
        try:
            alone, together = [], []
            for _ in range(ROUNDS):
                alone.append(asyncio.run(_round(env, server.url, at_once=False)))
                server.flush()
                together.append(asyncio.run(_round(env, server.url, at_once=True)))
                server.flush()
        finally:
            server.stop()
    redis_us = statistics.median(r["redis_us"] for _, r in alone)
    ratios = [r["cpu_ms"] / m["cpu_ms"] for m, r in alone]
    extras = [r["cpu_ms"] - m["cpu_ms"] for m, r in alone]
    return {
        "redis_round_trips_per_question": round(max(r["trips"] for _, r in alone), 2),
        "server_cpu_ms_per_question_memory": round(statistics.median(m["cpu_ms"] for m, _ in alone), 3),
        "server_cpu_ms_per_question_redis": round(statistics.median(r["cpu_ms"] for _, r in alone), 3),
        "server_cpu_redis_vs_memory": round(statistics.median(ratios), 3),
        "server_cpu_redis_vs_memory_spread": round(max(ratios) - min(ratios), 3),
        "server_cpu_redis_extra_ms_per_question": round(statistics.median(extras), 3),
        "redis_cpu_us_per_question": round(redis_us, 1),
        "redis_questions_per_s_capacity": round(1e6 / redis_us, 0) if redis_us else float("nan"),
        "server_cpu_redis_vs_memory_16": round(statistics.median(r["cpu_ms"] / m["cpu_ms"] for m, r in together), 3),
        "redis_waits_slept_per_question": round(statistics.median(r["slept"] - m["slept"] for m, r in alone), 2),
        "redis_waits_preempted_per_question": round(statistics.median(r["preempted"] - m["preempted"] for m, r in alone), 2),
    }


if __name__ == "__main__":  # `here`: this process's own figures only, and the file its gate came from (`_run_from`)
    import docent.sidecar.answer.gate as gate

    for key, value in (_run() if sys.argv[1:] == ["here"] else run()).items():
        print(f"{key}  {value}")
    if sys.argv[1:] == ["here"]:
        print(f"gate {gate.__file__}")
