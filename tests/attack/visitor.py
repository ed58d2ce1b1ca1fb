"""A visitor as the panel is one: asks for a challenge, solves it, opens a conversation, asks, reads the stream.

Works over any httpx.AsyncClient: in-process (`httpx.ASGITransport`) or a real uvicorn on loopback.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import httpx

from docent.sidecar.operator.client import open_conversation, parse_sse

__all__ = ["API", "Answer", "ask", "open_conversation", "send"]  # the first steps are the eval runner's own

API = "/api/guide"


@dataclass
class Answer:
    """One question's response: its status and, for a stream, its events in order."""

    status: int
    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)

    def of(self, name: str) -> list[dict[str, Any]]:
        return [data for event, data in self.events if event == name]

    @property
    def names(self) -> list[str]:
        return [event for event, _ in self.events]

    @property
    def last(self) -> str | None:
        return self.events[-1][0] if self.events else None


async def ask(
    client: httpx.AsyncClient, conversation: str, question: str, *, screen: dict[str, Any] | None = None, **extra: Any
) -> Answer:
    body: dict[str, Any] = {"conversation": conversation, "question": question, **extra}
    if screen is not None:
        body["screen"] = screen
    return await send(client, body)


async def send(client: httpx.AsyncClient, body: Any) -> Answer:
    """POST a question's body as given (JSON unless bytes), and read the whole response."""
    kw: dict[str, Any] = {"content": body, "headers": {"content-type": "application/json"}} if isinstance(body, bytes) else {"json": body}
    async with client.stream("POST", f"{API}/questions", **kw) as response:
        raw = (await response.aread()).decode("utf-8")
    headers = dict(response.headers)
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        return Answer(response.status_code, parse_sse(raw), headers=headers)
    try:
        parsed = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw
    return Answer(response.status_code, body=parsed, headers=headers)
