"""`first_person`: a sentence in the first person singular is held, unless the words are inside a name of the site
(a section's title, a part's label): "How I work"."""

from __future__ import annotations

import re

from .types import Hold, Reading, Rule, Verdict

# I, I'm, I've, I'd, I'll (a capital I standing alone: not i.e., I/O or Type-I); me, my, mine, myself.
FIRST_PERSON = re.compile(r"(?<![\w'’/.\-])(?:I(?:['’](?:m|ve|d|ll))?|[Mm](?:e|y|ine|yself))(?![\w'’/\-]|\.\w)")


def check(sentence: Reading) -> Verdict:
    return Hold("first_person") if FIRST_PERSON.search(sentence.text) else None


RULE = Rule("first_person", check)
