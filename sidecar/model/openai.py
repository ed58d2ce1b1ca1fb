"""The OpenAI-compatible adapter: chat completions streamed from Ollama, vLLM or llama.cpp's server.

The port speaks the Messages API's shapes; this adapter converts them to chat messages and
functions on the way out, and the `data:` chunks back to the port's events.
"""

from __future__ import annotations

import json
from collections.abc import AsyncGenerator, Iterator
from typing import Any

import httpx

from .client import HttpModel
from .port import (
    CutShort,
    Misconfigured,
    ModelError,
    ModelEvent,
    ModelRequest,
    ModelSpec,
    Overloaded,
    RateLimited,
    Refused,
    RequestRejected,
    Stop,
    TextDelta,
    TimedOut,
    UpstreamFailed,
    Usage,
)
from .retry import Retry, retry_after
from .wire import TIMEOUT, message_text, tool_call

STOPS = {"stop": "end_turn", "tool_calls": "tool_use", "function_call": "tool_use"}


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict))


def _messages(message: dict[str, Any]) -> list[dict[str, Any]]:
    role, content = message.get("role"), message.get("content", "")
    if isinstance(content, str) or role == "system":
        return [{"role": role, "content": message_text(message)}]
    if role == "assistant":
        out: dict[str, Any] = {"role": "assistant", "content": message_text(message) or None}
        calls = [
            {"id": b["id"], "type": "function", "function": {"name": b["name"], "arguments": json.dumps(b.get("input", {}))}}
            for b in content
            if b.get("type") == "tool_use"
        ]
        if calls:
            out["tool_calls"] = calls
        return [out]
    # A user turn: its tool results become tool messages, which must follow the assistant's calls.
    out_list = [
        {"role": "tool", "tool_call_id": b["tool_use_id"], "content": _result_text(b.get("content"))}
        for b in content
        if b.get("type") == "tool_result"
    ]
    text = message_text(message)
    if text:
        out_list.append({"role": "user", "content": text})
    return out_list


def openai_body(request: ModelRequest, spec: ModelSpec) -> dict[str, Any]:
    messages: list[dict[str, Any]] = []
    system = "\n\n".join(b.get("text", "") for b in request.system)
    if system:
        messages.append({"role": "system", "content": system})
    for message in request.messages:
        messages.extend(_messages(message))
    body: dict[str, Any] = {"model": spec.id, "messages": messages, "max_tokens": request.max_tokens}
    if request.tools:
        body["tools"] = [
            {
                "type": "function",
                "function": {
                    "name": t["name"],
                    "description": t.get("description", ""),
                    "parameters": t.get("input_schema", {"type": "object", "properties": {}}),
                },
            }
            for t in request.tools
        ]
        if request.tool_choice == "none":
            body["tool_choice"] = "none"
    body["stream"] = True
    body["stream_options"] = {"include_usage": True}
    return body


def server_error(status: int | None, message: str, *, url: str, spec: ModelSpec, billed: Usage | None = None,
                 retry: float | None = None) -> ModelError:
    where = f"The model server at {url} ({status or 'mid-stream'})"
    kw: dict[str, Any] = {"billed": billed, "retry_after": retry}
    if status in (401, 403):
        return Misconfigured(f"{where} refused the key: {message}. Set a valid key for it (OPENAI_API_KEY).", **kw)
    if status == 404:
        return Misconfigured(
            f"{where} has no model {spec.id!r} or no /chat/completions: {message}. Check "
            "DOCENT_MODEL=openai:<base url ending in /v1>#<model> (with Ollama, `ollama pull <model>`).", **kw
        )
    if status == 429:
        return RateLimited(f"{where} is rate limiting: {message}. Wait, or raise its limits.", **kw)
    if status in (408, 504):
        return TimedOut(f"{where} took too long: {message}. Try again.", **kw)
    if status in (503, 529) or "overload" in message.lower():
        return Overloaded(f"{where} is busy or loading the model: {message}. Try again shortly.", **kw)
    if status is None or status >= 500:
        return UpstreamFailed(f"{where} failed: {message}. Try again, or check the server's log.", **kw)
    return RequestRejected(f"{where} rejected the request: {message}. Check that the model takes tools.", **kw)


def _error_text(data: Any) -> str:
    error = data.get("error", data) if isinstance(data, dict) else data
    if isinstance(error, dict):
        return str(error.get("message", error))
    return str(error)


class ChunkReader:
    """Chat-completion chunks into the port's events: tool fragments joined per index, a new call when the id changes."""

    def __init__(self, spec: ModelSpec, url: str) -> None:
        self.spec, self.url = spec, url
        self.usage = Usage()
        self.finish: str | None = None
        self.done = False
        self.calls: dict[int, tuple[str, str, list[str]]] = {}
        self.made = 0

    def feed(self, data: str) -> Iterator[ModelEvent]:
        if data.strip() == "[DONE]":
            self.done = True
            return
        chunk = json.loads(data)
        if chunk.get("error"):
            raise server_error(None, _error_text(chunk), url=self.url, spec=self.spec, billed=self.usage)
        if chunk.get("usage"):
            u = chunk["usage"]
            cached = int((u.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
            self.usage = Usage(int(u.get("prompt_tokens", 0)) - cached, int(u.get("completion_tokens", 0)), cached, 0)
            yield self.usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content"):
                yield TextDelta(delta["content"])
            for fragment in delta.get("tool_calls") or []:
                yield from self._fragment(fragment)
            if choice.get("finish_reason"):
                self.finish = choice["finish_reason"]
                yield from self.flush()

    def _fragment(self, fragment: dict[str, Any]) -> Iterator[ModelEvent]:
        index, id = fragment.get("index", 0), fragment.get("id")
        function = fragment.get("function") or {}
        current = self.calls.get(index)
        if current is not None and id and current[0] != id:
            # some servers send parallel calls all at index 0: a new id is a new call
            del self.calls[index]
            yield tool_call(*current[:2], "".join(current[2]))
            current = None
        if current is None:
            self.made += 1
            current = (id or f"call_{self.made}", function.get("name", ""), [])
            self.calls[index] = current
        elif function.get("name") and not current[1]:
            current = (current[0], function["name"], current[2])
            self.calls[index] = current
        if function.get("arguments"):
            current[2].append(function["arguments"])

    def flush(self) -> Iterator[ModelEvent]:
        for index in sorted(self.calls):
            id, name, parts = self.calls.pop(index)
            yield tool_call(id, name, "".join(parts))

    def end(self) -> Iterator[ModelEvent]:
        yield from self.flush()
        if self.finish is None:
            raise CutShort(f"The stream from {self.url} ended before a finish reason: try again.", billed=self.usage)
        if self.finish == "length":
            raise CutShort("The answer was cut short (length): raise max_tokens or shorten the conversation.", billed=self.usage)
        if self.finish == "content_filter":
            raise Refused("The model server's filter declined to answer (content_filter).", billed=self.usage)
        yield Stop(STOPS.get(self.finish, self.finish))


class OpenAIModel(HttpModel):
    """An OpenAI-compatible `POST /chat/completions` with `stream: true` (Ollama, vLLM, llama.cpp's server)."""

    def __init__(
        self,
        spec: ModelSpec,
        *,
        base_url: str,
        api_key: str | None = None,
        client: httpx.AsyncClient | None = None,
        timeout: httpx.Timeout | float = TIMEOUT,
        retry: Retry | None = None,
    ) -> None:
        super().__init__(spec, url=base_url.rstrip("/") + "/chat/completions", client=client, timeout=timeout, retry=retry)
        self.api_key = api_key

    async def _once(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        from httpx_sse import EventSource, SSEError

        headers = {"accept": "text/event-stream"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        reader = ChunkReader(self.spec, self.url)
        try:
            async with self.client.stream(
                "POST", self.url, json=openai_body(request, self.spec), headers=headers, timeout=self.timeout
            ) as response:
                if response.status_code != 200:
                    await response.aread()
                    try:
                        message = _error_text(response.json())
                    except ValueError:
                        message = response.text[:200] or response.reason_phrase
                    raise server_error(response.status_code, message, url=self.url, spec=self.spec,
                                       retry=retry_after(response.headers))
                async for sse in EventSource(response).aiter_sse():
                    if not sse.data:
                        continue
                    try:
                        events = list(reader.feed(sse.data))
                    except ValueError as exc:
                        raise UpstreamFailed(f"{self.url} sent a chunk that is not JSON.", billed=reader.usage) from exc
                    for event in events:
                        yield event
                    if reader.done:
                        break
        except (httpx.TransportError, SSEError) as exc:
            raise self.transport_error(exc, billed=reader.usage) from exc
        for event in reader.end():
            yield event

