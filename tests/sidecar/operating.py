"""What the operating tests share: the example bundle, a priced replay model behind the real guard, and a visitor."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from docent.sidecar.model.port import ModelSpec
from docent.sidecar.model.replay import ReplayModel
from docent.sidecar.proof import solve
from docent.sidecar.settings import Settings
from docent.sidecar.spending.factory import FeatureModel, guard

from .appkit import loose_settings

BUNDLE = Path(__file__).resolve().parents[1] / "evals" / "bundle.json"
PRICED = ModelSpec("priced-1", input_per_mtok=1.0, output_per_mtok=5.0, cache_read_per_mtok=0.1, cache_write_per_mtok=1.25, mid_system=True)
USAGE = {"input_tokens": 1000, "output_tokens": 100, "cache_read_input_tokens": 9000}
CALL_USD = (1000 * 1.0 + 100 * 5.0 + 9000 * 0.1) / 1_000_000
TOKEN = "a-metrics-token-of-some-length"


def settings(**changes: Any) -> Settings:
    """The example's bundle, with a metrics token, harder proofs under pressure and the day's spend in memory."""
    return loose_settings(**{"bundle": BUNDLE, "pow_maxnumber_top": 400, "metrics_token": TOKEN, "state_dir": None, **changes})


def priced_model(tmp_path: Path, replies: list[dict[str, Any]], *, budget_usd: float = 1.0) -> FeatureModel:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"fragments": 5, "replies": replies}), encoding="utf-8")
    return guard(ReplayModel(script, spec=PRICED), feature="guide", budget_usd=budget_usd, bulkhead=4)


def client(app: Any) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://guide.test")


async def open_conversation(http: httpx.AsyncClient) -> str:
    challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
    started = await http.post("/api/guide/conversations", json={"proof": solve(challenge)})
    assert started.status_code == 201, started.text
    return str(started.json()["conversation"])


def events(text: str) -> list[tuple[str, dict[str, Any]]]:
    """An event stream's events as (name, data)."""
    found = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line and not line.startswith(":"))
        if "event" in lines:
            found.append((lines["event"], json.loads(lines["data"])))
    return found


async def ask(http: httpx.AsyncClient, conversation: str, question: str) -> list[tuple[str, dict[str, Any]]]:
    answer = await http.post(
        "/api/guide/questions", json={"conversation": conversation, "question": question, "screen": {"page": "home"}}
    )
    assert answer.status_code == 200, answer.text
    return events(answer.text)


@contextmanager
def sidecar_process(env: dict[str, str], *args: str) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """`docent serve` as an owner runs it, on a free loopback port; yields its base URL and the process."""
    process = subprocess.Popen(
        [sys.executable, "-m", "docent.cli", "serve", "--port", "0", *args],
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, f"no banner: {line!r} {process.stderr.read() if process.stderr else ''}"
        yield f"http://127.0.0.1:{match.group(1)}", process
    finally:
        process.terminate()
        try:
            process.communicate(timeout=10)  # reads what is left and closes the pipes
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
