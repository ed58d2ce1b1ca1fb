"""`docent preflight` over httpx.MockTransport: the Models API, count_tokens and the model, bodies from the SDK's models.

The stand-in for the Messages API answers each request from the evals' replay scripts, written as the API's
stream with the SDK's own event models, and bills the first question of a conversation a cache write and each
follow-up a cache read, so the figures preflight measures can be checked.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from anthropic.types import MessageTokensCount, ModelInfo
from pydantic import BaseModel

from docent.sidecar.model.catalogue import ModelFacts, count_tokens, disagreements, informed, read_facts
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import Misconfigured, ModelRequest, TextDelta, Thinking, ToolCall, UpstreamFailed
from docent.sidecar.model.replay import ReplayModel, Script
from docent.sidecar.operator.preflight import NEEDS_KEY, measure, preflight

from .model import sdk

pytestmark = pytest.mark.anyio

EVALS = Path(__file__).resolve().parents[1] / "evals"
SCRIPT = Script([r for path in sorted((EVALS / "replay").glob("*.json")) for r in Script.load(path).replies], fragments=8)
PROMPT_TOKENS = 21_034
SUPPORTED = {"supported": True}
NOT = {"supported": False}


def model_info(model_id: str = "claude-haiku-5-5", *, lifecycle: str = "active", disabled: bool = True,
               low: bool = True) -> dict[str, Any]:
    """A ModelInfo as the SDK's model has it, dumped as the API sends it."""
    return ModelInfo.model_validate({
        "id": model_id, "type": "model", "display_name": "Claude Haiku 5.5", "created_at": "2026-10-07T00:00:00Z",
        "lifecycle": lifecycle, "max_input_tokens": 1_000_000, "max_tokens": 128_000,
        "capabilities": {
            "batch": SUPPORTED, "citations": SUPPORTED, "code_execution": NOT, "image_input": SUPPORTED,
            "pdf_input": SUPPORTED, "structured_outputs": SUPPORTED,
            "context_management": {"supported": False},
            "server_tools": {"supported": False, "code_execution": NOT, "web_search": NOT},
            "effort": {"supported": True, "low": SUPPORTED if low else NOT, "medium": SUPPORTED, "high": SUPPORTED,
                       "max": NOT},
            "thinking": {"supported": True, "types": {"adaptive": SUPPORTED, "enabled": SUPPORTED,
                                                      "disabled": SUPPORTED if disabled else NOT, "between_tools": NOT}},
        },
    }).model_dump(mode="json")


def _questions(body: dict[str, Any]) -> int:
    return sum(1 for m in body["messages"] if m["role"] == "user" and "<question>" in json.dumps(m["content"]))


async def _answer(body: dict[str, Any]) -> bytes:
    """The replay scripts' answer to this request, as the API streams it, made from the SDK's models."""
    request = ModelRequest(body.get("system", []), body.get("tools", []), body["messages"], body["max_tokens"])
    first = _questions(body) == 1
    usage = {"input_tokens": 300, "cache_read": 0 if first else 19_000}
    events: list[BaseModel] = [sdk.start(body["model"], input_tokens=usage["input_tokens"], cache_read=usage["cache_read"])]
    events[0].message.usage.cache_creation_input_tokens = 19_000 if first else 200  # type: ignore[attr-defined]
    index, text, stop = 0, "", "end_turn"
    async for event in ReplayModel(SCRIPT).stream(request):
        if isinstance(event, TextDelta):
            text += event.text
            continue
        if text:
            events += sdk.text(index, [text[i:i + 8] for i in range(0, len(text), 8)])
            index, text = index + 1, ""
        if isinstance(event, ToolCall):
            events += sdk.tool_use(index, event.id, event.name, [event.raw])
            index, stop = index + 1, "tool_use"
        elif isinstance(event, Thinking):
            events += sdk.thinking(index, [event.block["thinking"]])
            index += 1
    if text:
        events += sdk.text(index, [text])
    return sdk.frames(events + sdk.end(stop, output_tokens=40))


class Anthropic:
    """The three endpoints preflight calls, answering with bodies made from the SDK's models."""

    def __init__(self, info: dict[str, Any]) -> None:
        self.info = info
        self.seen: list[tuple[str, str]] = []
        self.counted: list[dict[str, Any]] = []

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append((request.method, request.url.path))
        assert request.headers["x-api-key"] == "sk-test" and request.headers["anthropic-version"] == "2023-06-01"
        if request.method == "GET" and request.url.path.startswith("/v1/models/"):
            return httpx.Response(200, json=self.info)
        body = json.loads(request.content)
        if request.url.path == "/v1/messages/count_tokens":
            self.counted.append(body)
            return httpx.Response(200, json=MessageTokensCount(input_tokens=PROMPT_TOKENS).model_dump())
        assert request.url.path == "/v1/messages" and body["stream"] is True
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=await _answer(body))


async def run(info: dict[str, Any], *, model: str = "anthropic:claude-haiku-5-5", key: str | None = "sk-test") -> tuple[int, str, Anthropic]:
    api = Anthropic(info)
    lines: list[str] = []
    async with httpx.AsyncClient(transport=httpx.MockTransport(api)) as client:
        code = await preflight(model, api_key=key, bundle_path=EVALS / "bundle.json", cases_dir=EVALS, client=client,
                               base_url="https://api.anthropic.test", out=lines.append)
    return code, "\n".join(lines), api


async def test_without_a_key_it_says_what_it_needs_and_calls_nothing() -> None:
    code, out, api = await run(model_info(), key=None)
    assert code == 2 and out == NEEDS_KEY
    assert "ANTHROPIC_API_KEY" in out and "--model anthropic:<model id>" in out
    assert api.seen == []
    code, out, _ = await run(model_info(), model="offline")
    assert code == 2 and "pass --model anthropic:<model id>" in out


async def test_preflight_reads_the_model_counts_the_prompt_runs_the_evals_and_measures_the_three_figures() -> None:
    code, out, api = await run(model_info())
    assert ("GET", "/v1/models/claude-haiku-5-5") in api.seen
    assert "Claude Haiku 5.5, active; context 1,000,000 tokens, 128,000 out at most" in out
    assert "thinking types it accepts: adaptive, disabled, enabled; effort levels: high, low, medium" in out
    assert "The model table agrees." in out
    # count_tokens got the prompt exactly as the adapter sends it, less what it does not take.
    counted = api.counted[0]
    assert counted["system"] == json.loads((EVALS / "bundle.json").read_text())["system"]
    assert set(counted) == {"model", "system", "tools", "messages", "thinking", "output_config"}
    assert f"{PROMPT_TOKENS:,} tokens with one question, 2.1% of its context of 1,000,000" in out
    assert "The evals" in out and "passed   cost_usd" in out
    assert "prompt read from the cache     97.4%" in out  # 19,000 of 19,500 on each follow-up
    assert "cost of a question             $0.0" in out and "ms  (median)" in out
    assert code == 0 and "Ready: switch the guide on with DOCENT_MODEL=anthropic:claude-haiku-5-5" in out


async def test_where_the_api_and_the_table_disagree_it_says_so_and_adjusts() -> None:
    info = model_info(lifecycle="deprecated", disabled=False, low=False)
    code, out, _ = await run(info)
    assert "claude-haiku-5-5 is deprecated: choose an active model" in out
    assert "The table sends thinking 'disabled', which claude-haiku-5-5 refuses (it accepts adaptive, enabled)" in out
    assert "The table sends effort 'low', which claude-haiku-5-5 refuses (it takes high, medium)" in out
    assert code == 1 and out.rstrip().endswith("Not ready: claude-haiku-5-5 is deprecated: choose an active model before switching the guide on.")


def test_the_figures_are_the_done_events_measured() -> None:
    def done(cost: float, first: float, *, read: int = 0, fresh: int = 100, write: int = 0) -> dict[str, Any]:
        return {"cost_usd": cost, "first_word_ms": first, "input_tokens": fresh, "cache_read_tokens": read, "cache_write_tokens": write}

    conversation = [done(0.003, 900, write=19_000), done(0.001, 500, read=19_000, fresh=400), done(0.001, 700, read=19_600)]
    figures = measure([done(0.002, 800, write=19_000), {}], conversation)
    assert figures.questions == 4  # the empty one (a refusal, say) answered nothing
    assert figures.cost_per_question == pytest.approx(0.007 / 4)
    assert figures.cache_share == pytest.approx(38_600 / (38_600 + 500))
    assert figures.first_word_ms == 750


def test_the_table_row_informed_by_the_api() -> None:
    facts = ModelFacts.from_json(model_info(disabled=False, low=False))
    spec = informed(spec_for("claude-haiku-5-5"), facts)
    assert spec.context == 1_000_000 and spec.thinking_off is None and spec.effort is None
    sonnet = informed(spec_for("claude-sonnet-5-5"), ModelFacts.from_json({**model_info("claude-sonnet-5-5"), "max_input_tokens": 400_000}))
    assert sonnet.context == 400_000 and sonnet.thinking_off == {"type": "disabled"}  # between_tools refused there
    assert disagreements(spec_for("claude-haiku-5-5"), ModelFacts.from_json(model_info()), answer_tokens=700) == []


async def test_the_sidecar_reads_the_models_context_and_capabilities_at_start_and_keeps_the_table_without_them(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from docent.sidecar.app import create_app

    from .appkit import settings

    sonnet = {**model_info("claude-sonnet-5-5"), "max_input_tokens": 400_000}
    api = Anthropic(sonnet)
    app = create_app(settings(tmp_path, model="anthropic:claude-sonnet-5-5", anthropic_api_key="sk-test"))
    guide = app.state.guide
    async with httpx.AsyncClient(transport=httpx.MockTransport(api)) as client:
        await guide.prepare(client)
    assert api.seen == [("GET", "/v1/models/claude-sonnet-5-5")]
    spec = guide.model().adapter.spec
    assert spec.context == 400_000 and spec.thinking_off == {"type": "disabled"}  # what this model accepts, not the table
    await guide.aclose()

    def down(request: httpx.Request) -> httpx.Response:
        return httpx.Response(500, json={"type": "error", "error": {"type": "api_error", "message": "Internal error"}})

    app = create_app(settings(tmp_path, model="anthropic:claude-sonnet-5-5", anthropic_api_key="sk-test"))
    async with httpx.AsyncClient(transport=httpx.MockTransport(down)) as client:
        await app.state.guide.prepare(client)
    assert app.state.guide.model().adapter.spec == spec_for("claude-sonnet-5-5")  # the table, as it stands
    assert "Kept the model table's row for claude-sonnet-5-5" in caplog.text
    await app.state.guide.aclose()

    seen: list[httpx.Request] = []
    app = create_app(settings(tmp_path, model="anthropic:claude-sonnet-5-5", anthropic_api_key=None))
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda r: seen.append(r) or httpx.Response(500))) as client:
        await app.state.guide.prepare(client)
    assert seen == [] and app.state.guide.facts is None  # no key: nothing asked


def test_docent_preflight_on_the_command_line_without_a_key(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from docent.cli import main

    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    code = main(["preflight", "--model", "anthropic:claude-haiku-5-5", "--cases", str(EVALS), "--bundle", str(EVALS / "bundle.json")])
    assert code == 2 and NEEDS_KEY in capsys.readouterr().out


async def test_the_app_reads_the_model_once_as_it_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from docent.sidecar.app import create_app
    from docent.sidecar.guide import Guide

    from .appkit import settings

    started: list[Guide] = []

    async def prepare(self: Guide, client: httpx.AsyncClient | None = None) -> None:
        started.append(self)

    monkeypatch.setattr(Guide, "prepare", prepare)
    app = create_app(settings(tmp_path))
    async with app.router.lifespan_context(app):
        assert started == [app.state.guide]
    assert len(started) == 1


async def test_a_model_error_stops_the_check_saying_why_and_leaves_an_injected_client_open() -> None:
    refused = {"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}}
    lines: list[str] = []
    async with httpx.AsyncClient(transport=httpx.MockTransport(lambda _: httpx.Response(401, json=refused))) as client:
        code = await preflight("anthropic:claude-haiku-5-5", api_key="sk-test", bundle_path=EVALS / "bundle.json",
                               cases_dir=EVALS, client=client, base_url="https://api.anthropic.test", out=lines.append)
        assert not client.is_closed
    assert code == 1
    assert lines[-1].startswith("The check stopped: ANTHROPIC_API_KEY was refused") and "invalid x-api-key" in lines[-1]


def _refusing(request: httpx.Request) -> httpx.Response:
    if request.headers.get("x-api-key") == "sk-down":
        raise httpx.ConnectError("refused")
    return httpx.Response(401, json={"type": "error", "error": {"type": "authentication_error", "message": "bad key"}})


@pytest.mark.parametrize(
    ("key", "endpoint", "error", "says"),
    [
        ("sk-down", "facts", UpstreamFailed, "The Models API at https://api.anthropic.test/v1/models/claude-haiku-5-5 "
                                             "could not be read (ConnectError('refused')): check the network."),
        ("sk-down", "count", UpstreamFailed, "count_tokens at https://api.anthropic.test/v1/messages/count_tokens could "
                                             "not be reached (ConnectError('refused')): check the network."),
        ("sk-bad", "facts", Misconfigured, "ANTHROPIC_API_KEY was refused: set a valid key."),
        ("sk-bad", "count", Misconfigured, "ANTHROPIC_API_KEY was refused: set a valid key."),
    ],
)
async def test_the_models_api_and_count_tokens_fail_as_the_adapter_fails(
    key: str, endpoint: str, error: type[Exception], says: str
) -> None:
    spec = spec_for("claude-haiku-5-5")
    async with httpx.AsyncClient(transport=httpx.MockTransport(_refusing)) as client:
        asked = dict(api_key=key, client=client, base_url="https://api.anthropic.test")
        with pytest.raises(error) as failed:
            if endpoint == "facts":
                await read_facts(spec, **asked)
            else:
                await count_tokens(ModelRequest([], [], [{"role": "user", "content": "Hi?"}]), spec, **asked)
    assert str(failed.value).startswith(says)


async def test_using_lends_the_client_given_and_closes_only_one_it_made() -> None:
    from docent.sidecar.model.client import using

    async with httpx.AsyncClient() as given:
        async with using(given) as http:
            assert http is given
        assert not given.is_closed
    async with using(None) as own:
        assert not own.is_closed
    assert own.is_closed
