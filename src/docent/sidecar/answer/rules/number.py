"""`number`: every quantity a sentence states is one the sections it cites state. A sentence that cites nothing may
count the answer's own parts in words up to ten ("Two things:"); a figure in digits ("40, in short.") is a fact. A
list's intro line may state the list's count ("The table lists four topics:" before four items, or before items
citing four sections); another count is held."""

from __future__ import annotations

import re

from .. import numbers
from .types import Hold, Reading, Rule, Verdict

COUNTING = 10
COUNTING_WORDS = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten)\s+(?:things|reasons|ways|points|parts|pages|links|options"
    r"|choices|steps|examples|places|questions|answers|ideas)\b",
    re.IGNORECASE,
)


def check(sentence: Reading) -> Verdict:
    said = sentence.numbers
    if not said:
        return None
    grounds = sentence.grounds
    if not sentence.ids:
        said = tuple(q for q in said if q.unit or q.raw > COUNTING or not COUNTING_WORDS.search(sentence.text))
    if sentence.ids:
        stated = grounds.stated(sentence.ids) | _counted(sentence.ids)
    else:
        stated = grounds.stated(grounds.known_ids) | sentence.counted
    return Hold("number") if said and numbers.unstated(said, stated) else None


def _counted(ids: tuple[str, ...]) -> frozenset[numbers.Quantity]:
    """A count of the sections cited is stated by the citation: "The record holds five decisions [[a, b, c, d, e]]"."""
    return frozenset((numbers.Quantity(float(len(ids)), "", float(len(ids))),)) if len(ids) > 1 else frozenset()


RULE = Rule("number", check)
