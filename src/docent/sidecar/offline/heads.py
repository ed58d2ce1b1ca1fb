"""What a question asks for (its head: "which city", "how many direct reports"), and what asks for a kind, not a name:
"what programming languages", "which tools".

The record seldom says "language" or "tool": it names the languages and tools (Java, Eclipse Memory Analyzer). A
question whose head word is such a kind is answered by a section that names one of the lexicon's technologies, so
the kind word is read through the record's own names and never counted as a name the record lacks.

Also what a question offers as a choice ("on AWS, GCP or on prem?"), where one name the record says answers it
(`choices`, `no_lack`), and a change it names by the thing changed to ("switching to gRPC": `CHANGING`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from ..answer.lexicon import COMMON_WORDS
from ..answer.words import STOP_WORDS, stem, terms

# The thing a "which"/"what" asks for ("which city"); the generic ones ask for nothing by themselves.
WH_HEAD = re.compile(r"\b(?:which|what|whose|how many|how much)\s+([A-Za-z]+)", re.IGNORECASE)
# A "which" after a comma begins a clause about what came before it, not a question.
RELATIVE = re.compile(r",\s*$")
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


def heads_of(question: str, *, kind: str = "portfolio") -> set[str]:
    """What a "which"/"what"/"how many" asks for: "which city", "how many lines"; of a phrase, its last noun before
    the verb ("which card networks has she" asks for networks, "how many direct reports?" for reports); on
    documentation, also what it asks whether it exists (`existing`)."""
    heads = existing(question) if kind == "docs" else set()
    for m in WH_HEAD.finditer(question):
        word, end = m.group(1), m.end()
        if RELATIVE.search(question[: m.start()]) and m.group(0).lower().startswith("which"):
            continue  # "Jinja trims it, which breaks my files": a clause about the reader's case, no thing asked for
        if m.group(0).lower().startswith("how") and COMPARATIVE.fullmatch(word):
            continue  # "how much faster": a figure, not a thing
        if word.lower() not in STOP_WORDS and not WHAT_VERB.match(question, end):
            word, end = _last_noun(question, word, end, counted=m.group(0).lower().startswith("how"))
        if word.lower() in STOP_WORDS or stem(word) in GENERIC_STEMS or MEASURE.fullmatch(word):
            continue
        if not m.group(0).lower().startswith("what") or WHAT_VERB.match(question, end) or m.end() != end:
            heads.add(stem(word))
    for m in HAS_ANY.finditer(question):  # "does she hold any AWS certifications?" asks for certifications
        phrase = m.group(0).lower().split()[2:]
        if not any(w in STOP_WORDS for w in phrase) and stem(m.group(1)) not in GENERIC_STEMS:
            heads.add(stem(m.group(1)))
    return heads


def existing(question: str) -> set[str]:
    """What a question asks whether it exists ("is there a dropdown to switch versions?", "does it ship a JWTAuth
    class?"): on documentation, the thing a section that answers names. A portfolio's visitor asks so for the site's
    own pages and demos ("is there a page that explains ..."), which its record names by their titles."""
    heads = set()
    for m in EXISTS.finditer(question):
        phrase = m.group(1).lower().split()
        if not any(w in STOP_WORDS for w in phrase) and stem(m.group(2)) not in GENERIC_STEMS | EXISTS_GENERIC:
            heads.add(stem(m.group(2)))
        elif doer := FOR_DOER.match(question, m.end()):  # "a way for uvx to read .env files": whether uvx does it
            heads |= set(terms(doer.group(1)))
    return heads


# "Does she have any X?", "has she got any X": whether the owner has X, which a record that answers names. The phrase's
# last word before its end ("any AWS certifications?"); "any experience with Go" ends at "with".
HAS_ANY = re.compile(r"\b(?:have|has|had|hold|holds|held|got|possess(?:es)?)\s+any\s+(?:[\w+#-]+\s+){0,2}?([A-Za-z]+)"
                     r"(?=\s*(?:[?.!,;]|$))", re.IGNORECASE)


# "Is there a key to go back?", "are there any official benchmarks?": whether the thing exists, which a section that
# answers names. The phrase's last word before what it is for ("to", "for", "that") or its end. A way, a feature, an
# example, a tutorial or a guide is how a thing is done, which a section shows without naming that word.
EXISTS = re.compile(r"\b(?:(?:is|are) there|(?:does|do)\s+[\w.-]+(?:\s+[\w.-]+)?\s+(?:have|ship|provide|offer|expose|include))"
                    r"\s+(?:a|an|any|some)\s+((?:[\w+#-]+\s+){0,2}?)([A-Za-z][\w-]*)"
                    r"(?=\s*(?:[?.!,;]|$)|\s+(?:to|for|that|which|in|on|with|so|where|when|like|i|we|of)\b)", re.IGNORECASE)
# "Is there a way for uvx to read a .env file?": a way asked for a thing to do something is whether that thing does it,
# and a section that answers names it (the phrase's last word before "to"); the reader's own ("for my app to") or an
# everyday word ("for it to") is no thing the docs name.
FOR_DOER = re.compile(r"\s+for\s+(?!(?:my|our|your|me|us|it|them|this|that|these|those|him|her|everyone|everybody|"
                      r"anyone|people|users?|someone|somebody)\b)((?:[\w.+#/-]+\s+){0,4}?[A-Za-z][\w-]*)"
                      r"\s+to\s+\w", re.IGNORECASE)
EXISTS_GENERIC = frozenset(stem(w) for w in "way method means mechanism support feature solution approach workaround "
                           "plan plans chance problem issue reason difference built-in example sample tutorial guide "
                           "walkthrough documentation".split())


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


# "Switching to gRPC", "the move to Kubernetes": a change to the thing named, which is the topic; the record says it
# by the thing, seldom by the verb ("a switch per range" is another thing).
CHANGING = re.compile(r"\b(switch(?:ing|ed)?|mov(?:e|ing|ed)|migrat(?:e|ing|ed)|chang(?:e|ing|ed))\s+(?:over\s+)?to\b",
                      re.IGNORECASE)
# A choice the question offers: "on AWS, GCP or on prem?", "Kafka or RabbitMQ". Each choice is one to four words.
_CHOICE = r"[A-Za-z0-9][\w+#.-]*(?:\s+[A-Za-z0-9][\w+#.-]*){0,3}"
CHOICES = re.compile(rf"(?<![\w-])({_CHOICE}(?:\s*,\s*{_CHOICE})*)\s*,?\s+or\s+({_CHOICE})(?=\s*[?.!,;]|\s*$)",
                     re.IGNORECASE)


def choices(question: str) -> list[set[str]]:
    """The question's choices, each group as the stemmed words of its choices' last words: "was it on AWS, GCP or on
    prem?" offers {aws, gcp, prem}. The record that says one choice answers it; another it never names is no fact
    it lacks."""
    groups = []
    for m in CHOICES.finditer(question):
        options = [*re.split(r"\s*,\s*", m.group(1)), m.group(2)]
        last = {t for option in options for t in terms(option.split()[-1])}
        if len(last) > 1:
            groups.append(last)
    return groups


def no_lack(question: str, alts: Mapping[str, frozenset[str]], context: Collection[str], named: Collection[str],
            df: Mapping[str, int]) -> set[str]:
    """The names the record lacks that make it lack no fact:
    - one only the reader's situation gives ("clients behind traefik get dropped. What are the ping defaults?"):
      where they stand;
    - one of a choice of names offered ("on AWS, GCP or on prem?") where the record names another: that one answers
      ("remote roles or Berlin?" offers no choice of names, and "Go" is an everyday word: Berlin still lacks)."""
    lacking = {w for w, said in alts.items() if not said}
    offered = (group for group in choices(question)
               if any(df.get(c, 0) and c in named and c not in COMMON_WORDS for c in group))
    return lacking & (set(context) | {w for group in offered for w in group})


# "What is she doing now?", "her current job": the present, which a CV tells by what it dates "since March 2021" or
# "2021 – present", seldom by the visitor's word. A section that dates something so holds `NOW_TOKEN` (no word).
NOW = re.compile(r"\b(?:now|nowadays|currently|current|these days|today|at the moment|presently|at present)\b",
                 re.IGNORECASE)
ONGOING = re.compile(r"\b(?:[Ss]ince\s+(?:[A-Z][a-z]+\s+)?(?:19|20)\d\d|(?:19|20)\d\d\s*[–-]\s*(?:now|present|today|current))\b")
NOW_TOKEN = "<ongoing>"


def present(question: str, kind: str) -> bool:
    """Whether a question asks about the present, on a portfolio (documentation's "now" is the reader's situation)."""
    return kind != "docs" and NOW.search(question) is not None
