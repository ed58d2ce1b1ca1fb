"""Real `docent serve` processes on loopback for the tests of shared state: started, killed and restarted."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .loopback import free_port

BIN = Path(sys.executable).parent
SECRET = "one secret for every sidecar in these tests"
# How long a sidecar may take to answer its first request. Started, it answers in a second or two, but under a loaded
# machine (the suite on two cores shared with others) one took over 30 s once: the wait is for a condition (an answer,
# or the process gone), so a generous limit costs nothing where it starts fast, and a sidecar that exits fails at once.
UP_WITHIN_S = 180.0
TAIL_LINES = 40  # of a failed process's output, said in the failure


@dataclass
class Served:
    """One `docent serve`: its address, its process, and the requests its replay model was sent."""

    name: str
    base: str
    process: subprocess.Popen[bytes]
    replay_log: Path
    output: Path
    port: int = 0
    env: dict[str, str] = field(default_factory=dict)

    def requests(self) -> list[dict[str, Any]]:
        return replayed(self.replay_log)

    def kill(self) -> None:
        """`kill -9`: no shutdown, no cleanup, as the OOM killer does it."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        stop(self.process)


def start(
    name: str, folder: Path, env: dict[str, str], *, args: tuple[str, ...] = (), port: int | None = None, up_within: float = UP_WITHIN_S
) -> Served:
    port = port or free_port()
    log, output = folder / f"{name}.replay.jsonl", folder / f"{name}.out"
    # The harness polls the reference until the sidecar answers: reading is not what these tests limit.
    full = {**os.environ, "DOCENT_POW_SECRET": SECRET, "DOCENT_REPLAY_LOG": str(log), "DOCENT_RATE_READ": "100000/minute", **env}
    command = [str(BIN / "docent"), "serve", "--enable", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", *args]
    with open(output, "ab") as sink:
        process = subprocess.Popen(command, env=full, stdout=sink, stderr=subprocess.STDOUT, cwd=folder)
    served = Served(name, f"http://127.0.0.1:{port}", process, log, output, port, env)
    try:
        wait_until_up(process, served.base + "/api/guide/openapi.json", output, within=up_within)
    except BaseException:
        served.stop()
        raise
    return served


@contextlib.contextmanager
def serving(name: str, folder: Path, env: dict[str, str], **options: Any) -> Iterator[Served]:
    served = start(name, folder, env, **options)
    try:
        yield served
    finally:
        served.stop()


def replayed(log: Path) -> list[dict[str, Any]]:
    """Every request a sidecar's replay model wrote to its log (DOCENT_REPLAY_LOG), oldest first."""
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


def stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM, as a service manager stops it; SIGKILL if it has not ended within ten seconds."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def wait_until_up(
    process: subprocess.Popen[bytes], url: str, output: Path, *, within: float = UP_WITHIN_S, every: float = 0.05
) -> None:
    """Polls `url` until it answers 200; fails with the sidecar's output as soon as it exits, or if it has not answered
    `within` seconds (a limit for a hung start, not a measure of speed: `UP_WITHIN_S`). `docent serve` listens before
    its start is done, so a request waits for the start, as long as the limit leaves: one request at a time (a request
    given up after 5 s was answered later all the same, 614 of them on the large bench's start, most with a 429)."""
    deadline = time.monotonic() + within
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"docent serve exited ({process.returncode}); its output ends:\n{tail(output)}")
        try:
            with urllib.request.urlopen(url, timeout=max(1.0, deadline - time.monotonic())) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"docent serve did not answer within {within:g} s; its output ends:\n{tail(output)}")
        time.sleep(every)


def tail(output: Path | str, lines: int = TAIL_LINES) -> str:
    """The last `lines` lines of a process's output (a file, or the text itself): where it stopped, and why, without
    the thousands of lines a long run may write before (empty where the file was never written)."""
    if isinstance(output, Path):
        output = output.read_text(errors="replace") if output.exists() else ""
    kept = output.splitlines()[-lines:]
    return "\n".join(kept) if kept else "(nothing)"
