"""The model port: one streaming operation, the events it yields, and its failures."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncGenerator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, runtime_checkable

import msgspec

# "any": the model must call one of the tools (the sentence check's verdict); where a model refuses a forced choice
# (`ModelSpec.forced_tool_choice` False: Sonnet 5.5 answers 400) the adapters send "auto" and the prompt asks for it.
ToolChoice = Literal["auto", "none", "any"]
# How the sentence check's request gives its sentences, in its last text block, one a line as JSON after this line: the
# check (answer/check_request.py) writes them (`check_lines`), a model answering from recorded verdicts (verdicts.py)
# reads them (`checked_sentences`).
CHECKED_SENTENCES = "The sentences, one a line: n, the labels it cites, its words."
# How it gives the sections they cite, in its first text block, one a line as JSON after this line (`cited_lines`): a
# section's trail and text are a JSON string's, so nothing in them can begin a line, end the block or pass as a label.
CITED_SECTIONS = "The cited sections, one a line: label, heading trail, text (the page's words, data to judge by)."
# What JSON leaves as it is (ensure_ascii=False) and a reader may take for a line's end or not see at all: C1 controls
# (U+0085, a line's end to str.splitlines), the line and paragraph separators, invisible format characters
# (zero-width, direction marks, the byte order mark); each written as its `\uXXXX` escape, which JSON reads back
_HIDDEN = re.compile("[\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]")


def data_line(row: Mapping[str, Any]) -> str:
    """`row` as one line of JSON a model reads as data: every string escaped as JSON escapes it (a quote, a backslash,
    a line break), and every character a reader may take for a line's end or not see (`_HIDDEN`) as its escape, so
    no string in it can end it, begin another line, or hide a character; every other character as it is."""
    return _HIDDEN.sub(lambda m: f"\\u{ord(m[0]):04x}", json.dumps(row, ensure_ascii=False, separators=(",", ":")))


@dataclass(frozen=True)
class ModelSpec:
    """One row of a model table: what a model costs and what it accepts."""

    id: str
    input_per_mtok: float = 0.0
    output_per_mtok: float = 0.0
    cache_write_per_mtok: float = 0.0
    cache_read_per_mtok: float = 0.0
    mid_system: bool = False  # takes {"role": "system"} in the middle of a conversation
    forced_tool_choice: bool = True
    effort: str | None = None
    thinking_off: dict[str, Any] | None = None  # what to send to turn thinking off, if anything
    offline: bool = False  # the embedded model: no key, no network
    context: int | None = None  # input tokens it takes at most (max_input_tokens); None: the table does not know

    def cost(self, usage: Usage) -> float:
        """Dollars for a usage at this model's prices."""
        return (
            usage.input_tokens * self.input_per_mtok
            + usage.output_tokens * self.output_per_mtok
            + usage.cache_write_tokens * self.cache_write_per_mtok
            + usage.cache_read_tokens * self.cache_read_per_mtok
        ) / 1_000_000


@dataclass(frozen=True)
class ModelRequest:
    system: list[dict[str, Any]]
    tools: list[dict[str, Any]]
    messages: list[dict[str, Any]]
    max_tokens: int = 700
    tool_choice: ToolChoice = "auto"
    # The automatic cache breakpoint at the request's tail (Anthropic's top-level `cache_control`): a conversation's
    # next call reads it. Off for a request whose prefix is never sent again (the sentence check's: each differs in its
    # sentence, the last block), where a prefix over the model's minimum would be written at 1.25 times the input
    # price and never read.
    cache_tail: bool = True
    # A reservation made for this call before it (spending.budget.Allowance, with the question's take): the budget's
    # layer takes it instead of a round trip of its own when the call's worst case is within it. No adapter reads it.
    allowance: Any = field(default=None, compare=False, repr=False)


# The events a stream yields most (a TextDelta a delta, a Usage or two and a Stop a call) are frozen msgspec Structs,
# made in C: a frozen dataclass sets each field through object.__setattr__. Their fields are strings and numbers, so
# the collector need not track them (`gc=False`). ToolCall and Thinking hold dicts and come once a call: dataclasses.
class TextDelta(msgspec.Struct, frozen=True, gc=False):
    text: str


@dataclass(frozen=True)
class ToolCall:
    """A complete tool call; `input` is None when its JSON did not parse."""

    id: str
    name: str
    input: dict[str, Any] | None
    raw: str = ""


@dataclass(frozen=True)
class Thinking:
    """A whole `thinking` or `redacted_thinking` block, signature and all, exactly as it came.

    The turn sends it back unmodified and in its place in the assistant turn (a modified block is a 400);
    the gate never sees it and the visitor never reads it.
    """

    block: dict[str, Any]


class Usage(msgspec.Struct, frozen=True, gc=False):
    """Cumulative token counts for one call; the last one a stream yields wins."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_read_tokens + other.cache_read_tokens,
            self.cache_write_tokens + other.cache_write_tokens,
        )


class Stop(msgspec.Struct, frozen=True, gc=False):
    reason: str  # end_turn, tool_use, stop_sequence, ...


ModelEvent = TextDelta | ToolCall | Thinking | Usage | Stop


class ModelError(Exception):
    """A model call that failed; says what it was billed for and whether a retry may help."""

    code = "model_error"
    retryable = False
    for_operator = False  # misconfiguration: the operator must act, the visitor is told little

    def __init__(self, message: str, *, billed: Usage | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.billed = billed or Usage()
        self.retry_after = retry_after


class Overloaded(ModelError):
    code = "overloaded"
    retryable = True


class RateLimited(ModelError):
    code = "rate_limited"
    retryable = True


class UpstreamFailed(ModelError):
    code = "upstream_failed"
    retryable = True


class Unreachable(ModelError):
    code = "unreachable"
    retryable = True


class TimedOut(ModelError):
    code = "timed_out"
    retryable = True


class Misconfigured(ModelError):
    code = "misconfigured"
    for_operator = True


class RequestRejected(ModelError):
    """The provider rejected the request as malformed or too large (400, 413)."""

    code = "rejected"


class SystemRoleUnsupported(RequestRejected):
    """400 "role 'system' is not supported on this model": send the note as a reminder instead."""

    code = "system_role_unsupported"


class Refused(ModelError):
    code = "refused"


class CutShort(ModelError):
    """max_tokens, a context window exceeded, or a stream that ended before message_stop."""

    code = "cut_short"


class Unavailable(ModelError):
    """No model: the absent model, a spent budget, a full bulkhead."""

    code = "unavailable"


class BudgetSpent(Unavailable):
    code = "budget_spent"


class BulkheadFull(Unavailable):
    code = "busy"
    retryable = True


@runtime_checkable
class LanguageModel(Protocol):
    # Read-only: a decorator lends its inner model's spec through a property and is still a model.
    @property
    def spec(self) -> ModelSpec: ...

    def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]: ...

    async def aclose(self) -> None: ...


@dataclass(frozen=True)
class CheckedSentence:
    """One sentence of a check's request: its number (from 1), the labels of the sections it cites, its words, the
    code block the answer shows right after it, as the request gives it ("" for none), and the labels of the sections
    that block is the record's lines of (`code_from`)."""

    n: int
    cites: tuple[str, ...]
    text: str
    code: str = ""
    code_from: tuple[str, ...] = ()


def check_lines(sentences: Sequence[tuple[str, Sequence[str]]],
                code: Mapping[int, tuple[str, Sequence[str]]] | None = None) -> str:
    """A check's sentences as its request gives them: numbered from 1, each a line of JSON (its words escaped, so no
    sentence can write a line of another's); `code`, by a sentence's place (from 0), the code block the answer shows
    right after it (`code_after`, escaped as its words are) and the labels of the sections it is from (`code_from`)."""
    code = code or {}
    lines = (data_line({"n": n, "cites": list(cites), "sentence": text}
                       | ({"code_after": code[n - 1][0], "code_from": list(code[n - 1][1])} if n - 1 in code else {}))
             for n, (text, cites) in enumerate(sentences, 1))
    return "\n".join((CHECKED_SENTENCES, *lines))


def cited_lines(sections: Sequence[tuple[str, str, str]]) -> str:
    """A check's cited sections as its request gives them: after `CITED_SECTIONS`, each (label, heading trail, text)
    a line of JSON (`data_line`), so a section's words are one JSON string's, whatever they hold."""
    return "\n".join((CITED_SECTIONS, *(data_line({"label": label, "trail": trail, "text": text})
                                         for label, trail, text in sections)))


def cited_sections(request: ModelRequest) -> list[tuple[str, str, str]]:
    """The sections a check's request shows, (label, trail, text), from its first text block, as `cited_lines` wrote
    them (none for a request that is no check's)."""
    content = request.messages[-1].get("content") if request.messages else None
    first = content[0] if isinstance(content, list) and content else {}
    head, _, body = (first.get("text", "") if isinstance(first, dict) else "").partition("\n")
    if head != CITED_SECTIONS:
        return []
    try:
        return [(str(row["label"]), str(row["trail"]), str(row["text"])) for row in map(json.loads, filter(None, body.split("\n")))]
    except (ValueError, TypeError, KeyError):
        return []  # words that only begin as a check's do


def checked_sentences(request: ModelRequest) -> list[CheckedSentence]:
    """The sentences a check's request asks about, from its last text block (none for a request that is no check's)."""
    content = request.messages[-1].get("content") if request.messages else None
    last = content[-1] if isinstance(content, list) and content else {}
    said = last.get("text", "") if isinstance(last, dict) else ""
    head, _, body = said.partition("\n")
    if head != CHECKED_SENTENCES:
        return []
    out = []
    for line in body.split("\n"):  # JSON escapes a newline in its strings; splitlines would cut at U+2028
        try:
            row = json.loads(line)
            out.append(CheckedSentence(int(row["n"]), tuple(map(str, row["cites"])), str(row["sentence"]),
                                       str(row.get("code_after", "")), tuple(map(str, row.get("code_from", ())))))
        except (ValueError, TypeError, KeyError):
            return []  # words that only begin as a check's do (a question typed so): no check's sentences
    return out
