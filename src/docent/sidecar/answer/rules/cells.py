"""The cells rule (reason `actor`): a table's row told with a value its cells give another row or another column
("POP3 — implicit TLS 995, enabled by default Yes" where docker-mailserver's ports table gives POP3 "No" under
"Enabled by Default", and IMAP4 "Yes").

The record keeps each table row's cells and its table's header (`Block.cells`, `Block.header`). A sentence that names
a cited row's label (its first cell, as a word of its own: "POP3", "`log.level`") and, after one of the table's
column headers ("enabled by default", "default"), a value, tells that row's cell in that column; so does a cell of a
Markdown table in the answer whose header names the column (`Draft.names`) in a row whose first cell is the label. The
value is compared by its first word, quotes and code marks aside, in lower case ("100MB" and "100 MB" alike). It is
held where it is not the row's cell but is the cell of another row in that column or of another column in that row,
or is the row's yes/no or true/false turned round: a value the table binds elsewhere, told of this row.
What it cannot do: a sentence naming two of the table's labels (whose value is whose is then a reading), a row whose
label is no word ("0"), a column of prose (more than three words in a cell), a value the table writes nowhere (the
number rule reads a figure), a column named in other words than its header; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from ..passage import Passage
from ..table_cells import MARKS, Table, fold, header_of
from ..words import LETTERS, found
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied

_TOKEN = re.compile(r"\d+(?:\.\d+)*|[^\W\d_]+")
# What may stand between a column's header and its value: "enabled by default: No", "default is ERROR", "port = 53"
_BETWEEN = re.compile(r"[\s:=\-—–(]*(?:(?:is|are|of|set\s+to)\s+)?", re.IGNORECASE)  # noqa: RUF001 - dashes
_VALUE_END = re.compile(r"[,;.)|](?:\s|$)|[,;|]|\s(?:and|but|while|whereas)\s|$")
_TURNED = {"yes": "no", "no": "yes", "true": "false", "false": "true"}
_EMPTY = frozenset(("", "-", "n/a", "none"))
_MOST_WORDS = 3  # a cell of more words is prose, not a value


def _first(text: str) -> str:
    """A value's first word, quotes and code marks aside ("100" of "100MB", "common" of "\"common\"")."""
    m = _TOKEN.search(MARKS.sub("", text).lower())
    return m.group(0) if m else ""


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """The words of the section's rows' labels: a sentence writing none of them names no row of it."""
    kept = _tables(passage)
    if not kept:
        return frozenset(), frozenset()
    return frozenset(w for _, rows in kept for row in rows for w in found(LETTERS, row[0])), frozenset()


def _tables(passage: Passage) -> tuple[Table, ...]:
    kept = passage.memo.get("tables")
    return kept if isinstance(kept, tuple) else ()


def check(sentence: Reading) -> Verdict:
    passages = sentence.passages
    kept: list[Table] = [t for p in passages for t in _tables(p)]
    if not kept:
        return None
    draft = sentence.draft
    if draft.row is not None:
        if draft.row.header or not draft.names:
            return None
        cells = [fold(draft.text[start:end]) for start, end in draft.row.cells]
        told = _told_in_row(cells, [header_of(n) for n in draft.names], kept)
    else:
        told = _told_in_sentence(fold(draft.text), kept)
    if told and not copied(sentence):
        return Hold("actor")
    return None


def _told_in_row(cells: Sequence[str], names: Sequence[str], kept: Sequence[Table]) -> bool:
    """A Markdown row whose first cell is a cited row's label, each later cell under a header the record's table has."""
    if len(cells) != len(names) or len(cells) < 2:
        return False
    for heads, rows in kept:
        same = [row for row in rows if row[0] == cells[0]]
        if not same:
            continue
        for name, value in zip(names[1:], cells[1:], strict=True):
            if name in heads[1:] and _bound_elsewhere(value, heads.index(name), same, rows):
                return True
    return False


def _told_in_sentence(text: str, kept: Sequence[Table]) -> bool:
    """A sentence naming one cited row's label, and a value after one of its table's column headers."""
    named = {row[0] for _, rows in kept for row in rows if len(row[0]) > 1 and _written(row[0], text)}
    if len(named) != 1:
        return False
    label = named.pop()
    for heads, rows in kept:
        same = [row for row in rows if row[0] == label]
        if not same:
            continue
        for column, name in enumerate(heads[1:], 1):
            for at in _places(name, text):
                value = _value(text, at)
                named_at = text.find(label, at) if _first(value) == _first(label) else -1
                if named_at >= 0:  # "the default of X is V": the label stands before its value
                    value = _value(text, _past(text, named_at + len(label)))
                if value and _bound_elsewhere(value, column, same, rows):
                    return True
    return False


def _written(words: str, text: str) -> bool:
    """Whether the text writes the words as words of their own ("pop3", not "pop3s"); looked for first as a part of
    it, which most rows' labels are not: a pattern is made only for those that are."""
    return words in text and re.search(rf"(?<![\w.-]){re.escape(words)}(?![\w-])", text) is not None


def _places(name: str, text: str) -> list[int]:
    """Where a column's header ends in the sentence, each time it writes it as words of their own."""
    if not name or name not in text or not _TOKEN.search(name):
        return []
    return [m.end() for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)]


def _past(text: str, at: int) -> int:
    """Where the text goes on after the code marks or quotes that close a name ending at `at`."""
    while at < len(text) and text[at] in "`'\"*_":
        at += 1
    return at


def _value(text: str, at: int) -> str:
    start = _BETWEEN.match(text, at)
    rest = text[start.end() if start else at:]
    end = _VALUE_END.search(rest)
    return rest[: end.start() if end else len(rest)].strip()


def _bound_elsewhere(value: str, column: int, same: Sequence[tuple[str, ...]], rows: Sequence[tuple[str, ...]]) -> bool:
    """Whether a value told of a row's column is none of its cells there but another row's in the column, another
    column's in the row, or its yes/no turned round."""
    said = _first(value)
    own = [row[column] for row in same]
    if not said or any(c in _EMPTY or len(c.split()) > _MOST_WORDS for c in own):
        return False
    mine = {_first(c) for c in own}
    if said in mine:
        return False
    elsewhere = {_first(row[column]) for row in rows if row not in same}
    elsewhere |= {_first(c) for row in same for k, c in enumerate(row) if k not in (0, column) and c not in _EMPTY}
    return said in elsewhere or any(_TURNED.get(m) == said for m in mine)


RULE: Rule = Rule("actor", check, cited=True, section_cues=section_cues, sure=False)  # unsure: which row a value is told of is a reading
