"""Records real streams from a running llama-server into tests/fixtures/openai/, for the adapter's replay tests.

    python -m tests.localmodel.record http://127.0.0.1:8091/v1 gemma-3-270m [step ...]

Each fixture is one response exactly as the server sent it: `NAME.sse` (the body of a 200 stream) or
`NAME.json` (`{"status": ..., "body": ...}` for an error), beside `NAME.request.json`, the body that was sent.
Written once by `make local-model-record` against the server `make local-model` starts; the tests never call it.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path
from typing import Any

import httpx

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.openai import OpenAIModel, openai_body
from docent.sidecar.model.port import ModelRequest, ModelSpec

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "fixtures" / "openai"
BUNDLE = ROOT / "tests" / "evals" / "bundle.json"
QUESTIONS = ["What did she do on 3-D Secure?", "Has she led a team?", "Does she know Kafka?"]
SCREENS = [{"page": "home"}, {"page": "roles"}, {"page": "lab"}]


class Tee(httpx.AsyncBaseTransport):
    """Passes each request to the real transport and keeps the response's bytes, in order."""

    def __init__(self, name: str) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.name = name
        self.count = 0

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        response = await self.inner.handle_async_request(request)
        stream = response.stream
        assert isinstance(stream, httpx.AsyncByteStream)
        body = b"".join([chunk async for chunk in stream])
        await stream.aclose()
        self.count += 1
        save(f"{self.name}-{self.count}", json.loads(request.content), response.status_code, body)
        return httpx.Response(response.status_code, headers=response.headers, content=body)


def save(name: str, request: dict[str, Any], status: int, body: bytes) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.request.json").write_text(json.dumps(request, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if status == 200:
        (OUT / f"{name}.sse").write_bytes(body)
    else:
        (OUT / f"{name}.json").write_text(json.dumps({"status": status, "body": json.loads(body)}, indent=1) + "\n",
                                          encoding="utf-8")
    print(f"  {name}: {status}, {len(body)} bytes", flush=True)


async def post(client: httpx.AsyncClient, url: str, name: str, body: dict[str, Any]) -> bytes:
    started = time.perf_counter()
    response = await client.post(f"{url}/chat/completions", json=body, timeout=600)
    save(name, body, response.status_code, response.content)
    print(f"    ({time.perf_counter() - started:.1f} s)", flush=True)
    return response.content


async def conversation(url: str, model: str, bundle: Bundle) -> None:
    """Three questions, each with the screen note, through the real turn: the note goes in the user's message.

    Gemma 3 270M, a base model, never ends a turn on its own: record this on a server started with `-r "\\n"`
    (tests/fixtures/openai/README.md), so that each answer ends and the next question carries it."""
    tee = Tee("conversation")
    async with httpx.AsyncClient(transport=tee, timeout=600) as client:
        adapter = OpenAIModel(ModelSpec(model, mid_system=False), base_url=url, client=client)
        talk = Conversation("record", time.time())
        for question, screen in zip(QUESTIONS, SCREENS, strict=True):
            turn = Turn(bundle=bundle, model=adapter, policy=AnswerPolicy())
            events = [event async for event in turn.run(talk, Ask(question=question, screen=screen))]
            print(f"  {question!r}: {[e.event for e in events]}", flush=True)


async def follow_up_with_a_system_note(url: str, model: str, bundle: Bundle) -> None:
    """The second question as the turn sent it when the note was a system message: the template refuses it."""
    spec = ModelSpec(model, mid_system=True)
    policy = AnswerPolicy()
    messages = [
        {"role": "user", "content": [{"type": "text", "text": policy.fence(QUESTIONS[0])}]},
        {"role": "system", "content": "The visitor has Home open."},
        {"role": "assistant", "content": [{"type": "text", "text": "She rebuilt the 3-D Secure flow."}]},
        {"role": "user", "content": [{"type": "text", "text": policy.fence(QUESTIONS[1])}]},
        {"role": "system", "content": "The visitor has Roles open."},
    ]
    body = openai_body(ModelRequest(bundle.system, bundle.tools, messages), spec)
    async with httpx.AsyncClient() as client:
        await post(client, url, "roles", body)


async def overflow(url: str, model: str, bundle: Bundle) -> None:
    """A prompt larger than the server's context: the record four times over."""
    record = "\n\n".join(block["text"] for block in bundle.system)
    request = ModelRequest([{"type": "text", "text": record * 4}], [], [{"role": "user", "content": "Hello?"}])
    async with httpx.AsyncClient() as client:
        await post(client, url, "overflow", openai_body(request, ModelSpec(model)))


def _tool_body(model: str, bundle: Bundle, ask: str, max_tokens: int, seed: int) -> dict[str, Any]:
    system = [{"type": "text", "text": "You show the visitor the site with your tools. Call every tool the visitor asks for."}]
    body = openai_body(ModelRequest(system, bundle.tools, [{"role": "user", "content": ask}], max_tokens=max_tokens),
                       ModelSpec(model))
    body.update(tool_choice="required", parallel_tool_calls=True, seed=seed, temperature=0.7)
    return body


def calls_in(data: bytes) -> tuple[int, str | None]:
    """How many tool calls a recorded stream holds, and its finish reason."""
    ids, finish = set(), None
    for line in data.decode().splitlines():
        if line.startswith("data:") and line[5:].strip() != "[DONE]":
            chunk = json.loads(line[5:])
            for choice in chunk.get("choices") or []:
                finish = choice.get("finish_reason") or finish
                for call in (choice.get("delta") or {}).get("tool_calls") or []:
                    ids.add(call.get("index"))
    return len(ids), finish


async def tool_streams(url: str, model: str, bundle: Bundle) -> None:
    """Tool calls one after another in one reply, the first seed that gives two or more: with tool_choice required the
    model calls tools until its allowance runs out, so the reply ends at `length` after its whole calls."""
    ask = "Open the lab page, point at the leak chart, and start the tour."
    # A new connection each time: llama-server may close one between a stream's end and the next request.
    async with httpx.AsyncClient(limits=httpx.Limits(max_keepalive_connections=0)) as client:
        for seed in range(1, 9):
            data = await post(client, url, "tool_calls_length", _tool_body(model, bundle, ask, 160, seed))
            count, finish = calls_in(data)
            print(f"  seed {seed}: {count} calls, finish {finish}", flush=True)
            if count >= 2:
                break


async def server_facts(url: str, model: str, bundle: Bundle) -> None:
    """What the server says of itself: its models, and llama.cpp's /props (its context and chat template)."""
    async with httpx.AsyncClient() as client:
        for name, address in (("models", f"{url}/models"), ("props", f"{url.removesuffix('/v1')}/props")):
            response = await client.get(address)
            (OUT / f"{name}.json").write_text(json.dumps(response.json(), indent=1) + "\n", encoding="utf-8")


STEPS = {step.__name__: step for step in (server_facts, follow_up_with_a_system_note, overflow, tool_streams, conversation)}


async def main(url: str, model: str, steps: list[str]) -> None:
    bundle = Bundle.load(BUNDLE)
    OUT.mkdir(parents=True, exist_ok=True)
    for name in steps or list(STEPS):
        print(name, flush=True)
        await STEPS[name](url.rstrip("/"), model, bundle)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
