"""The gate's corpora as figures: faithful paraphrases shown, subtle falsehoods held (per kind), realistic holds.

The corpora were written by someone who never read the gate (`tests/evals/corpora/`); the realistic answers
are replayed through the real app. See `docent.sidecar.operator.corpora`.
"""

from __future__ import annotations

from pathlib import Path

from docent.sidecar.operator.corpora import measure

ROOT = Path(__file__).resolve().parents[2]


def run() -> dict[str, float]:
    figures = measure(ROOT / "tests/evals/corpora", ROOT / "tests/evals/bundle.json")
    print(figures.report())
    return figures.as_json()


if __name__ == "__main__":
    print(run())
