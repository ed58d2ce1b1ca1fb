"""A question's embedding for the guide's rerank or its encoder: the model the bundle's vectors name, loaded once a
process, and only when a bundle has vectors (built with `rerank: true` or `encoder: true`). Each serving process loads
it as it starts, before it answers, off its event loop (`app`'s lifespan reads the bundle in a worker thread); `docent
serve` itself, which with `--workers N` serves nothing, only checks that it can be loaded (`installed_embed`). The
answering core reads it through `Bundle.embed`."""

from __future__ import annotations

from functools import cache

from docent.schema import encoder
from docent.schema.embedding import Embedding, EmbeddingMissing, available
from docent.schema.encoder import Encoder, EncoderMissing
from docent.schema.vectors import ENCODER, ENCODER_INSTALL, INSTALL

from .answer.bundle import BundleError
from .answer.rerank import Embed


class RerankMissing(BundleError):
    """The bundle asks for the rerank or the encoder, and that extra is not installed here: the sidecar does not
    start."""


@cache
def _embedding() -> Embedding:
    return Embedding.load()


@cache
def _encoder() -> Encoder:
    return Encoder.load()


def question_embed(model: str) -> Embed:
    """A question's vector by `model` (the bundle's vectors', checked against the models this version reads as the
    bundle is read)."""
    try:
        return _encoder().vector if model == ENCODER else _embedding().vector
    except (EmbeddingMissing, EncoderMissing) as exc:
        raise _missing(model, exc) from exc


def installed_embed(model: str) -> Embed:
    """As `question_embed`, for a process that answers nothing (`docent serve`'s start-up check): RerankMissing where
    the model cannot be loaded here, else an embedding that loads the model at its first call only (+70 MB)."""
    try:
        encoder.available() if model == ENCODER else available()
    except (EmbeddingMissing, EncoderMissing) as exc:
        raise _missing(model, exc) from exc
    return lambda text: question_embed(model)(text)


def _missing(model: str, exc: Exception) -> RerankMissing:
    option, install = ("encoder", ENCODER_INSTALL) if model == ENCODER else ("rerank", INSTALL)
    return RerankMissing(f"The bundle holds the record's vectors (built with `{option}: true`), and {exc}. Install it "
                         f"beside the sidecar ({install}), or rebuild the site without `{option}`.")
