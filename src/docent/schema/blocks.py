"""A record section's blocks, and the two texts made from them: the flat `text` every reader has read, and what
the prompt shows the model, code fenced.

A section is kept as its blocks, in the page's order, so that code keeps its lines and a reader can tell prose from
code without guessing: sentences are split in prose blocks only, and code is quoted whole lines at a time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from msgspec import UNSET, UnsetType

# paragraph: prose; heading: an h5 or h6 inside the section, a content tab's label; item: a list item (marker "-" or "3."); row: a table row,
# each value after its column's name (its cells and its table's header kept apart as well: `cells`, `header`); term: a description list's "term: description"; admonition: a note, warning
# or collapsible block's prose (marker: its title); code: a code block, its lines exactly.
BlockKind = Literal["paragraph", "heading", "item", "row", "term", "admonition", "code"]

# Blocks that read on, on one line with their neighbours, as prose reads; the others each take their own lines. A
# heading (a tab's label) and an admonition break the run: "Python 3.7+" is no word of the sentence after it, and a
# note reads "Tip: Prefer ..." on its own line, never "... non-Annotated Tip Prefer ...".
RUN_ON: frozenset[str] = frozenset(("paragraph",))
_ENDS = (".", ":", "?", "!")
# Where a paragraph ends a sentence, or the next goes on with one (in lower case), the next runs on after it; one that
# does neither (a tagline, "Building Documentation with MkDocs", before "The User Guide ...") ends at its block's end
# all the same, so the next takes its own line rather than run into it as one sentence.
_ENDED = re.compile(r"[.!?…:;][\"'”’)\]*_`]*$")

_TICKS = re.compile(r"`+")


@dataclass(frozen=True, slots=True)
class Block:
    kind: BlockKind
    # code: its lines exactly as the page shows them (newlines and indentation kept, no trailing newline);
    # the others: their words on one line, whitespace collapsed (a list or code in an admonition follows it).
    text: str
    lang: str = ""  # code: its language as the page marks it ("python", "bash"); "" when unmarked
    marker: str = ""  # item: "-" or its number ("3."); admonition: its title ("Note", "Warning")
    code: tuple[str, ...] = ()  # the inline code in the text (`follow_redirects=True`), in order
    # The links in the text, in order: (their words as the text has them, where they go), a page of the site by its
    # site path ("/deployment/#running-behind-nginx", as a section's `path`), any other as its absolute URL; UNSET
    # where it has none (no key in the bundle). No reader of the text reads them: only what agents are shown.
    links: tuple[tuple[str, str], ...] | UnsetType = UNSET
    # A row's own cells, each its words on one line ("" for an empty one), in the page's order, and its table's header
    # cells where the table has a header row ("Protocol", "Explicit TLS", ...): the row as a table shows it, which the
    # flat `text` reads in one line (its first column's name dropped). UNSET on every other block, and `header` on a
    # row of a table with no header row (no key in the bundle).
    cells: tuple[str, ...] | UnsetType = UNSET
    header: tuple[str, ...] | UnsetType = UNSET

    def __post_init__(self) -> None:
        """A bundle is read strictly: cells only on a row, and a header only with its row's cells."""
        if self.cells is not UNSET and self.kind != "row":
            raise ValueError(f"a block of kind {self.kind!r} has no cells: only a table's row does")
        if self.header is not UNSET and self.cells is UNSET:
            raise ValueError("a block with a header has its row's cells")

    @property
    def line(self) -> str:
        """The block as the flat text has it: an item after its marker, an admonition after its title and a colon
        ("Tip: Prefer ..."; a title that ends in a stop or a question mark keeps it)."""
        if not self.marker or self.kind not in ("item", "admonition"):
            return self.text
        if not self.text:
            return self.marker
        colon = self.kind == "admonition" and not self.marker.endswith(_ENDS)
        return f"{self.marker}{':' if colon else ''} {self.text}"


def flat(blocks: Iterable[Block]) -> str:
    """The section's text as one string: prose blocks run on with a space (where the one before ends as a sentence
    does or the next goes on in lower case; else the next takes its own line); items, rows, terms and code each on their own lines, code with its
    newlines and indentation."""
    return _joined(blocks, lambda block: block.line)


def fenced(blocks: Iterable[Block]) -> str:
    """The section as the prompt shows it: prose as in `flat`, each code block fenced on its own lines."""
    return _joined(blocks, lambda block: fence(block) if block.kind == "code" else block.line)


def fence(block: Block) -> str:
    """A code block as Markdown fences it, with its language; the fence outruns any backticks in the code."""
    longest = max((len(m) for m in _TICKS.findall(block.text)), default=0)
    ticks = "`" * max(3, longest + 1)
    return f"{ticks}{block.lang}\n{block.text}\n{ticks}"


def _goes_on(before: str, block: Block, line: str) -> bool:
    """Whether a paragraph goes on with the sentence before it: it begins with a word in lower case, not with its
    inline code ("`mkdocs build` makes the site"), a figure or a quote, which begin sentences of their own; or the
    line before leaves a bracket open ("(requests", an emoji between, then "`httpx`), and ...")."""
    if before.count("(") > before.count(")"):
        return True
    return line[:1].islower() and not (block.code and line.startswith(block.code[0]))


def _joined(blocks: Iterable[Block], show: Callable[[Block], str]) -> str:
    lines: list[str] = []
    running = False  # the last line is prose that the next prose block runs on from
    for block in blocks:
        line = show(block)
        if not line:
            continue
        if running and block.kind in RUN_ON and (_ENDED.search(lines[-1]) or _goes_on(lines[-1], block, line)):
            lines[-1] += " " + line
        else:
            lines.append(line)
        running = block.kind in RUN_ON and "\n" not in line
    return "\n".join(lines)
