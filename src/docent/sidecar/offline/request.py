"""What the offline model reads off a request besides the question: the page the visitor has open (from the
latest page note), the pick from the card the last call showed, and the page a question asks to see; and its own
calls, made with ids of their own."""

from __future__ import annotations

import json
import re
from typing import Any

from docent.schema import Manifest, RecordSection

from ..answer.words import terms
from ..model.port import ModelRequest, ToolCall

PICKED = re.compile(r'^The visitor picked "(.*)"\.$', re.DOTALL)
OPEN = re.compile(r"^## The page the visitor has open: (.+)$", re.MULTILINE)


def calls(calls: list[tuple[str, dict[str, Any]]], *, start: int) -> list[ToolCall]:
    return [
        ToolCall(f"toolu_offline_{n}", tool, dict(given), json.dumps(given))
        for n, (tool, given) in enumerate(calls, start=start)
    ]


def picked(request: ModelRequest) -> str | None:
    """The visitor's pick from the card the last call showed, read off its tool result."""
    last = request.messages[-1] if request.messages else {}
    content = last.get("content") if last.get("role") == "user" else None
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result" and isinstance(block.get("content"), str):
            m = PICKED.match(block["content"])
            if m:
                return m.group(1)
    return None


def open_page(request: ModelRequest, manifest: Manifest) -> str | None:
    """The page the visitor has open, as the latest page note in the conversation names it."""
    for message in reversed(request.messages):
        content = message.get("content")
        blocks = [content] if isinstance(content, str) else [
            b.get("text") or (b.get("content") if isinstance(b.get("content"), str) else "") for b in content or []
            if isinstance(b, dict)
        ]
        for text in reversed(blocks):
            found = OPEN.findall(text or "")
            if found:
                label = found[-1].strip()
                return next((p.id for p in manifest.pages if p.label == label), None)
    return None


def page_to_show(request: ModelRequest, section: RecordSection, question: str) -> str | None:
    """A page the question names ("show me the lab"), else the best section's page, where show_page offers it."""
    tool: dict[str, Any] = next((t for t in request.tools if t.get("name") == "show_page"), {})
    enum = tool.get("input_schema", {}).get("properties", {}).get("id", {}).get("enum", [])
    asked_for = set(terms(question))
    named = [target for target in enum if set(terms(target.replace("-", " "))) <= asked_for]
    return next((target for target in (*named, section.id, section.page) if target in enum), None)


def refused_silently(request: ModelRequest) -> bool:
    """Whether the calls the model made after saying nothing were refused (their results are errors): then it has
    still to answer, or say the site does not say."""
    if len(request.messages) < 2:
        return False
    said, last = request.messages[-2], request.messages[-1]
    content = last.get("content") if last.get("role") == "user" else None
    results = [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"] if isinstance(content, list) else []
    spoken = said.get("content")
    text = spoken if isinstance(spoken, str) else "".join(
        str(b.get("text", "")) for b in spoken or [] if isinstance(b, dict) and b.get("type") == "text"
    )
    return bool(results) and all(b.get("is_error") for b in results) and not text.strip()

