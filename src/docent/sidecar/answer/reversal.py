"""The reversal rule: negation in other words. "Retired" where the section says it "still runs", "persisted" where
it says "went to zero".

Words that end a thing (retired, dropped, stopped, ended, abandoned, discontinued, replaced, went to zero, no longer) and
words that keep it (still, kept, stayed, remained, continued, persisted) are opposites; so are missed and found
(caught, spotted, detected). A sentence that uses one
side is held when the unit of its cited sections that its other words are about uses the other side only. A sentence that negates the word itself ("never stopped") is left
to the polarity rule.
What it cannot do: see a reversal worded in neither list, or one where the section's unit says both; it lets
those through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit, best_of, unit_at
from .polarity import DEED_LINKS, DETERMINED, STOPPED_DEED

_END = frozenset("""retired retire retires dropped drop drops stopped stop stops ended abandoned discontinued
decommissioned removed replaced scrapped ceased gone""".split())
_MISSED = frozenset(("missed", "overlooked"))
_FOUND = frozenset(("found", "caught", "spotted", "detected", "noticed"))
_KEEP = frozenset("""still kept keep keeps stayed stays remained remains continued continues persisted persists
retained""".split())
# wakes is false without one of these words: the gate asks it only then (rules/construction.py)
CUES = frozenset(_END | _KEEP | _MISSED | _FOUND | {"zero", "longer"})
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
_ZERO = re.compile(r"\b(?:went|go|goes|fell|dropped)\s+to\s+zero\b", re.I)
# "is no longer required": a state ended, as "still" keeps one; "no longer than 63 characters" bounds a length
_NO_LONGER = re.compile(r"\bno\s+longer\b(?!\s+than\b)", re.I)
# What follows "stop" where it prevents a deed rather than ends a thing: "from" after its object, or the object and its
# deed in -ing ("stop the record flapping"; a noun in -ing is no deed: "the string"). "Stop using it" ends the using,
# and so does "stopped using the logging module": a deed in -ing right after "stop" is what it ends.
_STOP = frozenset(("stop", "stops", "stopped"))
_PREVENTED = re.compile(
    r"\s+(?:(?:[\w.'’]+\s+){0,4}?from\b|" + STOPPED_DEED + r"(?:(?!" + DEED_LINKS + r")[\w.'’]+\s+){1,4}?"
    + DETERMINED + r"(?!\w*thing\b|during\b|string|spring)[a-z]{2,}ing\b)", re.I)
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer|n't)\s+(?:\w+\s+){0,2}?$", re.I)


def _sides(u: Unit) -> set[str]:
    out = set()
    if u.words & _END or _ZERO.search(u.text) or "longer" in u.words and _NO_LONGER.search(u.text):
        out.add("end")
    if u.words & _KEEP:
        out.add("keep")
    if u.words & _MISSED:
        out.add("missed")
    if u.words & _FOUND:
        out.add("found")
    return out


_SIDE_OF = {**{w: "end" for w in _END}, **{w: "keep" for w in _KEEP}, **{w: "missed" for w in _MISSED},
            **{w: "found" for w in _FOUND}}
_OTHER = {"end": "keep", "keep": "end", "missed": "found", "found": "missed"}



def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    mine = set()
    for t in said.tokens:
        if t.word in _SIDE_OF:
            if _NEGATED.search(said.text[: t.start]):
                return False
            if t.word in _STOP and _PREVENTED.match(said.text, t.start + len(t.word)):
                continue  # "to stop the record flapping", "stops it from retrying": a deed prevented, nothing ended
            mine.add(_SIDE_OF[t.word])
    if _ZERO.search(said.text) or "longer" in said.words and _NO_LONGER.search(said.text):
        mine.add("end")
    if len(mine) != 1:
        return False
    anchors = [t.stem for t in said.tokens if t.stem and t.word not in _SIDE_OF]
    fit = best_of(sections, anchors)
    if fit is None:
        return False
    theirs = _sides(unit_at(sections[fit[0]], fit[1]))
    side = next(iter(mine))
    return _OTHER[side] in theirs and side not in theirs and len(theirs & {"end", "keep"}) < 2
