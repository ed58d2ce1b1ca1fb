"""Why p99 is far above p50 on Redis: `python -m tests.bench._tail [memory]`.

The app is driven in this process, one question at a time, as `sidecar.py` drives it for `sidecar_redis_p50_ms`; for
each question it records its time, the Redis round trips it made (`tests.redis_server.counted`), whether the garbage
collector ran during it (`gc.callbacks`) and its CPU time. It prints p50 and p99, and the slowest 1% by what they
had in common, beside all questions: a tail made of questions with an extra round trip or a collection is theirs;
one whose CPU time is as low as the rest waited for the machine. Not a bench of `make bench` (its name starts with
`_`): the note it feeds is in this folder's README.
"""

from __future__ import annotations

import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings
from tests.redis_server import RedisServer, counted

QUESTIONS = 1200
WARM = 60


async def _questions(env: dict[str, str]) -> list[dict[str, Any]]:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    collected = [0]

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            collected[0] += 1

    gc.callbacks.append(seen)
    rows = []
    try:
        async with app.router.lifespan_context(app):
            tokens = [await _conversation(app) for _ in range((QUESTIONS + WARM) // 12 + 1)]
            for i in range(QUESTIONS + WARM):
                with counted() as trips:
                    before, cpu, started = collected[0], time.process_time(), time.perf_counter()
                    status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": tokens[i // 12], "question": QUESTION})
                    elapsed, cpu = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
                _check_answer(status, body)
                if i >= WARM:
                    rows.append({"ms": elapsed, "cpu_ms": cpu, "trips": trips[0], "gc": collected[0] - before})
    finally:
        gc.callbacks.remove(seen)
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, float]:
    times = sorted(row["ms"] for row in rows)
    p99 = statistics.quantiles(times, n=100)[98]
    tail = [row for row in rows if row["ms"] >= p99]

    def share(part: list[dict[str, Any]], test: Any) -> float:
        return round(sum(1 for row in part if test(row)) / len(part), 3)

    return {
        "p50_ms": round(statistics.median(times), 3),
        "p99_ms": round(p99, 3),
        "cpu_p50_ms": round(statistics.median(row["cpu_ms"] for row in rows), 3),
        "tail_cpu_p50_ms": round(statistics.median(row["cpu_ms"] for row in tail), 3),
        "extra_trips_all": share(rows, lambda row: row["trips"] > 3),
        "extra_trips_tail": share(tail, lambda row: row["trips"] > 3),
        "gc_all": share(rows, lambda row: row["gc"] > 0),
        "gc_tail": share(tail, lambda row: row["gc"] > 0),
    }


def main(argv: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        if argv[:1] == ["memory"]:
            rows = asyncio.run(_questions(env))
        else:
            server = RedisServer(Path(folder))
            server.start()
            try:
                rows = asyncio.run(_questions({**env, "DOCENT_REDIS_URL": server.url}))
            finally:
                server.stop()
    for key, value in summary(rows).items():
        print(f"{key}  {value}")


if __name__ == "__main__":
    main(sys.argv[1:])
