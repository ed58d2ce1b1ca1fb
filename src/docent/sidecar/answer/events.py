"""The stream's events, named once: what the panel receives, in the order it receives them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Literal

import msgspec

# The gate makes a Sentence and its Cites for each sentence of every answer, and the stream frames each: they are
# msgspec Structs (made in C: a Sentence with one Cite 3.3 -> 0.6 us, framed 5.2 -> 1.1 us, tests/bench/README.md),
# frozen, equal, hashed and shown as a frozen dataclass is; `omit_defaults` leaves out of their JSON what the panel
# reads as absent (no quote, no spans, no item, not a new line, no row). No field can hold one of them again: no
# cycle, so the collector need not track them (`gc=False`).


class Cite(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    id: str
    title: str
    path: str
    quote: str = ""  # the section's sentence the shown sentence says most of (`cited.cited_line`), a code
    # block's own lines (the run it shows), or ""


@dataclass(frozen=True)
class Start:
    conversation: str
    question: int  # this question's number in the conversation, from 1
    model: str
    event = "start"


class Sentence(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """A sentence the gate let through, as plain text, with where the model's Markdown set parts of it apart.

    `spans` are (kind, start, end) over `text`: `code` (inline code, a term its citations hold), `strong`, `em`.
    `item` is the list item it begins: its number, or None for a bullet. `line`: it began a new line of the
    answer (a new paragraph), rather than continuing the one before. `row`: it is a row of a table, its cells
    runs of `text`. `heading`: a heading the model wrote ("## Updating a project"), a label shown only with what it
    labels (`headings`).
    """

    text: str
    cites: tuple[Cite, ...] = ()
    spans: tuple[tuple[str, int, int], ...] = ()
    item: Item | None = None
    line: bool = False
    row: Row | None = None
    heading: bool = False
    event = "sentence"


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
    """A code block the gate let through: the record's own lines, byte for byte, and the sections they are in; `run`,
    where they are a run of a longer block (a window of it, or the lines the model quoted), their first and last line
    in it (from 1) and the block's lines, which the panel's reader and an agent are both told (`code.js`, `ask`)."""

    language: str
    text: str
    cites: tuple[Cite, ...] = ()
    run: tuple[int, int, int] | None = None
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


# A frozen dataclass, not a Struct: its `terms` are left out of its equality, which a Struct cannot leave out.
@dataclass(frozen=True)
class Held:
    reason: str  # a code: first_person, unknown_term, no_overlap, uncited, ...
    message: str  # what the visitor reads
    # The lexicon's terms an `unknown_term` hold named, for the owner's report; not sent to the browser.
    terms: tuple[str, ...] = field(default=(), compare=False)
    event = "held"


@dataclass(frozen=True)
class Referred(Held):
    """A hold the gate is not sure of (`Rule.sure`), referred to the model check with the sentence it would show
    (`Judge.refers`): the check shows `sentence` on a supported verdict; otherwise the hold stands. Only a gate made for
    the check (`refer`) refers, and the check's wrapper (`checking.Checked`) never lets one through as it is."""

    sentence: Sentence | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class LateNone(Held):
    """`[[none]]` written after the gate let a sentence through, which the gate alone drops; given, in its place among
    the events, only by a gate made for the check (`refer`): what the gate let through before it is the check's to
    show, and where the check showed none of it the answer is the refusal (`checking.Checked`), as it is when the gate
    holds them. The check's wrapper never lets one through."""

    reason: str = "none"
    message: str = ""


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
    """The JSON object sent as an event's data, as `stream.frame` writes it for the panel (field by field, for speed):
    two writers of one shape, compared on every kind of event, each field set and unset (tests/sidecar/test_events.py)."""
    if isinstance(event, (Action, Card)):
        return event.payload()
    if isinstance(event, Held):
        return {"reason": event.reason, "message": event.message}  # the terms stay on the server
    if isinstance(event, (Sentence, Code)):  # as its frame words it, read back: a Sentence's "cites" always
        data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(event))
        data.setdefault("cites", [])
        if data.get("run", ()) is None:  # a code block shown whole: no run, as its frame words it
            del data["run"]
        return data
    return asdict(event)
