"""The guide's excerpts found by the search and a text encoder together, where the bundle has the encoder's rows (the
owner's `encoder: true`).

The search's first `WIDE` (`RecordIndex.scored_pool`: the guide's own 8 first, one search) and the encoder's nearest
`WIDE` by cosine over every row of the record, taken together; each section of them scored (1 - `WEIGHT`) * its search
score over the search's best (0 where the search did not find it) + `WEIGHT` * its cosine min-max scaled over them,
and the first 8 kept. The question's vector comes from the model loaded at start (`Embed`, injected by the edge:
`sidecar.vectors`), leaned toward the conversation's earlier questions as the rerank leans (`rerank.leaned`); the
sections' rows are the bundle's signed bytes (`docent.schema.vectors`), widened once to float32 of unit length when
the bundle is loaded, so a question's cosines are one product (the whole fusion 0.33 ms of CPU a question on NetBox's
1,760 rows, beside the question's embedding, 18 ms, and the search, 8 ms). numpy, the `encoder` extra's, is imported
here only, and only for such a bundle.

Measured through the guide's own path (the form chosen by round 30, tests/evals/retrieval-round30-notes.md; the
weight and `WIDE` chosen again by round 32 on rounds 5-15, of 0.2 to 0.7 and 30, 60, 100,
tests/evals/retrieval-round32-notes.md), hit@1 / hit@8 / recall@8 of the users' questions: rounds 5-15 (264) 0.602 /
0.924 / 0.843 searched alone, 0.693 / 0.943 / 0.870 fused (0.663 / 0.939 / 0.867 at round 31's 0.4); rounds 16-27 (288)
0.444 / 0.768 / 0.671 and 0.528 / 0.833 / 0.747 (0.496 / 0.826 / 0.743). Meaning reaches a question in a user's words ("every line makes its own trip to the database") that the record
says in its own ("Avoiding N+1 queries"); the search keeps the questions that paste an error or name an identifier.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from docent.schema.vectors import Vectors

from .rerank import Embed, leaned

WIDE = 60  # the search's rows and the encoder's, taken together (of 30, 60, 100: 100 the same, 30 one fewer in the 8)
WEIGHT = 0.5  # the cosine's share of a section's score (round 32 chose it on rounds 5-15, of 0.2 to 0.7)


@dataclass(frozen=True)
class Fusion:
    """The record's rows as unit vectors (float32, a row a section in the record's order) and the question's
    embedding: `order` puts the search's sections and the encoder's nearest together in order."""

    embed: Embed
    rows: Any = field(repr=False)  # a numpy array, (sections, dims)
    ids: tuple[str, ...] = field(repr=False)
    at: Mapping[str, int] = field(repr=False)  # each section's row

    @classmethod
    def of(cls, embed: Embed, vectors: Vectors, ids: Sequence[str]) -> Fusion:
        """The bundle's rows widened once (`Vectors.checked` has made sure there is one a section)."""
        import numpy as np

        rows = np.frombuffer(vectors.rows, dtype=np.int8).reshape(len(ids), vectors.dims).astype(np.float32)
        lengths = np.linalg.norm(rows, axis=1, keepdims=True)
        return cls(embed, rows / np.where(lengths > 0, lengths, 1.0), tuple(ids), {sid: i for i, sid in enumerate(ids)})

    def cosines(self, question: str, earlier: Sequence[str] = (), asked: Sequence[float] | None = None) -> Any:
        """The conversation's vector (`rerank.leaned`; `asked` where it was made already) against every row: a numpy
        array, a cosine a section."""
        import numpy as np

        # einsum, not BLAS's product: BLAS's threads wait on each other on a busy machine (for 1,760 rows on two loaded
        # cores 0.14 ms on one thread, 2 ms on BLAS's, 19 ms beside onnxruntime's); einsum runs on the caller's alone
        vector = leaned(self.embed, question, earlier) if asked is None else asked
        return np.einsum("ij,j->i", self.rows, np.asarray(vector, dtype=np.float32))

    def order(self, question: str, found: Sequence[tuple[str, float]], *, earlier: Sequence[str] = (),
              asked: Sequence[float] | None = None) -> list[str]:
        """The search's sections with their scores (`found`, best first) and the encoder's nearest `WIDE`, in the
        fused order; `earlier`: the conversation's earlier questions, oldest first, as the search was given them;
        `asked`: their vector (`rerank.leaned`) where it was made already (a turn makes it off the event loop)."""
        import numpy as np

        cosine = self.cosines(question, earlier, asked)
        wide = min(WIDE, len(self.ids))
        nearest = np.argpartition(-cosine, wide - 1)[:wide] if wide else np.arange(0)
        nearest = nearest[np.lexsort((nearest, -cosine[nearest]))]  # best first; of equals, the record's first
        at = self.at
        union = list(dict.fromkeys([*(sid for sid, _ in found if sid in at), *(self.ids[i] for i in nearest)]))
        if not union:
            return []
        scores = dict(found)
        best = max(scores.values(), default=1.0) or 1.0
        near = cosine[[at[sid] for sid in union]]
        low, span = float(near.min()), float(near.max() - near.min()) or 1.0
        summed = {sid: (1 - WEIGHT) * scores.get(sid, 0.0) / best + WEIGHT * (float(near[i]) - low) / span
                  for i, sid in enumerate(union)}
        return sorted(union, key=lambda sid: -summed[sid])
