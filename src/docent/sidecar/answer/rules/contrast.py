"""`contrast`: a cited sentence aligned with the clause it restates says another word of a contrast class there
("some" for "all", "hours" for "days", "before" for "after"), or another of the record's names in the place of the
clause's own: `align.py` aligns and compares, `contrasts.py` is the table of classes."""

from __future__ import annotations

from .. import align
from ..words import fold
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    mentions = sentence.grounds.mentions
    names = mentions.names
    subjects = frozenset().union(*(mentions.subjects[sid] for sid in sentence.ids))
    if not align.wakes(sentence.first_words) and not any(
        fold(w) not in subjects for w in names.intersection(sentence.first_words)
    ):
        return None  # no contrast word, and no name but what the cited sections are about: nothing to cut up
    reason = align.differs(sentence.unit, sentence.passages, names, subjects)
    return Hold(reason) if reason else None


# No static cues: a sentence wakes it by a contrast word or by one of the record's names, which are the bundle's.
RULE = Rule("contrast", check, cited=True)
