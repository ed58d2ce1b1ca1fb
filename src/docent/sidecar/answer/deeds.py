"""Who does a verb in a unit of text, and what a section says was done and by whom: its deeds, for the actor rule.

A verb's actor is the word before it, past adverbs and auxiliaries ("I", "we", the owner, or a noun's stem), or a
cleft's focus ("It is Uvicorn that decides"); a passive has none, nor a noun after a preposition's noun for a present.
A section's deeds are each of its verbs with its actor and the words after it (what it was done to); a past after "and"
or a comma is the deed of the clause's last actor ("I kept X, moved Y, and made Z": hers). `actors` judges a sentence's
actor of a verb against its sections' deeds of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .passage import Passage, Token, Unit

_PASS = frozenset("""also then first later still both again often now once just already currently since always
never has have had was were is are did does do be been being would will could can may might must should
shall""".split())
_MODALS = frozenset(("will", "would", "can", "could", "may", "might", "must", "should", "shall"))
_ALONE = frozenset(("alone", "herself", "himself", "solely", "personally"))
_OWNER_PRONOUNS = frozenset(("she", "he", "her", "his"))
_BE = frozenset(("was", "were", "is", "are", "been", "be", "being"))
_PREPOSITIONS = frozenset("for of in on at with to from into about over under between via than like".split())
_NOT_VERBS = frozenset(("of", "the", "a", "an", "to", "in", "on", "for", "and", "or", "at", "by", "with", "from"))


def actor_of(tokens: Sequence[Token], j: int, owner: frozenset[str], text: str = "") -> str | None:
    """The actor of the verb at j: 'I', 'we', 'owner', a noun's stem, or None when it cannot tell (a passive: "was
    made idempotent"; a word across a semicolon or colon of `text`, the unit's, as a table row's cells are: "Function;
    Set via stack.yaml")."""
    past = tokens[j].word.endswith("ed") or tokens[j].word in IRREGULAR
    k = j - 1
    while k >= 0 and (tokens[k].word in _PASS or tokens[k].word in _ALONE or tokens[k].word.endswith("ly")):
        if past and tokens[k].word in _BE:
            return None
        k -= 1
    if k < 0 or text and _CLAUSE_END.search(text, tokens[k].start + len(tokens[k].word), tokens[j].start):
        return None
    if k and tokens[k - 1].word in _PREPOSITIONS and tokens[k].word not in _SUBJECTS:
        if not past or k < 2 or not _predicate(tokens, j):
            return None  # "for Starlette applications", "of a locked package": a noun after a preposition's, or an
            # adjective
        k -= 2  # a past's actor is the noun the preposition follows: "services at Tessellate moved", "engineers at X"
    if tokens[k].word in ("that", "who") and _cleft(tokens, k):
        k -= 1  # "It is Uvicorn that decides": the actor stands before the cleft's "that"
    return _subject(tokens[k], owner)


_SUBJECTS = frozenset(("i", "we", "she", "he", "they"))  # no object of a preposition: "early on, she learned"
_DETERMINERS = frozenset("the a an its their his her our my this these those every each all".split())


def _predicate(tokens: Sequence[Token], j: int) -> bool:
    """The past at j is a verb, not an adjective before its noun ("a locked package"): what follows it starts a
    predicate (a determiner, a preposition) or nothing does."""
    return j + 1 == len(tokens) or tokens[j + 1].word in _DETERMINERS or tokens[j + 1].word in _PREPOSITIONS


def _subject(token: Token, owner: frozenset[str]) -> str | None:
    """What the word before a verb names as its actor: 'I', 'we', 'owner', a noun's stem, or None."""
    word = token.word
    if word == "i":
        return "I"
    if word == "we":
        return "we"
    if word in owner or word in _OWNER_PRONOUNS:
        return "owner"
    if word in _NOT_VERBS or token.stem is None or word.endswith(("ed", "ing")):
        return None
    return token.stem


_CLEFT = 4  # the most words between a cleft's "it is" and its "that" ("it was the fraud team's audit trail that")


def _cleft(tokens: Sequence[Token], k: int) -> bool:
    """Whether the "that" or "who" at k closes a cleft's focus: "It is Uvicorn that", "it was the vendor who"."""
    for b in range(k - 2, max(-1, k - 2 - _CLEFT), -1):
        word = tokens[b].word
        if word == "it's" or word in ("is", "was") and b and tokens[b - 1].word == "it":
            return True
    return False


@dataclass(frozen=True)
class Deed:
    actor: str  # "I", "we", or a party's stem
    word: str  # the verb as the section writes it
    after: frozenset[str]  # the stems after the verb in its unit
    thing: frozenset[str] = frozenset()  # the stems of the few words right after it: what the deed was done to


# What the actor rule reads of a section (`section_deeds`), made once per bundle.
Facts = tuple[dict[str, list[Deed]], frozenset[str], bool]


def section_deeds(passage: Passage) -> Facts:
    """Each word's actors in a section (stem -> deeds), the parties that act in it, and whether it tells anything in
    the first person ("I" or "we")."""
    deeds: dict[str, list[Deed]] = {}
    for u in passage.units:
        _unit_deeds(u, deeds)
    agents = frozenset(
        d.actor
        for stem, found in deeds.items()
        for d in found
        if d.actor.isalpha() and len(d.actor) > 2 and d.actor not in ("I", "we") and verbal(d.word)
    )
    return deeds, agents, any(d.actor in ("I", "we") for found in deeds.values() for d in found)


def _unit_deeds(u: Unit, deeds: dict[str, list[Deed]]) -> None:
    """A unit's deeds; a past after "and" or a comma is the deed of the clause's last actor ("I kept X, moved Y,
    and made Z")."""
    last: str | None = None
    for k, t in enumerate(u.tokens):
        key = t.stem or (t.word if t.word in IRREGULAR else None)  # "made" is a stop word, and a deed
        if not key or not k:
            continue
        past = t.word.endswith("ed") or t.word in IRREGULAR
        actor = last if past and _coordinated(u, k) else actor_of(u.tokens, k, frozenset(), u.text)
        if actor and _to_be(u.tokens, k):
            continue  # "the link needs to be added": what the verb is said of is done to, no actor
        if actor and (verbal(t.word) or actor in ("I", "we") or u.tokens[k - 1].word in _MODALS):
            after = frozenset(v.stem for v in u.tokens[k + 1 :] if v.stem)
            deeds.setdefault(key, []).append(Deed(actor, t.word, after, frozenset(thing_of(u, k))))
            last = actor if past else last
        elif _CLAUSE_END.search(u.text, u.tokens[k - 1].start, t.start):
            last = None


_OBJECT = 4  # words of substance after a verb that say what it was done to
_CLAUSE_END = re.compile(r"[;:.!?]")


def _coordinated(u: Unit, k: int) -> bool:
    """The verb at k follows "and" or a comma: a deed of the same actor as the clause's deed before it."""
    before = u.tokens[k - 1]
    return before.word == "and" or "," in u.text[before.start : u.tokens[k].start]


def thing_of(u: Unit, k: int) -> list[str]:
    """The first few words of substance after the verb at k: read up to the `_OBJECT`th, not to the unit's end (a
    section's unit has scores of words)."""
    out: list[str] = []
    tokens = u.tokens
    for i in range(k + 1, len(tokens)):
        stem = tokens[i].stem
        if stem:
            out.append(stem)
            if len(out) == _OBJECT:
                break
    return out


def _to_be(tokens: Sequence[Token], k: int) -> bool:
    """The verb at k is followed by "to be": "needs to be added", "has to be set"."""
    return k + 2 < len(tokens) and tokens[k + 1].word == "to" and tokens[k + 2].word == "be"


def verbal(word: str) -> bool:
    """Whether a word may be a verb's past or present: in -ed, an irregular past, or in -s; not a possessive
    ("docker's caching", "the teams' builds"), nor a word in -ss, -us or -is, whose -s is no verb's ("access",
    "status", "basis points"): a verb's present in -s ends in -es there ("passes")."""
    if word.endswith("ed") or word in IRREGULAR:
        return True
    return word.endswith("s") and not word.endswith(_NO_PRESENT)


_NO_PRESENT = ("'s", "ss", "us", "is")  # the tokens keep an apostrophe inside a word only ("docker's", not "teams'")


IRREGULAR = frozenset("""ran took made kept left found held brought built wrote sent led paid said saw began knew
chose gave spent lost stood went came grew fell rose cut set put""".split())
