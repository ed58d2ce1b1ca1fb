"""A page's readable text: what a reader sees in its content, without permalinks, scripts or chrome.

One pass over the parsed tree (selectolax/Lexbor) gathers the text, skipping what is left out and putting a space
at every block's start so that `<p>a</p><p>b</p>` reads "a b" even in minified HTML. The pass can cut the text at
given headings, which is how the record's sections are read in the same pass as the page's text.

Tables and lists keep their shape, because a model reads a flattened table wrongly ("measure 3-D Secure 1 3-D
Secure 2 payments without a challenge 0 % 71 %"): a table is one line per row, each value after its column's
header ("payments without a challenge: 3-D Secure 1 0 %; 3-D Secure 2 71 %"), a list one line per item, a
description list one "term: description" line per pair. Empty cells (nothing, or only a dash) are left out.
The only line breaks in a text are these; `collapse_lines` keeps them and collapses the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from selectolax.lexbor import LexborHTMLParser, LexborNode

# Left out of every text: permalinks, code, chrome that themes put inside the content, and what the owner excludes;
# mkdocstrings' badges in an API heading ("classmethod", "instance-attribute"), which the page's contents leave out.
DROPPED = (
    "script, style, template, noscript, svg, nav, a.headerlink, [data-docent-exclude], "
    ".md-content__button, .md-source-file, .md-clipboard, .md-annotation__index, .doc-heading .doc-labels"
)

# Elements whose start is a break between words.
BLOCKS = frozenset(
    "address article aside blockquote br dd details div dl dt figcaption figure footer form h1 h2 h3 h4 h5 h6 "
    "header hr li main ol p pre section summary table tbody td tfoot th thead tr ul option button label "
    "input select textarea img".split()
)


# Around a code block: a page script that shows its text as HTML (FastAPI's, Typer's and SQLModel's terminals,
# `div.termy`): the Markdown writes colours as literal `<span style=...>` and `&lt;` that the visitor never sees.
SCRIPTED = frozenset(("termy",))
LINE_NUMBERS = frozenset(("linenos", "linenodiv", "lineno"))  # a code block's line numbers, no part of its text

# Only the structure read here breaks lines: a text node's own newlines are the source's wrapping.
_LINE = "\n"
_SHAPED = frozenset(("table", "ul", "ol", "dl"))
_CELLS = frozenset(("td", "th"))
_SAID = re.compile(r"[.!?]$")  # a cell that ends as a sentence does, not as a name


def collapse(text: str) -> str:
    """Whitespace collapsed to single spaces, trimmed."""
    return " ".join(text.split())


# A documentation site's name that says what it is ("Pi-hole documentation", "Foo Docs", "Documentation for Bar"):
# the project is the rest ("How do I install Pi-hole?", not "How do I install Pi-hole documentation?").
_DOCS_WORDS = re.compile(
    r"^(?:the\s+)?(?:documentation|docs|user guide|manual)\s+(?:for|of)\s+|"
    r"[\s:|\u2013\u2014-]+(?:official\s+)?(?:documentation|docs|user guide|manual|handbook|wiki)(?:\s+site)?$",
    re.IGNORECASE,
)


def project(site_name: str) -> str:
    """The project a documentation site is of: its name without the words that say it is its documentation
    ("Pi-hole documentation" -> "Pi-hole", "Documentation for Foo" -> "Foo"; "MkDocs" and "Docs" stay)."""
    name = _DOCS_WORDS.sub("", site_name.strip()).strip()
    return name or site_name.strip()


def title_text(title: str) -> str:
    """A page's title as the visitor reads it: a nav title may be HTML, which MkDocs and Material write into the
    page's heading and nav as it is ("The &nbsp<samp>pihole</samp>&nbsp Command", Pi-hole's), so its tags and
    entities are read as a browser reads them; collapsed."""
    if "<" not in title and "&" not in title:
        return collapse(title)
    body = LexborHTMLParser(f"<p>{title}</p>").body
    return collapse((body.text(deep=True) if body is not None else title).replace("\xa0", " "))


def collapse_lines(text: str) -> str:
    """Each line collapsed, empty lines dropped: the rows and items `read` broke into lines stay lines."""
    return _LINE.join(line for line in (collapse(piece) for piece in text.split(_LINE)) if line)


def scripted(pre: LexborNode) -> bool:
    """Whether a page script shows this code block's text as HTML (a `SCRIPTED` class on it or around it)."""
    node: LexborNode | None = pre
    for _ in range(4):
        if node is None:
            return False
        if SCRIPTED & set((node.attributes.get("class") or "").split()):
            return True
        node = node.parent
    return False


def code_text(node: LexborNode, *, drop: frozenset[int], edits: Mapping[int, str] | None = None) -> str:
    """The text under `node` exactly, leaving out what is dropped and line numbers; a text node in `edits` (by its
    mem_id) reads as written there (`annotations`)."""
    pieces: list[str] = []
    child = node.child
    while child is not None:
        if child.tag == "-text":
            pieces.append(edits[child.mem_id] if edits and child.mem_id in edits else child.text_content or "")
        elif child.mem_id not in drop and LINE_NUMBERS.isdisjoint((child.attributes.get("class") or "").split()):
            pieces.append(code_text(child, drop=drop, edits=edits))
        child = child.next
    return "".join(pieces)


def as_shown(text: str) -> str:
    """The text a script that reads `text` as HTML shows: its tags gone, its character references read."""
    body = LexborHTMLParser(f"<div>{text}</div>").body
    return body.text(deep=True) if body is not None else text


def dropped_ids(root: LexborNode) -> frozenset[int]:
    return frozenset(node.mem_id for node in root.css(DROPPED))


def _last_descendant(node: LexborNode) -> LexborNode:
    last = node
    while (child := last.last_child) is not None:
        last = child
    return last


def read(
    root: LexborNode, *, drop: frozenset[int], cuts: Iterable[LexborNode] = ()
) -> tuple[list[str], list[tuple[int, str]]]:
    """The text of `root` in chunks: chunk 0 runs to the first cut, chunk i from cut i to the next.

    Each cut node's own text is returned apart, with the cut's mem_id, as its title (titles[i-1] for chunk i), in
    the order met, and not in any chunk.
    Text is not collapsed here; callers collapse what they keep.
    """
    cut_ids = {node.mem_id for node in cuts}
    chunks: list[list[str]] = [[]]
    titles: list[tuple[int, str]] = []
    current = chunks[0]
    skip_until: int | None = None
    for node in root.traverse(include_text=True):
        if skip_until is not None:
            if node.mem_id == skip_until:
                skip_until = None
            continue
        tag = node.tag
        if tag == "-text":
            current.append((node.text_content or "").replace(_LINE, " "))
            continue
        mem_id = node.mem_id
        if mem_id in drop or mem_id in cut_ids or tag in _SHAPED:
            end = _last_descendant(node)
            if end.mem_id != mem_id:
                skip_until = end.mem_id
            if mem_id in cut_ids:
                titles.append((mem_id, collapse(read(node, drop=drop)[0][0])))
                current = []
                chunks.append(current)
            elif mem_id not in drop:
                current.append(_LINE + _LINE.join(_shaped(node, drop=drop)) + _LINE)
            continue
        if tag == "pre" and scripted(node):  # its text as the page's script shows it
            end = _last_descendant(node)
            skip_until = end.mem_id if end.mem_id != node.mem_id else None
            current.append(" " + as_shown(code_text(node, drop=drop)).replace(_LINE, " "))
            continue
        if tag in BLOCKS:
            current.append(" ")
    return ["".join(chunk) for chunk in chunks], titles


def _flat(node: LexborNode, *, drop: frozenset[int]) -> str:
    """An element's text on one line (a list inside a cell or an item reads as words)."""
    return collapse(read(node, drop=drop)[0][0])


def _empty(cell: str) -> bool:
    """No value: nothing, or only a placeholder such as "–" that a script fills in the browser."""
    return not any(ch.isalnum() for ch in cell)


def _children(node: LexborNode, tags: frozenset[str]) -> list[LexborNode]:
    out = []
    child = node.child
    while child is not None:
        if child.tag in tags:
            out.append(child)
        child = child.next
    return out


def _rows(table: LexborNode) -> list[LexborNode]:
    """The table's own rows, in order: not those of a table nested in a cell."""
    rows = []
    for part in [table, *_children(table, frozenset(("thead", "tbody", "tfoot")))]:
        rows += _children(part, frozenset(("tr",)))
    return rows


def _shaped(node: LexborNode, *, drop: frozenset[int]) -> list[str]:
    """A table, list or description list as lines."""
    if node.tag == "table":
        return _table(node, drop=drop)
    if node.tag == "dl":
        return _definitions(node, drop=drop)
    lines = []
    for number, item in enumerate(_children(node, frozenset(("li",))), start=1):
        if item.mem_id in drop:
            continue
        text = _flat(item, drop=drop)
        if text:
            lines.append(f"{number}. {text}" if node.tag == "ol" else f"- {text}")
    return lines


def _definitions(node: LexborNode, *, drop: frozenset[int]) -> list[str]:
    return [line for line, _ in definition_pairs(node, drop=drop)]


def definition_pairs(node: LexborNode, *, drop: frozenset[int]) -> list[tuple[str, LexborNode]]:
    """`term: description` per pair, with the description's element; a theme may wrap each pair in a div."""
    lines: list[tuple[str, LexborNode]] = []
    term = ""
    for child in node.traverse():
        if child.mem_id in drop or child.tag not in ("dt", "dd"):
            continue
        text = _flat(child, drop=drop)
        if child.tag == "dt":
            term = text
        elif text:
            lines.append((f"{term}: {text}" if term else text, child))
    return lines


def _table(node: LexborNode, *, drop: frozenset[int]) -> list[str]:
    return [row.line for row in table_rows(node, drop=drop)]


class TableRow(NamedTuple):
    """A table's row: its line (each value after its column's header), its element, its cells' words in order and
    its table's header cells (empty where the table has no header row)."""

    line: str
    element: LexborNode
    cells: tuple[str, ...]
    header: tuple[str, ...]


def table_rows(node: LexborNode, *, drop: frozenset[int]) -> list[TableRow]:
    """The table's rows but those of empty cells, each with its line, its element, its cells and the header's."""
    rows = [row for row in _rows(node) if row.mem_id not in drop]
    cells = [[_flat(c, drop=drop) for c in _children(row, _CELLS)] for row in rows]
    header: list[str] = []
    if rows and _heads(rows[0]):
        header, cells, rows = cells[0], cells[1:], rows[1:]
    lines = ((_row_line(row, header), element, row) for row, element in zip(cells, rows, strict=True))
    return [TableRow(line, element, tuple(row), tuple(header)) for line, element, row in lines if line is not None]


def _heads(row: LexborNode) -> bool:
    """Whether the table's first row is its header: in a thead, or all its cells th."""
    if row.parent is not None and row.parent.tag == "thead":
        return True
    return all(c.tag == "th" for c in _children(row, _CELLS))


def _row_line(row: list[str], header: list[str]) -> str | None:
    """A row's line, each value after its column's name; None for a row of empty cells."""
    if not row or all(_empty(c) for c in row):
        return None
    if not header:
        return "; ".join(c for c in row if not _empty(c))
    if _SAID.search(row[0]):
        return _compared(row, header)
    label, values = _label(row[0], header[0]), row[1:]
    said = "; ".join(
        f"{name} {value}" if name else value
        for name, value in zip(header[1:] + [""] * len(values), values, strict=False)
        if not _empty(value)
    )
    return f"{label}: {said}" if label and said else label or said


def _compared(row: list[str], header: list[str]) -> str:
    """A row whose first cell is a sentence, not a name (a table comparing two things side by side, "| Plain | Nested |"):
    each cell after its column's name, the first one's too, a sentence running on to the next."""
    pieces = [f"{name}: {value}" if name else value
              for name, value in zip(header + [""] * len(row), row, strict=False) if not _empty(value)]
    said = pieces[0]
    for piece, before in zip(pieces[1:], pieces, strict=False):
        said += (" " if _SAID.search(before) else "; ") + piece
    return said


def _label(cell: str, column: str) -> str:
    """A row's first cell, the name its values are said after; a row named by a number ("1" of "wave",
    "2016 – 2021" of "years") reads with its column's name."""
    if _empty(cell):
        return ""
    return f"{column} {cell}" if column and cell[0].isdigit() else cell


def label_text(node: LexborNode, *, drop: frozenset[int], limit: int = 80) -> str:
    """An element's text, collapsed and cut to `limit` characters: the last resort for a label."""
    text = collapse(read(node, drop=drop)[0][0])
    return text[:limit].rstrip()
