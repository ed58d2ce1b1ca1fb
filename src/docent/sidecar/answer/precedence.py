"""The precedence rule (reason `direction`): which of two things wins told the other way round ("environment variables
take precedence over CLI options" where the section says "CLI options ... take precedence over environment
variables").

A text ranks one thing above another with "A takes (has, gets) precedence (priority) over B", "A is given preference
over (to) B", "A is preferred over (to) B", "A overrides (overwrites, trumps, supersedes, outranks) B", "A wins over
B", "A ranks above (higher than, ahead of) B", "A has a higher priority than B"; and below with "A is overridden
(overwritten, superseded) by B", "A ranks below (lower than) B", "A has a lower priority than B", read as "B ... A".
Each side is the stems of its words, inline code's in (and "more", "most", "first", "last"), from the clause's edge (a comma, semicolon, colon, dash,
parenthesis (not a call's "()"), or a joining word: "so", "because", "while", "if", "when", ...) to the ranking words, and from them to
the next edge. A sentence's ranking is held when a ranking of its cited sections tells the two sides apart (the
stems one side writes and the other does not) and the sentence's first side has the words of the section's second
and its second those of the section's first, over twice as many as it has of their own sides; a section's ranking
that tells the sentence's sides as the sentence does (as many of their own sides' words as of the other's) lets it
through, as does a ranking that is denied ("does not override") or whose side names nothing ("you can override it").
A section's list also ranks its items, each above those after it, where the unit before it says the list is "in order of
preference" (precedence, priority) or "highest precedence first".
What it cannot do: a ranking the section states by a list's order told otherwise ("lowest ... highest", "in increasing
order"), by "first"/"last" ("the last file listed has the highest precedence"), or in other words than these ("Settings
defined via the UI" for "values set through the user interface"); then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit

_UP = (r"(?:takes?|took|taking|ha[sd]|have|having|gets?|got)\s+(?:(?:a\s+)?(?:higher|greater)\s+)?(?:precedence|priority)\s+over"
       r"|(?:is|are|be|been|was|were)\s+(?:given\s+)?(?:preference|priority|precedence)\s+(?:over|to)"
       r"|(?:is|are|be|was|were)\s+preferred\s+(?:over|to)"
       r"|overrides?|overrode|overwrites?|overwrote|trumps?|supersedes?|outranks?|wins?\s+over"
       r"|ranks?\s+(?:above|higher\s+than|ahead\s+of)"
       r"|(?:a\s+)?(?:higher|greater)\s+(?:precedence|priority)\s+than")
_DOWN = (r"(?:is|are|be|been|was|were)\s+(?:overridden|overwritten|superseded|outranked|trumped)\s+by"
         r"|ranks?\s+(?:below|lower\s+than|behind)"
         r"|(?:a\s+)?(?:lower|less)\s+(?:precedence|priority)\s+than")
_RANK = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\b")
# A clause's edge: a side runs from the one before its ranking words to the one after them.
_EDGE = re.compile(r"[,;:\[\]\n—–]|\((?!\))|(?<!\()\)|\s-\s|\b(?:so|because|while|whereas|if|when|whenever|unless|since|although|though|but|"
                   r"then|therefore|thus|where|once|until|rather|instead|i\.e|e\.g)\b")
_DENIED = re.compile(r"\b(?:not|never|no|cannot|can't|won't|doesn't|don't|isn't|aren't|nor)\b|n't\b")
CUES = frozenset("""precedence priority preference preferred override overrides overrode overwrite overwrites
    overwrote trump trumps supersede supersedes outrank outranks win wins rank ranks overridden overwritten superseded
    outranked trumped""".split())
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
WITH_CODE = True  # the sides are often inline code ("`valuesObject` trumps `values`"), which the sections write as words
# Stop words that tell two sides apart: "more specific media types" against "less specific" ones.
_DEGREE = frozenset(("more", "most", "less", "least", "first", "last"))
_Ranking = tuple[frozenset[str], frozenset[str]]  # the winning side's stems, the losing side's


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return not CUES.isdisjoint(words)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    mine = _rankings(said)
    if not mine or not sections:
        return False
    theirs = [r for p in sections for r in p.facts("rankings", _of_passage)]
    return any(_crossed(m, theirs) for m in mine)


def _crossed(ranking: _Ranking, theirs: Sequence[_Ranking]) -> bool:
    """Whether a section's ranking tells the sentence's sides the other way round, and none tells them as it does."""
    a, b = ranking
    crossed = False
    for x, y in theirs:
        ea, eb = x - y, y - x  # what tells the section's sides apart
        if not ea or not eb:
            continue
        straight = len(a & ea) + len(b & eb)
        across = len(a & eb) + len(b & ea)
        if a & ea and b & eb and straight >= across:
            return False  # the sections rank them as the sentence does
        if a & eb and b & ea and across > 2 * straight:
            crossed = True
    return crossed


def _of_passage(passage: Passage) -> tuple[_Ranking, ...]:
    return (*(r for u in passage.units for r in _rankings(u)), *_listed(passage))


# A list's order told as a ranking: "determined from one of the following (in order of preference):", "by order of
# precedence", "(highest precedence first)"; not "increasing", "ascending", "reverse", "lowest" or "least" (an order
# that runs the other way, which this does not read).
_ORDERED = re.compile(r"\border\s+of\s+(?:preference|precedence|priority)\b|\b(?:highest|most)\s+(?:precedence|priority)\s+first\b")
_OTHER_WAY = re.compile(r"\b(?:increasing|ascending|reverse|reversed|lowest|least)\b")
_ITEM = re.compile(r"\s*(?:[-*+•]|\d{1,2}[.)])(?:\s|$)")  # a list item's mark, or a number alone ("1.", its text after)


def _listed(passage: Passage) -> list[_Ranking]:
    """The rankings a unit that says its list is in order of preference (precedence, priority) gives by the list right
    after it: each item above each item after it ("- The rate property on the class ... - The
    DEFAULT_THROTTLE_RATES['anon'] setting": the rate property wins). An item is the units of one line (a numbered
    item's "1." and its sentence); the list ends at the first line that is no item. Denied, or told the other way
    ("in increasing order of precedence"), it ranks nothing."""
    units, out = passage.units, []
    for i, u in enumerate(units):
        text = u.text.lower()
        if not _ORDERED.search(text) or _OTHER_WAY.search(text) or _DENIED.search(text):
            continue
        items = _items(passage, i)
        out += [(a, b) for n, a in enumerate(items) for b in items[n + 1 :]]
    return out


def _items(passage: Passage, i: int) -> list[frozenset[str]]:
    """The words of each item of the list right after unit `i`, in order: an item is the units of one line, and the
    list ends at the first line that is no item."""
    units, lines, items = passage.units, passage.lines, []
    j = i + 1
    while j < len(units) and _ITEM.match(units[j].text) and (not lines or lines[j] != lines[i]):
        k = j + 1
        while k < len(units) and lines and lines[k] == lines[j]:
            k += 1
        item = frozenset(t.stem or t.word for v in units[j:k] for t in v.tokens
                         if (t.stem or t.word in _DEGREE) and not _marks(v, t.start))
        if item:
            items.append(item)
        j = k
    return items


def _marks(u: Unit, at: int) -> bool:
    """Whether the word at `at` is the unit's list mark ("1." numbers an item; it is no word of the item's)."""
    m = _ITEM.match(u.text)
    return m is not None and at < m.end()


def _rankings(u: Unit) -> list[_Ranking]:
    """Each ranking a text states, as (the winner's stems, the loser's); none where it is denied or a side names
    nothing."""
    text = u.text.lower()
    out = []
    for m in _RANK.finditer(text):
        keys = {at for k in _SUBSCRIPT.finditer(text) for at in (k.start(), k.end() - 1)} if "[" in text else ()
        edges = [e for e in _EDGE.finditer(text) if e.start() not in keys]  # a name's key is no edge
        start = max((e.end() for e in edges if e.end() <= m.start()), default=0)
        end = min((e.start() for e in edges if e.start() >= m.end()), default=len(text))
        if _DENIED.search(text, start, m.start()):
            continue
        left, right = _side(u, start, m.start()), _side(u, m.end(), end)
        if left and right:
            out.append((left, right) if m.group("up") else (right, left))
    return out


_SUBSCRIPT = re.compile(r"(?<=\w)\[[^\[\]\s]*\]")  # "DEFAULT_THROTTLE_RATES['anon']": a name's key, no clause's edge


def _side(u: Unit, start: int, end: int) -> frozenset[str]:
    """The stems of the words between `start` and `end`, and the stop words that tell sides apart (`_DEGREE`)."""
    return frozenset(t.stem or t.word for t in u.tokens if (t.stem or t.word in _DEGREE) and start <= t.start < end)
