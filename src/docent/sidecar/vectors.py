"""A question's embedding for the guide's rerank: the model the bundle's vectors name, loaded once a process, at start,
and only when a bundle has vectors (built with `rerank: true`). The answering core reads it through `Bundle.embed`."""

from __future__ import annotations

from functools import cache

from docent.schema.embedding import Embedding, EmbeddingMissing
from docent.schema.vectors import INSTALL

from .answer.bundle import BundleError
from .answer.rerank import Embed


class RerankMissing(BundleError):
    """The bundle asks for the rerank, and the `rerank` extra is not installed here: the sidecar does not start."""


@cache
def _embedding() -> Embedding:
    return Embedding.load()


def question_embed(model: str) -> Embed:
    """A question's vector by `model` (the bundle's vectors', checked against `MODEL` as the bundle is read)."""
    try:
        return _embedding().vector
    except EmbeddingMissing as exc:
        raise RerankMissing(f"The bundle holds the record's vectors (built with `rerank: true`), and {exc}. Install "
                            f"it beside the sidecar ({INSTALL}), or rebuild the site without `rerank`.") from exc
