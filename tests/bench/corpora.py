"""The gate's corpora as figures: faithful paraphrases shown, subtle falsehoods held (per kind), realistic holds.

The corpora were written by someone who never read the gate (`tests/evals/corpora/`); the realistic answers
are replayed through the real app. See `docent.sidecar.operator.corpora`. Round 3's corpora on Starlette's
documentation are measured on a real build of the vendored site (`tests/evals/docsite.py`), with the careful
model's answers on it (`docs_held_rate`, `docs_holdout_held_rate`): seen and held-out parts reported apart.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from docent.sidecar.operator.corpora import docs, measure

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "tests/evals/corpora"


def run() -> dict[str, float]:
    figures = measure(CORPORA, ROOT / "tests/evals/bundle.json")
    print(figures.report())
    out = figures.as_json()
    from tests.evals import docsite

    with tempfile.TemporaryDirectory(prefix="docent-bench-docs-") as tmp:
        built = docsite.build(Path(tmp))
        on_docs = docs(CORPORA, built.bundle)
        print(on_docs.report())
        out |= on_docs.as_json()
        careful = docsite.careful(built)
        out |= {k: v for k, v in careful.items() if k.endswith("held_rate")}
    return out


if __name__ == "__main__":
    print(run())
