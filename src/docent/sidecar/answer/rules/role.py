"""`role`: every role a cited sentence gives (lead, owner, manager) is one its sections give."""

from __future__ import annotations

from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    said = sentence.roles
    given = frozenset().union(*(sentence.grounds.mentions.roles[sid] for sid in sentence.ids))
    return Hold("role") if said and not said <= given else None


RULE = Rule("role", check, cited=True)
