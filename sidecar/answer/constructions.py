"""The construction rules of the gate (issue 21): each checks a cited sentence against the sections it cites.

A rule is a module with two functions:
- `wakes(words, stems, sections)`: a cheap look at the sentence's lower-case words and stems (sets the gate has
  already made), true when the rule may have something to say; most sentences wake none, and are not cut up;
- `held(said, sections)`: the check itself, on the sentence as a `Unit` and the cited sections as `Passage` (cut
  once per bundle, each rule's facts kept beside them). Where it cannot tell, it lets the sentence through: a
  false hold costs the visitor a true sentence.
They are asked in the order of `RULES`; the first that holds names the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from typing import NamedTuple

from . import actors, causes, direction, hedges, order, quantifiers, rates, reversal
from .passage import Fold, Passage, Unit, unit


class Rule(NamedTuple):
    reason: str
    wakes: Callable[[Set[str], Set[str], Sequence[Passage]], bool]
    held: Callable[[Unit, Sequence[Passage]], bool]


RULES: tuple[Rule, ...] = (
    Rule("rate", rates.wakes, rates.held),
    Rule("hedge", hedges.wakes, hedges.held),
    Rule("quantifier", quantifiers.wakes, quantifiers.held),
    Rule("reversal", reversal.wakes, reversal.held),
    Rule("direction", direction.wakes, direction.held),
    Rule("order", order.wakes, order.held),
    Rule("actor", actors.wakes, actors.held),
    Rule("cause", causes.wakes, causes.held),
)


def held(
    text: str,
    words: Set[str],
    stems: Set[str],
    sections: Sequence[Passage],
    fold: Fold,
    *,
    owner: frozenset[str] = frozenset(),
    rules: Sequence[Rule] = RULES,
) -> str | None:
    """The reason of the first of `rules` that holds the sentence `text`, or None."""
    said: Unit | None = None
    for rule in rules:
        if not rule.wakes(words, stems, sections):
            continue
        if said is None:
            said = unit(text, fold, owner)
        if rule.held(said, sections):
            return rule.reason
    return None
