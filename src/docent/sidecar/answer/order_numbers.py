"""The order rule's lists of numbers and ordinals (`order`): a list of numbers ("1 %, 10 %, 50 %, then everyone") must
keep the order of the same numbers in the one unit that holds them all, and "the first/last N" must be about the
first/last unit that names N ("the first wave" is wave 1's row)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .passage import Passage, Unit, content

_ORDINAL = re.compile(r"\bthe\s+(first|last)\s+([a-z][\w-]*)", re.I)  # "the first wave"; not "its first service", "first set"
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


_LISTED = re.compile(r"(?:\d+(?:[.,]\d+)*\s*(?:%|[a-z]{1,3})?\s*,\s*){2,}(?:(?:and|then)\s+)?\d+(?:[.,]\d+)*", re.I)


def numbers_reordered(said: Unit, sections: Sequence[Passage]) -> bool:
    """Three or more numbers listed in the sentence, in another order than in the one unit that holds them all."""
    m = _LISTED.search(said.text) if "," in said.text else None  # no list of figures without a comma
    if m is None:
        return False
    numbers = _NUMBER.findall(m.group(0))
    if len(numbers) < 3 or len(set(numbers)) != len(numbers):
        return False
    for passage in sections:
        for u in passage.units:
            places = [next((i for i, t in enumerate(u.tokens) if t.word == n), None) for n in numbers]
            if None in places:
                continue
            return places != sorted(places)  # type: ignore[type-var]
    return False


def ordinal_wrong(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "The first/last N ... Z": Z is in a unit that names N, but not in the first/last such unit."""
    text = said.text
    if text.isascii() and "first" not in (lowered := text.lower()) and "last" not in lowered:
        return False  # as `order_pairs._NEEDS`: the pattern's words first
    for m in _ORDINAL.finditer(text):
        noun = next((t.stem for t in said.tokens if t.start == m.start(2)), None)
        after = content(t for t in said.tokens if t.start > m.end(2))
        if noun and any(_wrong_row(passage, m.group(1).lower(), noun, after) for passage in sections):
            return True
    return False


def _wrong_row(passage: Passage, which: str, noun: str, after: list[str]) -> bool:
    rows = [u for u in passage.units if noun in u.stems]
    if len(rows) < 3:
        return False
    everywhere = set.intersection(*(set(u.stems) for u in rows))
    rest = [s for s in after if s != noun and s not in everywhere]
    scores = sorted(((sum(s in u.stems for s in rest), i) for i, u in enumerate(rows)), reverse=True)
    edge = 0 if which == "first" else len(rows) - 1
    best, runner_up = scores[0], scores[1]
    if best[0] <= runner_up[0] or best[1] == edge or any(s in rows[edge].stems for s in rest):
        return False
    return not _writes(rows[best[1]], which, noun)


def _writes(u: Unit, which: str, noun: str) -> bool:
    """The unit writes the ordinal itself ("the footnote definitions from the first document will be cleared before the
    second document is rendered"): its "first N" is one of a sequence it tells, not the first of the section's rows."""
    tokens = u.tokens
    return any(t.word == which and tokens[i + 1].stem == noun for i, t in enumerate(tokens[:-1]))
