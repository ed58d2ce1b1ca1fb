"""The apart rule (reason `direction`): a comparison the record never writes, made the wrong way from figures it
states apart.

A section gives a figure for each of two things in its own place (a list's items or a table's rows, "'anon':
'100/day'" and "'user': '1000/day'"; two parts of a sentence, "a delay: a second with polling, under 100 ms with
Debezium"; "Default value: 1" and "Git uses 3 lines by default"), and the sentence says one is more, higher, larger,
greater, longer, fewer, less, lower, smaller or shorter "than" the other ("the outbox delay got longer with Debezium
than it had been with polling"). Each side is told by its words the other side lacks (`direction.key`); its figure is
the one of the only place of the cited section that holds one of those words and a figure: a part of a unit between
clause marks (",", ";", ":", a line), the figure after the word there, else the part's only one; or the side's own
figure, where the sentence writes one ("Copier's default of 1 context line is higher than ..."). Both places are in one
section and neither holds the other side's word; the two figures are compared in one unit (`numbers.quantities`:
durations in seconds, sizes in bytes; a percentage only with a percentage). Held when they go the other way.
What it lets through: a side whose words find no place, or two; figures of units that do not compare, or equal; a
sentence that denies or hedges its comparison ("not higher", "may be larger"); words of speed ("faster") and time
("earlier"), whose direction the figures do not tell (a faster release is a shorter time). Cannot: match a side the
section names in other words ("anonymous" for "anon" is matched, as a word that begins with the section's; "signed-in"
for "user" is not), or a side that only a heading names (two sections, one a theme's).
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from . import numbers, polarity
from .direction import LESS, MORE, comparison, key, sides
from .passage import Passage, Token, Unit

CUES = frozenset(("than",))
_PART = re.compile(r"[,;\n()]|\s[–—-]\s")  # noqa: RUF001 - the dashes prose writes between parts
_WORD = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+")
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
Placed = tuple[tuple[int, int], numbers.Quantity]  # a figure and where it stands: (a unit, a part's start)
_HEDGE = frozenset(("may", "might", "could", "can", "likely", "probably", "perhaps", "possibly", "often", "usually"))


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return "than" in words and not words.isdisjoint(MORE | LESS) and _HEDGE.isdisjoint(words)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    """Whether the sentence's "A <more> than B" goes against the figures its one cited section gives A and B apart."""
    found = _compared(said)
    if found is None:
        return False
    a, b, more = found
    a_key, b_key = key(a, {t.word for t in b}), key(b, {t.word for t in a})
    if not a_key or not b_key:
        return False
    for passage in sections:
        fa = _own(said, a) or _figure(passage, a_key, said.stems)
        fb = _own(said, b) or _figure(passage, b_key, said.stems)
        if fa is None or fb is None or fa == fb or fa[1].unit != fb[1].unit or fa[1].value == fb[1].value:
            continue  # no figure for a side, both sides' the same place, or units that do not compare
        return (fa[1].value > fb[1].value) != more
    return False


def _compared(said: Unit) -> tuple[Sequence[Token], Sequence[Token], bool] | None:
    """The comparison's two sides, and whether it says the first is more; None where the sentence denies it, or
    bounds a figure ("less than 5 minutes": the number rule reads it)."""
    tokens = said.tokens
    than = next((i for i, t in enumerate(tokens) if t.word == "than"), None)
    at = None if than is None else comparison(tokens, than)
    if than is None or at is None or polarity.negates(said.text, set(said.words)):
        return None
    a, b, _ = sides(said, at, than)
    if not b or b[0].word[:1].isdigit():
        return None
    return a, b, tokens[at].word in MORE


def _own(said: Unit, side: Sequence[Token]) -> Placed | None:
    """The side's one figure, where the sentence writes it ("Copier's default of 1 context line"); none where a figure
    names it ("3-D Secure 2")."""
    if not side or any(t.word[:1].isdigit() and i and side[i - 1].stem for i, t in enumerate(side)):
        return None
    found = numbers.quantities(said.text[side[0].start : side[-1].start + len(side[-1].word)])
    return ((-1, side[0].start), found[0]) if len(found) == 1 else None


def _figure(passage: Passage, keys: list[tuple[str, ...]], context: Set[str]) -> Placed | None:
    """A side's figure and its place (a unit and a part of it): of the one part of the section that holds its first
    key found with a figure, in the units that share most of the sentence's stems (`context`: "fraud" picks the fraud
    row of a table whose rows each name both sides); None where no part, or several, do."""
    for k in keys:
        found = [
            (len(u.stems & context), ((i, at), q))
            for i, u in enumerate(passage.units)
            if _holds(u.words, k)
            for at, q in _parts(u.text, k)
        ]
        best = [placed for n, placed in found if n == max(m for m, _ in found)]
        if len(best) == 1:
            return best[0]
        if best:
            return None  # the side's word stands by several figures: none tells which
    return None


def _holds(words: Set[str], k: tuple[str, ...]) -> bool:
    """Whether the words hold the key; a word of one key by a word it begins with ("anonymous" by "anon")."""
    return (
        all(w in words for w in k)
        or len(k) == 1
        and any(len(w) > 3 and len(k[0]) > len(w) and k[0].startswith(w) for w in words)
    )


def _parts(text: str, k: tuple[str, ...]) -> list[tuple[int, numbers.Quantity]]:
    """The figures of the unit's parts that hold the key, each with where its part starts: the first after the key,
    else the part's only one."""
    out = []
    start = 0
    for end in [m.start() for m in _PART.finditer(text)] + [len(text)]:
        part, at, start = text[start:end], start, end + 1
        lowered = part.lower()
        if not _holds(set(_WORD.findall(lowered)), k):
            continue
        place = _place(lowered, k)
        after = numbers.quantities(part[place:]) if place is not None else ()
        found = after or numbers.quantities(part)
        if after or found and len(_DIGITS.findall(part)) == 1:
            out.append((at, found[0]))  # the first figure after the key ("'100/day'": its "/day" is its unit's)
        elif found:
            return [*out, *((at, q) for q in found)]  # several figures and no key before them: none tells which
    return out


def _place(lowered: str, k: tuple[str, ...]) -> int | None:
    """The end of the key's last word in the part, where it is written as a whole word."""
    m = re.search(r"\b" + r"\W+".join(map(re.escape, k)) + r"\b", lowered)
    return None if m is None else m.end()
