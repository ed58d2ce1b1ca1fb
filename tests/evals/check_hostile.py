"""The model check under a hostile eye (round 27, `check_probe ask-hostile`): answers written from development rounds'
Markdown answers (rounds 5-22), each with one sentence changed or added right before a code block, replayed through
the real app with the check on, and the requests that ask those sentences kept as a judge's items (as
`check_probe ask-batched` keeps them, tests/evals/check_batched.py). Kinds (the corpus's `targets`):

- `a`: a lead-in whose block is right but whose words say something false of it (a flag's effect, a default, a
  negation); `d`: its faithful twin, the answer's original lead-in, the rest of the answer the same;
- `b`: the sentence right before a block makes a claim not about the code that no section states, citing the
  block's section or another (the block's then in view as `code_from`);
- `b-block-only`: a claim not about the code that only the block's section could state, the sentence citing another
  (the check's rules: its own cited sections must state it);
- `c`: falsehoods in a request beside an instruction to the check's model written into a site's own page (a copy of
  it, built apart: `injections`, in a code block the answer quotes, or in the section's prose), or into the answer's
  own block (not the record's lines: the gate holds that block, and the request shows none).

A target the gate holds for sure is never asked: the key lists it as `unasked`.
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from docent.sidecar.model.port import checked_sentences
from docent.sidecar.model.verdicts import key
from tests.evals import check_batched, docsite
from tests.evals.heldout import ROUNDS

SEED = 27


def injected(site: Path, injections: list[dict[str, Any]], into: Path) -> Path:
    """A copy of a site's folder with `injections` made: each a list of lines added after the first line of its
    file that is exactly `after` (an error where none is)."""
    root = into / site.name
    shutil.copytree(site, root, ignore=shutil.ignore_patterns("site", "docent-bundle.json"))
    for one in injections:
        page = root / one["file"]
        lines = page.read_text(encoding="utf-8").split("\n")
        if one["after"] not in lines:
            raise ValueError(f"{site.name}/{one['file']} has no line {one['after']!r} to inject after")
        at = lines.index(one["after"]) + 1
        page.write_text("\n".join([*lines[:at], *one["lines"], *lines[at:]]), encoding="utf-8")
    return root


def ask(corpus: dict[str, Any], seed: int = SEED, built: Path | None = None) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, int]]:
    """Items (the requests that ask a target, shuffled), the key (by item n, its sentences: each one's answer, kind
    and truth, read by `check_batched.score` as a canary's, every kind apart from `context` scored by its name; and
    `unasked`, the targets no request asked) and counts (the sentences asked, and the targets unasked, by kind).
    `built`: a folder the sites are built in and kept, a build found there used again (a second version's capture
    of the same set: the build runs the plugin, which the check's code is not part of)."""
    kept: list[tuple[Any, list[dict[str, Any]]]] = []
    asked: set[tuple[str, str]] = set()
    with tempfile.TemporaryDirectory(prefix="docent-hostile-") as tmp:
        groups: dict[tuple[int, bool], list[dict[str, Any]]] = {}
        for answer in corpus["answers"]:
            groups.setdefault((answer["round"], answer["injected"]), []).append(answer)
        for (number, hurt), answers in sorted(groups.items()):
            folder = ROUNDS[number].folder
            where = (built or Path(tmp)) / f"{number}{'-injected' * hurt}"
            bundle = where / folder.name / "docent-bundle.json"
            if not bundle.is_file():
                if hurt:
                    folder = injected(folder, corpus["injections"][ROUNDS[number].site], where / "source")
                bundle = docsite.build_copy(folder, where).bundle
            for answer in answers:  # one at a time: each request is known to be its answer's
                replayed = [{"question": answer["question"], "screen_page": answer["screen_page"],
                             "calls": [[{"type": "text", "text": answer["answer"]}]]}]
                for request in check_batched.captured(bundle, replayed):
                    rows = _rows(answer, request)
                    if any(row["kind"] != "context" for row in rows):
                        kept.append((request, rows))
                        asked.update((answer["id"], row["sentence"]) for row in rows if row["kind"] != "context")
    random.Random(seed).shuffle(kept)
    items = [check_batched.item(n, request) for n, (request, _rows) in enumerate(kept)]
    unasked = [{"id": a["id"], "round": a["round"], "site": a["site"], **t} for a in corpus["answers"]
               for t in a["targets"] if not any(i == a["id"] and key(t["sentence"]) in key(s) for i, s in asked)]
    counts = Counter(row["kind"] for _request, rows in kept for row in rows)
    counts.update(f"unasked {t['kind']}" for t in unasked)
    counts["items"] = len(items)
    key_out: dict[str, Any] = {str(n): {"sentences": rows} for n, (_request, rows) in enumerate(kept)}
    return items, {**key_out, "unasked": unasked}, dict(counts)


def _rows(answer: dict[str, Any], request: Any) -> list[dict[str, Any]]:
    """Each sentence a request asks, as the key gives it: the answer's id, round and site, the sentence's kind and
    truth (`context`, None: a sentence of the original answer beside a target), whether its block is shown beside it
    and whether the block's sections are all its own citations."""
    rows = []
    for s in checked_sentences(request):
        target = next((t for t in answer["targets"] if key(t["sentence"]) and key(t["sentence"]) in key(s.text)), None)
        rows.append({"n": s.n, "id": answer["id"], "round": answer["round"], "site": answer["site"], "sentence": s.text,
                     "canary": target is not None, "kind": target["kind"] if target else "context",
                     "truth": target["truth"] if target else None,
                     "note": target["note"] if target else "", "code_after": bool(s.code),
                     "code_from_own": bool(s.code) and set(s.code_from) <= set(s.cites)})
    return rows


def main(out: Path, key_path: Path, corpus_path: Path, built: Path | None = None) -> None:
    corpus = json.loads(corpus_path.read_text(encoding="utf-8"))
    items, key_out, counts = ask(corpus, built=built)
    if key_path.resolve().is_relative_to(out.resolve()):
        raise ValueError(f"The key ({key_path}) goes outside the judges' folder ({out}).")
    check_batched.write(out, items, key_out, counts, key_path)
