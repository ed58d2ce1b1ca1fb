"""Many visitors leave mid-answer at once: no bulkhead place and no budget reservation leaks, the calls stop."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import anyio
import httpx
import pytest

from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec, Stop, TextDelta, Usage

from ..attack.harness import app_with, guarded
from ..attack.site import write_hand_bundle
from ..attack.visitor import API, ask, open_conversation
from ..loopback import served

STREAMS = 40
SENTENCE = "She designed the authentication decision service in Java 17. [[case-3ds-approach]] "
STARTED = Usage(input_tokens=1200, output_tokens=0)
SLOW = ModelSpec("slow", input_per_mtok=1.0, output_per_mtok=5.0)


@dataclass
class SlowAnswer:
    """Answers a sentence at a time, slowly, for as long as anyone listens; counts the calls it was stopped in."""

    sentences: int = 200
    active: int = 0
    stopped: int = 0

    async def __call__(self, request: ModelRequest) -> AsyncIterator[ModelEvent]:
        self.active += 1
        finished = False
        try:
            yield STARTED
            for _ in range(self.sentences):
                for word in SENTENCE.split(" "):
                    yield TextDelta(word + " ")
                await anyio.sleep(0.05)
            finished = True
            yield Usage(1200, 4000)
            yield Stop("end_turn")
        finally:
            self.active -= 1
            if not finished:
                self.stopped += 1


@pytest.mark.anyio
async def test_a_mass_disconnect_leaks_no_place_and_no_reservation(tmp_path: Path) -> None:
    slow = SlowAnswer()
    model = guarded(HandlerModel(slow, spec=SLOW), budget_usd=50.0, bulkhead=STREAMS + 10)
    app = app_with(write_hand_bundle(tmp_path), model)
    limits = httpx.Limits(max_connections=STREAMS + 10)
    async with served(app) as url, httpx.AsyncClient(base_url=url, limits=limits, timeout=10) as client:
        conversations = [await open_conversation(client) for _ in range(STREAMS)]
        first_sentences = 0

        async def listen_then_leave(token: str) -> None:
            nonlocal first_sentences
            body = {"conversation": token, "question": "What did she lead?", "screen": {"page": "home"}}
            async with client.stream("POST", f"{API}/questions", json=body) as response:
                assert response.status_code == 200
                async for line in response.aiter_lines():
                    if line.startswith("event: sentence"):
                        first_sentences += 1
                        break
            # Leaving the block unread closes the connection: the visitor is gone mid-answer.

        with anyio.fail_after(20):
            async with anyio.create_task_group() as group:
                for token in conversations:
                    group.start_soon(listen_then_leave, token)
            while slow.active or model.bulkhead.in_use:
                await anyio.sleep(0.02)
        assert first_sentences == STREAMS
        assert slow.stopped == STREAMS, "an upstream call went on after its visitor left"
        assert model.bulkhead.in_use == 0
        # Each call is billed what it used when its visitor left, and the rest of its worst case is released.
        assert model.budget.spent_usd() == pytest.approx(STREAMS * SLOW.cost(STARTED), rel=1e-9)
        # The conversations are free again for their next question (nothing half-held, nothing half-remembered).
        slow.sentences = 2
        with anyio.fail_after(20):
            again = await ask(client, conversations[0], "What did she lead?", screen={"page": "home"})
        assert again.status == 200 and again.last == "done", again.names
