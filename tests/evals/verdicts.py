"""Every gate's verdicts over every corpus, written to one file, so that a change meant to keep them (the gate's speed)
is checked by a diff: `python -m tests.evals.verdicts OUT [SITES]`, on the code before and after, then `diff`.

Each corpus of `corpora/` goes through the gate as the evals send it: a sentence of a construction or paraphrase set
through a fresh gate against its site's bundle (the example's, Starlette's, a held-out round's site's or a development
site's, `devanswers.DEV`, by the file's name; never a validation or held-out round's, `heldout.VALIDATION`); an
answer (`calls`, or a careful model's `answer`) replayed through the real app, in the replay model's fragments; the
careful Starlette answers beside this folder too, and the bench's own answers. Every gate made meanwhile is recorded:
what it was fed (with its flushes and its finish) and the events it gave back, one JSON line a gate, sorted, each
named by its corpus (the file's name, `docsite:NAME` or `bench`), so that `diff BEFORE AFTER` names the corpora a
change moves.
`SITES`: a folder where the built documentation sites are kept between runs (the gate's changes do not
change a bundle); without it they are built in a temporary folder.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docent.sidecar.answer import gate as gates
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.operator.corpora import Figures, judge_constructions, replay_answers
from tests.evals import docsite
from tests.evals.devanswers import DEV, SITES
from tests.evals.heldout import ROUNDS, VALIDATION

HERE = Path(__file__).resolve().parent
CORPORA = HERE / "corpora"
_CORPUS = ["-"]  # the corpus whose gates are being recorded


def _record(into: list[str]) -> Callable[[], None]:
    """Records every gate's input and events into `into` until the returned function is called."""
    made = gates.Gate
    original = made.__init__, made.feed, made.flush, made.finish

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        original[0](self, *args, **kwargs)
        self._said: list[str] = []
        self._events: list[str] = []

    def step(method: Callable[..., list[Any]], mark: str | None) -> Callable[..., list[Any]]:
        def stepped(self: Any, *args: Any) -> list[Any]:
            out = method(self, *args)
            self._said.append(args[0] if mark is None else mark)
            self._events += [repr(e) for e in out]
            if mark == "<FINISH>":
                gate = {"corpus": _CORPUS[0], "in": "".join(self._said), "out": self._events}
                into.append(json.dumps(gate, sort_keys=True))
            return out

        return stepped

    made.__init__ = init  # type: ignore[method-assign]
    made.feed, made.flush, made.finish = step(original[1], None), step(original[2], "<FLUSH>"), step(original[3], "<FINISH>")  # type: ignore[method-assign]

    def undo() -> None:
        made.__init__, made.feed, made.flush, made.finish = original  # type: ignore[method-assign]

    return undo


# Validation and held-out rounds' sites (heldout.VALIDATION): never built nor replayed here.
UNSEEN = frozenset(r.site for n, r in ROUNDS.items() if n >= VALIDATION)


def _site(name: str) -> str:
    """The site a corpus file is written on: a development site's by the file's first word (`pdm-answers-dev`), a
    held-out round's documentation site by its name in the file's, else Starlette's for the documentation corpora
    (`round4-docs-*`), else the example."""
    dev = next((site for site in DEV if name.startswith(f"{site}-answers-")), None)  # "fastapi-users" has a dash
    if dev is not None:
        return dev
    held = next((r.site for r in ROUNDS.values() if r.site in name), None)
    return held or ("starlette" if "docs" in name else "example")


def _replay_all(bundles: dict[str, Path]) -> None:
    for path in sorted(CORPORA.glob("*.json")):
        rows = json.loads(path.read_text(encoding="utf-8"))
        if _site(path.name) in UNSEEN:  # a validation or held-out round's: its verdicts are not for developing on
            continue
        if not isinstance(rows, list):  # recorded check verdicts (`check-verdicts-*.json`): no sentences to judge
            continue
        bundle = bundles[_site(path.name)]
        _CORPUS[0] = path.name
        if "sentence" in rows[0]:
            # One sentence a gate, as the constructions are judged (the paraphrases have no kind: any will do).
            judge_constructions(Bundle.load(bundle), [{"kind": "-", **r} for r in rows], [])
        else:
            answers = [r if "calls" in r else {**r, "calls": [[{"type": "text", "text": r["answer"]}]]} for r in rows]
            asyncio.run(replay_answers(answers, bundle, Figures()))
    for name in docsite.ANSWERS.values():
        _CORPUS[0] = f"docsite:{name}"
        docsite.quoted.measure(json.loads((HERE / name).read_text(encoding="utf-8")), bundles["starlette"])


def _bench() -> None:
    from tests.bench import gate as bench

    record, lexicon = bench._record(), bench._lexicon()
    site = bench.Site.of(record, lexicon)
    mentions = bench.Mentions(record, lexicon, site.page_titles, site.intros)
    _CORPUS[0] = "bench"
    bench._judge(bench._answers()[:200], record, lexicon, site, mentions, bench.RULES)


def _built(into: Path) -> dict[str, Path]:
    bundles = {"example": HERE / "bundle.json"}
    dev = ((site, SITES / site) for site in DEV)
    rounds = ((r.site, r.folder) for r in ROUNDS.values() if r.site not in UNSEEN)
    for name, source in (("starlette", docsite.SITE), *rounds, *dev):
        bundle = into / source.name / "docent-bundle.json"
        if not bundle.exists():
            docsite.build_copy(source, into)
        bundles[name] = bundle
    return bundles


def main(argv: list[str]) -> None:
    out: list[str] = []
    with tempfile.TemporaryDirectory(prefix="docent-verdicts-") as tmp:
        bundles = _built(Path(argv[1]) if len(argv) > 1 else Path(tmp))
        undo = _record(out)
        try:
            _replay_all(bundles)
            _bench()
        finally:
            undo()
    Path(argv[0]).write_text("\n".join(sorted(out)) + "\n", encoding="utf-8")
    print(f"{len(out)} gates -> {argv[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
