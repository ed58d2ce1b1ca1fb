"""`contrast`: a cited sentence aligned with the clause it restates says another word of a contrast class there
("some" for "all", "hours" for "days", "before" for "after"): `align.py` aligns and compares, `contrasts.py` is the
table of classes."""

from __future__ import annotations

from .. import align
from .types import Hold, Reading, Rule, Verdict


def check(sentence: Reading) -> Verdict:
    if not align.wakes(sentence.first_words):
        return None
    reason = align.differs(sentence.unit, sentence.passages)
    return Hold(reason) if reason else None


RULE = Rule("contrast", check, cited=True, cues=frozenset(align.CUES))
