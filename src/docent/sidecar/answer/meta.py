"""Sentences about the record itself, which the polarity and number rules would otherwise misread.

- "The record gives the peak per day, not per second." speaks of how the record words a fact: its trailing
  ", not per second" denies nothing the record says. A sentence whose subject is the record, a section or a page
  and whose verb says what it gives (gives, states, says, lists, names, counts, measures...) has its negations
  let through when each is such a contrast at the sentence's end, or "does not say/give/state/name".
- "The two secrets have no default listed" says what the record leaves out, not that the thing lacks it: a negation
  whose words end in a participle of the record's telling (listed, documented, mentioned, stated), at its clause's
  end or before "here" or "in the docs", is let through too ("is not documented", "no limit documented here").
- "The record holds five decisions [[five ids]]." counts the sections it cites: a count equal to the number of
  sections cited is stated by the citation itself.
"""

from __future__ import annotations

import re

_ABOUT = re.compile(
    r"^\s*(?:the|this|that|each|its)\s+(?:record|section|sections|page|pages|case|site)(?:'s)?\s+(?:\w+\s+){0,2}?"
    r"(?:gives?|states?|says?|lists?|names?|puts?|counts?|records?|reports?|mentions?|shows?|measures?|holds?|has|have|"
    r"does|do|doesn't|don't|only)\b",
    re.IGNORECASE,
)
_CONTRAST = re.compile(r",\s*(?:and\s+)?not\s+[^,;:]{1,40}$")
_SILENT = re.compile(r"\b(?:does|do)\s*n[o']t\s+(?:say|give|state|name|mention|list|count|record)\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|no|never|none|nobody|nothing|without)\b|n't\b", re.IGNORECASE)


def contrasts_only(text: str) -> bool:
    """A sentence about the record whose every negation is a wording contrast, not a denial of a fact, or one
    whose every negation says what the record leaves untold."""
    if not _ABOUT.match(text):
        return not _NEGATION.search(_UNTOLD.sub(" ", text)) if _UNTOLD.search(text) else False
    rest = _SILENT.sub(" ", _CONTRAST.sub("", text.rstrip(" .!?")))
    return not _NEGATION.search(rest)


# "no default listed", "is not documented", "no limit is mentioned in the docs": what the record leaves untold.
_UNTOLD = re.compile(
    r"(?:\bno\s+(?:[\w-]+\s+){1,3}?(?:is\s+|are\s+)?|\b(?:is|are)\s*(?:n[o']t|never)\s+)"
    r"(?:listed|documented|mentioned|stated)\b"
    r"(?=\s*(?:[,;:.!?)]|\[\[|$|\s(?:here|there|anywhere|in\s+(?:the|this|that)\s+(?:docs|documentation|record|section|page|reference|table))\b))",
    re.IGNORECASE,
)
