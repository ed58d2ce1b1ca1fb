"""Obligation, for the hedge rule: "must" or "required" where the unit a sentence restates leaves a thing optional or
only advises it, and "optional" or "recommended" where that unit binds (the rule as `hedges` describes it).

A sentence's level is read with its denials ("not required" leaves a thing optional) and its conditions (an "if"
clause's "must" binds nothing); "need to" binds the act it names; "free to" leaves its act open, against a unit that
forbids it ("should not", "must not": "free to edit" against "should not be edited"); an adjective after an article
("the required packages") describes the thing. The unit's level is its own, its list's lead line's where it has none
(`levels`).
"""

from __future__ import annotations

from collections.abc import Sequence, Set

from . import levels, modality
from .levels import denied as _denied
from .passage import Passage, Token, Unit, best_of, clause_around, unit_at

MUST = frozenset(("must", "required", "requires", "require", "mandatory", "necessary"))
_SOFT = frozenset(("optional", "optionally", "recommended", "recommend", "recommends", "may", "might", "prefer",
                   "can", "could", "useful", "suggested", "should", "possible",
                   # advice in other words: "it's good practice to", "should strongly consider", "generally appropriate"
                   "practice", "consider", "advisable", "encouraged", "ideally", "generally", "appropriate"))
OPTIONAL = frozenset(("optional", "optionally", "recommended"))
NEED = frozenset(("need", "needs"))  # before "to": "you will need to set"
_NEEDED = MUST | {"need", "needs", "needed"}
_NAMING = frozenset(("to", "on", "the", "with", "of", "for", "by", "in", "a", "an", "from"))
# ... only a verb there: "must" and the adjectives ("a mandatory field", "for `X` must" with its code blanked) bind
_VERBS = frozenset(("requires", "require"))
_ARTICLE = frozenset(("a", "an", "the"))
_ADJECTIVE = frozenset(("required", "mandatory", "necessary"))

# A choice in other words: "may choose whether", "is free to", "has the option to" (the last only of a section's: a
# sentence's "option" is most often a command's)
_CHOICE = frozenset(("choose", "free", "option"))
_HAVING = frozenset(("has", "have", "had", "gives", "give", "given", "with"))


def restated_at(said: Unit, at: int, skip: Set[str], sections: Sequence[Passage]) -> tuple[Passage, int] | None:
    """The unit of the sections that the clause around the sentence's word at `at` restates (its words of substance
    but `skip`), as its section and its index there; where no one unit fits the clause, the one the whole sentence
    restates (`hedges._restated`)."""
    fit = best_of(sections, [t.stem for t in clause_around(said, at) if t.stem and t.word not in skip])
    if fit is None:
        fit = best_of(sections, [t.stem for t in said.tokens if t.stem and t.word not in skip])
    return None if fit is None else (sections[fit[0]], fit[1])


def obligation(said: Unit, sections: Sequence[Passage]) -> bool:
    """ "must" where the unit the sentence is about says "may" or "recommended" only, and the reverse."""
    binding, acts, optional = _binds(said)
    if not binding and not optional and not acts:
        return False
    if optional and _needs_optional(said):
        return False  # "form parsing needs the optional python-multipart": optional to the library, needed for a use
    said_so = binding | optional | (NEED if acts else set())
    at = next(i for i, t in enumerate(said.tokens) if t.word in said_so)
    clause = _levelled(said, at, sections)
    if clause is None:
        return False
    # A soft word the clause writes too is the clause's own ("the fields that the user may order by"); another one
    # makes the sentence soft itself ("you might pass status_code to requires").
    soft = {t.word for i, t in enumerate(said.tokens) if t.word in _SOFT and not _denied(said.tokens, i)}
    if (binding or acts) and soft - clause.words:
        return False
    return _against(said, clause, binding, acts, optional, soft) or _crossed(
        said, at, clause, binding, optional, acts) or "free" in optional and _forbidden(said.tokens, clause.tokens)


def _against(said: Unit, clause: Unit, binding: set[str], acts: set[str | None], optional: set[str],
             soft: Set[str]) -> bool:
    """Whether the clause gives another level than the sentence. "the required packages": an adjective after an
    article describes the thing; only the unit's own level of it ("optional") is against it, not a modal of its verb
    ("You can install the packages")."""
    if binding <= _ADJECTIVE and not acts and _described(said.tokens):
        return _optional(clause)
    return _otherwise(clause, binding, acts if not optional else set(), soft)


def _levelled(said: Unit, at: int, sections: Sequence[Passage]) -> Unit | None:
    """The unit the sentence's word of obligation at `at` restates; a list's item with no level of its own stands
    for its list's lead line ("The following packages are optional:")."""
    fit = restated_at(said, at, MUST | _SOFT, sections)
    if fit is None:
        return None
    clause = unit_at(*fit)
    return levels.lead(*fit) or clause if clause.words.isdisjoint(MUST | _SOFT) else clause


def _crossed(said: Unit, at: int, clause: Unit, binding: set[str], optional: set[str], acts: set[str | None]) -> bool:
    """Two levels in the unit's two clauses: the sentence's one level told of the other clause's thing."""
    return bool(binding) != bool(optional) and not acts and levels.crossed(
        clause_around(said, at), clause, bool(binding), binding=MUST, soft=OPTIONAL)


def _otherwise(clause: Unit, binding: set[str], acts: set[str | None], shared: Set[str] = frozenset()) -> bool:
    """Whether the clause binds less than the sentence (softly, or the act needed is its own), or more. `shared`:
    the soft words the sentence writes as the clause does, no softness of the clause's against it."""
    words, must = clause.words, binding_words(clause)
    soft = bool(words & _SOFT - shared or _chosen(clause.tokens, section=True))
    if binding or acts:  # "will need to set X": the act needed must be the clause's ("set")
        return soft and not must and (bool(binding) or not acts.isdisjoint(clause.stems))
    return bool(must) and not soft and not words & _SOFT


def _chosen(tokens: Sequence[Token], *, section: bool = False) -> list[int]:
    """Where a choice is given in other words: "may choose whether", "is free to"; in a section "has the option to" too
    ("The disable option has the option to set a specified time"), the option had or given: "set the option to true"
    names a setting."""
    return [i for i, t in enumerate(tokens[:-1]) if t.word in _CHOICE and not _denied(tokens, i) and (
        t.word == "choose" and i and tokens[i - 1].word in ("may", "can") or t.word == "free" and tokens[i + 1].word == "to"
        or section and t.word == "option" and tokens[i + 1].word in ("to", "of") and _had(tokens, i))]


def _forbidden(said: Sequence[Token], clause: Sequence[Token]) -> bool:
    """The act the sentence leaves one "free to" do is one the clause forbids: "should not", "must not" or "never"
    after "should" or "must" before its verb ("you are free to edit uv.lock by hand" against "uv.lock ... should not
    be edited manually")."""
    free = {next((v.stem for v in said[i + 2 : i + 4] if v.stem), None) for i, t in enumerate(said[:-1])
            if t.word == "free" and said[i + 1].word == "to" and not _denied(said, i)} - {None}
    return bool(free) and any(
        (t.word in _FORBIDDING or t.word in ("should", "must") and clause[i + 1].word in ("not", "never"))
        and next((v.stem for v in clause[i + 1 : i + 4] if v.stem), None) in free
        for i, t in enumerate(clause[:-1]))


_FORBIDDING = frozenset(("shouldn't", "mustn't"))


def _had(tokens: Sequence[Token], i: int) -> bool:
    """Whether "the option" at `i` is had or given: "has the option", "with the option", "gives you the option"."""
    before = [t.word for t in tokens[max(0, i - 3) : i]]
    if before[-1:] != ["the"]:
        return False
    return len(before) > 1 and before[-2] in _HAVING or len(before) > 2 and before[0] in ("give", "gives", "given")


def _binds(said: Unit) -> tuple[set[str], set[str | None], set[str]]:
    """The sentence's words of obligation, the acts it says are needed ("will need to set X": "set"), and its words
    that leave a thing optional. A denied one says the other: "not required" leaves it optional, "not optional" binds."""
    tokens = said.tokens
    binding: set[str] = set()
    optional: set[str] = set()
    for i, t in enumerate(tokens):
        # "pass status_code to requires": after a preposition or an article the word is a name, not an obligation.
        if t.word in MUST and not (i and _named(tokens, i)):
            if not modality.conditional(said, i):  # "if the value must stay fixed, ...": a condition, no obligation
                (optional if _denied(tokens, i) else binding).add(t.word)
        elif t.word in OPTIONAL and not _denied(tokens, i):
            optional.add(t.word)
        elif t.word in OPTIONAL and t.word != "recommended":  # "not recommended" discourages, it binds nothing
            binding.add(t.word)
    optional.update(tokens[i].word for i in _chosen(tokens))  # "servers may choose whether to support it"
    acts = {
        next((v.stem for v in tokens[i + 2 : i + 4] if v.stem), None)
        for i, t in enumerate(tokens[:-1]) if t.word in NEED and tokens[i + 1].word == "to" and not _denied(tokens, i)
    }
    return binding, acts, optional


def _named(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word of obligation at `i` is a name: a verb after a preposition or an article ("pass status_code to
    requires"); "must" and an adjective ("a mandatory field", "for `CursorPagination` must", its code blanked) bind."""
    return tokens[i].word in _VERBS and tokens[i - 1].word in _NAMING


def _described(tokens: Sequence[Token]) -> bool:
    """Every word of obligation the sentence binds with is an adjective after an article ("the required packages",
    "a mandatory field"): it describes a thing, no modal of the sentence's verb."""
    at = [i for i, t in enumerate(tokens) if t.word in MUST and not (i and _named(tokens, i)) and not _denied(tokens, i)]
    return bool(at) and all(i and tokens[i].word in _ADJECTIVE and tokens[i - 1].word in _ARTICLE for i in at)


def _optional(u: Unit) -> bool:
    """The unit gives its thing a level of its own ("optional", "recommended") and binds nothing."""
    return any(t.word in OPTIONAL and not _denied(u.tokens, i) for i, t in enumerate(u.tokens)) and not binding_words(u)


def binding_words(u: Unit) -> set[str]:
    """A unit's words of obligation that no "not" denies: "may not be necessary" binds nothing."""
    return {t.word for i, t in enumerate(u.tokens) if t.word in MUST and not _denied(u.tokens, i)}


def _needs_optional(said: Unit) -> bool:
    """An optional thing said to be needed: "optional" within the object of a need word ("needs the optional X",
    "requires an optional extra"), not a need said of something else in another clause."""
    tokens = said.tokens
    return any(
        t.word in OPTIONAL and any(u.word in _NEEDED for u in tokens[max(0, i - _NEED_SPAN) : i])
        for i, t in enumerate(tokens)
    )


_NEED_SPAN = 3  # tokens before "optional" a need word may stand: "needs the optional", "also requires an optional"
