"""The hedge rule's modality (`hedges`): "did" where the cited sections say "would have".

A verb the sentence asserts plainly ("challenged", "introduced", "have coexisted") that its cited
sections use only after "would", "would have", "will", "could", "might" or "going to" is held, unless the
sentence too says would, will, could, might, may, expected, planned or going to. What a section says "could not" be done is
a fact, not a plan: "a slow payment could not be followed" does not make "followed" a modal-only word.
A modal in an "if", "whether" or "unless" clause is a condition, no plan ("if your company would be interested");
a "would" in a unit that opens "Previously" (formerly, originally, historically), and in the run of units with
"would" right after it, is a habit of the past, a deed ("Previously, the command would record metadata as is").
An instruction ("put", "set", "cut" opening the sentence or the clause after its opening one) is no deed: "When
using reload, put run() into ..." against "you should put"; nor is a participle after a comma and before "by"
("the key, prefixed by the word Token" against "the key should be prefixed by"), or right after a noun and before
"from", "by" or "via" ("a dedicated search page built from search/search.html" against "will be built"), or one that
completes a present "makes", "keeps" or "leaves" and its object ("makes the size unlimited" against "will be
unlimited").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .passage import Passage, Token, Unit

MODAL = frozenset(("would", "will", "could", "might", "may", "going", "expected", "expects", "planned", "plans",
                   "should", "'d", "aim", "aimed", "hoped", "intended"))
_SKIP = frozenset(("have", "has", "had", "also", "be", "been", "not", "then", "again", "still", "to", "always"))


def modal_only(passage: Passage) -> frozenset[str]:
    """The stems a section says only after a modal."""
    return frozenset(stem for stem, (modal, plain) in passage.facts("modal", _section_modal).items() if modal and not plain)


def _section_modal(passage: Passage) -> dict[str, tuple[int, int]]:
    """stem -> (times said after a modal, times said plainly)."""
    out: dict[str, tuple[int, int]] = {}
    past = False  # a unit that opens "Previously", and the run of units with "would" after it: what used to happen
    for u in passage.units:
        tokens = u.tokens
        past = past and "would" in u.words or bool(tokens) and tokens[0].word in _THEN
        for j, v in enumerate(tokens):
            if not v.stem:
                continue
            said = _said_after_modal(u, j, past)
            if said is None:
                continue
            modal, plain = out.get(v.stem, (0, 0))
            out[v.stem] = (modal + 1, plain) if said else (modal, plain + 1)
    return out


def _said_after_modal(u: Unit, j: int, past: bool) -> bool | None:
    """Whether the unit's word at `j` is said after a modal, or None where it counts neither way."""
    tokens = u.tokens
    k = j - 1
    denied = False
    while k >= 0 and (tokens[k].word in _SKIP or tokens[k].word.endswith("ly")):
        denied = denied or tokens[k].word == "not"
        k -= 1
    if k < 0 or tokens[k].word not in MODAL:
        return False
    if denied and tokens[k].word == "could":
        return None  # "a slow payment could not be followed": what could not be done is a fact, no plan
    if conditional(u, k):
        return None  # "if your company would be interested": a condition, no plan
    # "Previously, the command would record metadata as it is": a habit of the past, a deed; "would have" is none.
    return not (past and tokens[k].word == "would" and all(t.word != "have" for t in tokens[k:j]))


_THEN = frozenset(("previously", "formerly", "originally", "historically"))
_IF = frozenset(("if", "whether", "unless"))
_CLAUSE = re.compile(r"[,;:.!?](?!\w)")


def conditional(u: Unit, k: int) -> bool:
    """Whether the modal at token `k` is in an "if", "whether" or "unless" clause of its unit."""
    for t in reversed(u.tokens[:k]):
        if _CLAUSE.search(u.text, t.start, u.tokens[k].start):
            return False
        if t.word in _IF:
            return True
    return False


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    if said.words & MODAL:
        return False
    verbs = _deeds(said, sections)
    said_where = [passage.facts("modal", _section_modal) for passage in sections]
    for stem in verbs:
        modal = sum(facts.get(stem, (0, 0))[0] for facts in said_where)
        plain = sum(facts.get(stem, (0, 0))[1] for facts in said_where)
        if modal and not plain:
            return True
    return False


def _deeds(said: Unit, sections: Sequence[Passage]) -> list[str]:
    """The stems of the verbs the sentence tells as done: past forms that are no passive of the present, imperative,
    reduced passive, complement or description of a noun."""
    tokens = said.tokens
    verbs = [
        t.stem for i, t in enumerate(tokens)
        if t.stem and _past(t.word) and not _present_passive(tokens, i)
        and not (t.word in _BASE_PAST and _imperative(said, i)) and not _reduced_passive(said, i)
        and not _complement(said, i)
    ]
    if not verbs:
        return verbs
    # "the ignored field" describes the field, as "the unlimited size" does, where a section tells the verb as how a
    # thing works ("it will ignore the field"); where one tells it after "would", "could" or "might", what was not done
    # ("would have blocked the message"), the same words ("the blocked message") tell it done
    described = {tokens[i].stem for i in range(len(tokens)) if _attributive(tokens, i)}
    if described:
        supposed = frozenset().union(*(passage.facts("supposed", _section_supposed) for passage in sections))
        verbs = [stem for stem in verbs if stem not in described or stem in supposed]
    return verbs


def _past(word: str) -> bool:
    return word.endswith("ed") and word not in _NO_PAST or word in _IRREGULAR


# Words in -ed that are no past: "you need Pygments installed" against the section's "you will also need to install"
_NO_PAST = frozenset(("need", "feed", "seed", "speed", "embed", "proceed", "succeed", "exceed", "shed", "bed", "red",
                      "indeed", "hundred", "breed", "bleed", "heed"))
_PRESENT_BE = frozenset(("is", "are", "am", "isn't", "aren't", "get", "gets", "be", "being",
                         "it's", "that's", "there's", "what's"))  # "it's ignored": a thing is (not "she's led": has)
_ADVERBS = frozenset(("not", "only", "just", "also", "never", "always", "then", "still", "first"))


def _reduced_passive(said: Unit, i: int) -> bool:
    """A participle after a comma and before "by" ("the key, prefixed by the word Token") describes the thing before
    it, as the section's "should be prefixed by" does: no deed; so does one right after a label's colon or a table's
    cell edge, read "; " ("Bearer: sent through a header", a column "Sent through" over "a cookie"), as "is sent" does."""
    tokens = said.tokens
    if not 0 < i < len(tokens):
        return False
    between = said.text[tokens[i - 1].start + len(tokens[i - 1].word) : tokens[i].start]
    if i < len(tokens) - 1 and tokens[i + 1].word in _SOURCE and tokens[i - 1].stem and not between.strip():
        return True  # "a dedicated search page built from search/search.html": the page described, no deed
    return ":" in between or ";" in between or i < len(tokens) - 1 and tokens[i + 1].word == "by" and "," in between


_CAUSATIVE = frozenset(("makes", "make", "keeps", "keep", "leaves", "leave", "renders", "render"))
_COMPLEMENT_SPAN = 4  # words from a present "makes" to the participle it ends with: "makes the size unlimited"


def _complement(said: Unit, i: int) -> bool:
    """A participle that completes a present "makes", "keeps", "leaves" or "renders" and its object in one clause
    ("Setting it to zero makes the size unlimited" against "If set to zero, the size will be unlimited"): the state
    the verb brings about, how a thing works, as "is unlimited" is (`_present_passive`); "made the size unlimited"
    still tells a deed by its own past verb."""
    tokens = said.tokens
    for k in range(i - 1, max(-1, i - _COMPLEMENT_SPAN - 1), -1):
        if _CLAUSE.search(said.text, tokens[k].start, tokens[i].start) or _past(tokens[k].word):
            return False
        if tokens[k].word in _CAUSATIVE:
            return k < i - 1  # the verb's object stands between: "makes unlimited" completes nothing
    return False


_SOURCE = frozenset(("from", "by", "via"))  # a participle right after a noun and before these describes the noun


def _attributive(tokens: Sequence[Token], i: int) -> bool:
    """A participle between a determiner and the noun it describes: "so the ignored field from Git is left out"."""
    return 0 < i < len(tokens) - 1 and _past(tokens[i].word) and tokens[i - 1].word in _DETERMINED \
        and tokens[i + 1].stem is not None and not _past(tokens[i + 1].word) and tokens[i + 1].word not in _SOURCE


_DETERMINED = frozenset(("the", "a", "an", "this", "these", "those", "its", "their", "your", "our", "each", "every"))
_SUPPOSING = frozenset(("would", "could", "might", "'d"))


def _section_supposed(passage: Passage) -> frozenset[str]:
    """The stems a section tells after "would", "could" or "might" (with "have", "not" or an adverb between): what
    was supposed, not done; and those it tells as planned for a release to come, after "will be" with the release
    after it ("is deprecated and will be removed in NetBox v5", "... in a future release"): what is not done yet. "It
    will ignore the field", or "will be ignored" with no release named, tells how a thing works."""
    out = set()
    for u in passage.units:
        tokens = u.tokens
        for j, v in enumerate(tokens):
            k = j - 1
            while k >= 0 and (tokens[k].word in _SKIP or tokens[k].word.endswith("ly")):
                k -= 1
            if v.stem and k >= 0 and (tokens[k].word in _SUPPOSING or _planned(u, k, j)):
                out.add(v.stem)
    return frozenset(out)


# A release to come, right after a deed told after "will be": "in NetBox v5", "in v2", "in version 3", "in a future
# (NetBox) release", "in the next major version", "in the future".
_RELEASE = re.compile(r"\s+in\s+(?:(?:a|the)\s+(?:future|next|upcoming|coming)\s+(?:[\w-]+\s+)?(?:version|release)s?\b"
                      r"|the\s+future\b|(?:[A-Z][\w-]*\s+)?v\d|version\s+\d)")


def _planned(u: Unit, k: int, j: int) -> bool:
    """Whether the unit's word at `j` is told after "will be" (its modal at `k`) with a release to come right after it."""
    tokens = u.tokens
    return tokens[k].word == "will" and any(t.word == "be" for t in tokens[k + 1 : j]) \
        and _RELEASE.match(u.text, tokens[j].start + len(tokens[j].word)) is not None


def _present_passive(tokens: Sequence[Token], i: int) -> bool:
    """A participle after a present "is" or a bare "be" ("the lifespan is not triggered", "makes the cookie only be
    sent"): how a thing works, as documentation writes it, not a deed a section tells only as a plan ("will be
    triggered", "should only be sent"); "was" and "were" still tell a deed. One joined by "and" or "or" to such a
    participle shares its "is": "a password is assigned on startup and printed to the log" ("was assigned ... and
    printed" still tells a deed)."""
    k = i - 1
    while k >= 0 and (tokens[k].word in _ADVERBS or tokens[k].word.endswith("ly")):
        k -= 1
    if k >= 0 and tokens[k].word in ("and", "or"):
        joined = next((j for j in range(k - 1, max(-1, k - _JOINED - 1), -1) if _past(tokens[j].word)), None)
        return joined is not None and _present_passive(tokens, joined)
    return k >= 0 and tokens[k].word in _PRESENT_BE


_JOINED = 6  # words before "and" the participle it joins may stand: "is assigned on startup and printed"


_IRREGULAR = frozenset("""ran took made kept left found held brought built wrote sent led paid said saw began knew
chose gave spent lost stood went came grew fell rose cut set put ended tied stopped""".split())
_BASE_PAST = frozenset(("cut", "set", "put"))  # a past that is its verb's base too, the imperative's form
_LEADS = frozenset(("when", "if", "to", "for", "once", "before", "after", "unless", "while", "with", "in", "on"))


def _imperative(said: Unit, i: int) -> bool:
    """The verb at `i` gives an instruction, no deed: it opens the sentence ("Put uvicorn.run into ...") or follows
    the comma that closes the clause the sentence opens with ("When using reload, put ..."), as a section's "you
    should put" is told to a reader."""
    tokens = said.tokens
    if i == 0:
        return True
    return tokens[0].word in _LEADS and "," in said.text[tokens[i - 1].start : tokens[i].start]
