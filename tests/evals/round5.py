"""Round 5's held-out sets, measured at that round's start and end only (`corpora/round5-notes.md`).

Written at the round's start by writers who saw only the bundles' prompts and tools (and, for the questions, the
projects' GitHub issues), never Docent's code; no engineer of the round opened them. Two sites: the example, and
Uvicorn's documentation, vendored in `tests/data/sites/uvicorn/` (built here `--strict`, as `docsite` builds
Starlette's). The figures:
- `gate_<site>5_held` and `_shown`: the falsehoods of eight constructions held, and the faithful sentences of the same
  constructions shown, one sentence a gate (`corpora/round5-<site>-*.json`); per kind with `--show`;
- `markdown_<site>5_held`: a careful model's Markdown answers replayed through the real app, the share of their
  sentences held (`corpora/markdown-answers-round5-holdout.json`, `corpora/uvicorn-answers-round5-holdout.json`);
- `visitors5`: the embedded model on the example's visitors (`visitors-round5-holdout.json`);
- `uvicorn5_*`: the record search's hit@8 and recall@8, and the embedded model's useful answers and refusals, on
  Uvicorn users' questions (`uvicorn-questions-round5.json`).
Run: `python -m tests.evals.round5 [--show]` (`make eval` runs it).
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.operator.corpora import Figures, Part, _constructions, _replay
from docent.sidecar.operator.visitors import measure_sets
from tests.evals import docsite

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
UVICORN = HERE.parents[1] / "tests" / "data" / "sites" / "uvicorn"
EXAMPLE_BUNDLE = HERE / "bundle.json"
MARKDOWN = {"example": "markdown-answers-round5-holdout.json", "uvicorn": "uvicorn-answers-round5-holdout.json"}
VISITORS = HERE / "visitors-round5-holdout.json"
QUESTIONS = HERE / "uvicorn-questions-round5.json"


def _rows(name: str) -> list[dict[str, Any]]:
    return list(json.loads((CORPORA / name).read_text(encoding="utf-8")))


def constructions(site: str, bundle: Path) -> Part:
    """One site's falsehoods and faithful sentences, each through a fresh gate."""
    falsehoods, faithful = _rows(f"round5-{site}-falsehoods.json"), _rows(f"round5-{site}-faithful.json")
    return _constructions(Bundle.load(bundle), falsehoods, faithful)


def markdown(site: str, bundle: Path) -> Figures:
    """A careful model's Markdown answers (text only, one model call each) replayed through the real app."""
    answers = [
        {"question": r["question"], "screen_page": r["screen_page"], "calls": [[{"type": "text", "text": r["answer"]}]]}
        for r in _rows(MARKDOWN[site])
    ]
    figures = Figures()
    asyncio.run(_replay(answers, bundle, figures))
    return figures


def measure(show: bool = False) -> dict[str, float]:
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="docent-round5-") as tmp:
        built = docsite.build_copy(UVICORN, Path(tmp))
        bundles = {"example": EXAMPLE_BUNDLE, "uvicorn": built.bundle}
        for site, bundle in bundles.items():
            part = constructions(site, bundle)
            lines = part.report(f"round5-{site}")
            print("\n".join(lines if show else lines[:2]))
            out[f"gate_{site}5_held"] = round(sum(part.held.values()) / sum(part.falsehoods.values()), 4)
            out[f"gate_{site}5_shown"] = round(sum(part.shown.values()) / sum(part.faithful.values()), 4)
            said = markdown(site, bundle)
            out[f"markdown_{site}5_held"] = round(len(said.realistic_holds) / max(1, said.realistic_sentences), 4)
            for hold in said.realistic_holds if show else ():
                print(f"  markdown {site} held: {hold}")
        rate, report = measure_sets([VISITORS], bundle_path=EXAMPLE_BUNDLE)
        print(report if show else report.rsplit("\n", 1)[-1])
        out["visitors5"] = round(rate, 3)
        found = {**docsite.figures(built, QUESTIONS), **docsite.offline(built, QUESTIONS)}
        out |= {f"uvicorn5_{name.removeprefix('docs_')}": value for name, value in found.items()}
    return out


if __name__ == "__main__":
    print(json.dumps(measure("--show" in sys.argv), indent=1))
