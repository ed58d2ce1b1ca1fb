"""A section's tables as the gate reads them (`rules.cells`): each table's header and the cells of its rows that line
up with it, folded (code marks and quotes out, lower case, spaces run together), made once per bundle
(`Mentions`, a section's `Passage.memo["tables"]`) from the record's row blocks (`Block.cells`, `Block.header`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from docent.schema import Block

# A table: its header and its rows' cells, each folded (`fold`).
Table = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
MARKS = re.compile(r"[`*_\"'“”‘’]")  # noqa: RUF001 - the quote marks a cell or an answer writes
_NOTE = re.compile(r"(?<=[^\W\d_])\d$")  # a footnote's mark read into a header: "Explicit TLS1"


def fold(text: str) -> str:
    return " ".join(MARKS.sub("", text).lower().split())


def header_of(name: str) -> str:
    """A column's header as compared: folded, a footnote's mark read into it taken off."""
    return _NOTE.sub("", fold(name))


def tables(blocks: Iterable[Block]) -> tuple[Table, ...]:
    """A section's tables: each header with the cells of its rows that line up with it (none where it has no rows)."""
    out: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    for b in blocks:
        cells, names = b.cells, b.header
        if b.kind == "row" and isinstance(cells, tuple) and isinstance(names, tuple) and len(cells) == len(names):
            out.setdefault(tuple(header_of(h) for h in names), []).append(tuple(fold(c) for c in cells))
    return tuple((h, tuple(rows)) for h, rows in out.items())
