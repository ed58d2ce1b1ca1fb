"""`first_person`: a sentence in the first person singular is held, unless the words are inside a name of the site
(a section's title, a part's label): "How I work"."""

from __future__ import annotations

import re

from .types import Hold, Reading, Rule, Verdict

# I, I'm, I've, I'd, I'll (a capital I standing alone: not i.e., I/O or Type-I); me, my, mine, myself.
FIRST_PERSON = re.compile(r"(?<![\w'’/.\-])(?:I(?:['’](?:m|ve|d|ll))?|[Mm](?:e|y|ine|yself))(?![\w'’/\-]|\.\w)")
# The words (`Reading.plain_words`: lower case, letters) that FIRST_PERSON can match: a sentence with none of them is
# passed without the pattern.
WORDS = frozenset(
    ["i", "me", "my", "mine", "myself", *(f"i{a}{end}" for a in "'’" for end in ("m", "ve", "d", "ll"))]
)


def check(sentence: Reading) -> Verdict:
    if WORDS.isdisjoint(sentence.plain_words):
        return None
    return Hold("first_person") if FIRST_PERSON.search(sentence.text) else None


RULE = Rule("first_person", check)
