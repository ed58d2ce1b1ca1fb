"""`first_person`: a sentence in the first person singular is held, unless the words are inside a name of the site
(a section's title, a part's label): "How I work", or, on a documentation site, inside a quotation that a section it
cites writes word for word: `the prompt asks "Can I overwrite it?"` quotes the documentation, whose guide speaks as
nobody. A portfolio's record is in its owner's voice: a quotation of it in the first person is still held."""

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


_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")  # a quotation in double marks, straight or curly


def check(sentence: Reading) -> Verdict:
    if WORDS.isdisjoint(sentence.plain_words) or not FIRST_PERSON.search(sentence.text):
        return None
    source = sentence.source
    if sentence.ids and sentence.grounds.site.docs and ('"' in source or "“" in source):
        unquoted = _QUOTED.sub(lambda m: " " if _quotes(sentence, m.group(1) or m.group(2)) else m.group(0), source)
        if unquoted != source and not FIRST_PERSON.search(sentence.grounds.site.names.mask(unquoted)):
            return None
    return Hold("first_person")


def _quotes(sentence: Reading, quoted: str) -> bool:
    """Whether a section the sentence cites writes the quotation word for word (blanks compared as one)."""
    said = " ".join(quoted.split())
    return any(said in sentence.grounds.mentions.flat[sid] for sid in sentence.ids)


RULE: Rule = Rule("first_person", check, cues=WORDS, sure=True)  # the guide has no self: no section makes "I did" the guide's
