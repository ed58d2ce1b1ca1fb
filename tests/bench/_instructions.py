"""Instructions a question through the app, counted by cachegrind: `python -m tests.bench._instructions [redis] [stub] [SRC]`.

The app is driven in this process as `sidecar.py` drives it for `sidecar_p50_ms` (the same bundle, replay model and
question, its lifespan run), twice under `valgrind --tool=cachegrind` (instructions only, `PYTHONHASHSEED=0`): with
SMALL and with LARGE questions after the same warm-up; the difference over LARGE - SMALL is one question's
instructions, the process's start and the warm-up taken out. A redis-server (`redis`) is a process of its own, not
counted. SRC (a folder holding `src/docent`, such as `git archive` of another commit) measures that version of the
code, with these tests. Unlike a time, the count does not swing with the shared machine's load: two versions compare
in one run each (about a minute each). `stub` replays the first answer's gate (`_replayed_gate.py`): what is counted
is the app outside the gate. Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bench.loops import on_served_loop
from tests.bench.sidecar import QUESTION, ROOT, _call, _check_answer, _conversation, _fixture, _settings

WARM = 30
SMALL, LARGE = 20, 120


async def _questions(env: dict[str, str], count: int) -> None:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    async with app.router.lifespan_context(app):
        tokens = [await _conversation(app) for _ in range((WARM + LARGE) // 12 + 1)]  # as many in both runs
        for i in range(WARM + count):
            status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": tokens[i // 12], "question": QUESTION})
            if i == 0:
                _check_answer(status, body)


def _asked(count: int, redis: bool) -> None:
    """The questions, in this process (the one cachegrind runs)."""
    from tests.redis_server import RedisServer

    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        if not redis:
            on_served_loop(_questions(env, count))
            return
        server = RedisServer(Path(folder))
        server.start()
        try:
            on_served_loop(_questions({**env, "DOCENT_REDIS_URL": server.url}, count))
        finally:
            server.stop()


def _counted(count: int, redis: bool, source: Path, stub: bool = False) -> int:
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": f"{source / 'src'}{os.pathsep}{ROOT}"}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, "-m", "tests.bench._instructions", "--asked", str(count), *(["redis"] if redis else []),
               *(["stub"] if stub else [])]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"cachegrind counted nothing: {done.stderr[-500:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str]) -> None:
    redis, stub = "redis" in argv, "stub" in argv
    if "--asked" in argv:
        # One slice a question: the lane's slices are 1 ms of the clock, so under cachegrind (some fifty times slower,
        # and slower still on a loaded machine) a question took as many slices as the machine's speed gave it, and
        # the count swung with the load (tests/bench/README.md, round 34). One at a time, nothing waits in the lane.
        import docent.sidecar.lane as lane

        lane.SLICE_S = 3600.0
        if stub:
            from tests.bench._replayed_gate import replay_gate

            replay_gate()
        _asked(int(argv[argv.index("--asked") + 1]), redis)
        return
    source = Path(next((a for a in argv if a not in {"redis", "stub"}), ROOT)).resolve()
    small, large = _counted(SMALL, redis, source, stub), _counted(LARGE, redis, source, stub)
    per_question = (large - small) / (LARGE - SMALL)
    gate = ", the gate replayed" if stub else ""
    print(f"{source} {'redis' if redis else 'memory'}{gate}: {per_question / 1000:,.1f} k instructions a question")


if __name__ == "__main__":
    main(sys.argv[1:])
