"""The record's sentences worth quoting: no tables flattened into figures, no code, no citations of their own."""

from __future__ import annotations

import re

from ..bundle import Section

FIGURE_RUN = 4  # figures in a row: the cells of a table, not a sentence
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[\"“(]?[A-Z0-9])")


def _marks(sentence: str) -> list[str]:
    return [m for m in ("[[", "|", "```") if m in sentence]


def _mostly_figures(sentence: str) -> bool:
    """A table flattened into text: more figures than words, or a run of figures with nothing between them
    ("0 % 71 % 14 %"), make no sentence; "from 14 % to 4.2 %" and "1 %, 10 %, 50 %" are prose."""
    tokens = sentence.split()
    figure = [any(c.isdigit() for c in t) or t in {"%", "–", "-"} for t in tokens]
    run = longest = 0
    for is_figure in figure:
        run = run + 1 if is_figure else 0
        longest = max(longest, run)
    return sum(figure) * 2 > len(tokens) or longest >= FIGURE_RUN


def quotes(section: Section) -> list[str]:
    """A section's sentences worth saying, in order."""
    return [
        s.strip()
        for s in SENTENCE.split(section.text)
        if 3 <= len(s.split()) <= 45 and not _marks(s) and not _mostly_figures(s)
    ]
