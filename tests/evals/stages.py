"""Why the falsehoods the gate lets through pass, by the alignment's stage: `python -m tests.evals.stages [SITES] [--show]`.

Over the seen construction sets only (rounds 2 to 5; never a held-out round's), each falsehood shown is put under the
first stage of the alignment (`answer/align.py`) it did not get past:
- `no contrast word`: the sentence has no word of a contrast class (`answer/contrasts.py`);
- `class not contrasted`: it has one, but the cited sections write no other pole of its class (they say the other
  thing in words of no class, or in figures);
- `no clause` / `tie`: no clause of the cited sections holds enough of its words, or two do;
- `aligned, no difference`: one clause, and no word of a class differs there.
What the next rule has to reach: at round 7's start, 57 of the 104 on the documentation sets were `class not
contrasted`.
`SITES`: a folder where the built sites are kept between runs (as `verdicts`); `--show` lists each sentence.
"""

from __future__ import annotations

import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

from docent.sidecar.answer import align, cues
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.shape import shape
from docent.sidecar.answer.words import fold
from docent.sidecar.operator.corpora import judge_constructions
from tests.evals import docsite
from tests.evals.heldout import EXAMPLE_BUNDLE, ROUNDS

CORPORA = Path(__file__).resolve().parent / "corpora"
# (site, set) of every seen construction set: its falsehoods are `<set>-falsehoods.json`, its faithful sentences
# `<set>-faithful.json`.
SEEN = (
    ("example", "round2"),
    ("example", "round2-heldout"),
    ("example", "round2-blind"),
    ("example", "round3-example"),
    ("starlette", "round3-docs"),
    ("starlette", "round3-docs-heldout"),
    ("example", "round4-example"),
    ("starlette", "round4-docs"),
    ("starlette", "round4-docsdev"),
    ("example", "round5-example"),
    ("uvicorn", "round5-uvicorn"),
)


def stage(sentence: str, bundle: Bundle, ids: list[str]) -> str:
    """The first stage of the alignment a sentence does not get past."""
    passages = [bundle.mentions.passages[sid] for sid in ids if sid in bundle.mentions.passages]
    said = unit(shape(sentence.split("[[")[0]).prose, fold)
    found = cues.marks(said)
    if not found:
        return "no contrast word"
    if not align._contrasted(found, passages):
        return "class not contrasted"
    skip = {m.at + k for m in found for k in range(len(m.entry.words))}
    alignments = align.aligned(said.stems.difference(said.tokens[j].stem for j in skip), passages)
    return "no clause" if not alignments else "tie" if len(alignments) > 1 else "aligned, no difference"


def _bundles(into: Path) -> dict[str, Bundle]:
    bundles = {"example": Bundle.load(EXAMPLE_BUNDLE)}
    for name, source in (("starlette", docsite.SITE), ("uvicorn", ROUNDS[5].folder)):
        path = into / source.name / "docent-bundle.json"
        if not path.exists():
            docsite.build_copy(source, into)
        bundles[name] = Bundle.load(path)
    return bundles


def main(argv: list[str]) -> None:
    show = "--show" in argv
    folders = [a for a in argv if a != "--show"]
    with tempfile.TemporaryDirectory(prefix="docent-stages-") as tmp:
        bundles = _bundles(Path(folders[0]) if folders else Path(tmp))
    for docs in (False, True):
        counts: Counter[str] = Counter()
        for site, name in SEEN:
            if (site != "example") != docs:
                continue
            falsehoods = json.loads((CORPORA / f"{name}-falsehoods.json").read_text(encoding="utf-8"))
            faithful = json.loads((CORPORA / f"{name}-faithful.json").read_text(encoding="utf-8"))
            missed = {sentence for _, sentence in judge_constructions(bundles[site], falsehoods, faithful).missed}
            for row in falsehoods:
                if row["sentence"] in missed:
                    why = stage(row["sentence"], bundles[site], row["sections"])
                    counts[why] += 1
                    if show:
                        print(f"  {why} | {row['kind']} | {row['sentence']}")
        total = sum(counts.values())
        print(
            f"{'documentation' if docs else 'example'}: {total} shown though false; "
            + ", ".join(f"{why} {n}" for why, n in counts.most_common())
        )


if __name__ == "__main__":
    main(sys.argv[1:])
