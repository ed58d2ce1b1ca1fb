"""The rate rule: a figure per the wrong period ("40 million events a second" where the section says a day), or in
per cent where the section counts it in basis points or percentage points.

For each number of the sentence followed by a period ("a day", "per second", "an hour", "each month") the same
number is looked for in the cited sections, with the period that follows it there (within six words). The
sentence is held when the sections state that number only per other periods.
A number the sentence gives in per cent ("3.1 %") that the cited sections state only in a unit measured in basis
points or percentage points (and not in %) is held too.
A unit of time under a minute or of size (milliseconds, seconds, bytes, kilobytes...) that the cited sections never
use, where they use another unit of the same kind, is held: "max_age in milliseconds" where the section gives the
lifetime in seconds, "a size in kilobytes" where it says bytes.
What it cannot do: compare a number the sections state with no period (then the period is the sentence's own
addition, which the number rule judges), or convert between periods (2,300 a month is not checked against 75 a
day); it lets those through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Unit

_PERIODS = {
    "second": "s", "seconds": "s", "sec": "s", "minute": "min", "minutes": "min", "hour": "h", "hours": "h",
    "day": "d", "days": "d", "night": "d", "week": "w", "weeks": "w", "month": "mo", "months": "mo",
    "quarter": "q", "year": "y", "years": "y",
}
_PER = frozenset(("a", "an", "per", "each", "every"))
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|"
                     r"sixty|seventy|eighty|ninety|hundred|once|twice")
_AHEAD = 6


def _rated(u: Unit) -> dict[str, set[str]]:
    """number -> the periods that follow it in the unit ("" where none does)."""
    out: dict[str, set[str]] = {}
    tokens = u.tokens
    for i, t in enumerate(tokens):
        if not _NUMBER.fullmatch(t.word):
            continue
        period = ""
        for j in range(i + 1, min(len(tokens) - 1, i + _AHEAD)):
            if _NUMBER.fullmatch(tokens[j].word):
                break
            if tokens[j].word in _PER and tokens[j + 1].word in _PERIODS:
                period = _PERIODS[tokens[j + 1].word]
                break
        out.setdefault(t.word, set()).add(period)
    return out


def _section_rated(passage: Passage) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in passage.units:
        for n, periods in _rated(u).items():
            out.setdefault(n, set()).update(periods)
    return out


# A unit's word -> (its kind, its name). "second" and "minute" count only after a figure or "a", "per", "each".
_UNITS = {
    **dict.fromkeys(("nanosecond", "nanoseconds", "ns"), ("time", "ns")),
    **dict.fromkeys(("microsecond", "microseconds", "µs", "us"), ("time", "us")),
    **dict.fromkeys(("millisecond", "milliseconds", "ms", "msec"), ("time", "ms")),
    **dict.fromkeys(("second", "seconds", "sec", "secs", "s"), ("time", "s")),
    **dict.fromkeys(("minute", "minutes", "min", "mins"), ("time", "min")),
    **dict.fromkeys(("bit", "bits"), ("size", "bit")),
    **dict.fromkeys(("byte", "bytes", "b"), ("size", "B")),
    **dict.fromkeys(("kilobyte", "kilobytes", "kb", "kib"), ("size", "KB")),
    **dict.fromkeys(("megabyte", "megabytes", "mb", "mib"), ("size", "MB")),
    **dict.fromkeys(("gigabyte", "gigabytes", "gb", "gib"), ("size", "GB")),
}
_AMBIGUOUS = frozenset(("second", "minute", "s", "b", "us", "min", "sec"))  # an ordinal, a letter, a pronoun
_BEFORE_UNIT = frozenset(("a", "an", "per", "each", "one"))


def _units(u: Unit, *, bare: bool = False) -> dict[str, set[str]]:
    """kind -> the units of that kind the unit of text uses; `bare`: only those with no figure before them (a
    figure's unit is the number rule's, which compares "30 seconds" with "half a minute")."""
    out: dict[str, set[str]] = {}
    tokens = u.tokens
    for i, t in enumerate(tokens):
        found = _UNITS.get(t.word)
        if found is None:
            continue
        before = tokens[i - 1].word if i else ""
        if bare and (before[:1].isdigit() or _NUMBER.fullmatch(before)):
            continue
        if t.word in _AMBIGUOUS and not (before[:1].isdigit() or before in _BEFORE_UNIT):
            continue
        out.setdefault(found[0], set()).add(found[1])
    return out


def _section_units(passage: Passage) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in passage.units:
        for kind, names in _units(u).items():
            out.setdefault(kind, set()).update(names)
    return out


def _unit_swapped(said: Unit, sections: Sequence[Passage]) -> bool:
    """A unit of a kind the sections measure only in other units: milliseconds where they say seconds."""
    mine = _units(said, bare=True)
    if not mine:
        return False
    theirs: dict[str, set[str]] = {}
    for passage in sections:
        for kind, names in passage.facts("units", _section_units).items():
            theirs.setdefault(kind, set()).update(names)
    # Each unit on its own: "from microseconds to seconds" where the section says from milliseconds.
    return any(theirs.get(kind) and names - theirs[kind] for kind, names in mine.items())


CUES = frozenset(_PERIODS) | frozenset(_UNITS)  # what `wakes` needs of a sentence whatever it cites


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]] | None:
    """What `wakes` needs of a sentence because of this section: nothing where it states a figure in points."""
    return None if passage.facts("points", _points) else (frozenset(), frozenset())


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    if words & _PER and words & _PERIODS.keys() or not words.isdisjoint(_UNITS):
        return True
    return any(passage.facts("points", _points) for passage in sections)  # the few sections in basis points


def _scaled(u: Unit) -> dict[str, str]:
    """number -> "%" where a percentage sign or "per cent" follows it within two words."""
    out: dict[str, str] = {}
    tokens = u.tokens
    for i, t in enumerate(tokens):
        if t.word[0].isdigit() and any(v.word in ("%", "percent") for v in tokens[i + 1 : i + 3]):
            out[t.word] = "%"
    return out


def _points(passage: Passage) -> dict[str, str]:
    """number -> "points" where the unit stating it measures in basis or percentage points, and not in %."""
    out: dict[str, str] = {}
    for u in passage.units:
        if "points" in u.words and ("basis" in u.words or "percentage" in u.words) and "%" not in u.words:
            for i, t in enumerate(u.tokens):
                if t.word[0].isdigit() and not _named(u, i):
                    out[t.word] = "points"
    return out


def _named(u: Unit, i: int) -> bool:
    """A number that is part of a name: the 3 of "3-D", the 1 of "Secure 1"."""
    t = u.tokens[i]
    after = u.text[t.start + len(t.word) : t.start + len(t.word) + 1]
    return after == "-" or i > 0 and u.text[u.tokens[i - 1].start].isupper()


def _percent_for_points(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "3.1 %" where the section's figure is 3.1 basis points (or percentage points)."""
    if "points" in said.words:
        return False
    for n in _scaled(said):
        if any(passage.facts("points", _points).get(n) for passage in sections):
            return True
    return False


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if "%" in said.words and _percent_for_points(said, sections):
        return True
    if _unit_swapped(said, sections):
        return True
    mine = {n: p - {""} for n, p in _rated(said).items()}
    mine = {n: p for n, p in mine.items() if p}
    if not mine:
        return False
    theirs: dict[str, set[str]] = {}
    for passage in sections:
        for n, periods in passage.facts("rates", _section_rated).items():
            theirs.setdefault(n, set()).update(periods)
    for n, periods in mine.items():
        stated = theirs.get(n)
        if stated and "" not in stated and not periods & stated:
            return True
    return False


def prepare(passage: Passage) -> None:
    """Made once per bundle: the section's figures with their periods, and those counted in points."""
    passage.facts("rates", _section_rated)
    passage.facts("points", _points)
    passage.facts("units", _section_units)
