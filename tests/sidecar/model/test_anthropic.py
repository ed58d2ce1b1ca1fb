"""The Anthropic adapter against streams in the API's recorded shapes, fed in chosen byte chunks."""

from __future__ import annotations

import json

import httpx
import pytest

from docent.sidecar.model.anthropic import AnthropicModel
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import (
    CutShort,
    Misconfigured,
    ModelRequest,
    Overloaded,
    RateLimited,
    Refused,
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
from docent.sidecar.model.wire import anthropic_body

from .streams import REQUEST, collect, fixture, replies, sse

HAIKU = spec_for("claude-haiku-5-5")


def make(handler, *, slept: list[float] | None = None, spec=HAIKU) -> AnthropicModel:
    async def sleep(seconds: float) -> None:
        (slept if slept is not None else []).append(seconds)

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    return AnthropicModel(spec, api_key="sk-test", client=client, retry=Retry(sleep=sleep, jitter=lambda: 0.0))


def text(events) -> str:
    return "".join(e.text for e in events if isinstance(e, TextDelta))


def last_usage(events) -> Usage:
    return [e for e in events if isinstance(e, Usage)][-1]


@pytest.mark.anyio
async def test_text_stream_gives_deltas_usage_and_stop_and_sends_the_headers():
    handler, seen = replies(sse(fixture("text.sse")))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert exc is None
    assert text(events) == "He led the platform team. [[roles-acme]]"
    assert last_usage(events) == Usage(input_tokens=2095, output_tokens=15, cache_read_tokens=18000)
    assert events[-1] == Stop("end_turn")
    request = seen[0]
    assert request.url == "https://api.anthropic.com/v1/messages"
    assert request.headers["x-api-key"] == "sk-test"
    assert request.headers["anthropic-version"] == "2023-06-01"
    assert json.loads(request.content) == anthropic_body(REQUEST, HAIKU)


@pytest.mark.anyio
@pytest.mark.parametrize("size", [1, 3, 7, 64])
async def test_any_chunking_and_crlf_give_the_same_events(size):
    data = fixture("tool_use.sse")
    whole, _ = await collect(make(replies(sse(data))[0]).stream(REQUEST))
    chunks = [data[i : i + size] for i in range(0, len(data), size)]
    split, _ = await collect(make(replies(sse(chunks))[0]).stream(REQUEST))
    crlf = data.replace(b"\n", b"\r\n")
    crlf_chunks = [crlf[i : i + size] for i in range(0, len(crlf), size)]
    crlf_events, _ = await collect(make(replies(sse(crlf_chunks))[0]).stream(REQUEST))
    assert whole == split == crlf_events


@pytest.mark.anyio
async def test_a_tool_input_split_mid_key_becomes_one_complete_call():
    events, exc = await collect(make(replies(sse(fixture("tool_use.sse")))[0]).stream(REQUEST))
    assert exc is None
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert calls == [ToolCall("toolu_01Fixture", "show_page", {"id": "lab"}, '{"id": "lab"}')]
    assert text(events) == "The lab shows it. [[lab-leak]]"
    assert events[-1] == Stop("tool_use")
    assert last_usage(events).cache_write_tokens == 19000


@pytest.mark.anyio
async def test_pings_thinking_and_unknown_events_are_ignored():
    events, exc = await collect(make(replies(sse(fixture("unknown_event.sse")))[0]).stream(REQUEST))
    assert exc is None
    assert text(events) == "Fine."
    assert events[-1] == Stop("end_turn")


@pytest.mark.anyio
async def test_a_refusal_raises_refused_with_what_was_billed():
    events, exc = await collect(make(replies(sse(fixture("refusal.sse")))[0]).stream(REQUEST))
    assert isinstance(exc, Refused)
    assert exc.billed.output_tokens == 3 and exc.billed.input_tokens == 2095
    assert not any(isinstance(e, Stop) for e in events)


@pytest.mark.anyio
async def test_max_tokens_without_a_block_stop_drops_the_cut_call_then_cuts_short():
    events, exc = await collect(make(replies(sse(fixture("max_tokens.sse")))[0]).stream(REQUEST))
    assert text(events) == "Opening the lab."
    assert not [e for e in events if isinstance(e, ToolCall)]  # half a call is no call: nothing acts on '{"id": "la'
    assert isinstance(exc, CutShort)
    assert "max_tokens" in exc.message
    assert exc.billed.output_tokens == 700


CUT_BLOCK_STOP = b'event: content_block_stop\ndata: {"type":"content_block_stop","index":2}\n\n'


@pytest.mark.anyio
@pytest.mark.parametrize("stopped", [False, True], ids=["no block stop", "block stop"])
async def test_max_tokens_after_a_whole_call_keeps_it_and_drops_the_cut_one(stopped: bool):
    """The whole call is released at its block stop, before the cut; the call max_tokens cut is never released,
    whether its block got a stop (with fine-grained streaming the API does not check the JSON) or not."""
    data = fixture("max_tokens_after_call.sse")
    if stopped:
        data = data.replace(b"event: message_delta", CUT_BLOCK_STOP + b"event: message_delta")
    events, exc = await collect(make(replies(sse(data))[0]).stream(REQUEST))
    assert [e for e in events if isinstance(e, ToolCall)] == [ToolCall("toolu_01Whole", "show_page", {"id": "lab"}, '{"id": "lab"}')]
    assert isinstance(exc, CutShort) and exc.billed.output_tokens == 700
    assert not any(isinstance(e, Stop) for e in events)


@pytest.mark.anyio
async def test_a_broken_call_the_model_finished_is_passed_on_for_the_turn_to_refuse():
    """Not cut: the same half call with stop reason tool_use is the model's broken call, kept (input None)."""
    data = fixture("max_tokens_after_call.sse").replace(b"event: message_delta", CUT_BLOCK_STOP + b"event: message_delta")
    data = data.replace(b'"stop_reason":"max_tokens"', b'"stop_reason":"tool_use"')
    events, exc = await collect(make(replies(sse(data))[0]).stream(REQUEST))
    assert exc is None
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert calls == [ToolCall("toolu_01Whole", "show_page", {"id": "lab"}, '{"id": "lab"}'),
                     ToolCall("toolu_01Cut", "point_at", None, '{"id": "la')]
    assert events[-1] == Stop("tool_use")


@pytest.mark.anyio
async def test_an_overloaded_error_after_output_is_raised_with_billing_and_not_retried():
    handler, seen = replies(sse(fixture("overloaded.sse")), sse(fixture("text.sse")))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert text(events) == "He led"
    assert isinstance(exc, Overloaded) and exc.retryable
    assert exc.billed.input_tokens == 2095
    assert len(seen) == 1


@pytest.mark.anyio
async def test_an_overloaded_error_before_output_is_retried_and_its_billing_carried():
    slept: list[float] = []
    handler, seen = replies(sse(fixture("overloaded_first.sse")), sse(fixture("text.sse")))
    events, exc = await collect(make(handler, slept=slept).stream(REQUEST))
    assert exc is None and len(seen) == 2
    assert text(events) == "He led the platform team. [[roles-acme]]"
    # both attempts read the prompt; the last usage counts both
    assert last_usage(events).input_tokens == 2 * 2095
    assert slept == [0.5]


@pytest.mark.anyio
async def test_u2028_and_other_unicode_separators_inside_json_are_kept():
    events, exc = await collect(make(replies(sse(fixture("u2028.sse")))[0]).stream(REQUEST))
    assert exc is None
    assert text(events) == "Line one\u2028line two. [[roles-acme]]"
    call = next(e for e in events if isinstance(e, ToolCall))
    assert call.input == {"question": "Which?\u2028\u2029", "options": ["a\u0085b"]}


@pytest.mark.anyio
async def test_multibyte_characters_split_across_chunks_decode_whole():
    data = fixture("multibyte.sse")
    at = data.index("🙂".encode()) + 2  # inside the emoji's four bytes
    at2 = data.index("é".encode()) + 1
    chunks = [data[:at2], data[at2:at], data[at:]]
    events, exc = await collect(make(replies(sse(chunks))[0]).stream(REQUEST))
    assert exc is None
    assert text(events) == "Café — naïve résumé 日本 🙂. [[roles-acme]]"


@pytest.mark.anyio
async def test_a_stream_that_ends_without_message_stop_is_cut_short():
    events, exc = await collect(make(replies(sse(fixture("truncated.sse")))[0]).stream(REQUEST))
    assert text(events) == "He led the"
    assert isinstance(exc, CutShort) and "message_stop" in exc.message
    assert exc.billed.input_tokens == 2095


def error_response(status: int, kind: str, message: str, **headers: str) -> httpx.Response:
    body = {"type": "error", "error": {"type": kind, "message": message}, "request_id": "req_1"}
    return httpx.Response(status, json=body, headers=headers)


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("status", "kind", "message", "error", "says"),
    [
        (400, "invalid_request_error", "messages: bad", RequestRejected, "messages: bad"),
        (400, "invalid_request_error", "role 'system' is not supported on this model", SystemRoleUnsupported, "system-reminder"),
        (401, "authentication_error", "invalid x-api-key", Misconfigured, "ANTHROPIC_API_KEY was refused: set a valid key"),
        (403, "permission_error", "no access", Misconfigured, "ANTHROPIC_API_KEY was refused"),
        (404, "not_found_error", "model: claude-haiku-5-5", Misconfigured, "DOCENT_MODEL"),
        (413, "request_too_large", "too large", RequestRejected, "too large"),
    ],
)
async def test_http_errors_that_a_retry_cannot_help_map_at_once(status, kind, message, error, says):
    handler, seen = replies(error_response(status, kind, message))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert type(exc) is error and not exc.retryable
    assert says in exc.message
    assert events == [] and len(seen) == 1


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("status", "kind", "error"),
    [(429, "rate_limit_error", RateLimited), (500, "api_error", UpstreamFailed), (529, "overloaded_error", Overloaded)],
)
async def test_retryable_http_errors_are_tried_three_times_then_raised(status, kind, error):
    slept: list[float] = []
    handler, seen = replies(*(error_response(status, kind, "busy") for _ in range(3)))
    events, exc = await collect(make(handler, slept=slept).stream(REQUEST))
    assert type(exc) is error and exc.retryable
    assert len(seen) == 3 and slept == [0.5, 1.0]
    assert events == []


@pytest.mark.anyio
async def test_retry_after_is_honoured_within_a_minute_and_ignored_beyond():
    slept: list[float] = []
    handler, seen = replies(
        error_response(429, "rate_limit_error", "slow down", **{"retry-after": "7"}),
        error_response(429, "rate_limit_error", "slow down", **{"retry-after": "3600"}),
        sse(fixture("text.sse")),
    )
    events, exc = await collect(make(handler, slept=slept).stream(REQUEST))
    assert exc is None and slept == [7.0, 1.0]


@pytest.mark.anyio
async def test_a_429_carries_retry_after_and_x_should_retry_false_stops_retries():
    handler, seen = replies(error_response(429, "rate_limit_error", "spend cap", **{"retry-after": "12", "x-should-retry": "false"}))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, RateLimited) and exc.retry_after == 12.0 and not exc.retryable
    assert len(seen) == 1


@pytest.mark.anyio
async def test_connect_errors_are_unreachable_and_read_timeouts_timed_out():
    handler, seen = replies(*(httpx.ConnectError("refused") for _ in range(3)))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, Unreachable) and isinstance(exc.__cause__, httpx.ConnectError)
    assert "Anthropic at https://api.anthropic.com/v1/messages could not be reached" in exc.message
    handler, _ = replies(*(httpx.ReadTimeout("slow") for _ in range(3)))
    _, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, TimedOut) and "went silent" in exc.message


@pytest.mark.anyio
async def test_a_connection_broken_after_output_is_cut_short_with_billing_and_not_retried():
    data = fixture("text.sse")
    broken = data[: data.index(b"event: content_block_stop")]
    handler, seen = replies(sse([broken, httpx.ReadError("reset")]), sse(data))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, CutShort) and "broke off" in exc.message and isinstance(exc.__cause__, httpx.ReadError)
    assert text(events) == "He led the platform team. [[roles-acme]]"
    assert exc.billed.input_tokens == 2095 and len(seen) == 1


def test_the_body_carries_caching_effort_thinking_and_tool_choice_per_the_table():
    request = ModelRequest(system=REQUEST.system, tools=REQUEST.tools, messages=REQUEST.messages, tool_choice="none")
    body = anthropic_body(request, HAIKU)
    assert list(body) == [
        "model", "max_tokens", "system", "tools", "tool_choice", "messages", "thinking", "output_config", "cache_control", "stream",
    ]
    assert body["model"] == "claude-haiku-5-5" and body["max_tokens"] == 700
    assert body["system"][-1]["cache_control"] == {"type": "ephemeral"}
    assert body["tool_choice"] == {"type": "none"}
    assert body["thinking"] == {"type": "disabled"} and body["output_config"] == {"effort": "low"}
    assert body["cache_control"] == {"type": "ephemeral"} and body["stream"] is True
    assert anthropic_body(REQUEST, spec_for("claude-sonnet-5-5"))["thinking"] == {"type": "between_tools"}
    legacy = anthropic_body(REQUEST, spec_for("claude-haiku-4-5"))
    assert "tool_choice" not in legacy and "output_config" not in legacy and "thinking" not in legacy


@pytest.mark.anyio
@pytest.mark.parametrize("size", [5, 4096])
async def test_thinking_and_redacted_thinking_blocks_come_whole_with_their_signature_in_order(size):
    from docent.sidecar.model.port import Thinking

    from . import sdk

    data = sdk.thinking_then_tool()
    handler, _ = replies(sse([data[i : i + size] for i in range(0, len(data), size)]))
    events, exc = await collect(make(handler, spec=spec_for("claude-sonnet-5-5")).stream(REQUEST))
    assert exc is None
    blocks = [e for e in events if isinstance(e, (Thinking, TextDelta, ToolCall))]
    assert blocks[0] == Thinking({"type": "thinking", "thinking": "The visitor asks where the leak chart is.", "signature": sdk.SIGNATURE})
    assert blocks[1] == Thinking({"type": "redacted_thinking", "data": sdk.REDACTED})
    assert text(events) == "The chart is in the lab. [[lab-leak]] "
    assert blocks[-1] == ToolCall("toolu_fixture_1", "show_page", {"id": "lab"}, '{"id": "lab"}')
    assert events[-1] == Stop("tool_use")


@pytest.mark.anyio
async def test_a_refusal_made_from_the_sdks_models_is_refused():
    from . import sdk

    handler, _ = replies(sse(sdk.refusal()))
    events, exc = await collect(make(handler).stream(REQUEST))
    assert isinstance(exc, Refused) and exc.billed.output_tokens == 3
