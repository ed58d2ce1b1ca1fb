"""What a question asks for (its head: "which city", "how many direct reports"), and what asks for a kind, not a name:
"what programming languages", "which tools".

The record seldom says "language" or "tool": it names the languages and tools (Java, Eclipse Memory Analyzer). A
question whose head word is such a kind is answered by a section that names one of the lexicon's technologies, so
the kind word is read through the record's own names and never counted as a name the record lacks.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from ..answer.lexicon import COMMON_WORDS
from ..answer.words import STOP_WORDS, stem, terms

# The thing a "which"/"what" asks for ("which city"); the generic ones ask for nothing by themselves.
WH_HEAD = re.compile(r"\b(?:which|what|whose|how many|how much)\s+([A-Za-z]+)", re.IGNORECASE)
# "What city is ..." asks for a city; "What came of it?" and "what happens when" ask with a verb: after "what", a
# word is the thing asked for only where a verb of its own follows it.
WHAT_VERB = re.compile(r"\s*(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|may|might|must)\b",
                       re.IGNORECASE)

# "Which option controls that?": a docs reader asks for an option by that word, and the section answers with the
# option's own name (`www_redirect`), never the word "option".
RAISED = frozenset({"exception", "error"})  # stemmed heads that ask for an exception's class
GENERIC_HEADS = frozenset("kind sort type part way thing things one ones else other option parameter argument setting "
                          "flag value key field attribute config configuration exactly actually really precisely "
                          "just".split())  # "what exactly is it checking?" asks for no "exactly"

GENERIC_STEMS = frozenset(stem(w) for w in GENERIC_HEADS)  # "which flags" as "which flag"

# "What share", "which year": a measure asks for a figure, which the record gives as digits, not as the word.
MEASURE = re.compile(
    r"\b(share|percentage|percent|proportion|fraction|number|amount|rate|ratio|count|size|year|month|date|day|"
    r"decade|figure|version)s?\b",
    re.IGNORECASE,
)
NEXT_WORD = re.compile(r"\s+([A-Za-z]+)\b")
PHRASE_END = re.compile(r"\s*(?:[?.,;!]|$)")
# "How much faster": a degree word asks for a figure; "how much power" asks for the thing, though it ends in -er too.
COMPARATIVE = re.compile(
    r"more|less|fewer|better|worse|further|farther|"
    r"(?:fast|slow|quick|big|bigg|larg|small|high|low|long|short|cheap|dear|old|new|young|near|clos|earli|lat|"
    r"easi|hard|heavi|light|strong|weak|wid|narrow|great|safe|simpl|tight|loos|deep|tall|warm|cool|cold|hot|hott|"
    r"bright|dark|clean|dirti|busi|lazi|noisi|quiet|rich|poor|smooth|thick|thin|thinn|fatt)er",
    re.IGNORECASE,
)


def heads_of(question: str) -> set[str]:
    """What a "which"/"what"/"how many" asks for: "which city", "how many lines"; of a phrase, its last noun before
    the verb ("which card networks has she" asks for networks, "how many direct reports?" for reports)."""
    heads = set()
    for m in WH_HEAD.finditer(question):
        word, end = m.group(1), m.end()
        if m.group(0).lower().startswith("how") and COMPARATIVE.fullmatch(word):
            continue  # "how much faster": a figure, not a thing
        if word.lower() not in STOP_WORDS and not WHAT_VERB.match(question, end):
            word, end = _last_noun(question, word, end, counted=m.group(0).lower().startswith("how"))
        if word.lower() in STOP_WORDS or stem(word) in GENERIC_STEMS or MEASURE.fullmatch(word):
            continue
        if not m.group(0).lower().startswith("what") or WHAT_VERB.match(question, end) or m.end() != end:
            heads.add(stem(word))
    return heads


def _last_noun(question: str, word: str, end: int, *, counted: bool) -> tuple[str, int]:
    """The noun phrase's last word, two words on at most, where the phrase ends at its verb ("card networks has") or,
    counted ("how many direct reports?"), at the sentence's end; "lines of code" ends at "lines", "a retry storm
    looks" is no phrase that ends, and in "which value wins?" the word after is a verb."""
    at = end
    for _ in range(2):
        m = NEXT_WORD.match(question, at)
        if m is None or m.group(1).lower() in STOP_WORDS:
            return word, end
        if WHAT_VERB.match(question, m.end()) or counted and PHRASE_END.match(question, m.end()):
            return m.group(1), m.end()
        at = m.end()
    return word, end


# The kinds of thing the lexicon names, as a visitor asks for them (stemmed).
KINDS = frozenset(stem(w) for w in (
    "language languages tool tools tooling toolchain stack technology technologies tech framework frameworks library "
    "libraries database databases datastore cloud clouds platform platforms"
).split())


def named_kinds(heads: Collection[str]) -> set[str]:
    """The heads that ask for a kind of technology."""
    return set(heads) & KINDS


def technologies(names: Mapping[str, list[str]], df: Mapping[str, int]) -> frozenset[str]:
    """The one-word names of the lexicon's technologies that the record says (stemmed): what answers a kind. A name
    that is also an everyday word ("Spring", "Storm") says nothing of a kind."""
    found = set()
    for all_names in names.values():
        for name in all_names:
            words = terms(name)
            if len(words) == 1 and name.casefold() not in COMMON_WORDS and len(name) > 2 and df.get(words[0], 0):
                found.add(words[0])
    return frozenset(found)
