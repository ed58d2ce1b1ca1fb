"""Docent's own documentation (`site-docs/`): one real build, and its figures.

`build(into)` copies the site into a folder (so the checkout stays clean), runs `mkdocs build --strict` on it as its
`mkdocs.yml` says (Material, Docent of kind docs, every page in the record by `record_pages`), and returns where the
site and the bundle are. `figures(built)` measures it on the questions in `docent-docs-questions.json`, a new user's
questions about Docent, each with the sections that answer it:
- `hit@8`, `recall@8`: the record search, at the guide's `excerpts.SECTIONS`;
- `offline_hit_rate`: the embedded model's answers through the real app that cite one of the question's sections.
Run: `python -m tests.evals.docent_docs` (`make eval` runs it). Tests share one build through a module-scoped fixture.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import SECTIONS
from docent.sidecar.operator.visitors import Visit, report, run_visits
from tests.evals.docsite import Built, build_copy
from tests.evals.retrieval import measure

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site-docs"
QUESTIONS = Path(__file__).resolve().parent / "docent-docs-questions.json"


def build(into: Path, *, site_url: str | None = None) -> Built:
    """The documentation built `--strict` in a copy under `into`; a failed build raises with what MkDocs said."""
    return build_copy(SITE, into, **({"DOCENT_DOCS_URL": site_url} if site_url else {}))


def questions() -> list[dict[str, Any]]:
    return list(json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"])


def offline(built: Built) -> list[tuple[Visit, list[str]]]:
    """Each question asked of the embedded model through the real app; a hit cites one of its sections."""
    visits = [Visit(q["question"], None, tuple(q["sections"]), None, None) for q in questions()]
    return asyncio.run(run_visits(visits, bundle_path=built.bundle))


def figures(built: Built) -> tuple[dict[str, float], str]:
    found = measure(Bundle.load(built.bundle).index, questions(), ks=(SECTIONS,))
    results = offline(built)
    rate = sum(not m for _, m in results) / len(results)
    return {**found, "offline_hit_rate": round(rate, 3)}, report(results, where=" in docent-docs-questions.json")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="docent-docs-") as tmp:
        found, said = figures(build(Path(tmp)))
        print(said)
        print(f"Docent's documentation (site-docs, {len(questions())} questions): "
              + ", ".join(f"{name} {value:.3f}" for name, value in found.items()))


if __name__ == "__main__":
    main()
