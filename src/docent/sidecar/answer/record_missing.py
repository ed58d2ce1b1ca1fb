"""A word of the question that the record lacks, asked by words the record has: the word it is made from (`bases`),
or two words it runs together (`splits`). `count` is the index's count of sections for each word, as it spells them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from .clauses import Clause, clause, quote

Count = Callable[[Iterable[str]], dict[str, int]]

SPLIT_MIN = 5  # a word shorter than this is not tried split in two
MAX_SPLIT_WORDS = 3
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
