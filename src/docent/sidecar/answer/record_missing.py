"""A word of the question that the record lacks, asked by words the record has: the word it is made from (`bases`),
two words it runs together (`splits`), or the longer words it starts (`longer`). `count` is the index's count of sections for each word, as it spells them."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice

from .clauses import Clause, clause, quote
from .words import ENDINGS

Count = Callable[[Iterable[str]], dict[str, int]]

SPLIT_MIN = 5  # a word shorter than this is not tried split in two
MAX_SPLIT_WORDS = 3
LONGER = 8  # a start of more of the record's words than this is too vague to ask for
DERIVED = re.compile(r"(?<=\w\w\w)(?:ship|ness|hood)s?$")  # a noun made of another word: leadership, readiness


def bases(words: Sequence[str], counts: dict[str, int], count: Count) -> list[Clause]:
    """A noun the record lacks, asked by the word it is made from: "leadership" finds "lead" and "leading",
    "ownership" "own", "mentorship" "mentor" (the stemmer folds endings like -ing, never -ship or -er)."""
    clauses = []
    for word in [w for w in words if not counts.get(w)]:
        base = DERIVED.sub("", word)
        tried = [base, base[:-2]] if base.endswith("er") else [base]
        found = count(w for w in tried if len(w) >= 3 and w != word)
        counts.update(found)
        clauses += [clause([w]) for w in tried if found.get(w)][:1]
    return clauses


def splits(words: Sequence[str], counts: dict[str, int], count: Count) -> list[Clause]:
    """A word the record lacks, tried as two the record has: "springboot" -> "spring boot", "3d" -> "3 d"."""
    clauses: list[Clause] = []
    for word in [w for w in words if not counts.get(w)][:MAX_SPLIT_WORDS]:
        if len(word) < SPLIT_MIN and not (word[:1].isdigit() and word[-1:].isalpha()):
            continue
        halves = [(word[:i], word[i:]) for i in range(1, len(word))]
        split = count({h for pair in halves for h in pair})
        clauses += [Clause(quote(pair), (pair,)) for pair in halves if split.get(pair[0]) and split.get(pair[1])]
        counts.update(split)  # the halves' counts, for the query's estimate
    return clauses


def longer(words: Sequence[str], counts: dict[str, int], spelling: Callable[[str], tuple[str, ...]],
           terms: Sequence[str], df: Mapping[str, int], rare: int) -> list[Clause]:
    """A word the record lacks, asked as the start of a longer word it has: "graphene" finds `starlette-graphene3`.
    Only as typed ("authority", stemmed "author", is not in "authorisation"), and of a few rare words (`LONGER`):
    "changed" in a record of changelogs would open every changelog. `terms`: the index's terms, sorted; `df`: each
    one's count of sections; `spelling`: a word as the index spells it; `rare`: the most sections the longer words
    may hold together."""
    clauses = []
    for word in [w for w in words if not counts.get(w) and len(w) >= SPLIT_MIN][:MAX_SPLIT_WORDS]:
        (start, *more) = spelling(word) or ("", "")
        at = bisect_left(terms, start)
        found = [t for t in islice(terms, at, at + LONGER + 1) if t.startswith(start)]
        n = sum(df[t] for t in found)
        derived = any(t[len(start):] in ENDINGS or not t.startswith(word) for t in found)
        if start and not more and not derived and len(found) <= LONGER and 0 < n <= rare:
            counts[f"{word}*"] = n
            clauses.append(Clause(f"{quote([word])} *", ((f"{word}*",),)))
    return clauses
