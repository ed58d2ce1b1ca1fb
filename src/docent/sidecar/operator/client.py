"""The real app in-process, asked as a visitor's browser asks it: a challenge solved, a conversation, a question,
and the answer's events read back. The tools' one way in, so that each measures the app a visitor meets."""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx

from ..model.port import LanguageModel, ModelEvent, ModelRequest
from ..model.wire import anthropic_body
from ..routes import GUIDE

Events = list[tuple[str, dict[str, Any]]]
UNLIMITED = "100000/minute"  # the tools ask many questions from one address; the limits are not what they measure


class Recorder:
    """A model that keeps every request as the body the Anthropic API would be sent, to check what went back."""

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        self.spec = inner.spec
        self.bodies: list[dict[str, Any]] = []

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        self.bodies.append(json.loads(json.dumps(anthropic_body(request, self.spec))))
        async for event in self.inner.stream(request):
            yield event

    async def aclose(self) -> None:
        await self.inner.aclose()


def parse_sse(text: str) -> Events:
    """A whole SSE body's events as (name, data): comments (pings) skipped, multi-line data joined."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith(":") or not line:
                continue
            key, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if key == "event":
                name = value
            elif key == "data":
                data.append(value)
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


async def open_conversation(client: httpx.AsyncClient) -> str:
    """What a visitor's browser does first: a challenge, solved, for a conversation's token."""
    from ..proof import solve

    challenge = (await client.post(f"{GUIDE}/challenge", json={"purpose": "guide"})).raise_for_status().json()
    started = await client.post(f"{GUIDE}/conversations", json={"proof": solve(challenge)})
    return str(started.raise_for_status().json()["conversation"])


def in_process(bundle_path: Path, model: LanguageModel, *, name: str, check: str | None = None) -> httpx.AsyncClient:
    """A client of the real app on `bundle_path` answering with `model`: switched on, easy proofs, no limits in the way;
    with `check` (a DOCENT_CHECK_MODEL value), each cited sentence is checked by that model too (DOCENT_CHECK)."""
    from ..app import create_app
    from ..settings import Settings

    settings = replace(
        Settings(), enabled=True, bundle=bundle_path, pow_maxnumber=2000, rate_address=UNLIMITED,
        rate_conversation=UNLIMITED, rate_overall=UNLIMITED, rate_start=UNLIMITED, rate_read=UNLIMITED,
        check_sentences=check is not None, check_model=check,
    )
    app = create_app(settings, model_factory=lambda _settings: model)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=f"http://{name}")


async def ask(client: httpx.AsyncClient, token: str, question: str, **fields: Any) -> Events:
    """One question in the conversation `token`; an HTTP refusal comes back as one `error` event."""
    answer = await client.post(f"{GUIDE}/questions", json={"conversation": token, "question": question, **fields}, timeout=60)
    if answer.status_code != 200:
        return [("error", {"code": f"http_{answer.status_code}", "message": answer.text[:200]})]
    return parse_sse(answer.text)


async def ask_once(bundle_path: Path, model: LanguageModel, question: str, **fields: Any) -> Events:
    """One question through the real app in-process, in a conversation of its own."""
    async with in_process(bundle_path, model, name="eval") as client:
        return await ask(client, await open_conversation(client), question, **fields)
