"""A sentence's clauses, as the rules that read one clause at a time cut them (`rules/crossed.py`, `rules/twins.py`,
`pairings.py`): at a comma, a semicolon, a colon or a bracket (and an "and", "but", "while" or "whereas" right after
it), and at "while" and "whereas"."""

from __future__ import annotations

import re
from collections.abc import Iterator

_CLAUSE = re.compile(r"[,;:()]\s+(?:(?:and|but|while|whereas)\s+)?|\s+(?:while|whereas)\s+", re.IGNORECASE)


def clauses(text: str) -> Iterator[tuple[int, int]]:
    """Each clause's start and end in `text`, in order, the words between two clauses in neither; the last runs to the
    text's end."""
    start = 0
    for m in _CLAUSE.finditer(text):
        yield start, m.start()
        start = m.end()
    yield start, len(text)
