"""The need rule (reason `polarity`): a need the sentence affirms that its cited section denies in other words.

A section denies a need without a bare "not" before the deed: "a quick way to exercise your code on your local
computer, without needing to run faas-cli build or to deploy the function to a remote cluster", "there is no need to
restart postfix", "there is no reason to uninstall the helm chart", "you don't have to", "does not require", "need
not", and after what it is said of, "This is a common convention, but not strictly required" (of the unit before it
and the rest of its own where "this" is all it names), "X is optional". A sentence that affirms that need ("Unit tests ... need a remote
cluster", "you have to restart Postfix and Dovecot", "Adding a postmaster alias is strictly required") says the
opposite: held where what it says is needed shares two words with what the section says is not, and is told in that
unit's words (at most a third of them elsewhere: "you need to configure the url for a custom repository" is another
thing than "you don't need to configure the url for pypi").
What it lets through: a sentence's need in a condition or a choice ("only if", "unless", "may"), or denied ("you don't
need to deploy it"), a section's denial in a condition ("not required if you configure TLS"), and a need the cited
units affirm as well, in another case ("is optional ... and becomes required only if you use DHCP").
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from typing import NamedTuple

from .passage import Passage, Unit
from .polarity import CLAUSE_END, NEGATOR
from .words import stems

# A section's denial of a need, what is not needed after it: "without needing to", "no need to", "don't have to".
_DENIED_AFTER = re.compile(
    r"\b(?:without\s+(?:the\s+)?(?:need(?:ing)?|having)\s+(?:to|for)|no\s+(?:need|reason)\s+(?:to|for)|need\s+not"
    r"|needn[’']t|(?:do|does|did)\s+not\s+(?:(?:need|require)(?:\s+to)?|have\s+to)"
    r"|(?:don|doesn|didn)[’']t\s+(?:(?:need|require)(?:\s+to)?|have\s+to)|(?:is|are)\s+not\s+(?:required|necessary)\s+to"
    r"|not\s+necessary\s+to|no\s+longer\s+(?:needs?|requires?)(?:\s+to)?)(?![\w-])",
    re.IGNORECASE,
)
# ... and what is said before it: "X is not strictly required", "X is optional".
_DENIED_BEFORE = re.compile(
    r"\b(?:(?:(?:is|are|was|were)\s+not|isn[’']t|aren[’']t)\s+(?:strictly\s+|really\s+)?(?:required|necessary|needed|mandatory)"
    r"|not\s+strictly\s+(?:required|necessary)|(?:is|are)\s+(?:entirely\s+|completely\s+)?optional)\b(?!\s+(?:to|for|if|when|unless)\b)",
    re.IGNORECASE,
)
# A need affirmed, what is needed after it: "need a remote cluster", "you have to restart", "must be given".
_NEED_AFTER = re.compile(
    r"(?<![\w-])(?:needs?(?:\s+to)?|requires?|must(?:\s+be)?|(?:has|have|had)\s+to|(?:necessary|required|mandatory)\s+to)(?![\w-])",
    re.IGNORECASE,
)
# ... and what is said before it: "Adding a postmaster alias is strictly required".
_NEED_BEFORE = re.compile(
    r"\b(?:is|are|be|was|were)\s+(?:strictly\s+|absolutely\s+|always\s+)?(?:required|necessary|needed|mandatory)\b(?!\s+to\b)",
    re.IGNORECASE,
)
# A need said in a condition, a choice or a case; "the need", "a need" are a noun.
_OPEN = re.compile(r"\b(?:if|unless|only|except|when|whenever|whether|may|might|could|optionally|either|or\s+not)\b", re.IGNORECASE)
_RELATIVE = re.compile(r"\b(?:that|which|who)\s+$", re.IGNORECASE)
_JOINED = re.compile(r"\b(?:and|but)\b", re.IGNORECASE)
_NOUN = re.compile(r"\b(?:the|a|an|no|any|your|their|its|our|specific)\s*$", re.IGNORECASE)
_PRONOUN = re.compile(r"^\W*(?:this|that|it|these|those)\b", re.IGNORECASE)
_NEED_WORDS = frozenset(stems("need needs needed needing require requires required necessary mandatory must have has "
                              "had strictly optional reason longer"))
_MOST = 10  # the words of what is (not) needed read: "without needing to run faas-cli build or to deploy ... cluster"


class Need(NamedTuple):
    """What a unit says is needed (or, of a section, not needed): its words, and the words of the unit it is told in."""

    words: frozenset[str]
    told: frozenset[str]


CUES = frozenset(("need", "needs", "require", "requires", "required", "must", "has", "have", "had", "necessary",
                  "mandatory", "needed"))


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & CUES) and any(_denied(p) for p in sections)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    """A need the sentence affirms that shares two words with one a cited section denies, told in that unit's words (a
    third of them at most elsewhere), where no cited unit affirms that need too. (A need the sentence denies that a
    section affirms is a denial the sections do not make: the polarity rule's.)"""
    theirs = [d for p in sections for d in _denied(p)]
    for need in affirmed(said.text):
        for denied in theirs:
            shared = need.words & denied.words
            if len(shared) >= 2 and len(need.words - denied.told) * 3 <= len(need.words) and not any(
                    len(shared & n) >= 2 for p in sections for n in _needed(p)):
                return True
    return False


def affirmed(text: str) -> list[Need]:
    """The needs a text affirms, each of one clause that neither denies it nor makes it a condition or a choice."""
    out = []
    for m in _NEED_AFTER.finditer(text):
        start, end = _clause(text, m.start(), m.end())
        before = _JOINED.split(text[start : m.start()])[-1]  # "never run locally and need a cluster": "need" is not denied
        if NEGATOR.search(before) or _OPEN.search(text, start, end) or _NOUN.search(before):
            continue
        after = text[m.end() : end]
        cut = NEGATOR.search(after)
        words = _words(after[: cut.start()] if cut else after)
        if words:
            out.append(Need(words, frozenset()))
    for m in _NEED_BEFORE.finditer(text):
        start, end = _clause(text, m.start(), m.end())
        before = text[start : m.start()]
        if NEGATOR.search(text, start, end) or _OPEN.search(text, start, end):
            continue
        words = _words(before)
        if words:
            out.append(Need(words, frozenset()))
    return out


def _denied(passage: Passage) -> list[Need]:
    return passage.facts("needs", lambda p: _denials(p.units))


def _needed(passage: Passage) -> list[frozenset[str]]:
    return passage.facts("needed", lambda p: [n.words for u in p.units for n in affirmed(u.text)])


def _denials(units: Sequence[Unit]) -> list[Need]:
    """The needs units deny, none in a condition; "This is ... not strictly required" of the unit before it too."""
    out = []
    for i, u in enumerate(units):
        text = u.text
        for m in _DENIED_AFTER.finditer(text):
            start, end = _clause(text, m.start(), m.end())
            # "trusted networks that do not need to authenticate": a relative clause denies it of some, not all
            if not _OPEN.search(text, start, end) and not _RELATIVE.search(text, start, m.start()):
                out.append(Need(_words(text[m.end() : end]), u.stems))
        for m in _DENIED_BEFORE.finditer(text):
            start, end = _clause(text, m.start(), m.end())
            if _OPEN.search(text):
                continue
            words = _words(text[start : m.start()])
            told = u.stems
            if not words or _PRONOUN.match(text):  # "It is not required, but you can put it in X": either side of it
                earlier = units[i - 1].stems if i else frozenset()
                words, told = words | earlier | _words(text[m.end() :]), told | earlier
            out.append(Need(words, told))
    return [n for n in out if len(n.words) >= 2]


def _clause(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the clause around a match begins and ends."""
    begin = max((m.end() for m in CLAUSE_END.finditer(text, 0, start)), default=0)
    after = CLAUSE_END.search(text, end)
    return begin, after.start() if after else len(text)


def _words(text: str) -> frozenset[str]:
    return frozenset(list(w for w in _ordered(text) if w not in _NEED_WORDS)[:_MOST])


def _ordered(text: str) -> list[str]:
    return [s for word in re.findall(r"[\w'’.-]+", text) for s in sorted(stems(word))]
