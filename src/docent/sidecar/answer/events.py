"""The stream's events, named once: what the panel receives, in the order it receives them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

# The gate makes a Sentence, a Cite or a Held for each sentence of every answer: their fields are set in the new
# instance's dict, in their order, not by a call to `object.__setattr__` each as a frozen dataclass's own `__init__`
# does (a Sentence 11.3 k -> 5.0 k instructions). Each stays a frozen dataclass: its equality, repr, hash, `asdict`.


@dataclass(frozen=True, init=False)
class Cite:
    id: str
    title: str
    path: str
    quote: str = ""  # the section's sentence the shown sentence says most of (`cited.cited_line`), a code
    # block's own lines (the run it shows), or ""

    def __init__(self, id: str, title: str, path: str, quote: str = "") -> None:
        made = self.__dict__
        made["id"], made["title"], made["path"], made["quote"] = id, title, path, quote


@dataclass(frozen=True)
class Start:
    conversation: str
    question: int  # this question's number in the conversation, from 1
    model: str
    event = "start"


@dataclass(frozen=True, init=False)
class Sentence:
    """A sentence the gate let through, as plain text, with where the model's Markdown set parts of it apart.

    `spans` are (kind, start, end) over `text`: `code` (inline code, a term its citations hold), `strong`, `em`.
    `item` is the list item it begins: its number, or None for a bullet. `line`: it began a new line of the
    answer (a new paragraph), rather than continuing the one before. `row`: it is a row of a table, its cells
    runs of `text`.
    """

    text: str
    cites: tuple[Cite, ...] = ()
    spans: tuple[tuple[str, int, int], ...] = ()
    item: Item | None = None
    line: bool = False
    row: Row | None = None
    event = "sentence"

    def __init__(
        self, text: str, cites: tuple[Cite, ...] = (), spans: tuple[tuple[str, int, int], ...] = (),
        item: Item | None = None, line: bool = False, row: Row | None = None,
    ) -> None:
        made = self.__dict__
        made["text"], made["cites"], made["spans"], made["item"], made["line"], made["row"] = (
            text, cites, spans, item, line, row
        )


@dataclass(frozen=True)
class Item:
    number: int | None = None


@dataclass(frozen=True)
class Row:
    """A table's row: its cells as (start, end) over the sentence's text; `header`: the table's header row, which
    states no fact and cites nothing."""

    cells: tuple[tuple[int, int], ...]
    header: bool = False


@dataclass(frozen=True)
class Code:
    """A code block the gate let through: the record's own lines, byte for byte, and the sections they are in."""

    language: str
    text: str
    cites: tuple[Cite, ...] = ()
    event = "code"


@dataclass(frozen=True)
class Action:
    """An action in the manifest's words: its label and path, never the model's."""

    tool: str
    id: str
    label: str
    path: str
    extra: dict[str, Any] = field(default_factory=dict)
    event = "action"

    def payload(self) -> dict[str, Any]:
        return {"tool": self.tool, "id": self.id, "label": self.label, "path": self.path, **self.extra}


@dataclass(frozen=True)
class Card:
    kind: Literal["links", "choices", "confirm"]
    call: str  # the tool call it answers
    body: dict[str, Any] = field(default_factory=dict)
    event = "card"

    def payload(self) -> dict[str, Any]:
        return {"kind": self.kind, "call": self.call, **self.body}


@dataclass(frozen=True, init=False)
class Held:
    reason: str  # a code: first_person, unknown_term, no_overlap, uncited, ...
    message: str  # what the visitor reads
    # The lexicon's terms an `unknown_term` hold named, for the owner's report; not sent to the browser.
    terms: tuple[str, ...] = field(default=(), compare=False)
    event = "held"

    def __init__(self, reason: str, message: str, terms: tuple[str, ...] = ()) -> None:
        made = self.__dict__
        made["reason"], made["message"], made["terms"] = reason, message, terms


@dataclass(frozen=True)
class Refused:
    reason: str  # pay, private, none, ...
    message: str  # the policy's words
    event = "refused"


@dataclass(frozen=True)
class Error:
    code: str
    message: str
    event = "error"


@dataclass(frozen=True)
class Done:
    model: str
    actions: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    cost_usd: float = 0.0
    first_word_ms: float | None = None
    bundle: str = ""
    waiting: bool = False  # the turn waits on a card's answer
    event = "done"


StreamEvent = Start | Sentence | Code | Action | Card | Held | Refused | Error | Done


def payload(event: StreamEvent) -> dict[str, Any]:
    """The JSON object sent as an event's data."""
    if isinstance(event, (Action, Card)):
        return event.payload()
    if isinstance(event, Held):
        return {"reason": event.reason, "message": event.message}  # the terms stay on the server
    return asdict(event)
