"""Careful Markdown answers on vendored documentation sites, for developing the gate on faithful prose (issue 21):
`corpora/<site>-answers-dev.json`, on sites nobody's held-out set uses (PDM's, mkdocstrings's and, from round 14,
FastAPI Users's) and, from round 15, on MkDocs's, round 6's held-out site, whose sets were read long since.

Written in round 7 by the engineer of gatefaith7, who knows the gate: each answer as a careful chat model writes
Markdown (intro lines, bullets, bold, inline code, causes, counts), from the site's record only, before it was replayed;
some sets were written after fixes, as a check of them. FastAPI Users's, in round 14 by the engineer of markdown14,
in heavier Markdown (tables, both kinds of heading, fences, shortcut and reference links, notes), its "unread" part
replayed only once that round's reading of Markdown was written; MkDocs's, in round 15 by the engineer of markdown15,
its "unread" part replayed only once that round's changes to the actor and hedge rules were written; OpenFaaS's and
Docker Mailserver's (rounds 15's and 14's held-out sites, read long since), in round 18 by the engineer of markdown18,
as probes of the constructions the brief named, before that round's changes to the gate's reading of them; and in round
19, by the engineer of markdown19, OpenFaaS's and MkDocs's probes of hard wraps, captioned tables and notes (`MORE`). Not blind: a
figure here is a development figure, never a held-out one. `python -m tests.evals.devanswers [--show]` replays each
through the real app (text only, one model call an answer) and prints the share of sentences held
(`dev_<site>_held`), with `--show` each hold's reason. The replay makes no search call, so in search mode a sentence's
citations are the gate's whole record (as a model that searched would cite), not the excerpts a turn hands over.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

from docent.sidecar.operator.corpora import Figures, replay_answers
from tests.evals import docsite

HERE = Path(__file__).resolve().parent
SITES = HERE.parents[1] / "tests" / "data" / "sites"
DEV = {  # site -> its answers
    "pdm": "pdm-answers-dev.json", "mkdocstrings": "mkdocstrings-answers-dev.json",
    "fastapi-users": "fastapi-users-answers-dev.json",  # round 14's Markdown (corpora/markdown-notes.md)
    "mkdocs": "mkdocs-answers-dev.json",  # round 15's, answers that read and hedge as careful models do (the same notes)
    # round 18's: lists after a cited lead line, intro lines naming a block's code, second person (the same notes)
    "openfaas": "openfaas-answers-dev.json", "docker-mailserver": "docker-mailserver-answers-dev.json",
}
# round 19's probes, beside a site's first set: hard wraps at 80 columns, tables captioned after them, notes, numbered
# steps with code (the same notes)
MORE = {"openfaas": ("openfaas-answers-dev19.json",), "mkdocs": ("mkdocs-answers-dev19.json",),
        "docker-mailserver": ("docker-mailserver-answers-dev19.json",)}  # the last written after the changes, a check


def answers(site: str) -> list[dict[str, object]]:
    rows = [r for name in (DEV[site], *MORE.get(site, ()))
            for r in json.loads((HERE / "corpora" / name).read_text(encoding="utf-8"))]
    return [{**r, "calls": [[{"type": "text", "text": r["answer"]}]]} for r in rows]


def measure(show: bool = False) -> dict[str, float]:
    out = {}
    with tempfile.TemporaryDirectory(prefix="docent-dev-answers-") as tmp:
        for site in DEV:
            built = docsite.build_copy(SITES / site, Path(tmp))
            figures = Figures()
            asyncio.run(replay_answers(answers(site), built.bundle, figures))
            out[f"dev_{site}_held"] = round(len(figures.realistic_holds) / max(1, figures.realistic_sentences), 4)
            print(f"{site}: {len(figures.realistic_holds)}/{figures.realistic_sentences} sentences held")
            for question, reason, _message in figures.realistic_holds if show else ():
                print(f"  held {reason}: {question}")
    return out


if __name__ == "__main__":
    print(json.dumps(measure("--show" in sys.argv), indent=1))
