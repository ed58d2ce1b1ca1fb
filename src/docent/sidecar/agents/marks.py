"""What agents read as Markdown: a record block's text, or a shown sentence's, with its marks written back: its inline
code in backticks, **strong**, *em*, and its links as `[words](address)` (a page of the site by its URL on the site,
which read_section takes; any other by its absolute URL).

Only what the MCP tools return: the record's `text`, which every reader reads, and the panel's sentences keep their
words and spans as they are, so the gate and the visitor read the same words as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace

import msgspec

from docent.schema import Block, RecordSection

from ..answer.events import Sentence

# A mark over a run of a text: (start, end, kind, what it needs): `code` (its text), `strong`, `em`, `link` (its address).
Span = tuple[int, int, str, str]
LINK = "link "  # a sentence's span kind for a link: this, then its address ("link https://...")
_TICKS = re.compile(r"`+")
# What would end a link's destination or escape its close: a space, any ASCII control character (a line break, a
# tab before a quoted title), a bracket, a backslash.
_UNSAFE = str.maketrans({c: f"%{ord(c):02X}" for c in [*map(chr, range(0x21)), "\x7f", "(", ")", "<", ">", "\\"]})


def address(to: str, base: str) -> str:
    """Where a record's link goes, as a Markdown link writes it: a site path under the site's base URL, any other as
    it is; the characters that would end a link's destination written as their percent codes."""
    return ((base + to) if to.startswith("/") else to).translate(_UNSAFE)


def _marks(kind: str, arg: str) -> tuple[str, str]:
    if kind == "code":  # ticks that outrun any in the code, a space inside where it begins or ends with one
        ticks = "`" * (max((len(run) for run in _TICKS.findall(arg)), default=0) + 1)
        pad = " " if arg.startswith("`") or arg.endswith("`") else ""
        return ticks + pad, pad + ticks
    if kind == "link":
        return "[", f"]({arg})"
    mark = {"strong": "**", "em": "*"}.get(kind, "")
    return mark, mark


def write(text: str, spans: Iterable[Span]) -> str:
    """`text` with each span's marks around its run, nested ones inside those around them; a bracket or a backslash in
    a link's words (not in its code) escaped, so that it does not end the link nor escape its close."""
    inserts: list[tuple[int, int, int, bool, str]] = []
    links: list[tuple[int, int]] = []
    code: list[tuple[int, int]] = []
    for start, end, kind, arg in spans:
        if end <= start:
            continue
        opening, closing = _marks(kind, arg)
        link = kind == "link"  # a link around code of the same run holds it: `[`name`](...)`
        inserts += [(start, 1, start - end, not link, opening), (end, 0, end - start, link, closing)]  # outer first
        (links if kind == "link" else code if kind == "code" else []).append((start, end))
    inserts.sort(key=lambda i: i[:4])
    escaped = {i for s, e in links for i in range(s, e) if text[i] in "[]\\" and not any(a <= i < b for a, b in code)}
    out, at = [], 0
    for position, _, _, _, mark in [*inserts, (len(text), 0, 0, False, "")]:
        out += [f"\\{c}" if at + i in escaped else c for i, c in enumerate(text[at:position])] + [mark]
        at = position
    return "".join(out)


def _found(text: str, code: str, at: int) -> int:
    """Where `code` stands in `text` from `at`: first where it is no part of a longer word or flag ("path" in "the
    path", not in "pathlib" nor "--path"), else first anywhere; -1 where it is not. The record keeps a block's inline code in order but
    not where each stands, so a span written twice as a whole word ("Set the `environment` variable in your
    environment") is marked at its first."""
    edge = re.compile(("(?<![\\w-])" if code[:1].isalnum() or code[:1] == "_" else "") + re.escape(code)
                      + ("(?![\\w-])" if code[-1:].isalnum() or code[-1:] == "_" else ""))
    m = edge.search(text, at)
    return m.start() if m else text.find(code, at)


def _code(block: Block) -> list[Span]:
    """A prose block's inline code, found in its text in order (`_found`); none where one is not found where the
    record says (the block is then shown as it is)."""
    spans: list[Span] = []
    at = 0
    for code in block.code if block.kind != "code" else ():
        start = _found(block.text, code, at) if code else -1
        if start < 0:
            return []
        spans.append((start, start + len(code), "code", code))
        at = start + len(code)
    return spans


def _fit(start: int, end: int, code: Iterable[Span]) -> tuple[int, int] | None:
    """A link's run with the inline code around it: an inline code span it is inside, whole (`[`Client`](...)`); None
    where it cuts one."""
    for s, e, _, _ in code:
        if s <= start and end <= e:
            return s, e
        if s < end and start < e and not (start <= s and e <= end):
            return None
    return start, end


def _links(text: str, links: Iterable[tuple[str, str]], code: list[Span], base: str) -> list[Span]:
    """Each link found in `text` in order (`_found`), after the one before it, with the code around it (`_fit`); one
    whose words are not found, or that cuts a code span, is left out."""
    spans: list[Span] = []
    at = 0
    for words, to in links:
        start = _found(text, words, at) if words else -1
        run = _fit(start, start + len(words), code) if start >= 0 else None
        if run is None or (spans and run[0] < spans[-1][1]):
            continue
        spans.append((*run, "link", address(to, base)))
        at = run[1]
    return spans


def ticked(block: Block) -> Block:
    """A prose block with its inline code in backticks again, as the page marks it (`uv sync --inexact`, `__name__`);
    a code block, or one whose code is not found where the record says, as it is."""
    spans = _code(block)
    return replace(block, text=write(block.text, spans)) if spans else block


def markdown(block: Block, base: str) -> Block:
    """A prose block as Markdown: its inline code in backticks (`ticked`), its links `[words](address)`."""
    if block.kind == "code" or not (block.code or block.links):
        return block
    code = _code(block)
    spans = [*code, *_links(block.text, block.links or (), code, base)]
    return replace(block, text=write(block.text, spans)) if spans else block


def links_out(block: Block, base: str) -> list[tuple[str, str]]:
    """A block's links, each its words and its address (`address`)."""
    return [(words, address(to, base)) for words, to in block.links or ()]


def linked(sentence: Sentence, record: Mapping[str, RecordSection], base: str) -> Sentence:
    """A shown sentence with the links of the record's sentences it says (each source's `quote`): a link of a cited
    section whose words that sentence holds, where they stand in this one as a whole word (`_found`) with the code
    around them (`_fit`), as a span `link <address>`; the sentence as it is where none is."""
    code = [(s, e, kind, "") for kind, s, e in sentence.spans if kind == "code"]
    found: list[Span] = []
    for cite in sentence.cites:
        section = record.get(cite.id) if cite.quote else None
        for block in section.blocks if section is not None else ():
            for words, to in block.links or ():
                start = _found(sentence.text, words, 0) if words and words in cite.quote else -1
                run = _fit(start, start + len(words), code) if start >= 0 else None
                if run is not None and not any(s < run[1] and run[0] < e for s, e, _, _ in found):
                    found.append((*run, "link", address(to, base)))
    if not found:
        return sentence
    return msgspec.structs.replace(sentence, spans=(*sentence.spans, *((LINK + arg, s, e) for s, e, _, arg in found)))


def marked(sentence: Sentence) -> str:
    """A sentence's text with its spans written back as Markdown: `code`, **strong**, *em*, [words](address)."""
    spans: list[Span] = []
    for kind, start, end in sentence.spans:
        if kind.startswith(LINK):
            spans.append((start, end, "link", kind[len(LINK):]))
        elif kind in ("code", "strong", "em") and 0 <= start < end <= len(sentence.text):
            spans.append((start, end, kind, sentence.text[start:end]))
    return write(sentence.text, spans)
