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
The numbers written in words, and the quick test before reading any, are `number_words`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import units
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
from .words import STOP_WORDS

_SCALES = {"hundred": 1e2, "thousand": 1e3, "million": 1e6, "billion": 1e9}
_LETTER_SCALES = {"K": 1e3, "M": 1e6, "B": 1e9}

# Durations in seconds; other units by name.
_SECONDS = {
    "ns": 1e-9, "nanosecond": 1e-9, "nanoseconds": 1e-9, "µs": 1e-6, "microsecond": 1e-6, "microseconds": 1e-6,
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
    "h": 3600.0, "hr": 3600.0, "hrs": 3600.0, "hour": 3600.0, "hours": 3600.0,
    "day": 86400.0, "days": 86400.0, "night": 86400.0, "nights": 86400.0,
    "week": 604800.0, "weeks": 604800.0, "fortnight": 1209600.0, "fortnights": 1209600.0,
    "month": 2592000.0, "months": 2592000.0, "quarter": 7776000.0, "quarters": 7776000.0,
    "year": 31536000.0, "years": 31536000.0,
}
_OTHER_UNITS = {
    "%": "%", "percent": "%", "per cent": "%", "pct": "%",
    "x": "x", "times": "x", "bps": "bp", "basis points": "bp", "basis point": "bp",
}

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
_UNITS = {**{u: u for u in _SECONDS}, **{u: u for u in _OTHER_UNITS}, **{u: u for u in units.BYTES},
          **{u: u for u in units.CPU}}
_MORE = frozenset(("more", "other", "further", "additional", "extra"))


@dataclass(frozen=True, slots=True)
class Quantity:
    value: float  # in seconds for a duration, in bytes for a size
    unit: str  # "" for none, "time" for a duration, "bytes" for a size, else "%", "millicores", ...
    raw: float = field(default=0.0, compare=False)  # as written, before a duration's conversion: 40 of "40 minutes"
    # Its other readings, each of which vouches for it ("5m": 5 minutes, 5 millicores or 5 million; "512 bytes": 512)
    other: tuple[Quantity, ...] = field(default=(), compare=False)
    # A version's parts, whole numbers without trailing zeros ("1.10": 1, 10; "2.0": 2): 1.1 and 1.10 are one float
    parts: tuple[int, ...] = ()

    def said(self) -> str:
        if self.unit in ("time", "bytes"):
            return f"{self.value:g} {'s' if self.unit == 'time' else 'B'}"
        return f"{self.value:g}{' ' + self.unit if self.unit else ''}"


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
    # each bare figure is the version written as it is ("1.10" and "1.1" of one sentence are two, though one float)
    figures = [None if q.unit else _FIGURE.match(text, start) for q, (start, _, _) in zip(out, found, strict=True)]
    written = written or text  # as written, the site's names not masked: "Django Ninja 1.0"
    if not _may_be_versions(figures, written):
        return out
    versions = _versions(written, project)
    if not versions:
        return out
    return tuple(Quantity(q.value, "", q.raw, (*q.other, versions[f[0]]))
                 if f is not None and f[0] in versions and versions[f[0]].value == q.raw else q
                 for q, f in zip(out, figures, strict=True))


def _may_be_versions(figures: list[re.Match[str] | None], written: str) -> bool:
    """Whether a bare figure may be one `_versions` reads: a dotted one, or any after version wording, each of whose
    words (`_AS_VERSION`'s "version", "v", "ver.", "release") holds a "v" or "elease". Most sentences' figures are
    neither ("in 2010, e.g. for 3.5 years"), and are spared the patterns."""
    if any(f is not None and "." in f[0] for f in figures):
        return True
    return "v" in written or "V" in written or "elease" in written


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
            scaled = _quantity(value * _LETTER_SCALES[m.group("scale")], "")
            if m.group("scale") != "B" and not text.startswith("+", m.end("scale")):  # "25M" of a quota: 25 MB too
                scaled = Quantity(scaled.value, "", scaled.raw, (_quantity(value, f"{m.group('scale').lower()}b"),))
            found.append((m.start(), m.end(), scaled))
        else:
            found.append(_measured(text, m, value))
            if not found[-1][2].unit and units.cpu_before(text, start):  # "cpu: 1" of a resources block: 1000m too
                bare = found[-1][2]
                found[-1] = (*found[-1][:2], Quantity(bare.value, "", bare.raw, (_quantity(value, "cpu"),)))
    return found


def _joined(text: str, *, record: bool) -> list[tuple[int, int, Quantity]]:
    """The figures joined to their units ("512Mi", "1m30s", "250m" of CPU), each read in its unit's family."""
    found = []
    for start, end, readings in units.joined(text, record=record):
        first, *rest = [_quantity(value, unit) for value, unit in readings]
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
                found.append((m.start(), unit.end(), _quantity(1.0, unit.group(1).lower())))
        elif m.group("word"):
            if not anaphoric(text, m):
                found.append(_measured(text, m, word_value(m.group("word").lower())))
        else:
            one = " ".join(m.group("one").lower().replace("-", " ").split())
            found.append(_measured(text, m, UNITS_OF_ONE[one]))
    if "/" in text:  # "AnonRateThrottle('100/m')": a rate's letter after the slash is one of its unit
        found += [(m.start(), m.end(), _quantity(1.0, _RATE_LETTERS[m.group(1)])) for m in _RATE_LETTER.finditer(text)]
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
        binary, decimal = _quantity(value, unit), Quantity(round(value * 1000.0, 3), "bytes", value)
        either = Quantity(binary.value, binary.unit, binary.raw, (decimal,))
        return m.start(), end, decimal if text[end - 2 : end] == "kB" else either
    return m.start(), end, _quantity(value, unit)


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
                    first, *rest = [_quantity(q.raw, _unit_name(r)) for r in (found[j], *found[j].other) if r.unit]
                    out[i] = Quantity(first.value, first.unit, first.raw, tuple(rest)) if rest else first
                    break
    return tuple(out)


def _unit_name(q: Quantity) -> str:
    """A unit to give a bare number from its neighbour: the neighbour's, its duration in seconds (or size in bytes) as
    written."""
    table = {"time": _SECONDS, "bytes": units.BYTES, "millicores": units.CPU}.get(q.unit)
    if table is None:
        return {v: k for k, v in _OTHER_UNITS.items()}.get(q.unit, "")
    per = q.value / q.raw if q.raw else 1.0
    return next((name for name, factor in table.items() if abs(factor - per) < 1e-9 * max(factor, 1.0)), "")


def _quantity(value: float, unit: str) -> Quantity:
    try:  # a figure and its unit as written, looked up: most come again ("2021", "3 weeks"), and a frozen dataclass
        return _MADE[value, unit]  # costs a call for each field it sets, `round` a conversion to text
    except KeyError:
        pass
    words = " ".join(unit.split())
    if words in _SECONDS:
        made = Quantity(round(value * _SECONDS[words], 9), "time", value)
    elif words in units.BYTES:  # "512 bytes" is 512 as a bare count was before sizes were read in bytes
        bare = (Quantity(value, "", value),) if units.BYTES[words] == 1.0 else ()
        made = Quantity(round(value * units.BYTES[words], 3), "bytes", value, bare)
    elif words in units.CPU:  # "4 cores" is 4000m, and four as a bare count
        bare = (Quantity(value, "", value),) if units.CPU[words] != 1.0 else ()
        made = Quantity(round(value * units.CPU[words], 3), "millicores", value, bare)
    else:
        made = Quantity(value, _OTHER_UNITS.get(words, ""), value)
    if len(_MADE) < 10_000:  # bounded, as `words.stems`' folds are
        _MADE[value, unit] = made
    return made


_MADE: dict[tuple[float, str], Quantity] = {}


# A version named by its letter: "V1", "v2.3" (not "v1.2.3", whose number no sentence writes as one figure), a
# sentence's period after it ("new in v2.").
_VERSION = re.compile(r"(?<![\w.])[vV](\d+(?:\.\d+)?)(?!\w|\.\d)")
# A figure written as a version: after "version", "release" or "v" ("version 1", "release 2", "v 3"); a dotted one
# after "Python", "since", "as of" or "until" ("Python 3.6", "as of 1.0"), or after the project's name ("Django Ninja
# 1.0", `_named`). Not after any capitalised word: "Set 1.5 as the ratio" states a ratio.
_AS_VERSION = re.compile(
    r"\b(?:[Vv]ersions?|[Rr]eleases?|v|ver\.?)\s+(\d+(?:\.\d+)?)(?!\.?\d)"
    r"|\b(?:[Pp]ython|[Ss]ince|[Aa]s of|[Uu]ntil|[Tt]ill)\s+(\d+\.\d+)(?!\.?\d)"
)
_DOTTED = re.compile(r"\d\.\d")
_FIGURE = re.compile(r"\d+(?:\.\d+)?")  # a figure's digits as a version writes them, where the figure starts


def _versions(text: str, project: tuple[tuple[str, ...], ...] = ()) -> dict[str, Quantity]:
    """The figures a text writes as versions (`_AS_VERSION`), by the figure as written ("1.10"): a text that writes
    1.1 and 1.10 states two versions of one float. Most texts have no dotted figure nor any of its words, and are
    spared the patterns."""
    dotted = _DOTTED.search(text)
    if not (dotted or "ersion" in text or "elease" in text or "v " in text or "ver." in text):
        return {}
    written = [m[1] or m[2] for m in _AS_VERSION.finditer(text) if m[2] or not _owned(text, m.start(), project)]
    if dotted and project:
        written += _named(project).findall(text)
    return {figure: _version(figure) for figure in written}


def _named(project: tuple[tuple[str, ...], ...]) -> re.Pattern[str]:
    """A dotted figure after one of the project's names, its words apart by blanks or hyphens, in either case."""
    pattern = _NAMED.get(project)
    if pattern is None:
        names = "|".join(r"[\s-]+".join(map(re.escape, words)) for words in project)
        pattern = re.compile(rf"(?i:\b(?:{names}))\s+(\d+\.\d+)(?!\.?\d)")
        if len(_NAMED) < 64:  # a few sites a process: bounded all the same
            _NAMED[project] = pattern
    return pattern


_NAMED: dict[tuple[tuple[str, ...], ...], re.Pattern[str]] = {}
# "Kubernetes version 1.28" is Kubernetes' version, as "Kubernetes 1.28" is: after another thing's name (a capitalised
# word no function word, no version wording) "version" names that thing's release, not the project's, and the figure
# is read as "Kubernetes 1.28" is, no version a section's "v1.28" vouches for. "Python version 3.8", "Since version 2"
# and the project's own "Django Ninja version 1.0" are versions, as "Python 3.8" and "Django Ninja 1.0" are.
_NAME_BEFORE = re.compile(r"(?<![\w.+-])([A-Z][\w.+-]*)\s+$")


def _owned(text: str, start: int, project: tuple[tuple[str, ...], ...]) -> bool:
    """Whether the version wording at `start` follows the name of a thing other than the project."""
    name = _NAME_BEFORE.search(text, max(0, start - 40), start)
    if name is None or name[1].lower() in STOP_WORDS or _AS_VERSION.match(f"{name[1]} 1.0"):
        return False
    said = f"{text[max(0, start - 60) : start]}1.0"  # the project's name right before: its own release
    return not (project and any(m.end() == len(said) for m in _named(project).finditer(said)))


def _version(written: str) -> Quantity:
    """A version as written ("1.10"), compared by its parts as whole numbers: 1.10 is no 1.1, and 2.0 is 2."""
    parts = [int(p) for p in written.split(".")]
    while len(parts) > 1 and not parts[-1]:
        parts.pop()
    value = float(written)
    return Quantity(value, "version", value, parts=tuple(parts))


def stated(text: str) -> frozenset[Quantity]:
    """The quantities a section states, each of its readings ("5m": 5 minutes, 5 millicores, 5 million). A version
    named by its letter states a version: under "What's new in V1", a sentence's "Since version 1.0" and "Django Ninja
    1.0" are stated, and its "1 worker" is not (in a sentence "v2" is a name's word, as "p99" is, and states nothing)."""
    placed = _found(text, None, record=True)
    found = _ranges(text, [q for _, _, q in placed], [(a, b) for a, b, _ in placed]) if placed else ()
    versions = {_version(m[1]) for m in _VERSION.finditer(text)} if "v" in text.lower() else set()
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
            out.add(_quantity(round(total, 9), "s"))
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
