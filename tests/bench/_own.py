"""The app's CPU a question, with the gate's share apart: `python -m tests.bench._own [redis [keep]] [N]`.

The app is driven in this process as `sidecar.py` drives it for `sidecar_p50_ms` (the same bundle, replay model and
question), N questions (400) after 60 to warm, one at a time. Each question's process time is measured, and the time
spent in the gate's own calls (Gate's construction, `feed`, `flush`, `finish`) apart; `rest` is the question less
its gate. Prints one line of JSON (milliseconds).

To compare two versions of the code side by side (tests/bench/README.md), run this module from this checkout with
`PYTHONPATH=.:<the other version's src>` and without, in alternating turns: the gate is the same code in both, so
`rest_mean / gate_mean` of each run cancels the shared machine's speed of the moment. With the gate compiled:
`PYTHONPATH=<the src _gate_mypyc.cached builds>:.` (the gate's calls then timed through a stand-in, below).
Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.bench.loops import on_served_loop
from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings

WARM = 60


def _timing_the_gate() -> list[float]:
    """Wraps the gate's methods with a process-time counter; returns the counter (seconds, one cell). A compiled gate
    (`PYTHONPATH=<_gate_mypyc's build>`) refuses new methods on its class: the turn then makes each gate through a
    pure stand-in that times its calls to the compiled one (a Python frame more a call, counted in the gate's share)."""
    import docent.sidecar.answer.gate as gate

    spent = [0.0]

    def timed(method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return method(*args, **kwargs)
            finally:
                spent[0] += time.process_time() - started

        return call

    try:
        for name in ("__init__", "feed", "flush", "finish"):
            setattr(gate.Gate, name, timed(getattr(gate.Gate, name)))
    except TypeError:  # compiled
        _time_through_a_stand_in(gate.Gate, timed)
    return spent


def _time_through_a_stand_in(compiled: type, timed: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    import docent.sidecar.answer.turn as turn

    class Timed:
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self._gate = timed(compiled)(*args, **kwargs)
            self.feed, self.flush, self.finish = (timed(getattr(self._gate, n)) for n in ("feed", "flush", "finish"))

        def __getattr__(self, name: str) -> Any:  # the rest of the gate as the turn uses it (`underway.GateLike`)
            return getattr(self._gate, name)

    turn.Gate = Timed  # type: ignore[attr-defined]


async def _questions(env: dict[str, str], count: int, gate: list[float]) -> dict[str, list[float]]:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    times: dict[str, list[float]] = {"cpu": [], "gate": [], "wall": []}
    async with app.router.lifespan_context(app):
        tokens = [await _conversation(app) for _ in range((count + WARM) // 12 + 1)]
        for i in range(count + WARM):
            before, cpu, wall = gate[0], time.process_time(), time.perf_counter()
            status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": tokens[i // 12], "question": QUESTION})
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            if i == 0:
                _check_answer(status, body)
            if i >= WARM:
                times["cpu"].append(cpu * 1000)
                times["wall"].append(wall * 1000)
                times["gate"].append((gate[0] - before) * 1000)
    return times


def main(argv: list[str]) -> None:
    from tests.redis_server import RedisServer

    count = int(next((a for a in argv if a.isdigit()), "400"))
    gate = _timing_the_gate()
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder)) if "redis" in argv else None
        if server is not None:
            server.start()
            env = {**env, "DOCENT_REDIS_URL": server.url}
            if "keep" in argv:  # the spend and the counts in a keeping Redis of their own (here another database)
                env["DOCENT_REDIS_KEEP_URL"] = server.url.rsplit("/", 1)[0] + "/1"
        try:
            times = on_served_loop(_questions(env, count, gate))
        finally:
            if server is not None:
                server.stop()
    rest = [cpu - spent for cpu, spent in zip(times["cpu"], times["gate"], strict=True)]
    print(json.dumps({
        "cpu_p50": round(statistics.median(times["cpu"]), 3),
        "gate_mean": round(statistics.mean(times["gate"]), 3),
        "rest_p50": round(statistics.median(rest), 3),
        "rest_mean": round(statistics.mean(rest), 3),
        "wall_p50": round(statistics.median(times["wall"]), 3),
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
