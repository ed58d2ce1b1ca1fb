"""Round 5's held-out sets (`corpora/round5-notes.md`): the example and Uvicorn's documentation, vendored in
`tests/data/sites/uvicorn/`. What each figure is: `heldout`. Run: `python -m tests.evals.round5 [--show]`."""

from __future__ import annotations

import json
import sys

from tests.evals.heldout import Round

ROUND = Round(
    number=5,
    site="uvicorn",
    markdown={"example": "markdown-answers-round5-holdout.json", "uvicorn": "uvicorn-answers-round5-holdout.json"},
    visitors="visitors-round5-holdout.json",
    questions="uvicorn-questions-round5.json",
)

if __name__ == "__main__":
    print(json.dumps(ROUND.measure("--show" in sys.argv), indent=1))
