"""Where a word stands in a unit: the content stems of its neighbours, which the alignment (`align.py`) and its
names (`renamed.py`) compare to tell whether a word of a sentence and one of a clause stand in one place."""

from __future__ import annotations

from collections.abc import Set

from .passage import Unit

COVER = 0.6  # the share of a sentence's content stems the clause it restates must hold
NEAR = 4  # tokens either side of a contrast word that make its place


def stems_near(u: Unit, at: int, width: int, skip: Set[int]) -> set[str]:
    """The content stems within NEAR tokens of a contrast word (its own and other contrast words' left out)."""
    tokens = u.tokens
    return {
        t.stem for j, t in enumerate(tokens[max(0, at - NEAR) : at + width + NEAR], start=max(0, at - NEAR))
        if t.stem and j not in skip and not (at <= j < at + width)
    }
