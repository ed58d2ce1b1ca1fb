"""Opposites from a lexicon nobody here fitted: a sentence that writes a word whose WordNet opposite its clause writes.

The table (`data/antonyms.txt`, derived from WordNet 3.1 by `tests/lexicon/wordnet.py`; `data/README.md` says how)
holds pairs of stems that are opposites: direct antonyms of adjectives, adverbs and verbs in one of each word's two
commonest senses, an adjective's satellites against their head's antonyms ("rapid" against "slow"), and short ones'
comparatives ("slower" against "faster"). A cited sentence is aligned with the clause it
restates (`align.aligned`: one clause, or nothing is decided); it is held when it writes a word of the table that the
clause does not write, where the clause writes one of that word's opposites that the sentence does not write, the two
in one place (a content stem within `places.NEAR` words of each in common), neither with a capital past its unit's
first word (a name or a value: "set it to False" against "True"), and neither is denied (`_DENYING` within
DENIED words before it: "not", "never", "without", "failed to" ...): "did not miss the bug" for "found it" is faithful.
What it cannot do: tell a sense (WordNet's "fast" is also "firmly fixed"), see an opposite said in several words
("no longer supported" for "kept"), or one of two nouns; a sentence it cannot align, or a tie, it lets through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from importlib import resources

from . import align, places
from .passage import Passage, Unit


def _table() -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for line in resources.files(__package__).joinpath("data/antonyms.txt").read_text(encoding="utf-8").splitlines():
        a, b = line.split()
        found.setdefault(a, set()).add(b)
        found.setdefault(b, set()).add(a)
    return {stem: frozenset(others) for stem, others in found.items()}


OPPOSITE = _table()
_STEMS = frozenset(OPPOSITE)


def _written(passage: Passage) -> frozenset[str]:
    """The section's stems that have an opposite: found once per bundle."""
    return frozenset().union(*(_STEMS & u.stems for u in passage.units))


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    """Whether the sentence has a word of the table whose opposite a cited section writes."""
    mine = _STEMS.intersection(stems)
    if not mine:
        return False
    theirs = frozenset().union(*(p.facts("antonyms", _written) for p in sections))
    return any(not OPPOSITE[s].isdisjoint(theirs) for s in mine)


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """What `wakes` needs of a sentence because of this section: a stem whose opposite the section writes (the
    section's stems' opposites, since a pair's opposites are each other's)."""
    return frozenset(), frozenset().union(*(OPPOSITE[w] for w in passage.facts("antonyms", _written)))


# Words that deny what follows them within DENIED tokens ("failed to get retries quite right" for "got them wrong").
_DENYING = frozenset(("not", "never", "no", "cannot", "nor", "neither", "without", "fail", "fails", "failed", "lacks"))
DENIED = 5


def _denied(u: Unit, at: int) -> bool:
    return any(t.word in _DENYING or t.word.endswith("n't") for t in u.tokens[max(0, at - DENIED) : at]) or _partitive(u, at)


def _partitive(u: Unit, at: int) -> bool:
    """ "Neither of the first two teams that wrote their own code got it right": "neither of" or "none of" denies
    its whole clause, however long what it is said of."""
    tokens = u.tokens
    return any(t.word in ("neither", "none") and k + 1 < at and tokens[k + 1].word == "of"
               and not _BREAK.search(u.text, t.start, tokens[at].start) for k, t in enumerate(tokens[:at]))


_BREAK = re.compile(r"[,;:]")


def _named(u: Unit, at: int) -> bool:
    """A word with a capital past a unit's first word is a name or a value ("set it to False"), not the word."""
    return at > 0 and u.text[u.tokens[at].start].isupper()


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    found = align.aligned(said.stems, sections)
    if len(found) != 1:
        return False
    a = found[0]
    clause = sections[a.section].units[a.first : a.last + 1]
    written = frozenset().union(*(u.stems for u in clause))
    for i, t in enumerate(said.tokens):
        if t.stem not in _STEMS or t.stem in written or _named(said, i) or _denied(said, i):
            continue
        opposites = OPPOSITE[t.stem]
        if not opposites.isdisjoint(said.stems):
            continue  # the sentence tells both ("SIGTTIN raises the number, and SIGTTOU lowers it"): it compares
        place = None
        for u in clause:
            for j, v in enumerate(u.tokens):
                if v.stem not in opposites or _named(u, j) or _denied(u, j):
                    continue
                if place is None:
                    place = places.stems_near(said, i, 1, set())
                if len(place & places.stems_near(u, j, 1, set())) >= align.PLACE:
                    return True
    return False
