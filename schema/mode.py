"""Whole or searched: what the build chose for the record, and what it measured, as the bundle carries it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

RecordMode = Literal["whole", "search"]


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
