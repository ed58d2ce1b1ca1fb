"""A confirmation: an uncited sentence that only restates this turn's validated actions, in the manifest's words,
is grounded by the action's result as a citation grounds a fact: it is shown ("The CV is open.")."""

from __future__ import annotations

from .. import numbers, polarity
from ..names import SiteNames
from ..words import STOP_WORDS, WORD, words
from .first_person import FIRST_PERSON
from .markup import MARKUP
from .types import SHOW, Draft, Grounds, Reading, Rule, Verdict

# The words a confirmation may add to the labels it restates: what the tools did, never what happened next.
CONFIRMING = frozenset(
    """
    open opened opening ready press pressed click clicked button buttons here now reads read says say set
    filled fill shown showing show started start starting running run runs pointed point pointing points rang
    ring ringing ringed highlighted highlight tour step steps page pages section sections part parts case cases
    experiment experiments preset presets field fields form offer offered link links panel side screen waiting
    wait whenever want wants like choose pick picked option options
    """.split()
)


def confirms(draft: Draft, grounds: Grounds, names: SiteNames, masked: str | None = None) -> bool:
    """Whether an uncited sentence only restates this turn's validated actions, in the manifest's words.

    Every word of it is a word of an acted-on label or of `CONFIRMING` (is open, you can press, now reads),
    at least one is a label's, it denies nothing and states no number the labels do not: "The CV is
    open." Anything beyond the manifest's words ("The CV is open: she led a team of ten.") is not.
    """
    acted = grounds.acted
    if not acted or draft.ids or MARKUP.search(draft.text):
        return False
    text = draft.text
    if masked is None:
        masked = names.mask(text)
    if FIRST_PERSON.search(masked) or polarity.negates(text):
        return False
    content = [w for w in words(text) if w not in STOP_WORDS]
    if not any(w in acted for w in content):
        return False
    if any(w not in acted and w not in CONFIRMING and w.removesuffix("s") not in CONFIRMING for w in content):
        return False
    return not numbers.unstated(numbers.quantities(text), frozenset(grounds.acted_quantities))


def forms(text: str) -> set[str]:
    """A label's words as written, lower case, with their singular: "Write an email" -> write, an, email."""
    out = set()
    for word in WORD.findall(text):
        word = word.lower().replace("’", "'")
        out.add(word)
        if len(word) > 3 and word.endswith("s"):
            out.add(word[:-1])
        else:
            out.add(word + "s")
    return out


def check(sentence: Reading) -> Verdict:
    return SHOW if confirms(sentence.draft, sentence.grounds, sentence.grounds.site.names, sentence.text) else None


RULE: Rule = Rule("confirmation", check, cited=False, sure=True)  # it never holds: it shows a confirmation
