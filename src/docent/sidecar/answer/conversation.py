"""A conversation: what the model was sent, exactly, and what the next question must know."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Waiting:
    """A card the turn ended on: the visitor's pick or approval continues it as this call's result."""

    call: str  # the tool_use id the model made
    name: str  # the tool or action name
    kind: str  # "choices" or "confirm"
    options: tuple[str, ...] = ()
    results: tuple[dict[str, Any], ...] = ()  # results of the same message's other calls, sent with the answer
    page: str | None = None  # the page of the action or field that asks first
    field_id: str | None = None  # a field that asks first: its element id and the value it would be filled with
    value: str | None = None
    # What the turn had spent when the card stopped it: the answer to the card continues the same bounds.
    calls: int = 0
    actions: int = 0
    output_tokens: int = 0
    asked_for_run: bool = False


@dataclass
class Conversation:
    """Held in the store for thirty minutes; nothing in it is ever logged."""

    token: str
    created: float
    messages: list[dict[str, Any]] = field(default_factory=list)  # exactly as sent, the whole conversation
    questions: int = 0
    held_last: list[str] = field(default_factory=list)  # held reasons of the last turn, for the next note
    waiting: Waiting | None = None
    # Search mode: the record's sections given whole so far as excerpts, not given again (one given cut is searched
    # and cut again for a later question; what the model may cite, every section given, is read from `messages`:
    # `excerpts.given`), and the questions that brought them (the ranking of a follow-up leans on them).
    given: list[str] = field(default_factory=list)
    asked: list[str] = field(default_factory=list)

    def commit(
        self,
        messages: list[dict[str, Any]],
        *,
        held: list[str],
        waiting: Waiting | None,
        question: bool,
        given: Sequence[str] = (),
        asked: str | None = None,
    ) -> None:
        """Remember a turn that succeeded; a failed one never calls this, so nothing of it is kept."""
        self.messages = messages
        self.held_last = held
        self.waiting = waiting
        if question:
            self.questions += 1
        self.given += [sid for sid in given if sid not in self.given]
        if asked is not None:
            self.asked.append(asked)
