"""A turn under way: what its requests have sent so far, each model call's reply as it came, the card it ends on.

- Each request sends the opening, then every call's reply and its tool results: it extends the last request's
  messages byte for byte.
- A reply is rebuilt block by block exactly as the model wrote it (text, tool calls, thinking kept whole), so the
  turn is committed to the conversation exactly as sent.
- A reply cut short after whole tool calls keeps them and drops the words after the last: those calls were done.
- A reply that ends on a card leaves the turn waiting, with what it had spent and done, so the answer to the card
  continues it (`conversation.Waiting`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..model.port import ToolCall, Usage
from .conversation import Conversation, Waiting
from .events import Code, Done, Held, Sentence
from .excerpts import Excerpts
from .opening import Opening
from .receipt import Receipt
from .rules.connective import CONNECTIVE_WORDS
from .tools import Here


class GateLike(Protocol):
    """The gate as the turn uses it (`gate.Gate`): a turn's words in, what the visitor may read out."""

    def feed(self, text: str) -> list[Sentence | Code | Held]: ...
    def flush(self) -> list[Sentence | Code | Held]: ...
    def finish(self) -> list[Sentence | Code | Held]: ...
    def vet(self, text: str, *, about: Iterable[str] = (), words: int = CONNECTIVE_WORDS) -> str | None: ...
    def acted(self, *labels: str) -> None: ...
    def confirms_action(self, text: str) -> bool: ...
    @property
    def none(self) -> bool: ...
    @property
    def held(self) -> list[Held]: ...


class Reply:
    """One model call's assistant turn, rebuilt block by block exactly as it came."""

    def __init__(self) -> None:
        self.blocks: list[dict[str, Any]] = []
        self.calls = 0
        self.results: list[dict[str, Any]] = []
        self.waiting: Waiting | None = None
        self.usage = Usage()
        self.stop = ""
        self.began = False

    def text(self, piece: str) -> None:
        if self.blocks and self.blocks[-1]["type"] == "text":
            self.blocks[-1]["text"] += piece
        elif piece:
            self.blocks.append({"type": "text", "text": piece})

    def tool_use(self, call: ToolCall) -> None:
        self.calls += 1
        self.blocks.append({"type": "tool_use", "id": call.id, "name": call.name, "input": call.input or {}})

    def acted(self) -> Reply:
        """The reply as far as its last tool call, for a call that failed after it: the words after it are unfinished."""
        last = max((i for i, b in enumerate(self.blocks) if b["type"] == "tool_use"), default=-1)
        self.blocks = self.blocks[: last + 1]
        return self


@dataclass
class Underway:
    """A turn under way: where the visitor stands, what it sends, its gate and receipt, the card it ends on."""

    question: str | None
    here: Here
    opening: Opening
    gate: GateLike
    receipt: Receipt
    found: Excerpts | None = None  # search mode: the sections this question brought
    calls: int = 0  # the turn's calls so far, those before a card it continues included
    added: list[dict[str, Any]] = field(default_factory=list)  # the calls' replies and results, after the opening
    waiting: Waiting | None = None
    actions_before: int = field(init=False)  # the actions a card it continues had taken

    def __post_init__(self) -> None:
        self.actions_before = self.here.actions

    @property
    def acted(self) -> bool:
        """Whether this request's calls did something on the page (a read changes nothing)."""
        return self.here.actions > self.actions_before

    @property
    def messages(self) -> list[dict[str, Any]]:
        """What the next request sends: it extends the last one's messages byte for byte."""
        return [*self.opening.messages, *self.added]

    def took(self, reply: Reply, *, last: bool) -> bool:
        """A call's reply added to the messages; whether another call follows."""
        self.receipt.add(reply.usage)
        if reply.blocks:
            self.added.append({"role": "assistant", "content": reply.blocks})
        if not reply.calls:
            return False
        if reply.waiting is not None:
            self.waiting = replace(
                reply.waiting,
                results=tuple(reply.results),
                calls=self.calls,
                actions=self.here.actions,
                output_tokens=self.receipt.spent,
                asked_for_run=self.here.asked_for_run,
            )
            return False
        self.added.append({"role": "user", "content": reply.results})
        return not last

    def done(self) -> Done:
        return self.receipt.done(actions=self.here.actions, waiting=self.waiting is not None)

    def commit(self, conversation: Conversation) -> None:
        """The turn, remembered exactly as it was sent."""
        conversation.commit(
            self.messages,
            held=[h.reason for h in self.gate.held],
            waiting=self.waiting,
            question=self.question is not None,
            given=self.found.whole if self.found is not None else (),
            asked=self.question if self.found is not None else None,
        )


def tool_result(call: str, content: str, *, error: bool = False) -> dict[str, Any]:
    block: dict[str, Any] = {"type": "tool_result", "tool_use_id": call, "content": content}
    if error:
        block["is_error"] = True
    return block

