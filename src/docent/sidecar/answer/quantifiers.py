"""The quantifier rule: all, every, each, any or none where the section says most, some or two, and the reverse.

Each quantifier of the sentence is tied to the first of the next four words that its cited sections also tie a
quantifier to (within three words before it, "above", "below" or "following" not counted: "some of the above
commands"): "some of the forty services" to "services", "only some of the slow
or failed payments" to "slow". The sentence is held when one side is whole (all, every, each) and the other a
part (some, few, a few, several, most, many, only some, part of, or a number "of the").
A section's "several", "many" or "few" before a noun counts the things ("Starlette includes several middleware
classes"), no part of all of them: only "several of the ..." ties; so does a sentence's "several" or "many" ("if you
pass several directories, the limit applies to each of them"), while its "few" stays a part ("few clients retry").
A sentence's "only" after a modal or a subject's pronoun ("can only widen the set", "it only applies to") restricts
the verb after it: no part. "Any" is a whole, save after a denial, "if" or "without" ("if any") or before "more",
"case", "time"; a section's only as "any of" or after a modal ("can use it to run any ASGI framework", not "overrides
any API level authentication"), and only where it ties no other quantifier to the word ("any engineer can bring").
A quantifier governs no word past the next quantifier: "only set this when you can trust all values", nor one past a
preposition after two words of substance ("both ports require authentication with a mail account"). "All" after
"not", or after a denied verb ("doesn't contain all wheels"), is a part.
"Part of" after "as" or a form of "be" or "become" makes its subject a member of the whole ("marks it as part of the
list"): no quantifier. What is left is a part: "all other parameters", "every other package", "the remainder of uv's crates", and a
whole with its exception, a sentence's or a section's ("every parameter except `auth`"); so is what is alone, a section's "the only field
that", "its only dependency". A possessive is no word a quantifier is tied to ("all of uv's crates": the crates).
Where the sections tie both kinds to the word ("All templates allow scaffolding." beside "Not all templates allow
updating."), the sentence's clause that writes a word only the other kind's units write tells the other kind's fact:
"every template supports scaffolding and updating" is held, where "and only some support updating" (the clause
ends at a quantifier of the other kind) is not.
A quantifier the cited sections write before the same word ("to match only specific query types", "Only available
with"), or within three words before the word it is tied to ("containing only the fields passed" where they write "only contain fields"), is
theirs, restated.
What it cannot do: check a quantifier the section does not give for the same word (a section that says
"engineers" with no quantifier vouches for neither "all" nor "some"); then it lets the sentence through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .passage import Passage, Token, Unit

_WHOLE = frozenset(("all", "every", "each", "both"))
_PART = frozenset(("some", "few", "several", "most", "many", "part", "half"))
_COUNTS = frozenset(("several", "many", "few"))
_SAID_COUNTS = frozenset(("several", "many"))  # a sentence's "few clients retry" says most do not: a part still
_NUMBERS = frozenset("two three four five six seven eight nine ten".split())
_QUANTIFIERS = _WHOLE | _PART | {"only", "any", "remainder"}
# "any" is whole ("run any ASGI framework") but for these before it ("if any", "without any", "doesn't need any": none)
# or after it ("any more", "in any case": no quantity of a noun)
_ANY_NOT_BEFORE = frozenset(("not", "no", "never", "without", "if", "whether", "hardly", "nor", "cannot"))
_ANY_NOT_AFTER = frozenset(("more", "longer", "case", "way", "time", "moment", "point", "rate"))
_RESTRICTS = frozenset(("be", "if", "when", "then", "after", "before", "once", "for", "to", "in", "on"))
# A modal or a subject's pronoun before "only" puts a verb after it: "can only widen", "it only applies to".
_BEFORE_VERB = frozenset(("can", "could", "may", "might", "will", "would", "should", "must", "does", "do", "did", "it",
                          "they", "which", "that", "this"))
# before "part of", a word that makes its subject a member of the whole ("as part of the list"), no share of it
_MEMBER = frozenset(("as", "is", "are", "was", "were", "be", "being", "been", "become", "becomes", "became"))
_DETERMINERS = frozenset(("the", "a", "an", "one", "some", "those", "these", "its", "their"))
_AHEAD = 4
_PAST_PHRASE = frozenset(("with", "for", "to", "in", "on", "by", "from", "into", "at", "via", "over"))
_BREAK = re.compile(r"[,;:.()]")
_BEHIND = 3


def _kind(tokens: Sequence[Token], i: int, *, said: bool = False, text: str = "") -> str | None:
    """whole, part or None. "only" is a part: in a sentence before anything but a figure ("only 2" is exactness, the
    hedge rule's) or a verb's restriction ("only be sent", "only if", "is only called for"); in a section only before "the", "a", "one"
    ("only the bytes range unit"), since a section's "you should only raise X" says nothing of a part of X."""
    word = tokens[i].word
    if word == "any":
        return None if _any_denied(tokens, i) else "whole"
    if word in _WHOLE:  # "not all", and "doesn't contain all wheels": a part; "all other parameters", the rest
        return "part" if _partial(tokens, i, text) or _rest(tokens, i) else "whole"
    if word == "remainder" and _next(tokens, i) == "of":
        return "part"  # "the remainder of uv's crates": the ones not named
    if word == "part" and i and tokens[i - 1].word in _MEMBER:
        return None  # "marks it as part of the list", "is part of the build": a member of it, no share of it
    if word in _PART:
        counts = _SAID_COUNTS if said else _COUNTS
        if word in counts and (tokens[i + 1].word if i + 1 < len(tokens) else "") != "of":
            return None  # "includes several middleware classes" counts them: no part of all of them
        return "part"
    return _only(tokens, i, said=said) if word == "only" else None


def _only(tokens: Sequence[Token], i: int, *, said: bool) -> str | None:
    """ "only" at `i`: a part, or None where it restricts a figure or a verb (`_kind`)."""
    following = _next(tokens, i)
    if not said:
        return "part" if following in ("the", "a", "an", "one") or _sole(tokens, i) else None
    if following[:1].isdigit() or following in _RESTRICTS or following.endswith("ed"):
        return None  # "only 2", "only if", "is only called for": a figure's or a verb's restriction
    if i and tokens[i - 1].word in _BEFORE_VERB and following not in _DETERMINERS:
        return None  # "can only widen the set", "it only applies to": the verb after it is what is restricted
    return "part"


def _next(tokens: Sequence[Token], i: int, step: int = 1) -> str:
    return tokens[i + step].word if i + step < len(tokens) else ""


def _rest(tokens: Sequence[Token], i: int) -> bool:
    """A whole of what is left: "all other parameters", "every other package" (not "each other", which is no
    quantity), or one with its exception, in a sentence or a section ("every parameter except `auth`", "Every parameter
    is optional, except `auth`")."""
    following = _next(tokens, i)
    if following == "other":
        return tokens[i].word != "each"
    return any(_next(tokens, i, k) in _EXCEPT for k in range(1, _AHEAD + 1))


_EXCEPT = frozenset(("except", "excluding", "besides"))
_SOLE = frozenset(("the", "its", "their", "your", "our", "his", "her"))
_RELATIVE = frozenset(("that", "which", "who"))


def _sole(tokens: Sequence[Token], i: int) -> bool:
    """A section's "only" of one thing, which leaves out the rest: "the only field that is allowed to be NULL", "its
    only dependency", "only field that is allowed" (a table's cell); "you should only raise X" restricts a verb."""
    return i > 0 and tokens[i - 1].word in _SOLE or _next(tokens, i, 2) in _RELATIVE


def _any_denied(tokens: Sequence[Token], i: int) -> bool:
    """ "any" that says none or no quantity: "if any", "does not need any", "any more", "in any case"."""
    following = tokens[i + 1].word if i + 1 < len(tokens) else ""
    return following in _ANY_NOT_AFTER or any(
        t.word in _ANY_NOT_BEFORE or t.word.endswith(("n't", "n’t")) for t in tokens[max(0, i - 3) : i])


def _partial(tokens: Sequence[Token], i: int, text: str) -> bool:
    """Whether the whole word at `i` says a part: after "not", "almost" or "nearly", or after a denied verb ("doesn't
    contain all" says not all), in its own clause: "if the build does not fail, all hooks run" is all of them."""
    if i and tokens[i - 1].word in ("not", "almost", "nearly"):
        k = i - 1
    elif i >= 2 and (tokens[i - 2].word in ("not", "never") or tokens[i - 2].word.endswith("n't")):
        k = i - 2
    else:
        return False
    return _BREAK.search(text, tokens[k].start, tokens[i].start) is None


def _ties(u: Unit) -> dict[str, str]:
    """stem -> whole/part, for the words a quantifier in the unit is tied to."""
    out: dict[str, str] = {}
    tokens = u.tokens
    for i, t in enumerate(tokens):
        if not t.stem:
            continue
        start = _behind(tokens, i)
        for j in range(max(0, start - 1), i):
            kind = _kind(tokens, j, text=u.text) if j >= start and _ties_any(tokens, j, u.text) else None
            if kind is None and tokens[j].word in _NUMBERS and j + 1 < i and tokens[j + 1].word == "of":
                kind = "part"  # "two of the engineers", "two of the six instances"
            if kind:
                out.setdefault(t.stem, _FREE if tokens[j].word == "any" else kind)
    return out


_FREE = "any"  # a section's "any engineer can bring a design": a whole only where the section ties no other quantifier
_MODALS = frozenset(("can", "could", "may", "might", "will"))


def _ties_any(tokens: Sequence[Token], j: int, text: str) -> bool:
    """A section's "any" ties only as "any of" or after a modal in its clause ("you can use it to run any ASGI
    framework"): "this overrides any API level authentication" says nothing of a part of the API."""
    if tokens[j].word != "any" or j + 1 < len(tokens) and tokens[j + 1].word == "of":
        return True
    return any(t.word in _MODALS and not _SENTENCE_BREAK.search(text, t.start, tokens[j].start) for t in tokens[max(0, j - 10) : j])


_SENTENCE_BREAK = re.compile(r"[;:()]|\.\s")  # a list's commas ("Uvicorn, Daphne, or Hypercorn") are no break


def _behind(tokens: Sequence[Token], i: int) -> int:
    """Where the quantifiers tied to the word at `i` may start: three words before it, a word pointing elsewhere in the
    page ("above", "below", "following") not counted: "some of the above commands" ties "some" to "commands"."""
    j, counted = i, 0
    while j > 0 and counted < _BEHIND:
        j -= 1
        counted += tokens[j].word not in _POINTING
    return j


_POINTING = frozenset(("above", "below", "following"))


def _section_ties(passage: Passage) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for u in passage.units:
        for stem, kind in _ties(u).items():
            out.setdefault(stem, set()).add(kind)
    for kinds in out.values():  # "two of the engineers I mentored" beside "any engineer can bring a design": a part
        if _FREE in kinds:
            kinds.discard(_FREE)
            if not kinds:
                kinds.add("whole")
    return out


CUES = frozenset(_QUANTIFIERS)  # wakes is false without one of these words: the gate asks it only then
WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    return bool(words & _QUANTIFIERS)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    tokens = said.tokens
    theirs: dict[str, set[str]] = {}
    for passage in sections:
        for stem, kinds in passage.facts("quantifiers", _section_ties).items():
            theirs.setdefault(stem, set()).update(kinds)
    if not theirs:
        return False
    for i in range(len(tokens)):
        kind = _kind(tokens, i, said=True, text=said.text)
        word = tokens[i].word
        if kind is None or i + 1 < len(tokens) and _written(word, tokens[i + 1].stem, sections):
            continue  # "only available with" where they write "Only available with": their phrase
        if _against(said, i, kind, theirs, sections):
            return True
    return False


def _against(said: Unit, i: int, kind: str, theirs: dict[str, set[str]], sections: Sequence[Passage]) -> bool:
    """Whether the sentence's quantifier at `i`, of `kind`, is tied to a word the sections quantify otherwise."""
    tokens, word = said.tokens, said.tokens[i].word
    ahead = 0
    for t in tokens[i + 1 :]:
        if _BREAK.search(said.text, tokens[i].start, t.start) or t.word in _QUANTIFIERS:
            break  # "an hour each, and two engineers": the quantifier ends its clause, or the next one begins
        if ahead >= 2 and t.word in _PAST_PHRASE:
            break  # "both ports require authentication with a mail account": "mail" is the verb's, not the ports
        if t.stem and t.stem in theirs and not t.word.endswith("'s"):  # "all of uv's crates": the crates
            if kind not in theirs[t.stem] and not _written(word, t.stem, sections):
                return True
            return len(theirs[t.stem]) > 1 and _told_otherwise(said, i, t.stem, kind, sections)
        ahead += bool(t.stem) or t.word[:1].isdigit()
        if ahead >= _AHEAD:
            break  # four words of substance: "all six of the gateway's instances" reaches "instances"
    return False


def _told_otherwise(said: Unit, i: int, stem: str, kind: str, sections: Sequence[Passage]) -> bool:
    """The sections tie both kinds to the word: "All templates allow scaffolding. ... Not all templates allow
    updating." The sentence's clause (from its quantifier at `i` to its edge or the next quantifier of another kind) tells the other kind's fact when it
    writes a word that only the units tying the other kind write: "every template supports scaffolding and updating"."""
    tokens, end = said.tokens, _BREAK.search(said.text, said.tokens[i].start)
    # the clause ends at its edge or at the next quantifier of another kind: "and only some support updating" is the
    # part's own, where "supports both scaffolding and updating" is the same whole's
    stop = next((j for j in range(i + 1, len(tokens)) if tokens[j].word in _QUANTIFIERS
                 and _kind(tokens, j, said=True, text=said.text) not in (None, kind)), len(tokens))
    clause = {t.stem for t in tokens[i + 1 : stop] if t.stem and (end is None or t.start < end.start())} - {stem}
    same: set[str] = set()
    other: set[str] = set()
    for passage in sections:
        for at in passage.holding((stem,)):
            u = passage.units[at]
            tied = _ties(u).get(stem)
            if tied and tied != _FREE:  # a section's free "any" is no kind of its own here
                (same if tied == kind else other).update(u.stems)
    return bool(clause & other - same)


def _written(word: str, stem: str | None, sections: Sequence[Passage]) -> bool:
    """Whether a cited section writes the quantifier within three words before the word it is tied to: "containing only
    the fields passed" where they write "only contain fields", "only specific query types" where they write it."""
    return stem is not None and any((word, stem) in p.facts("quantified", _phrases) for p in sections)


def _phrases(passage: Passage) -> frozenset[tuple[str, str]]:
    """Each quantifier of the section with the stem of each word within `_BEHIND` words after it ("only contain
    fields": "only" with "contain" and "fields"); a denied whole ("not all wheels") is no whole the section writes."""
    return frozenset(
        (t.word, v.stem) for u in passage.units for j, t in enumerate(u.tokens)
        if t.word in _QUANTIFIERS and not (t.word in _WHOLE and _partial(u.tokens, j, u.text))
        and not (t.word == "any" and _any_denied(u.tokens, j))
        for v in u.tokens[j + 1 : j + 1 + _BEHIND] if v.stem
    )


def prepare(passage: Passage) -> None:
    """Made once per bundle: the words the section's quantifiers govern, and the words right after them."""
    passage.facts("quantifiers", _section_ties)
    passage.facts("quantified", _phrases)


# Read by the restriction rule (`restricted.py`): a token's kind of quantifier, and the words a unit's quantifiers are
# tied to, as this rule reads them.
kind_at = _kind
ties = _ties
