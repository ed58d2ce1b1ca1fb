"""A unit's contrast words (`marks`): the words and phrases of the contrast classes (`contrasts.CONTRASTS`) found in
a unit of text, in order, each class's longest entry at each place, less those that say nothing of their class where
they stand (a name, a value, an idiom). The alignment (`align`) compares a sentence's marks with its clause's.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .contrasts import CONTRASTS, NEUTRAL, neutral_at
from .passage import Unit


class Entry(NamedTuple):
    """One word or phrase of a contrast class: its class's index, its pole's, and its words."""

    kind: int
    pole: int
    words: tuple[str, ...]


def _entries() -> dict[str, tuple[Entry, ...]]:
    by_first: dict[str, list[Entry]] = {}
    for k, contrast in enumerate(CONTRASTS):
        for p, pole in enumerate(contrast.poles):
            for entry in pole.split():
                words = tuple(entry.split("_"))
                by_first.setdefault(words[0], []).append(Entry(k, p, words))
    for entry in NEUTRAL:
        words = tuple(entry.split("_"))
        by_first.setdefault(words[0], []).append(Entry(-1, -1, words))
    # The longest phrase first: "a few" before "a".
    return {w: tuple(sorted(es, key=lambda e: -len(e.words))) for w, es in by_first.items()}


_BY_FIRST = _entries()
# Each class's entries, by its index (`Entry.kind`).
ENTRIES: tuple[tuple[Entry, ...], ...] = tuple(
    tuple(e for es in _BY_FIRST.values() for e in es if e.kind == k) for k in range(len(CONTRASTS))
)
PRESENCE = next(k for k, c in enumerate(CONTRASTS) if c.name == "presence")
_GIVEN = re.compile(r"\s*(?:[\w.]+\s*=|[,.]|$)")  # a setting after "with", or inline code blanked before "," or "."
CUES = frozenset(_BY_FIRST)


class Mark(NamedTuple):
    """A contrast word found in a unit: where (its first token's index), and which entry."""

    at: int
    entry: Entry


def _passed_over(e: Entry, capital: bool, text: str, start: int) -> bool:
    """An entry that says nothing of its class where it stands: a word with a capital (a name or a value), unless it
    is a unit; "with" before a setting ("With timeout=None, ..."), which says "given it", no presence; "nothing else"
    but after "and", "or" or a comma ("if nothing else conflicts" says no other thing: the none pole's "nothing");
    "all" in "100 connections in all", which says in total."""
    if e.kind >= 0 and capital and not CONTRASTS[e.kind].counted or e.words == ("nothing", "else"):
        return capital or re.search(r"(?:\band|\bor|,)\s*$", text[:start], re.IGNORECASE) is None
    if e.words == ("all",):
        return _IN.search(text, 0, start) is not None and _IDIOM_END.match(text, start + 3) is not None
    return e.kind == PRESENCE and e.words == ("with",) and _GIVEN.match(text, start + 4) is not None


_IN = re.compile(r"\bin\s+$", re.IGNORECASE)
_IDIOM_END = re.compile(r"\s*(?:[,.;:)]|$|(?:but|and|or)\b)", re.IGNORECASE)


def marks(u: Unit) -> tuple[Mark, ...]:
    """The contrast words of a unit, in order, each class's longest entry at each place. A capital inside the unit
    makes a name or a value ("None", "Lax"), not the word, but for a unit ("MB") or after a dash ("uvloop — Fast")."""
    hits = CUES & u.words
    if not hits:
        return ()
    tokens, text = u.tokens, u.text
    out: list[Mark] = []
    covered = 0  # the tokens before this index are part of a phrase already found
    for i in [i for i, t in enumerate(tokens) if t.word in hits]:
        if i < covered:
            continue
        t = tokens[i]
        if t.word == "s" and t.start and text[t.start - 1] in "'’":
            continue  # the "s" of a possessive whose name was inline code ("`max_age`'s"): no second
        capital = i > 0 and text[t.start].isupper() and text[: t.start].rstrip()[-1:] not in "—–"
        seen: set[int] = set()
        for e in _BY_FIRST[t.word]:
            if e.kind in seen or _passed_over(e, capital, text, t.start) or e.kind < 0 and not neutral_at(e.words, text, t.start):
                continue
            n = len(e.words)
            if n == 1 or tuple(x.word for x in tokens[i : i + n]) == e.words:
                if e.kind < 0:  # a phrase of no class (contrasts.NEUTRAL): none of its words is a contrast word
                    covered = max(covered, i + n)
                    break
                seen.add(e.kind)
                out.append(Mark(i, e))
                covered = max(covered, i + n)
    return tuple(out)
