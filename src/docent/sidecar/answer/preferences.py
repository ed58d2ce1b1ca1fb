"""The preference rule: one of two alternatives told as the other's ("would rather ship one large release than several
small ones" where the section prefers "several small releases in a day to one large one in a week").

A text prefers one side to another with "prefer A to/over B" ("prefer to do A over B"; not "the preferred way to"),
"would rather A than B", "A rather than B" or "A instead of B"; each side is the stems of its words, inline code's
words in, up to the clause's end (for "A rather than B", the words before the marker from the one B starts with:
"with the teams rather than with us"). A sentence's preference is held when a cited section's preference about the same thing (they share two
words) prefers what the sentence turns down, and turns down nothing the sentence does: "the knowledge stayed with
her rather than with the teams" against "stayed with the teams rather than with us".
A section that also states the sentence's own preference (under another option or condition: "managed prefers managed
installations over system ones", "system: prefer system installations over managed ones") cannot decide it: it is
let through.
What it cannot do: a preference the section states in other words ("I would introduce it on the first day, not the
third month" is a regret, not a preference), or sides that share every word; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from .passage import Passage, Unit, stems_between

# "prefer A to B"; "prefer to do A over B" (what follows "to" is what is done, not the other side); not "the preferred
# way to install it" nor "X is preferred for ..." (an adjective and a passive, whose other side is not after it)
_PREFER = re.compile(r"(?<!\bthe\s)(?<!\ba\s)(?<!\bis\s)(?<!\bbe\s)(?<!\bare\s)\bprefer(?:s|red)?\s+"
                     r"(?:(?!to\s)(?P<a>.+?)\s+(?:to|over)|to\s+(?P<doing>.+?)\s+(?:over|rather\s+than))\s+(?P<b>[^,;:.]+)",
                     re.IGNORECASE)
_RATHER = re.compile(r"\b(?:would|'d)\s+rather\s+(?P<a>.+?)\s+than\s+(?P<b>[^,;:.]+)", re.IGNORECASE)
_INSTEAD = re.compile(r"(?P<a>[^,;:.]+?)\s+(?:rather\s+than|instead\s+of)\s+(?P<b>[^,;:.]+)", re.IGNORECASE)
# What every match of `_INSTEAD` holds: a text without it is not scanned by `_INSTEAD`, which tries each place of the
# text as its first side's start (a sentence's "instead" alone, "use X instead", cost a millisecond a sentence).
_INSTEAD_MARK = re.compile(r"\s(?:rather\s+than|instead\s+of)\s+[^,;:.]", re.IGNORECASE)
# wakes is false without one of these words: the gate asks it only then (rules/construction.py)
CUES = frozenset(("prefer", "prefers", "preferred", "rather", "instead"))
# A side is read with its inline code, as the section's is: "use `uv add` rather than `pip install` to add packages"
# with its code blanked turns down "to add packages", which the section's "use uv add to add packages" chose.
WITH_CODE = True
_ABOUT = 2  # words two preferences share to be about the same thing
_NEAR = 3  # the words before "rather than" it sets against what follows, when the two sides share no first word


class Preference(NamedTuple):
    chosen: frozenset[str]
    over: frozenset[str]
    about: frozenset[str]  # every word of the marker's clause: what the preference is about


def preferences(u: Unit) -> list[Preference]:
    """What a sentence or a section's unit prefers to what."""
    out: list[Preference] = []
    taken: list[tuple[int, int]] = []
    for pattern in (_PREFER, _RATHER, _INSTEAD):
        if pattern is _INSTEAD and _INSTEAD_MARK.search(u.text) is None:
            continue
        for m in pattern.finditer(u.text):
            if any(lo <= m.start("b") < hi for lo, hi in taken):
                continue
            taken.append((m.start(), m.end()))
            side = "doing" if pattern is _PREFER and m.group("a") is None else "a"
            start = _opposite(u.text, m) if pattern is _INSTEAD else m.start(side)
            chosen, over = stems_between(u, start, m.end(side)), stems_between(u, m.start("b"), m.end("b"))
            if chosen or over:
                out.append(Preference(chosen, over, stems_between(u, m.start(), m.end())))
    return out


def _opposite(text: str, m: re.Match[str]) -> int:
    """Where the side before "rather than" starts: at the last word before the marker that the side after it starts
    with ("stayed with the teams rather than with us": "with the teams"), else its last few words."""
    first = re.match(r"\w+", m.group("b"))
    if first:
        at = text.rfind(f" {first.group()} ", m.start("a"), m.end("a"))
        if at >= 0:
            return at + 1
    words = list(re.finditer(r"\w+", text[m.start("a") : m.end("a")]))
    return m.start("a") + words[-_NEAR].start() if len(words) > _NEAR else m.start("a")


def section_preferences(passage: Passage) -> tuple[Preference, ...]:
    """Every preference a section's units state, made once per bundle (`Passage.facts`)."""
    return tuple(p for u in passage.units for p in preferences(u))



def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return not words.isdisjoint(CUES) and any(p.facts("preferences", section_preferences) for p in sections)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    theirs = [p for passage in sections for p in passage.facts("preferences", section_preferences)]
    for mine in preferences(said):
        about = [their for their in theirs if len(mine.about & their.about) >= _ABOUT]
        if any(_against(mine, their) for their in about) and not any(_same(mine, their) for their in about):
            return True
    return False


def _against(mine: Preference, their: Preference) -> bool:
    """`mine` turns down what `their` chooses, and nothing `their` turns down."""
    turned_down = mine.over - mine.chosen
    return bool(turned_down & (their.chosen - their.over)) and not turned_down & their.over


def _same(mine: Preference, their: Preference) -> bool:
    """`mine` chooses what `their` chooses and turns down what it turns down."""
    return bool((mine.chosen - mine.over) & (their.chosen - their.over) and (mine.over - mine.chosen) & (their.over - their.chosen))
