"""The wire pieces every adapter shares: the request as JSON bytes, a tool call out of its raw JSON, a message's
text, the stop reasons that mean "cut short", and the stream timeout.

The port's messages are the Messages API's shape, so the body Anthropic is sent is the canonical body: the
stand-ins (offline, replay) size and log it as a real adapter would send it. No adapter imports another.
"""

from __future__ import annotations

import json
from typing import Any

import httpx
import msgspec

from .port import CutShort, ModelRequest, ModelSpec, ToolCall, Usage

# Pings keep a slow stream alive; a minute of silence means it is gone.
TIMEOUT = httpx.Timeout(60.0, connect=5.0)
# Stop reasons that mean the answer was cut off, not finished.
TRUNCATED = frozenset({"max_tokens", "model_context_window_exceeded"})


def anthropic_body(request: ModelRequest, spec: ModelSpec) -> dict[str, Any]:
    """The exact JSON body a request becomes, in a fixed key order so its bytes are the same each time."""
    body: dict[str, Any] = {"model": spec.id, "max_tokens": request.max_tokens}
    if request.system:
        body["system"] = request.system  # the explicit cache breakpoint is already on its last block
    if request.tools:
        body["tools"] = request.tools
    if request.tool_choice == "none":
        body["tool_choice"] = {"type": "none"}
    elif request.tool_choice == "any" and spec.forced_tool_choice:
        body["tool_choice"] = {"type": "any", "disable_parallel_tool_use": True}
    body["messages"] = request.messages
    if spec.thinking_off is not None:
        body["thinking"] = spec.thinking_off
    if spec.effort is not None:
        body["output_config"] = {"effort": spec.effort}
    if request.cache_tail:
        body["cache_control"] = {"type": "ephemeral"}  # automatic caching of the conversation's tail
    body["stream"] = True
    return body


def body_bytes(body: dict[str, Any]) -> bytes:
    """The body as compact UTF-8 JSON, with msgspec: the bytes json.dumps(ensure_ascii=False) wrote (a float's exponent
    aside, 1e16 for 1e+16, the same number) in a tenth of its time, some 50 us a question on the bench's conversations
    (every call of every adapter encodes the whole conversation). A lone surrogate, which UTF-8 cannot carry, raises
    UnicodeEncodeError as before."""
    return _encode(body)


_encode = msgspec.json.Encoder().encode


def tool_call(id: str, name: str, raw: str) -> ToolCall:
    """A complete call; broken or non-object JSON gives `input=None` with the raw text kept."""
    if not raw.strip():
        return ToolCall(id, name, {}, raw)
    try:
        value = json.loads(raw)
    except ValueError:
        return ToolCall(id, name, None, raw)
    return ToolCall(id, name, value if isinstance(value, dict) else None, raw)


def whole_object(raw: str) -> bool:
    """Whether a call's arguments so far are a whole JSON object: the call is complete, whatever comes after."""
    raw = raw.strip()
    if not raw.endswith("}"):
        return False
    try:
        return isinstance(json.loads(raw), dict)
    except ValueError:
        return False


def message_text(message: dict[str, Any]) -> str:
    """The text of a message: its string content, or its text blocks joined."""
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")


def cut_short(reason: str, *, billed: Usage, max_tokens: int | None = None) -> CutShort:
    """A reply stopped by a bound, not finished: the answer's allowance (seed 002's 700 tokens) or the context."""
    allowance = f"its {max_tokens} tokens" if max_tokens else "its tokens"
    return CutShort(
        f"The answer was cut short ({reason}): it used {allowance}, the most an answer may take, or the model's "
        "context ran out.", billed=billed,
    )
