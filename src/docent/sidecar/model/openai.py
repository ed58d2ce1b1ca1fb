"""The OpenAI-compatible adapter: chat completions streamed from Ollama, vLLM or llama.cpp's server.

The port speaks the Messages API's shapes; this adapter converts them to chat messages and
functions on the way out, and the `data:` chunks back to the port's events.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncGenerator, Iterator
from dataclasses import dataclass
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
    SystemRoleUnsupported,
    TextDelta,
    TimedOut,
    ToolCall,
    UpstreamFailed,
    Usage,
)
from .retry import Retry, retry_after
from .wire import TIMEOUT, cut_short, message_text, tool_call, whole_object

log = logging.getLogger(__name__)

STOPS = {"stop": "end_turn", "tool_calls": "tool_use", "function_call": "tool_use"}
# What servers call a prompt larger than their context: llama.cpp's error type, OpenAI's and vLLM's code.
OVERFLOW = ("exceed_context_size_error", "context_length_exceeded")
# A chat template that takes no system message where the turn put one (Gemma's, Mistral's, ...).
ROLE_WORDS = ("roles must alternate", "system role not supported", "role 'system' is not supported",
              "system message must be at the beginning", "only supports system message at the beginning")
# The start of a rejected call's result: chat messages have no error flag, so the words carry it.
ERROR_RESULT = "Error: "


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(b.get("text", "") for b in content or [] if isinstance(b, dict))


def _tool_message(block: dict[str, Any]) -> dict[str, Any]:
    text = _result_text(block.get("content"))
    return {"role": "tool", "tool_call_id": block["tool_use_id"], "content": ERROR_RESULT + text if block.get("is_error") else text}


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
    out_list = [_tool_message(b) for b in content if b.get("type") == "tool_result"]
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
        # Said even when "auto", the API's default: llama-cpp-python's server reads a missing one as "none".
        body["tool_choice"] = "required" if request.tool_choice == "any" else request.tool_choice  # "any": its "required"
    body["stream"] = True
    body["stream_options"] = {"include_usage": True}
    return body


@dataclass(frozen=True)
class ServerSaid:
    """An error body as a server wrote it: the message, its type or code, and llama.cpp's context figures."""

    message: str
    kind: str = ""
    prompt_tokens: int | None = None
    context: int | None = None

    @classmethod
    def read(cls, data: Any) -> ServerSaid:
        error = data.get("error", data) if isinstance(data, dict) else data
        if not isinstance(error, dict):
            return cls(str(error))
        kind = " ".join(str(error[k]) for k in ("type", "code") if isinstance(error.get(k), str))
        prompt, context = error.get("n_prompt_tokens"), error.get("n_ctx")
        return cls(
            str(error.get("message", error)), kind,
            prompt if isinstance(prompt, int) else None, context if isinstance(context, int) else None,
        )

    @classmethod
    def answered(cls, response: httpx.Response) -> ServerSaid:
        """What a non-200 answer says: its JSON error, or else the start of its text (its reason phrase if none)."""
        try:
            return cls.read(response.json())
        except ValueError:
            return cls(response.text[:200] or response.reason_phrase)

    @property
    def overflow(self) -> bool:
        return any(word in self.kind for word in OVERFLOW) or "exceeds the available context" in self.message.lower()

    @property
    def about_roles(self) -> bool:
        return any(word in self.message.lower() for word in ROLE_WORDS)

    @property
    def about_tools(self) -> bool:
        words = self.message.lower()
        return "tool" in words or "function" in words


def _overflow(where: str, said: ServerSaid, **kw: Any) -> ModelError:
    figures = ""
    if said.prompt_tokens is not None and said.context is not None:
        figures = f" The request was {said.prompt_tokens:,} tokens; the server's context is {said.context:,}."
    return Misconfigured(
        f"{where}: the request does not fit the server's context ({said.message}).{figures} Start the server with "
        "a larger context (llama-server -c, Ollama's num_ctx, vLLM's --max-model-len): `docent preflight --model "
        "openai:...` says how many tokens this site's prompt and a conversation need.", **kw
    )


def server_error(status: int | None, said: ServerSaid | str, *, url: str, spec: ModelSpec, billed: Usage | None = None,
                 retry: float | None = None) -> ModelError:
    """The port's error for what a server said, by what it said first and by its status after, with the fix."""
    said = ServerSaid(said) if isinstance(said, str) else said
    message = said.message
    where = f"The model server at {url} ({status or 'mid-stream'})"
    kw: dict[str, Any] = {"billed": billed, "retry_after": retry}
    if said.overflow:
        return _overflow(where, said, **kw)
    if said.about_roles:
        return SystemRoleUnsupported(
            f"{where}: {message}. Its chat template takes no system message after the first; the note goes in the "
            "user's message instead.", **kw
        )
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
    if said.about_tools:
        return Misconfigured(
            f"{where} rejected the tools: {message}. Serve a model whose chat template takes tools "
            "(llama-server --jinja; vLLM --enable-auto-tool-choice --tool-call-parser <name>).", **kw
        )
    return RequestRejected(f"{where} rejected the request: {message}. Its log says more.", **kw)


class _Call:
    """A tool call as its pieces come: done once its arguments are a whole JSON object, or the next call began."""

    def __init__(self, id: str, name: str) -> None:
        self.id, self.name = id, name
        self.parts: list[str] = []
        self.released = False

    def complete(self) -> bool:
        return whole_object("".join(self.parts))

    def release(self) -> ToolCall:
        self.released = True
        return tool_call(self.id, self.name, "".join(self.parts))


class ChunkReader:
    """Chat-completion chunks into the port's events; each tool call goes out as soon as it is complete.

    A call is complete when its arguments parse as a JSON object, when a fragment of another call arrives (servers
    stream parallel calls one after another, at increasing indexes or all at index 0 with new ids), or at the
    finish. A reply cut off at `length` keeps the calls it completed; one cut mid-arguments is dropped.
    """

    def __init__(self, spec: ModelSpec, url: str, *, max_tokens: int | None = None) -> None:
        self.spec, self.url, self.max_tokens = spec, url, max_tokens
        self.usage = Usage()
        self.usage_seen = False
        self.chunks = 0
        self.finish: str | None = None
        self.done = False
        self.calls: dict[int, _Call] = {}
        self.made = 0

    def feed(self, data: str) -> Iterator[ModelEvent]:
        if data.strip() == "[DONE]":
            self.done = True
            return
        chunk = json.loads(data)
        self.chunks += 1
        if chunk.get("error"):
            raise server_error(None, ServerSaid.read(chunk), url=self.url, spec=self.spec, billed=self.usage)
        if chunk.get("usage"):
            u = chunk["usage"]
            cached = int((u.get("prompt_tokens_details") or {}).get("cached_tokens") or 0)
            self.usage = Usage(int(u.get("prompt_tokens", 0)) - cached, int(u.get("completion_tokens", 0)), cached, 0)
            self.usage_seen = True
            yield self.usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            if delta.get("content"):
                yield TextDelta(delta["content"])
            for fragment in delta.get("tool_calls") or []:
                yield from self._fragment(fragment)
            if choice.get("finish_reason"):
                self.finish = choice["finish_reason"]
                if self.finish != "length":
                    yield from self.flush()

    def _fragment(self, fragment: dict[str, Any]) -> Iterator[ModelEvent]:
        index, id = fragment.get("index", 0), fragment.get("id")
        function = fragment.get("function") or {}
        current = self.calls.get(index)
        if current is None or (id and current.id != id):
            # A new call: every other one still open is done, as servers send calls one after another.
            yield from self.flush()
            self.made += 1
            current = self.calls[index] = _Call(id or f"call_{self.made}", function.get("name") or "")
        elif function.get("name") and not current.name:
            current.name = function["name"]
        if current.released:
            return  # what follows a whole object (a trailing space, say) changes nothing
        if function.get("arguments"):
            current.parts.append(function["arguments"])
            if current.complete():
                yield current.release()

    def flush(self) -> Iterator[ModelEvent]:
        for index in sorted(self.calls):
            call = self.calls[index]
            if not call.released:
                yield call.release()

    def end(self) -> Iterator[ModelEvent]:
        if self.finish is None:
            if not self.chunks:
                exc = UpstreamFailed(
                    f"The model server at {self.url} answered with an empty stream: it failed on the request without "
                    "saying why (llama-cpp-python's server does so, e.g. for a prompt longer than its n_ctx). Its log "
                    "says why.", billed=self.usage,
                )
                exc.retryable = False
                raise exc
            raise CutShort(f"The stream from {self.url} ended before a finish reason: try again.", billed=self.usage)
        if self.finish == "length":
            raise cut_short("finish_reason length", billed=self.usage, max_tokens=self.max_tokens)
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
        self.sends_usage: bool | None = None  # None until a stream has ended; False: `done` counts no tokens

    async def _once(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        headers = {"accept": "text/event-stream"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        reader = ChunkReader(self.spec, self.url, max_tokens=request.max_tokens)

        def refused(response: httpx.Response) -> ModelError:
            return server_error(response.status_code, ServerSaid.answered(response), url=self.url, spec=self.spec,
                                retry=retry_after(response.headers))

        async with self.events(json=openai_body(request, self.spec), headers=headers, refused=refused,
                               billed=lambda: reader.usage) as sses:
            async for sse in sses:
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
        for event in reader.end():
            yield event
        if self.sends_usage is None and not reader.usage_seen:
            log.warning("The model server at %s sends no usage (stream_options.include_usage): answers count 0 tokens "
                        "and the budget spends nothing.", self.url)
        self.sends_usage = reader.usage_seen

