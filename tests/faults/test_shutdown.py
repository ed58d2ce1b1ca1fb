"""SIGTERM to a real `docent serve` while several answers stream: each ends with an `error` event, none with `done`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import anyio
import httpx
import pytest

from docent.sidecar.operator.client import open_conversation, parse_sse

from ..attack.site import write_hand_bundle
from ..attack.visitor import API
from ..loopback import free_port

STREAMS = 5


@pytest.mark.slow
@pytest.mark.anyio
async def test_sigterm_ends_every_stream_with_an_error_and_remembers_nothing(tmp_path: Path) -> None:
    script = tmp_path / "replay.json"
    script.write_text(json.dumps({"replies": [{"question": ".", "calls": [[
        {"text": "She designed the authentication decision service in Java 17. [[case-3ds-approach]] "},
        {"text": "The bank needed 3-D Secure 2. [[case-3ds-context]] "},
        {"sleep": 30},
        {"text": "Never sent. [[case-3ds-context]]"},
    ]]}]}))
    log = tmp_path / "replay.log"
    port = free_port()
    env = {**os.environ, "DOCENT_POW_SECRET": "a secret for this test only", "DOCENT_POW_MAXNUMBER": "50",
           "DOCENT_REPLAY_LOG": str(log), "DOCENT_RATE_ADDRESS": "1000/minute", "DOCENT_RATE_START": "1000/minute", "DOCENT_RATE_READ": "1000/minute",
           "DOCENT_BULKHEAD": str(STREAMS)}
    process = subprocess.Popen(
        [sys.executable, "-m", "docent.cli", "serve", "--enable", "--model", f"replay:{script}",
         "--bundle", str(write_hand_bundle(tmp_path)), "--port", str(port), "--log-level", "warning"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, cwd=tmp_path,
    )
    streams: list[str] = []
    try:
        assert process.stdout is not None
        banner = process.stdout.readline().decode()  # what the operator reads first
        assert f"Docent: serving http://127.0.0.1:{port}/ (guide on, replay model); record whole in the prompt" in banner
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=20) as http:
            with anyio.fail_after(15):
                while True:
                    try:
                        await http.get(API)
                        break
                    except httpx.ConnectError:
                        await anyio.sleep(0.05)
                tokens = [await open_conversation(http) for _ in range(STREAMS)]
            reading = anyio.Event()
            first = 0

            async def listen(token: str) -> None:
                nonlocal first
                body = {"conversation": token, "question": "What did she lead?", "screen": {"page": "home"}}
                text = ""
                async with http.stream("POST", f"{API}/questions", json=body) as response:
                    async for chunk in response.aiter_text():
                        text += chunk
                        if "event: sentence" in text and not text.count("event: sentence") > 1:
                            first += 1
                            if first == STREAMS:
                                reading.set()
                streams.append(text)

            async def terminate() -> None:
                await reading.wait()
                process.send_signal(signal.SIGTERM)

            with anyio.fail_after(20):
                async with anyio.create_task_group() as group:
                    for token in tokens:
                        group.start_soon(listen, token)
                    group.start_soon(terminate)
        with anyio.fail_after(15):
            while process.poll() is None:
                await anyio.sleep(0.05)
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        if process.stdout is not None:
            process.stdout.close()
    assert len(streams) == STREAMS
    for text in streams:
        events = parse_sse(text)
        names = [name for name, _ in events]
        assert names[0] == "start" and "sentence" in names and "done" not in names, names
        assert names[-1] == "error" and events[-1][1]["code"] == "shutting_down", names
    assert process.returncode in (0, -signal.SIGTERM)
    # Each question was asked of the model once and no more: no answer was half-kept and sent again.
    assert len(log.read_text().splitlines()) == STREAMS
