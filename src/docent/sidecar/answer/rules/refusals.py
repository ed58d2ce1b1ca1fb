"""Refusals, for the polarity rule: a sentence that turns down what a cited section denies ("recommends against using
them" where they are "not recommended") affirms nothing of it."""

from __future__ import annotations

import re

from .. import polarity
from ..words import dotted, stem, stems
from .types import Reading

# A clause's end, or a joining word: where a clause is cut to read what it affirms.
JOINS = re.compile(polarity.CLAUSE_END.pattern + r"|\s(?:and|but|while|whereas)\s", re.IGNORECASE)


def turned(sentence: Reading, said: tuple[polarity.Denial, ...], heads: list[polarity.Head]) -> bool:
    """ "The documentation recommends against using them" where a section says they are "not recommended", "rejects a
    password that contains the e-mail" where it "should not contain" it: a sentence that denies nothing but turns down,
    in each clause that affirms a head a section denies, those words by a verb or preposition of refusal
    (`_REFUSING`), affirms none. "Rejects" still affirms what "does not reject" denies (the refusing word is then a
    word of the head), and a clause without one ("... so it has to be called index.md") affirms it still."""
    refusing = _REFUSING | _OVER if _PREFERRING & sentence.plain_words else _REFUSING
    if said or refusing.isdisjoint(sentence.plain_words):
        return False
    affirming = 0
    for part in polarity.CLAUSE_END.split(sentence.text):
        words = set(stems(part)) | dotted(part)
        found = [h - {polarity.UNTIMED} for h, _ in heads if h - {polarity.UNTIMED} <= words]
        if not found:
            continue
        if not any(_governs(part, h, refusing) for h in found):
            return False
        affirming += 1
    return affirming > 0


def _governs(part: str, head: frozenset[str], refusing: frozenset[str]) -> bool:
    """Whether a word of refusal in a clause turns down a word of a head: it stands before it, at most `_GOVERNS`
    words of substance away ("rejects a password that contains", "recommends against using"), in the same clause (not
    past an "and", unless what follows is another of its objects: "rejects a short password and one that contains"),
    and is itself no word of the head. "Ignores idle connections and supports HTTP/2" turns down no "supports".
    `refusing`: the words of refusal, "over" among them in a sentence that prefers ("recommends A over B")."""
    refused = False
    for clause in JOINS.split(part):
        said = stems(clause) | dotted(clause)
        raw = [(w.lower(), stem(w)) for w in _WORD.findall(clause)]
        words = [(w, s) for w, s in raw if s in said or w in refusing]
        if refused and raw and raw[0][0] in _OBJECTS:
            words.insert(0, ("", ""))  # the refusal before the "and" governs this object too
        if any((not w or w in refusing and s not in head) and any(t in head for _, t in words[i + 1 : i + 1 + _GOVERNS])
               for i, (w, s) in enumerate(words)):
            return True
        refused = any(w in refusing and s not in head for w, s in words)
    return False


# the words that open another object of the verb before an "and" ("and one that contains the e-mail")
_OBJECTS = frozenset(("one", "ones", "any", "anything", "those", "each", "every", "all", "a", "an"))
_GOVERNS = 3
_WORD = re.compile(r"[A-Za-z0-9][\w'/.-]*")


_REFUSING = frozenset((
    "against", "reject", "rejects", "rejected", "rejecting", "avoid", "avoids", "avoided", "avoiding", "refuse",
    "refuses", "refused", "exclude", "excludes", "excluded", "forbid", "forbids", "forbidden", "prohibit", "prohibits",
    "prohibited", "disallow", "disallows", "disallowed", "omit", "omits", "omitted", "ignore", "ignores", "ignored",
    "disable", "disables", "disabled", "discourage", "discourages", "discouraged", "skip", "skips", "skipped",
    # an ending: "1.0 dropped support for Python 3.6" where "python 3.6 is no longer supported" (not "removed": "keys are
    # removed with a slow delete" is a deletion, no refusal of the slow delete)
    "drop", "drops", "dropped", "dropping", "discontinue", "discontinues", "discontinued",
))
# "recommends request.query_params over Django's standard request.GET": after a word of preference, "over" turns down
# what follows it, as "instead of" does; elsewhere it is a place or a measure ("over HTTP/2", "over 100 ms").
_OVER = frozenset(("over",))
_PREFERRING = frozenset((
    "prefer", "prefers", "preferred", "preferring", "recommend", "recommends", "recommended", "recommending",
    "favor", "favors", "favored", "favour", "favours", "favoured", "choose", "chooses", "chose", "chosen",
))
