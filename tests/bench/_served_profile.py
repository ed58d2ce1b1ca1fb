"""Where a served question's CPU goes: `python -m tests.bench._served_profile [ROUNDS] [redis]`.

`docent serve` runs with a sampler of its own: SIGPROF on the process's CPU time (user and system; the kernel's tick
makes it one sample every few milliseconds), the Python stack taken at each. This process is the visitors, as
`_served.py`'s: each round opens 1,200 conversations with the sampler off, then asks the bench's question on each, in
bursts of 10 at once on a connection each, with it on. It prints the share of the samples in each part of a question
(`PARTS`, by the innermost frame of ours on the stack), the share in the gate (any frame of `answer/gate.py` on the
stack), then each function's inclusive and own share of the rest. A sample is taken where
Python next runs, so a C call's time (a socket's write, a deallocation) lands on the Python line after it: read the
shares beside `_served.py`'s instructions, which leave the kernel out. Not a bench of `make bench`.
"""

from __future__ import annotations

import asyncio
import collections
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.bench import _served
from tests.bench.sidecar import ROOT, _fixture, _wait_for
from tests.loopback import free_port

COUNT, BURST, TOP = 1200, 10, 40
# The server's bootstrap: the sampler, switched by SIGUSR1 and written to $PROFILE_OUT by SIGUSR2.
SAMPLER = """
import collections, os, pickle, runpy, signal, sys
samples, on = collections.Counter(), [False]
def sample(signum, frame):
    stack = []
    while frame is not None:
        stack.append((frame.f_code.co_filename, frame.f_code.co_name))
        frame = frame.f_back
    samples[tuple(stack)] += 1
def switch(*_):
    on[0] = not on[0]
    signal.setitimer(signal.ITIMER_PROF, 0.001 if on[0] else 0, 0.001 if on[0] else 0)
def write(*_):
    with open(os.environ["PROFILE_OUT"], "wb") as out:
        pickle.dump(dict(samples), out)
signal.signal(signal.SIGPROF, sample)
signal.signal(signal.SIGUSR1, switch)
signal.signal(signal.SIGUSR2, write)
sys.argv = ["docent", *sys.argv[1:]]
runpy.run_module("docent.cli", run_name="__main__")
"""


def _name(frame: tuple[str, str]) -> str:
    path, function = frame
    for marker in ("site-packages/", "/src/", "/python3.11/"):
        path = path.rsplit(marker, 1)[-1]
    return f"{path}:{function}"


# The question's parts, by the innermost frame of ours on a sample's stack (the gate and the model by any frame).
PARTS = (
    ("the turn", ("answer/",)),
    ("the stream: events, frames, the lane", ("sidecar/stream.py", "sidecar/lane.py")),
    ("the guards: limits, proof, budget, bulkhead", ("sidecar/windows.py", "sidecar/ratelimit.py", "sidecar/proof.py",
                                                      "spending/budget.py", "spending/bulkhead.py", "spending/circuit.py",
                                                      "spending/redis_budget.py")),
    ("the model's wrappers: metering, the day's book", ("spending/",)),
    ("the tally and the metrics", ("sidecar/tally.py", "sidecar/counts.py", "sidecar/metrics.py")),
    ("the log", ("sidecar/logs.py",)),
    ("the store and Redis", ("sidecar/store.py", "sidecar/redis_", "sidecar/lua.py", "sidecar/state.py")),
    ("the request's head: routes, body, front", ("sidecar/",)),
)


def _part(stack: tuple[tuple[str, str], ...]) -> str:
    if any(path.endswith("answer/gate.py") for path, _ in stack):
        return "the gate"
    if any(path.endswith("model/replay.py") for path, _ in stack):
        return "the model (replay)"
    if any(path.endswith("httptools_impl.py") and name == "send" for path, name in stack):
        return "the socket's writes (uvicorn's send)"
    for path, _ in stack:
        if "/docent/" not in path or path.endswith("/cli.py"):  # `docent serve`'s frames are under every sample
            continue
        for part, markers in PARTS:
            if any(marker in path for marker in markers):
                return part
        return "docent, other"
    return "uvicorn and the loop, no frame of ours"


def _report(samples: dict[tuple[tuple[str, str], ...], int]) -> None:
    total = sum(samples.values())
    parts: collections.Counter[str] = collections.Counter()
    for stack, n in samples.items():
        parts[_part(stack)] += n
    print("-- parts of a question")
    for part, n in parts.most_common():
        print(f"{n / total:6.1%}  {part}")
    gate = sum(n for stack, n in samples.items() if any(path.endswith("answer/gate.py") for path, _ in stack))
    rest = total - gate
    print(f"{total} samples: the gate {gate / total:.1%}, the rest {rest / total:.1%} (shares below are of the rest)")
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for stack, n in samples.items():
        if any(path.endswith("answer/gate.py") for path, _ in stack):
            continue
        for name in {_name(frame) for frame in stack}:
            inclusive[name] += n
        own[_name(stack[0])] += n
    for title, counts in (("inclusive", inclusive), ("own", own)):
        print(f"-- {title}")
        for name, n in counts.most_common(TOP):
            print(f"{n / rest:6.1%}  {name}")


def main(argv: list[str]) -> None:
    from tests.redis_server import RedisServer

    rounds = min(8, int(next((a for a in argv if a.isdigit()), "4")))  # the store holds 10,000 conversations
    with tempfile.TemporaryDirectory() as folder:
        env = _fixture(Path(folder))
        redis = RedisServer(Path(folder)) if "redis" in argv else None
        if redis is not None:
            redis.start()
            env["DOCENT_REDIS_URL"] = redis.url
        port, out = free_port(), Path(folder) / "samples.pickle"
        command = [sys.executable, "-c", SAMPLER, "serve", "--port", str(port), "--log-level", "error"]
        server = subprocess.Popen(command, cwd=ROOT, env={**os.environ, **env, "PROFILE_OUT": str(out)},
                                  stdout=subprocess.DEVNULL)
        try:
            _wait_for(port, seconds=60)
            for _ in range(rounds):
                tokens = asyncio.run(_tokens(port))
                server.send_signal(signal.SIGUSR1)
                asyncio.run(_asked(port, tokens))
                server.send_signal(signal.SIGUSR1)
            server.send_signal(signal.SIGUSR2)
            time.sleep(1)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
            if redis is not None:
                redis.stop()
        _report(pickle.loads(out.read_bytes()))


async def _tokens(port: int) -> list[str]:
    import json

    from docent.sidecar.proof import solve
    from tests.bench.sidecar import _exchange, _request

    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    tokens = []
    for _ in range(COUNT):
        challenge = await _exchange(reader, writer, _request("/api/guide/challenge", {"purpose": "guide"}))
        proof = solve(json.loads(challenge.split(b"\r\n\r\n", 1)[1]))
        opened = await _exchange(reader, writer, _request("/api/guide/conversations", {"proof": proof}))
        tokens.append(json.loads(opened.split(b"\r\n\r\n", 1)[1])["conversation"])
    writer.close()
    return tokens


async def _asked(port: int, tokens: list[str]) -> None:
    for start in range(0, len(tokens), BURST):
        await asyncio.gather(*(_served._ask(port, token) for token in tokens[start:start + BURST]))


if __name__ == "__main__":
    main(sys.argv[1:])
