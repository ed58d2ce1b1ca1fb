"""The OpenAI-compatible adapter: the request converted, the chunks read back into the port's events."""

from __future__ import annotations

import json

import httpx
import pytest

from docent.sidecar.model.openai import OpenAIModel, ServerSaid, openai_body
from docent.sidecar.model.port import (
    CutShort,
    Misconfigured,
    ModelRequest,
    ModelSpec,
    RequestRejected,
    Stop,
    SystemRoleUnsupported,
    TextDelta,
    TimedOut,
    ToolCall,
    Unreachable,
    UpstreamFailed,
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


@pytest.mark.parametrize(
    ("response", "said"),
    [
        (httpx.Response(400, json={"error": {"message": "bad tools", "type": "invalid_request_error"}}),
         ServerSaid("bad tools", "invalid_request_error")),
        (httpx.Response(502, text="<html>Bad Gateway from the proxy</html>"),
         ServerSaid("<html>Bad Gateway from the proxy</html>")),
        (httpx.Response(503, content=b""), ServerSaid("Service Unavailable")),  # no body: its reason phrase
    ],
)
def test_an_error_answer_is_read_as_the_server_said_it(response: httpx.Response, said: ServerSaid) -> None:
    assert ServerSaid.answered(response) == said


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


def test_tool_choice_is_always_said_and_a_rejected_calls_result_stays_marked_as_an_error():
    auto = ModelRequest(system=REQUEST.system, tools=REQUEST.tools, messages=[
        *REQUEST.messages[:2],
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "call_1", "content": "No such page.", "is_error": True},
                                     {"type": "text", "text": "<question>And now?</question>"}]},
    ])
    body = openai_body(auto, SPEC)
    assert body["tool_choice"] == "auto"  # llama-cpp-python's server offers no tools without it
    assert body["messages"][-2:] == [
        {"role": "tool", "tool_call_id": "call_1", "content": "Error: No such page."},
        {"role": "user", "content": "<question>And now?</question>"},
    ]


def test_an_openai_model_sends_the_note_in_the_users_message():
    from docent.sidecar.spending.factory import Wiring, make_adapter

    adapter = make_adapter("openai:http://127.0.0.1:8080/v1#gemma", Wiring())
    assert isinstance(adapter, OpenAIModel) and adapter.spec.mid_system is False


def tool(index: int, *, id: str | None = None, name: str | None = None, args: str = "") -> dict:
    fragment: dict = {"index": index, "function": {"arguments": args}}
    if id:
        fragment.update(id=id, type="function")
        fragment["function"]["name"] = name
    return delta(tool_calls=[fragment])


@pytest.mark.anyio
async def test_each_call_is_released_in_the_chunk_that_completes_it():
    # llama.cpp's shape: parallel calls at increasing indexes, arguments in pieces, the finish long after.
    items = [
        tool(0, id="a", name="show_page"), tool(0, args='{"id": '), tool(0, args='"lab"}'),
        tool(1, id="b", name="point_at"), tool(1, args='{"id": "chart"'), tool(1, args="}"),
        tool(2, id="c", name="get_page_content", args="{}"),
        finish("tool_calls"), USAGE, "[DONE]",
    ]
    from docent.sidecar.model.openai import ChunkReader

    reader = ChunkReader(SPEC, "http://x")
    released = [[e.id for e in reader.feed(json.dumps(i) if isinstance(i, dict) else i) if isinstance(e, ToolCall)] for i in items]
    assert released == [[], [], ["a"], [], [], ["b"], ["c"], [], [], []]
    assert list(reader.end()) == [Stop("tool_use")]


@pytest.mark.anyio
async def test_a_reply_cut_at_length_keeps_its_whole_calls_and_drops_the_one_cut_mid_arguments():
    data = chunks(tool(0, id="a", name="run_experiment", args='{"id": "leak"}'), tool(1, id="b", name="point_at", args='{"id": "ch'),
                  finish("length"), USAGE, "[DONE]")
    events, exc = await collect(make(replies(sse(data))[0]).stream(REQUEST))
    assert [e for e in events if isinstance(e, ToolCall)] == [ToolCall("a", "run_experiment", {"id": "leak"}, '{"id": "leak"}')]
    assert isinstance(exc, CutShort) and "finish_reason length" in exc.message and "700 tokens" in exc.message
    assert "raise max_tokens" not in exc.message


ROLES = {"error": {"code": 400, "message": "Conversation roles must alternate user/assistant/user/assistant/...", "type": "invalid_request_error"}}
OVERFLOW = {"error": {"code": 400, "message": "the request exceeds the available context size, try increasing it",
                      "type": "exceed_context_size_error", "n_prompt_tokens": 12543, "n_ctx": 4096}}
OPENAI_OVERFLOW = {"error": {"message": "This model's maximum context length is 8192 tokens.", "type": "invalid_request_error",
                             "code": "context_length_exceeded", "param": "messages"}}


@pytest.mark.anyio
@pytest.mark.parametrize(("body", "kind", "says", "not_says"), [
    (ROLES, SystemRoleUnsupported, "the note goes in the user's message", "takes tools"),
    (OVERFLOW, Misconfigured, "12,543 tokens; the server's context is 4,096", "takes tools"),
    (OPENAI_OVERFLOW, Misconfigured, "llama-server -c", "takes tools"),
    ({"error": {"message": "tools param requires --jinja flag", "type": "not_supported_error"}}, Misconfigured, "--jinja", "Try again"),
    ({"error": {"message": "'messages' must be an array"}}, RequestRejected, "must be an array", "tools"),
])
async def test_a_400_is_mapped_by_what_the_server_said_with_its_fix(body, kind, says, not_says):
    handler, seen = replies(httpx.Response(400, json=body))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert type(exc) is kind and says in exc.message and not_says not in exc.message
    assert len(seen) == 1


@pytest.mark.anyio
async def test_an_empty_200_stream_says_the_server_failed_and_is_not_tried_again():
    handler, seen = replies(sse(b""), sse(b""), sse(b""))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, UpstreamFailed) and "empty stream" in exc.message and "log" in exc.message
    assert "try again" not in exc.message.lower() and len(seen) == 1


@pytest.mark.anyio
async def test_a_server_that_sends_no_usage_is_told_once(caplog: pytest.LogCaptureFixture):
    model = make(replies(*(sse(chunks(delta(content="He led."), finish("stop"), "[DONE]")) for _ in range(2)))[0])
    for _ in range(2):
        events, exc = await collect(model.stream(REQUEST))
        assert exc is None and not [e for e in events if isinstance(e, Usage)]
    assert model.sends_usage is False
    assert [r.message for r in caplog.records].count(next(r.message for r in caplog.records if "sends no usage" in r.message)) == 1


@pytest.mark.anyio
@pytest.mark.parametrize("adapter", ["anthropic", "openai"])
async def test_a_stream_left_after_its_first_words_closes_its_response(adapter: str):
    """A visitor gone mid-answer: the turn closes the model's stream, and the adapter its HTTP response with it."""
    from docent.sidecar.model.anthropic import AnthropicModel
    from docent.sidecar.model.models import spec_for

    from .streams import fixture

    if adapter == "anthropic":
        response = sse(fixture("text.sse"))
        client = httpx.AsyncClient(transport=httpx.MockTransport(replies(response)[0]))
        model: AnthropicModel | OpenAIModel = AnthropicModel(spec_for("claude-haiku-5-5"), api_key="sk-test", client=client)
    else:
        response = sse(chunks(delta(content="He"), delta(content=" led."), finish("stop"), "[DONE]"))
        model = make(replies(response)[0])
    stream = model.stream(REQUEST)
    async for event in stream:
        if isinstance(event, TextDelta) and event.text:
            break
    assert not response.is_closed
    await stream.aclose()
    assert response.is_closed
