"""A sentence's inline Markdown: `inline` reads its marks (`code`, **strong**, *emphasis*) into plain text and spans,
`unlinked` its links into their words alone, and `item` the list marker it starts with (a task list's box, `- [x]`,
taken off with it)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .events import Item

# Inline marks. Code first: nothing inside backticks is emphasis. `*`/`_` emphasis only at word edges, so that
# snake_case and 2*3*4 stay as they are.
_INLINE = re.compile(
    r"(?P<code>(?P<ticks>`{1,2})(?!`)(?P<body>.+?)(?<!`)(?P=ticks)(?!`))"
    r"|(?P<strong>(?P<s>\*\*|__)(?=\S)(?P<sbody>.+?)(?<=\S)(?P=s))"
    r"|(?P<em>(?<![\w*])\*(?=[^\s*])(?P<ebody>[^*\n]+?)(?<=[^\s*])\*(?![\w*])"
    r"|(?<![\w_])_(?=[^\s_])(?P<ubody>[^_\n]+?)(?<=[^\s_])_(?![\w_]))"
)


@dataclass(frozen=True, slots=True)
class Span:
    """A run of a sentence's plain text set apart: `code`, `strong` or `em`; `start` and `end` index the text."""

    kind: str
    start: int
    end: int


def inline(text: str) -> tuple[str, tuple[Span, ...]]:
    """A sentence's plain text with its inline marks taken off, and where they were.

    Inline code keeps its content exactly (one space of padding inside double backticks is dropped, as
    CommonMark does); emphasis inside it is none. Unpaired marks stay as written.
    """
    plain: list[str] = []
    spans: list[Span] = []
    at = 0
    size = 0
    for m in _INLINE.finditer(text):
        before = text[at : m.start()]
        plain.append(before)
        size += len(before)
        if m.group("code") is not None:
            body = m.group("body")
            if len(m.group("ticks")) == 2 and body.startswith(" ") and body.endswith(" ") and body.strip():
                body = body[1:-1]
            kind = "code"
        elif m.group("strong") is not None:
            body, kind = m.group("sbody"), "strong"
        else:
            body, kind = m.group("ebody") or m.group("ubody"), "em"
        if kind != "code":
            inner, inner_spans = inline(body)
            spans.append(Span(kind, size, size + len(inner)))
            spans.extend(Span(s.kind, size + s.start, size + s.end) for s in inner_spans)
            body = inner
        else:
            spans.append(Span(kind, size, size + len(body)))
        plain.append(body)
        size += len(body)
        at = m.end()
    plain.append(text[at:])
    return "".join(plain), tuple(spans)


_ITEM = re.compile(
    r"^[ \t]*(?:(?P<bullet>[-*•+])|(?P<number>\d{1,3})[.)])[ \t]+(?:\[[ xX]\][ \t]+)?(?=\S)"  # "- [x] done": an item
)
_ITEM_FIRST = frozenset(" \t-*•+")  # what an item's first character is, but for a digit


def item(raw: str) -> tuple[Item | None, str]:
    """The list marker a sentence starts with, if any, and the sentence without it."""
    if raw[:1] not in _ITEM_FIRST and not raw[:1].isdecimal():  # `\d` is a character of Unicode's Nd, as isdecimal's
        return None, raw  # most sentences: the pattern could not match
    m = _ITEM.match(raw)
    if m is None:
        return None, raw
    number = m.group("number")
    return Item(int(number) if number else None), raw[m.end() :]


# A link, `[words](url "title")` or `[words](<url>)`, or by reference, `[words][ref]`, `[words][]` or `[words]` (its
# address on a line of its own, `markdown.DEFINITION`); inline code first, whose contents stay as written. An image
# (`![words](url)`) and a script's address (`javascript:`) stay too: they are markup, which the gate holds. An autolink, `<https://...>`,
# is its address written bare (which `shape` reads as inline code, a term its sections must hold).
_LINK = re.compile(
    r"(?P<code>(?P<ticks>`{1,2})(?!`).+?(?<!`)(?P=ticks)(?!`))"
    r"|(?<!!)\[(?P<words>[^\[\]\n]*)\]\((?P<url><[^<>\n]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:[ \t]+\"[^\"\n]*\")?\)"
    r"|(?<![!\]\w])\[(?P<named>[^\[\]\n]+)\]\[[^\[\]\n]*\]"
    # a shortcut reference, `[words]`: words alone, begun by a letter (not a box, `[x]`, a note, `[!NOTE]`, a footnote,
    # `[^1]`, what code prints, `<Response [200 OK]>`, nor a TOML table's name written bare, `[tool.pdm]`)
    r"|(?<![!\[\]\w])\[(?P<short>[^\W\d_](?:[^\W_]|[ '\u2019])+)\](?![\[(:\]])"
    r"|<(?P<auto>https?://[^\s<>]+)>"
)
_SCRIPT = re.compile(r"<?\s*(?:javascript|vbscript|data)\s*:", re.IGNORECASE)


def unlinked(text: str) -> str:
    """A sentence with each Markdown link written as its words alone. A model's URL is an address it chose, not an id
    the build read off the site: it is never shown, let alone made a link, and the rules read the words."""
    if "[" not in text and "<http" not in text:
        return text
    return _LINK.sub(_words, text)


def _words(m: re.Match[str]) -> str:
    if m.group("named") is not None:
        return m.group("named")
    if m.group("short") is not None:
        return m.group("short")
    if m.group("auto") is not None:
        return m.group("auto")
    if m.group("code") is not None or _SCRIPT.match(m.group("url")):
        return m.group(0)
    return m.group("words")
