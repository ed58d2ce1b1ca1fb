"""`no_overlap`: a cited sentence shares at least one word of substance with the sections it cites."""

from __future__ import annotations

from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    words = sentence.words
    if any(words & sentence.grounds.mentions.words[sid] for sid in sentence.ids):
        return None
    return Hold("no_overlap")


RULE: Rule = Rule("no_overlap", check, cited=True, sure=True)  # no word of substance shared: the sections say nothing of it
