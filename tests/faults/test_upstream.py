"""Faults upstream, through the real app with the Anthropic adapter over `httpx.MockTransport`.

Each fault ends in a clear `error` event; the conversation is unchanged (the next question's request carries no
trace of the failed turn); the budget counts what was billed; the bulkhead's place is given back.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import httpx
import pytest

from docent.sidecar.model.anthropic import AnthropicModel
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import Usage
from docent.sidecar.model.retry import Retry
from docent.sidecar.spending.factory import FeatureModel

from ..attack.harness import app_with, guarded
from ..attack.site import write_hand_bundle
from ..attack.visitor import ask, open_conversation
from .upstream import (
    GOOD,
    Step,
    Upstream,
    drip_then_timeout,
    end,
    ok,
    raises,
    sse,
    start,
    status,
    text_block,
    tool_block,
)

SPEC = spec_for("claude-haiku-4-5")
FAILED_TEXT = "Quokka is a word the record never says. [[case-3ds-context]]"
STARTED = Usage(1000, 1)  # what message_start bills
FINISHED = Usage(1000, 60)  # what a stream that reached message_delta bills


def mid_stream(tail: bytes) -> Step:
    return lambda request: sse(start() + text_block(FAILED_TEXT) + tail)


ERROR_EVENT = b'event: error\ndata: {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}\n\n'

# name, the steps of the failing question, the error code the visitor reads, what the upstream billed for it
CASES = [
    ("429 with Retry-After", [status(429, "rate_limit_error", headers={"retry-after": "7"})] * 3, "rate_limited", []),
    ("529 overloaded", [status(529, "overloaded_error")] * 3, "overloaded", []),
    ("500 api error", [status(500, "api_error")] * 3, "upstream_failed", []),
    ("401 bad key", [status(401, "authentication_error")], "misconfigured", []),
    ("connection refused", [raises(httpx.ConnectError)] * 3, "unreachable", []),
    ("connect timeout", [raises(httpx.ConnectTimeout)] * 3, "unreachable", []),
    ("slow drip past the read timeout", [drip_then_timeout()], "timed_out", [STARTED]),
    ("error event mid-stream", [mid_stream(ERROR_EVENT)], "overloaded", [STARTED]),
    ("stream cut short", [mid_stream(b"")], "cut_short", [STARTED]),
    ("max_tokens", [mid_stream(end("max_tokens"))], "cut_short", [FINISHED]),
    ("refusal", [mid_stream(end("refusal"))], "refused", [FINISHED]),
]


class Sleeps:
    def __init__(self) -> None:
        self.waits: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)


def build(tmp_path: Path, upstream: Upstream, sleeps: Sleeps) -> tuple[httpx.AsyncClient, FeatureModel]:
    adapter = AnthropicModel(SPEC, api_key="sk-test", client=upstream.client(), retry=Retry(sleep=sleeps, jitter=lambda: 0.0))
    model = guarded(adapter, budget_usd=5.0, bulkhead=2)
    app = app_with(write_hand_bundle(tmp_path), model)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://docent.test"), model


@pytest.mark.anyio
@pytest.mark.parametrize(("name", "steps", "code", "billed"), CASES, ids=[c[0] for c in CASES])
async def test_a_fault_ends_in_an_error_and_leaves_nothing_behind(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str, steps: list[Step], code: str, billed: list[Usage]
) -> None:
    upstream, sleeps = Upstream(*steps), Sleeps()
    client, model = build(tmp_path, upstream, sleeps)
    caplog.set_level(logging.INFO)
    async with client:
        conversation = await open_conversation(client)
        failed = await ask(client, conversation, "Zanzibar: what did she lead?", screen={"page": "home"})
        assert failed.status == 200
        assert failed.names[0] == "start" and failed.last == "error", failed.names
        error = failed.of("error")[0]
        assert error["code"] == code
        assert error["message"] and "Traceback" not in error["message"]
        assert "done" not in failed.names
        assert model.bulkhead.in_use == 0, "the bulkhead's place was not given back"
        assert model.budget.spent_usd() == pytest.approx(sum(SPEC.cost(u) for u in billed), abs=1e-12)
        tries = len(upstream.bodies)

        after = await ask(client, conversation, "What did she lead?", screen={"page": "home"})
        assert after.last == "done", after.events
        assert [s["text"] for s in after.of("sentence")] == [GOOD.removesuffix(" [[case-3ds-approach]]")]
        sent = json.dumps(upstream.bodies[tries]["messages"])
        assert "Zanzibar" not in sent and "Quokka" not in sent, "the failed turn was remembered"
        assert model.bulkhead.in_use == 0
        assert model.budget.spent_usd() == pytest.approx(sum(SPEC.cost(u) for u in [*billed, FINISHED]), abs=1e-12)
    if code == "rate_limited":
        assert sleeps.waits == [7.0, 7.0], "Retry-After was not honoured"
    if code == "misconfigured":
        # The operator is told how to fix it; the visitor is not told about keys.
        assert "ANTHROPIC_API_KEY" not in error["message"] and "key" not in error["message"].lower()
        assert any("ANTHROPIC_API_KEY" in r.getMessage() for r in caplog.records)
        assert tries == 1, "a refused key is not worth a retry"


@pytest.mark.anyio
async def test_a_retry_before_any_word_is_invisible_to_the_visitor(tmp_path: Path) -> None:
    upstream, sleeps = Upstream(status(529, "overloaded_error"), ok()), Sleeps()
    client, model = build(tmp_path, upstream, sleeps)
    async with client:
        answer = await ask(client, await open_conversation(client), "What did she lead?", screen={"page": "home"})
    assert answer.last == "done" and "error" not in answer.names
    assert len(upstream.bodies) == 2 and upstream.bodies[0] == upstream.bodies[1]
    assert model.bulkhead.in_use == 0


@pytest.mark.anyio
async def test_broken_json_in_a_tool_input_goes_back_to_the_model_and_nothing_to_the_browser(tmp_path: Path) -> None:
    broken = sse(start() + text_block(GOOD) + tool_block("show_page", '{"id": "la') + end("tool_use"))
    upstream, sleeps = Upstream(lambda request: broken, ok("In short, yes.")), Sleeps()
    client, model = build(tmp_path, upstream, sleeps)
    async with client:
        answer = await ask(client, await open_conversation(client), "Open the lab?", screen={"page": "home"})
    assert answer.last == "done" and "action" not in answer.names and "card" not in answer.names
    results = [b for b in upstream.bodies[1]["messages"][-1]["content"] if b.get("type") == "tool_result"]
    assert [r["tool_use_id"] for r in results] == ["toolu_fault"] and results[0]["is_error"] is True
    assert model.bulkhead.in_use == 0
    assert model.budget.spent_usd() == pytest.approx(2 * SPEC.cost(FINISHED), abs=1e-12)
