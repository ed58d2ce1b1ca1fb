"""Retrieval quality: recall@k and hit@k of the record search on the example's set and on a generated large site.

The example's set (`retrieval-example.json`, 94 questions phrased as visitors phrase them, each with the sections
that answer it) was written apart from the ranker; `retrieval-example-holdout.json` (18 more, on facts the first set
does not ask about) was written before a round's changes to search and measured only when they were done. The large site's set comes from its generator
(`tests.bench.docsite.questions`, and its long questions, `long_questions`, on a line of their own). recall@k: the share of a question's sections among the first k found, averaged
over the questions; hit@k: the share of questions with at least one of its sections among them; mrr: the mean of
1 / the rank of a question's first section found (0 where none is), as the embedded model answers from the top of the
list. The guide gives k = `excerpts.SECTIONS` sections with a question. Run: `python -m tests.evals.retrieval` (`make eval` runs it).
With the `rerank` extra installed, each line has the same figures with the guide's rerank beside them (`rerank_`:
the search's first 24 reranked by WordLlama's vectors, as a bundle built with `rerank: true` is; round 19's notes); with
the `encoder` extra, with the guide's encoder (`encoder_`: the search and all-MiniLM-L6-v2 fused, as a bundle built with
`encoder: true` is; round 31's notes), the sections' rows kept in `ENCODED` (a site is embedded once, ~64 ms a section).

A real documentation site's sets, apart: `retrieval-httpx.json` (12 questions) and `retrieval-httpx-holdout.json` (15
more, each with the GitHub issue it comes from, written before a round's changes to search and measured only at its
start and its end) ask HTTPX's own docs (encode/httpx at ae1b9f66, `docs/` and `mkdocs.yml`, built with `mkautodoc`
importable and Docent added as `docent: {kind: docs, record_pages: ["**"]}`; the repository is not vendored, as
Starlette's docs are). Run: `python -m tests.evals.retrieval --site path/to/docent-bundle.json retrieval-httpx.json`.
`retrieval-pydantic-settings.json` (20 questions, each from a GitHub issue or pull request of pydantic-settings or
pydantic, written before round 5's changes to search and measured only at its start and its end) asks
pydantic-settings' one-page documentation (pydantic/pydantic-settings at d26fc0c3, `docs/` and `mkdocs.yml`; in
`mkdocs.yml` the `mike` and `exclude` plugins and `extra.version` taken out, `materialx.emoji` spelt
`material.extensions.emoji`, and Docent added as `docent: {kind: docs, record_pages: ["**"]}`): 75 sections of one
page, where the sections of one page compete, not pages.
`retrieval-pdm.json` (25 questions, each from a GitHub issue or pull request of PDM or its tools, written by round 6
before its changes to search and measured only at its start and its end) asks PDM's documentation, vendored in
`tests/data/sites/pdm/` (255 sections of 21 pages: a long configuration table, a generated CLI reference, a plugin
developer guide; its SOURCES.md says what changed); the main run builds it and measures it.
`retrieval-mkdocstrings.json` (29 questions, each from a GitHub issue or pull request of mkdocstrings or a project
using it, written by round 7 before its changes to search) asks mkdocstrings's own documentation, vendored in
`tests/data/sites/mkdocstrings/` (57 sections of 6 pages: usage, theming, handlers, recipes, troubleshooting); the main
run builds and measures it too.
`retrieval-poetry.json` (17 questions, 16 answerable, each from a GitHub issue or pull request of Poetry, written in
round 6 after its first change to search, which moved no figure, and before the others) asks Poetry's documentation
(python-poetry/poetry at f4670233, `docs/`: a configuration reference of one h3 per setting, a CLI reference and a
plugin guide), not vendored: its Markdown is Hugo's, so the front matter is taken out, the `note`, `warning`, `tabs`,
`tab`, `steps` and `step` shortcodes dropped (their contents kept), a `relref "x#y"` link written `x.md#y`, and an
`mkdocs.yml` written with the Material theme, the 16 pages in their menu's order, `admonition`, `attr_list`, `toc`,
`tables`, `pymdownx.superfences` and `docent: {record_pages: ["**"]}`. Measure it with `--site`.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from docent.manifest_build.vector_cache import VectorCache
from docent.manifest_build.vectors import encoder_vectors, record_vectors
from docent.schema.embedding import Embedding, EmbeddingMissing
from docent.schema.encoder import Encoder, EncoderMissing
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import SECTIONS
from docent.sidecar.answer.fusion import WIDE, Fusion
from docent.sidecar.answer.record_index import RecordIndex
from docent.sidecar.answer.rerank import Rerank, pool

HERE = Path(__file__).resolve().parent
KS = (1, 3, 5, SECTIONS, 10)
LARGE_PAGES = 400
ENCODED = Path(tempfile.gettempdir()) / "docent-eval" / "vectors.sqlite"  # the encoder's rows, kept between runs


def first_rank(found: Sequence[str], wanted: Collection[str]) -> int | None:
    """The rank (1 the first) of the first of `wanted` among `found`, or None where none is found."""
    return next((rank for rank, sid in enumerate(found, start=1) if sid in wanted), None)


def measure(index: RecordIndex, asked: Sequence[dict[str, Any]], *, ks: Sequence[int] = KS,
            rerank: Rerank | None = None, fusion: Fusion | None = None) -> dict[str, float]:
    """recall@k and hit@k for each k, and `mrr`: the mean of 1 / the first right section's rank among the `max(ks)`
    found (0 where none is), since the embedded model answers from the top of the list: the right section 2nd
    counts a half, 8th an eighth. With `rerank`, the search's first `max(ks)` and the rest of its first `POOL`
    reranked (`rerank.pool`), as the guide's excerpts are; with `fusion`, the search's first `WIDE` and the encoder's
    nearest fused (`fusion.Fusion`), as they are with the encoder."""
    figures: dict[str, float] = {}
    ranked = [_fused(index, str(q["question"]), max(ks), fusion) if fusion is not None
              else _found(index, str(q["question"]), max(ks), rerank) for q in asked]
    for k in ks:
        recall = hit = 0.0
        for q, found in zip(asked, ranked, strict=True):
            wanted, top = set(q["sections"]), set(found[:k])
            recall += len(wanted & top) / len(wanted)
            hit += bool(wanted & top)
        figures[f"recall@{k}"] = round(recall / len(asked), 3)
        figures[f"hit@{k}"] = round(hit / len(asked), 3)
    firsts = (first_rank(found, set(q["sections"])) for q, found in zip(asked, ranked, strict=True))
    figures["mrr"] = round(sum(1 / rank for rank in firsts if rank) / len(asked), 3)
    return figures


def _found(index: RecordIndex, question: str, limit: int, rerank: Rerank | None) -> list[str]:
    if rerank is None and limit == SECTIONS:
        return index.given(question)  # the guide's 8, as `excerpts.searched` gives them
    if rerank is None:
        return [sid for sid, _ in index.search(question, limit=limit)]
    return rerank.order(question, pool(index, question, first=limit))[:limit]


def _fused(index: RecordIndex, question: str, limit: int, fusion: Fusion) -> list[str]:
    return fusion.order(question, index.scored_pool(question, first=limit, limit=max(WIDE, limit)))[:limit]


def reranked(bundle: Bundle) -> Bundle | None:
    """The bundle as built with `rerank: true` (its record's vectors made here, its index shared), for the rerank's
    figures beside the search's; None where the `rerank` extra is not installed."""
    try:
        embedding = _embedding()
    except EmbeddingMissing:
        return None
    vectors = bundle.vectors or record_vectors(list(bundle.record.values()), embedding=embedding)
    out = replace(bundle, vectors=vectors, embed=embedding.vector)
    out.__dict__["index"] = bundle.index  # the same record: its index (a cached property) is not made again
    return out


@cache
def _embedding() -> Embedding:
    return Embedding.load()


def encoded(bundle: Bundle) -> Bundle | None:
    """The bundle as built with `encoder: true` (its record's rows made here through `ENCODED`, its index shared), for
    the encoder's figures beside the search's; None where the `encoder` extra is not installed."""
    try:
        encoder = _encoder()
    except EncoderMissing:
        return None
    vectors = bundle.vectors
    if vectors is None or not vectors.encoded:
        vectors = encoder_vectors(list(bundle.record.values()), VectorCache(ENCODED), encoder=encoder)
    out = replace(bundle, vectors=vectors, embed=encoder.vector)
    out.__dict__["index"] = bundle.index
    return out


@cache
def _encoder() -> Encoder:
    return Encoder.load()


def example(name: str = "retrieval-example.json") -> dict[str, float]:
    bundle = Bundle.load(HERE / "bundle-search.json")
    asked = json.loads((HERE / name).read_text(encoding="utf-8"))
    return measure(bundle.index, asked) | with_rerank(bundle, asked)


def with_rerank(bundle: Bundle, asked: Sequence[dict[str, Any]], *, ks: Sequence[int] = KS) -> dict[str, float]:
    """The same figures with the guide's rerank (`reranked`), `rerank_` before each name, and with its encoder
    (`encoded`), `encoder_` before each; none without the extra."""
    out: dict[str, float] = {}
    again = reranked(bundle)
    if again is not None and again.rerank is not None:
        out |= {f"rerank_{k}": v for k, v in measure(again.index, asked, ks=ks, rerank=again.rerank).items()}
    fused = encoded(bundle)
    if fused is not None and fused.fusion is not None:
        out |= {f"encoder_{k}": v for k, v in measure(fused.index, asked, ks=ks, fusion=fused.fusion).items()}
    return out


def large(pages: int = LARGE_PAGES) -> tuple[dict[str, float], dict[str, float]]:
    """The generated site's figures on its short questions and on its long ones (`docsite.long_questions`)."""
    from tests.bench.docsite import generate, long_questions, questions

    with tempfile.TemporaryDirectory(prefix="docent-retrieval-") as tmp:
        root = Path(tmp)
        components = generate(root, pages)
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(root / "docent.yml"),
                        "-d", str(root / "site")], cwd=root, check=True, timeout=600)
        index = Bundle.load(root / "docent-bundle.json").index
        return measure(index, questions(components)), measure(index, long_questions(components))


def site(bundle: Path, name: str) -> dict[str, float]:
    """A built site's bundle measured on a set of this folder (or any path), at 1, 3 and the guide's k."""
    asked = json.loads((HERE / name if (HERE / name).exists() else Path(name)).read_text(encoding="utf-8"))
    answerable = [q for q in asked if q.get("answerable", True)]  # a question the docs never answer has no sections
    loaded = Bundle.load(bundle)
    return measure(loaded.index, answerable, ks=(1, 3, SECTIONS)) | with_rerank(loaded, answerable, ks=(1, 3, SECTIONS))


def vendored(folder: str, name: str) -> dict[str, float]:
    """A vendored documentation site (`tests/data/sites/<folder>`) built `--strict` in a temporary folder, measured on
    its users' questions."""
    from tests.evals.docsite import build_copy

    with tempfile.TemporaryDirectory(prefix=f"docent-retrieval-{folder}-") as tmp:
        return site(build_copy(HERE.parents[1] / "tests" / "data" / "sites" / folder, Path(tmp)).bundle, name)


def main() -> None:
    if sys.argv[1:2] == ["--site"] and len(sys.argv) >= 4:
        for name in sys.argv[3:]:
            print(f"{name}: " + ", ".join(f"{k} {v:.3f}" for k, v in site(Path(sys.argv[2]), name).items()))
        return
    short, long = large()
    for name, figures in (("example site (94 questions)", example()),
                          ("example site, held out (18 questions)", example("retrieval-example-holdout.json")),
                          (f"generated site, {LARGE_PAGES} pages", short),
                          (f"generated site, {LARGE_PAGES} pages, long questions", long),
                          ("PDM's documentation (25 questions)", vendored("pdm", "retrieval-pdm.json")),
                          ("mkdocstrings's documentation (29 questions)",
                           vendored("mkdocstrings", "retrieval-mkdocstrings.json"))):
        print(f"{name}: " + ", ".join(f"{k} {v:.3f}" for k, v in figures.items()))
    print(f"(the guide gives {SECTIONS} sections with each question)")


if __name__ == "__main__":
    main()
