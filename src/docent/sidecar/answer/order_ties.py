"""The order of two sides of which one or both fit several units of a section equally (`order._compare`).

A side's words often tie: a name a documentation section gives in its prose, its list and its code ("decision
service" in a paragraph, in step 3 and in the caption). The steps among the units it ties between (a list's items, a
code block's lines) still order it when they all stand on one side of the other side's steps: all before, or all
after. A paragraph's sentences are no steps: their order is the telling's, and a side that fits one is not placed.
Where the steps straddle (an import line at the top, a list item at the bottom), it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .passage import LIST_ITEM, Passage, Unit, best_of, first_date, unit_at

Fit = tuple[int, int, float]


def tied(sections: Sequence[Passage], anchors: list[str]) -> tuple[int, list[int]] | None:
    """The one section whose units the anchors fit best, and those units (all that share the best score): None
    where no unit holds an anchor or two sections share the best score."""
    best: list[tuple[float, int, list[int]]] = []
    for s, passage in enumerate(sections):
        weight = passage.weight
        scored = [(sum(weight[a] for a in held), i) for i, held in passage.holding(anchors).items()]
        if scored:
            top = max(score for score, _ in scored)
            best.append((top, s, sorted(i for score, i in scored if score == top)))
    if not best:
        return None
    best.sort(reverse=True)
    if len(best) > 1 and best[1][0] == best[0][0]:
        return None
    return best[0][1], best[0][2]


def by_ties(sections: Sequence[Passage], fa: Fit | None, fb: Fit | None, a_near: list[str],
            b_near: list[str]) -> bool | None:
    """True: every unit of the first side comes before every unit of the second; False: every one after; None: they
    straddle, stand in two sections, or share a unit."""
    if not any(steps(p) for p in sections):
        return None  # no list and no code: nothing to order by
    a = (fa[0], [fa[1]]) if fa is not None else tied(sections, a_near[:2])
    b = (fb[0], [fb[1]]) if fb is not None else tied(sections, b_near[:2])
    verdict = by_steps(sections, a, b)
    if verdict is None or _drifted(sections, fa, a_near) or _drifted(sections, fb, b_near):
        return None  # a side that fits drifts nowhere: asked last, its whole words' fit costs most
    return verdict


def by_steps(sections: Sequence[Passage], a: tuple[int, list[int]] | None, b: tuple[int, list[int]] | None) -> bool | None:
    """The two sides' order by the steps among their units, in one section: None where they stand in two, share a
    unit, straddle, or fit no step."""
    if a is None or b is None or a[0] != b[0] or min(a[1] + b[1]) < 0:
        return None
    # Steps only: a side that fits a paragraph's sentence is not placed ("If you're using uv ..." opens a section,
    # it is no step before the Dockerfile's lines), and one tied between a paragraph and a list's item is the item.
    placed = steps(sections[a[0]])
    a_steps, b_steps = [i for i in a[1] if i in placed], [i for i in b[1] if i in placed]
    if not a_steps or not b_steps:
        return None
    return True if max(a_steps) < min(b_steps) else False if min(a_steps) > max(b_steps) else None


def _drifted(sections: Sequence[Passage], fit: Fit | None, near: list[str]) -> bool:
    return fit is not None and drifts(sections, fit, near)


def drifts(sections: Sequence[Passage], fit: Fit, near: list[str]) -> bool:
    """The side's words taken whole (up to `_WHOLE_SIDE`) fit another unit than its words nearest the marker: "Mara wrote
    the shared library herself and documented it with examples" is about "I wrote the library, documented it with
    examples", not the unit that says teams "needed a shared library"."""
    whole = best_of(sections, near[:_WHOLE_SIDE], title=True)
    if whole is None or whole[:2] == fit[:2]:
        return False
    # A unit that holds fewer of the side's words draws nothing away: the words of a comment beside a line of code
    # ("# This sets `os.environ`") weigh more, being rarer, but hold fewer of "environ['TESTING'] is set to 'True'".
    return _held(unit_at(sections[whole[0]], whole[1]), near[:_WHOLE_SIDE]) >= _held(unit_at(sections[fit[0]], fit[1]), near[:_WHOLE_SIDE])


def _held(u: Unit, stems: list[str]) -> int:
    return sum(stem in u.stems for stem in stems)


_WHOLE_SIDE = 6


def steps(passage: Passage) -> frozenset[int]:
    """The units that are steps: a list's items, a code block's lines, and the lines a lead ending in a colon opens
    ("Then, run the following commands:"), undated (a CV's list is newest first). A
    paragraph's sentences are not: their order is the telling's ("Page events are called once for each page" before
    "All page events are called after the post_template event")."""
    return passage.facts("order steps", _stepped)


def _stepped(passage: Passage) -> frozenset[int]:
    units, led = passage.units, _led(passage.units)
    return frozenset(i for i, u in enumerate(units) if first_date(u.text) is None and not _CASE.match(u.text) and (
        LIST_ITEM.match(u.text) or _code(u.text) or i and _NUMBERED.fullmatch(units[i - 1].text.strip()) or i in led))


# A list's item that opens with a condition is a case, not a step: "- If you bump the version first, you have no
# changelog yet" and "- If you create the changelog before bumping the version, ..." are two ways, neither done first.
_CASE = re.compile(r"\s*[-*+•]\s+(?:if|when|unless)\b", re.IGNORECASE)


def _led(units: Sequence[Unit]) -> set[int]:
    """The lines a lead ending in a colon opens, up to the first that ends as a sentence: "Then, run the following
    commands:" and "docker compose pull", "docker compose down", a code block's lines with no mark of code."""
    out: set[int] = set()
    led = False
    for i, u in enumerate(units):
        text = u.text.rstrip()
        if led and text[-1:] not in (".", "!", "?", ":"):
            out.add(i)
            continue
        led = text.endswith(":")
    return out


_NUMBERED = re.compile(r"\d{1,2}[.)]")  # "1. Merchant sends ...": the section's cut made "1." a unit of its own


def _code(text: str) -> bool:
    """A line of code, a command or a comment in one, rather than prose: no sentence's end, and a mark of code."""
    end = text.rstrip()[-1:]
    return end not in (".", "!", "?") and any(c in text for c in "=()$#/_{}[]<>|@\\") or text.startswith(("$ ", ">>> "))
