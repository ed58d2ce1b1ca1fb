"""`unknown_term`, for a proper name: every proper name of a sentence is one the sections it cites (or, uncited,
the sections the answer has cited) or their pages' openings mention; a name in the frame a cited sentence opens with
("Before Alderway, ...") may be one the answer's shown citations mention instead."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..names import proper_names
from ..words import stems
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    grounds = sentence.grounds
    strange = strange_names(sentence, sentence.ids if sentence.ids else grounds.uncited_ids())
    if strange and sentence.ids and grounds.known_ids:
        strange = _unframed(sentence, strange)
    return Hold("unknown_term", {"terms": strange, "cited": bool(sentence.ids)}) if strange else None


def strange_names(sentence: Reading, ids: Iterable[str]) -> list[str]:
    """The proper names of a sentence that the sections of `ids` do not mention."""
    mentions, site = sentence.grounds.mentions, sentence.grounds.site
    names = proper_names(sentence.plain, record=mentions.names, skip=site.ordinary)
    if not names:
        return []
    sections = [mentions.name_words[sid] for sid in ids]
    return [name for name in names if not all(any(stem in w for w in sections) for stem in stems(name))]


# "Before Alderway, at Tessellate she ...": a frame that opens the sentence names what the answer told before, as
# the point the sentence moves on from, not what its own fact is about.
_FRAME = re.compile(r"(?:Before|After|Unlike|Besides|Apart from|Outside(?: of)?)\s+([^,;:]{1,40}),")


def _unframed(sentence: Reading, strange: list[str]) -> list[str]:
    """The strange names less those in the sentence's opening frame that the answer's shown citations mention."""
    frame = _FRAME.match(sentence.plain)
    if frame is None:
        return strange
    mentions = sentence.grounds.mentions
    known = [mentions.name_words[sid] for sid in sentence.grounds.known_ids]
    return [
        name for name in strange
        if name not in frame.group(1) or not all(any(stem in w for w in known) for stem in stems(name))
    ]


RULE = Rule("proper_name", check)
