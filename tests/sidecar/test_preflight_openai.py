"""`docent preflight --model openai:…` and the start-up check, against a llama-server's answers.

The server answers each path and kind of request as llama.cpp's server does: its model list, its /props (each
slot's context, its template's caps), a tool-call stream, a refusal of a system message mid-conversation, and a
streamed answer with usage (chunks in the openai SDK's shape, as test_sdk.py holds them).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from docent.sidecar.operator.preflight import preflight

from .model.streams import sse
from .model.test_openai import USAGE, chunks, delta, finish, tool

EVALS = Path(__file__).resolve().parents[1] / "evals"
RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "openai"
URL = "http://127.0.0.1:8091/v1"
MODEL = f"openai:{URL}#gemma-3-270m"


PROPS = {"default_generation_settings": {"n_ctx": 32768, "params": {}}, "total_slots": 1, "model_alias": "gemma-3-270m",
         "chat_template_caps": {"supports_tools": True, "supports_tool_calls": True, "supports_system_role": True}}
MODELS = {"object": "list", "data": [{"id": "gemma-3-270m", "object": "model", "created": 1764460800, "owned_by": "llamacpp"}]}
ROLES = {"error": {"code": 400, "message": "Conversation roles must alternate user/assistant/user/assistant/...",
                   "type": "invalid_request_error"}}
CALLS = [tool(0, id="a", name="show_page", args='{"id": '), tool(0, args='"lab"}'), finish("tool_calls"), USAGE, "[DONE]"]
WORDS = [delta(role="assistant", content="She rebuilt"), delta(content=" the flow. [[cases-3ds]]"), finish("stop"), USAGE, "[DONE]"]


def recorded_json(name: str) -> Any:
    return {"props": PROPS, "models": MODELS}[name]


def response(name: str) -> httpx.Response:
    if name == "roles":
        return httpx.Response(400, json=ROLES)
    return sse(chunks(*(CALLS if name == "calls" else WORDS)))


class LlamaServer:
    """The recorded server: each path and kind of request answered as the real one answered it."""

    def __init__(self, *, props: dict[str, Any] | None = None, tools: str = "calls") -> None:
        self.props = props if props is not None else recorded_json("props")
        self.tools = tools
        self.seen: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.seen.append(request.url.path)
        if request.url.path == "/v1/models":
            return httpx.Response(200, json=recorded_json("models"))
        if request.url.path == "/props":
            return httpx.Response(200, json=self.props)
        body = json.loads(request.content)
        if body.get("tool_choice") == "required":
            return response(self.tools)
        if [m["role"] for m in body["messages"]].count("system") > 1:
            return response("roles")
        return response("words")


async def run(server: LlamaServer, tmp_path: Path, *, cases: Path | None = None) -> tuple[int, str]:
    said: list[str] = []
    async with httpx.AsyncClient(transport=httpx.MockTransport(server)) as client:
        code = await preflight(MODEL, api_key=None, bundle_path=EVALS / "bundle.json", cases_dir=cases or tmp_path,
                               client=client, out=said.append)
    return code, "\n".join(said)


@pytest.mark.anyio
async def test_preflight_reads_the_server_and_prints_what_it_measured(tmp_path: Path) -> None:
    server = LlamaServer()
    code, out = await run(server, tmp_path)
    context = recorded_json("props")["default_generation_settings"]["n_ctx"]
    assert f"a context of {context:,} tokens a slot; its chat template declares tools" in out
    assert "Tool calls: streamed (" in out
    assert "refuses a system message mid-conversation" in out
    assert "the first word after" in out and "tokens a second" in out
    assert "Cost: $0" in out
    # The example's prompt with a conversation of twelve questions needs more than Gemma 3 270M's 32k.
    assert "Warning: the server's context" in out and "-c 4" in out
    assert code == 0 and "Ready: switch the guide on with DOCENT_MODEL=" + MODEL in out


@pytest.mark.anyio
async def test_a_server_that_drops_the_tools_or_is_too_small_is_not_ready_and_says_what_to_change(tmp_path: Path) -> None:
    props = recorded_json("props")
    small = {**props, "default_generation_settings": {**props["default_generation_settings"], "n_ctx": 4096},
             "chat_template_caps": {"supports_tools": False}}
    code, out = await run(LlamaServer(props=small, tools="words"), tmp_path)
    assert code == 1 and "\nNot ready:\n" in out
    assert "the server streams no tool calls: with llama-server, start it with --jinja" in out
    assert "the server's context (4,096) is smaller than the prompt" in out and "start it with -c " in out
    # A template that takes tools passed them on: a model that still calls none is the model's fault.
    code, out = await run(LlamaServer(tools="words"), tmp_path)
    assert code == 1 and "the model called no tool even when told to" in out and "--jinja" not in out


@pytest.mark.anyio
async def test_a_server_that_does_not_answer_is_not_ready(tmp_path: Path) -> None:
    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")

    said: list[str] = []
    async with httpx.AsyncClient(transport=httpx.MockTransport(down)) as client:
        code = await preflight(MODEL, api_key=None, bundle_path=EVALS / "bundle.json", cases_dir=tmp_path,
                               client=client, out=said.append)
    assert code == 1 and "is the server running, on that address?" in "\n".join(said)
    assert "Not ready: start the server first" in "\n".join(said)


@pytest.mark.anyio
async def test_the_sidecar_asks_the_server_at_start(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    from docent.sidecar.app import create_app

    from .appkit import settings

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("refused")

    app = create_app(settings(tmp_path, model=MODEL))
    async with httpx.AsyncClient(transport=httpx.MockTransport(down)) as client:
        await app.state.guide.prepare(client)
    assert "The model server does not answer" in caplog.text and "docent preflight --model" in caplog.text
    assert app.state.guide.model().degraded() == "model_down"  # the status says so until a call gets through
    await app.state.guide.aclose()

    props = recorded_json("props")
    small = {**props, "default_generation_settings": {**props["default_generation_settings"], "n_ctx": 4096}}
    app = create_app(settings(tmp_path, model=MODEL))
    async with httpx.AsyncClient(transport=httpx.MockTransport(LlamaServer(props=small))) as client:
        await app.state.guide.prepare(client)
    assert "The model server's context is 4096 tokens" in caplog.text
    assert app.state.guide.model().degraded() is None
    await app.state.guide.aclose()


class RecordedServer:
    """The real llama-server as recorded (tests/fixtures/openai): Gemma 3 270M's tool calls under tool_choice required
    (five, then cut at length), the template's 400 for a system message mid-conversation, and, for the question on the
    site's prompt, the answer it gave (`text_length`: it runs on to the allowance, cut at length)."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        if request.url.path in ("/v1/models", "/props"):
            name = "models" if request.url.path == "/v1/models" else "props"
            return httpx.Response(200, json=json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8")))
        body = json.loads(request.content)
        if body.get("tool_choice") == "required":
            return sse((RECORDED / "tool_calls_length.sse").read_bytes())
        if [m["role"] for m in body["messages"]].count("system") > 1:
            said = json.loads((RECORDED / "roles.json").read_text(encoding="utf-8"))
            return httpx.Response(said["status"], json=said["body"])
        return sse((RECORDED / "text_length.sse").read_bytes())


@pytest.mark.anyio
async def test_preflight_on_the_recorded_server_measures_an_answer_cut_at_its_allowance(tmp_path: Path) -> None:
    """A small model runs on to the answer's allowance: the time to the first word and the speed are still printed."""
    said: list[str] = []
    async with httpx.AsyncClient(transport=httpx.MockTransport(RecordedServer())) as client:
        code = await preflight(MODEL, api_key=None, bundle_path=EVALS / "bundle.json", cases_dir=tmp_path,
                               client=client, out=said.append)
    out = "\n".join(said)
    assert "Tool calls: streamed (reset_leak({" in out and "refuses a system message mid-conversation" in out
    assert "It was cut short, an answer that ran on to its 700 tokens" in out
    billed = [json.loads(line[5:]) for line in (RECORDED / "text_length.sse").read_text(encoding="utf-8").splitlines()
              if line.startswith("data:") and "usage" in line][-1]["usage"]
    assert "the first word after" in out and "tokens a second" in out
    assert f"{billed['completion_tokens']} tokens out, {billed['prompt_tokens']:,} in." in out
    assert code == 0  # no evals given here, and a context that holds the prompt: only the warning for a long conversation


@pytest.mark.anyio
async def test_a_refusal_with_no_body_is_named_by_its_reason_phrase_as_the_adapter_names_it() -> None:
    from docent.sidecar.model.openai import OpenAIModel
    from docent.sidecar.model.port import ModelSpec
    from docent.sidecar.operator.preflight_openai import _raw

    client = httpx.AsyncClient(transport=httpx.MockTransport(lambda request: httpx.Response(503, content=b"")))
    model = OpenAIModel(ModelSpec("gemma-3-270m"), base_url=URL, client=client)
    status, events, exc = await _raw(model, {"model": "gemma-3-270m", "messages": [], "stream": True})
    assert (status, events) == (503, [])
    assert exc is not None and "Service Unavailable" in exc.message
