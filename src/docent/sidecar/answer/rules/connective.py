"""`uncited`: a sentence that cites nothing passes only as a connective of six words or fewer (twelve for a line
ending in a colon before a list or a code block). The prompt's own headings ("How to answer", "## The record")
written back are no connective."""

from __future__ import annotations

from ..words import count_words
from .types import Hold, Reading, Rule, Verdict

CONNECTIVE_WORDS = 6


def check(sentence: Reading) -> Verdict:
    if count_words(sentence.source) > sentence.most_words or sentence.grounds.site.is_heading(sentence.draft.text):
        return Hold("uncited")
    return None


RULE: Rule = Rule("connective", check, cited=False, sure=True)  # a fact that cites nothing: no section is there to check it
