"""The gate on documentation sites' sections: `python -m tests.bench._gate_docs [SITES] [PASSES]`.

The bench's record (`gate.py`) is sixty sections of two units, and its sentences write none of its names; a
documentation site's record is hundreds of sections of some twenty units, with hundreds of names its sentences write.
This judges the construction corpora of the development documentation sites (Starlette, and rounds 5 to 7's Uvicorn,
MkDocs and DRF; never round 8's, the round validated on), each sentence fed in the bench's fragments through a fresh
gate on its site's bundle, as `corpora.py` judges them: one pass to warm (each section's facts are made on first use),
then PASSES (3), and prints each site's us a sentence (the process's CPU, the lowest pass) and the cold pass's.
`SITES`: a folder where the built sites are kept between runs (as `tests.evals.verdicts` keeps them); without it they
are built in a temporary folder. For instructions, which the machine's load does not change, run it under valgrind's
cachegrind with PASSES 0 and 1 and take the difference (tests/bench/README.md, round 9). Not a bench of `make bench`
(its name starts with `_`).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.evals import docsite
from tests.evals.heldout import ROUNDS

CORPORA = Path(__file__).resolve().parents[1] / "evals" / "corpora"
# Each development site's construction corpora (faithful and false sentences), by the site's folder.
SETS = {
    "starlette": (docsite.SITE, ["round4-docs", "round3-docs"]),
    "uvicorn": (ROUNDS[5].folder, ["round5-uvicorn"]),
    "mkdocs": (ROUNDS[6].folder, ["round6-mkdocs"]),
    "drf": (ROUNDS[7].folder, ["round7-drf"]),
}


def _fragments(text: str, rng: random.Random) -> list[str]:
    out, at = [], 0
    while at < len(text):
        step = rng.randint(2, 12)  # as gate.py cuts its answers
        out.append(text[at : at + step])
        at += step
    return out


def load(name: str, into: Path) -> tuple[Bundle, list[list[str]]]:
    source, stems = SETS[name]
    bundle_path = into / source.name / "docent-bundle.json"
    if not bundle_path.exists():
        docsite.build_copy(source, into)
    bundle = Bundle.load(bundle_path).warm()
    rng = random.Random(1)
    sentences = [row["sentence"] for stem in stems for kind in ("faithful", "falsehoods")
                 for row in json.loads((CORPORA / f"{stem}-{kind}.json").read_text(encoding="utf-8"))]
    return bundle, [_fragments(s, rng) for s in sentences]


def judge(bundle: Bundle, sentences: list[list[str]]) -> float:
    """One pass: the process's CPU time it took."""
    policy = AnswerPolicy()
    start = time.process_time()
    for pieces in sentences:
        gate = default_gate(bundle, policy)
        for piece in pieces:
            gate.feed(piece)
        gate.finish()
    return time.process_time() - start


def main(argv: list[str]) -> None:
    passes = int(next((a for a in argv if a.isdigit()), "3"))
    folder = next((a for a in argv if not a.isdigit()), None)
    with tempfile.TemporaryDirectory(prefix="docent-gate-docs-") as tmp:
        into = Path(folder) if folder else Path(tmp)
        loaded = {name: load(name, into) for name in SETS}
        for name, (bundle, sentences) in loaded.items():
            cold = judge(bundle, sentences)
            warm = min((judge(bundle, sentences) for _ in range(passes)), default=0.0)
            print(f"{name}: {len(sentences)} sentences, {warm / len(sentences) * 1e6:.1f} us a sentence warm, "
                  f"{cold / len(sentences) * 1e6:.1f} cold")


if __name__ == "__main__":
    main(sys.argv[1:])
