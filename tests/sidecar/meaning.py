"""Rows and questions along one dimension, for the tests of the excerpts put in order by meaning (`rerank: true`'s
WordLlama, `encoder: true`'s all-MiniLM-L6-v2): each section's row along one axis, those named along their own, and a
question's vector along one, so that a test says which section a question is like; and a serving process started on
such a bundle (`loaded_at_start`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.schema import Vectors
from docent.schema.vectors import DIMS, ENCODER, ENCODER_DIMS, MODEL
from docent.sidecar.answer.bundle import Bundle

WIDTH = {MODEL: DIMS, ENCODER: ENCODER_DIMS}  # each model's dimensions


def axis(model: str, i: int) -> bytes:
    """A row pointing along dimension `i`, as the build scales it (its largest component 127)."""
    row = [0] * WIDTH[model]
    row[i] = 127
    return bytes(x & 0xFF for x in row)


def rows(model: str, ids: list[str], *, along: dict[str, int]) -> Vectors:
    """Each section along dimension 1, those of `along` along their own."""
    return Vectors(model, WIDTH[model], b"".join(axis(model, along.get(sid, 1)) for sid in ids))


def toward(model: str, i: int) -> list[float]:
    """A question's vector, unit length, along dimension `i`."""
    question = [0.0] * WIDTH[model]
    question[i] = 1.0
    return question


async def loaded_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bundle: Path, loader: str) -> Bundle:
    """The app made on `bundle` and started, with the model's loader (`sidecar.vectors.<loader>`, the rerank's
    `_embedding` or the encoder's `_encoder`) watched: it loads nothing when made, and the model once as it starts, in
    a worker thread, off its event loop. The bundle it serves, read as it started."""
    import threading

    from docent.sidecar import vectors as edge
    from tests.sidecar.appkit import make_app

    threads: list[threading.Thread] = []
    real = getattr(edge, loader)()

    def load() -> object:
        threads.append(threading.current_thread())
        return real

    monkeypatch.setattr(edge, loader, load)
    app = make_app(tmp_path, bundle=bundle)
    assert threads == []  # made, not started
    async with app.router.lifespan_context(app):
        assert len(threads) == 1 and threads[0] is not threading.current_thread()
        served: Bundle = app.state.guide.bundle()
    return served
