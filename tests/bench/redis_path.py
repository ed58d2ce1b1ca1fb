"""What scaling needs, measured per question (issue 26): Redis round trips, the sidecar's CPU on memory and on Redis,
Redis's own CPU, and from it the questions a second one Redis carries for any number of sidecars.

The app is driven in this process, one question at a time, as `sidecar.py` drives it for its own time, on the same
bundle and replay model, with its state in memory and in a redis-server of the bench's own (persistence off), in
three alternating rounds of each; each figure is the lower of its rounds (the most a round trip may be, for the
round trips). A round trip is one write to a Redis connection: a command, a script, or a pipeline sent whole; the budget's
blocking client counts too. Redis's CPU is its INFO `used_cpu_user` + `used_cpu_sys`, before and after.

- `redis_round_trips_per_question`;
- `server_cpu_ms_per_question_memory`, `server_cpu_ms_per_question_redis` and `server_cpu_redis_vs_memory`;
- `redis_cpu_us_per_question`;
- `redis_questions_per_s_capacity`: 1,000,000 / `redis_cpu_us_per_question`, the questions a second one Redis core
  serves before it is the bottleneck, whatever the number of sidecars (worked out, not driven: on two cores the
  sidecars and the load client would share its CPU);
- `server_cpu_redis_vs_memory_16`: the same ratio with 16 questions at once (each on its own conversations), as a busy
  sidecar answers them: there a turn awaiting Redis lets the others run (lane.aside), which one at a time cannot show.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings
from tests.redis_server import counted

QUESTIONS = 240  # a round's
ROUNDS = 3
WARM = 30
AT_ONCE = 16


def _redis_cpu_s(url: str) -> float:
    import redis

    with redis.Redis.from_url(url) as client:
        info = client.info("cpu")
    return float(info["used_cpu_user"]) + float(info["used_cpu_sys"])


async def _per_question(env: dict[str, str], url: str | None, at_once: int = 1) -> dict[str, float]:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    async with app.router.lifespan_context(app):

        async def one(token: str) -> None:
            status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
            _check_answer(status, body)

        for i in range(WARM):
            if i % 12 == 0:
                token = await _conversation(app)
            await one(token)
        # Opening conversations is not a question: they are opened first, and the questions counted alone; each of
        # `at_once` askers asks its share on conversations of its own, twelve questions each.
        share = QUESTIONS // at_once
        tokens = [[await _conversation(app) for _ in range(-(-share // 12))] for _ in range(at_once)]

        async def asker(mine: list[str]) -> None:
            for i in range(share):
                await one(mine[i // 12])

        redis_before = _redis_cpu_s(url) if url else 0.0
        with counted() as trips:
            cpu = time.process_time()
            await asyncio.gather(*(asker(mine) for mine in tokens))
            cpu = time.process_time() - cpu
        redis_cpu = (_redis_cpu_s(url) - redis_before) if url else 0.0
    asked = share * at_once
    return {"trips": trips[0] / asked, "cpu_ms": cpu * 1000 / asked, "redis_us": redis_cpu * 1e6 / asked}


def run() -> dict[str, float]:
    from tests.redis_server import RedisServer

    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder))
        server.start()
        try:
            # Memory and Redis alternate, ROUNDS of each, and each figure is the lower of its rounds: on a shared
            # machine one run of each swung the ratio from 1.3 to 1.7 as other work came and went.
            memory, on_redis, memory16, redis16 = [], [], [], []
            on = {**env, "DOCENT_REDIS_URL": server.url}
            for _ in range(ROUNDS):
                memory.append(asyncio.run(_per_question(env, None)))
                on_redis.append(asyncio.run(_per_question(on, server.url)))
                server.flush()
                memory16.append(asyncio.run(_per_question(env, None, AT_ONCE)))
                redis16.append(asyncio.run(_per_question(on, server.url, AT_ONCE)))
                server.flush()
        finally:
            server.stop()
    memory_cpu, redis_cpu = min(m["cpu_ms"] for m in memory), min(r["cpu_ms"] for r in on_redis)
    redis_us = min(r["redis_us"] for r in on_redis)
    at_once = min(r["cpu_ms"] for r in redis16) / min(m["cpu_ms"] for m in memory16)
    return {
        "redis_round_trips_per_question": round(max(r["trips"] for r in on_redis), 2),
        "server_cpu_ms_per_question_memory": round(memory_cpu, 3),
        "server_cpu_ms_per_question_redis": round(redis_cpu, 3),
        "server_cpu_redis_vs_memory": round(redis_cpu / memory_cpu, 3),
        "redis_cpu_us_per_question": round(redis_us, 1),
        "redis_questions_per_s_capacity": round(1e6 / redis_us, 0) if redis_us else float("nan"),
        "server_cpu_redis_vs_memory_16": round(at_once, 3),
    }


if __name__ == "__main__":
    for key, value in run().items():
        print(f"{key}  {value}")
