"""The hedge rule: "exactly" where the section says "about", and "did" where it says "would have".

- Exactness: a number the sentence calls exact ("exactly", "precisely", "just", "only", "all the way to") that
  every cited section gives with a hedge ("about", "around", "roughly", "nearly", "almost", "towards", "over",
  "under", "up to", "more than" before it; "or so", "or more" after it; "a second" is one) is held.
- Modality: a verb the sentence asserts plainly that its cited sections use only after a modal (`modality`).
- Obligation: "must", "required" where the part of the cited sections the sentence is about says "optional", "may",
  "recommended", "should", "possible", "prefer" and nothing binding (a denied "not necessary" binds nothing), and
  "optional" or "recommended" where it says "must" or "required" and nothing softer, are held; "need to" too ("you
  will need to set X" against "you might have to set X"), where the act needed is one the part says. A level the
  sentence denies is the other: "not required" leaves a thing optional, "not optional" binds; one in an "if",
  "whether" or "unless" clause is a condition, no obligation ("if the value must stay fixed, the FAQ suggests ...").
  "must" and the adjectives bind after an article or a preposition too ("a mandatory field", "for `X` must" with its
  code blanked); an adjective after an article describes the thing, held only against the part's own "optional" or
  "recommended", not its modals ("the required packages" against "you can install the packages"); "free to X" where
  the part forbids X ("should not", "must not") is held; where the part gives no level, its list's lead line or its clause of two may (`levels`).
  Advice in other words is soft too ("it's good practice to", "should strongly consider", "generally appropriate"), so
  is a choice ("may choose whether", "is free to", and a unit's "has the option to": "The disable option has the option
  to set a specified time" against "must be given a time"), and a soft word the
  part writes as the sentence does ("the fields the user may order by") leaves the sentence's "must" binding.
- Certainty: "will" or "always" (and no doubt of the sentence's own: "may", "might", "can", "could", "likely",
  "probably", "possibly", "perhaps", "sometimes") where the part of the cited sections the sentence is about says
  "may", "might", "could", "possibly" or "perhaps" and nothing certain or binding is held: "the throttles will let a few
  extra requests through" against "they may allow a few extra requests through".
  "Always" or "guaranteed" where that part gives a default, advice or a chance ("by default", "should", "usually", "a
  good chance", "may") or denies the guarantee ("not necessarily", followed by two words of the clause of "always"), or a condition the sentence does not state ("when", "if", "unless",
  "only", "can"), and says nothing without exception: "always outputs 100 items per page" against "outputs 100 items
  per page by default (can be changed ...)"; "the worker always restarts" against "when reload is on, the worker
  restarts". The unit must share two words with the clause of "always": one that shares only the site's name
  restates nothing, and the sentence passes.
- Stage: "removed" or "dropped" where the cited sections say "deprecated" and never removed is held (a deprecation
  announces a removal); "expected to", "planned to", "projected to", "slated for" where the sections plan
  nothing (no would, will, plan, expect, goal, target, future, upcoming, roadmap, evaluating) is held too.
What it cannot do: tell a plan from a deed where the section words it without one of those words ("the plan was
to..."), or a hedge that sits further than three words before its number; then it lets the sentence through.
The obligation part is read in `obligations.py`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set

from . import modality
from .levels import denied as _denied
from .obligations import MUST, NEED, OPTIONAL, binding_words, obligation, restated_at
from .passage import Passage, Token, Unit, best_of, clause_around, unit_at

_EXACT = frozenset(("exactly", "precisely", "just", "only", "fully"))
_HEDGE = frozenset(("about", "around", "roughly", "nearly", "almost", "towards", "toward", "approximately", "over",
                    "under", "some", "up", "more", "less", "circa"))
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|"
                     r"sixty|seventy|eighty|ninety|hundred|once|twice|every")

_REMOVED = frozenset(("removed", "dropped", "deleted"))
_REMOVAL = _REMOVED | {"remove", "removes", "removal", "drop", "drops", "delete", "deletes"}
# "scheduled" is no plan word of a sentence: in a scheduler's docs "the job is scheduled to run at 3 am" is what it does
_PLAN = frozenset(("expected", "planned", "intended", "hoped", "aimed", "supposed", "projected", "slated"))
_PLANNING = _PLAN | {"would", "will", "plan", "plans", "expect", "expects", "goal", "target", "future", "upcoming",
                     "roadmap", "evaluating", "considering", "scheduled"}
# A plan "for" a time: "planned for a future release"; "a token is expected for every call" is a requirement
_PLANNED_FOR = frozenset(("planned", "slated"))
_STRENGTH = MUST | OPTIONAL | _REMOVED | _PLAN


# Certainty: "will" or "always" where the clause the sentence restates says "may", "might" or "could" ("could result in
# invalid HTML") and nothing certain.
_CERTAIN = frozenset(("will", "won't", "always"))
_UNSURE = frozenset(("may", "might", "possibly", "perhaps", "likely", "probably", "sometimes", "can", "could"))
_HEDGED = frozenset(("may", "might", "possibly", "perhaps", "could"))
# Without exception: "always", "guaranteed" against a default ("outputs 100 items per page by default"), advice or
# a chance ("should work", "a good chance it'll work"), or a guarantee denied ("this is not guaranteed").
_SURE = frozenset(("always", "guaranteed", "guarantees", "guarantee", "invariably"))
_LOOSE = _HEDGED | {"default", "defaults", "should", "chance", "usually", "generally", "typically", "often"}
# ... or a condition: "when", "if", "unless", "only if" (the clause says when, the sentence says always)
_CONDITION = frozenset(("if", "when", "unless", "whenever", "only", "sometimes", "can", "could"))

CUES = _EXACT | _STRENGTH | NEED | _CERTAIN | _SURE | {"way", "choose", "free"}  # what `wakes` needs of a sentence whatever it cites


def section_cues(passage: Passage) -> tuple[Set[str], Set[str]]:
    """What `wakes` needs of a sentence because of this section: a stem the section says only after a modal."""
    return frozenset(), passage.facts("modal-only", modality.modal_only)


def wakes(words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool:
    """Cheap: an exactness word, a word of obligation or stage, or a word the sections say only after a modal and
    the sentence says without one."""
    if words & _EXACT or not words.isdisjoint(_STRENGTH) or "way" in words or words & NEED and "to" in words or (
            "choose" in words or "free" in words and "to" in words):  # "free to", not "free tier" alone
        return True
    if not (words.isdisjoint(_CERTAIN) and words.isdisjoint(_SURE)) and words.isdisjoint(_UNSURE):
        return True
    return not words & modality.MODAL and any(stems & passage.facts("modal-only", modality.modal_only) for passage in sections)


def held(said: Unit, sections: Sequence[Passage]) -> bool:
    return (
        _exactness(said, sections) or modality.held(said, sections) or obligation(said, sections)
        or _stage(said, sections) or _certainty(said, sections) or _without_exception(said, sections)
    )


def _without_exception(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "always" or "guaranteed" where the unit the sentence is about leaves room (a default, a "should", a chance, a
    "may") and says nothing without exception itself, or denies it: "always outputs 100 items per page" against
    "outputs 100 items per page by default (can be changed ...)"."""
    sure = [i for i, t in enumerate(said.tokens) if t.word in _SURE and not _denied(said.tokens, i)]
    if not sure or not said.words.isdisjoint(_UNSURE | _LOOSE):
        return False
    anchors = [t.stem for t in clause_around(said, sure[0]) if t.stem and t.word not in _SURE]
    fit = best_of(sections, anchors)
    if fit is None:
        return False
    clause = unit_at(sections[fit[0]], fit[1])
    if len(clause.stems.intersection(anchors)) < min(2, len(set(anchors))):
        return False  # a unit that shares one word with the clause ("Copier") is no restatement of it
    tokens = clause.tokens
    if any(t.word in _SURE and not _denied(tokens, i) for i, t in enumerate(tokens)) or binding_words(clause):
        return False
    # a condition the sentence states too is no leeway it dropped ("when X, Y always Z" of "when X, Y does Z"); "does
    # not necessarily mean that ... will" denies the guarantee, where what it denies is the sentence's clause ("a
    # build, which does not necessarily run the link checker" denies nothing of "always triggers a build")
    return bool(clause.words & _LOOSE or clause.words & _CONDITION - said.words) or any(
        t.word in _SURE for t in tokens) or _not_necessarily(tokens, anchors)


def _not_necessarily(tokens: Sequence[Token], anchors: Sequence[str]) -> bool:
    """A denied "necessarily" whose words after it hold two of the anchors' stems (one where the anchors have one)."""
    need = min(2, len(set(anchors)))
    return any(t.word == "necessarily" and _denied(tokens, i) and len({v.stem for v in tokens[i + 1 :]}.intersection(
        anchors)) >= need for i, t in enumerate(tokens))


def _certainty(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "will" or "always" where the unit the sentence is about says only "may" or "might": "the throttles will let a
    few extra requests through" against "they may allow a few extra requests through"."""
    if said.words.isdisjoint(_CERTAIN) or not said.words.isdisjoint(_UNSURE):
        return False
    clause = _restated(said, next(i for i, t in enumerate(said.tokens) if t.word in _CERTAIN), _CERTAIN, sections)
    return clause is not None and not clause.words.isdisjoint(_HEDGED) and clause.words.isdisjoint(_CERTAIN) and not binding_words(clause)


def _restated(said: Unit, at: int, skip: Set[str], sections: Sequence[Passage]) -> Unit | None:
    """The unit of the sections that the clause around the sentence's word at `at` restates (its words of substance
    but `skip`), or where no one unit fits the clause, the one the whole sentence restates: "You won't be able to
    review the site before it is pushed, so check your changes first" is about the section's "will not be able to
    review", not its "may want to verify any changes"."""
    fit = restated_at(said, at, skip, sections)
    return None if fit is None else unit_at(*fit)


def _stage(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "removed" where the sections only deprecate; "expected to" where they tell the deed and plan nothing."""
    if said.words & _REMOVED:
        if any("deprecated" in p.words or "deprecated" in p.title.words for p in sections) and not any(
            p.words & _REMOVAL or p.title.words & _REMOVAL for p in sections
        ):
            return True
    if said.words & _PLAN and not said.words & {"not", "never"}:
        tokens = said.tokens
        for i, t in enumerate(tokens[:-2]):
            after = tokens[i + 1].word
            if t.word not in _PLAN or not (after == "to" or after == "for" and t.word in _PLANNED_FOR):
                continue
            deed = next((v.stem for v in tokens[i + 2 : i + 4] if v.stem), None)  # "expected to be retired"
            if deed and not any(p.words & _PLANNING for p in sections):
                return True  # a plan the sections never state: they tell deeds, or nothing of it
    return False


def _exactness(said: Unit, sections: Sequence[Passage]) -> bool:
    if not said.words & _EXACT and "way" not in said.words:
        return False
    tokens = said.tokens
    for i, t in enumerate(tokens):
        if t.word not in _EXACT and not (t.word == "way" and i > 1 and tokens[i - 2].word == "all"):
            continue  # "all the way to 160 ms" is as exact as "exactly"
        number = next((u.word for u in tokens[i + 1 : i + 3] if _NUMBER.fullmatch(u.word)), None)
        if number is None or number == "every":
            number = next((u.word for u in tokens[i + 1 : i + 4] if _NUMBER.fullmatch(u.word) and u.word != "every"), None)
        if number is None:
            continue
        hedged = [h for p in sections for h in p.facts("hedged", _section_hedged).get(number, ())]
        if hedged and all(hedged):
            return True
    return False


def _section_hedged(passage: Passage) -> dict[str, list[bool]]:
    """number -> for each time the section states it, whether a hedge stands in the three words before it."""
    out: dict[str, list[bool]] = {}
    for u in passage.units:
        tokens = u.tokens
        for j, t in enumerate(tokens):
            word = t.word
            if word in ("a", "an") and j + 1 < len(tokens) and tokens[j + 1].word in _TIME_UNITS and not any(
                    _NUMBER.fullmatch(v.word) for v in tokens[max(0, j - 2) : j]):
                word = "one"  # "a second or so later" states one second; "400 calls a second" is a rate
            if _NUMBER.fullmatch(word):
                before = any(v.word in _HEDGE for v in tokens[max(0, j - 3) : j])
                after = [v.word for v in tokens[j + 1 : j + 5]]  # "a second or so", "40 or more"
                out.setdefault(word, []).append(before or any(
                    w == "or" and k + 1 < len(after) and after[k + 1] in _OR_SO for k, w in enumerate(after)))
    return out


_TIME_UNITS = frozenset("second minute hour day week month year".split())
_OR_SO = frozenset(("so", "more", "less", "fewer", "thereabouts"))


def prepare(passage: Passage) -> None:
    """Made once per bundle: the section's hedged figures and its words said after a modal."""
    passage.facts("hedged", _section_hedged)
    passage.facts("modal-only", modality.modal_only)
