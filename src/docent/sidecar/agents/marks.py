"""What agents read as Markdown: a record block's text, or a shown sentence's, with its marks written back: its inline
code in backticks, **strong**, *em*, and its links as `[words](address)` (a page of the site by its URL on the site,
which read_section takes; any other by its absolute URL). What the page showed as text stays text: a Markdown mark in
its prose (`*`, `_`, `[x]`, a backtick, `<int>`) is escaped, so that read as Markdown it is the characters shown.

Only what the MCP tools return: the record's `text`, which every reader reads, and the panel's sentences keep their
words and spans as they are, so the gate and the visitor read the same words as before.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import replace
from itertools import accumulate
from operator import itemgetter

import msgspec

from docent.schema import Block, RecordSection

from ..answer.events import Sentence

# A mark over a run of a text: (start, end, kind, what it needs): `code` (its text), `strong`, `em`, `link` (its address).
Span = tuple[int, int, str, str]
LINK = "link "  # a sentence's span kind for a link: this, then its address ("link https://...")
_TICKS = re.compile(r"`+")
# A character of prose that Markdown would read as a mark, escaped with a backslash (`_marked`): a backslash, a
# backtick, `*`, a bracket; `_` where it can open or close emphasis (not between two letters or digits, as in
# snake_case); `<` where it would open an HTML tag or an autolink (`<int>`); `&` where it would begin an entity
# (`&amp;`); `~` beside another (GFM's strikethrough).
_MAYBE_MARK = re.compile(r"[\\`*\[\]_<&~]")  # where one may be: each found then tested (`_marked`)
_ALWAYS = frozenset("\\`*[]")
_LETTER_OR_DIGIT = re.compile(r"[^\W_]")
_TAG_START = re.compile(r"[A-Za-z/!?]")
_ENTITY = re.compile(r"#?\w+;")
# What begins a block when a text begins with it: a heading's `#`, a quote's `>`, a list's `-`, `+` or `1.`.
_LEAD_MARK = re.compile(r"[#>]|[-+](?=\s|$)|\d{1,9}([.)])(?=\s|$)")
_PLACE = itemgetter(0, 1, 2, 3)  # an insert's order: where; a close before an open; the outer open first, the inner close
_WORDY = re.compile(r"[\w-]")  # a character a word or a flag goes on with: `_found`'s edges
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
    """`text` with each span's marks around its run, nested ones inside those around them; each Markdown mark of its
    prose (not of its code) escaped (`escapes`): a bracket or a backslash in a link's words cannot end the link nor
    escape its close, a `*` or `_` the page showed is no emphasis."""
    inserts: list[tuple[int, int, int, bool, str]] = []
    code: list[tuple[int, int]] = []
    for start, end, kind, arg in spans:
        if end <= start:
            continue
        opening, closing = _marks(kind, arg)
        link = kind == "link"  # a link around code of the same run holds it: `[`name`](...)`
        inserts += [(start, 1, start - end, not link, opening), (end, 0, end - start, link, closing)]  # outer first
        if kind == "code":
            code.append((start, end))
    inserts.sort(key=_PLACE)
    escaped = escapes(text, code)
    out, at, e = [], 0, 0
    for position, _, _, _, mark in [*inserts, (len(text), 0, 0, False, "")]:
        while e < len(escaped) and escaped[e] < position:
            out += [text[at : escaped[e]], "\\"]
            at, e = escaped[e], e + 1
        out += [text[at:position], mark]
        at = position
    return "".join(out)


def escapes(text: str, code: Iterable[tuple[int, int]] = ()) -> list[int]:
    """Where `text`'s prose has a Markdown mark (`_MAYBE_MARK` where `_marked`, and `_LEAD_MARK` at its start), in order: none inside
    the `code` runs, (start, end) each."""
    found = [m.start(m.lastindex or 0) for m in [_LEAD_MARK.match(text)] if m is not None]
    found += [m.start() for m in _MAYBE_MARK.finditer(text, found[0] + 1 if found else 0) if _marked(text, m.start())]
    runs = sorted(code)
    if not runs or not found:
        return found
    starts = [s for s, _ in runs]
    ends = [e for _, e in runs]
    reach = list(accumulate(ends, max))  # the furthest a run at or before each start goes
    return [i for i in found if (at := bisect_right(starts, i) - 1) < 0 or reach[at] <= i]


def _marked(text: str, i: int) -> bool:
    """Whether the character at `i` (one `_MAYBE_MARK` finds) is a Markdown mark where it stands."""
    c = text[i]
    if c in _ALWAYS:
        return True
    if c == "_":  # emphasis unless between two letters or digits
        return not (i > 0 and _LETTER_OR_DIGIT.match(text, i - 1) and _LETTER_OR_DIGIT.match(text, i + 1))
    if c == "<":
        return _TAG_START.match(text, i + 1) is not None
    if c == "&":
        return _ENTITY.match(text, i + 1) is not None
    return text[i - 1 : i] == "~" or text[i + 1 : i + 2] == "~"


def _found(text: str, code: str, at: int) -> int:
    """Where `code` stands in `text` from `at`: first where it is no part of a longer word or flag ("path" in "the
    path", not in "pathlib" nor "--path"), else first anywhere; -1 where it is not. The record keeps a block's inline code in order but
    not where each stands, so a span written twice as a whole word ("Set the `environment` variable in your
    environment") is marked at its first."""
    first = text.find(code, at)
    if first < 0 or not code:
        return first
    before = code[:1].isalnum() or code[:1] == "_"  # an edge to test: where `code` begins or ends with a word
    after = code[-1:].isalnum() or code[-1:] == "_"
    found = first
    while found >= 0:
        if not (before and found and _WORDY.match(text, found - 1)) and not (
                after and _WORDY.match(text, found + len(code))):
            return found
        found = text.find(code, found + 1)
    return first


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
    """A prose block with its inline code in backticks again, as the page marks it (`uv sync --inexact`, `__name__`),
    its prose's marks escaped (`write`); a code block as it is."""
    return block if block.kind == "code" else replace(block, text=write(block.text, _code(block)))


def markdown(block: Block, base: str) -> Block:
    """A prose block as Markdown: its inline code in backticks (`ticked`), its links `[words](address)`, its prose's
    marks escaped (`write`), an admonition's title too (it stands before the prose on its line, "Note: ..."); a code
    block as it is."""
    if block.kind == "code":
        return block
    text = write(block.text, _spans(block, base))
    marker = write(block.marker, []) if block.kind == "admonition" and block.marker else block.marker
    return block if (text, marker) == (block.text, block.marker) else replace(block, text=text, marker=marker)


def _spans(block: Block, base: str) -> list[Span]:
    """A prose block's marks: its inline code (`_code`) and its links (`_links`), as `markdown` and `quoted` write them."""
    code = _code(block)
    return [*code, *_links(block.text, block.links, code, base)] if block.links else code


def quoted(quote: str, section: RecordSection | None, base: str) -> str:
    """A source's quote, a sentence of its section's record, as Markdown: its inline code in backticks where its block
    marks it (the block's code found in the block's text, `_code`) and its links `[words](address)` (`_links`), those
    that lie within the quote, its prose's marks escaped; a quote no one block holds (a sentence run on across two),
    escaped alone."""
    for block in section.blocks if section is not None and quote else ():
        at = block.text.find(quote) if block.kind != "code" else -1
        if at >= 0:
            end = at + len(quote)
            spans = [(s - at, e - at, kind, arg) for s, e, kind, arg in _spans(block, base) if at <= s and e <= end]
            return write(quote, spans)
    return write(quote, [])


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
