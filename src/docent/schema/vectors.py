"""The record's vectors: each section's meaning as one static embedding, for the guide's rerank (`rerank: true`).

The build writes one row a record section, in the record's order: the mean of its words' vectors in WordLlama's
`l2_supercat_256` (the heading trail and the text to `READ`), each component scaled to a signed byte (the row's largest
to 127), so a row is `DIMS` bytes; the sidecar embeds a question the same way (`embedding.Embedding`) and reads a
row's cosine with it. The scale is the row's own, and a cosine divides by the row's length, so it cancels.
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


@dataclass(frozen=True, slots=True)
class Vectors:
    """The bundle's `vectors` (absent unless the owner set `rerank: true`)."""

    model: str  # `MODEL` as the build had it
    dims: int
    rows: bytes  # len(record) rows of `dims` signed bytes, in the record's order; base64 in the JSON

    def checked(self, sections: int) -> Vectors:
        """These vectors, if they are a row for each of `sections` by the model this version reads; else a
        BundleError that says to rebuild."""
        if self.model != MODEL or self.dims != DIMS:
            raise BundleError(f"The bundle's vectors are {self.model}'s ({self.dims} dimensions), not {MODEL}'s "
                              f"({DIMS}), which this version reads: {REBUILD}.")
        if len(self.rows) != sections * self.dims:
            raise BundleError(f"The bundle's vectors hold {len(self.rows)} bytes, not {self.dims} for each of its "
                              f"{sections} record sections: {REBUILD}.")
        return self


def section_text(trail: str, text: str) -> str:
    """What a section's vector reads: its heading trail ("HTTPX › Advanced › Timeouts") and its text to `READ`."""
    return f"{trail}\n{text[:READ]}"
