"""The guide's excerpts reranked by meaning, where the bundle has the record's vectors (the owner's `rerank: true`).

The search's own first 8 and after them the rest of its first `POOL` (`pool`), in its order, are put in order again by
each one's score: 1 / (60 + its rank) + `WEIGHT` * its cosine with the question / 60 (the reciprocal-rank form, so the
search's order leads and the cosine moves a section some places), and the first 8 kept. A question's vector comes from
the model loaded at start (`Embed`, injected by the edge: `sidecar.vectors`), leaned toward the conversation's earlier
questions as the search leans (`asked`); the sections' are the bundle's (`docent.schema.vectors`), read here as
signed bytes. Measured (tests/evals/retrieval-round19-notes.md): on twelve documentation sites the right section comes
first more often (0.633 -> 0.679) and recall@8 rises a little (0.861 -> 0.866), but Starlette's first fell (0.912 ->
0.706), so it is the owner's choice.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import mul

from docent.schema.vectors import Vectors

from .record_index import EARLIER_QUESTIONS, EARLIER_WEIGHT, RecordIndex

POOL = 24  # the search's rows reranked: a right section the search ranks 9th to 24th may come within the 8 given
WEIGHT = 0.25  # the cosine's weight against the search's rank (measured at 0.25 and 0.5; 0.25 the better)
SMOOTH = 60  # reciprocal rank fusion's constant

Embed = Callable[[str], Sequence[float]]  # a text's vector, unit length, by the model the bundle's vectors name


def leaned(embed: Embed, question: str, earlier: Sequence[str] = ()) -> list[float]:
    """The conversation's vector as the search weighs it: the question's, plus its last `EARLIER_QUESTIONS` earlier
    questions' (one text, as the search joins them) at `EARLIER_WEIGHT`, unit length. A follow-up alone ("what went
    wrong?") says nothing of the thread it continues."""
    asked = [float(x) for x in embed(question)]
    thread = " ".join(earlier[-EARLIER_QUESTIONS:])
    if not thread.strip():
        return asked
    then = embed(thread)
    both = [x + EARLIER_WEIGHT * float(y) for x, y in zip(asked, then, strict=True)]
    length = math.hypot(*both)
    return [x / length for x in both] if length else asked


def pool(index: RecordIndex, question: str, *, first: int, earlier: Sequence[str] = ()) -> list[str]:
    """What the rerank puts in order: the search's own first `first` (the guide's order without the rerank), then the
    rest of its first `POOL` (`RecordIndex.pool`, one search). A search for 24 orders its rows again
    (`RecordIndex._ordered`), so its first 8 are not the search for 8's (26 of the example's 94 questions): the rerank
    starts from the order the guide would give."""
    return index.pool(question, first=first, limit=max(first, POOL), earlier=earlier)


@dataclass(frozen=True)
class Rerank:
    """The record's vectors by section id and the question's embedding: `order` puts sections found in order."""

    embed: Embed
    vectors: Vectors
    ids: Mapping[str, int] = field(repr=False)  # each section's row

    @classmethod
    def of(cls, embed: Embed, vectors: Vectors, ids: Sequence[str]) -> Rerank:
        return cls(embed, vectors, {sid: i for i, sid in enumerate(ids)})

    def cosine(self, question: Sequence[float], sid: str) -> float:
        """The question's vector against a section's row (0 for a section without one)."""
        at = self.ids.get(sid)
        if at is None:
            return 0.0
        dims = self.vectors.dims
        row = array("b", self.vectors.rows[at * dims:(at + 1) * dims])
        length = math.hypot(*row)
        return sum(map(mul, question, row)) / length if length else 0.0  # 24 rows: ~0.3 ms

    def asked(self, question: str, earlier: Sequence[str] = ()) -> list[float]:
        """The conversation's vector as the search weighs it (`leaned`)."""
        return leaned(self.embed, question, earlier)

    def order(self, question: str, found: Sequence[str], *, earlier: Sequence[str] = (),
              asked: Sequence[float] | None = None) -> list[str]:
        """`found`, the search's sections best first, in the rerank's order; `earlier`: the conversation's earlier
        questions, oldest first, as the search was given them; `asked`: their vector (`leaned`) where it was made
        already (a turn makes it off the event loop), else it is made here."""
        if len(found) < 2:
            return list(found)
        asked = self.asked(question, earlier) if asked is None else asked
        scores = {sid: 1 / (SMOOTH + rank) + WEIGHT * self.cosine(asked, sid) / SMOOTH
                  for rank, sid in enumerate(found, start=1)}
        return sorted(found, key=lambda sid: -scores[sid])
