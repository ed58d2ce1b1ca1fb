"""The replay model: scripted replies that stand in for a model, for tests, evals and benches.

The script format is documented in the documentation ("The replay format", site-docs/docs/models.md); in short:
`{"replies": [{"question": regex, "calls": [[block, ...], ...], "usage": {...}}], "fragments": n, "seed": n}`.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import AsyncGenerator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from .models import spec_for
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
    Unavailable,
    Unreachable,
    UpstreamFailed,
    Usage,
)
from .question import asked, calls_since_question, tool_uses
from .wire import TRUNCATED, anthropic_body, body_bytes, tool_call

ERRORS: dict[str, type[ModelError]] = {
    cls.code: cls
    for cls in (
        Overloaded, RateLimited, UpstreamFailed, Unreachable, TimedOut, Misconfigured,
        RequestRejected, SystemRoleUnsupported, Refused, CutShort, Unavailable,
    )
}
# The stop reasons the Anthropic adapter raises on, raised the same way.
STOPS: dict[str, type[ModelError]] = {**dict.fromkeys(TRUNCATED, CutShort), "refusal": Refused}
BLOCKS = ("text", "tool", "thinking", "redacted_thinking", "stop", "error", "sleep")
NONE = [{"text": "[[none]]"}]


class ScriptError(ValueError):
    """A replay script that cannot be read; the message names the file and the place."""


@dataclass(frozen=True)
class Reply:
    question: re.Pattern[str]
    calls: list[list[dict[str, Any]]]
    usage: Usage | None


def _usage(fields: dict[str, Any]) -> Usage:
    return Usage(
        int(fields.get("input_tokens", 0)),
        int(fields.get("output_tokens", 0)),
        int(fields.get("cache_read_input_tokens", fields.get("cache_read_tokens", 0))),
        int(fields.get("cache_creation_input_tokens", fields.get("cache_write_tokens", 0))),
    )


@dataclass(frozen=True)
class Script:
    replies: list[Reply]
    fragments: int | None = None  # pinned fragment length; None: random lengths 1..6
    seed: int = 0

    @classmethod
    def load(cls, path: Path | str) -> Script:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ScriptError(f"No replay script at {path}: write one (see \"The replay format\" in site-docs/docs/models.md).") from None
        except ValueError as exc:
            raise ScriptError(f"The replay script {path} is not JSON: {exc}.") from exc
        return cls.from_json(data, source=str(path))

    @classmethod
    def from_json(cls, data: Any, *, source: str = "replay script") -> Script:
        if not isinstance(data, dict) or not isinstance(data.get("replies"), list):
            raise ScriptError(f'{source}: expected {{"replies": [...]}}.')
        replies = [_reply(item, f"{source}: replies[{i}]") for i, item in enumerate(data["replies"])]
        fragments = data.get("fragments")
        if fragments is not None and (not isinstance(fragments, int) or fragments < 1):
            raise ScriptError(f"{source}: fragments must be a whole number of characters, 1 or more.")
        return cls(replies, fragments, int(data.get("seed", 0)))

    def match(self, question: str) -> Reply | None:
        return next((r for r in self.replies if r.question.search(question)), None)


def _reply(item: Any, where: str) -> Reply:
    if not isinstance(item, dict) or not isinstance(item.get("question"), str):
        raise ScriptError(f'{where}: each reply needs "question", a regular expression.')
    try:
        pattern = re.compile(item["question"], re.IGNORECASE)
    except re.error as exc:
        raise ScriptError(f"{where}.question: not a regular expression ({exc}).") from exc
    calls = item.get("calls", [])
    if not isinstance(calls, list) or not all(isinstance(c, list) for c in calls):
        raise ScriptError(f'{where}.calls: expected a list of calls, each a list of blocks.')
    for c, call in enumerate(calls):
        for b, block in enumerate(call):
            if not isinstance(block, dict) or not any(k in block for k in BLOCKS):
                raise ScriptError(f"{where}.calls[{c}][{b}]: a block is one of {', '.join(BLOCKS)} ({block!r}).")
            if "error" in block and block["error"] not in ERRORS:
                raise ScriptError(f"{where}.calls[{c}][{b}]: unknown error {block['error']!r}: use one of {', '.join(ERRORS)}.")
    usage = item.get("usage")
    return Reply(pattern, calls, _usage(usage) if isinstance(usage, dict) else None)


def _pieces(text: str, *, size: int | None, rng: Callable[[], random.Random]) -> Iterator[str]:
    i = 0
    while i < len(text):
        step = size or rng().randint(1, 6)
        yield text[i : i + step]
        i += step


class ReplayModel:
    """Answers from a script: the first reply whose `question` matches, one `calls` entry per model call."""

    def __init__(
        self,
        script: Script | Path | str,
        *,
        spec: ModelSpec | None = None,
        log_path: Path | None = None,
        fragments: int | None = None,
    ) -> None:
        self.script = script if isinstance(script, Script) else Script.load(script)
        self.spec = spec or spec_for("replay")
        self.log_path = log_path
        self.fragments = fragments or self.script.fragments

    def _log(self, body: dict[str, Any]) -> bytes | None:
        if self.log_path is None:
            return None
        data = body_bytes(body)
        with open(self.log_path, "ab") as log:
            log.write(data + b"\n")  # one write per line, so concurrent calls do not interleave
        return data

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        body = anthropic_body(request, self.spec)
        sent = self._log(body)
        question = asked(request)
        call = calls_since_question(request)
        reply = self.script.match(question)
        blocks = NONE if reply is None else (reply.calls[call] if call < len(reply.calls) else [])
        written = sum(len(b.get("text", "")) for b in blocks)
        if reply and reply.usage:
            usage = reply.usage
        else:  # the request's size as sent, serialised only when no script says what it costs
            usage = Usage(len(sent if sent is not None else body_bytes(body)) // 4, max(1, written // 4))
        yield Usage(usage.input_tokens, 0, usage.cache_read_tokens, usage.cache_write_tokens)
        seeded: list[random.Random] = []  # seeded (a SHA-512 of the string) only when the script's pieces vary in size

        def rng() -> random.Random:
            if not seeded:
                seeded.append(random.Random(f"{self.script.seed}:{question}:{call}"))
            return seeded[0]

        tools = tool_uses(request)
        stop = "end_turn"
        for block in blocks:
            if "text" in block:
                for piece in _pieces(block["text"], size=self.fragments, rng=rng):
                    yield TextDelta(piece)
            elif "tool" in block:
                tools += 1
                raw: Any = block.get("input", {})  # a tool's input as the script gives it: JSON text or a value
                yield tool_call(f"toolu_replay_{tools}", block["tool"], raw if isinstance(raw, str) else json.dumps(raw))
                stop = "tool_use"
            elif "thinking" in block:
                yield Thinking({"type": "thinking", "thinking": block["thinking"], "signature": block.get("signature", "")})
            elif "redacted_thinking" in block:
                yield Thinking({"type": "redacted_thinking", "data": block["redacted_thinking"]})
            elif "sleep" in block:
                await anyio.sleep(float(block["sleep"]))
            elif "error" in block:
                error = ERRORS[block["error"]]
                raise error(f"The replay script breaks the stream here ({block['error']}).", billed=usage)
            elif block["stop"] in STOPS:
                yield usage
                raise STOPS[block["stop"]](f"The replay script stops here ({block['stop']}).", billed=usage)
            else:
                stop = block["stop"]
        yield usage
        yield Stop(stop)

    async def aclose(self) -> None:
        return None
