"""`code_term`: inline code is a term: each piece must be written so in one of the sections the sentence cites (or,
uncited, the sections the answer has cited)."""

from __future__ import annotations

from ..shape import holds
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    codes = sentence.draft.codes
    if not codes:
        return None
    mentions = sentence.grounds.mentions
    sections = [mentions.flat[sid] for sid in (sentence.ids if sentence.ids else sentence.grounds.uncited_ids())]
    return None if all(any(holds(code, text) for text in sections) for code in codes) else Hold("code_term")


# Asked before unknown_term for a sentence that cites nothing, after it for one that cites sections.
UNCITED = Rule("code_term", check, cited=False)
CITED = Rule("code_term", check, cited=True)
