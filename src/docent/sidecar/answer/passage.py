"""A text cut into its sentences and lines, each a run of words with their stems: what the construction rules read.

The construction rules (order, direction, actors, quantifiers, causes, rates, hedges, reversals) compare a
sentence with the part of a cited section that says the same thing. A section is cut once per bundle into
`Unit`s (its sentences, and each line of a list or table), and each stem is weighted by how few units of the
section hold it, so that "score" (one step of a list) finds its step where "decision" (said in every unit) does
not. `Passage.best` finds the unit a run of stems is about, or None when two units fit as well: the rules then
let the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from .words import found, kept_table

T = TypeVar("T")
Fold = Callable[[str], "str | None"]  # a word (lower case) to its stem, or None for a stop word

_WORD = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['’][^\W\d_]+)*|%")
_UNIT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])|\n+")
_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        "january february march april may june july august september october november december".split()
    )
}
_YEAR = re.compile(r"\b(?:(january|february|march|april|may|june|july|august|september|october|november|december)\s+)?"
                   r"((?:19|20)\d\d)\b", re.IGNORECASE)


def first_date(text: str) -> tuple[int, int] | None:
    """The first (year, month) a text states ("March 2021", "2013"; month 0 when it gives none)."""
    m = _YEAR.search(text)
    return (int(m.group(2)), _MONTHS[m.group(1).lower()] if m.group(1) else 0) if m else None


class Token(NamedTuple):
    word: str  # lower case, ’ as '
    stem: str | None  # None: a stop word
    start: int  # its offset in the text


_FOLDED: dict[Fold, dict[str, str | None]] = {}
_new = tuple.__new__


class Unit(NamedTuple):
    """One sentence or line: its tokens in order, and the set of its stems (a tuple: one is made per sentence)."""

    text: str
    tokens: tuple[Token, ...]
    stems: frozenset[str]
    words: frozenset[str]
    owner: frozenset[str] = frozenset()  # a sentence's: the words of the site owner's name, who the record's "I" is

    def first(self, stem: str) -> int | None:
        """The index of the first token with this stem."""
        for i, token in enumerate(self.tokens):
            if token.stem == stem:
                return i
        return None


def unit(text: str, fold: Fold, owner: frozenset[str] = frozenset(), *, runs: list[str] | None = None) -> Unit:
    """A text's unit; `runs`: its words where the caller has cut them already (`words.letter_runs` of its lower case)."""
    lowered = text.lower().replace("’", "'")
    folded = _FOLDED.setdefault(fold, {})  # each word's stem, stop words' None included: most words come again
    tokens = []
    stems = []  # gathered in the loop, not by a generator over the tokens for each set
    words = []
    for word, start in _words(lowered) if runs is None else _placed(lowered, runs):
        stem = folded.get(word, "")
        if stem == "":
            stem = fold(word)
            if len(folded) < 100_000:
                folded[word] = stem
        tokens.append(_new(Token, (word, stem, start)))  # Token(...) without its __new__'s frame
        words.append(word)
        if stem:
            stems.append(stem)
    return _new(Unit, (text, tuple(tokens), frozenset(stems), frozenset(words), owner))  # without its __new__'s frame


def _words(lowered: str) -> Iterable[tuple[str, int]]:
    """The words of `_WORD` and where each starts. In ASCII text they are found with str's methods (`words.found`),
    each found from the end of the one before: no letter, digit or % stands between two words (each would begin
    one), so a word's first match there is where the pattern found it."""
    if not lowered.isascii():
        return ((m.group(), m.start()) for m in _WORD.finditer(lowered))
    # What `_WORD` may hold but letters (a digit, an apostrophe, %) made blanks too: where none stands, the runs of
    # letters are its words, split in C; a period or comma only joins digits, so "ledger." goes to no pattern.
    runs = lowered.encode().translate(_LETTERS_KEPT).decode().split()
    if not "".join(runs).isalpha():
        runs = found(_WORD, lowered, _KEPT)
    return _placed(lowered, runs)


def _placed(lowered: str, runs: list[str]) -> list[tuple[str, int]]:
    """Each of a text's words (in order, as found by str's methods) with where it starts."""
    out = []
    at = 0
    for word in runs:
        at = lowered.find(word, at)
        out.append((word, at))
        at += len(word)
    return out


_KEPT = kept_table("0123456789'.,%")
_LETTERS_KEPT = kept_table("0123456789'%")  # `_KEPT` less what joins digits alone: its runs are letters or hold more


@dataclass(frozen=True)
class Passage:
    """A section, cut once: its title and units, and how rare each stem is among them."""

    title: Unit
    units: tuple[Unit, ...]
    weight: dict[str, float] = field(default_factory=dict)  # 1 / the number of units holding the stem
    stems: frozenset[str] = frozenset()
    words: frozenset[str] = frozenset()
    when: tuple[int, int] | None = None  # the first (year, month) the section states
    memo: dict[str, object] = field(default_factory=dict, compare=False, repr=False)  # each rule's facts, made once
    lines: tuple[int, ...] = ()  # each unit's line of the text: a list item's sentences share their item's line

    def facts(self, key: str, make: Callable[[Passage], T]) -> T:
        """What a rule reads of this section, made on its first use and kept with the section (once per bundle)."""
        try:
            return self.memo[key]  # type: ignore[return-value]
        except KeyError:
            made = self.memo[key] = make(self)
            return made

    @classmethod
    def of(cls, title: str, text: str, fold: Fold) -> Passage:
        parts = [part for part in _UNIT_END.split(text) if part.strip()]
        units = tuple(unit(part, fold) for part in parts)
        counts: dict[str, int] = {}
        for u in units:
            for stem in u.stems:
                counts[stem] = counts.get(stem, 0) + 1
        when = first_date(text)
        return cls(
            unit(title, fold),
            units,
            {stem: 1.0 / n for stem, n in counts.items()},
            frozenset(counts),
            frozenset(w for u in units for w in u.words),
            when,
            lines=_lines(text, parts),
        )

    def item_head(self, index: int) -> int | None:
        """The first unit of the list item whose later sentence is the unit at `index` ("- --reload-exclude <glob> -
        Specify ... . By default the following patterns are excluded: ..."), or None."""
        lines = self.lines
        if not 0 < index < len(lines) or lines[index - 1] != lines[index]:
            return None
        head = index - 1
        while head and lines[head - 1] == lines[index]:
            head -= 1
        return head if LIST_ITEM.match(self.units[head].text) else None

    def holding(self, stems: Iterable[str]) -> dict[int, set[str]]:
        """The units that hold some of `stems`, by index, each with those it holds: found through the section's index
        of its stems' units (made once per bundle), not by a test of every unit (a documentation section has scores
        of them, and a sentence's stems are in few)."""
        index = self.facts("units by stem", _units)
        out: dict[int, set[str]] = {}
        for stem in stems:
            for i in index.get(stem, ()):
                held = out.get(i)
                if held is None:
                    out[i] = {stem}
                else:
                    held.add(stem)
        return out

    def counts(self, stems: Iterable[str]) -> dict[int, int]:
        """The units that hold some of `stems` (each written once), by index, each with how many it holds: read from
        the section's index of its stems' units, with no set made for each unit (`holding`)."""
        index = self.facts("units by stem", _units)
        out: dict[int, int] = {}
        for stem in stems:  # a loop: `Counter` over the units' tuples chained costs more on a sentence's few stems
            for i in index.get(stem, ()):
                out[i] = out.get(i, 0) + 1
        return out

    def best(self, anchors: Iterable[str], *, title: bool = False) -> tuple[int, float] | None:
        """The unit that the stems `anchors` fit best (its index, its score), or None on a tie or no fit.

        With `title`, the section's title is the fit (index -1) when no unit holds any of the stems.
        """
        weight = self.weight
        anchors = [a for a in anchors if a in weight or title and a in self.title.stems]
        if not anchors:
            return None
        # Only the units holding an anchor score above 0 (each stem of a unit has a weight): the rest are left out. A
        # unit's score is the sum of the weights of the anchors it holds, in the anchors' order (an anchor written
        # twice counts twice), added up through the section's index of its stems' units: no set made for each unit.
        index = self.facts("units by stem", _units)
        sums: dict[int, float] = {}
        for a in anchors:
            units = index.get(a)
            if units:
                w = weight[a]
                for i in units:
                    sums[i] = sums.get(i, 0) + w
        scored = [(score, i) for i, score in sums.items()]
        if title and not scored:
            return (-1, float(sum(1 for a in anchors if a in self.title.stems)))
        scored.sort(reverse=True)
        if not scored or len(scored) > 1 and scored[1][0] == scored[0][0]:
            return None
        return scored[0][1], scored[0][0]


def _lines(text: str, parts: Sequence[str]) -> tuple[int, ...]:
    """Each part's line in the text (the parts in order, as split from it)."""
    out, at, line = [], 0, 0
    for part in parts:
        found = text.find(part, at)
        if found < 0:
            return ()
        line += text.count("\n", at, found)
        out.append(line)
        at = found + len(part)
    return tuple(out)


def _units(passage: Passage) -> dict[str, tuple[int, ...]]:
    """Each stem of a section's units, and the units that hold it, in order (`Passage.holding`)."""
    index: dict[str, list[int]] = {}
    for i, u in enumerate(passage.units):
        for stem in u.stems:
            index.setdefault(stem, []).append(i)
    return {stem: tuple(units) for stem, units in index.items()}


def best_of(sections: Sequence[Passage], anchors: Iterable[str], *, title: bool = False) -> tuple[int, int, float] | None:
    """Across several sections: (section, unit, score) of the best fit, or None on a tie or no fit."""
    anchors = tuple(anchors)
    found = []
    for s, passage in enumerate(sections):
        fit = passage.best(anchors, title=title)
        if fit is not None:
            found.append((fit[1], s, fit[0]))
    if not found:
        return None
    found.sort(reverse=True)
    if len(found) > 1 and found[1][0] == found[0][0]:
        return None
    score, s, i = found[0]
    return s, i, score


def unit_at(passage: Passage, index: int) -> Unit:
    return passage.title if index < 0 else passage.units[index]


def clause_around(unit: Unit, i: int) -> Sequence[Token]:
    """The tokens of the unit's clause around token `i`, between the marks (comma, semicolon, colon) on each side:
    "X includes two middlewares by default, and Y is always the outermost" is about Y's clause."""
    text, tokens, at = unit.text, unit.tokens, unit.tokens[i].start
    start = max(text.rfind(mark, 0, at) for mark in ",;:")
    ends = [e for e in (text.find(mark, at) for mark in ",;:") if e >= 0]
    end = min(ends) if ends else len(text)
    return [t for t in tokens if start < t.start < end]


# An exception as a clause's scope: words before what a clause says that give it to everything but what they name
# ("Strategies other than eager and lazy are not supported" denies no support of eager and lazy; "Every parameter except
# `auth` is optional" calls `auth` nothing). A rule reading what a clause says of its things (a section's denial, its
# side of a scale) leaves such a clause's things out: what it says of them is only implied, the other way. The phrase
# excepts from the words before it in the clause (the things the clause is about); one that opens the clause ("Apart
# from the config file the server does not read environment variables") sets what it names beside the clause, whose
# word stands. "Except that" opens a clause of its own ("similar to the markdown function, except that the class does
# not accept a source text string" denies that of the class), and "excluding" after a verb that takes a deed ("is
# excluding certain fields that you do not want") is a deed, no exception.
EXCEPTING = re.compile(
    r"\b(?:other\s+than|except(?!\s+that\b)|besides|apart\s+from|aside\s+from|save\s+for"
    r"|(?<!\bis\s)(?<!\bare\s)(?<!\bbe\s)(?<!\bby\s)(?<!\bof\s)(?<!\bfor\s)excluding)\b", re.IGNORECASE)
_WORD_BEFORE = re.compile(r"[^\W_]")


def excepting(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether the words of `text` between two offsets (a clause's words before what it says) name an exception
    (`EXCEPTING`) of the words before it there: what the clause says is of everything but what they name."""
    found = EXCEPTING.search(text, start, len(text) if end is None else end)
    return found is not None and _WORD_BEFORE.search(text, start, found.start()) is not None


def content(tokens: Iterable[Token]) -> list[str]:
    """The stems of some tokens, in order, each once."""
    out: list[str] = []
    for t in tokens:
        if t.stem and t.stem not in out:
            out.append(t.stem)
    return out


def stems_between(unit: Unit, start: int, end: int) -> frozenset[str]:
    """The stems of a unit's words that begin between two offsets, cut to five letters: a word's family is one
    ("expiry", "expiring"; "releases", "release"). The sides of a link or a preference are read so."""
    return frozenset(t.stem[:5] for t in unit.tokens if start <= t.start < end and t.stem)


def in_clause_before(u: Unit, at: int) -> tuple[Token, ...]:
    """The unit's tokens before the one at `at`, back to its clause's start (a comma, a semicolon, a colon, a dash, a
    bracket, a sentence's end): "any" is denied by a negation anywhere there ("you don't need to set any credentials")."""
    cut = max((m.end() for m in _CLAUSE_BREAK.finditer(u.text, 0, u.tokens[at].start)), default=0)
    return tuple(t for t in u.tokens[:at] if t.start >= cut)


_CLAUSE_BREAK = re.compile(r"[,;:()–—]|\.\s")


# A unit that is a list's item: a line opening with its marker, a bullet or a number of two digits at most ("- django-
# filter ...", "• Drain the node", "2. Restart the pods"; not "2024. A year"). The order rule's steps and the hedge
# rule's list leads read one pattern.
LIST_ITEM = re.compile(r"\s*(?:[-*+•]|\d{1,2}[.)])\s")
