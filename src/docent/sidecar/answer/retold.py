"""A fact retold of another subject: one cited section's fact told of another cited section's subject ("Daphne was
initially part of the Quart web framework" citing the Daphne and Hypercorn sections, where the Hypercorn section's
clause says "Hypercorn was initially part of the Quart web framework"), or one line's deed told of the next line's
subject (`across`).

A sentence citing two or more sections is aligned with the clause it restates (`align.aligned`); it is held when
that clause names its own section's subject (a word of the section's title) where the sentence names, instead, the
subject of another section it cites (a word of that section's title which the aligned section is not about: its
title, heading path and opening do not say it; a title's verb before an article, "Deploy the Chart", is none), the
two words in one place (a content stem within `places.NEAR` words of each in common). A sentence that names both
subjects ("unlike Hypercorn, Daphne ...") compares, it does not swap; a clause that does not name its subject, or a
tie, decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from . import align, places
from .passage import Passage, Token, Unit


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
    told = _told(said, [_subject(p.title) for p in sections], a.section, subjects[a.section])
    own = titles[a.section]
    for u in sections[a.section].units[a.first : a.last + 1]:
        theirs = [j for j, t in enumerate(u.tokens) if t.stem in own and t.stem not in said.stems and not _label(u, t)]
        if any(places.stems_near(said, i, 1, set()) & places.stems_near(u, j, 1, set()) for i in told for j in theirs):
            return True
    return False


_ARTICLES = frozenset(("the", "a", "an", "your"))


def _subject(title: Unit) -> frozenset[str]:
    """A title's stems less its verbs: a word before an article names a task ("Deploy the Chart with arkade",
    "Install the faas-cli"), no subject; "deploy functions" told under it is no other section's subject."""
    tokens = title.tokens
    verbs = {t.stem for k, t in enumerate(tokens[:-1]) if tokens[k + 1].word in _ARTICLES}
    return title.stems - verbs if verbs else title.stems


def _label(u: Unit, t: Token) -> bool:
    """A table cell's label, read after "; " ("...; role Staff engineer"): a column's name, no subject named."""
    return u.text[: t.start].rstrip().endswith(";")


def _told(said: Unit, titles: list[frozenset[str]], aligned: int, about: Set[str]) -> list[int]:
    """The sentence's words of another cited section's title that the aligned section is not about."""
    others = frozenset().union(*(t for k, t in enumerate(titles) if k != aligned))
    return [
        i for i, t in enumerate(said.tokens)
        if t.stem and t.stem in others and t.stem not in titles[aligned] and t.stem not in about
    ]


def across(said: Unit, sections: Sequence[Passage]) -> bool:
    """One unit's deed told of the next unit's subject: "The memory leak fix brought frictionless authentication to
    71 % of online payments" where one line says "The 3-D Secure 2 rollout brought frictionless authentication to 71 %
    of online payments" and the next "The memory leak fix ended the weekly restarts". Held when the sentence aligns
    with two units in a row, opens with words (two to `SUBJECT` stems) that only one of them writes, at its own
    opening, and says the rest (`DEED` stems or more) in the other's words only, while the other's own opening is
    absent from it. Asked only when the sentence's first stem opens a unit of a cited section (found once per bundle),
    and aligned only where two units in a row of one section could be the two (`_may_tell`)."""
    lead = next((t.stem for t in said.tokens if t.stem), None)
    if lead is None or not any(lead in p.facts("openings", _openings) for p in sections):
        return False
    if not _may_tell(said, sections):
        return False
    found = align.aligned(said.stems, sections)
    if len(found) != 1 or found[0].last != found[0].first + 1:
        return False
    a = found[0]
    one, two = sections[a.section].units[a.first], sections[a.section].units[a.last]
    # A next line that opens with a pronoun ("It contains a list of ...") tells its deed of the line before's subject.
    return _deed_of(said, one, two) or _PRONOUN.match(two.text) is None and _deed_of(said, two, one)


_PRONOUN = re.compile(r"\s*(?:it|they|this|these|he|she)\b", re.IGNORECASE)


SUBJECT = 5  # the most stems of a subject told from the other unit ("the 3-D Secure 2 rollout")
DEED = 4  # the fewest stems of the deed told in the one unit's words


def _may_tell(said: Unit, sections: Sequence[Passage]) -> bool:
    """What `_deed_of` needs of two units in a row, found through each section's index of its units' stems before
    any alignment: the sentence says at least `DEED` stems besides its subject (its first two to `SUBJECT` stems), one
    unit holds all the sentence's stems but its first `SUBJECT`, and the unit before or after it holds the sentence's
    first two stems, which it does not (the subject told is the other unit's). Over the development replay some 2,900
    sentences open with a unit's opening stem and 6 are held; most write no line's deed beside another line's subject,
    and are spared the alignment (tests/sidecar/test_gate_retold.py)."""
    first = _first(said, SUBJECT)
    if len(said.stems) < DEED + 2 or len(first) < 2 or first[0] == first[1]:
        return False
    one, two = first[0], first[1]
    rest = said.stems.difference(first)
    for p in sections:
        units = p.units
        for i, n in p.counts(rest).items():  # rest holds one stem or more: the sentence has six
            if n < len(rest) or one in units[i].stems or two in units[i].stems:
                continue
            if any(0 <= j < len(units) and one in units[j].stems and two in units[j].stems for j in (i - 1, i + 1)):
                return True
    return False


def _openings(passage: Passage) -> frozenset[str]:
    """The stems that open the section's units (each unit's first `SUBJECT`): where a unit names what it tells of."""
    return frozenset(s for u in passage.units for s in _first(u, SUBJECT))


def _first(u: Unit, n: int) -> list[str]:
    return [t.stem for t in u.tokens if t.stem][:n]


# A unit's opening phrase set off by a comma ("As a consequence, ", "By default, ", "In that case, "): it links the
# unit to the one before or frames it, and names no subject.
_OPENER = re.compile(r"\s*(?:[A-Za-z]+\s+){0,3}[A-Za-z]+,\s")


def _subject_first(own: Unit) -> list[str]:
    """The first stems of a unit from its subject on (`SUBJECT` + 1): past an opening phrase set off by a comma, so
    that "As a consequence, Rspamd will perform DNS lookups" has its subject, Rspamd, first; a sentence that names it
    ("The RBL module is enabled by default, so Rspamd performs DNS lookups") tells the deed of its own subject."""
    opener = _OPENER.match(own.text)
    start = opener.end() if opener else 0
    return [t.stem for t in own.tokens if t.stem and t.start >= start][: SUBJECT + 1]


def _deed_of(said: Unit, own: Unit, other: Unit) -> bool:
    """Whether the sentence tells `own`'s deed of `other`'s subject."""
    told = said.stems - own.stems
    if not 2 <= len(told) <= SUBJECT or not told <= other.stems or len(said.stems) - len(told) < DEED:
        return False  # "defaults to 600 seconds" against "... in seconds. Defaults to 600." tells no deed of its own
    if set(_first(said, len(told))) != told or not told <= set(_first(other, len(told) + 1)):
        return False
    # The deed follows the subject put in its place: own's first stem the sentence says is the one after the subject,
    # and own's subject before it (at most SUBJECT stems) is absent ("The business wanted updates in minutes, and a
    # failed file meant a rerun" joins two lines' clauses, no deed moved).
    deed = _first(said, len(told) + 1)[len(told) :]
    mine = _subject_first(own)
    k = next((i for i, stem in enumerate(mine) if stem in said.stems), None)
    return k is not None and 1 <= k <= SUBJECT and mine[k : k + 1] == deed
