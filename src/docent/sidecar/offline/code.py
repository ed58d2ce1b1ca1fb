"""The code block an answer shows: where the best sections' answer is code, a run of a code block's own lines.

Docs readers need the call, not a sentence about it. The block is chosen by the question's words it holds (weighed
as the question weighs them), from the sections the sentences came from, the best first; a long block is cut to a
window of whole lines around the line that says most, so the gate finds the record's own lines, byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from docent.schema import Block, RecordSection

from ..answer.words import terms
from .weighing import Weighed

LINES = 12  # a block longer than this is shown as a window of its lines
BEFORE = 3  # lines of the window above the line that says most
# A question that asks how, or for an example, is answered by code where its section has some.
HOW = re.compile(r"\b(?:how|example|code|snippet|syntax|usage|use|set|configure|call|write|pass|create|add)\b",
                 re.IGNORECASE)


def _said(text: str, asked: Weighed) -> float:
    return asked.covered(terms(text)) if text.strip() else 0.0


def _window(block: Block, asked: Weighed) -> str:
    lines = block.text.split("\n")
    if len(lines) <= LINES:
        return block.text
    best = max(range(len(lines)), key=lambda i: (_said(lines[i], asked), -i))
    start = max(0, min(best - BEFORE, len(lines) - LINES))
    return "\n".join(lines[start : start + LINES])


def quoted(question: str, asked: Weighed, sections: Sequence[RecordSection]) -> str:
    """A fenced run of a code block's lines with its section's id after it, or "" when no block answers."""
    found = [(section, block) for section in sections for block in section.blocks if block.kind == "code"]
    if not found:
        return ""
    scored = [(_said(block.text, asked), -i, section, block) for i, (section, block) in enumerate(found)]
    score, _, section, block = max(scored, key=lambda s: (s[0], s[1]))
    if score <= 0:
        if not HOW.search(question) or not sections[0].blocks:
            return ""
        first = next((b for b in sections[0].blocks if b.kind == "code"), None)
        if first is None:
            return ""
        section, block = sections[0], first
    text = _window(block, asked)
    fence = "`" * max(3, max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence}{block.lang}\n{text}\n{fence}\n[[{section.id}]]"
