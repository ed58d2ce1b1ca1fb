"""One cited section's fact told of another cited section's subject: "Daphne was initially part of the Quart web
framework" citing the Daphne and Hypercorn sections, where the Hypercorn section's clause says "Hypercorn was
initially part of the Quart web framework".

A sentence citing two or more sections is aligned with the clause it restates (`align.aligned`); it is held when
that clause names its own section's subject (a word of the section's title) where the sentence names, instead, the
subject of another section it cites (a word of that section's title which the aligned section is not about: its
title, heading path and opening do not say it), the two words in one place (a content stem within `align.NEAR` words
of each in common). A sentence that names both subjects ("unlike Hypercorn, Daphne ...") compares, it does not swap;
a clause that does not name its subject, or a tie, decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from . import align
from .passage import Passage, Unit


def held(said: Unit, sections: Sequence[Passage], subjects: Sequence[Set[str]]) -> bool:
    """`subjects`: each cited section's subject stems (its title's, heading path's and opening's)."""
    if len(sections) < 2:
        return False
    titles = [p.title.stems for p in sections]
    if not any(said.stems & t for t in titles):
        return False
    found = align.aligned(said.stems, sections)
    if len(found) != 1:
        return False
    a = found[0]
    told = _told(said, titles, a.section, subjects[a.section])
    own = titles[a.section]
    for u in sections[a.section].units[a.first : a.last + 1]:
        theirs = [j for j, t in enumerate(u.tokens) if t.stem in own and t.stem not in said.stems]
        if any(align._place(said, i, 1, set()) & align._place(u, j, 1, set()) for i in told for j in theirs):
            return True
    return False


def _told(said: Unit, titles: list[frozenset[str]], aligned: int, about: Set[str]) -> list[int]:
    """The sentence's words of another cited section's title that the aligned section is not about."""
    others = frozenset().union(*(t for k, t in enumerate(titles) if k != aligned))
    return [
        i for i, t in enumerate(said.tokens)
        if t.stem and t.stem in others and t.stem not in titles[aligned] and t.stem not in about
    ]
