"""A denial's clause affirmed in other words, for the polarity rule's reworded denials (`reworded.py`): "Unit tests
never run on your local computer" where a cited unit says "Unit tests provide a quick and efficient way to exercise
your code on your local computer" (and denies "run" only of "faas-cli build", after "without needing to"). The deed
is another verb, but one clause of the unit affirms every other word the sentence denies (two at least: "local
computer") and the unit every word of what it is said of ("unit tests"), four words in all: the sentence denies what
that clause affirms, and is no reworded denial of the unit's. Where what it is said of is a name of the site (a page's
title, masked: no word before the negation), the rest alone decides."""

from __future__ import annotations

from collections.abc import Callable

from .. import polarity
from ..passage import Unit

_LEAST = 4  # the words the denial's rest and what it is said of hold together at least


def affirms_rest(mine: polarity.Denial, unit: Unit, affirming: Callable[[str], list[set[str]]]) -> bool:
    """Whether one of a unit's clauses, each up to its first negation (`affirming`), holds all of the denial but its
    deed, and the unit's affirming clauses all it is said of."""
    deed = mine.deed or mine.head
    rest, subject = mine.scope - {deed}, mine.before
    if len(rest) < 2 or (subject and len(rest | subject) < _LEAST) or not rest | subject <= unit.stems:
        return False
    clauses = affirming(unit.text)  # "Unit tests provide a quick | and efficient way to exercise ...": cut at its "and"
    return any(rest <= c for c in clauses) and subject <= set().union(*clauses)
