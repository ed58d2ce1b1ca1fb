"""A record page's content read as blocks, in order, cut at its h2, h3 and h4 headings.

One walk over the parsed tree: prose gathers into paragraphs (inline code kept with the spaces around it, and noted),
a list gives one item per entry, a table one row per line (`text.table_rows`), a description list one term per pair,
an admonition (a note, a warning, a collapsible `details`) its title and prose, and a `<pre>` one code block with its
lines and language exactly as the page shows them (Material's code annotations' markers left out, as its page
leaves them out, and their notes read after the block as prose, each after the line it annotates: `annotations`).
Blocks inside an item or an admonition (a code block under a numbered step) follow it as blocks of their own, so
code is never read as prose. An h2, h3 or h4 with an id is a `Heading`: the sections are what lies between them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from msgspec import UNSET, UnsetType
from selectolax.lexbor import LexborNode

from docent.schema import Block

from .annotations import Annotate, annotated
from .links import target
from .text import BLOCKS, LINE_NUMBERS, as_shown, code_text, collapse, definition_pairs, scripted, table_rows

CUTS = ("h2", "h3", "h4")
# The elements read by a step of their own, by tag: the step's name on `_Walk`.
_STEPS = {"a": "link", "h1": "title", "code": "inline_code", "br": "line_break", "pre": "pre", "ul": "items", "ol": "items",
          "dl": "terms", "h2": "subheading", "h3": "subheading", "h4": "subheading", "h5": "subheading",
          "h6": "subheading"}
# Inside a code block: line numbers a highlighter writes beside the code, not the code.
@dataclass(frozen=True, slots=True)
class Heading:
    """An h2, h3 or h4 that opens a section: its level, its id (the anchor) and its text."""

    level: int
    anchor: str
    title: str


def _classes(node: LexborNode) -> list[str]:
    return (node.attributes.get("class") or "").split()


def _language(pre: LexborNode) -> str:
    """The language a highlighter marks on the block or the elements around it: `language-python`, `lang-py`."""
    node: LexborNode | None = pre
    candidates = [pre.css_first("code"), pre]
    for _ in range(6):
        node = node.parent if node is not None else None
        candidates.append(node)
    for candidate in candidates:
        if candidate is None:
            continue
        for name in _classes(candidate):
            for prefix in ("language-", "lang-"):
                if name.startswith(prefix) and len(name) > len(prefix):
                    return name[len(prefix):]
        if (lang := candidate.attributes.get("data-lang")):
            return lang
    return ""


@dataclass
class _Walk:
    drop: frozenset[int]
    title_text: str = ""  # the page's title
    path: str = ""  # the page's site path, which its relative links are read against
    site_url: str = ""  # the site's URL (MkDocs' site_url), under whose path the page is served (`links.target`)
    out: list[Block | Heading] = field(default_factory=list)
    words: list[str] = field(default_factory=list)  # the paragraph being gathered
    code: list[str] = field(default_factory=list)  # its inline code
    links: list[tuple[str, str]] = field(default_factory=list)  # its links: their words, where they go
    skip: set[int] = field(default_factory=set)  # an admonition's title, read as its marker
    flushes: int = 0  # paragraphs ended so far: a link whose element holds a block's start is no link of one paragraph
    annotate: Annotate = field(default_factory=Annotate)  # Material's code annotations, as the site sets them
    notes: dict[int, Mapping[int, str]] = field(default_factory=dict)  # a code block's list of notes: each its line

    def flush(self) -> None:
        said = collapse("".join(self.words))
        if said:
            self.out.append(Block("paragraph", said, code=tuple(self.code), links=_kept(self.links)))
        self.words, self.code, self.links = [], [], []
        self.flushes += 1

    def children(self, node: LexborNode) -> None:
        child = node.child
        while child is not None:
            self.node(child)
            child = child.next

    def node(self, node: LexborNode) -> None:
        tag = node.tag
        if tag == "-text":
            self.words.append((node.text_content or "").replace("\n", " "))
            return
        if node.mem_id in self.drop or node.mem_id in self.skip or tag == "-comment":
            return
        classes = _classes(node)  # attributes are read once: each read builds a dict
        if not LINE_NUMBERS.isdisjoint(classes):
            return
        read = self._reader(node, tag or "", classes)
        if read is not None:
            read(node)
        elif tag in BLOCKS:
            self.flush()
            self.children(node)
            self.flush()
        else:
            self.children(node)  # inline: a, em, strong, span, ...

    def _reader(self, node: LexborNode, tag: str, classes: list[str]) -> Callable[[LexborNode], None] | None:
        """The step that reads an element of its own kind, or None for a plain block or inline element."""
        if tag in CUTS and node.attributes.get("id"):
            return self.cut
        if tag == "table":
            return None if "highlighttable" in classes else self.table
        if tag == "details" or (tag in ("div", "aside") and "admonition" in classes):
            return self.admonition
        if "tabbed-set" in classes:
            return self.tabs
        name = _STEPS.get(tag)
        return getattr(self, name) if name else None

    def title(self, node: LexborNode) -> None:
        """An h1: the page's title, which titles its opening; one that says more is kept as a heading."""
        said = collapse(code_text(node, drop=self.drop))
        if said and said.casefold() != self.title_text.casefold():
            self.flush()
            self.out.append(Block("heading", said))

    def inline_code(self, node: LexborNode) -> None:
        said = collapse(code_text(node, drop=self.drop))
        self.words.append(said)
        if said:
            self.code.append(said)
            self.links += _links(node, drop=self.drop, path=self.path, site_url=self.site_url)  # a name linked inside its code (mkdocstrings')

    def link(self, node: LexborNode) -> None:
        """A link's words, read as the text's own, and where it goes: kept where its words are all in one paragraph."""
        words, flushes = len(self.words), self.flushes
        self.children(node)
        if self.flushes != flushes:
            return
        said = collapse("".join(self.words[words:]))
        to = target(node.attributes.get("href") or "", self.path, self.site_url)
        if said and to is not None:
            self.links.append((said, to))

    def line_break(self, node: LexborNode) -> None:
        self.words.append(" ")

    def cut(self, node: LexborNode) -> None:
        self.flush()
        title = collapse(code_text(node, drop=self.drop))
        self.out.append(Heading(int((node.tag or "h2")[1]), node.attributes.get("id") or "", title))

    def pre(self, node: LexborNode) -> None:
        """A code block, its annotation markers left out as Material leaves them out of what it shows and copies;
        its notes are read after it, each after the line it annotates (`annotations`)."""
        self.flush()
        lang = _language(node)
        found = None if scripted(node) else annotated(node, language=lang, settings=self.annotate, drop=self.drop)
        if found is not None:
            self.notes[found.notes] = found.lines
            lines = found.text
        else:
            lines = code_text(node, drop=self.drop)
            lines = as_shown(lines) if scripted(node) else lines
        lines = lines.rstrip("\n")
        if lines.strip():
            self.out.append(Block("code", lines, lang=lang))

    def table(self, node: LexborNode) -> None:
        self.flush()
        self.out += [Block("row", row.line, code=tuple(_inline_code(row.element, drop=self.drop)),
                           links=_kept(_links(row.element, drop=self.drop, path=self.path, site_url=self.site_url)),
                           cells=row.cells, header=row.header or UNSET)
                     for row in table_rows(node, drop=self.drop)]

    def terms(self, node: LexborNode) -> None:
        self.flush()
        self.out += [Block("term", line, code=tuple(_inline_code(pair, drop=self.drop)),
                           links=_kept(_links(pair, drop=self.drop, path=self.path, site_url=self.site_url)))
                     for line, pair in definition_pairs(node, drop=self.drop)]

    def subheading(self, node: LexborNode) -> None:
        """An h5 or h6 (or an h2-h4 with no id): a heading block inside the section."""
        self.flush()
        self.children(node)
        said = collapse("".join(self.words))
        if said:
            self.out.append(Block("heading", said, code=tuple(self.code), links=_kept(self.links)))
        self.words, self.code, self.links = [], [], []

    def lead(self, node: LexborNode, kind: str, marker: str) -> None:
        """`node`'s blocks, its leading prose made one block of `kind` (an item, an admonition) with its marker."""
        self.flush()
        start = len(self.out)
        self.children(node)
        self.flush()
        made = self.out[start:]
        prose = 0
        while prose < len(made) and isinstance(made[prose], Block) and made[prose].kind == "paragraph":  # type: ignore[union-attr]
            prose += 1
        leading = [b for b in made[:prose] if isinstance(b, Block)]
        said = " ".join(b.text for b in leading)
        del self.out[start:]
        if said or marker:
            code = tuple(c for b in leading for c in b.code)
            links = _kept([link for b in leading for link in b.links or ()])
            self.out.append(Block(kind, said, marker=marker, code=code, links=links))  # type: ignore[arg-type]
        self.out += made[prose:]

    def items(self, node: LexborNode) -> None:
        self.flush()
        if node.mem_id in self.notes:
            self.annotations(node, self.notes.pop(node.mem_id))
            return
        numbered = node.tag == "ol"
        try:
            number = int(node.attributes.get("start") or 1)
        except ValueError:
            number = 1
        child = node.child
        while child is not None:
            if child.tag == "li" and child.mem_id not in self.drop:
                self.lead(child, "item", f"{number}." if numbered else "-")
                number += 1
            child = child.next

    def annotations(self, node: LexborNode, lines: Mapping[int, str]) -> None:
        """A code block's notes, which Material shows as its markers' tooltips: each as prose after the line it
        annotates ("with Horizontal(): — Use the with statement ..."), never as a list of its own."""
        number = 0
        for child in node.iter():
            if child.tag != "li" or child.mem_id in self.drop:
                continue
            number += 1
            start = len(self.out)
            self.lead(child, "paragraph", "")
            lead = self.out[start] if start < len(self.out) else None
            line = lines.get(number)
            if line and isinstance(lead, Block) and lead.kind == "paragraph":
                self.out[start] = Block("paragraph", f"{line} — {lead.text}", code=(line, *lead.code), links=lead.links)

    def admonition(self, node: LexborNode) -> None:
        title = node.css_first("summary") if node.tag == "details" else node.css_first(".admonition-title")
        marker = ""
        if title is not None:
            marker = collapse(code_text(title, drop=self.drop))
            self.skip.add(title.mem_id)
        self.lead(node, "admonition", marker)

    def tabs(self, node: LexborNode) -> None:
        """Content tabs: each tab's content after its label, as a sub-heading ("pip", "conda")."""
        labels = [collapse(code_text(label, drop=self.drop)) for label in node.css(".tabbed-labels > label")]
        blocks = node.css(".tabbed-content > .tabbed-block")
        if not labels or len(labels) != len(blocks):
            self.flush()
            self.children(node)
            self.flush()
            return
        self.flush()
        for label, block in zip(labels, blocks, strict=True):
            if label:
                self.out.append(Block("heading", label))
            self.children(block)
            self.flush()


def _inline_code(node: LexborNode, *, drop: frozenset[int]) -> list[str]:
    return [said for code in node.css("code") if code.mem_id not in drop and (said := collapse(code.text(deep=True)))]


def _links(node: LexborNode, *, drop: frozenset[int], path: str, site_url: str = "") -> list[tuple[str, str]]:
    """The links under `node` (a table's row, a description, an inline code), in order: their words, where they go."""
    found = ((collapse(code_text(a, drop=drop)), target(a.attributes.get("href") or "", path, site_url))
             for a in node.css("a[href]") if a.mem_id not in drop)
    return [(said, to) for said, to in found if said and to is not None]


def _kept(links: list[tuple[str, str]]) -> tuple[tuple[str, str], ...] | UnsetType:
    return tuple(links) if links else UNSET


def read_blocks(
    root: LexborNode, *, drop: frozenset[int], title: str = "", path: str = "", site_url: str = "",
    annotate: Annotate | None = None,
) -> list[Block | Heading]:
    """The blocks under `root` in document order, with the h2, h3 and h4 headings (with ids) that cut them into sections;
    `path`, the page's site path on the site at `site_url`, resolves its links (`links.target`).

    An h1 is the page's `title` and gives no block, unless it says something else."""
    walk = _Walk(drop, title, path, site_url, annotate=annotate or Annotate())
    walk.children(root)
    walk.flush()
    return walk.out
