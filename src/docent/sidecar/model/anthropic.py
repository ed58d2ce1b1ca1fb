"""The Anthropic adapter: the Messages API's server-sent events read into the port's events.

Reference: `../shared/anthropic-api.md`. Lines are split on CR/LF only (httpx-sse >= 0.4.2):
U+2028 may stand raw inside a JSON string, and httpx's own line reader would cut it there.
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
    SystemRoleUnsupported,
    TextDelta,
    Thinking,
    TimedOut,
    UpstreamFailed,
    Usage,
)
from .retry import Retry, retry_after
from .wire import TIMEOUT, TRUNCATED, anthropic_body, body_bytes, cut_short, tool_call, whole_object

API_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"


def api_error(
    kind: str, message: str, *, spec: ModelSpec, status: int | None = None, billed: Usage | None = None,
    retry_after: float | None = None,
) -> ModelError:
    """The port's error for an API error type (`overloaded_error`, ...) or, failing that, an HTTP status."""
    where = f"Anthropic ({status} {kind})" if status else f"Anthropic ({kind} mid-stream)"
    kw: dict[str, Any] = {"billed": billed, "retry_after": retry_after}
    if kind == "invalid_request_error" and "role 'system' is not supported" in message:
        return SystemRoleUnsupported(
            f"{where}: {message}. Send the note as a <system-reminder> block in the user turn "
            f"(set mid_system=False for {spec.id} in docent.sidecar.model.models).", **kw
        )
    said = {"where": where, "message": message, "model": spec.id}
    for kinds, statuses, error, words in _ERRORS:
        if kind in kinds or status in statuses:
            return error(words.format(**said), **kw)
    if (status or 500) >= 500:  # a 5xx, or an error type of its own mid-stream
        return UpstreamFailed(f"{where}: {message}. Anthropic failed: try again.", **kw)
    return RequestRejected(f"{where}: {message}. Check the request the turn builds for {spec.id}.", **kw)


# Anthropic's error types and HTTP statuses -> the port's error and what to do; the first row that matches says.
_ERRORS: tuple[tuple[frozenset[str], frozenset[int], type[ModelError], str], ...] = tuple(
    (frozenset(kinds.split()), frozenset(statuses), error, words) for kinds, statuses, error, words in (
        ("authentication_error permission_error", (401, 403), Misconfigured,
         "ANTHROPIC_API_KEY was refused: set a valid key. {where}: {message}"),
        ("billing_error", (402,), Misconfigured, "{where}: {message}. Add credit to the Anthropic account of the key."),
        ("not_found_error", (404,), Misconfigured,
         "{where}: {message}. The model id {model!r} may be wrong: set DOCENT_MODEL=anthropic:<model id>."),
        ("request_too_large", (413,), RequestRejected,
         "{where}: {message}. The request is too large: shorten the record or the conversation."),
        ("rate_limit_error", (429,), RateLimited,
         "{where}: {message}. Too many requests for this key: wait, or raise the key's limits."),
        ("overloaded_error", (529,), Overloaded, "{where}: {message}. Anthropic is overloaded: try again shortly."),
        ("timeout_error", (408, 504), TimedOut, "{where}: {message}. The model took too long: try again."),
        ("api_error conflict_error", (409,), UpstreamFailed, "{where}: {message}. Anthropic failed: try again."),
    )
)


def status_error(response: httpx.Response, spec: ModelSpec) -> ModelError:
    """The port's error for a non-200 answer of any Anthropic endpoint (messages, models, count_tokens)."""
    try:
        error = response.json()["error"]
        kind, message = str(error.get("type", "")), str(error.get("message", ""))
    except (ValueError, KeyError, TypeError, AttributeError):
        kind, message = "", response.text[:200] or response.reason_phrase
    exc = api_error(kind, message, spec=spec, status=response.status_code, retry_after=retry_after(response.headers))
    should = response.headers.get("x-should-retry")
    if should in ("true", "false"):
        exc.retryable = should == "true"  # the API's word wins over the class default
    return exc


def _usage(fields: dict[str, Any], base: Usage) -> Usage:
    """`base` with the fields present replaced: message_delta's counts are cumulative, not increments."""
    def pick(key: str, old: int) -> int:
        value = fields.get(key)
        return int(value) if isinstance(value, int) else old

    return Usage(
        pick("input_tokens", base.input_tokens),
        pick("output_tokens", base.output_tokens),
        pick("cache_read_input_tokens", base.cache_read_tokens),
        pick("cache_creation_input_tokens", base.cache_write_tokens),
    )


class MessageReader:
    """Turns one stream's events into the port's events, keeping what a failure was billed for."""

    def __init__(self, spec: ModelSpec) -> None:
        self.spec = spec
        self.usage = Usage()
        self.stop_reason: str | None = None
        self.stopped = False
        self.tools: dict[int, tuple[str, str, list[str]]] = {}  # calls still streaming their input
        self.unfinished: dict[int, tuple[str, str, list[str]]] = {}  # stopped with input that is no whole object
        self.thinking: dict[int, dict[str, Any]] = {}  # blocks kept whole, to be sent back unmodified

    def feed(self, name: str, data: dict[str, Any]) -> Iterator[ModelEvent]:
        if name == "message_start":
            self.usage = _usage(data.get("message", {}).get("usage") or {}, self.usage)
            yield self.usage
        elif name == "content_block_start":
            block = data.get("content_block", {})
            if block.get("type") == "tool_use":
                self.tools[data.get("index", 0)] = (block.get("id", ""), block.get("name", ""), [])
            elif block.get("type") in ("thinking", "redacted_thinking"):
                self.thinking[data.get("index", 0)] = dict(block)
            elif block.get("type") == "text" and block.get("text"):
                yield TextDelta(block["text"])
        elif name == "content_block_delta":
            delta = data.get("delta", {})
            if delta.get("type") == "text_delta" and delta.get("text"):
                yield TextDelta(delta["text"])
            elif delta.get("type") == "input_json_delta" and data.get("index", 0) in self.tools:
                self.tools[data.get("index", 0)][2].append(delta.get("partial_json", ""))
            elif delta.get("type") == "thinking_delta" and data.get("index", 0) in self.thinking:
                block = self.thinking[data.get("index", 0)]
                block["thinking"] = block.get("thinking", "") + delta.get("thinking", "")
            elif delta.get("type") == "signature_delta" and data.get("index", 0) in self.thinking:
                self.thinking[data.get("index", 0)]["signature"] = delta.get("signature", "")  # set, never appended
        elif name == "content_block_stop":
            yield from self._block_stop(data.get("index", 0))
        elif name == "message_delta":
            self.stop_reason = data.get("delta", {}).get("stop_reason") or self.stop_reason
            if data.get("usage"):
                self.usage = _usage(data["usage"], self.usage)
                yield self.usage
        elif name == "message_stop":
            self.stopped = True
            yield from self.finish()
        elif name == "error":
            error = data.get("error", {})
            raise api_error(str(error.get("type", "")), str(error.get("message", "")), spec=self.spec, billed=self.usage)
        # ping and event types added later are ignored

    def _block_stop(self, index: int) -> Iterator[ModelEvent]:
        if index in self.thinking:
            yield Thinking(self.thinking.pop(index))
        elif index in self.tools:
            id, tool, parts = self.tools.pop(index)
            raw = "".join(parts)
            if not raw.strip() or whole_object(raw):
                yield tool_call(id, tool, raw)  # each whole call goes out at once, before the reply ends
            else:
                self.unfinished[index] = (id, tool, parts)  # cut off, or broken: the stop reason says which

    def finish(self) -> Iterator[ModelEvent]:
        # A call cut off by max_tokens may get no content_block_stop, or stop with half its input: it is dropped, as
        # the OpenAI adapter drops one cut at `length`, and the whole calls before it stand. Any other stop reason
        # makes such a call a broken one, which the turn answers with an error.
        pending = {**self.tools, **self.unfinished}
        self.tools, self.unfinished = {}, {}
        if self.stop_reason in TRUNCATED:
            raise cut_short(self.stop_reason or "", billed=self.usage)
        for index in sorted(pending):
            id, tool, parts = pending[index]
            yield tool_call(id, tool, "".join(parts))
        if self.stop_reason == "refusal":
            raise Refused("The model declined to answer (refusal).", billed=self.usage)
        yield Stop(self.stop_reason or "end_turn")


class AnthropicModel(HttpModel):
    """`POST /v1/messages` with `stream: true`, over an injected or owned httpx client."""

    name = "Anthropic"
    unreachable_hint = "check the network."

    def __init__(
        self,
        spec: ModelSpec,
        *,
        api_key: str,
        client: httpx.AsyncClient | None = None,
        base_url: str = API_URL,
        timeout: httpx.Timeout | float = TIMEOUT,
        retry: Retry | None = None,
    ) -> None:
        super().__init__(spec, url=base_url.rstrip("/") + "/v1/messages", client=client, timeout=timeout, retry=retry)
        self.api_key = api_key

    async def _once(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        headers = {
            "x-api-key": self.api_key,
            "anthropic-version": API_VERSION,
            "content-type": "application/json",
            "accept": "text/event-stream",
        }
        reader = MessageReader(self.spec)
        content = body_bytes(anthropic_body(request, self.spec))
        async with self.events(content=content, headers=headers, refused=lambda response: status_error(response, self.spec),
                               billed=lambda: reader.usage) as events:
            async for sse in events:
                try:
                    data = json.loads(sse.data) if sse.data else {}
                except ValueError as exc:
                    raise UpstreamFailed(f"Anthropic sent a {sse.event} event that is not JSON.", billed=reader.usage) from exc
                for event in reader.feed(sse.event, data):
                    yield event
                if reader.stopped:
                    return
        raise CutShort("The stream from Anthropic ended before message_stop: try again.", billed=reader.usage)

