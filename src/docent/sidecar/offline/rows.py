"""A table's row said as the row: its label (the option, variable or method its first cell names) and the asked
columns' values each after its header, its description after a colon, as one sentence a reader can read alone:
"POSTFIX_MESSAGE_SIZE_LIMIT — default 10240000: the maximum size ...". The record keeps each row's cells and its
table's header (`Block.cells`, `Block.header`); its flat line ("X-Function-Status: Description HTTP status code ...")
drops the first column's header and wedges the others inside, and reads as no sentence (round 33).

A row is said only where it holds the question's key terms (`picking.pick`), never a bare cell, never a row whose
cells do not line up with its header (a cell spanning rows leaves the next rows short: DRF's "POST: HTTP Method
create" is the URL style's, not the method's).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from msgspec import UNSET

from docent.schema import Block, RecordSection

from .quotes import MAX_WORDS, split

# The column that says what the row's label is or does: said last, after a colon, without its header.
DESCRIPTION = re.compile(r"(?:description|meaning|purpose|explanation|details?|notes?|comments?|summary|usage|what it does)",
                         re.IGNORECASE)
LABEL_WORDS = 8  # a first cell longer than this is a sentence (a table comparing two things), no row's name
ROW_TOKEN = "<row>"  # marks a row's words among a sentence's (`picking.weighed`): no word a question says


def _value(cell: str) -> bool:
    """Whether a cell holds a value: a word or a figure, not only a placeholder ("–", "")."""
    return any(ch.isalnum() for ch in cell)


def _header(name: str) -> str:
    """A column's name inside a sentence: a word written capitalised only as a heading is in lower case ("Default" is
    "default", "Set via" "set via"), an acronym or a name as written ("HTTP Method" is "HTTP method")."""
    return " ".join(w.lower() if w[:1].isupper() and w[1:].islower() else w for w in name.split())


def said(block: Block, asks: Callable[[str], bool] = lambda name: False) -> str | None:
    """A row as one sentence: its label, the values of the columns whose header the question asks for (`asks`, of a
    header: "which port ...?" asks for "Port"), or of all its columns where it asks for none, each after its header,
    then its description. None for a row that cannot be said as a row: no header, its cells not lined up with it, no
    label, or nothing but its label."""
    lined = _lined(block)
    if lined is None:
        return None
    label, columns = lined
    described = next((c for c in columns if DESCRIPTION.fullmatch(c[0].strip())), None)
    others = [c for c in columns if c is not described]
    shown = [c for c in others if asks(c[0])] or others
    values = ", ".join(f"{_header(name)} {value}".strip() for name, value in shown)
    return _line(label, values, described[1] if described else "")


def _line(label: str, values: str, text: str) -> str | None:
    """The row's sentence: its label, then its values (each after its header), then its description after a colon;
    the description's first sentence alone where the whole would run past `MAX_WORDS`."""
    if values and text and len(f"{values} {text}".split()) > MAX_WORDS:
        text = (split(text) or [text])[0]  # what the row is
    if not values and not text:
        return None
    line = f"{label} — {values}: {text}" if values and text else f"{label} — {values or text}"
    return line if len(line.split()) <= 2 * MAX_WORDS else None


def _lined(block: Block) -> tuple[str, list[tuple[str, str]]] | None:
    """A row's label and its other columns that hold a value, each (header, value); None where its cells do not line
    up with a header or its first cell names nothing (empty, or a sentence)."""
    if block.kind != "row" or block.cells is UNSET or block.header is UNSET:
        return None
    cells, header = block.cells, block.header
    label = cells[0].strip() if cells else ""
    if len(cells) != len(header) or len(cells) < 2 or not _value(label):
        return None
    if len(label.split()) > LABEL_WORDS or label.endswith((".", ":")):
        return None
    return label, [(name, value.strip()) for name, value in zip(header[1:], cells[1:], strict=True) if _value(value)]


def row_lines(section: RecordSection, asks: Callable[[str], bool] = lambda name: False) -> list[tuple[str, int]]:
    """Each row of the section said as the row (`said`), with its block's index, in the page's order."""
    out = []
    for j, block in enumerate(section.blocks):
        if block.kind == "row" and (line := said(block, asks)) is not None:
            out.append((line, j))
    return out
