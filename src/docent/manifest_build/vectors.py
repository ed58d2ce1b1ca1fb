"""The record's vectors for the guide's rerank (`rerank: true`): each section embedded at build, into the bundle.

Done here, once, rather than when the sidecar loads the bundle: some 0.2 ms of CPU a section (0.2 s for OpenFaaS's 906,
7.5 s for the 10,000-page bench's 40,000 sections), and 256 bytes a section in the bundle (341 characters of base64:
OpenFaaS's bundle +12 %, the bench's +13.7 MB, +17 %). What a row is, and
how the sidecar reads it, is `docent.schema.vectors`'s; the model is `docent.schema.embedding`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from docent import schema
from docent.schema.embedding import Embedding, EmbeddingMissing
from docent.schema.vectors import DIMS, MODEL, Vectors, section_text

__all__ = ["EmbeddingMissing", "record_vectors"]


def record_vectors(record: Sequence[schema.RecordSection], *, embedding: Embedding | None = None) -> Vectors:
    """A row for each section, in the record's order; EmbeddingMissing, saying what to install, without the extra."""
    model = embedding or Embedding.load()
    return Vectors(MODEL, DIMS, model.rows([section_text(s.trail, s.text) for s in record]))
