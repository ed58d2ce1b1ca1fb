"""A scripted Anthropic upstream for `httpx.MockTransport`: each request takes the next step of a script.

Streams are written in the Messages API's documented shapes (`../shared/anthropic-api.md`). A step is a function
of the request giving a response, or raising the transport error httpx would raise.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio
import httpx

from docent.sidecar.model.port import Usage

Step = Callable[[httpx.Request], httpx.Response]
GOOD = "She designed the authentication decision service in Java 17. [[case-3ds-approach]]"


def frame(name: str, data: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def start(input_tokens: int = 1000) -> bytes:
    usage = {"input_tokens": input_tokens, "output_tokens": 1, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}
    return frame("message_start", {"type": "message_start", "message": {
        "id": "msg_fault", "type": "message", "role": "assistant", "model": "claude-haiku-4-5", "content": [],
        "stop_reason": None, "usage": usage}})


def text_block(text: str, index: int = 0) -> bytes:
    return (
        frame("content_block_start", {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}})
        + frame("ping", {"type": "ping"})
        + frame("content_block_delta", {"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": text}})
        + frame("content_block_stop", {"type": "content_block_stop", "index": index})
    )


def tool_block(name: str, partial_json: str, *, id: str = "toolu_fault", index: int = 1) -> bytes:
    return (
        frame("content_block_start", {"type": "content_block_start", "index": index,
                                       "content_block": {"type": "tool_use", "id": id, "name": name, "input": {}}})
        + frame("content_block_delta", {"type": "content_block_delta", "index": index,
                                        "delta": {"type": "input_json_delta", "partial_json": partial_json}})
        + frame("content_block_stop", {"type": "content_block_stop", "index": index})
    )


def end(stop_reason: str = "end_turn", output_tokens: int = 60) -> bytes:
    return frame("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None},
                                   "usage": {"output_tokens": output_tokens}}) + frame("message_stop", {"type": "message_stop"})


def sse(body: bytes) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)


def ok(text: str = GOOD) -> Step:
    return lambda request: sse(start() + text_block(text) + end())


def status(code: int, kind: str, *, headers: dict[str, str] | None = None) -> Step:
    body = {"type": "error", "error": {"type": kind, "message": f"scripted {kind}"}}
    return lambda request: httpx.Response(code, headers=headers or {}, json=body)


def raises(exc: type[httpx.TransportError]) -> Step:
    def step(request: httpx.Request) -> httpx.Response:
        raise exc("scripted", request=request)

    return step


def drip_then_timeout(pause: float = 0.05) -> Step:
    """A slow drip: the stream starts, a word comes, then nothing until the read timeout fires."""

    async def body() -> AsyncIterator[bytes]:
        yield start()
        yield frame("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
        yield frame("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "She "}})
        await anyio.sleep(pause)
        raise httpx.ReadTimeout("scripted: no byte within the read timeout")

    return lambda request: httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body())


class Upstream:
    """Plays a script; when it runs out, answers well. Keeps every request body and what each response billed."""

    def __init__(self, *steps: Step) -> None:
        self.steps = list(steps)
        self.bodies: list[dict[str, Any]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.bodies.append(json.loads(request.content))
        step = self.steps.pop(0) if self.steps else ok()
        return step(request)

    def client(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(transport=httpx.MockTransport(self))


BILLED_START = Usage(input_tokens=1000, output_tokens=1)
