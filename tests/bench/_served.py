"""Instructions a question through the served app, counted by cachegrind: `python -m tests.bench._served [redis] [PATH]`.

`_instructions.py` counts the app driven in its own process; this counts `docent serve` itself (uvicorn on loopback,
the HTTP parsing, the event loop it runs on, the SSE stream's writes) under bursts, as load.py serves it. The server
runs under `valgrind --tool=cachegrind` (instructions only, `PYTHONHASHSEED=0`) with the bench's bundle and replay
model (`sidecar.py`'s fixture); this process is the visitors: it opens the same conversations in both runs, then asks
SMALL or LARGE questions in bursts of BURST at once, each on a connection of its own (`Connection: close`, as load.py
asks), after the same warm-up. The difference over LARGE - SMALL is one question's instructions. A redis-server
(`redis`) is a process of its own, not counted. PATH is put first on the server's PYTHONPATH: another version's
`src` (a `git archive` of another commit), or a folder that changes what the server imports (a `uvloop` package that
raises ImportError serves on asyncio's own loop). Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bench.sidecar import QUESTION, ROOT, SENTENCES, _exchange, _fixture, _request, _wait_for
from tests.loopback import free_port

WARM = 20
SMALL, LARGE = 20, 120
BURST = 10


async def _ask(port: int, token: str) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = json.dumps({"conversation": token, "question": QUESTION}).encode()
    head = (f"POST /api/guide/questions HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    writer.write(head + body)
    data = await reader.read()
    writer.close()
    if not data.startswith(b"HTTP/1.1 200") or data.count(b"event: sentence") != SENTENCES or b"event: done" not in data:
        raise AssertionError(f"the bench's answer is not {SENTENCES} sentences: {data[-300:]!r}")


async def _visit(port: int, count: int) -> None:
    from docent.sidecar.proof import solve

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    tokens = []
    for _ in range(WARM + LARGE):  # as many in both runs: a conversation a question
        challenge = await _exchange(reader, writer, _request("/api/guide/challenge", {"purpose": "guide"}))
        proof = solve(json.loads(challenge.split(b"\r\n\r\n", 1)[1]))
        opened = await _exchange(reader, writer, _request("/api/guide/conversations", {"proof": proof}))
        tokens.append(json.loads(opened.split(b"\r\n\r\n", 1)[1])["conversation"])
    writer.close()
    for start in range(0, WARM + count, BURST):
        await asyncio.gather(*(_ask(port, token) for token in tokens[start:start + BURST]))


def _counted(count: int, env: dict[str, str], path: str | None) -> int:
    port = free_port()
    paths = [p for p in (path, os.environ.get("PYTHONPATH")) if p]
    server_env = {**os.environ, **env, "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join(paths)}
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
               sys.executable, "-m", "docent.cli", "serve", "--port", str(port), "--log-level", "error"]
    with tempfile.TemporaryFile() as errors:
        server = subprocess.Popen(command, cwd=ROOT, env=server_env, stdout=subprocess.DEVNULL, stderr=errors)
        try:
            _wait_for(port, seconds=300)
            asyncio.run(_visit(port, count))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=120)
        errors.seek(0)
        said = errors.read().decode(errors="replace")
    found = re.search(r"I\s+refs:\s+([\d,]+)", said)
    if found is None:
        raise RuntimeError(f"cachegrind counted nothing: {said[-500:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str]) -> None:
    from tests.redis_server import RedisServer

    redis = "redis" in argv
    path = next((a for a in argv if a != "redis"), None)
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        server = RedisServer(Path(folder)) if redis else None
        if server is not None:
            server.start()
            env["DOCENT_REDIS_URL"] = server.url
        try:
            small = _counted(SMALL, env, path)
            if server is not None:
                server.flush()
            large = _counted(LARGE, env, path)
        finally:
            if server is not None:
                server.stop()
    per_question = (large - small) / (LARGE - SMALL)
    print(f"{path or 'this tree'} {'redis' if redis else 'memory'} served: {per_question / 1000:,.0f} k instructions a question")


if __name__ == "__main__":
    main(sys.argv[1:])
