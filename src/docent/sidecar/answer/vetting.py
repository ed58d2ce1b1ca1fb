"""Words the model writes that state nothing (a card's, a table's header): held to a connective's rules.

A card or a header is no sentence and cites nothing: it passes with no markup, no first person, and only the terms
that the answer's shown citations, the site's own names, or the sections it is about mention (`unfit`); `why` tells
the model, in its tool's error, what to write instead.
"""

from __future__ import annotations

from collections.abc import Iterable

from .rules.first_person import FIRST_PERSON
from .rules.markup import MARKUP
from .rules.types import Grounds, Hold


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


def why(hold: Hold) -> str:
    """What a card's words that failed `unfit` should be instead, in the model's tool error."""
    if hold.reason == "markup":
        return "it carries markup; write plain words, no HTML or images."
    if hold.reason == "first_person":
        return "it is in the first person; write in the third person."
    unknown: Iterable[str] = hold.facts["terms"]  # type: ignore[assignment]
    return f"it names {', '.join(sorted(unknown))}, which the sections it may draw on do not mention."
