"""The language's common words: to tell a term a question names from the reader's own phrasing.

A word the record never writes is either the visitor's phrasing ("whether", "came", "swears"), which weighs nothing,
or a thing they ask about that the docs never name ("nullable", "colspan", "checkboxes"), which the record then lacks.
Which is which needs the language: a word SCOWL's list of common English words holds (`answer/data/english.txt`,
derived by `tests/lexicon/scowl.py`; `answer/data/README.md` says how) is phrasing; one it does not hold is a term.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..answer.names import ENGLISH  # the gate's proper-name rule reads the same list
from ..answer.words import ASCII_WORD, CONTRACTION, STOP_WORDS, stem, unaccented

# A sentence that asks: what it names is what the reader wants; the sentences around it tell their situation.
ASKING = re.compile(r"[^.!?]*\?")
# What the reader pasted, quoted or put aside, not what they ask in their own words: inline code, a token with a
# path's, an address's or an assignment's marks ("~/.cache", "user:password@host", "null=True"), a quotation, an
# aside in brackets ("(GitHub over SSH, an on-prem server)"), and what they would do with the answer ("..., so I can
# resolve them with git difftool").
ASIDE = re.compile(r"`[^`]*`|\S*[/=:@\\<>{}\[\]]\S*|\"[^\"]*\"|“[^”]*”|(?<!\w)'[^']*'(?!\w)|\([^()]*\)"
                   r"|\bso(?: that)? (?:i|we|they|people|users) (?:can|could|may|might)\b[^.!?]*", re.IGNORECASE)
SHORTEST = 4  # a shorter word ("br", "ids") is as often an abbreviation of the reader's as a term
# A common word with a prefix English adds freely is common too: "misconfigured", "redeclaring", "unstaged".
PREFIX = re.compile(r"^(?:re|un|mis|non|pre|dis|de|over|under|out|co)(?=[a-z]{4})")
# A prefix that names a part of a thing by the thing's word ("subfolder", "subdirectory", "subcommand"): a reader's
# compound of it names a part of what its second half names. Not "auto-", "multi-" or "inter-", whose compounds name
# things of their own ("autocomplete", "multiprocessing").
PART = re.compile(r"^sub(?=[a-z]{4})")


def uncommon(question: str) -> set[str]:
    """The words of the sentences a question asks with (`ASKING`) that name a term, stemmed: written in lower case (a
    capital marks a name, read elsewhere), letters only, none of them code, quoted or aside, and no common English
    word. A question that asks in no sentence ("... not recognized as the name of a cmdlet. help") names none."""
    found = set()
    for ask in ASKING.findall(ASIDE.sub(" ", unaccented(question))):
        for word in ASCII_WORD.findall(CONTRACTION.sub("", ask)):
            if word.isalpha() and word.islower() and len(word) >= SHORTEST and not _common(word):
                found.add(stem(word))
    return found


def _common(word: str) -> bool:
    """Whether a word (lower case) is a common English one: the list's, a stop word, or a common word prefixed."""
    return word in STOP_WORDS or stem(word) in ENGLISH or stem(PREFIX.sub("", word)) in ENGLISH


def shortened(terms: set[str], vocabulary: Sequence[str]) -> set[str]:
    """Of the terms (stemmed), those the record spells otherwise, `vocabulary` its stems sorted (`Vocabulary.stems`):
    - a longer word of the record starts with it: the reader's short form of the docs' own word ("repo" for
      "repository", "config" for "configuration", "params" for "parameters"), which SCOWL's list lacks;
    - a compound of a part (`PART`, "subfolder") whose second half is a common word the record writes ("folder"):
      the reader's word for a part of the record's thing. Another compound of the prefix the record writes
      ("subdirectory") is no sign: every documentation site writes some ("subclass", "subcommand"), and a
      "subprocess" asked of a record that never writes "process" is a thing it lacks.
    Neither is a term the record lacks. A word only looked up (sorted, `bisect`), never the vocabulary scanned."""
    return {term for term in terms if _starts(vocabulary, term) or _part_of(term, vocabulary)}


def _starts(vocabulary: Sequence[str], prefix: str) -> bool:
    """Whether a sorted `vocabulary` holds a longer word that starts with `prefix` (the first word after it does)."""
    i = bisect_right(vocabulary, prefix)
    return i < len(vocabulary) and vocabulary[i].startswith(prefix)


def _part_of(term: str, vocabulary: Sequence[str]) -> bool:
    """Whether a term is a compound of a part (`PART`) whose second half is common and written by the record."""
    m = PART.match(term)
    if m is None or term[m.end():] not in ENGLISH:
        return False
    half, i = term[m.end():], bisect_left(vocabulary, term[m.end():])
    return i < len(vocabulary) and vocabulary[i] == half
