"""The question a request asks: the last fenced question of the conversation's last user message."""

from __future__ import annotations

from .fence import unfence
from .port import ModelRequest
from .wire import message_text

# The policy fences with `fence.fence`; the models that stand in for a real one read it back with `fence.unfence`.


def _question(request: ModelRequest) -> tuple[int, str] | None:
    """The index and question of the last user message with a fenced one, else of the last user message with text."""
    fallback = None
    for i in range(len(request.messages) - 1, -1, -1):
        message = request.messages[i]
        if message.get("role") != "user":
            continue
        text = message_text(message)
        fenced = unfence(text)
        if fenced is not None:
            return i, fenced
        if fallback is None and text.strip():
            fallback = i, text
    return fallback


def asked(request: ModelRequest) -> str:
    """The visitor's question as they typed it: the fenced text, or the whole text where there is no fence."""
    found = _question(request)
    return found[1].strip() if found else ""


def calls_since_question(request: ModelRequest) -> int:
    """How many model calls this turn has made already: the assistant messages after the question."""
    found = _question(request)
    if found is None:
        return 0
    return sum(1 for m in request.messages[found[0] + 1 :] if m.get("role") == "assistant")


def tool_uses(request: ModelRequest) -> int:
    """How many tool calls the conversation holds already, so new ones get ids of their own."""
    return sum(
        1
        for m in request.messages
        if m.get("role") == "assistant" and isinstance(m.get("content"), list)
        for b in m["content"]
        if isinstance(b, dict) and b.get("type") == "tool_use"
    )
