"""The question a request asks: the last fenced question of the conversation's last user message."""

from __future__ import annotations

import re
from typing import Any

from .port import ModelRequest

_FENCE = re.compile(r"<question>(.*?)</question>", re.DOTALL)
# The policy neutralises angle brackets inside the fence so a question cannot close it.
_UNNEUTRAL = str.maketrans({"‹": "<", "›": ">"})


def message_text(message: dict[str, Any]) -> str:
    """The text of a message: its string content, or its text blocks joined."""
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and b.get("type") == "text")


def question_index(request: ModelRequest) -> int | None:
    """The index of the last user message that holds a fenced question, else of the last user message with text."""
    fallback = None
    for i in range(len(request.messages) - 1, -1, -1):
        message = request.messages[i]
        if message.get("role") != "user":
            continue
        text = message_text(message)
        if _FENCE.search(text):
            return i
        if fallback is None and text.strip():
            fallback = i
    return fallback


def asked(request: ModelRequest) -> str:
    """The visitor's question as they typed it: the fenced text, or the whole text where there is no fence."""
    index = question_index(request)
    if index is None:
        return ""
    text = message_text(request.messages[index])
    fenced = _FENCE.findall(text)
    return (fenced[-1] if fenced else text).strip().translate(_UNNEUTRAL)


def calls_since_question(request: ModelRequest) -> int:
    """How many model calls this turn has made already: the assistant messages after the question."""
    index = question_index(request)
    if index is None:
        return 0
    return sum(1 for m in request.messages[index + 1 :] if m.get("role") == "assistant")
