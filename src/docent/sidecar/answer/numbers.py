"""The numbers a text states, so that the gate can hold a sentence whose number its citations do not state.

A citation vouches for the words a sentence shares with the section, not for the figure it puts beside them:
"The AWS bill fell by 61 %. [[case-k8s-results]]" shares every word with a section that says 31 %. So each
number a sentence states must be one its cited sections state (the `number` rule).

What counts as a number:
- digits, with thousands separators and decimals: 40, 2,300, 1.8, 4.2; a scale word multiplies: 1.8 million;
- number words: forty, twelve, twenty-two, a dozen, half; "one", "a", "an", "every", "each" and "per" only
  before a unit of time ("an hour", "every week"), because "one of" and "a team" state no figure;
- not the digits of a name: 3-D, p99, PSD2, v2 and Java17 are words, not numbers;
- a capital K, M or B after digits is a scale ("67M+ downloads", "19K+ stars"; "25M" with no "+" is 25 MB too);
- a figure joined to its unit ("512Mi", "1m30s", "250m" of CPU) is read by `units`, each of its readings vouching;
- "/month" is "per month" ("$100/month"); "the two" standing for things named before it ("the two differ") is no
  count: a count is followed by a plural ("the two largest services").
What a number is compared by: its value, and its unit where it has one. Time units are compared as durations
(half a minute = 30 s, a fortnight = two weeks = 14 days, 1.2 s = 1,200 ms); a percentage only with a
percentage; a size as a size in bytes, its prefix binary (512 MB = 512Mi, 1 GB = 1024 MB); a number with another
unit with the same unit. A section's number with no unit (a cell of
a table, "weeks 3") vouches for the same value with any unit, since the unit is then in its column's name; a
sentence's number with no unit needs one with no unit ("a nine-broker cluster" is not "nine months"). A bare
number joined to one with a unit takes it: "from 410 to 160 ms", "from 40 minutes to 6".
Frequencies are durations: weekly = every week = a week; fortnightly = two weeks; nightly = daily = a day; an article
before a frequency counts the unit after it ("a fortnightly hour" states an hour, as "an hour every fortnight" does).
The numbers written in words, and the quick test before reading any, are `number_words`'; a number's value and unit
`number_values`'; the figures written as versions `number_versions`'.
"""

from __future__ import annotations

import re

from . import number_versions, units
from .number_values import OTHER_UNITS, SECONDS, quantity, unit_name
from .number_values import Quantity as Quantity  # read as `numbers.Quantity` by the rules
from .number_words import (
    ARTICLE,
    FREQUENCIES,
    OFTEN_UNIT,
    UNITS_OF_ONE,
    WORD_TOKEN,
    WORD_TOKEN_LOWER,
    anaphoric,
    word_value,
    words_may_state,
)

_SCALES = {"hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_LETTER_SCALES = {"K": 1e3, "M": 1e6, "B": 1e9}


_glued = "ms|s|min|h|kb|mb|gb|tb|x|%"
# Digits, apart from words (`number_words.WORD_TOKEN`): the pattern starts with what it looks for, so the engine skips
# ahead quickly.
# `\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?` with its first digit taken out in front, the same tries in the same
# order: a pattern that begins with one set of characters is searched by skipping to the next of them in C.
_DIGITS_TOKEN = re.compile(
    rf"(?P<digits>\d(?:\d{{0,2}}(?:,\d{{3}})+(?:\.\d+)?|\d*(?:\.\d+)?))"
    rf"(?:(?=(?:{_glued})(?!\w))|(?-i:(?P<scale>[KMB]))\+?(?!\w)|(?!\w|-[^\W\d_]|\.\d|,\d{{3}}))",
    re.IGNORECASE,
)
# What follows a number: a scale word, then a unit; read as words and looked up, not matched as a pattern.
_AFTER = re.compile(r"[\s\-]*(%|[^\W\d_]+)(?:[\s\-]+(%|[^\W\d_]+))?(?:[\s\-]+(%|[^\W\d_]+))?")
_UNITS = {**{u: u for u in SECONDS}, **{u: u for u in OTHER_UNITS}, **{u: u for u in units.BYTES},
          **{u: u for u in units.CPU}}
_MORE = frozenset(("more", "other", "further", "additional", "extra"))


def quantities(
    text: str, words: set[str] | None = None, *, record: bool = False, written: str = "",
    project: tuple[tuple[str, ...], ...] = (),
) -> tuple[Quantity, ...]:
    """The numbers a text states, in order, each with its unit (durations in seconds).

    `words`, the text's lower-case words when the caller has them, spare the word pattern most texts; `record`: a
    section's text, where a figure that may be a name is read as a figure too (`units.joined`); `written`: the text
    as written where `text` has the site's names masked, which is where a figure is written as a version ("Django
    Ninja 1.0"); `project`: the project's names, each its words in order, lower case (`Site.names_said`), after which
    a dotted figure is its release.
    """
    found = _found(text, words, record=record)
    if not found:
        return ()
    out = _ranges(text, [q for _, _, q in found], [(a, b) for a, b, _ in found])
    if record or all(q.unit for q in out):
        return out
    return number_versions.read(text, out, found, written, project)


def _found(text: str, words: set[str] | None, *, record: bool) -> list[tuple[int, int, Quantity]]:
    found = _digits(text, record=record)
    if words is None or words_may_state(words) or "/" in text:
        found += _worded(text)
    found.sort(key=lambda item: item[0])
    return found


def _digits(text: str, *, record: bool = False) -> list[tuple[int, int, Quantity]]:
    """The numbers written in digits, each with where it stands; a figure joined to its unit as `units` reads it."""
    found = _joined(text, record=record) if units.may_join(text) else []
    at = 0
    # One `search` at a time: a `finditer`'s scanner costs more to begin than a sentence's one or two figures.
    while (m := _DIGITS_TOKEN.search(text, at)) is not None:
        start, at = m.span()
        if start and (text[start - 1].isalnum() or text[start - 1] in "._"
                      or (text[start - 1] == "-" and start > 1 and text[start - 2].isalpha())):
            continue  # the digits of a name: p99, PSD2, v1.2, ISO-8601
        value = float(m.group("digits").replace(",", ""))
        if m.group("scale"):  # "67M+ downloads", "19K+ stars": a scale written as a capital after the digits
            scaled = quantity(value * _LETTER_SCALES[m.group("scale")], "")
            if m.group("scale") != "B" and not text.startswith("+", m.end("scale")):  # "25M" of a quota: 25 MB too
                scaled = Quantity(scaled.value, "", scaled.raw, (quantity(value, f"{m.group('scale').lower()}b"),))
            found.append((m.start(), m.end(), scaled))
        else:
            found.append(_measured(text, m, value))
            if not found[-1][2].unit and units.cpu_before(text, start):  # "cpu: 1" of a resources block: 1000m too
                bare = found[-1][2]
                found[-1] = (*found[-1][:2], Quantity(bare.value, "", bare.raw, (quantity(value, "cpu"),)))
    return found


def _joined(text: str, *, record: bool) -> list[tuple[int, int, Quantity]]:
    """The figures joined to their units ("512Mi", "1m30s", "250m" of CPU), each read in its unit's family."""
    found = []
    for start, end, readings in units.joined(text, record=record):
        first, *rest = [quantity(value, unit) for value, unit in readings]
        found.append((start, end, Quantity(first.value, first.unit, first.raw, tuple(rest)) if rest else first))
    return found


def _worded(text: str) -> list[tuple[int, int, Quantity]]:
    """The numbers written in words ("forty", "an hour", "weekly", "/month"), each with where it stands."""
    found = []
    read, pattern = (text.lower(), WORD_TOKEN_LOWER) if text.isascii() else (text, WORD_TOKEN)
    at = 0
    while (m := pattern.search(read, at)) is not None:  # one `search` at a time, as `_digits` finds figures
        at = m.end()
        if m.start() and (text[m.start() - 1] == "-"):
            continue
        if m.group("often"):
            found.append((m.start(), m.end(), Quantity(FREQUENCIES[m.group("often").lower()], "time", 1.0)))
            unit = OFTEN_UNIT.match(text, m.end())
            if unit is not None and ARTICLE.search(text, max(0, m.start() - 4), m.start()):
                # "a fortnightly hour": the article counts the unit after the frequency, one hour
                found.append((m.start(), unit.end(), quantity(1.0, unit.group(1).lower())))
        elif m.group("word"):
            if not anaphoric(text, m):
                found.append(_measured(text, m, word_value(m.group("word").lower())))
        else:
            one = " ".join(m.group("one").lower().replace("-", " ").split())
            found.append(_measured(text, m, UNITS_OF_ONE[one]))
    if "/" in text:  # "AnonRateThrottle('100/m')": a rate's letter after the slash is one of its unit
        found += [(m.start(), m.end(), quantity(1.0, _RATE_LETTERS[m.group(1)])) for m in _RATE_LETTER.finditer(text)]
    return found


_RATE_LETTER = re.compile(r"(?<=\d)/([smhd])(?![\w/.])")
_RATE_LETTERS = {"s": "s", "m": "min", "h": "h", "d": "day"}


def _measured(text: str, m: re.Match[str], value: float) -> tuple[int, int, Quantity]:
    """A number with the scale and unit written after it: 1.8 million, 48 ms, 40 minutes, 71 per cent."""
    end, unit = m.end(), ""
    after = _AFTER.match(text, end)
    if after is not None:
        said = [(w.lower(), after.end(i + 1)) for i, w in enumerate(after.groups()) if w]
        if len(said) > 1 and said[0][0] in _MORE and said[1][0] in _UNITS:
            said = said[1:]  # "three more years", "two other weeks": the unit after the word between
        if said and said[0][0] in _SCALES:
            value *= _SCALES[said[0][0]]
            end = said[0][1]
            said = said[1:]
        if len(said) > 1 and f"{said[0][0]} {said[1][0]}" in _UNITS:  # per cent, basis points
            unit, end = f"{said[0][0]} {said[1][0]}", said[1][1]
        elif said and said[0][0] in _UNITS:
            unit, end = said[0]
    if unit == "kb" and text[end - 2 : end] != "kb":  # a lower-case k is decimal ("8.704kB"), "KB" either
        binary, decimal = quantity(value, unit), Quantity(round(value * 1000.0, 3), "bytes", value)
        either = Quantity(binary.value, binary.unit, binary.raw, (decimal,))
        return m.start(), end, decimal if text[end - 2 : end] == "kB" else either
    return m.start(), end, quantity(value, unit)


_RANGE_GAP = re.compile(r"\s*(?:to|and|or|–|—|-|/)\s*(?:from\s+)?$|^\s*(?:to|and|or|–|—|-|/)\s*$", re.IGNORECASE)


def _ranges(text: str, found: list[Quantity], ends: list[tuple[int, int]]) -> tuple[Quantity, ...]:
    """A bare number joined to one with a unit takes that unit, each reading of it: "from 410 to 160 ms", "40 minutes
    to 6", "100 and 500m" (minutes or millicores)."""
    out = list(found)
    for i, q in enumerate(found):
        if q.unit:
            continue
        for j in (i + 1, i - 1):
            if 0 <= j < len(found) and found[j].unit:
                a, b = (i, j) if i < j else (j, i)
                if _RANGE_GAP.match(text[ends[a][1] : ends[b][0]]):  # each reading of the unit: "100 and 500m"
                    first, *rest = [quantity(q.raw, unit_name(r)) for r in (found[j], *found[j].other) if r.unit]
                    out[i] = Quantity(first.value, first.unit, first.raw, tuple(rest)) if rest else first
                    break
    return tuple(out)


def stated(text: str) -> frozenset[Quantity]:
    """The quantities a section states, each of its readings ("5m": 5 minutes, 5 millicores, 5 million). A version
    named by its letter states a version: under "What's new in V1", a sentence's "Since version 1.0" and "Django Ninja
    1.0" are stated, and its "1 worker" is not (in a sentence "v2" is a name's word, as "p99" is, and states nothing)."""
    placed = _found(text, None, record=True)
    found = _ranges(text, [q for _, _, q in placed], [(a, b) for a, b, _ in placed]) if placed else ()
    versions = number_versions.lettered(text)
    return frozenset(found).union(*(q.other for q in found if q.other), _totals(text, placed), versions)


_PARTS_GAP = re.compile(r"\s*(?:,\s*)?(?:and\s+)?")


def _totals(text: str, placed: list[tuple[int, int, Quantity]]) -> set[Quantity]:
    """A duration written out in parts in a row, each unit smaller than the one before, as one total, as a Go compound
    says it: "2 minutes 30 seconds" is also 150 s ("2m30s"), "30 minutes and 1 second" 1,801 s ("30m1s")."""
    out: set[Quantity] = set()
    total, end, per = 0.0, -1, 0.0
    for start, stop, q in placed:
        q_per = q.value / q.raw if q.unit == "time" and q.raw else 0.0
        gap = _PARTS_GAP.match(text, end) if end >= 0 else None
        if q_per and total and gap is not None and gap.end() == start and q_per < per:
            total += q.value
            out.add(quantity(round(total, 9), "s"))
        else:
            total = q.value if q_per else 0.0
        end, per = (stop, q_per) if q_per else (-1, 0.0)
    return out


def unstated(said: tuple[Quantity, ...], stated: frozenset[Quantity]) -> list[Quantity]:
    """The quantities of a sentence that no cited section states; a section's bare number vouches for any unit. A bare
    number after a figure of the sentence takes that figure's unit, left out ("every four days instead of about every
    nine" where the section says nine days)."""
    if not said:
        return []
    bare = {q.value for q in stated if not q.unit}
    out = [q for q in said if q not in stated and q.raw not in bare and not (q.other and stated.intersection(q.other))]
    if out and any(q.unit for q in said) and any(not q.unit for q in out):
        out = [q for q in out if q.unit or not _elided(q, said, stated)]
    return out


def _elided(q: Quantity, said: tuple[Quantity, ...], stated: frozenset[Quantity]) -> bool:
    """Whether a bare number, read with the unit of the figure before it in the sentence, is a figure stated."""
    before = [p for p in said[: said.index(q)] if p.unit]
    return bool(before) and any(s.unit == before[-1].unit and s.raw == q.value for s in stated)
