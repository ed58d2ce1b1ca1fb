"""A table in an answer, as the gate reads it: a header row of labels, and rows that each state a fact.

A table is the lines of an answer that begin with `|` (`markdown.Table`). A line of dashes (`|---|:--:|`) is the
delimiter; the line before it, when it is the table's first, is the header: labels for the columns, no claim. Every
other line is a row, and a row is a claim like a sentence: its cells are split at the pipes (not at an escaped `\\|` nor
inside inline code), each read as a sentence's text is (`shape`), and joined with "; " into what the rules read. A label
is the predicate of every cell under it, so each cell after the first is read with its label ("| Option | Removed |"
over "| `--workers` | yes |" reads "--workers; Removed yes", and a "no" under it "not removed"), unless the label is a
plain column name ("Option", "Default", "Description"), which states nothing; the text shown is the cells alone. A row
cites what it writes itself, in a cell (usually its last) or after it; a row that writes nothing takes the table's
citations: a line of citations alone right after the table, else those its header row writes, else those of the
sentence that introduces it (the sentence right before it, "The defaults [[settings]]:"), else (the gate waits for it)
those of its caption, the sentence right after it ("The table above lists the labels [[s]]."), against which each row
is checked as its own sentence would be. A row
left with none cites nothing and is held (`uncited`): a table's row is never a connective, so a table the model invents,
with no citation before, in or after it, is held. The sentence right after a table may count its rows, or the sections
they cite where more than one (`counts`), where it points at the table ("These three cases", "the table above": `pointed`).
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence

from .events import Row
from .markdown import CITATION, Table, citations
from .numbers import Quantity
from .polarity import negates
from .rules.types import Draft
from .shape import opened, shape

_DELIMITER = re.compile(r"[ \t]*:?-+:?[ \t]*")
# A cell's edge: a pipe that is not escaped; inline code is taken whole first, so a pipe inside it is no edge.
_CELL_PART = re.compile(r"(`+).*?\1|\\.?|[^|`\\]+|`+|\|")
# the words of a plain column name: a label made of these alone names the column and claims nothing of its cells
_PLAIN = frozenset(
    "a an the its option options flag flags setting settings parameter parameters argument arguments field fields key "
    "keys variable variables name names command commands value values default defaults description descriptions "
    "type types kind example examples note notes meaning purpose details detail summary usage use effect what it does "
    "comment comments explanation unit units alias aliases choice choices item items".split()
)
_WORD = re.compile(r"[^\W_]+")
# the words of a sentence that points at the table before it: only such a sentence may count its rows
_POINTING = re.compile(r"\b(?:these|table|above|following|listed|rows?)\b", re.IGNORECASE)
_NO = frozenset(("no", "false", "✗", "❌", "✘"))  # a cell that denies its column's label
_EMPTY = frozenset(("", "-", "–", "—"))  # a cell with no value  # noqa: RUF001 - the dashes a table writes


def drafts(table: Table, before: tuple[str, ...], record: Container[str]) -> list[Draft]:
    """The table's header (cited by what its rows cite) and rows as the gate's drafts, in order; `before`: the valid
    ids of the sentence right before the table, which introduces it."""
    lines = list(table.lines)
    header: list[str] | None = None
    if len(lines) > 1 and _delimiter(_cells(lines[1])):
        header, lines = _cells(lines[0]), lines[2:]
    inherited = _inherited(table, before, record, headed=header is not None)
    labels = _labels(header)
    rows: list[Draft] = []
    for line in lines:
        cells = _cells(line)
        if _delimiter(cells):
            continue
        own = tuple(sid for sid in citations(line) if sid in record)
        rows.append(_draft(cells, own or inherited, header=False, labels=labels))
    out = [r for r in rows if r.text]
    ids = tuple(dict.fromkeys(sid for r in out for sid in r.ids))
    if header is not None and ids:  # the header of a table that cites nothing would label rows all held
        head = _draft(header, ids, header=True)
        if head.text:
            out.insert(0, head)
    return out


def _inherited(table: Table, before: tuple[str, ...], record: Container[str], *, headed: bool) -> tuple[str, ...]:
    """What a row that cites nothing cites: the line of citations after the table, else its header row's citations,
    else the sentence's before it."""
    for said in (table.ids, citations(table.lines[0]) if headed else ()):
        if ids := tuple(sid for sid in said if sid in record):
            return ids
    return before


def _cells(line: str) -> list[str]:
    """A row's cells, citations taken out; the pipes at its ends, and a last cell of citations alone, dropped."""
    body = line.strip()
    cells: list[str] = [""]
    for m in _CELL_PART.finditer(body):
        if m.group(0) == "|":
            cells.append("")
        else:
            cells[-1] += m.group(0)
    if body.startswith("|"):
        cells = cells[1:]
    if body.endswith("|") and not body.endswith("\\|") and cells:
        cells = cells[:-1]
    if cells and "[[" in cells[-1] and not CITATION.sub("", cells[-1]).strip():
        cells = cells[:-1]
    return [(CITATION.sub(" ", c) if "[[" in c else c).strip().replace("\\|", "|") for c in cells]


def _delimiter(cells: list[str]) -> bool:
    return bool(cells) and all(_DELIMITER.fullmatch(c) for c in cells)


def _labels(header: list[str] | None) -> list[str]:
    """What each column's label says of its cells, read before them: "" for a plain column name."""
    out: list[str] = []
    for label in header or ():
        prose = shape(label).prose
        # A label that negates ("Without trailing slashes") names what its cells show, no denial of theirs.
        out.append("" if set(_WORD.findall(prose.lower())) <= _PLAIN or negates(prose) else prose)
    return out


def _labelled(label: str, prose: str) -> str:
    """A cell as the rules read it under its label: "Removed yes"; a "no" denies the label ("not Removed")."""
    if not label:
        return prose
    if prose.strip(" .").lower() not in _NO:
        return f"{label} {prose}"
    return f"not {label[:1].lower()}{label[1:]}" if label[1:2].islower() else f"not {label}"  # a word, not a name


def _draft(cells: list[str], ids: tuple[str, ...], *, header: bool, labels: Sequence[str] = ()) -> Draft:
    texts: list[str] = []
    spans: list[tuple[str, int, int]] = []
    proses: list[str] = []
    codes: list[str] = []
    bounds: list[tuple[int, int]] = []
    at = 0
    for cell in cells:
        shaped = shape(cell)
        if texts:
            at += 2  # "; "
        bounds.append((at, at + len(shaped.text)))
        spans += [(kind, at + start, at + end) for kind, start, end in shaped.spans]
        texts.append(shaped.text)
        at += len(shaped.text)
        if shaped.text not in _EMPTY:
            label = labels[len(texts) - 1] if 1 < len(texts) <= len(labels) else ""
            proses.append(_labelled(label, opened(shaped.prose) if len(texts) > 1 else shaped.prose))
            codes += shaped.codes
    text = "; ".join(texts)
    if not any(t not in _EMPTY for t in texts):
        text = ""
    return Draft(
        text, ids, False, tuple(spans), None, True, "; ".join(p for p in proses if p), tuple(codes),
        row=Row(tuple(bounds), header),
    )


def counts(rows: Sequence[Draft]) -> frozenset[Quantity]:
    """What a sentence pointing at the table may count (`pointed`): its rows, and the sections they cite where more
    than one (most tables cite one: a "1" freed after each would free any other count of one)."""
    body = [r for r in rows if r.row is not None and not r.row.header]
    cited = len({sid for r in body for sid in r.ids})
    return frozenset(Quantity(float(n), "", float(n)) for n in (len(body), cited if cited > 1 else 0) if n)


def pointed(draft: Draft) -> bool:
    """Whether the sentence right after a table points at it ("These three cases", "the table above", "the rows"),
    so that a count it writes may be the table's; "Retries happen 1 time" counts something else."""
    return _POINTING.search(draft.text) is not None
