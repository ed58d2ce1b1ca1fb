"""A swap told against a thing's complement (read by `swaps.py`, reason `actor`): "Locations ending with / are matched
exactly; others are matched as prefixes" where the section says "Locations ending with / will be matched as prefixes
... Locations not ending with / will be matched exactly". The clause after "; others" (or "the others", "the rest")
tells what the first clause's thing, denied, does: the two predicates exchanged.

It is held when a cited unit that negates nothing writes the second clause's own words (its predicate) with two of the
first clause's other words (its thing, "locations ending"), without the first clause's predicate that a cited unit
that negates ("not ending") writes; and no unit that negates nothing writes every word of the first clause (which
it would then restate). A unit whose exception phrase ("other than", "except", to its verb or comma) names the
thing ("Settings other than name and url are optional") is the complement's, not the thing's: it restates nothing,
and where it writes the first clause whole, but not the second's words, the thing was given its complement's
predicate ("The name and url settings are optional; the others are required"), held. What it cannot do: tell the
thing from its predicate; a first clause whose predicate the thing's unit writes too is let through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import polarity
from .contrasts import _EXCEPT, _PHRASE_END
from .passage import Passage, Unit

CUES: frozenset[str] = frozenset(("others", "rest"))  # typed: read across an import cycle (mypyc, setup.py)
_OTHERS = re.compile(r";\s+(?:the\s+)?(?:others|rest)\s+", re.I)
_VERBS = frozenset(("is", "are", "was", "were", "be", "must", "can", "may", "will", "should", "have", "has", "need"))


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    sides = _sides(said)
    if sides is None:
        return False
    left, mine, theirs = sides
    units = [(u, polarity.negates(u.text)) for p in sections for u in p.units]
    plain = [u for u, negates in units if not negates]
    others = [u.stems for u in plain if _excepting(u, mine)]
    own = [u.stems for u in plain if not _excepting(u, mine)]
    if any(left <= stems for stems in own):
        return False  # a unit restates the first clause
    if any(left <= stems and not theirs <= stems for stems in others):
        return True  # "Settings other than name and url are optional" for "name and url are optional"
    denied = [u.stems for u, negates in units if negates]
    return any(theirs <= stems and len(mine & stems) >= 2 and _given(mine - stems, denied) for stems in own)


def _excepting(unit: Unit, mine: set[str]) -> bool:
    """Whether a unit is the complement's: its exception phrase ("other than", "except", to its verb or comma) names
    two of the first clause's words, or only its words ("Settings other than name and url are optional")."""
    found = _EXCEPT.search(unit.text)
    if found is None:
        return False
    phrase: set[str] = set()
    for t in unit.tokens:
        if t.start < found.end():
            continue
        if t.word in _VERBS or _PHRASE_END.search(unit.text, found.end(), t.start):
            break
        if t.stem:
            phrase.add(t.stem)
    return len(phrase & mine) >= 2 or bool(phrase) and phrase <= mine


def _sides(said: Unit) -> tuple[set[str], set[str], set[str]] | None:
    """The first clause's stems, those the second lacks (its thing and predicate), and the second's own."""
    cut = _OTHERS.search(said.text)
    if cut is None:
        return None
    left = {t.stem for t in said.tokens if t.stem and t.start < cut.start()}
    right = {t.stem for t in said.tokens if t.stem and t.start >= cut.end()}
    mine, theirs = left - right, right - left
    return (left, mine, theirs) if len(mine) >= 3 and theirs else None


def _given(predicate: set[str], denied: list[frozenset[str]]) -> bool:
    """Whether a unit that negates writes a word of the first clause's predicate."""
    return any(predicate & stems for stems in denied)
