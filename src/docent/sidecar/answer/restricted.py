"""The restriction rule (reason `quantifier`): a whole ("all", "every", "any") told of what the section restricts.

A sentence that says "every field", "all files" or "any request" claims the whole of the word its quantifier is tied
to (the first word of substance after it, up to the clause's edge, that the unit it restates writes). The unit it
restates is the one of its cited sections holding half its words of substance at least, no other as many. The
sentence is held when that unit restricts the word in its own words, and writes the restriction where the sentence
does not:
- a whole with a modifier the sentence leaves out ("all *.py files" told as "all files", "every non-None field" as
  "every field");
- "only" before the word, in its clause, with a word the sentence leaves out between them ("only *.py files", "will
  only be set for the first operation": a sentence's own "not only the first" writes no restriction);
- the word tied to a part ("all other packages", "some", "two of").
A unit that also writes the whole bare before the word ("every package") restricts nothing.
What it cannot do: see a restriction the unit states by a condition or a preposition ("for GET requests", "when X is
set") or in another unit; a sentence whose words fit no unit so well; then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import Any

from . import quantifiers
from .passage import Passage, Unit, best_of
from .words import AUXILIARIES

CUES = frozenset(("all", "every", "any"))
WITH_CODE = True  # "all `*.py` files": a modifier is often code
_WHOLE = frozenset(("all", "every", "each", "any"))
_BREAK = re.compile(r"[,;:()]|\.\s")
_NOT_ONLY = re.compile(r"\bnot\s+(?:only|just)\b[^,;:.]*", re.I)
_AHEAD = 3  # the quantifier is tied to one of its next three words of substance
_BEFORE = 6  # "only" stands at most this many words before the word it restricts
# Words that restrict nothing between a quantifier and its word: articles, possessives, "of".
_PLAIN = frozenset(("the", "a", "an", "of", "its", "their", "your", "our", "his", "her", "these", "those", "be", "is",
                    "are", "for", "to", "in", "on", "at", "by", "with", "from", "into", "it", "them", "this", "that"))


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    tokens = said.tokens
    wholes = [i for i, t in enumerate(tokens) if t.word in CUES
              and quantifiers.kind_at(tokens, i, said=True, text=said.text) == "whole"]
    if not wholes or not sections or _own_part(said):
        return False  # a sentence with a restriction of its own ("only the safe methods", "not all") tells them apart
    fit = _restated(said, sections)
    if fit is None:
        return False
    passage, at = fit
    theirs = passage.units[at].stems
    mine = _mine(said)
    return any(word is not None and _restricts(passage, at, word, mine) for word in (_tied(said, i, theirs) for i in wholes))


def _restated(said: Unit, sections: Sequence[Passage]) -> tuple[Passage, int] | None:
    """The section and unit the sentence restates: the best fit, holding half its words of substance and three at least."""
    fit = best_of(sections, [t.stem for t in said.tokens if t.stem])
    if fit is None:
        return None
    shared = len(sections[fit[0]].units[fit[1]].stems & said.stems)
    return (sections[fit[0]], fit[1]) if shared * 2 >= len(said.stems) and shared >= 3 else None


def _mine(said: Unit) -> set[str]:
    """The sentence's words and stems, less what it writes after its own "not only" (a restriction it denies, not one it
    states: "for every operation, not only the first")."""
    spans = [(m.start(), m.end()) for m in _NOT_ONLY.finditer(said.text)]
    kept = [t for t in said.tokens if not any(a <= t.start < b for a, b in spans)]
    return {t.word for t in kept} | {t.stem for t in kept if t.stem}


def _own_part(said: Unit) -> bool:
    """Whether the sentence restricts something itself: an "only" (not "not only"), or a part ("not all", "some")."""
    tokens = said.tokens
    if any(t.word == "only" for t in tokens) and not _NOT_ONLY.search(said.text):
        return True
    return any(t.word in _PARTS and quantifiers.kind_at(tokens, i, said=True, text=said.text) == "part"
               for i, t in enumerate(tokens))


_PARTS = frozenset(("all", "every", "each", "both", "some", "few", "several", "most", "many", "part", "half"))


def _tied(said: Unit, i: int, theirs: frozenset[str]) -> str | None:
    """The stem the quantifier at `i` is tied to: the first of its next words of substance the unit writes."""
    tokens, ahead = said.tokens, 0
    for t in tokens[i + 1 :]:
        if _BREAK.search(said.text, tokens[i].start, t.start):
            return None
        if t.word.endswith("'s"):
            return None  # "every site's configuration": the quantifier is the possessive's, no word it restricts
        if t.stem:
            if t.stem in theirs:
                return t.stem
            ahead += 1
            if ahead >= _AHEAD:
                return None
    return None


def _restricts(passage: Passage, at: int, stem: str, mine: Set[str]) -> bool:
    """Whether the unit at `at` restricts the word (`stem`) where the sentence (its words and stems `mine`) does not."""
    tokens = passage.units[at].tokens
    restricted = False
    for k, marks in _near(passage, at).get(stem, ()):
        for j in marks:
            if j == k - 1 and tokens[j].word != "only":
                return False  # "every package": the unit says the whole too
            new = [v for v in tokens[j + 1 : k] if v.word not in _PLAIN and v.word not in mine
                   and (v.stem is None or v.stem not in mine) and not _figure(v.word)]
            if new and (tokens[j].word == "only" or j >= k - 3 and _VERBS.isdisjoint(v.word for v in tokens[j + 1 : k])):
                restricted = True  # "only *.py files", "only be set for the first operation"; "every non-None field"
    return restricted or _ties(passage, at).get(stem) == "part"  # "all other packages"


def _figure(word: str) -> bool:
    """A count is no restriction of the word, and the number rule's: "all forty services" for "all 40 services"."""
    return word[:1].isdigit() or word in _NUMBER_WORDS


_NUMBER_WORDS = frozenset(("one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty sixty "
                           "seventy eighty ninety hundred thousand million dozen").split())
# Words that are no modifier between a whole and its word: "Running all will run lint" says nothing of all runs.
_VERBS = frozenset((*AUXILIARIES, "not"))
_Near = dict[str, list[tuple[int, tuple[int, ...]]]]


def _near(passage: Passage, at: int) -> _Near:
    """Each word of the unit that stands after an "only" or a whole ("every package", not "not all") in its clause, at
    most `_BEFORE` words on, with where it and they stand: read once per bundle, on the unit's first use, so that a
    sentence reads only the places its word stands."""
    made: dict[int, _Near] = passage.facts("restriction marks", _none)
    found = made.get(at)
    if found is None:
        u = passage.units[at]
        tokens, text = u.tokens, u.text
        marks = [j for j, t in enumerate(tokens) if t.word == "only" or t.word in _WHOLE
                 and quantifiers.kind_at(tokens, j, text=text) == "whole"]
        near: dict[int, list[int]] = {}
        for j in marks:
            for k in range(j + 1, min(j + 1 + _BEFORE, len(tokens))):
                if tokens[k].stem and not _BREAK.search(text, tokens[j].start, tokens[k].start):
                    near.setdefault(k, []).append(j)
        found = made[at] = {}
        for k, js in sorted(near.items()):
            found.setdefault(tokens[k].stem or "", []).append((k, tuple(js)))
    return found


def _ties(passage: Passage, at: int) -> dict[str, str]:
    """The unit's words tied to a quantifier (`quantifiers.ties`), read once per bundle where a sentence asks."""
    made: dict[int, dict[str, str]] = passage.facts("restriction ties", _none)
    found = made.get(at)
    if found is None:
        u = passage.units[at]
        tied = not u.words.isdisjoint(_TIED) or any(w.endswith("n't") for w in u.words)
        found = made[at] = quantifiers.ties(u) if tied else {}
    return found


def _none(passage: Passage) -> dict[int, Any]:
    return {}


# Words without which a unit ties no word to a part (`quantifiers.ties`): a part's quantifier, a whole's rest or
# exception, a denial before a whole ("not all", "doesn't contain all"), a count's number ("two of the").
_TIED = frozenset(("some", "few", "several", "most", "many", "part", "half", "only", "remainder", "other", "except",
                   "excluding", "besides", "not", "never", "almost", "nearly", "two", "three", "four", "five", "six",
                   "seven", "eight", "nine", "ten"))
