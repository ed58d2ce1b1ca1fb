"""Code in an answer is quoted, never written: a fenced block passes only as a run of the record's own lines.

A model quotes code by writing a fenced block. The block is shown when its lines are a contiguous run of whole
lines of one code block in a section the answer cites, and what the visitor then reads is the record's run,
byte for byte: the model's copy only says which lines. Lines compare without their trailing blanks, and a run
the model moved left as a whole (it quoted the inside of a function) compares after that shift, and is shown
shifted the same way. A record's line written with a prompt (`$ `, `>>> `, `... `) compares with its prompt or
without it: a model copies a shell's or a console's commands without their prompts, and is shown them with. A line
with a code annotation's marker at its end (Material's "# (1)!", which the page draws as a button and the record leaves
out) compares without it, where the block is no run as written. Anything else (a line edited, two blocks merged, lines
left out, code of its own) is held, and the reason says which.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

UNQUOTED = frozenset(("code_edited", "code_unknown"))  # the reasons a fenced block is held for (`Unquoted`)
_PROMPTS = ("$ ", ">>> ", "... ")  # a shell's and a Python console's prompts, before a line of a session
_BARE_PROMPTS = frozenset(("$", ">>>", "..."))  # a console's blank line
# Material's code annotation marker at a line's end, as its Markdown writes it: a comment that is the marker alone
# ("# (1)!", "// (2)", "/* (3) */", "<!-- (4) -->") goes whole, a marker after a comment's words ("# see (1)") alone.
# The page draws it as a button and its copy leaves it out, and so does the record (`manifest_build/annotations`).
_MARKER_ALONE = re.compile(r"[ \t]*(?:#|//|--|;|%|/\*|<!--)[ \t]*\(\d{1,2}\)!?[ \t]*(?:\*/|-->)?[ \t]*$")
_MARKER = re.compile(r"((?:#|//|--|;|%)[^\n]*?)[ \t]+\(\d{1,2}\)!?[ \t]*$")


@dataclass(frozen=True, slots=True)
class Code:
    """A code block of the record: its language and its exact text."""

    language: str
    text: str


@dataclass(frozen=True, slots=True)
class Quoted:
    """A fenced block that passed: the record's lines to show, their language, and the section they are in; `run`,
    where they are a run of a longer block, their first and last line in it (from 1) and the block's lines."""

    language: str
    text: str
    section: str
    run: tuple[int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class Unquoted:
    """A fenced block that did not: `edited` when most of its lines are the record's, else `unknown`."""

    reason: str  # "code_edited" or "code_unknown"


def match(lines: Sequence[str], language: str, blocks: Iterable[tuple[str, Code]]) -> Quoted | Unquoted | None:
    """The model's fenced lines against the code blocks of the sections it may quote, as (section id, block); where
    they are no run as written, the lines without their annotation markers (`unmarked`).

    None when the block has no line of substance (an empty fence): nothing to show, nothing to hold.
    """
    blocks = list(blocks)
    found = _match(lines, language, blocks)
    plain = [unmarked(line) for line in lines]
    if isinstance(found, Unquoted) and plain != list(lines):
        again = _match(plain, language, blocks)
        return again if isinstance(again, Quoted) else found
    return found


def unmarked(line: str) -> str:
    """A line of code without a code annotation's marker at its end ("with self.suspend():  # (1)!")."""
    return _MARKER.sub(r"\1", _MARKER_ALONE.sub("", line)).rstrip() if "(" in line else line


def _match(lines: Sequence[str], language: str, blocks: list[tuple[str, Code]]) -> Quoted | Unquoted | None:
    wanted = _trimmed([line.rstrip() for line in lines])
    if not any(line.strip() for line in wanted):
        return None
    shift = _indent(wanted)
    wanted_flat = [line[shift:] for line in wanted]
    seen = 0
    for section, block in blocks:
        have = block.text.split("\n")
        found = _run(wanted_flat, [line.rstrip() for line in have])
        if found is not None:
            start, cut = found
            window = have[start : start + len(wanted)]
            remove = max(cut - shift, 0)  # the model moved the run left: show it moved left as much
            shown = "\n".join(line[remove:] for line in window)
            run = None if len(window) == len(have) else (start + 1, start + len(window), len(have))
            return Quoted(block.language or language, shown, section, run)
        stripped = {form.strip() for line in have if line.strip() for form in (line, _unprompted(line))}
        seen = max(seen, sum(1 for line in wanted if line.strip() and line.strip() in stripped))
    substance = sum(1 for line in wanted if line.strip())
    return Unquoted("code_edited" if seen * 2 >= substance else "code_unknown")


def _run(wanted: list[str], have: list[str]) -> tuple[int, int] | None:
    """Where `wanted` (already shifted to its own left edge) is a run of `have`: (first line, columns cut)."""
    n = len(wanted)
    for start in range(len(have) - n + 1):
        window = have[start : start + n]
        cut = _indent(window)
        if all(_same(w, h[cut:]) for w, h in zip(wanted, window, strict=True)):
            return start, cut
    return None


def _same(wanted: str, have: str) -> bool:
    """A model's line against the record's: the same, or the record's without its prompt ("$ pip install httpx")."""
    if wanted == have:
        return True
    if not have.strip() or have in _BARE_PROMPTS:
        return not wanted.strip()
    return wanted == _unprompted(have)


def _unprompted(line: str) -> str:
    return line[line.index(" ") + 1 :] if line.startswith(_PROMPTS) else line


def _indent(lines: Sequence[str]) -> int:
    widths = [len(line) - len(line.lstrip(" \t")) for line in lines if line.strip()]
    return min(widths, default=0)


def _trimmed(lines: list[str]) -> list[str]:
    """Blank lines at the block's edges are the fence's, not the code's."""
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines
