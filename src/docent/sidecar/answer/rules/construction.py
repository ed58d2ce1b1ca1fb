"""The construction rules (issue 21): each checks a cited sentence against the sections it cites, one module each
beside the core (`rates`, `hedges`, `quantifiers` and `included`, `reversal`, `preferences` and `likeness`, `direction` and
`bindings`, `order`, `actors` and `siblings`, `causes`, `permissions`, `needs`, `undenied`).

A construction module has two functions:
- `wakes(words, stems, sections)`: a cheap look at the sentence's lower-case words and stems (sets the gate has
  already made), true when the rule may have something to say; most sentences wake none, and are not cut up;
- `held(said, sections)`: the check itself, on the sentence as a `Unit` and the cited sections as `Passage` (cut
  once per bundle, each rule's facts kept beside them). Where it cannot tell, it lets the sentence through: a
  false hold costs the visitor a true sentence.
A module whose `wakes` is a test of the sentence's words against one set declares that set as `CUES`: the gate then
asks it only for a sentence holding one of them, a run of such rules with one set test (`rules.checks`). One whose
`wakes` reads the cited sections declares `section_cues(passage)`: the words and stems of which a sentence must hold
one for `wakes` to be true because of that section (None: any sentence may be); the gate works them out once per
bundle for each set of cited sections, and asks the rule only for a sentence holding one of them or of `CUES`. Both
are what `wakes` needs, not what it decides: it is still asked, unless the module sets `WAKES_ON_CUES = True` (its
`wakes` is true wherever the sentence holds one of them: the gate's one test of the sentence's words has decided it,
for a sentence without inline code). `held` reads the sentence's prose, its inline code
blanked; a module that sets `WITH_CODE = True` reads it as written, code and all, as the sections' text is; one that
sets `READS_SITE_KIND = True` is told whether the site is a project's documentation (`held(..., docs=)`).
`rule(reason, module)` makes one into an entry of the gate's table (`rules.RULES`), for cited sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set
from typing import Protocol

from ..passage import Passage, Unit
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied


class Construction(Protocol):
    """A construction rule's module, as mypy checks a module against a protocol."""

    def wakes(self, words: Set[str], stems: Set[str], sections: Sequence[Passage]) -> bool: ...

    def held(self, said: Unit, sections: Sequence[Passage]) -> bool: ...


def rule(reason: str, module: Construction) -> Rule:
    with_code = getattr(module, "WITH_CODE", False)  # a module that reads the sentence's inline code says so
    kinded = getattr(module, "READS_SITE_KIND", False)  # its `held` takes `docs`: whether the site is a project's docs
    held_on: Callable[..., bool] = module.held
    cued = getattr(module, "WAKES_ON_CUES", False)  # the gate asks it only where its `wakes` is true (`rules.checks`)

    def check(sentence: Reading) -> Verdict:
        sections = sentence.passages
        # Its cues are met with the prose's words and its inline code's (`Reading.cue_words`), `wakes` with the prose's:
        # a sentence with inline code is asked `wakes` still.
        if (cued and not sentence.draft.codes or module.wakes(sentence.first_words, sentence.said, sections)) and held_on(
                sentence.written if with_code else sentence.unit, sections, **({"docs": sentence.grounds.site.docs} if kinded else {})):
            return None if copied(sentence) else Hold(reason)  # a section's own sentence restates nothing
        return None

    cues = getattr(module, "CUES", None)  # a module whose `wakes` needs one of these words declares them
    # and one whose `wakes` needs, for a section, one of the words or stems that section gives declares how to find
    # them (`Rule.section_cues`)
    # Unsure: a construction (order, cause, quantifier, hedge...) is read from cue words and word order, not the meaning.
    return Rule(reason, check, cited=True, cues=cues, section_cues=getattr(module, "section_cues", None), sure=False)
