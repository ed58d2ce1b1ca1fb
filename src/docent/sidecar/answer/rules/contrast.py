"""`contrast`: a cited sentence aligned with the clause it restates says another word of a contrast class there
("some" for "all", "hours" for "days", "before" for "after"), or another of the record's names in the place of the
clause's own: `align.py` aligns and compares, `contrasts.py` is the table of classes; or a fact retold of another
subject, another cited section's or the next line's (`retold.py`)."""

from __future__ import annotations

from .. import align, retold
from ..words import fold
from .types import Hold, Reading, Rule, Verdict
from .verbatim import copied


def check(sentence: Reading) -> Verdict:
    mentions = sentence.grounds.mentions
    names = mentions.names
    subjects = frozenset().union(*(mentions.subjects[sid] for sid in sentence.ids))
    reason = None
    # No contrast word, and no name but what the cited sections are about: nothing to cut up.
    if align.wakes(sentence.first_words) or any(fold(w) not in subjects for w in names.intersection(sentence.first_words)):
        reason = align.differs(sentence.unit, sentence.passages, names, subjects)
    if reason is None and retold.across(sentence.unit, sentence.passages):
        reason = "actor"
    if reason is None and len(sentence.ids) > 1 and retold.held(
        sentence.unit, sentence.passages, [mentions.subjects[sid] for sid in sentence.ids]
    ):
        reason = "actor"
    return Hold(reason) if reason and not copied(sentence) else None  # a section's own sentence restates nothing


# No static cues: a sentence wakes it by a contrast word or by one of the record's names, which are the bundle's.
RULE: Rule = Rule("contrast", check, cited=True, sure=False)  # unsure: which clause a sentence restates is an alignment, a reading
