"""The actor rule: who did it. The record says "I" for the owner's work and "we" for the team's.

For each verb of the sentence that its cited sections also use, the sentence's actor (the word before the verb,
past adverbs and auxiliaries; a cleft's focus: "It is Uvicorn that decides") is read against the sections' actors for
that verb:
- the owner alone ("Mara alone", "herself", "on her own", "by herself", "single-handedly", "solely") where the
  sections say "we" (or someone else) and never "I": held;
- the owner (her name, "she") as the actor of a past deed where the sections say only "we", and the sentence names
  no team: held ("Mara chose managed Kubernetes" where the section says "We chose"); on a documentation site a
  present is let through, as a project's documentation says "we" for its project ("HTTPX provides" against "we
  provide"), while a portfolio's "we" is a team ("Mara maintains" against "We maintain": held);
- the owner (the site's name on a project's docs: "Starlette includes") where sections that never say "I" or
  "we" give the verb only to other parties that act in them ("Uvicorn includes"): held; a party the sentence's verb
  is done to is no other party ("Uvicorn runs the lifespan protocol" against "the lifespan protocol runs");
- another party of the section (the vendor, the fraud team) where the sections say "I" or "we": held;
- another party of the sections, for a past deed done to the same thing (a word of substance after the verb in
  common) that the sections give only to other parties that act in them: "because the merchant retried on its own
  timeouts" against "because the vendor retried on its own timeouts": held;
- two parties swapped: the verb's actor in the sentence is a party the unit names, and the unit gives the verb
  to another party that the sentence names too ("the merchant judges ... the issuer" against "the issuer
  judges ... the merchant"): held.
A section's verb after a modal is its actor's deed, as documentation tells what a thing does ("Django will return
a 500 response" vouches for "Django returns"). A past after "and" or a comma in the sections is the deed of the clause's last actor ("I kept X, moved Y, and made
Z": hers); where the sections give one verb to several actors, the deeds done to what the sentence's verb is done
to (its next words of substance) decide ("wrote the shared library" is "I wrote the library", not "the first two
teams wrote their own"); where none is done to what it is done to, the sections state no actor for that deed and
the sentence passes ("the decision service made a decision on every payment", a light verb, against "I made every
call idempotent"), save where they give it to "I" ("Jonas built the release tooling" against "I built the deployment
pipeline": held). A party the sentence's verb is done to is no other actor ("the backbone moved fourteen services" against
"Fourteen services moved"). A passive ("was made", "are always allowed", "needs to be added") has no actor, a word in
-s after "has" is a noun ("the theme has options"), a compound's last word no verb ("default-groups"), nor a
possessive or a word in -ss, -us or -is ("team's", "status", "basis": `deeds.verbal`), and a noun after
a preposition's noun no actor of a present ("for Starlette applications"); a past's actor is the noun before the
preposition ("all forty services at Tessellate moved": the services).
What it cannot do: read passives, relative clauses or a verb the section words differently; it lets those
through.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from .deeds import IRREGULAR, Deed, Facts, actor_of, section_deeds, thing_of, verbal
from .passage import Passage, Unit

_SOLO = re.compile(r"\b(?:alone|herself|himself|on\s+(?:her|his)\s+own|by\s+(?:her|him)self|single-handedly|solely|"
                   r"personally)\b", re.I)
_TEAM = re.compile(r"\b(?:team|teams|we|together|colleagues|engineers|with)\b", re.I)
_TEAMISH = frozenset(("team", "department", "bank", "company", "engin", "engineer", "squad", "group", "firm", "business"))


def _done_to(said: Unit, j: int, found: list[Deed], mine: str, thing: set[str]) -> list[Deed]:
    """Of the sections' deeds of the verb, those done to what the sentence's verb is done to (`thing`), when some are
    ("wrote the shared library" is the deed "I wrote the library", not "the teams wrote their own"); a word in -s is as
    often a noun ("the request headers"), so all the deeds stay where any is."""
    if not thing:
        return found  # nothing after the verb to tell one deed from another
    scores = [len(thing & d.thing) for d in found]
    best = max(scores, default=0)
    if best:
        word = said.tokens[j].word
        past = word.endswith("ed") or word in IRREGULAR
        return [d for n, d in zip(scores, found, strict=True) if n == best] if past else found
    # No deed of the sections is done to what the sentence's is: they state no actor for it ("the decision service
    # made a decision on every payment" against "I made every call idempotent"), save a deed done to nothing said,
    # and the sentence's own actor's; where the sections give the verb to "I", the deed is hers whatever it was done
    # to, for a past ("Jonas built the release tooling" against "I built the deployment pipeline"), save a light
    # verb's; a present is what a thing does as a rule ("the booking service writes" against "I wrote").
    if _past(said.tokens[j].word) and not _light(said, j) and any(d.actor == "I" for d in found):
        return found
    return [d for d in found if not d.thing or d.actor == mine]


def _past(word: str) -> bool:
    return word.endswith("ed") or word in IRREGULAR


_LIGHT = frozenset(("made", "took"))


def _light(said: Unit, j: int) -> bool:
    """A light verb: "made a decision", "took a look", the deed its noun's, no deed of the verb's own."""
    tokens = said.tokens
    return tokens[j].word in _LIGHT and j + 1 < len(tokens) and tokens[j + 1].word in ("a", "an")


_HAVE = frozenset(("has", "have", "had"))


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    """Cheap: the sentence holds a word that some actor does in its sections."""
    irregular = words & IRREGULAR
    return any(not stems.isdisjoint(deeds) or not irregular.isdisjoint(deeds)
               for deeds, _, _ in (passage.facts("actors", section_deeds) for passage in sections))


WAKES_ON_CUES = True  # `wakes` is true wherever the sentence holds a cue: the gate's test of its words decides it
READS_SITE_KIND = True  # `held` is told whether the site is a project's documentation, whose "we" is its project


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """What `wakes` needs of a sentence because of this section: one of its actors' words (an irregular past among
    the sentence's words, or a stem)."""
    deeds = passage.facts("actors", section_deeds)[0]
    return IRREGULAR.intersection(deeds), frozenset(deeds)


def held(said: Unit, sections: Sequence[Passage], docs: bool = False) -> bool:
    """`docs`: the site is a project's documentation (`Site.docs`), whose "we" is its project."""
    facts = [passage.facts("actors", section_deeds) for passage in sections]
    for j, token in enumerate(said.tokens):
        if not j or not verbal(token.word):
            continue  # no verb (`_deeds_of`): not asked, most words are none
        found = _deeds_of(said, j, facts)
        if not found:
            continue
        mine = actor_of(said.tokens, j, said.owner, said.text)
        if mine is None or mine in ("I", "we"):
            continue
        thing = set(thing_of(said, j))  # what the verb is done to, read once for every check below
        # "The backbone moved fourteen services" against "Fourteen services moved": the sections' actor is what the
        # sentence's verb is done to, and the sections name no one who moved them.
        found = [d for d in found if d.actor not in thing or mine in d.after]
        # "When a sync starts" against "When Argo CD starts a sync": the sentence's actor is what the sections' verb is
        # done to, told without a doer (nothing follows the sentence's verb in its clause), no other party.
        if not _in_clause(said, j):
            found = [d for d in found if mine not in d.thing]
        if found and _wrong(said, j, mine, _done_to(said, j, found, mine, thing), facts, docs, thing):
            return True
    return False


def _in_clause(said: Unit, j: int) -> set[str]:
    """The stems after the verb at j up to its clause's end: "When a sync starts, Argo CD orders" has none; "strips
    extras from its output, while ..." has its object."""
    end = _CLAUSE_END.search(said.text, said.tokens[j].start)
    stop = end.start() if end else len(said.text)
    return {t.stem for t in said.tokens[j + 1 :] if t.start < stop and t.stem}


_CLAUSE_END = re.compile(r"[,;:.!?](?!\w)")


def _deeds_of(said: Unit, j: int, facts: list[Facts]) -> list[Deed]:
    """The sections' deeds of the sentence's verb at j (a word in -ed or -s, or an irregular past, after the first:
    `held` asks only for a word `verbal` reads as one); none for a passive ("keyed by shipment id"), a noun had ("the
    theme has options") or a compound's last word ("default-groups", "follow-ups")."""
    tokens = said.tokens
    token = tokens[j]
    word = token.word
    if not (token.stem or word in IRREGULAR):
        return []
    key = token.stem or word
    found: list[Deed] = []
    for deeds, _, _ in facts:  # a loop, not a comprehension: most verbs are in one section's deeds, or none
        got = deeds.get(key)
        if got:
            found += got
    if not found or j + 1 < len(tokens) and tokens[j + 1].word == "by":
        return []
    if word.endswith("s") and tokens[j - 1].word in _HAVE or said.text[token.start - 1 : token.start] == "-":
        return []
    return found


def _wrong(said: Unit, j: int, mine: str, found: list[Deed], facts: list[Facts], docs: bool, thing: set[str]) -> bool:
    """Whether the sentence's actor `mine` of the verb at j (done to `thing`) is not who the sections say did it."""
    theirs = {d.actor for d in found}
    if not _a_deed(said.tokens[j].word, found, theirs):
        return False
    if mine == "owner":
        return _not_the_owners(said, j, theirs - thing, facts, docs)
    if theirs == {"I"}:
        return not _comma_before(said, j)  # the sections give it to the owner alone: "The fraud team designed"
    if mine in theirs or not any(mine in agents for _, agents, _ in facts):
        return False  # only a party that acts in the sections can be the wrong actor: not "the options turned down"
    if _deed_of_another(said, j, found, theirs, facts, thing):
        return True
    if "I" in theirs or "we" in theirs and mine not in _TEAMISH:
        return True  # "we" is the team, the department or the company; never the vendor
    after_mine = {t.stem for t in said.tokens[j + 1 :]}
    # Two parties swapped: "the merchant judges ... the issuer" against the reverse.
    return any(d.actor != mine and d.actor in after_mine and mine in d.after for d in found)


_COUNT = re.compile(r"\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
                    r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|both|all|each|several|many|most|some")


def _deed_of_another(
    said: Unit, j: int, found: list[Deed], theirs: set[str], facts: list[Facts], thing: set[str]
) -> bool:
    """A past deed done to the same thing that the sections give to another party that acts in them: "because the
    merchant retried on its own timeouts" against "because the vendor retried on its own timeouts"."""
    word = said.tokens[j].word
    if not (word.endswith("ed") or word in IRREGULAR) or theirs & {"I", "we", "owner"}:
        return False
    if _COUNT.fullmatch(said.tokens[j - 1].word):
        return False  # "All forty moved in 22 weeks": a count of the things the sections say moved, no party
    if not all(any(a in agents for _, agents, _ in facts) for a in theirs):
        return False
    return any(thing & d.thing for d in found)


def _a_deed(word: str, found: list[Deed], theirs: set[str]) -> bool:
    """Whether the sentence's word reads as a deed: a past form, or a word in -s where the sections say "I" or
    "we" before it, or say it so."""
    if word in IRREGULAR or word.endswith("ed") or theirs & {"I", "we"}:
        return True
    for d in found:  # a loop, not a set of every deed's word: most verbs meet their word at the first deed
        if d.word == word:
            return True
    return False


def _not_the_owners(said: Unit, j: int, theirs: set[str], facts: list[Facts], docs: bool) -> bool:
    """The owner (or the site's name) as the actor of a deed the sections give to another party."""
    owner = said.owner  # the sections' "Starlette provides": the owner's name's stems
    named = {t.stem for t in said.tokens if t.word in owner and t.stem} if owner else set()
    # Whether the sections tell anything in the first person: a story of the owner's, not a project's docs.
    if theirs and not theirs & {"I", "we", "owner", *named} and not any(first for _, _, first in facts) and all(
        any(a in agents for _, agents, _ in facts) for a in theirs
    ):
        return True  # sections that never say "I" or "we" give it to another party only: "Uvicorn includes"
    return _not_hers(said, j, theirs, docs)


def _not_hers(said: Unit, j: int, theirs: set[str], docs: bool) -> bool:
    """The owner as the actor of a past deed where the sections say "we" (and the sentence names no team), or
    "alone". On a documentation site a present is what the owner does as a rule, as a project's documentation says
    "we" for its project: "PDM provides a script" against "We provide a script"; a portfolio's "we" is a team."""
    if "I" in theirs or "owner" in theirs:
        return False
    if _SOLO.search(said.text):
        return True
    word = said.tokens[j].word
    past = word.endswith("ed") or word in IRREGULAR
    return (past or not docs) and theirs == {"we"} and not _TEAM.search(said.text)


def _comma_before(said: Unit, j: int) -> bool:
    """A comma just before the verb: "the service, designed to ..." has no actor before it."""
    start = said.tokens[j - 1].start if j else 0
    return "," in said.text[start : said.tokens[j].start]


def prepare(passage: Passage) -> None:
    """Made once per bundle: each word's actors in the section."""
    passage.facts("actors", section_deeds)
