"""The permission rule (reason `hedge`): a choice the sentence gives that its cited sections never give.

A sentence that leaves something open ("optional", "optionally", "may choose", "may also", "can also", "is free to",
"is not required", "need not", "doesn't have to") cites sections that state what they state with no room at all:
none of them writes a word that gives a choice, a condition or a default (may, might, can, could, optional, either,
or, if, unless, whether, allow, possible, default, option, instead, prefer, recommended, should, ...). The sentence
is held: the choice is its own ("an idempotency key is optional" against "every state-changing request carries an
idempotency key"). Read from the sections' own words, not from the claim: a section that gives any choice anywhere
lets the sentence through, since which claim its choice is about is not read.
What it cannot do: see a choice added to one claim of a section that gives another claim a choice, or a permission
the sentence words otherwise ("it's up to you"); then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit

_OPEN = re.compile(r"\b(?:optional|optionally|may\s+(?:choose|optionally|also|either)|can\s+also|(?:is|are)\s+free\s+to"
                   r"|(?:is|are)\s+not\s+required|need\s+not|(?:don't|doesn't|do\s+not|does\s+not)\s+have\s+to)\b", re.I)
# What gives a choice, a condition or a default in a section: with one of these anywhere, its claims may be open.
_CHOICE = frozenset(("may", "might", "optional", "optionally", "can", "could", "choose", "chooses", "either", "or", "if",
                     "unless", "whether", "allow", "allows", "allowed", "possible", "free", "default", "defaults",
                     "option", "options", "alternatively", "instead", "prefer", "recommended", "should"))
CUES = frozenset(("optional", "optionally", "may", "can", "free", "not", "need", "have"))
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if not sections or not _OPEN.search(said.text):
        return False
    return all(p.words.isdisjoint(_CHOICE) and p.title.words.isdisjoint(_CHOICE) for p in sections)
