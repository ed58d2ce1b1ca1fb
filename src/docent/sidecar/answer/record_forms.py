"""What a reader writes, asked also as docs write it: a verb and its particle as the noun they make (`phrasal`), an
HTTP status's number as its name (`statuses`). Each gives clauses of `clauses.Clause`; one the record lacks matches
nothing and is dropped by `within_rows`."""

from __future__ import annotations

import re
from collections.abc import Sequence
from http import HTTPStatus

from .clauses import Clause, clause, quote
from .words import stem

PARTICLES = frozenset("up out in down off on over back".split())


def phrasal(words: Sequence[Sequence[str]]) -> list[Clause]:
    """A verb in -ed or -ing and its particle, as the noun they make: "timed out" -> timeout, "logged in" -> login,
    "backing up" -> backup (a reader writes the verb, docs name the thing: `ReadTimeout`, a login page)."""
    found = []
    for (verb, *more), after in zip(words, words[1:], strict=False):
        if more or len(after) != 1 or after[0] not in PARTICLES or not verb.endswith(("ed", "ing")):
            continue
        base = stem(verb)  # "timed" -> tim, "logging" -> log, "carried" -> carry: the verb less its ending and an e
        found += [clause([form + after[0]]) for form in (base, base + "e") if len(form) >= 2]
    return found


# Words that put a question's three-digit number in HTTP's terms: "status_code is always 302", "a 403 response".
STATUS_CONTEXT = frozenset(
    "status http https response responses request requests redirect redirects redirected header headers error errors"
    " returns returned server".split()
)
_STATUSES = {str(s.value): s for s in HTTPStatus if s.value >= 300}


def statuses(words: Sequence[Sequence[str]]) -> list[Clause]:
    """An HTTP status the question writes as its number, asked by what docs call it: a 3xx a redirect, a 4xx or 5xx by
    its phrase ("401" Unauthorized, "503" Service Unavailable). The number is asked apart, at a quarter, as numbers
    are, and a docs site writes the phrase ("Unauthorized and Forbidden responses") or the redirect."""
    said = {part for word in words for part in word}
    if not said & STATUS_CONTEXT:
        return []
    found = []
    for status in (_STATUSES[w] for w in sorted(said) if w in _STATUSES):
        parts = ["redirect"] if status.value < 400 else status.phrase.lower().split()
        found.append(Clause(quote(parts), (tuple(parts),)))
    return found


# Porter stems "locale", "locales" and "localization" to "local", which a docs site writes of a local server, local
# DNS records, a local file: one term, so a question of either found the other's sections.
_LOCALE = re.compile(r"\blocal(?:es?|i[sz]\w*)\b", re.IGNORECASE)
LOCALE = "locale0"  # a token the stemmer leaves whole: it ends in a digit


def unconflated(text: str) -> str:
    """The text with the words of a locale written as one token porter keeps apart from "local" (`LOCALE`), for the
    index and the question alike."""
    return _LOCALE.sub(LOCALE, text) if "ocal" in text or "OCAL" in text else text
