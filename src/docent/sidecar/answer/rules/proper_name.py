"""`unknown_term`, for a proper name: every proper name of a sentence is one the sections it cites (or, uncited,
the sections the answer has cited) or their pages' openings mention."""

from __future__ import annotations

from collections.abc import Iterable

from ..names import proper_names
from ..words import stems
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    grounds = sentence.grounds
    strange = strange_names(sentence, sentence.ids if sentence.ids else grounds.uncited_ids())
    return Hold("unknown_term", {"terms": strange, "cited": bool(sentence.ids)}) if strange else None


# A setting's value as documentation writes it ("set www_redirect to False"): a value, no name of a place or a party.
_LITERALS = frozenset(("true", "false", "none", "null"))


def strange_names(sentence: Reading, ids: Iterable[str]) -> list[str]:
    """The proper names of a sentence that the sections of `ids` do not mention."""
    mentions, site = sentence.grounds.mentions, sentence.grounds.site
    names = proper_names(sentence.plain, record=mentions.names, skip=site.ordinary | _LITERALS)
    if not names:
        return []
    sections = [mentions.name_words[sid] for sid in ids]
    return [name for name in names if not all(any(stem in w for w in sections) for stem in stems(name))]


RULE = Rule("proper_name", check)
