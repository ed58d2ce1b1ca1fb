"""Streams recorded from a real llama-server (`make local-model-record`), replayed through the OpenAI adapter.

The server: llama.cpp's llama-server with --jinja, Gemma 3 270M, and Gemma 3's official template with tools declared
(tests/localmodel/gemma3-tools.jinja), which like the official one refuses a system message after the first user
turn. Each fixture is the server's response byte for byte; test_sdk.py holds every chunk to the openai SDK's types.
Recorded so far: its refusal of a mid-conversation system note, a context overflow, and a reply cut at `length`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.model.openai import OpenAIModel
from docent.sidecar.model.port import CutShort, Misconfigured, ModelSpec, SystemRoleUnsupported, ToolCall
from docent.sidecar.model.retry import Retry

from .streams import REQUEST, collect, sse

RECORDED = Path(__file__).parents[2] / "fixtures" / "openai"
BUNDLE = Bundle.load(Path(__file__).resolve().parents[2] / "evals" / "bundle.json")
SPEC = ModelSpec("gemma-3-270m")
QUESTIONS = ["What did she do on 3-D Secure?", "Has she led a team?", "Does she know Kafka?"]
SCREENS = [{"page": "home"}, {"page": "roles"}, {"page": "lab"}]


def response(name: str) -> httpx.Response:
    """The recorded response: a 200 stream (`.sse`) or an error (`.json`, its status and body)."""
    if (RECORDED / f"{name}.sse").exists():
        return sse((RECORDED / f"{name}.sse").read_bytes())
    recorded = json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8"))
    return httpx.Response(recorded["status"], json=recorded["body"])


def chunks(name: str) -> list[str]:
    """The `data:` payloads of a recorded stream, in order."""
    text = (RECORDED / f"{name}.sse").read_text(encoding="utf-8")
    return [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]


def model(*names: str, seen: list[httpx.Request] | None = None) -> OpenAIModel:
    queue = [response(name) for name in names]

    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return queue.pop(0)

    async def sleep(_: float) -> None:
        return None

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    return OpenAIModel(SPEC, base_url="http://127.0.0.1:8091/v1", client=client, retry=Retry(sleep=sleep))


def alternates(messages: list[dict[str, Any]]) -> bool:
    """Gemma 3's rule, as the recorded template applies it: after the first system message, user (or tool results)
    and model take turns, and a system message may not stand where the model's turn comes."""
    turns: list[str] = []
    for message in messages[1:] if messages and messages[0]["role"] == "system" else messages:
        side = "user" if message["role"] in ("user", "tool") else message["role"]
        if turns and side == "user" == turns[-1]:
            continue  # tool results and the question after them are one user turn
        turns.append(side)
    return all(side == ("user" if i % 2 == 0 else "assistant") for i, side in enumerate(turns))


@pytest.mark.anyio
async def test_the_role_alternation_400_maps_to_the_reminder_fallback() -> None:
    _, exc = await collect(model("roles").stream(REQUEST))
    assert isinstance(exc, SystemRoleUnsupported) and "Conversation roles must alternate" in exc.message
    assert "takes tools" not in exc.message


@pytest.mark.anyio
async def test_a_context_overflow_says_the_sizes_and_the_flag() -> None:
    said = json.loads((RECORDED / "overflow.json").read_text(encoding="utf-8"))["body"]["error"]
    _, exc = await collect(model("overflow").stream(REQUEST))
    assert isinstance(exc, Misconfigured) and "llama-server -c" in exc.message
    assert f"{said['n_prompt_tokens']:,} tokens; the server's context is {said['n_ctx']:,}" in exc.message
    assert "takes tools" not in exc.message


@pytest.mark.anyio
async def test_a_reply_cut_at_length_is_cut_short_with_what_it_said_and_what_it_was_billed() -> None:
    events, exc = await collect(model("text_length").stream(REQUEST))
    assert isinstance(exc, CutShort) and "finish_reason length" in exc.message and "raise max_tokens" not in exc.message
    assert exc.billed.output_tokens == json.loads(chunks("text_length")[-2])["usage"]["completion_tokens"]
    assert not [e for e in events if isinstance(e, ToolCall)]
