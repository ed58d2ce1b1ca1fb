"""A question's embedding for the guide's rerank: the model the bundle's vectors name, loaded once a process, and only
when a bundle has vectors (built with `rerank: true`). Each serving process loads it as it starts, before it answers,
off its event loop (`app`'s lifespan reads the bundle in a worker thread); `docent serve` itself, which with
`--workers N` serves nothing, only checks that it can be loaded (`installed_embed`). The answering core reads it through
`Bundle.embed`."""

from __future__ import annotations

from functools import cache

from docent.schema.embedding import Embedding, EmbeddingMissing, available
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
        raise _missing(exc) from exc


def installed_embed(model: str) -> Embed:
    """As `question_embed`, for a process that answers nothing (`docent serve`'s start-up check): RerankMissing where
    the model cannot be loaded here, else an embedding that loads the model at its first call only (+70 MB)."""
    try:
        available()
    except EmbeddingMissing as exc:
        raise _missing(exc) from exc
    return lambda text: _embedding().vector(text)


def _missing(exc: EmbeddingMissing) -> RerankMissing:
    return RerankMissing(f"The bundle holds the record's vectors (built with `rerank: true`), and {exc}. Install it "
                         f"beside the sidecar ({INSTALL}), or rebuild the site without `rerank`.")
