"""Load on loopback: 500 concurrent streaming questions on the replay model, then 10,000 idle conversations.

A real `docent serve` in a subprocess (one worker), this process as the visitors. Bounded: every phase has a
deadline and the server is stopped at the end, whatever happens. Figures:
- `load_errors`: answers and conversations that failed although within the configured limits (goal: none);
- `load_p99_first_event_ms` (and p50): time from sending a question to its first event, under 500 at once;
- `load100_p99_first_event_ms` (and p50, and the server's CPU a question): the same under 100 at once, first;
- `bytes_per_conversation`: the server's resident memory grown by 10,000 idle conversations, per conversation.
The same run again on a server started from the `src` with the gate compiled (`_compiled_app`), its figures of the
bursts printed as NAME_compiled: what an operator who installs `make compiled`'s wheel gets.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
import httpx

from tests.attack.site import write_hand_bundle
from tests.attack.visitor import API, open_conversation
from tests.bench import _compiled_app
from tests.loopback import free_port

QUESTIONS = 500
SMALL = 100  # issue 26: the load at 100 concurrent as well
IDLE = int(os.environ.get("DOCENT_LOAD_IDLE", 10_000))
REPLY = [
    {"text": "She designed the authentication decision service in Java 17. [[case-3ds-approach]] "},
    {"text": "The bank needed 3-D Secure 2. [[case-3ds-context]] "},
    {"text": "Consumer lag stayed under two seconds at peak. [[case-kafka-results]]"},
]


def rss(pid: int) -> int:
    """The process's resident memory in bytes (VmRSS), 0 where /proc does not say."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def _cpu(pid: int) -> float:
    """The server's CPU seconds so far (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(work: Path, bundle: Path | None = None, src: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    script = work / "replay.json"
    script.write_text(json.dumps({"replies": [{"question": ".", "calls": [REPLY]}]}))
    port = free_port()
    env = {
        **os.environ,
        "DOCENT_POW_SECRET": "the load bench's own secret",
        "DOCENT_POW_MAXNUMBER": "50",
        "DOCENT_BULKHEAD": str(QUESTIONS + 12),
        "DOCENT_RATE_ADDRESS": "1000000/minute",
        "DOCENT_RATE_CONVERSATION": "1000000/minute",
        "DOCENT_RATE_OVERALL": "1000000/minute",
        "DOCENT_RATE_START": "1000000/minute", "DOCENT_RATE_READ": "1000000/minute",
        "DOCENT_BUDGET_USD": "1000",
        "DOCENT_STATE_DIR": str(work / "state"),
        **(_compiled_app.env(src) if src else {}),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "docent.cli", "serve", "--enable", "--model", f"replay:{script}",
         "--bundle", str(bundle or write_hand_bundle(work)), "--port", str(port), "--log-level", "error"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=work,
    )
    return process, f"http://127.0.0.1:{port}"


async def _ready(client: httpx.AsyncClient) -> None:
    with anyio.fail_after(20):
        while True:
            try:
                if (await client.get(API)).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await anyio.sleep(0.05)


async def _gather(count: int, job: Any, *, concurrency: int) -> list[Any]:
    results: list[Any] = [None] * count
    limiter = anyio.Semaphore(concurrency)

    async def one(i: int) -> None:
        async with limiter:
            try:
                results[i] = await job(i)
            except Exception as exc:  # counted as an error, not raised: the bench reports, it does not stop
                results[i] = exc

    async with anyio.create_task_group() as group:
        for i in range(count):
            group.start_soon(one, i)
    return results


async def _open_raw(url: str, count: int, *, connections: int) -> list[Any]:
    """`count` conversations opened over kept-alive raw HTTP/1.1 connections, as many panels would open them.

    Raw, as `_question` is: through httpx the visitors' side costs several times what the sidecar does (its pool
    is walked on every request), and the figure would measure the client.
    """
    from docent.sidecar.proof import solve

    from .sidecar import _exchange, _request

    host, port = url.removeprefix("http://").split(":")
    results: list[Any] = []

    async def opener(n: int) -> None:
        reader, writer = await asyncio.open_connection(host, int(port))
        try:
            for _ in range(n):
                try:
                    challenge = await _exchange(reader, writer, _request(f"{API}/challenge", {"purpose": "guide"}))
                    proof = solve(json.loads(challenge.split(b"\r\n\r\n", 1)[1]))
                    opened = await _exchange(reader, writer, _request(f"{API}/conversations", {"proof": proof}))
                    results.append(str(json.loads(opened.split(b"\r\n\r\n", 1)[1])["conversation"]))
                except Exception as exc:  # counted as an error, as _gather counts them
                    results.append(exc)
        finally:
            writer.close()

    await asyncio.gather(*(opener(count // connections + (i < count % connections)) for i in range(connections)))
    return results


async def _question(url: str, token: str, go: anyio.Event) -> tuple[float, bool]:
    """Seconds from sending a question to its first event, and whether the answer ended with `done`.

    Raw HTTP/1.1 on a connection opened beforehand, as a panel's kept-alive one is: the visitors' side must cost
    little, or the figure measures the client (httpx costs far more per event than the sidecar does).
    """
    host, port = url.removeprefix("http://").split(":")
    body = json.dumps({"conversation": token, "question": "What did she lead?", "screen": {"page": "home"}}).encode()
    head = (f"POST {API}/questions HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    async with await anyio.connect_tcp(host, int(port)) as stream:
        await go.wait()
        sent = time.perf_counter()
        await stream.send(head + body)
        first: float | None = None
        data = b""
        try:
            while True:
                data += await stream.receive()
                if first is None and b"event:" in data:
                    first = time.perf_counter() - sent
        except (anyio.EndOfStream, anyio.BrokenResourceError):
            pass
    ok = data.startswith(b"HTTP/1.1 200") and b"event: done" in data
    return (first if first is not None else time.perf_counter() - sent), ok


async def _measure(url: str, pid: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=QUESTIONS + 50, max_keepalive_connections=QUESTIONS + 50)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        await _ready(client)
        errors = 0
        # Idle conversations first, on a fresh server, so that its resident memory grows by them alone.
        await anyio.sleep(0.5)
        before, opened, opening_cpu = rss(pid), time.perf_counter(), _cpu(pid)
        with anyio.fail_after(400):
            idle = await _open_raw(url, IDLE, connections=64)
        open_s, open_cpu = time.perf_counter() - opened, _cpu(pid) - opening_cpu
        errors += sum(isinstance(t, Exception) for t in idle)
        await anyio.sleep(0.5)
        grown = rss(pid) - before
        print(f"{IDLE} idle conversations opened in {open_s:.1f} s, {open_cpu:.1f} s of it the server's CPU", flush=True)
        # The store holds 10,000 conversations at most (Settings.max_conversations): some make way for the burst.
        gone = [t for t in idle if isinstance(t, str)][:QUESTIONS + SMALL]
        with anyio.fail_after(60):
            await _gather(len(gone), lambda i: client.request("DELETE", f"{API}/conversations",
                                                               json={"conversation": gone[i]}), concurrency=50)
        small = await _burst(client, url, pid, SMALL)  # a hundred at once first, then the five hundred
        errors += small["errors"]
        large = await _burst(client, url, pid, QUESTIONS)
        errors += large["errors"]
        firsts, wall, server_cpu = large["firsts"], large["wall"], large["cpu"]
    p99 = firsts[min(len(firsts) - 1, int(len(firsts) * 0.99))] if firsts else float("nan")
    small_firsts = small["firsts"]
    return {
        "load100_p50_first_event_ms": statistics.median(small_firsts) if small_firsts else float("nan"),
        "load100_p99_first_event_ms": _p99(small_firsts),
        "load100_server_cpu_ms_per_question": small["cpu"] * 1000 / max(1, len(small_firsts)),
        "load_questions": float(QUESTIONS),
        "load_errors": float(errors),
        "load_p50_first_event_ms": statistics.median(firsts) if firsts else float("nan"),
        "load_p99_first_event_ms": p99,
        "load_questions_per_s": len(firsts) / wall if wall > 0 else float("nan"),
        "load_server_cpu_ms_per_question": server_cpu * 1000 / max(1, len(firsts)),
        "load_idle_conversations": float(IDLE),
        "bytes_per_conversation": grown / IDLE,
        # Opening is a challenge and a conversation: two requests, two rate-limit hits, a proof verified.
        "load_open_s": open_s,
        "load_open_server_cpu_ms_per_conversation": open_cpu * 1000 / IDLE,
    }


async def _burst(client: httpx.AsyncClient, url: str, pid: int, count: int) -> dict[str, Any]:
    """`count` conversations opened, then one question each, all let go at once: first-event times, wall, CPU."""
    with anyio.fail_after(120):
        tokens = await _gather(count, lambda i: open_conversation(client), concurrency=50)
    errors = sum(isinstance(t, Exception) for t in tokens)
    tokens = [t for t in tokens if isinstance(t, str)]
    go = anyio.Event()
    results: list[Any] = []

    async def ask(token: str) -> None:
        try:
            results.append(await _question(url, token, go))
        except Exception as exc:
            results.append(exc)

    started, cpu = time.perf_counter(), _cpu(pid)
    with anyio.fail_after(120):
        async with anyio.create_task_group() as group:
            for token in tokens:
                group.start_soon(ask, token)
            await anyio.sleep(0.5)  # every visitor connected and waiting at the line
            go.set()
    wall = time.perf_counter() - started - 0.5
    server_cpu = _cpu(pid) - cpu
    firsts = sorted(r[0] * 1000 for r in results if isinstance(r, tuple))
    failed = [r for r in results if not isinstance(r, tuple) or not r[1]]
    if failed:
        print(f"{len(failed)} of {count} answers failed, e.g. {failed[0]!r}", flush=True)
    return {"firsts": firsts, "wall": wall, "cpu": server_cpu, "errors": errors + len(failed)}


def _p99(firsts: list[float]) -> float:
    return firsts[min(len(firsts) - 1, int(len(firsts) * 0.99))] if firsts else float("nan")


# The figures of the bursts measured again on a server with the gate compiled, printed as NAME_compiled.
COMPILED = ("load100_p50_first_event_ms", "load100_p99_first_event_ms", "load100_server_cpu_ms_per_question",
            "load_errors", "load_p50_first_event_ms", "load_p99_first_event_ms", "load_questions_per_s",
            "load_server_cpu_ms_per_question")


def run() -> dict[str, float]:
    figures = _run(None)
    compiled = _compiled_app.src()
    return {**figures, **_compiled_app.suffixed(_run(compiled), COMPILED)} if compiled else figures


def _run(src: Path | None) -> dict[str, float]:
    """The whole load on a fresh server, started from `src` where one is given (and then checked to run its gate
    compiled from there)."""
    with tempfile.TemporaryDirectory(prefix="docent-load-") as tmp:
        process, url = _start(Path(tmp), src=src)
        try:
            figures: dict[str, float] = anyio.run(_measure, url, process.pid)
            if src is not None:
                _compiled_app.check_mapped(process.pid, src)
            return figures
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
