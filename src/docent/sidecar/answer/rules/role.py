"""`role`: every role a cited sentence gives (lead, owner, manager) is one its sections give. On a documentation site
"others" and "another" are things ("all others must match exactly"), not someone else who did the work."""

from __future__ import annotations

from ..roles import CUES
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    said = sentence.roles
    if said and sentence.grounds.site.docs:
        said -= _THINGS
    given = frozenset().union(*(sentence.grounds.mentions.roles[sid] for sid in sentence.ids))
    return Hold("role") if said and not said <= given else None


_THINGS = frozenset(("other", "another"))  # the words of "someone else did it" that a documentation site says of things


RULE: Rule = Rule("role", check, cited=True, cues=CUES, sure=False)  # unsure: a role is read from words (lead, owner) whose sense the sentence sets
