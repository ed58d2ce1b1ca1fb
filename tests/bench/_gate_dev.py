"""The gate on the development rounds' own sentences: `python -m tests.bench._gate_dev SITES [time|profile] [PASSES]`.

The bench (`gate.py`) times ten sentences of its own on a record of random words; this replays what the development
rounds (5 to 29, `tests/evals/heldout.py`'s rounds up to `LAST`) judged: each round's falsehoods and faithful
sentences on its site, and each round's careful Markdown answers (the site's and, for rounds 5 to 10, the example's),
each text fed in the bench's fragments (`_gate_docs._fragments`) through a fresh gate on its site's warmed bundle
(`turn.default_gate`, the whole record in scope), one pass to warm (the facts a section makes on first use), then
PASSES (3). `time` prints the process's CPU a sentence (a shown or held sentence's event) warm, by round and for rounds
5-15 and 16-29 apart; `profile [OUT]` runs one warm pass under cProfile and prints the largest items by own and by
inclusive time (and writes the profile to OUT). `SITES`: the folder where the built sites are kept (as `tests.evals.verdicts` keeps them; a site not built there
is built). Never a validation or held-out round's: only rounds up to `LAST` are read. Not a bench of `make bench` (its
name starts with `_`).
"""

from __future__ import annotations

import cProfile
import json
import pstats
import random
import sys
import time
from pathlib import Path

from docent.sidecar.answer import events
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.bench._gate_docs import _fragments
from tests.evals import docsite
from tests.evals.heldout import ROUNDS

CORPORA = Path(__file__).resolve().parents[1] / "evals" / "corpora"
EXAMPLE = Path(__file__).resolve().parents[1] / "evals" / "bundle.json"
FIRST, LAST = 5, 29  # the development rounds (Headscale's round 29 joined them in round 34)


def _texts(number: int) -> dict[str, list[str]]:
    """A round's texts by the site they are written on ("example" or the round's site)."""
    held = ROUNDS[number]
    out: dict[str, list[str]] = {}
    for site in (held.site, "example"):
        for kind in ("falsehoods", "faithful"):
            path = CORPORA / f"round{number}-{site}-{kind}.json"
            if path.exists():
                out.setdefault(site, []).extend(r["sentence"] for r in json.loads(path.read_text(encoding="utf-8")))
    for site, name in held.markdown.items():
        out.setdefault(site, []).extend(r["answer"] for r in json.loads((CORPORA / name).read_text(encoding="utf-8")))
    return out


def _bundle(site: str, into: Path) -> Bundle:
    if site == "example":
        return Bundle.load(EXAMPLE).warm()
    path = into / site / "docent-bundle.json"
    if not path.exists():
        docsite.build_copy(ROUNDS_BY_SITE[site].folder, into)
    return Bundle.load(path).warm()


ROUNDS_BY_SITE = {r.site: r for n, r in ROUNDS.items() if FIRST <= n <= LAST}


def load(into: Path) -> list[tuple[int, Bundle, list[list[str]]]]:
    """(round, bundle, texts in fragments) for each development round and site."""
    bundles: dict[str, Bundle] = {}
    rng = random.Random(1)
    out = []
    for number in range(FIRST, LAST + 1):
        for site, texts in _texts(number).items():
            if site not in bundles:
                bundles[site] = _bundle(site, into)
            out.append((number, bundles[site], [_fragments(t, rng) for t in texts]))
    return out


def judge(bundle: Bundle, texts: list[list[str]]) -> tuple[float, int]:
    """One pass: the process's CPU time it took, and the sentences shown or held."""
    policy = AnswerPolicy()
    said = 0
    start = time.process_time()
    for pieces in texts:
        gate = default_gate(bundle, policy)
        out = []
        for piece in pieces:
            out += gate.feed(piece)
        out += gate.finish()
        said += sum(isinstance(e, (events.Sentence, events.Held)) for e in out)
    return time.process_time() - start, said


def main(argv: list[str]) -> None:
    into = Path(argv[0])
    mode = argv[1] if len(argv) > 1 else "time"
    passes = int(argv[2]) if len(argv) > 2 and mode == "time" else 3
    loaded = load(into)
    for _, bundle, texts in loaded:  # warm: each section's facts made on first use
        judge(bundle, texts)
    if mode == "profile":
        profile = cProfile.Profile()
        profile.enable()
        for _, bundle, texts in loaded:
            judge(bundle, texts)
        profile.disable()
        if len(argv) > 2:
            profile.dump_stats(argv[2])
        stats = pstats.Stats(profile)
        stats.sort_stats("tottime").print_stats(45)
        stats.sort_stats("cumulative").print_stats(80)
        return
    spent: dict[int, float] = {}
    said: dict[int, int] = {}
    for number, bundle, texts in loaded:
        took, n = min(judge(bundle, texts) for _ in range(passes))
        spent[number] = spent.get(number, 0.0) + took
        said[number] = said.get(number, 0) + n
    for number in spent:
        print(f"round {number}: {said[number]} sentences, {spent[number] / said[number] * 1e6:.1f} us a sentence")
    for low, high in ((5, 15), (16, LAST)):
        t = sum(v for k, v in spent.items() if low <= k <= high)
        n = sum(v for k, v in said.items() if low <= k <= high)
        print(f"rounds {low}-{high}: {n} sentences, {t / n * 1e6:.1f} us a sentence")


if __name__ == "__main__":
    main(sys.argv[1:])
