"""The round's Markdown probes (`devanswers.MORE`) held, counted against the same source units on any code: a gate that
reads two wrapped lines as one sentence has fewer sentences to hold, so held/sentences is not like for like between
two readings of the line break. Here each answer's units are its own lines as written (a non-blank line; a fence is
one unit; a table's separator and a line of citations alone are none), and a unit is held where a held sentence's
words are on it. `python -m tests.evals.probelines [SITES] [--show]` prints, per site, the answers with a hold, the
units held, and the sentences held as the gate split them; SITES: a folder of built sites kept between runs (as
`verdicts` keeps them). Development figures: the probes were written knowing the gate.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from docent.sidecar.answer import gate as gates
from docent.sidecar.answer.events import Held
from docent.sidecar.operator.corpora import Figures, replay_answers
from tests.evals import docsite
from tests.evals.devanswers import MORE, SITES

HERE = Path(__file__).resolve().parent
_CITATIONS = re.compile(r"\[\[[^\]]*\]\]")
_NO_UNIT = re.compile(r"[|:\- ]+|(?:\[\[[^\]]*\]\]\s*)+")  # a table's separator, a line of citations alone


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", _CITATIONS.sub(" ", text.lower()))


@contextmanager
def _holds(into: list[str]) -> Iterator[None]:
    """Each held sentence's text (a fence's lines), as the gate judges it, into `into`."""
    judge, label = gates.Gate._judge, gates.Gate._label

    def judged(self: Any, draft: Any, **kwargs: Any) -> Any:
        event = judge(self, draft, **kwargs)
        if isinstance(event, Held):
            into.append(" ".join(draft.fence.lines) if draft.fence is not None else draft.text)
        return event

    def labelled(self: Any, heading: Any, about: Any) -> Any:
        event = label(self, heading, about)
        if isinstance(event, Held):
            into.append(heading.draft.text)
        return event

    gates.Gate._judge, gates.Gate._label = judged, labelled  # type: ignore[method-assign]
    try:
        yield
    finally:
        gates.Gate._judge, gates.Gate._label = judge, label  # type: ignore[method-assign]


def units(answer: str) -> tuple[list[tuple[str, int]], int]:
    """The answer's words, each with its unit's number, and how many units it has."""
    words: list[tuple[str, int]] = []
    n, fence = 0, False
    for line in answer.split("\n"):
        said = line.strip().lstrip(">").strip()
        opens = not fence and said.startswith("```")
        if not fence and not opens and (not said or _NO_UNIT.fullmatch(said)):
            continue
        n += 0 if fence else 1
        fence = opens or fence and not said.startswith("```")
        words += [(w, n - 1) for w in _words(said)]
    return words, n


def _find(seq: list[str], words: list[str], start: int = 0) -> int:
    return next((i for i in range(start, len(words) - len(seq) + 1) if words[i:i + len(seq)] == seq), -1)


def _found(seq: list[str], words: list[str], after: int) -> int:
    """Where the words are, the first place after the last hold's (the holds come in the answer's order, so a phrase
    written twice is marked where the hold is), else the first place; -1 where they are nowhere."""
    i = _find(seq, words, after)
    return i if i >= 0 else _find(seq, words)


def held_units(answer: str, held: list[str]) -> set[int]:
    """The units a held sentence's words are on; a row read with its column's labels, the unit it begins on."""
    words, _ = units(answer)
    plain = [w for w, _ in words]
    out: set[int] = set()
    after = 0
    for text in held:
        seq = _words(text)
        if seq and (i := _found(seq, plain, after)) >= 0:
            out |= {words[j][1] for j in range(i, i + len(seq))}
            after = i + len(seq)
        elif seq and (i := _found(seq[:3], plain, after)) >= 0:
            out.add(words[i][1])
            after = i + 3
    return out


def measure(sites: Path, show: bool = False) -> dict[str, tuple[int, int, int, int, int, int]]:
    out = {}
    for site, names in MORE.items():
        bundle = sites / site / "docent-bundle.json"
        if not bundle.exists():
            docsite.build_copy(SITES / site, sites)
        rows = [r for name in names for r in json.loads((HERE / "corpora" / name).read_text(encoding="utf-8"))]
        counts = [0, len(rows), 0, 0, 0, 0]
        for row in rows:
            held: list[str] = []
            figures = Figures()
            with _holds(held):
                asyncio.run(replay_answers([{**row, "calls": [[{"type": "text", "text": row["answer"]}]]}], bundle, figures))
            lines, total = held_units(row["answer"], held), units(row["answer"])[1]
            counts[0] += bool(figures.realistic_holds)
            counts[2:] = counts[2] + len(lines), counts[3] + total, counts[4] + len(figures.realistic_holds), \
                counts[5] + figures.realistic_sentences
            if show and held:
                print(f"  {row['question']}: units {sorted(lines)} of {total}: " + " | ".join(h[:70] for h in held))
        print(f"{site}: answers {counts[0]}/{counts[1]}, source lines {counts[2]}/{counts[3]}, "
              f"sentences as split {counts[4]}/{counts[5]}")
        out[site] = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
    return out


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if a != "--show"]
    with tempfile.TemporaryDirectory(prefix="docent-probelines-") as tmp:
        measure(Path(args[0]) if args else Path(tmp), "--show" in sys.argv)
