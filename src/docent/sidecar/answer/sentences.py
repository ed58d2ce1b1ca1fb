"""A streaming sentence splitter: text arrives in any fragments, sentences leave whole, citations attached.

A sentence is complete only when the next one has begun (or the text ends, or the caller says a block of
text ended with `flush`). Where a boundary is depends only on the text, never on how it was cut up: a
decision that needs characters not yet arrived waits for them, so every fragmentation gives the same
sentences.

Where a boundary is, and why, is `sentence_ends`'s: its rules, in order of the text.
"""

from __future__ import annotations

import re

from .native import mypyc_attr
from .sentence_ends import Undecided, boundary, ends_at, looks_complete

_MAY_END = re.compile(r"[.!?…\n]")  # what a fragment must hold for a sentence to end in it
_MARKS = frozenset(".!?…")
_LEADING_MARKER = re.compile(r"^(?:[-*•+]|\d{1,3}[.)]|#{1,6})\s+")
_WRAP = re.compile(r"[ \t]*\n[ \t]*+(?!\[\[)")  # a citation on the next line stays as written


@mypyc_attr(native_class=False)  # a subclass of str cannot be a native class (mypyc)
class Raw(str):
    """A raw sentence, and whether it began a new line after earlier text (the text's first sentence does not)."""

    __slots__ = ()
    line_start: bool = False

    @classmethod
    def of(cls, text: str, line_start: bool) -> Raw:
        return (_LineRaw if line_start else Raw)(text)


@mypyc_attr(native_class=False)  # nor a subclass of Raw
class _LineRaw(Raw):
    """A raw sentence that began a new line: which one it is says so, with nothing set on it (a class of its own
    costs no `__dict__` and no call to set it, some 1.5 k instructions a sentence)."""

    __slots__ = ()
    line_start = True


class SentenceSplitter:
    """Fed text in fragments; hands back each raw sentence (citation markers kept) once it is complete."""

    def __init__(self) -> None:
        self._buffer = ""
        self._resume = 0  # every terminator before this is decided: not a boundary
        # Where the run of end marks at `_resume` ends, when its line was read and found to hold it in no code, brackets
        # or quotation: only what comes after it is awaited (0: none such)
        self._mark_end = 0
        self._joint = False  # a block of text ended: the next one starts after a space
        self._line_start = False  # the buffer begins a new line after earlier text (a paragraph break)

    def line_break(self) -> None:
        """The text broke off at a line's end (a code block follows): what comes next begins a line."""
        self._line_start = True

    def feed(self, text: str) -> list[str]:
        if self._resume == len(self._buffer) and not self._joint and not (
            "." in text or "\n" in text or "!" in text or "?" in text or "\u2026" in text
        ):
            # Nothing was left undecided, no block of text ended and the fragment holds no end mark (`_MAY_END`'s, by
            # five `in`s: 1.8 k -> 1.1 k instructions on a fragment): no boundary can appear (most fragments).
            self._buffer += text
            self._resume = len(self._buffer)
            return []
        if not text:
            return []
        if self._joint and self._buffer and not self._buffer[-1].isspace() and not text[0].isspace():
            text = " " + text
        elif self._joint and self._buffer.rstrip(" \t").endswith("\n") and text[0] != "\n":
            text = "\n" + text  # a line left open before a tool call is no hard wrap: the text after it is a new block
        self._joint = False
        self._buffer += text
        return self._drain(final=False)

    def flush(self) -> list[str]:
        """A block of text ended (a tool call follows): the pending sentence leaves if it looks complete."""
        out = self._drain(final=False)
        rest = self._buffer.strip()
        if rest and looks_complete(rest):
            out.append(self._raw(self._buffer, rest))
            self._buffer, self._resume, self._mark_end = "", 0, 0
        self._joint = True
        return out

    def finish(self) -> list[str]:
        out = self._drain(final=True)
        rest = self._buffer.strip()
        if rest:
            out.append(self._raw(self._buffer, rest))
        self._buffer, self._resume, self._mark_end, self._joint, self._line_start = "", 0, 0, False, True
        return out

    def _raw(self, chunk: str, sentence: str) -> Raw:
        """The sentence cut from `chunk`; it began a line when a line break stood before it. A hard-wrapped one is read
        as one line: each line break inside it, and the indent after it, a space."""
        lead = chunk[: len(chunk) - len(chunk.lstrip())]
        if "\n" in sentence:
            sentence = _WRAP.sub(" ", sentence)
        raw = (_LineRaw if self._line_start or "\n" in lead else Raw)(sentence)
        self._line_start = False
        return raw

    def _drain(self, *, final: bool) -> list[str]:
        out: list[str] = []
        while True:
            cut = self._awaited(final) if self._mark_end else boundary(self._buffer, self._resume, final=final)
            if isinstance(cut, Undecided):
                self._resume, self._mark_end = cut.at, cut.end
                return out
            self._mark_end = 0
            if cut is None:
                # resume before a trailing run of end marks: `..` may yet become `...`
                self._resume = len(self._buffer.rstrip(".!?…"))
                return out
            chunk = self._buffer[:cut]
            sentence = chunk.strip()
            self._buffer, self._resume = self._buffer[cut:], 0
            if sentence:
                out.append(self._raw(chunk, sentence))
            elif "\n" in chunk:
                self._line_start = True
            if not _MAY_END.search(self._buffer):  # the next sentence's start, no end mark in it yet: nothing to decide
                self._resume = len(self._buffer)
                return out

    def _awaited(self, final: bool) -> int | Undecided | None:
        """The end mark at `_resume`, its line read when it arrived (`_mark_end`), decided by what came after it: the
        same verdict as `boundary`'s from `_resume`, without reading its line again (some 8 k instructions)."""
        buf, s, e = self._buffer, self._resume, self._mark_end
        if e < len(buf) and buf[e] in _MARKS:  # the run grew ("." then ".."): read again whole
            return boundary(buf, s, final=final)
        verdict = ends_at(buf, s, e, final=final)
        if verdict is None:  # no end here: the next terminator's, as `boundary` goes on to it
            return boundary(buf, e, final=final)
        if isinstance(verdict, Undecided):
            return Undecided(s, e)
        return verdict


def strip_marker(text: str) -> str:
    """Drops a list or heading marker at the start of a sentence (`- `, `1. `, `## `)."""
    return _LEADING_MARKER.sub("", text)
