"""A table in an answer, as the gate reads it: a header row of labels, and rows that each state a fact.

A table is the lines of an answer that begin with `|` (`markdown.Table`). A line of dashes (`|---|:--:|`) is the
delimiter; the line before it, when it is the table's first, is the header: labels for the columns, no claim. Every
other line is a row, and a row is a claim like a sentence: its cells are split at the pipes (not at an escaped `\\|` nor
inside inline code), each read as a sentence's text is (`shape`), and joined with "; " into what the rules read. A label
is the predicate of every cell under it, so each cell after the first is read with its label ("| Option | Removed |"
over "| `--workers` | yes |" reads "--workers; Removed yes", and a "no" under it "not removed"), unless the label is a
plain column name ("Option", "Default", "Description"), which states nothing; the text shown is the cells alone. A cell
still capitalised opens its own phrase after its label ("How it works: Uses an offset"). A row whose cells cite apart
("| **Reliability** | Most reliable [[tools]] | Less reliable than TOOLS [[json]] |") holds a claim per cell, each with
the row's first cell against what that cell cites (`_parts`); a first column of ranks or steps whose cell is the row's
place ("| Rank |" over "| 3 |" on the third row) numbers the row, as a list's "3." does, and states no figure. A row
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
from .rules.types import Draft, Part, Spans
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
# the label of a first column that may number the rows: "Rank", "#", "No.", "Step", "Order", "Position"
_RANKS = re.compile(r"(?i)#|no\.?|nr\.?|number|rank|step|order|position|priority order")
_NO = frozenset(("no", "false", "✗", "❌", "✘"))  # a cell that denies its column's label
_EMPTY = frozenset(("", "-", "–", "—"))  # a cell with no value  # noqa: RUF001 - the dashes a table writes


def drafts(table: Table, before: tuple[str, ...], record: Container[str]) -> list[Draft]:
    """The table's header (cited by what its rows cite) and rows as the gate's drafts, in order; `before`: the valid
    ids of the sentence right before the table, which introduces it."""
    header, lines = _headed(list(table.lines))
    inherited = _inherited(table, before, record, headed=header is not None)
    rows = _rows(lines, record, inherited, labels=_labels(header), ranked=_ranked(header), names=tuple(header or ()))
    out = [r for r in rows if r.text]
    ids = tuple(dict.fromkeys(sid for r in out for sid in r.ids))
    if header is not None and ids:  # the header of a table that cites nothing would label rows all held
        head = _draft(header, ids, header=True)
        if head.text:
            out.insert(0, head)
    return out


def _headed(lines: list[str]) -> tuple[list[str] | None, list[str]]:
    """The header row's cells where a delimiter row follows it, and the lines after them; else none and every line."""
    if len(lines) > 1 and _delimiter(_cells(lines[1])):
        return _cells(lines[0]), lines[2:]
    return None, lines


def _ranked(header: list[str] | None) -> bool:
    """Whether the first column's label may number the rows ("Rank", "#", "Step")."""
    return bool(header) and header is not None and _RANKS.fullmatch(shape(header[0]).prose.strip()) is not None


def _rows(lines: list[str], record: Container[str], inherited: tuple[str, ...], *, labels: list[str],
          ranked: bool, names: tuple[str, ...] = ()) -> list[Draft]:
    """Each row's draft: cited by its own citations, else by what the table's rows inherit; `names`, the header's
    cells, which each row keeps (`Draft.names`: the column each cell is in, for `rules.cells`)."""
    rows: list[Draft] = []
    for line in lines:
        raw = _raw_cells(line)
        cells = _cleaned(raw)
        if _delimiter(cells):
            continue
        own = tuple(sid for sid in citations(line) if sid in record)
        cited = [tuple(sid for sid in citations(cell) if sid in record) for cell in raw]
        # a first column of the rows' own places ("| Rank |" over "| 2 |", "| 3 |"): a number as a list's item has
        numbered = ranked and bool(cells) and cells[0] == str(len(rows) + 1)
        rows.append(_draft(cells, own or inherited, header=False, labels=labels, cited=cited, numbered=numbered,
                           names=names))
    return rows


def _inherited(table: Table, before: tuple[str, ...], record: Container[str], *, headed: bool) -> tuple[str, ...]:
    """What a row that cites nothing cites: the line of citations after the table, else its header row's citations,
    else the sentence's before it."""
    for said in (table.ids, citations(table.lines[0]) if headed else ()):
        if ids := tuple(sid for sid in said if sid in record):
            return ids
    return before


def _cells(line: str) -> list[str]:
    """A row's cells, citations taken out; the pipes at its ends, and a last cell of citations alone, dropped."""
    return _cleaned(_raw_cells(line))


def _raw_cells(line: str) -> list[str]:
    """A row's cells as written, citations in; the pipes at its ends, and a last cell of citations alone, dropped."""
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
    return cells


def _cleaned(cells: list[str]) -> list[str]:
    """Cells as read: citations out, an escaped pipe a pipe."""
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
    """A cell as the rules read it under its label: "Removed yes"; a "no" denies the label ("not Removed"). A cell
    whose first word is still capitalised once opened (`shape.opened`: "Uses an offset ...") opens a phrase after its
    label ("How it works: Uses an offset ..."), as it opens one alone: its capital is no name's."""
    if not label:
        return prose
    if prose.strip(" .").lower() not in _NO:
        return f"{label}: {prose}" if prose[:1].isupper() else f"{label} {prose}"
    return f"not {label[:1].lower()}{label[1:]}" if label[1:2].islower() else f"not {label}"  # a word, not a name


def _draft(
    cells: list[str], ids: tuple[str, ...], *, header: bool, labels: Sequence[str] = (),
    cited: Sequence[tuple[str, ...]] = (), numbered: bool = False, names: tuple[str, ...] = (),
) -> Draft:
    """A row as the rules read it: its cells joined; `cited`, each cell's own citations (a body row's); `numbered`:
    its first cell is its place in the table under a column of ranks or steps, which the rules do not read (the row's
    subject is then its second cell), as a numbered list's "2." is not."""
    first = int(numbered)
    texts: list[str] = []
    spans: list[tuple[str, int, int]] = []
    read: list[tuple[int, str, tuple[str, ...]]] = []  # each cell with a value: its place, its prose, its code
    bounds: list[tuple[int, int]] = []
    own: list[Spans] = []  # each cell's spans (its inline code, ...), placed in the cell's own text
    at = 0
    for cell in cells:
        shaped = shape(cell)
        if texts:
            at += 2  # "; "
        bounds.append((at, at + len(shaped.text)))
        spans += [(kind, at + start, at + end) for kind, start, end in shaped.spans]
        own.append(shaped.spans)
        texts.append(shaped.text)
        at += len(shaped.text)
        place = len(texts) - 1
        if shaped.text not in _EMPTY and place >= first:
            label = labels[place] if first < place < len(labels) else ""
            read.append((place, _labelled(label, opened(shaped.prose) if place > first else shaped.prose), shaped.codes))
    text = "; ".join(texts)
    if not any(t not in _EMPTY for t in texts):
        text = ""
    codes = tuple(code for _, _, own in read for code in own)
    apart = len(set(cited) - {()}) > 1  # its cells cite apart: claims apart (`_parts`)
    return Draft(
        text, ids, False, tuple(spans), None, True, "; ".join(p for _, p, _ in read if p), codes,
        row=Row(tuple(bounds), header), parts=_parts(texts, own, read, ids, cited, first) if apart else (),
        names=names,
    )


def _parts(
    texts: list[str], spans: list[Spans], read: list[tuple[int, str, tuple[str, ...]]], ids: tuple[str, ...],
    cited: Sequence[tuple[str, ...]], first: int = 0,
) -> tuple[Part, ...]:
    """A row's claims, where it has more than one cell of value after its first and its cells cite apart (`_draft`):
    each such cell with the first, under its label, against what it cites itself (with what the first cites), else
    what the row cites; each with its cells' spans (`spans`, each cell's), so that its inline code is read as code,
    as the row's is (polarity's values, `crossed`'s names).
    "| **Reliability** | Most reliable [[tools]] | Less reliable than TOOLS [[json]] |" states two facts, each of its
    own section: run together, one cell's words are read as the other's ("most" and "less" as opposites). A row whose
    cells cite alike is one claim about its subject, its cells read together: "| `hljs_style_dark` | The style in
    dark mode | github_dark |" read apart would leave "github_dark" alone, and the cells of a table whose columns name
    its subjects ("| | `cascade_delete` | `ondelete` |") would be read without them (a name in code is no prose)."""
    subject = read[0] if read and read[0][0] == first else None
    values = read[1:] if subject is not None else read
    if len(values) < 2 or len(cited) != len(texts):
        return ()
    out = []
    for place, prose, codes in values:
        own = cited[place]
        if subject is None:
            out.append((texts[place], prose, own or ids, codes, spans[place]))
            continue
        said = tuple(dict.fromkeys(cited[first] + own)) if own else ids
        at = len(texts[first]) + 2  # the cell's place in "<first>; <cell>"
        placed = spans[first] + tuple((kind, at + start, at + end) for kind, start, end in spans[place])
        out.append((f"{texts[first]}; {texts[place]}", "; ".join(p for p in (subject[1], prose) if p), said,
                    subject[2] + codes, placed))
    return tuple(out)


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
