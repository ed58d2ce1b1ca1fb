"""A cited section's kin: the sections alike to it, whose facts a sentence may tell of it (`twins`: one title on two
heading trails; `neighbours`: one heading path's siblings). Each rule's index of kin is found once a bundle, in its
record, and kept with its mentions; a kin is its section id, the words that own the cited section, and those that
own the kin (the words a sentence writes to name one or the other).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from docent.schema import RecordSection

from ..mentions import Mentions
from ..words import fold

Kin = tuple[str, frozenset[str], frozenset[str]]
Index = dict[str, list[Kin]]  # a section id -> its kin, for the sections that have any

_WORD = re.compile(r"[a-z0-9]+")


def cites(ids: Sequence[str], *indexes: Index) -> bool:
    """Whether a section of `ids` (a sentence's cited ones) has kin in one of the indexes."""
    for kin in indexes:  # loops, not a generator: every cited sentence asks
        for sid in ids:
            if sid in kin:
                return True
    return False


def kept(mentions: Mentions, key: object, find: Callable[[Mapping[str, RecordSection]], Index]) -> Index:
    """The index `find` finds in the bundle's record, found once (`rules.prepare`, or the first cited sentence) and
    kept with its mentions (`Mentions.cues`, under the rule's `key`)."""
    made: Index | None = mentions.cues.get(key)
    if made is None:
        made = mentions.cues[key] = find(mentions.record)
    return made


def words(heading: str) -> frozenset[str]:
    """A heading's words of substance, each as `fold` stems it ("WebSockets": "websocket")."""
    return frozenset(f for w in _WORD.findall(heading.lower()) if (f := fold(w)))
