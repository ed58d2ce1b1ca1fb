"""The order rule's reading of named steps: two things told in order by their own words in a row, inline code read
as written ("run `docker compose down` before `docker compose up -d`", "create the client with `http2=True` first").

`order` reads a sentence's prose, its inline code blanked, and places each side by its words of substance, which
drop "up" and "down" and tie where a name is written in the prose, the list and the code alike. This reading takes
each side's longest run of words (two to four, stop words kept, at least one of substance, not all the other side's
too) that a unit of a cited section writes in a row: a command or a line of code, a list item. The units holding a
side's run are its places; when all of one side's places come after all of the other's, in one section, the
sentence that tells them the other way round is held. Where the runs are found in two sections, or their units
straddle (a name in an import line at the top and in a list at the bottom), it lets the sentence through.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from .order import CUES, side
from .order_pairs import pairs
from .order_ties import by_steps, steps
from .passage import Passage, Token, Unit

WAKES_ON_CUES = True  # as `order`'s: the sentence's words decide
WITH_CODE = True  # the steps are often inline code: `docker compose down`
_LONGEST = 4
_NEAREST = 8  # a side's words nearest the marker that runs are taken from


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if not any(steps(p) for p in sections):
        return False  # no list and no code: no steps to order by
    known = frozenset().union(*(p.words for p in sections)) - _MARKS
    for first, second in pairs(said.text):
        a = side(said, first, toward_end=first[0] < second[0])[:_NEAREST]
        b = side(said, second, toward_end=second[0] < first[0])[:_NEAREST]
        a_places = _places(a, b, sections, known, said.owner)
        b_places = _places(b, a, sections, known, said.owner) if a_places is not None else None
        if a_places is None or b_places is None or set(a_places[1]) & set(b_places[1]):
            continue  # a sentence of the section writes both: "if you call close() before calling accept()"
        if by_steps(sections, a_places, b_places) is False:
            return True
    return False


def _places(tokens: list[Token], other: list[Token], sections: Sequence[Passage],
            known: frozenset[str], owner: frozenset[str]) -> tuple[int, list[int]] | None:
    """The one section whose units write the side's runs with the most words of substance, and all those units: "the
    decision service" and "decision service" alike, wherever either is written. A run is of words the sections hold
    (`known`), none of which orders, and not of the site's name alone (`owner`): "Argo CD removes the resources first"
    is no step that "Argo CD waits for all PostDelete hooks" writes."""
    ordered = sorted(tokens, key=lambda t: t.start)
    theirs = {t.word for t in other}
    best, found = 0, dict[int, set[int]]()
    for length in range(min(_LONGEST, len(ordered)), 1, -1):
        for i in range(len(ordered) - length + 1):
            run = ordered[i : i + length]
            if not all(t.word in known for t in run):
                continue
            substance = sum(1 for t in run if t.stem)
            if substance < max(best, 1) or all(t.word in theirs for t in run) or all(
                    t.word in owner or not t.stem for t in run):
                continue
            for s, passage in enumerate(sections):
                units = _writing(passage, [t.word for t in run])
                if units:
                    if substance > best:
                        best, found = substance, {}
                    found.setdefault(s, set()).update(units)
    if len(found) != 1:
        return None
    s, places = next(iter(found.items()))
    return s, sorted(places)


_MARKS = CUES | {"and", "until"}  # a run holds no word that orders: "the post_template event and before the"


def _writing(passage: Passage, words: list[str]) -> list[int]:
    """The units of the section that write the words in a row."""
    if not all(w in passage.words for w in words):
        return []  # a section that lacks a word writes no run of it
    text, starts = passage.facts("order lines", _lines)
    needle = " " + " ".join(words) + " "
    out: list[int] = []
    at = text.find(needle)
    while at >= 0:
        out.append(_unit_at(starts, at))
        at = text.find(needle, at + 1)
    return out


def _lines(passage: Passage) -> tuple[str, list[int]]:
    """The section's units' words, each unit a line of words between spaces, and where each unit starts."""
    parts, starts, at = [], [], 0
    for u in passage.units:
        line = " " + " ".join(t.word for t in u.tokens) + " \n"
        starts.append(at)
        parts.append(line)
        at += len(line)
    return "".join(parts), starts


def _unit_at(starts: list[int], at: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= at:
            lo = mid
        else:
            hi = mid - 1
    return lo
