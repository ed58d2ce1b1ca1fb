"""The record's vectors for the guide's rerank (`rerank: true`) or its encoder (`encoder: true`): each section embedded
at build, into the bundle.

Done here, once, rather than when the sidecar loads the bundle. The rerank's: some 0.2 ms of CPU a section (0.2 s for
OpenFaaS's 906, 7.5 s for the 10,000-page bench's 40,000 sections), and 256 bytes a section in the bundle (341
characters of base64: OpenFaaS's bundle +12 %, the bench's +13.7 MB, +17 %). The encoder's: ~64 ms of CPU a section
(OpenFaaS's ~58 s, NetBox's 1,760 ~1.9 minutes) at the first build, and then only for the sections whose text changed
(`vector_cache`); 384 bytes a section (512 characters of base64). What a row is, and how the sidecar reads it, is
`docent.schema.vectors`'s; the models are `docent.schema.embedding`'s and `docent.schema.encoder`'s.
"""

from __future__ import annotations

from collections.abc import Sequence

from docent import schema
from docent.schema.embedding import Embedding, EmbeddingMissing
from docent.schema.encoder import Encoder, EncoderMissing
from docent.schema.vectors import DIMS, ENCODER, ENCODER_DIMS, MODEL, Vectors, section_text

from .vector_cache import VectorCache

__all__ = ["BOTH", "EmbeddingMissing", "EncoderMissing", "embedded", "encoder_vectors", "record_vectors"]

BOTH = ("`rerank` and `encoder` are both on, and a bundle holds one model's vectors: set one (the encoder, fused with "
        "the search, found more on the development sites than the rerank: the README's \"Search\").")


def record_vectors(record: Sequence[schema.RecordSection], *, embedding: Embedding | None = None) -> Vectors:
    """A row for each section, in the record's order; EmbeddingMissing, saying what to install, without the extra."""
    model = embedding or Embedding.load()
    return Vectors(MODEL, DIMS, model.rows([section_text(s.trail, s.text) for s in record]))


def encoder_vectors(record: Sequence[schema.RecordSection], cache: VectorCache, *,
                    encoder: Encoder | None = None) -> Vectors:
    """The encoder's row for each section, in the record's order, those of texts seen before read from `cache`; the
    model is loaded only where a text is new (EncoderMissing, saying what to install, without the extra)."""
    texts = [section_text(s.trail, s.text) for s in record]
    loaded: list[Encoder] = [encoder] if encoder is not None else []

    def make(new: Sequence[str]) -> list[bytes]:
        if not loaded:
            loaded.append(Encoder.load())
        return loaded[0].rows(new)

    return Vectors(ENCODER, ENCODER_DIMS, b"".join(cache.rows(ENCODER, texts, make)))


def embedded(cache: VectorCache | None) -> str:
    """What the encoder cost this build, for its notes ("" where it did not run: off, or the record sent whole)."""
    if cache is None or not cache.embedded + cache.kept:
        return ""
    dropped = f"; {cache.dropped} rows no section has any more dropped" if cache.dropped else ""
    return (f"the encoder embedded {cache.embedded} record sections and took {cache.kept} unchanged from "
            f"{cache.path}{dropped}")
