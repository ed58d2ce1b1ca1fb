"""What the MCP tools answer: the shapes of their results (TypedDicts, from which the SDK writes their output
schemas), and how each is made from the record and from the turn's events."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NotRequired, TypeVar
from urllib.parse import unquote, urlsplit

import msgspec
from typing_extensions import TypedDict  # pydantic reads nested TypedDicts only from here before Python 3.12

from docent.schema import Page, RecordSection, site_path
from docent.schema.blocks import Block, fence, fenced

from ..answer.bundle import Bundle
from ..answer.events import Action, Card, Cite, Code, Held, Refused, Row, Sentence
from . import addresses
from .marks import markdown, marked, quoted


class Hit(TypedDict):
    id: str
    title: str
    heading_path: list[str]
    page: str
    page_title: str
    url: str
    # Markdown: prose as the page has it, its inline code in backticks, its links [words](address) (the site's own
    # pages by their URL on the site, which read_section takes), each code block fenced with its language, its lines exact
    text: str
    more: bool  # search: the section goes on past this excerpt (read_section gives it whole)


class Link(TypedDict):
    label: str
    url: str


class BlockOut(TypedDict):
    kind: str  # paragraph, heading, item, row, term, admonition or code
    text: str
    lang: str
    marker: str
    links: list[Link]  # the links in its text, in order: their words and their address (as `Hit.text` writes them)


class Section(Hit):
    blocks: NotRequired[list[BlockOut]]  # only when asked for: the text again, block by block


class SearchResult(TypedDict):
    results: list[Hit]


class PageEntry(TypedDict):
    id: str
    title: str
    url: str
    sections: list[str]


class PageList(TypedDict):
    site: str
    total: int  # the site's pages, all told
    pages: list[PageEntry]  # up to 100, from the call's `start`
    next: int | None  # the `start` of the following ones; None at the end


class Source(TypedDict):
    id: str
    title: str
    url: str
    # The section's sentence the shown one says most of, as Markdown (its inline code in backticks, its links
    # [words](address), `marks.quoted`), or ""; for code shown, or a section that is code, the code's first lines
    # kept as code (`code_quote`)
    quote: str


class Shown(TypedDict):
    text: str  # the sentence as `answer` writes it: its inline code in backticks, its links [words](address)
    sources: list[Source]


class CodeShown(TypedDict):
    language: str
    text: str  # the record's own lines, byte for byte
    sources: list[Source]
    # Where those lines stand in the cited section's code block: `whole` where they are all of it; else a run of it,
    # `lines` its first and last (from 1) of the block's `block_lines`, whose other lines read_section gives (a run
    # pasted alone may lack its imports, or close no bracket it opens)
    whole: bool
    lines: list[int]
    block_lines: int


class HeldBack(TypedDict):
    reason: str
    message: str


class Answer(TypedDict):
    answer: str  # the shown sentences and code, as Markdown
    sentences: list[Shown]
    code: list[CodeShown]
    held: list[HeldBack]
    refused: HeldBack | None
    pages: list[Link]
    model: str
    degraded: str | None


def take(
    answer: Answer, event: object, base: str, record: Mapping[str, RecordSection], coded: dict[str, str] | None = None
) -> None:
    """One event of the turn into the agent's answer: what the panel would show, in words and URLs; `coded`: the
    answer's cited sections' code quotes so far (`sources`)."""
    if isinstance(event, Sentence):
        said = marked(bare(event) if event.heading else event)
        cites = [msgspec.structs.replace(c, quote=quoted(c.quote, record.get(c.id), base)) if c.quote else c for c in event.cites]
        answer["sentences"].append({"text": said, "sources": sources(cites, base, record, coded)})
    elif isinstance(event, Code):
        code = code_quote(event.text, event.language)  # the record's lines it shows (its one source's, `blocks.fence`)
        cites = [msgspec.structs.replace(cite, quote=code) for cite in event.cites]
        n = event.text.count("\n") + 1
        first, last, of = event.run or (1, n, n)  # where the gate found its lines, as the panel's reader is told
        answer["code"].append({"language": event.language, "text": event.text, "sources": sources(cites, base, record, coded),
                               "whole": (first, last) == (1, of), "lines": [first, last], "block_lines": of})
    elif isinstance(event, Held):
        answer["held"].append({"reason": event.reason, "message": event.message})
    elif isinstance(event, Refused):
        answer["refused"] = {"reason": event.reason, "message": event.message}
    elif isinstance(event, Action) and event.path:
        answer["pages"].append({"label": event.label, "url": base + event.path})
    elif isinstance(event, Card) and event.kind == "links":
        for item in event.body.get("items", []):
            answer["pages"].append({"label": str(item.get("label", "")), "url": base + str(item.get("path", ""))})


def sources(
    cites: Iterable[Cite], base: str, record: Mapping[str, RecordSection], coded: dict[str, str] | None = None
) -> list[Source]:
    """Each citation as a source; one with no quote of its own quoted by its section's code where that section is
    code (`_coded`), worked out once a section into `coded` (an answer's, across its events)."""
    coded = {} if coded is None else coded
    out: list[Source] = []
    for c in cites:
        if not c.quote and c.id not in coded:
            coded[c.id] = _coded(record.get(c.id))
        out.append({"id": c.id, "title": c.title, "url": base + c.path, "quote": c.quote or coded[c.id]})
    return out


QUOTE_LINES, QUOTE_CHARS = 5, 400  # the most of code a quote gives: its first lines, whole


def code_quote(text: str, language: str) -> str:
    """Code as a source's quote: its first lines exact, at most QUOTE_LINES of them and QUOTE_CHARS in all (a first
    line longer than that cut there), fenced in its language as a search hit fences code, so that an agent reads it as
    code, not as a sentence of the page. Only the record's own text: the code shown (the record's run) or a section's."""
    lines = text.split("\n")
    kept = [lines[0][:QUOTE_CHARS]]
    for line in lines[1:QUOTE_LINES]:
        if sum(map(len, kept)) + len(kept) + len(line) > QUOTE_CHARS:
            break
        kept.append(line)
    while len(kept) > 1 and not kept[-1].strip():
        kept.pop()
    return fence(Block("code", "\n".join(kept), lang=language))


def _coded(section: RecordSection | None) -> str:
    """A cited section that is code (code blocks under its headings, no sentence a citation could point at), quoted
    by its first code block's first lines; "" for any other (a sentence that shares too little with its lines points
    at the section alone, as the panel opens it)."""
    blocks = section.blocks if section is not None else ()
    code = next((b for b in blocks if b.kind == "code"), None)
    if code is None or any(b.kind not in ("code", "heading") for b in blocks):
        return ""
    return code_quote(code.text, code.lang)


class Markdown:
    """The shown parts of an answer as the panel lays them out: headings, paragraphs, list items, inline code, fenced code."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, event: object) -> None:
        if isinstance(event, Code):
            self.lines += ["", fence(Block("code", event.text, lang=event.language)), ""]
        elif isinstance(event, Sentence) and event.row is not None:
            self._row(event, event.row)
        elif isinstance(event, Sentence) and event.heading:  # a heading line of its own, at the panel's level (h3)
            self.lines += [*([""] if self.lines and self.lines[-1] else []), f"### {marked(bare(event))}", ""]
        elif isinstance(event, Sentence):
            text = marked(event)
            if event.item is not None:
                self.lines.append(f"{event.item.number}. {text}" if event.item.number is not None else f"- {text}")
            elif event.line or not self.lines or not self.lines[-1]:
                self.lines += ["", text] if self.lines and self.lines[-1] else [text]
            else:
                self.lines[-1] += " " + text

    def _row(self, event: Sentence, row: Row) -> None:
        """A table's row as a Markdown row; a table that begins with no header gets an empty one, as GFM needs."""
        cells = [marked(_cell(event, start, end)).replace("|", "\\|") for start, end in row.cells]
        if not self.lines or not self.lines[-1].startswith("|"):
            if self.lines and self.lines[-1]:
                self.lines.append("")
            if not row.header:
                self.lines += ["|" + " |" * len(cells), "|" + "---|" * len(cells)]
        self.lines.append("| " + " | ".join(cells) + " |")
        if row.header:
            self.lines.append("|" + "---|" * len(cells))

    def text(self) -> str:
        return "\n".join(self.lines).strip()


def _cell(sentence: Sentence, start: int, end: int) -> Sentence:
    """A row's cell as a sentence of its own, with the spans inside it."""
    spans = tuple((kind, s - start, e - start) for kind, s, e in sentence.spans if start <= s and e <= end)
    return Sentence(sentence.text[start:end], spans=spans)


def bare(heading: Sentence) -> Sentence:
    """A heading without a bold span over its whole text ("**Install**" alone on its line): a heading is bold itself."""
    spans = tuple(span for span in heading.spans if span != ("strong", 0, len(heading.text)))
    return msgspec.structs.replace(heading, spans=spans) if spans != heading.spans else heading


_T = TypeVar("_T")


# The most of a section's text a search result carries: whole blocks, a code block never cut, at least one block.
EXCERPT_CHARS = 1_500


def hit(bundle: Bundle, section: RecordSection, base: str, *, excerpt: bool = False) -> Hit:
    page = bundle.pages.get(section.page)
    blocks = [markdown(block, base) for block in section.blocks]
    text, more = fenced(blocks) if blocks else section.text, False
    if excerpt and len(text) > EXCERPT_CHARS and blocks:
        kept = blocks[:1]
        for block in blocks[1:]:
            if len(fenced([*kept, block])) > EXCERPT_CHARS:
                break
            kept.append(block)
        text, more = fenced(kept), len(kept) < len(blocks)
    return {
        "id": section.id,
        "title": section.title,
        "heading_path": list(section.headings) or [section.title],
        "page": section.page,
        "page_title": page.name if page is not None else section.page,
        "url": base + section.path,
        "text": text,
        "more": more,
    }


def located(bundle: Bundle, wanted: str, base: str) -> RecordSection | None:
    """The section an agent names: by its id, or by its URL or path as the site links it (the page's own URL is its
    first section; "#timeouts" alone, where one section of the site has that anchor), or by its page's id (from
    list_pages: the page's first section, as its URL gives). Never a guess: a URL whose anchor no section has is no
    section."""
    known = addresses.of(bundle)
    section = _keyed(bundle.record, known.record_ids, wanted)
    if section is not None:
        return section
    page = _keyed(bundle.pages, known.page_ids, wanted)
    if page is None and "/" not in wanted and "#" not in wanted:
        return None
    path, fragment = (page.path, "") if page is not None else _wanted(wanted, base)  # a page's id: as its URL
    return known.section(path, fragment)


def left_out(bundle: Bundle, wanted: str, base: str) -> Page | None:
    """The site's page an agent names (by its id or URL, as list_pages gives them) none of whose sections is in the
    record: a page the site's choice of record pages leaves out (release notes, a contributing guide)."""
    known = addresses.of(bundle)
    page = _keyed(bundle.pages, known.page_ids, wanted)
    if page is None and ("/" in wanted or "#" in wanted):
        path = _wanted(wanted, base)[0]
        page = known.page(path)
    if page is None or page.id in bundle.record_pages:
        return None
    return page


def _keyed(by_id: Mapping[str, _T], decoded: Mapping[str, _T], wanted: str) -> _T | None:
    """What an id an agent gives names: as it is, or with its percent codes decoded on either side (`decoded`: the
    table's entries by their ids decoded, `addresses.Addresses.record_ids`). A page's id is made from its URL as the site wrote
    it ("guide-caf%C3%A9" where MkDocs encoded it, "tea-thé" where not); an agent may give it either way."""
    found = by_id.get(wanted)
    if found is not None:
        return found
    plain = unquote(wanted)
    found = by_id.get(plain)
    return found if found is not None else decoded.get(plain)


def _wanted(wanted: str, base: str) -> tuple[str, str]:
    """The path (under the site's own, as the record's paths are) and the anchor of a URL or path an agent gives."""
    parts = urlsplit(wanted.strip())
    within = site_path(parts.path, urlsplit(base).path.rstrip("/"))  # "/my docs/x/" under "/my%20docs" too
    return (parts.path if within is None else within), parts.fragment
