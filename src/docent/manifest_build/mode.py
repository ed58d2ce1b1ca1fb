"""Whole or searched: whether the record goes whole into the cached prompt, or is searched for each question.

`auto` (the default) keeps the record whole while the cached prefix (tools, rules, record, map) fits the prompt
budget, and searches it above. Why 50,000 tokens by default: the default model charges its low rate for prompts up
to 100,000 tokens, and a conversation of twelve questions grows a prefix of 50,000 by some 30,000 (questions,
answers, notes), so it stays under that line; and a visitor's first question writes the whole prefix to the cache
before its first word, which at 50,000 tokens is a second or two, not ten. The whole example site is ~13,000.
"""

from __future__ import annotations

from dataclasses import dataclass

from docent import schema
from docent.schema import RecordMode

from .types import Problem

CHOICES = ("auto", "whole", "search")
DEFAULT_BUDGET_TOKENS = 50_000
# The largest context window in the sidecar's model table (docent.sidecar.model.models; a test keeps them equal).
# manifest_build does not import the sidecar: data flows from the build to it.
LARGEST_CONTEXT_TOKENS = 1_000_000
@dataclass(frozen=True, slots=True)
class Mode(schema.Mode):
    """What the build chose, and what it measured: written into the bundle, stated in the summary line."""

    def problems(self) -> list[Problem]:
        if self.record == "whole" and self.prompt_tokens > LARGEST_CONTEXT_TOKENS:
            return [Problem(
                f"record: whole makes a prompt of ~{self.prompt_tokens} tokens, more than the largest model's context "
                f"({LARGEST_CONTEXT_TOKENS}): no model could answer. Set `record: auto` (or `search`) in the docent "
                "plugin's options so that the record is searched for each question."
            )]
        return []

    def said(self) -> str:
        """The summary line's words on the record."""
        if self.asked != "auto":
            return f"record {'whole' if self.record == 'whole' else 'searched'} (as set)"
        if self.record == "whole":
            return f"record whole (within the {self.budget_tokens}-token budget)"
        return f"record searched (whole: ~{self.whole_tokens} tokens, over the {self.budget_tokens}-token budget)"


def choose(asked: str, *, budget_tokens: int, whole_tokens: int) -> RecordMode:
    if asked == "whole":
        return "whole"
    if asked == "search":
        return "search"
    return "whole" if whole_tokens <= budget_tokens else "search"
