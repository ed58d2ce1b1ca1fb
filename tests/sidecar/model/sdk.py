"""Streams and bodies made from the official `anthropic` SDK's own models: the referee of our adapter's shapes.

The SDK is a dev dependency only; the adapter stays our own. What these helpers make is what the SDK's types
say the API sends, so a fixture made here cannot drift from the API's documented shape.
"""

from __future__ import annotations

from typing import Any

from anthropic.types import (
    InputJSONDelta,
    Message,
    MessageDeltaUsage,
    RawContentBlockDeltaEvent,
    RawContentBlockStartEvent,
    RawContentBlockStopEvent,
    RawMessageDeltaEvent,
    RawMessageStartEvent,
    RawMessageStopEvent,
    RedactedThinkingBlock,
    SignatureDelta,
    TextBlock,
    TextDelta,
    ThinkingBlock,
    ThinkingDelta,
    ToolUseBlock,
    Usage,
)
from anthropic.types.raw_message_delta_event import Delta
from pydantic import BaseModel

SIGNATURE = "EqQBCkgIBxABGAIiQL-fixture-signature-not-a-real-one=="
REDACTED = "EmwKAhgBEgy3va3pzix-fixture-redacted-data-not-real=="


def frames(events: list[BaseModel]) -> bytes:
    """Events as the API writes them: `event: <type>` and the model's JSON on one `data:` line."""
    out = b""
    for event in events:
        data = event.model_dump_json(exclude_none=True)
        out += f"event: {event.type}\ndata: {data}\n\n".encode()  # type: ignore[attr-defined]
    return out


def start(model: str = "claude-sonnet-5-5", *, input_tokens: int = 2100, cache_read: int = 19000) -> RawMessageStartEvent:
    usage = Usage(input_tokens=input_tokens, output_tokens=1, cache_read_input_tokens=cache_read, cache_creation_input_tokens=0)
    message = Message(id="msg_fixture", type="message", role="assistant", model=model, content=[], usage=usage,
                      stop_reason=None, stop_sequence=None)
    return RawMessageStartEvent(type="message_start", message=message)


def thinking(index: int, pieces: list[str], signature: str = SIGNATURE) -> list[BaseModel]:
    """A thinking block: an empty start, its deltas, one signature delta, the stop."""
    events: list[BaseModel] = [RawContentBlockStartEvent(
        type="content_block_start", index=index, content_block=ThinkingBlock(type="thinking", thinking="", signature="")
    )]
    events += [RawContentBlockDeltaEvent(type="content_block_delta", index=index, delta=ThinkingDelta(type="thinking_delta", thinking=p))
               for p in pieces]
    events.append(RawContentBlockDeltaEvent(type="content_block_delta", index=index,
                                            delta=SignatureDelta(type="signature_delta", signature=signature)))
    events.append(RawContentBlockStopEvent(type="content_block_stop", index=index))
    return events


def redacted(index: int, data: str = REDACTED) -> list[BaseModel]:
    """A redacted_thinking block: it arrives whole, with no deltas."""
    block = RedactedThinkingBlock(type="redacted_thinking", data=data)
    return [RawContentBlockStartEvent(type="content_block_start", index=index, content_block=block),
            RawContentBlockStopEvent(type="content_block_stop", index=index)]


def text(index: int, pieces: list[str]) -> list[BaseModel]:
    events: list[BaseModel] = [RawContentBlockStartEvent(type="content_block_start", index=index,
                                                         content_block=TextBlock(type="text", text=""))]
    events += [RawContentBlockDeltaEvent(type="content_block_delta", index=index, delta=TextDelta(type="text_delta", text=p))
               for p in pieces]
    events.append(RawContentBlockStopEvent(type="content_block_stop", index=index))
    return events


def tool_use(index: int, id: str, name: str, partial: list[str]) -> list[BaseModel]:
    block = ToolUseBlock(type="tool_use", id=id, name=name, input={})
    events: list[BaseModel] = [RawContentBlockStartEvent(type="content_block_start", index=index, content_block=block)]
    events += [RawContentBlockDeltaEvent(type="content_block_delta", index=index,
                                         delta=InputJSONDelta(type="input_json_delta", partial_json=p)) for p in partial]
    events.append(RawContentBlockStopEvent(type="content_block_stop", index=index))
    return events


def end(stop_reason: Any, *, output_tokens: int = 40, details: dict[str, Any] | None = None) -> list[BaseModel]:
    delta = Delta(stop_reason=stop_reason, stop_sequence=None, **({"stop_details": details} if details else {}))
    return [RawMessageDeltaEvent(type="message_delta", delta=delta, usage=MessageDeltaUsage(output_tokens=output_tokens)),
            RawMessageStopEvent(type="message_stop")]


def thinking_then_tool() -> bytes:
    """Sonnet 5.5 with `between_tools`: thinking, redacted thinking, words, a tool call; stop_reason tool_use."""
    return frames([
        start(),
        *thinking(0, ["The visitor asks where", " the leak chart is."]),
        *redacted(1),
        *text(2, ["The chart is in the lab. [[lab-leak]] "]),
        *tool_use(3, "toolu_fixture_1", "show_page", ['{"id"', ': "lab"}']),
        *end("tool_use"),
    ])


def refusal() -> bytes:
    """A refusal: an empty text block, then stop_reason refusal with its details."""
    return frames([
        start("claude-haiku-5-5"),
        *text(0, []),
        *end("refusal", output_tokens=3, details={"type": "refusal", "category": "cyber", "explanation": None}),
    ])
