"""The encoder's cost beside the rerank's (`encoder: true`, `rerank: true`), on a real documentation site: uvicorn's
docs (`tests/data/sites/uvicorn/`, round 5's development site, 91 record sections), built once, and its users'
questions (`tests/evals/uvicorn-questions-round5.json`). CPU time of this process, each model on one thread as the
sidecar and the build run it; the medians over `ROUNDS` passes of the questions.

Figures (absent where that model's extra is not installed):
- `encoder_question_us`, `rerank_question_us`: a question's embedding (`Encoder.vector`, `Embedding.vector`), which the
  sidecar makes in a worker thread, off its event loop;
- `search_excerpts_us`, `encoder_excerpts_us`, `rerank_excerpts_us`: the guide's excerpts for a question
  (`excerpts.searched`, the embedding included): the search alone, fused with the encoder, reranked;
- `encoder_build_us_per_section`, `rerank_build_us_per_section`: the build's rows for the whole record, a section
  (`Encoder.rows`, `Embedding.rows`, nothing cached: a first build; a rebuild embeds only the changed sections).

Run alone: `python -m tests.bench.encoder`.
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "tests" / "data" / "sites" / "uvicorn"
QUESTIONS = ROOT / "tests" / "evals" / "uvicorn-questions-round5.json"
ROUNDS = 5


def _median_us(questions: list[str], call: Callable[[str], Any]) -> float:
    """The median over the questions, each the least of its `ROUNDS` passes, of one call's CPU time (us)."""
    times: dict[str, float] = {}
    for _ in range(ROUNDS):
        for question in questions:
            began = time.process_time()
            call(question)
            spent = (time.process_time() - began) * 1e6
            times[question] = min(times.get(question, spent), spent)
    return round(statistics.median(times.values()), 1)


def _per_section_us(texts: list[str], rows: Callable[[list[str]], Any]) -> tuple[Any, float]:
    """The record's rows, and their CPU time a section (us)."""
    began = time.process_time()
    made = rows(texts)
    return made, round((time.process_time() - began) * 1e6 / len(texts), 1)


def run() -> dict[str, float]:
    from docent.schema.embedding import Embedding, EmbeddingMissing
    from docent.schema.encoder import Encoder, EncoderMissing
    from docent.schema.vectors import DIMS, ENCODER, ENCODER_DIMS, MODEL, Vectors, section_text
    from docent.sidecar.answer.bundle import Bundle
    from docent.sidecar.answer.excerpts import searched
    from tests.evals import docsite

    with tempfile.TemporaryDirectory(prefix="docent-bench-encoder-") as tmp:
        bundle = Bundle.load(docsite.build_copy(SITE, Path(tmp)).bundle)
    questions = [str(q["question"]) for q in json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]]
    texts = [section_text(s.trail, s.text) for s in bundle.record.values()]
    figures = {"search_excerpts_us": _median_us(questions, lambda q: searched(bundle, q))}
    try:
        encoder = Encoder.load()
    except EncoderMissing:
        pass
    else:
        figures["encoder_question_us"] = _median_us(questions, encoder.vector)
        rows, figures["encoder_build_us_per_section"] = _per_section_us(texts, encoder.rows)
        fused = replace(bundle, vectors=Vectors(ENCODER, ENCODER_DIMS, b"".join(rows)), embed=encoder.vector)
        figures["encoder_excerpts_us"] = _median_us(questions, lambda q: searched(fused, q))
    try:
        embedding = Embedding.load()
    except EmbeddingMissing:
        return figures
    figures["rerank_question_us"] = _median_us(questions, embedding.vector)
    made, figures["rerank_build_us_per_section"] = _per_section_us(texts, embedding.rows)
    reranked = replace(bundle, vectors=Vectors(MODEL, DIMS, made), embed=embedding.vector)
    figures["rerank_excerpts_us"] = _median_us(questions, lambda q: searched(reranked, q))
    return figures


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
