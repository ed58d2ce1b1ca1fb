"""The official SDKs as the referee: every body the turn builds and every stream fixture, checked against their types.

`anthropic` and `openai` are dev dependencies only; the adapters stay our own. The SDKs' request types are
TypedDicts, which pydantic validates without refusing unknown keys, so the keys are checked apart; and their
`Iterable` fields validate lazily, so every one is read through (`force`) for its items to be checked at all.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from anthropic.types import (
    ErrorResponse,
    RawMessageStreamEvent,
    RedactedThinkingBlockParam,
    TextBlockParam,
    ThinkingBlockParam,
    ToolParam,
    ToolResultBlockParam,
    ToolUseBlockParam,
)
from anthropic.types.message_create_params import MessageCreateParamsStreaming
from openai.types.chat import ChatCompletionChunk
from openai.types.chat.completion_create_params import CompletionCreateParamsStreaming
from pydantic import TypeAdapter

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Card
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import MODELS
from docent.sidecar.model.openai import openai_body
from docent.sidecar.model.port import ModelRequest, ModelSpec
from docent.sidecar.model.replay import ReplayModel
from docent.sidecar.model.wire import anthropic_body

from . import sdk
from .streams import FIXTURES
from .test_openai import USAGE, delta, finish

BUNDLE = Bundle.load(Path(__file__).resolve().parents[2] / "evals" / "bundle.json")
ANTHROPIC_REQUEST = TypeAdapter(MessageCreateParamsStreaming)
ANTHROPIC_KEYS = MessageCreateParamsStreaming.__required_keys__ | MessageCreateParamsStreaming.__optional_keys__
OPENAI_REQUEST = TypeAdapter(CompletionCreateParamsStreaming)
OPENAI_KEYS = CompletionCreateParamsStreaming.__required_keys__ | CompletionCreateParamsStreaming.__optional_keys__
STREAM_EVENT = TypeAdapter(RawMessageStreamEvent)
ROWS = [spec for spec in MODELS.values() if not spec.offline]
LEADING = "[[roles-alderway-leading]]"
BLOCKS: dict[str, Any] = {
    "text": TextBlockParam, "tool_use": ToolUseBlockParam, "tool_result": ToolResultBlockParam,
    "thinking": ThinkingBlockParam, "redacted_thinking": RedactedThinkingBlockParam,
}


def _keys(kind: Any) -> set[str]:
    return set(kind.__required_keys__ | kind.__optional_keys__)


def force(value: Any) -> Any:
    """A validated value read through: pydantic checks an `Iterable` field's items only as they are read."""
    if isinstance(value, dict):
        return {key: force(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)) or type(value).__name__ == "ValidatorIterator":
        return [force(item) for item in value]
    return value


def closed_anthropic(body: dict[str, Any]) -> None:
    """No key the SDK's types do not have: at the top, on each tool, and on every content block."""
    assert set(body) <= ANTHROPIC_KEYS, set(body) - ANTHROPIC_KEYS
    for tool in body.get("tools", []):
        assert set(tool) <= _keys(ToolParam), set(tool) - _keys(ToolParam)
    blocks = list(body.get("system", []))
    for message in body["messages"]:
        blocks += message["content"] if isinstance(message["content"], list) else []
    for block in blocks:
        assert set(block) <= _keys(BLOCKS[block["type"]]), (block["type"], set(block) - _keys(BLOCKS[block["type"]]))

# A conversation that reaches every shape a body takes: the note (a system message or a reminder), thinking
# blocks sent back, a tool loop, an error result, a card and its answer, and the last call's tool_choice none.
SCRIPT = [
    {"question": "chart", "calls": [
        [{"thinking": "Where is the chart?", "signature": "sig-1=="}, {"redacted_thinking": "opaque=="},
         {"text": "The lab has a heap that leaks. [[lab-leak]] "}, {"tool": "show_page", "input": {"id": "lab"}},
         {"tool": "point_at", "input": {"id": "no-such-part"}}],
        [{"tool": "get_page_content", "input": {}}],
        [{"text": "It draws the heap in two generations. [[lab-leak]]"}],
    ]},
    {"question": "look at", "calls": [
        [{"text": f"She has cases and a lab. {LEADING} "},
         {"tool": "offer_choices", "input": {"question": "Which first?", "options": ["Cases", "Lab"]}}],
        [{"text": "The lab has a heap that leaks. [[lab-leak]]"}],
    ]},
]


async def _requests(spec: ModelSpec, tmp_path: Path) -> list[ModelRequest]:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": SCRIPT}), encoding="utf-8")
    # Keeps each request; the script answers.
    model = HandlerModel(ReplayModel(script, spec=spec).stream, spec=spec)
    conversation = Conversation("token", time.time())
    screen = {"page": "home", "text": "Mara Lindqvist payments"}

    async def ask(ask: Ask) -> list[Any]:
        turn = Turn(bundle=BUNDLE, model=model, policy=AnswerPolicy())
        return [event async for event in turn.run(conversation, ask)]

    await ask(Ask(question="Where is the leak chart?", screen=screen, failed=[{"tool": "point_at", "id": "leak-chart", "reason": "not_found"}]))
    events = await ask(Ask(question="What should I look at?", screen={"page": "lab"}))
    card = next(e for e in events if isinstance(e, Card))
    await ask(Ask(reply={"call": card.call, "pick": "Lab"}, screen={"page": "lab"}))
    assert len(model.requests) == 5
    return model.requests


@pytest.mark.anyio
@pytest.mark.parametrize("spec", ROWS, ids=[spec.id for spec in ROWS])
async def test_every_body_the_turn_builds_for_every_model_row_is_a_valid_anthropic_request(spec: ModelSpec, tmp_path: Path) -> None:
    for request in await _requests(spec, tmp_path):
        body = anthropic_body(request, spec)
        closed_anthropic(body)
        force(ANTHROPIC_REQUEST.validate_python(body))
        # What the SDK's ThinkingBlockParam says: a block sent back is the block that came.
        for message in body["messages"]:
            for block in message["content"] if isinstance(message["content"], list) else ():
                if block["type"] in ("thinking", "redacted_thinking"):
                    assert block in ({"type": "thinking", "thinking": "Where is the chart?", "signature": "sig-1=="},
                                     {"type": "redacted_thinking", "data": "opaque=="})


@pytest.mark.anyio
async def test_every_body_the_turn_builds_is_a_valid_openai_request_too(tmp_path: Path) -> None:
    spec = ModelSpec("llama3.2")
    for request in await _requests(spec, tmp_path):
        body = openai_body(request, spec)
        assert set(body) <= OPENAI_KEYS, set(body) - OPENAI_KEYS
        force(OPENAI_REQUEST.validate_python(body))


def _events(data: bytes) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for frame in data.decode("utf-8").replace("\r\n", "\n").split("\n\n"):
        lines = [line for line in frame.split("\n") if line]
        if not lines:
            continue
        name = next(line[len("event:"):].strip() for line in lines if line.startswith("event:"))
        payload = "\n".join(line[len("data:"):].lstrip() for line in lines if line.startswith("data:"))
        out.append((name, json.loads(payload)))
    return out


STREAM_TYPES = {"message_start", "message_delta", "message_stop", "content_block_start", "content_block_delta", "content_block_stop"}
SDK_MADE = {"sdk:thinking_then_tool": sdk.thinking_then_tool(), "sdk:refusal": sdk.refusal()}


@pytest.mark.parametrize("name", [*sorted(p.name for p in FIXTURES.glob("*.sse")), *SDK_MADE])
def test_every_stream_fixture_is_what_the_sdk_says_the_api_sends(name: str) -> None:
    data = SDK_MADE.get(name) or (FIXTURES / name).read_bytes()
    events = _events(data)
    assert events
    for event, payload in events:
        if event in STREAM_TYPES:
            assert payload["type"] == event
            STREAM_EVENT.validate_python(payload)
        elif event == "error":
            ErrorResponse.model_validate(payload)
        elif event == "ping":
            assert payload == {"type": "ping"}
        else:
            assert name == "unknown_event.sse", event  # the one fixture of an event type from the future


def test_the_openai_stream_fixtures_are_chat_completion_chunks() -> None:
    chunks = [delta(role="assistant", content="He"), delta(content=" led."), finish("stop"), finish("tool_calls"), USAGE,
              delta(tool_calls=[{"index": 0, "id": "call_a", "type": "function", "function": {"name": "show_page", "arguments": ""}}]),
              delta(tool_calls=[{"index": 0, "function": {"arguments": '{"id": "lab"}'}}])]
    for chunk in chunks:
        ChatCompletionChunk.model_validate(chunk)


RECORDED = FIXTURES.parent / "openai"


@pytest.mark.parametrize("name", sorted(p.name for p in RECORDED.glob("*.sse")))
def test_every_chunk_recorded_from_a_real_server_is_a_chat_completion_chunk(name: str) -> None:
    """llama-server's streams (`make local-model-record`): each `data:` line, as the openai SDK's types have it."""
    lines = [line[5:].strip() for line in (RECORDED / name).read_text(encoding="utf-8").splitlines() if line.startswith("data:")]
    assert lines and lines[-1] == "[DONE]"
    for line in lines[:-1]:
        ChatCompletionChunk.model_validate_json(line)


def test_every_request_recorded_for_a_real_server_is_a_valid_openai_request() -> None:
    for path in sorted(RECORDED.glob("*.request.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        assert set(body) <= OPENAI_KEYS, (path.name, set(body) - OPENAI_KEYS)
        force(OPENAI_REQUEST.validate_python(body))


def test_the_referee_refuses_what_the_api_would() -> None:
    """The checks above can fail: a thinking block without its signature, or a key the API does not know."""
    body = {"model": "claude-sonnet-5-5", "max_tokens": 700, "stream": True,
            "messages": [{"role": "assistant", "content": [{"type": "thinking", "thinking": "x"}]}]}
    with pytest.raises(ValueError):
        force(ANTHROPIC_REQUEST.validate_python(body))
    body["messages"] = [{"role": "user", "content": [{"type": "text", "text": "hi", "citation": "x"}]}]
    with pytest.raises(AssertionError):
        closed_anthropic(body)
    with pytest.raises(AssertionError):
        closed_anthropic({**body, "messages": [], "temperature_max": 1})
