"""A profile of one question through the app, in memory: `python -m tests.bench._profile [redis] [stub]`.

The app is driven in this process as `sidecar.py` drives it for `sidecar_p50_ms` (the same bundle, replay model
and question), 600 questions under cProfile on the process's CPU clock (on a loaded machine the wall clock's profile
puts the scheduler's pauses on whatever function was running); prints the largest items by their own time and by
cumulative time. `stub` replays the first answer's gate (`_replayed_gate.py`): what is left is the app outside it.
Not a bench of `make bench` (its name starts with `_`): the note it feeds is in this folder's README.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path

from tests.bench.loops import on_served_loop
from tests.bench.sidecar import QUESTION, _call, _check_answer, _conversation, _fixture, _settings

QUESTIONS = 600


async def _questions(env: dict[str, str], profile: cProfile.Profile) -> None:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    async with app.router.lifespan_context(app):
        tokens = [await _conversation(app) for _ in range(QUESTIONS // 12 + 6)]
        for i in range(60):  # warm
            status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": tokens[i // 12], "question": QUESTION})
            _check_answer(status, body)
        profile.enable()
        for i in range(QUESTIONS):
            token = tokens[5 + i // 12]
            await _call(app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
        profile.disable()


def main(argv: list[str]) -> None:
    from tests.redis_server import RedisServer

    if "stub" in argv:
        from tests.bench._replayed_gate import replay_gate

        replay_gate()
    profile = cProfile.Profile(time.process_time)
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        if "redis" in argv:
            server = RedisServer(Path(folder))
            server.start()
            try:
                on_served_loop(_questions({**env, "DOCENT_REDIS_URL": server.url}, profile))
            finally:
                server.stop()
        else:
            on_served_loop(_questions(env, profile))
    stats = pstats.Stats(profile)
    print(f"{QUESTIONS} questions")
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main(sys.argv[1:])
