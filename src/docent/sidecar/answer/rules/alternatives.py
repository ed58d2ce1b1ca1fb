"""Alternatives, for the polarity rule: a denial that tells one alternative over another which the cited sections offer
("raise a SettingsError instead of exiting"), a contrast their units tell ("It is pip, not uv, that ..."), or "not X
unless Y" where they say "X only when Y", claims nothing they do not."""

from __future__ import annotations

import re
from itertools import pairwise

from .. import contradictions, polarity
from ..passage import Unit
from ..words import stems
from .types import Reading


def contrasted(denial: polarity.Denial, sentence: Reading) -> bool:
    """ "It is pip, not uv, that pools the versions of every index", "thresholds owned by the fraud team, not by Mara":
    the contrast is the sections' when the units that best restate the rest of the sentence (two words at least) do
    not also say what it turns down; "It is uv, not pip, that pools ..." is held where pip's unit restates it."""
    if not denial.contrast or not denial.scope:
        return False
    rest = sentence.said - denial.scope
    units = [(len(rest & said), said) for p in sentence.passages for u in p.units for said in _sentences(u)]
    best = max((n for n, _ in units), default=0)
    return best >= 2 and not any(denial.scope <= said for n, said in units if n == best)


def _sentences(u: Unit) -> list[frozenset[str]]:
    """The stems of each sentence of a unit, one the record began in lower case too ("... the package. pip,
    meanwhile, will combine ..." is one unit, two sentences)."""
    cuts = [0, *(m.end() for m in _SENTENCE_END.finditer(u.text)), len(u.text)]
    if len(cuts) == 2:
        return [u.stems]
    return [frozenset(t.stem for t in u.tokens if lo <= t.start < hi and t.stem) for lo, hi in pairwise(cuts)]


_SENTENCE_END = re.compile(r"[.!?]\s+(?=[a-z])")


def _only_when(denial: polarity.Denial, sentence: Reading) -> bool:
    """ "An existing endpoint is not moved to gRPC unless it is being changed anyway" where a cited unit says "Existing
    endpoints move only when they are changed anyway": the same condition, told as its denial; of the same thing (a
    word before the denial) and the same deed and condition (two words of its scope)."""
    if "unless" not in denial.scope:
        return False
    told = denial.scope - {"unless"}
    return any(_ONLY_WHEN.search(u.text) is not None and len(told & u.stems) >= 2 and denial.before & u.stems
               and not polarity.negates(u.text) for p in sentence.passages for u in p.units)


_ONLY_WHEN = re.compile(r"\bonly\s+(?:when|if|once|after|where)\b", re.IGNORECASE)


def chosen(sentence: Reading, said: tuple[polarity.Denial, ...], denied: list[polarity.Denial]) -> bool:
    """The sentence's denials the sections do not make are all one alternative told over another that they offer."""
    rest = tuple(d for d in said if not _alternatives(d, sentence))
    return len(rest) < len(said) and not (rest and contradictions.contradicts(rest, set(), denied, (), None, stems))


def _alternatives(denial: polarity.Denial, sentence: Reading) -> bool:
    """ "Raise a SettingsError instead of exiting" where a cited unit offers both ("will exit on error or raise a
    SettingsError"): one alternative chosen over the other, which the section gives as a choice, denies nothing; an
    opening "Without X," is the section's "by default"; a contrast the sections' units tell (`contrasted`); "not X
    unless Y" where a unit says "X only when Y" (`_only_when`)."""
    if contrasted(denial, sentence) or _only_when(denial, sentence):
        return True
    if _DEFAULT.match(sentence.text) and not denial.before and 0 < len(denial.scope) <= 2:
        # "Without a convertor, a path parameter captures ..." is what the section says happens "by default".
        rest = sentence.said - denial.scope
        return any(len(rest & u.stems) >= 2 and "by default" in u.text.lower()
                   for p in sentence.passages if denial.scope <= p.stems for u in p.units)
    if not denial.instead or not denial.head or not denial.before:
        return False
    units = [u for p in sentence.passages for u in p.units]
    offered = any(" or " in u.text and denial.head in u.stems and denial.before & u.stems for u in units)
    return offered and (_CONDITION.search(sentence.text) is not None or not _alone(denial, units))


def _alone(denial: polarity.Denial, units: list[Unit]) -> bool:
    """Whether a cited unit affirms the turned-down alternative alone, no "or" beside it: what happens."""
    return any(" or " not in u.text and denial.head in u.stems and contradictions.same(denial.scope, u.stems)
               and not polarity.negates(u.text) for u in units)


# "Set exit_on_error=False if you want it to raise instead of exiting": the sentence states what chooses the
# alternative. Without it, a unit that affirms the turned-down one alone ("by default, the parser will exit") is what
# happens, and the sentence denies it.
_CONDITION = re.compile(r"\b(?:if|when|whenever|unless|set|setting|pass|passing|using)\b", re.IGNORECASE)


_DEFAULT = re.compile(r"\s*without\s+(?:an?\s+|the\s+|any\s+)?\S+(?:\s+\S+)?\s*,", re.IGNORECASE)
