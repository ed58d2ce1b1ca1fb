"""The OpenAI-compatible adapter: the request converted, the chunks read back into the port's events."""

from __future__ import annotations

import json

import httpx
import pytest

from docent.sidecar.model.openai import OpenAIModel, openai_body
from docent.sidecar.model.port import (
    CutShort,
    Misconfigured,
    ModelRequest,
    ModelSpec,
    Stop,
    TextDelta,
    TimedOut,
    ToolCall,
    Unreachable,
    Usage,
)
from docent.sidecar.model.retry import Retry

from .streams import collect, replies, sse

SPEC = ModelSpec("llama3.2")
REQUEST = ModelRequest(
    system=[{"type": "text", "text": "rules"}, {"type": "text", "text": "record", "cache_control": {"type": "ephemeral"}}],
    tools=[{"name": "show_page", "description": "Open a page.", "input_schema": {"type": "object", "properties": {"id": {"type": "string"}}}}],
    messages=[
        {"role": "user", "content": [{"type": "text", "text": "<question>Where is the lab?</question>"}]},
        {"role": "assistant", "content": [{"type": "text", "text": "Here. [[lab-leak]]"}, {"type": "tool_use", "id": "call_1", "name": "show_page", "input": {"id": "lab"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "Opened Lab for the visitor."}]},
    ],
    tool_choice="none",
)


def chunks(*items: dict | str) -> bytes:
    return b"".join(f"data: {item if isinstance(item, str) else json.dumps(item)}\n\n".encode() for item in items)


# Every chunk as the openai package's ChatCompletionChunk has it (test_sdk.py holds them to it).
CHUNK = {"id": "chatcmpl-fixture", "object": "chat.completion.chunk", "created": 1764460800, "model": "llama3.2"}


def delta(**d) -> dict:
    return {**CHUNK, "choices": [{"index": 0, "delta": d, "finish_reason": None}]}


def finish(reason: str) -> dict:
    return {**CHUNK, "choices": [{"index": 0, "delta": {}, "finish_reason": reason}]}


USAGE = {**CHUNK, "choices": [], "usage": {"prompt_tokens": 900, "completion_tokens": 30, "total_tokens": 930, "prompt_tokens_details": {"cached_tokens": 800}}}


def make(handler) -> OpenAIModel:
    async def sleep(_: float) -> None:
        return None

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    return OpenAIModel(SPEC, base_url="http://localhost:11434/v1/", client=client, retry=Retry(sleep=sleep))


def test_the_request_becomes_chat_messages_and_functions():
    body = openai_body(REQUEST, SPEC)
    assert body["messages"] == [
        {"role": "system", "content": "rules\n\nrecord"},
        {"role": "user", "content": "<question>Where is the lab?</question>"},
        {"role": "assistant", "content": "Here. [[lab-leak]]", "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "show_page", "arguments": '{"id": "lab"}'}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "Opened Lab for the visitor."},
    ]
    assert body["tools"][0]["function"]["name"] == "show_page" and body["tools"][0]["function"]["parameters"]["type"] == "object"
    assert body["tool_choice"] == "none" and body["stream"] is True and body["stream_options"] == {"include_usage": True}


@pytest.mark.anyio
async def test_text_and_usage_stream_and_the_request_goes_to_chat_completions():
    handler, seen = replies(sse(chunks(delta(role="assistant", content="He led"), delta(content=" the team."), finish("stop"), USAGE, "[DONE]")))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert exc is None
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "He led the team."
    assert Usage(input_tokens=100, output_tokens=30, cache_read_tokens=800) in events
    assert events[-1] == Stop("end_turn")
    assert str(seen[0].url) == "http://localhost:11434/v1/chat/completions"


@pytest.mark.anyio
async def test_tool_fragments_join_per_index_and_a_new_id_starts_a_new_call():
    data = chunks(
        delta(tool_calls=[{"index": 0, "id": "call_a", "type": "function", "function": {"name": "show_page", "arguments": ""}}]),
        delta(tool_calls=[{"index": 0, "function": {"arguments": '{"i'}}]),
        delta(tool_calls=[{"index": 0, "function": {"arguments": 'd": "lab"}'}}]),
        delta(tool_calls=[{"index": 0, "id": "call_b", "type": "function", "function": {"name": "point_at", "arguments": '{"id": "chart"}'}}]),
        finish("tool_calls"),
        "[DONE]",
    )
    events, exc = await collect(make(replies(sse(data))[0]).stream(REQUEST))
    assert exc is None
    assert [e for e in events if isinstance(e, ToolCall)] == [
        ToolCall("call_a", "show_page", {"id": "lab"}, '{"id": "lab"}'),
        ToolCall("call_b", "point_at", {"id": "chart"}, '{"id": "chart"}'),
    ]
    assert events[-1] == Stop("tool_use")


@pytest.mark.anyio
async def test_length_and_a_stream_without_a_finish_are_cut_short():
    _, exc = await collect(make(replies(sse(chunks(delta(content="He"), finish("length"), "[DONE]")))[0]).stream(REQUEST))
    assert isinstance(exc, CutShort) and "length" in exc.message
    events, exc = await collect(make(replies(sse(chunks(delta(content="He"))))[0]).stream(REQUEST))
    assert isinstance(exc, CutShort) and [e for e in events if isinstance(e, TextDelta)] == [TextDelta("He")]


@pytest.mark.anyio
async def test_an_unknown_model_says_how_to_fix_it():
    handler, _ = replies(httpx.Response(404, json={"error": {"message": 'model "llama3.2" not found, try pulling it first'}}))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, Misconfigured) and "ollama pull" in exc.message and "not found" in exc.message


@pytest.mark.anyio
async def test_transport_failures_map_as_the_anthropic_adapter_maps_them():
    handler, seen = replies(*(httpx.ConnectError("refused") for _ in range(3)))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, Unreachable) and len(seen) == 3
    assert "The model server at http://localhost:11434/v1/chat/completions could not be reached" in exc.message
    assert "is it running?" in exc.message
    handler, _ = replies(*(httpx.ReadTimeout("slow") for _ in range(3)))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, TimedOut)
    handler, seen = replies(sse([chunks(delta(content="He"), USAGE), httpx.ReadError("reset")]))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, CutShort) and "broke off" in exc.message and len(seen) == 1
    assert [e for e in events if isinstance(e, TextDelta)] == [TextDelta("He")] and exc.billed.output_tokens == 30
