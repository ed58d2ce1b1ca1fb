"""The record's sentences worth quoting: no tables flattened into figures, no code, no citations of their own."""

from __future__ import annotations

import re

from ..bundle import Section

SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"“(]?[A-Z0-9])")


def _marks(sentence: str) -> list[str]:
    return [m for m in ("[[", "|", "```") if m in sentence]


def _mostly_figures(sentence: str) -> bool:
    """A table flattened into text: more figures than words make no sentence."""
    tokens = sentence.split()
    return sum(any(c.isdigit() for c in t) or t in {"%", "–", "-"} for t in tokens) * 2 > len(tokens)


def quotes(section: Section) -> list[str]:
    """A section's sentences worth saying, in order."""
    return [
        s.strip()
        for s in SENTENCE.split(section.text)
        if 3 <= len(s.split()) <= 45 and not _marks(s) and not _mostly_figures(s)
    ]
