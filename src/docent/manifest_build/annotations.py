"""Material for MkDocs' code annotations, read as the page shows them.

A comment `# (1)` in a code block, and an ordered list right after the block, are drawn by Material's script
(`content.code.annotate`, or a block marked `annotate`) as a marker in the code whose tooltip is the list's first
item; `# (1)!` draws the marker in place of the whole comment. The list is hidden, and Material's copy button leaves
the markers out. The HTML still holds both as written, so the record would quote `# (1)!` as code and the notes as a
free list. Read as Material reads them: the hosts are the comments Pygments marks (`.c`, `.c1`, `.cm`, and per
language what the site's `extra.annotate` adds); a marker counts only where the list has an item of its number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from selectolax.lexbor import LexborNode

from .text import code_text

HOSTS = (".c", ".c1", ".cm")
_MARKER = re.compile(r"\((\d+)\)(!)?")
_SEEN = re.compile("\x00(\\d+)\x00")  # a marker, as read into the code's text before its lines are cut
_EMPTY = re.compile(r"[\W_]*")  # a comment with nothing left but its marks ("#", "//", "/*  */", "<!--  -->")
FEATURE = "content.code.annotate"
# The configuration Material writes into every page: its features and `extra.annotate`.
_CONFIG = re.compile(r'<script id="__config" type="application/json">(.*?)</script>', re.DOTALL)


@dataclass(frozen=True, slots=True)
class Annotate:
    """How the site sets Material's code annotations: on for every block (`content.code.annotate`) or only for those
    marked `annotate`; the classes that host markers beside the comments, by language (`extra.annotate`)."""

    on: bool = False
    hosts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, features: Any, extra: Any) -> Annotate:
        """The theme's `features` and `extra.annotate` ({"json": [".s2"]}), as mkdocs.yml or the page writes them;
        what is not a list of names, or a map of lists, reads as unset."""
        on = isinstance(features, list) and FEATURE in features
        hosts = {str(language): tuple(str(s) for s in found) for language, found in extra.items()
                 if isinstance(found, list)} if isinstance(extra, dict) else {}
        return cls(on, hosts)

    @classmethod
    def read(cls, document: str) -> Annotate:
        """As a page Material built says them, in its `__config`; off where it has none (another theme)."""
        match = _CONFIG.search(document)
        try:
            config = json.loads(match.group(1)) if match else {}
        except ValueError:
            return cls()
        return cls.of(config.get("features"), config.get("annotate")) if isinstance(config, dict) else cls()


@dataclass(frozen=True, slots=True)
class Annotated:
    """A code block with its markers taken out: its text, its list (by mem_id), each note's line by its number."""

    text: str
    notes: int
    lines: Mapping[int, str]


def notes_list(pre: LexborNode, settings: Annotate) -> LexborNode | None:
    """The list right after the block's `.highlight` (past paragraphs holding no element), as Material's `findList`
    finds it, where annotations are on for the block; else None."""
    box: LexborNode | None = pre
    while box is not None and "highlight" not in (box.attributes.get("class") or "").split():
        box = box.parent
    if box is None or not (settings.on or "annotate" in (box.attributes.get("class") or "").split()):
        return None
    sibling = _next_element(box)
    while sibling is not None and sibling.tag == "p" and _next_element(sibling.child, itself=True) is None:
        sibling = _next_element(sibling)
    return sibling if sibling is not None and sibling.tag == "ol" else None


def _next_element(node: LexborNode | None, *, itself: bool = False) -> LexborNode | None:
    node = node if itself or node is None else node.next
    while node is not None and (node.tag or "").startswith("-"):
        node = node.next
    return node


def annotated(pre: LexborNode, *, language: str, settings: Annotate, drop: frozenset[int]) -> Annotated | None:
    """The block's code with its markers taken out, or None where it has none that its list numbers."""
    notes = notes_list(pre, settings)
    if notes is None:
        return None
    count = sum(1 for child in notes.iter() if child.tag == "li")
    code = pre.css_first("code") or pre
    edits: dict[int, str] = {}
    for host in _hosts(code, settings.hosts.get(language, ())):
        edits |= _host_edits(host, count)
    if not edits:
        return None
    return _lines(code_text(pre, drop=drop, edits=edits), notes.mem_id)


def _hosts(code: LexborNode, extra: tuple[str, ...]) -> list[LexborNode]:
    try:
        return list(code.css(", ".join((*HOSTS, *extra))))
    except (ValueError, TypeError):  # a site's selector the parser does not take: the comments alone
        return list(code.css(", ".join(HOSTS)))


def _host_edits(host: LexborNode, count: int) -> dict[int, str]:
    """A comment's text nodes with each marker its list numbers read as a sentinel; a comment that is then only its
    marks ("# (1)" less its marker) goes whole, as `# (1)!` does."""
    texts = [node for node in host.traverse(include_text=True) if node.tag == "-text"]
    edits: dict[int, str] = {}
    for node in texts:
        said = node.text_content or ""
        forced = next((m for m in _MARKER.finditer(said) if m.group(2) and int(m.group(1)) <= count), None)
        if forced is not None:  # the whole text is the marker
            edits[node.mem_id] = f"\x00{forced.group(1)}\x00"
            continue
        if any(0 < int(m.group(1)) <= count for m in _MARKER.finditer(said)):
            edits[node.mem_id] = _MARKER.sub(lambda m: _sentinel(m, count), said)
    if edits:
        left = "".join(_SEEN.sub("", edits.get(node.mem_id, node.text_content or "")) for node in texts)
        if _EMPTY.fullmatch(left):
            edits = {node.mem_id: "".join(m.group(0) for m in _SEEN.finditer(edits.get(node.mem_id, "")))
                     for node in texts}
    return edits


def _sentinel(m: re.Match[str], count: int) -> str:
    return f"\x00{m.group(1)}\x00" if 0 < int(m.group(1)) <= count else m.group(0)


def _lines(text: str, notes: int) -> Annotated:
    """The code's lines without their sentinels (a line that held one loses its trailing spaces), and each marker's
    line (`_said`)."""
    lines = text.split("\n")
    where: dict[int, int] = {}
    for i, line in enumerate(lines):
        found = _SEEN.findall(line)
        if found:
            lines[i] = _SEEN.sub("", line).rstrip()
            for number in found:
                where.setdefault(int(number), i)
    said = {number: _said(lines, i) for number, i in where.items()}
    return Annotated("\n".join(lines), notes, {n: line for n, line in said.items() if line})


def _said(lines: list[str], i: int) -> str:
    """The line with code a marker on line `i` annotates: its own, else the next; a comment alone after the block's
    last line of code annotates that line, where Material draws it (SQLModel's test closing with `# (6)!`, "By this
    point, the testing session with block finishes"). A block of markers alone has none."""
    after = (line.strip() for line in lines[i:] if line.strip())
    before = (line.strip() for line in reversed(lines[:i]) if line.strip())
    return next(after, "") or next(before, "")
