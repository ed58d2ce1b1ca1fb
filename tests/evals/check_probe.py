"""The model check's probe: rounds' twin sentences put to a judging model unlabelled, and its verdicts made into the
file `heldout N --checked` reads.

`python -m tests.evals.check_probe ask OUT N [N ...]` builds each round's documentation site and writes, in OUT:
`items.json`, every falsehood and faithful twin of those rounds, shuffled (seed 24), each only `{n, sentence,
sections}` (the cited sections' heading trail and text as the record gives them); `key.json`, which round, kind and
truth each `n` is (keep it from the judge); and `brief.md`, the judge's instructions. The judge (a model: in round 24
a capable one played by a subagent reading 96 items at a time, no key being here) writes `{n, verdict, point}` rows.
`python -m tests.evals.check_probe verdicts OUT FILE [FILE ...]` turns those rows into `{"verdicts": [{sentence,
supported, point}]}`, the form `tests/evals/checked.py` answers the check from. `corpora/check-round24-notes.md`
says what the first judge did.

The check asks a paragraph's sentences in one request (answer/check_request.py). `ask-batched OUT N [N ...]` replays
those rounds' Markdown answers through the real app with the check on, canaries planted in about one paragraph in
three (plain falsehoods, and cross-support ones: a sentence stated by a section another sentence of its paragraph
cites, not its own; tests/evals/check_canaries.py), and writes every request as the model receives it, as items
`{n, system, content, tool}`, with `key.json` (each item's sentences: canary or not, kind) and `brief.md`.
`verdicts-batched OUT FILE` reads a judge's `[{n, input}]` through the app's own reading and prints the figures
(tests/evals/check_batched.py). `ask-hostile OUT KEY CORPUS` replays a hostile set's answers the same way, no canary
planted (tests/evals/check_hostile.py: lead-ins that misdescribe their block, claims beside a block, injected
instructions), and writes the requests that ask its targets to OUT, the key to KEY (outside OUT), its sites built in
BUILT and kept there if given (a second capture uses them again); `verdicts-batched` scores a judge's answers to them,
read with that key.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from docent.sidecar.answer.bundle import Bundle
from tests.evals import docsite
from tests.evals.heldout import CORPORA, ROUNDS

BRIEF = """You are the checking model of a documentation assistant. An assistant wrote sentences that cite sections of a
site's documentation ([[id]] at the end names the cited sections). Before a sentence is shown to a reader, you
check it against ONLY the text of the sections it cites.

Read items.json (a JSON list of items: {"n", "sentence", "sections": {id: "heading trail\\ntext"}}).
For each item, decide:
- "supported": every claim the sentence makes (facts, numbers, units, order, who does what, how many/which ones,
  causes, whether something is required, possible, default or certain) is stated or directly implied by the cited
  text. Paraphrase is fine; a reasonable summary is fine.
- "unsupported": the sentence says something the cited text contradicts or does not say (one wrong point is enough).
A heading, a label or a lead-in that states nothing of its own ("Installing", "Here is how:") is supported.
Judge each item on its own, carefully; do not look for patterns across items.
Write a JSON list of {"n": ..., "verdict": "supported"|"unsupported", "point": "<if unsupported: the claim not
supported, in a few words>"}, one row per item, in order.
"""


def items(bundles: dict[int, Bundle], seed: int = 24) -> tuple[list[dict[str, Any]], dict[int, dict[str, Any]]]:
    """Each round's twins as the judge reads them, shuffled, and the key: a twin citing a section its bundle lacks
    is left out (its round's build no longer has it)."""
    rows: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for n, bundle in bundles.items():
        held = ROUNDS[n]
        for truth in ("falsehoods", "faithful"):
            for row in json.loads((CORPORA / f"round{n}-{held.site}-{truth}.json").read_text(encoding="utf-8")):
                if all(sid in bundle.record for sid in row["sections"]):
                    sections = {sid: f"{bundle.record[sid].trail}\n{bundle.record[sid].shown()}" for sid in row["sections"]}
                    rows.append(({"sentence": row["sentence"], "sections": sections},
                                 {"round": n, "truth": row["truth"], "kind": row["kind"]}))
    random.Random(seed).shuffle(rows)
    return [dict(item, n=i) for i, (item, _) in enumerate(rows)], {i: key for i, (_, key) in enumerate(rows)}


def verdicts(asked: list[dict[str, Any]], judged: list[dict[str, Any]]) -> dict[str, Any]:
    """The judge's rows as `checked.py` reads them, keyed by sentence; a row for no item asked is an error."""
    by_n = {item["n"]: item for item in asked}
    unknown = [row["n"] for row in judged if row["n"] not in by_n]
    if unknown:
        raise ValueError(f"verdicts for items never asked: {unknown[:5]}")
    return {"verdicts": [{"sentence": by_n[row["n"]]["sentence"], "supported": row["verdict"] == "supported",
                          "point": row.get("point", "")} for row in judged]}


def main(argv: list[str]) -> None:
    if len(argv) >= 3 and argv[0] == "ask":
        out, numbers = Path(argv[1]), [int(a) for a in argv[2:]]
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="docent-probe-") as tmp:
            bundles = {n: Bundle.load(docsite.build_copy(ROUNDS[n].folder, Path(tmp) / str(n)).bundle) for n in numbers}
            asked, key = items(bundles)
        (out / "items.json").write_text(json.dumps(asked, indent=1, ensure_ascii=False), encoding="utf-8")
        (out / "key.json").write_text(json.dumps(key, indent=1), encoding="utf-8")
        (out / "brief.md").write_text(BRIEF, encoding="utf-8")
        print(f"{len(asked)} items in {out}/items.json; keep key.json from the judge")
    elif len(argv) >= 3 and argv[0] == "verdicts":
        asked = json.loads((Path(argv[1]) / "items.json").read_text(encoding="utf-8"))
        judged = [row for name in argv[2:] for row in json.loads(Path(name).read_text(encoding="utf-8"))]
        print(json.dumps(verdicts(asked, judged), indent=1, ensure_ascii=False))
    elif len(argv) >= 3 and argv[0] == "ask-batched":
        from tests.evals import check_batched

        made, key, counts = check_batched.ask([int(a) for a in argv[2:]])
        check_batched.write(Path(argv[1]), made, key, counts)
    elif len(argv) in (4, 5) and argv[0] == "ask-hostile":
        from tests.evals import check_hostile

        check_hostile.main(Path(argv[1]), Path(argv[2]), Path(argv[3]), Path(argv[4]) if len(argv) == 5 else None)
    elif len(argv) == 3 and argv[0] == "verdicts-batched":
        from tests.evals import check_batched

        out = Path(argv[1])
        made = json.loads((out / "items.json").read_text(encoding="utf-8"))
        key = json.loads((out / "key.json").read_text(encoding="utf-8"))
        figures = check_batched.score(made, key, json.loads(Path(argv[2]).read_text(encoding="utf-8")))
        print(json.dumps(figures, indent=1, sort_keys=True))
    else:
        sys.exit("usage: python -m tests.evals.check_probe ask OUT N [N ...] | verdicts OUT FILE [FILE ...] | "
                 "ask-batched OUT N [N ...] | verdicts-batched OUT FILE | ask-hostile OUT KEY CORPUS [BUILT]")


if __name__ == "__main__":
    main(sys.argv[1:])
