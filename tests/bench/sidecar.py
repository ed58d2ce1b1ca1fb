"""The sidecar's speed: its own time per question, and questions per second on one uvicorn worker beside a bare stack,
and on two workers sharing their state in Redis (a redis-server of the bench's own, persistence off).

A replay model answers at once with ten cited sentences, so what is measured is the sidecar: the guards, the turn,
the gate and the stream. `bare_questions_per_s` is a bare Starlette endpoint streaming the same twelve events on the
same uvicorn, driven by the same client in the same run. `questions_vs_bare` is what one worker carries beside the
bare endpoint when its CPU is what limits it: the bare server's CPU a question over ours, each read from /proc over
the timed questions. The ratio of the two rates (`questions_vs_bare_by_rate`, the figure's reading until round 16)
measures the client instead: the bare server uses a tenth to a third of a core while this process's client asks as
fast as it can on the same cores (tests/bench/README.md, round 16). The app's own times and one worker's served
figures are measured again with the gate compiled, each right after the pure one, and printed as NAME_compiled
(`_compiled_app`: what an operator who installs `make compiled`'s wheel gets; beside this run's bare endpoint).
Run alone: `python -m tests.bench.sidecar`.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docent.schema import Manifest, Page
from tests.bench import _compiled_app, _gate_mypyc
from tests.bench.load import _cpu
from tests.bench.loops import on_served_loop
from tests.loopback import free_port
from tests.sidecar.appkit import write_bundle

ROOT = Path(__file__).resolve().parents[2]
SENTENCES = 10
CONNECTIONS = 16
QUESTIONS = 2400  # for each rate
OWN_SAMPLES = 400
FRAGMENT = 16
QUESTION = "What did he do on the payment services?"


def run() -> dict[str, float]:
    from tests.redis_server import RedisServer

    compiled = _compiled_app.src()  # built before the timing starts (minutes, once for a version of `src`)
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        redis = RedisServer(Path(folder))
        redis.start()
        try:
            on_redis = {**env, "DOCENT_REDIS_URL": redis.url}
            # Each figure with the gate compiled (`_compiled_app`) right after the pure one: the machine as alike as may be.
            own = on_served_loop(_own_times(env))
            own_compiled = _own_times_from(compiled, env) if compiled else []
            own_redis = on_served_loop(_own_times(on_redis))
            own_redis_compiled = _own_times_from(compiled, on_redis) if compiled else []
            own_asyncio = asyncio.run(_own_times(env))
            lean_cpu, sse_cpu = asyncio.run(_stream_cpu(env))
            ours, ours_cpu = _rate("docent", env)
            served_compiled = _rate("docent", env, compiled) if compiled else None
            sse, _ = _rate("sse", env)
            bare, bare_cpu = _rate("bare", env)
            redis.flush()
            two, _ = _rate("workers2", on_redis)  # its CPU is its workers', not the process started here
            redis.flush()
            idle = asyncio.run(_redis_bytes_per_conversation(redis.url))
        finally:
            redis.stop()
    figures = {
        **_figures(own, own_redis, (ours, ours_cpu), bare_cpu),
        "sidecar_asyncio_p50_ms": round(statistics.median(own_asyncio), 3),
        "sse_starlette_questions_per_s": round(sse, 1),
        "stream_cpu_ms_per_question": round(lean_cpu, 3),
        "sse_starlette_cpu_ms_per_question": round(sse_cpu, 3),
        "stream_vs_sse_starlette_cpu": round(lean_cpu / sse_cpu, 3),
        "bare_questions_per_s": round(bare, 1),
        "bare_served_cpu_ms_per_question": round(bare_cpu, 3),
        "questions_vs_bare_by_rate": round(ours / bare, 3),
        "redis_questions_per_s": round(two, 1),
        "workers2_vs_1": round(two / ours, 3),
        "redis_bytes_per_idle_conversation": round(idle, 1),
    }
    if served_compiled is None:
        return figures
    compiled_figures = _figures(own_compiled, own_redis_compiled, served_compiled, bare_cpu)
    return {**figures, **_compiled_app.suffixed(compiled_figures, tuple(compiled_figures))}


def _figures(own: list[float], own_redis: list[float], served: tuple[float, float], bare_cpu: float) -> dict[str, float]:
    """The figures measured for both gates, pure and compiled: each printed again with the gate compiled, as
    NAME_compiled."""
    rate, cpu = served
    return {
        "sidecar_p50_ms": round(statistics.median(own), 3),
        "sidecar_p99_ms": round(statistics.quantiles(own, n=100)[98], 3),
        "sidecar_redis_p50_ms": round(statistics.median(own_redis), 3),
        "sidecar_redis_p99_ms": round(statistics.quantiles(own_redis, n=100)[98], 3),
        "questions_per_s": round(rate, 1),
        "served_cpu_ms_per_question": round(cpu, 3),
        "questions_vs_bare": round(bare_cpu / cpu, 3),
    }


def _own_times_from(src: Path, env: dict[str, str]) -> list[float]:
    """`_own_times` on the served loop in a process of its own started from `src`; fails unless its gate came from
    there compiled."""
    done = subprocess.run([sys.executable, "-m", "tests.bench.sidecar", "own"], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, **env, **_compiled_app.env(src)})
    _gate_mypyc.check_ran(done, f"the app's own time from {src}")
    said = json.loads(done.stdout)
    _compiled_app.check_file(said["gate"], src)
    return list(said["times"])


async def _redis_bytes_per_conversation(url: str, count: int = 2000) -> float:
    """Redis's own memory grown by `count` idle conversations (their keys and their place in the set), per one."""
    from docent.sidecar.redis_store import RedisStore, connect

    store = RedisStore(connect(url), max_conversations=count + 1)
    before = int((await store.client.info("memory"))["used_memory"])
    for _ in range(count):
        await store.create()
    grown = int((await store.client.info("memory"))["used_memory"]) - before
    await store.aclose()
    return grown / count


# -- the fixture: a bundle of ten sections and a replay script citing each ------------------------------------------


def _fixture(folder: Path) -> dict[str, str]:
    record = [
        {
            "id": f"case-{i}",
            "page": "cases",
            "title": f"Case {i}",
            "text": f"He rebuilt payment service number {i} and cut its checkout latency by half.",
            "path": f"/cases/#case-{i}",
        }
        for i in range(SENTENCES)
    ]
    manifest = Manifest(site_name="Bench", pages=(Page("cases", "Cases", "/cases/"),))
    write_bundle(folder / "bundle.json", manifest=manifest, record=record, lexicon=[])
    answer = " ".join(f"He rebuilt payment service number {i}. [[case-{i}]]" for i in range(SENTENCES))
    # A model's stream carries a few tokens a delta: sixteen characters, where the replay's default is one to six.
    script = {"fragments": FRAGMENT, "replies": [{"question": ".", "calls": [[{"text": answer}]]}]}
    (folder / "replay.json").write_text(json.dumps(script))
    return {
        "DOCENT_ENABLED": "1",
        "DOCENT_MODEL": f"replay:{folder / 'replay.json'}",
        "DOCENT_BUNDLE": str(folder / "bundle.json"),
        "DOCENT_POW_SECRET": "a secret for the bench only",
        "DOCENT_POW_MAXNUMBER": "20",
        "DOCENT_BUDGET_USD": "1000000",
        "DOCENT_BULKHEAD": "1000",
        "DOCENT_STATE_DIR": str(folder / "state"),
        **{f"DOCENT_RATE_{n}": "100000000/second" for n in ("ADDRESS", "CONVERSATION", "OVERALL", "START")},
    }


def _settings(env: dict[str, str]) -> Any:
    from docent.sidecar.settings import Settings

    return Settings.from_env(env)


# -- the sidecar's own time: the app driven in-process, one question at a time, no network ---------------------------


async def _call(app: Any, method: str, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
    raw = json.dumps(body).encode()
    scope = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1", "method": method,
        "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())],
        "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000),
    }
    finished = asyncio.Event()
    sent = False
    status, chunks = 0, []

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": raw, "more_body": False}
        await finished.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]
        else:
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                finished.set()

    await app(scope, receive, send)
    return status, b"".join(chunks)


async def _conversation(app: Any) -> str:
    from docent.sidecar.proof import solve

    _, challenge = await _call(app, "POST", "/api/guide/challenge", {"purpose": "guide"})
    status, body = await _call(app, "POST", "/api/guide/conversations", {"proof": solve(json.loads(challenge))})
    assert status == 201, body
    return json.loads(body)["conversation"]


async def _own_times(env: dict[str, str]) -> list[float]:
    from docent.sidecar.app import create_app

    app = create_app(_settings(env))
    times = []
    async with app.router.lifespan_context(app):  # its start (the bundle loaded and warmed) and its close, as served
        token, asked = await _conversation(app), 0
        for i in range(OWN_SAMPLES + 50):
            if asked == 12:
                token, asked = await _conversation(app), 0
            started = time.perf_counter()
            status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
            elapsed = (time.perf_counter() - started) * 1000
            asked += 1
            if i == 0:
                _check_answer(status, body)
            if i >= 50:  # warmed up
                times.append(elapsed)
    return times


async def _stream_cpu(env: dict[str, str], rounds: int = 3, questions: int = 200) -> tuple[float, float]:
    """CPU milliseconds per question with our stream and with sse-starlette's, alternating rounds in one process.

    CPU time, not wall time, so that other work on the machine does not blur a difference of a fraction of a
    millisecond; the lower of the rounds for each.
    """
    import docent.sidecar.routes as routes
    from docent.sidecar.app import create_app

    from ._sse_answer import SseStarletteAnswer

    ours, theirs = routes.Answer, SseStarletteAnswer
    best = {ours: float("inf"), theirs: float("inf")}
    try:
        for _ in range(rounds):
            for kind in (ours, theirs):
                routes.Answer = kind  # type: ignore[misc]
                app = create_app(_settings(env))
                token, asked, total = await _conversation(app), 0, 0.0
                for i in range(questions + 20):
                    if asked == 12:
                        token, asked = await _conversation(app), 0
                    started = time.process_time()
                    status, body = await _call(app, "POST", "/api/guide/questions", {"conversation": token, "question": QUESTION})
                    if i >= 20:
                        total += time.process_time() - started
                    asked += 1
                _check_answer(status, body)
                await app.state.guide.aclose()
                best[kind] = min(best[kind], total * 1000 / questions)
    finally:
        routes.Answer = ours  # type: ignore[misc]
    return best[ours], best[theirs]


def _check_answer(status: int, body: bytes) -> None:
    names = [line[7:] for line in body.decode().splitlines() if line.startswith("event: ")]
    expected = ["start", *["sentence"] * SENTENCES, "done"]
    if status != 200 or names != expected:
        raise AssertionError(f"the bench's answer is not {SENTENCES} sentences: {status} {names}")


# -- questions per second: one uvicorn worker in its own process, a raw keep-alive client ----------------------------


def _rate(kind: str, env: dict[str, str], src: Path | None = None) -> tuple[float, float]:
    """Questions a second, and the server process's CPU milliseconds a question over the same timed questions; the
    server started from `src` (a compiled one, `_compiled_app`) where one is given, and then checked to run its gate."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "tests.bench.sidecar", kind, str(port)],
        cwd=ROOT, env={**os.environ, **env, **(_compiled_app.env(src) if src else {})}, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _wait_for(port)
        rate = asyncio.run(_load(kind, port, lambda: _cpu(server.pid)))
        if src is not None:
            _compiled_app.check_mapped(server.pid, src)
        return rate
    finally:
        server.terminate()
        _, errors = server.communicate(timeout=15)
        if server.returncode not in (0, -15) and errors:
            print(errors.decode()[-2000:], file=sys.stderr)


def _wait_for(port: int, *, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError("the bench's server did not start")


def _request(path: str, body: dict[str, Any]) -> bytes:
    raw = json.dumps(body).encode()
    head = f"POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {len(raw)}\r\n\r\n"
    return head.encode() + raw


async def _exchange(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes) -> bytes:
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    if b"content-length:" in head.lower():
        length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
        return head + await reader.readexactly(length)
    body = bytearray()
    while not body.endswith(b"0\r\n\r\n"):
        body += await reader.read(65536)
    return head + bytes(body)


async def _load(kind: str, port: int, server_cpu: Callable[[], float]) -> tuple[float, float]:
    per_connection = QUESTIONS // CONNECTIONS
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(CONNECTIONS)]
    plans: list[list[bytes]] = []
    for reader, writer in connections:
        if kind == "bare":
            plans.append([_request("/bare", {"question": QUESTION})] * per_connection)
            continue
        plan = []
        for _ in range(-(-per_connection // 12)):
            from docent.sidecar.proof import solve

            challenge = await _exchange(reader, writer, _request("/api/guide/challenge", {"purpose": "guide"}))
            proof = solve(json.loads(challenge.split(b"\r\n\r\n", 1)[1]))
            opened = await _exchange(reader, writer, _request("/api/guide/conversations", {"proof": proof}))
            token = json.loads(opened.split(b"\r\n\r\n", 1)[1])["conversation"]
            plan += [_request("/api/guide/questions", {"conversation": token, "question": QUESTION})] * 12
        plans.append(plan[:per_connection])
    # Fresh connections for the questions: those that opened the conversations may have idled past uvicorn's
    # keep-alive while the others opened theirs.
    for _, writer in connections:
        writer.close()
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(CONNECTIONS)]
    done = 0

    async def ask_all(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, plan: list[bytes]) -> None:
        nonlocal done
        for request in plan:
            answer = await _exchange(reader, writer, request)
            if b"event: done" not in answer:
                raise AssertionError(f"an answer did not end with done: {answer[-300:]!r}")
            done += 1

    started, cpu = time.perf_counter(), server_cpu()
    await asyncio.gather(*(ask_all(r, w, p) for (r, w), p in zip(connections, plans, strict=True)))
    elapsed, cpu = time.perf_counter() - started, server_cpu() - cpu
    for _, writer in connections:
        writer.close()
    return done / elapsed, cpu * 1000 / done


# -- the servers ------------------------------------------------------------------------------------------------------


def _bare_app() -> Any:
    from starlette.applications import Starlette
    from starlette.responses import StreamingResponse
    from starlette.routing import Route

    from docent.sidecar.answer.events import Cite, Done, Sentence, Start
    from docent.sidecar.stream import frame

    events = [Start("A" * 22, 1, "replay")]
    events += [Sentence(f"He rebuilt payment service number {i}.", (Cite(f"case-{i}", f"Case {i}", f"/cases/#case-{i}"),)) for i in range(SENTENCES)]
    events += [Done("replay")]

    async def bare(request: Any) -> StreamingResponse:
        await request.json()

        async def stream() -> Any:
            for event in events:
                yield frame(event)

        return StreamingResponse(stream(), media_type="text/event-stream")

    return Starlette(routes=[Route("/bare", bare, methods=["POST"])])


def _serve(kind: str, port: int) -> None:
    import uvicorn

    if kind == "workers2":  # `docent serve --workers 2`, its state in the Redis the environment names
        from docent.cli import main

        main(["serve", "--workers", "2", "--port", str(port), "--log-level", "warning"])
        return
    if kind == "bare":
        app = _bare_app()
    elif kind == "sse":  # the same sidecar, its answers streamed through sse-starlette
        import docent.sidecar.routes as routes
        from docent.sidecar.app import create_app
        from docent.sidecar.settings import Settings

        from ._sse_answer import SseStarletteAnswer

        routes.Answer = SseStarletteAnswer  # type: ignore[misc]
        app = create_app(Settings.from_env(os.environ))
    else:
        from docent.sidecar.app import create_app
        from docent.sidecar.settings import Settings

        app = create_app(Settings.from_env(os.environ))
    # Our app with its start run (`docent serve` runs it: the turn's modules loaded and the bundle warmed before the first
    # question, not in the timed questions), and the collector set as `docent serve` sets it; the bare one has none to
    # run, and Python's own collector.
    if kind != "bare":
        from docent.sidecar.cli import tune_collector

        tune_collector()
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False, lifespan="off" if kind == "bare" else "on")


def _own() -> None:
    """`_own_times` in this process, on the app the environment configures, printed as JSON with the file its gate
    came from (`_own_times_from` starts it from another `src`)."""
    import docent.sidecar.answer.gate as gate

    times = on_served_loop(_own_times(dict(os.environ)))
    print(json.dumps({"times": times, "gate": gate.__file__}))


if __name__ == "__main__":
    if sys.argv[1:] == ["own"]:
        _own()
    elif len(sys.argv) == 3:
        _serve(sys.argv[1], int(sys.argv[2]))
    else:
        print(json.dumps(run(), indent=2))
