"""A searched record's excerpts within their budget: every section found given, the longest cut to a fair share.

Filling the budget in rank order and stopping at the first section that does not fit left a question with one long
section and its next ones dropped (Docker Mailserver's docs: 4 of the 8 sections found given, on average). Instead the
budget is shared out by water-filling (`shares`): the sections shorter than an equal share go whole, and the rest share
equally what they leave. A section cut to its share keeps its first line (what it is about) and the window of its lines
that holds most of the question's words, each weighed by how few of the section's lines hold it (`window`): the lines
that answer the question, not blindly its start. "…" says where text was left out; a code block the window opens or
cuts is fenced again.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .words import stems

MIN_SHARE = 400  # characters: below this a cut section says too little; the lowest-ranked ones go instead
_SENTENCE_END = re.compile(r"(?<=[.!?:])\s+(?=[\[(`*\"'A-Z0-9])")  # where a prose line's sentences meet
_FENCE = re.compile(r"^(`{3,})")  # as `schema.blocks.fence` fences code
_MARKS = 16  # room kept for the "…" lines a window adds


def shares(sizes: Sequence[int], room: int) -> list[int]:
    """Each size's share of `room`: all whole where they fit, else water-filling (the short ones whole, the others an
    equal share of what those leave), in the sizes' own order."""
    out = list(sizes)
    if sum(sizes) <= room:
        return out
    left, rest = room, sorted(range(len(sizes)), key=lambda i: sizes[i])
    while rest and sizes[rest[0]] <= left // len(rest):
        left -= sizes[rest.pop(0)]
    for i in rest:
        out[i] = max(0, left // len(rest))
    return out


def window(text: str, room: int, question: str) -> str:
    """`text` cut to `room` characters around the question's words: its first line, then the run of its lines (or of
    a long line's sentences) that holds the most weight of the question's words; a code block opened before the run,
    or cut open by it, fenced again; "…" where text was left out. The start where no line holds one."""
    if len(text) <= room:
        return text
    units, fences, closing = _units(text)
    if len(units) < 2:
        return _cut(text, room)
    head = 0 if fences[0] or _FENCE.match(text[units[0][0]:units[0][1]]) else 1  # the first line, for context
    said, weight = _weights(text, units, question)
    lines = _Lines(units, fences, closing, said, weight, head,
                   room - (units[0][1] - units[0][0] if head else 0) - _MARKS)
    start, end = lines.best()
    if end <= start:  # no line holds a word of the question, or none fits: the start
        return _cut(text, room)
    return _joined(text, units, fences, head, lines.widened(start, end), end)


def _weights(text: str, units: list[tuple[int, int]], question: str) -> tuple[list[set[str]], dict[str, float]]:
    """The question's words each unit holds, and each word's weight: the fewer units hold it, the more it weighs."""
    asked = stems(question)
    said: list[set[str]] = [set() for _ in units]
    for i in _holding(text.lower(), units, {t[:4] for t in asked}):
        said[i] = stems(text[units[i][0]:units[i][1]]) & asked
    held = Counter(t for terms in said for t in terms)
    return said, {t: math.log(1.0 + (len(units) - n + 0.5) / (n + 0.5)) for t, n in held.items()}


@dataclass(frozen=True)
class _Lines:
    """A section's units read for the question: where a window may run, and what it holds."""

    units: list[tuple[int, int]]
    fences: list[str]
    closing: frozenset[int]  # the units that close a code block
    said: list[set[str]]  # the question's words each unit holds
    weight: dict[str, float]
    head: int  # 1 where the first line goes before the window, for context; 0 where it cannot (a code block)
    room: int  # the window's room: the budget less the first line and the "…" marks

    def budget(self, i: int) -> int:
        """The room of a window opening on unit `i`: less where it opens in code (fenced again, open and shut)."""
        return self.room - (2 * len(self.fences[i]) + 2 if self.fences[i] else 0)

    def best(self) -> tuple[int, int]:
        """The window (start, end) that holds the most weight of the question's words, sliding: each window opens
        on a unit that holds one; (head, head) where none does or none fits."""
        best, best_at = 0.0, (self.head, self.head)
        counts: Counter[str] = Counter()
        j = self.head
        for i in range(self.head, len(self.units)):
            j = self._reach(i, j, counts)
            if j > i and self.said[i]:
                score = sum(self.weight[t] for t, n in counts.items() if n)
                if score > best:
                    best, best_at = score, (i, j)
            if j > i:
                counts.subtract(self.said[i])
        return best_at

    def _reach(self, i: int, j: int, counts: Counter[str]) -> int:
        """The end of the window opening on unit `i`, moved on from the last one's `j`; `counts` kept with it."""
        budget = self.budget(i)
        if j <= i:
            j = i
            counts.clear()
        while j > i and self.units[j - 1][1] - self.units[i][0] > budget:  # a window opened in code has less room
            j -= 1
            counts.subtract(self.said[j])
        while j < len(self.units) and self.units[j][1] - self.units[i][0] <= budget:
            counts.update(self.said[j])
            j += 1
        return j

    def widened(self, start: int, end: int) -> int:
        """The window's start, moved back over the lines before it as far as its room goes (a window that reaches
        the section's end); never onto a code block's closing fence, which would fence the prose after it as code."""
        while start > self.head and self.units[end - 1][1] - self.units[start - 1][0] <= self.budget(start - 1):
            start -= 1
        return start + 1 if start in self.closing else start


def _holding(low: str, units: list[tuple[int, int]], keys: set[str]) -> set[int]:
    """The units whose text holds one of `keys` (the question's stems' starts): found in the whole text, so the
    words are read only in lines that may hold the question's (a cheap test: a stem's start may stand in a word)."""
    starts = [start for start, _ in units]
    out: set[int] = set()
    for key in keys:
        at = low.find(key)
        while at >= 0:
            out.add(bisect_right(starts, at) - 1)
            at = low.find(key, at + 1)
    return out


def _joined(text: str, units: list[tuple[int, int]], fences: list[str], head: int, start: int, end: int) -> str:
    """The first line (where `head`), the window `start`..`end` of the units, and the marks between."""
    parts: list[str] = []
    if head and start == head:
        body = text[units[0][0]:units[end - 1][1]]
    else:
        if head:
            parts += [text[units[0][0]:units[0][1]], "…"]
        body = (fences[start] + "\n" if fences[start] else "") + text[units[start][0]:units[end - 1][1]]
    parts.append(body)
    if fence := _open_fence(body):
        parts.append(fence)
    if end < len(units):
        parts.append("…")
    return "\n".join(parts)


def _units(text: str) -> tuple[list[tuple[int, int]], list[str], frozenset[int]]:
    """The text's lines, a prose line cut at its sentences, as (start, end) offsets; for each, the opening line of
    the code block it stands inside ("" outside one, and for a fence's own lines); and the units that close a block."""
    units: list[tuple[int, int]] = []
    fences: list[str] = []
    closing: set[int] = set()
    opened = ""
    at = 0
    for line in text.split("\n"):
        end = at + len(line)
        mark = _FENCE.match(line)
        if opened and mark and line.strip() == opened[: len(opened) - len(opened.lstrip("`"))]:
            closing.add(len(units))
            units.append((at, end))
            fences.append("")
            opened = ""
        elif opened:
            units.append((at, end))
            fences.append(opened)
        elif mark:
            units.append((at, end))
            fences.append("")
            opened = line
        elif line.strip():
            cut = at
            for m in _SENTENCE_END.finditer(line):
                units.append((cut, at + m.start()))
                fences.append("")
                cut = at + m.end()
            units.append((cut, end))
            fences.append("")
        at = end + 1
    return units, fences, frozenset(closing)


def _cut(text: str, room: int) -> str:
    """A section longer than the budget: its start, cut at a word; a code block cut open is fenced shut. Cut short
    enough that its marks (" …", or the shutting fence and "…") fit in `room` too."""
    if room <= 2:
        return "…"
    marks = 2  # " …"
    while True:
        start = text[:room - marks + 1]  # a word that ends just at the room is kept
        cut = start.rsplit(" ", 1)[0] if " " in start else start[:-1]
        fence = _open_fence(cut)
        need = len(fence) + 3 if fence else 2  # "\n```\n…"
        if need <= marks:
            return f"{cut}\n{fence}\n…" if fence else cut + " …"
        marks = need  # cut again, shorter: the shorter cut may leave a block closed, or still open


def _open_fence(text: str) -> str:
    """The fence of a code block `text` opens and does not close ("```"), or ""."""
    fence = ""
    for line in text.split("\n"):
        if not fence and line.startswith("```"):
            fence = line[: len(line) - len(line.lstrip("`"))]
        elif fence and line.strip() == fence:
            fence = ""
    return fence
