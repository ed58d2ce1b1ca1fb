"""A turn's opening: the conversation as sent so far, then the turn's user message, and the note where it goes.

- The messages before the opening never change: each request extends the last one byte for byte, so the
  prompt cache serves them.
- The note (`screen.note`) goes as a system message after the user's, where the model takes one mid-conversation;
  otherwise, and in a conversation that has sent it as a reminder before, as a `<system-reminder>` block at the end
  of the user's message.
- A model that refuses the system message after all (its row in the model table was wrong) gets the reminder from
  then on: the opening places itself again, and nothing before it changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .screen import reminder

REMINDER = "<system-reminder>"


@dataclass(frozen=True)
class Opening:
    before: tuple[dict[str, Any], ...]  # the conversation exactly as sent so far
    content: tuple[dict[str, Any], ...]  # the user's message: a card's results, excerpts, the fenced question
    note: str  # what the page shows, what failed, what was held; "" when there is nothing to say
    as_reminder: bool  # the note goes in the user's message rather than as a system message

    @classmethod
    def of(
        cls, before: Sequence[dict[str, Any]], content: Sequence[dict[str, Any]], note: str, *, mid_system: bool
    ) -> Opening:
        """The opening where the model table says the note goes, unless this conversation already fell back."""
        return cls(tuple(before), tuple(content), note, as_reminder=not mid_system or reminded(before))

    @property
    def placed(self) -> list[dict[str, Any]]:
        """The turn's opening messages: the user's content, and the note in its place."""
        if not self.note:
            return [{"role": "user", "content": list(self.content)}]
        if self.as_reminder:
            return [{"role": "user", "content": [*self.content, reminder(self.note)]}]
        return [{"role": "user", "content": list(self.content)}, {"role": "system", "content": self.note}]

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The conversation so far, then the opening: what the turn's first request sends."""
        return [*self.before, *self.placed]

    @property
    def sends_system(self) -> bool:
        """Whether the opening holds a system message, the one thing a refusal of the system role can be about."""
        return bool(self.note) and not self.as_reminder

    def reminding(self) -> Opening:
        """The same opening with the note as a reminder, for a model that refused the system message."""
        return replace(self, as_reminder=True)


def reminded(messages: Sequence[dict[str, Any]]) -> bool:
    """Whether this conversation already sends its note as a reminder (the model refused a system message).

    Every question reads the whole conversation here: plain loops, not a generator for each message."""
    for m in messages:
        if m.get("role") == "user":
            content = m.get("content")
            if isinstance(content, list):
                for b in content:
                    if b.get("type") == "text" and b.get("text", "").startswith(REMINDER):
                        return True
    return False
