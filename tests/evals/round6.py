"""Round 6's held-out sets (`corpora/round6-notes.md`): the example and MkDocs's own documentation, vendored in
`tests/data/sites/mkdocs/`. What each figure is: `heldout`. Run: `python -m tests.evals.round6 [--show]`."""

from __future__ import annotations

import json
import sys

from tests.evals.heldout import Round

ROUND = Round(
    number=6,
    site="mkdocs",
    markdown={"example": "markdown-answers-round6-holdout.json", "mkdocs": "mkdocs-answers-round6-holdout.json"},
    visitors="visitors-round6-holdout.json",
    questions="mkdocs-questions-round6.json",
)

if __name__ == "__main__":
    print(json.dumps(ROUND.measure("--show" in sys.argv), indent=1))
