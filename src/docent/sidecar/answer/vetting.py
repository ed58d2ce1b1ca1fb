"""Words the model writes that state nothing (a card's, a table's header): held to a connective's rules.

A card or a header is no sentence and cites nothing: it passes with no markup, no first person, and only the terms
that the answer's shown citations, the site's own names, or the sections it is about mention (`unfit`); `why` tells
the model, in its tool's error, what to write instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .rules import RULES
from .rules.dispatch import Check
from .rules.dispatch import checks as checks_of
from .rules.first_person import FIRST_PERSON
from .rules.markup import MARKUP
from .rules.types import Grounds, Hold, Rule


def unfit(text: str, about: Iterable[str], grounds: Grounds) -> Hold | None:
    """Why words that state nothing may not be shown, or None; `about`: the sections they may draw on."""
    if MARKUP.search(text):
        return Hold("markup")
    text = grounds.site.names.mask(text)
    if FIRST_PERSON.search(text):
        return Hold("first_person")
    # A card may name what the site's own names name: "Kafka" for the page "Kafka event backbone".
    mentioned = set(grounds.known) | grounds.site.terms
    for sid in about:
        mentioned |= grounds.mentions.terms.get(sid, frozenset())
    unknown = grounds.lexicon.names(text) - mentioned
    return Hold("unknown_term", {"terms": unknown, "cited": True}) if unknown else None


# The holds `unfit` gives (a card's way: its terms may be any the site's names name), and, left out of a card's rules
# beside them, the confirmation of an action, which shows a sentence that restates it before the rules after it read
# it: a card confirms nothing.
_OWN = frozenset(("markup", "first_person", "unknown_term"))
_UNFIT = _OWN | {"confirmation"}


# The gate's rules that read what a card's words state, beside `unfit`: those whose hold is no reading of one sentence's
# meaning across its few sections. Named, not read from `Rule.sure`, which is chosen by each rule's precision
# (tests/evals/precision.py) for the model check's referral, a card being no sentence the check reads.
_CARD_RULES = frozenset(("connective", "code_term", "no_overlap", "proper_name", "number"))


def _card(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    return tuple(r for r in rules if r.name in _CARD_RULES)


_CARD = _card(RULES)  # the gate's own table's, made once: `dispatch.checks` keeps a tuple's checks


def checks(rules: Sequence[Rule]) -> tuple[tuple[Check, ...], tuple[Check, ...]]:
    """The checks of the gate's rules that read what a card's words state (`_CARD_RULES`), beside `unfit`: uncited
    (a connective's length, a figure, a proper name) and cited (a figure, a name, no word the sections write). Not the
    unsure ones, readings of one sentence's meaning across its few sections ("a fact of one cited section told of the
    name another writes"): a link's words sum up a whole page, drawing on its sections together. For the gate's own
    table, one tuple whose checks `dispatch.checks` made once; another table's (a bench's) are made anew, as a list,
    which `dispatch.checks` does not keep."""
    return checks_of(_CARD if rules is RULES else list(_card(rules)))


def why(hold: Hold) -> str:
    """What a card's words that failed `unfit`, or the gate's rules, should be instead, in the model's tool error."""
    if hold.reason == "uncited":
        return "it states more than a connective may without a citation; say less, or link a page the record holds."
    if hold.reason == "number":
        return "it states a figure the sections it may draw on do not."
    if hold.reason not in _OWN:
        return f"it says what the sections it may draw on do not ({hold.reason})."
    if hold.reason == "markup":
        return "it carries markup; write plain words, no HTML or images."
    if hold.reason == "first_person":
        return "it is in the first person; write in the third person."
    unknown: Iterable[str] = hold.facts["terms"]  # type: ignore[assignment]
    return f"it names {', '.join(sorted(unknown))}, which the sections it may draw on do not mention."
