"""Whole or searched: what the build chose for the record, and what it measured, as the bundle carries it."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

RecordMode = Literal["whole", "search"]
CHARS_PER_TOKEN = 4  # the usual estimate for English prose; the budget leaves room for a tokenizer that counts more
# A searched record's excerpts, at most, a question (`sidecar.answer.excerpts`); the record search reads a found section
# no further than they could give of it (`record_index_order.READ`).
EXCERPT_TOKENS = 4_000


def tokens(chars: int) -> int:
    """An estimate of the tokens in `chars` characters of prompt."""
    return math.ceil(chars / CHARS_PER_TOKEN)


def prefix_chars(tools: Sequence[object], system: Sequence[dict[str, object]]) -> int:
    """The cached prefix's size: the tools as JSON and the system prompt's text."""
    return len(json.dumps(tools, ensure_ascii=False, separators=(",", ":"))) + sum(
        len(str(block["text"])) for block in system
    )


@dataclass(frozen=True, slots=True)
class Mode:
    """The record whole in the cached prompt, or searched for each question (manifest_build.mode chooses)."""

    record: RecordMode
    asked: str  # the owner's `record:` option: auto, whole or search
    budget_tokens: int
    prompt_tokens: int  # the cached prefix as built: tools and system prompt
    whole_tokens: int  # the cached prefix had the record gone whole

    @property
    def searched(self) -> bool:
        return self.record == "search"
