"""A visitor's words for the site's labels: "resume" for CV, "contact" for an email, "install" for Installation.

Two built-in tables: the labels' (`SYNONYMS`, for `gestures`), and the record's (`RECORD_SYNONYMS`: for a word the
record never uses, the words it would use instead, so "study" asks for the degree and the university). Both are
small and general; an owner extends it with the plugin's `synonyms` option, which the bundle
carries. Each entry maps a visitor's word to the words of the site's labels it stands for; both sides are stemmed as
the offline model stems a question, so "contacting" finds what "contact" finds.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from docent.schema import RecordSection

from ..answer.record_synonyms import RECORD_SYNONYMS
from ..answer.words import stem, terms

__all__ = ["RECORD_SYNONYMS", "SYNONYMS", "acronyms", "derived", "expand", "respelled", "spelled", "table"]

SYNONYMS: dict[str, tuple[str, ...]] = {
    # getting in touch
    "contact": ("email", "touch"),
    "reach": ("email", "touch"),
    "touch": ("email",),
    "mail": ("email",),
    "e-mail": ("email",),
    "message": ("email", "touch"),
    "hire": ("touch", "fit"),
    "hiring": ("touch", "fit"),
    "introduce": ("introduction",),
    "intro": ("introduction",),
    "referral": ("introduction",),
    # the CV
    "resume": ("cv",),
    "résumé": ("cv",),
    "curriculum": ("cv",),
    # whether a role fits
    "fit": ("fit",),
    "suitable": ("fit",),
    "suit": ("fit",),
    "match": ("fit",),
    "qualified": ("fit",),
    # finding one's way
    "install": ("installation",),
    "installing": ("installation",),
    "setup": ("installation",),
    "job": ("role",),
    "career": ("role",),
    "employer": ("role",),
    "adr": ("decision",),
    # the figures of a case: its results table
    "numbers": ("results", "table"),
    "figures": ("results", "table"),
    "stats": ("results", "table"),
    "metrics": ("results", "table"),
    "experiment": ("lab",),
    "demo": ("lab",),
    "home": ("home",),
}


# A visitor's words for what a record says otherwise: asked of the record only for a word it never uses.


def table(
    extra: Mapping[str, Iterable[str]] | None = None, *, built_in: Mapping[str, Iterable[str]] = SYNONYMS
) -> dict[str, frozenset[str]]:
    """The built-in table (the labels', or `RECORD_SYNONYMS`) with the owner's entries added (an owner's word adds
    to the built-in meanings), stemmed."""
    merged: dict[str, set[str]] = {}
    for word, means in [*built_in.items(), *(extra or {}).items()]:
        merged.setdefault(stem(word), set()).update(t for m in means for t in terms(m))
    return {word: frozenset(means) for word, means in merged.items()}


def spelled(extra: Mapping[str, Iterable[str]] | None = None) -> dict[str, frozenset[str]]:
    """The record's table with its meanings as written, not stemmed: to ask a full-text index, which stems its own
    way."""
    merged: dict[str, set[str]] = {}
    for word, means in [*RECORD_SYNONYMS.items(), *(extra or {}).items()]:
        merged.setdefault(stem(word), set()).update(w for m in means for w in m.split())
    return {word: frozenset(means) for word, means in merged.items()}


def expand(asked: Iterable[str], synonyms: Mapping[str, frozenset[str]]) -> set[str]:
    """A question's stemmed words with what each stands for in the site's labels."""
    words = set(asked)
    for word in list(words):
        words |= synonyms.get(word, frozenset())
    return words


# One word's British and American spellings: a visitor's "serialization" is the record's "serialisation".
RESPELLINGS = (("iz", "is"), ("is", "iz"), ("yz", "ys"), ("ys", "yz"))
# An initialism as a visitor writes it ("ACS"), capitals only; the record may spell it out ("Access Control Server").
INITIALISM = re.compile(r"\b([A-Z]{2,5})s?\b")


def respelled(word: str, df: Mapping[str, int]) -> frozenset[str]:
    """The record's spelling of a (stemmed) word it never writes as the visitor does, or nothing."""
    for ours, theirs in RESPELLINGS:
        other = word.replace(ours, theirs)
        if other != word and df.get(other):
            return frozenset({other})
    return frozenset()


# A verb and the noun English makes of it, as `words.stem` leaves both: "install" and "installation", "configur" and
# "configuration", "deploy" and "deployment". The docs write one where a reader writes the other ("How do I install
# it?" of "... so installation is as simple as:"). Not "-ion" ("annotat", "annotation"): on rounds 5-14 it answered
# an unanswerable question from a list of packages' "type annotations".
NOUNS = ("ation", "ment")
VERB_LETTERS = 4  # a shorter word and what its letters begin name different things ("com", "comment")


def derived(word: str, df: Mapping[str, int]) -> frozenset[str]:
    """The record's words (stemmed; `df`, how many sections write each) that are a (stemmed) word's noun or its
    verb (`NOUNS`), or nothing."""
    out = set()
    for suffix in NOUNS:
        if len(word) >= VERB_LETTERS and df.get(noun := word + suffix):
            out.add(noun)
        verb = word[: -len(suffix)]
        if word.endswith(suffix) and len(verb) >= VERB_LETTERS and df.get(verb):
            out.add(verb)
    return frozenset(out)


def acronyms(question: str, df: Mapping[str, int], sections: Sequence[RecordSection]) -> dict[str, frozenset[str]]:
    """An initialism the record never writes ("ACS") -> the words of the name it spells out in capitals, where the
    record's `sections` write that name ("the bank's Access Control Server"): the record says it, in full."""
    out: dict[str, frozenset[str]] = {}
    for m in INITIALISM.finditer(question):
        letters = m.group(1)
        if df.get(stem(letters)):
            continue
        spelled_out = re.compile(r"\b" + r"[\s-]+".join(f"{c}[a-z]+" for c in letters) + r"\b")
        found = next((f for s in sections if (f := spelled_out.search(f"{s.title}\n{s.text}"))), None)
        if found is not None:
            out[stem(letters)] = frozenset(t for t in terms(found.group()) if df.get(t))
    return out
