"""Where a unit of a section takes its level of obligation from (the hedge rule's obligation, `hedges.py`).

- A list's lead: a list item that says no level of its own ("- django-filter (1.0.1+) - Filtering support.") takes
  the level its list's lead line gives, the unit before the run of items that ends in a colon ("The following packages
  are optional:"; "REST framework requires the following:").
- Two levels in one unit: "While titles are optional for internal links, they are required for external links" gives
  each clause its own. A sentence that gives one level to what the other clause says ("titles are optional for both
  internal and external links") tells the other clause's thing at the wrong level.
What it cannot do: follow a list's lead past a nested list or a paragraph between the lead and the item, or split a
unit whose two levels share a clause ("optional for X and required for Y"); it lets the sentence through then.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import LIST_ITEM, Passage, Token, Unit

_TURN = frozenset(("while", "whereas", "but"))  # where a unit's second clause begins, besides , and ;
_LEAD_SPAN = 40  # items a lead line may stand before


def lead(passage: Passage, index: int) -> Unit | None:
    """The lead line of the list whose item is the unit at `index`, or None (not an item, or no lead with a colon)."""
    units = passage.units
    if index < 0 or not LIST_ITEM.match(units[index].text):
        return None
    for j in range(index - 1, max(-1, index - _LEAD_SPAN), -1):
        if LIST_ITEM.match(units[j].text):
            continue
        return units[j] if units[j].text.rstrip().endswith(":") else None
    return None


def crossed(said: Sequence[Token], unit: Unit, said_binds: bool, *, binding: Set[str], soft: Set[str]) -> bool:
    """Whether the sentence's clause `said` gives its one level (binding or soft) to a thing that only the unit's
    clause of the other level gives one to: "optional for ... external links" against "required for external links"."""
    parts = _parts(unit)
    bound = [p for p in parts if _levels(p, binding) and not _levels(p, soft)]
    loose = [p for p in parts if _levels(p, soft) and not _levels(p, binding)]
    if not bound or not loose:
        return False
    own, other = (bound, loose) if said_binds else (loose, bound)
    level = binding | soft
    theirs = _after(other, level) - _after(own, level)
    return bool(theirs) and not theirs.isdisjoint(_after([said], level))


def _after(parts: Sequence[Sequence[Token]], level: Set[str]) -> set[str]:
    """The stems past each part's first word of a level: what the level is given to ("for external links"), not the
    subject, which a clause may leave to a pronoun ("they are required for ...")."""
    out: set[str] = set()
    for part in parts:
        at = next((i for i, t in enumerate(part) if t.word in level), len(part))
        out.update(t.stem for t in part[at + 1 :] if t.stem)
    return out


def _levels(part: Sequence[Token], level: Set[str]) -> bool:
    return any(t.word in level and not denied(part, i) for i, t in enumerate(part))


def denied(tokens: Sequence[Token], i: int) -> bool:
    """A "not" or "n't" in the two words before token `i` ("may not be necessary", "don't need to"); `hedges` reads
    its levels so too."""
    return any(v.word == "not" or v.word.endswith("n't") for v in tokens[max(0, i - 2) : i])


def _parts(unit: Unit) -> list[list[Token]]:
    """The unit's clauses: cut at a comma, a semicolon or a word that turns to another ("while", "but")."""
    marks = [m.start() for m in re.finditer(r"[,;]", unit.text)]
    parts: list[list[Token]] = [[]]
    for t in unit.tokens:
        if t.word in _TURN or marks and t.start > marks[0]:
            while marks and t.start > marks[0]:
                marks.pop(0)
            if parts[-1]:
                parts.append([])
            if t.word in _TURN:
                continue
        parts[-1].append(t)
    return [p for p in parts if p]
