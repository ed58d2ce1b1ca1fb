"""The gate's speed, two versions side by side: `python -m tests.bench._gate_ab OTHER_SRC [ROUNDS] [instructions]`.

Judges the bench's answers (`gate.py`, every rule) in a fresh process from this checkout's `src` and from OTHER_SRC
(another version's `src` folder), in turns, ROUNDS times (4): each run warms on 50 answers, then times 400 by the
process's CPU time. Prints each run's us a sentence and, per version, the lowest and the median: on the shared
machine what to read is the two side by side in the same rounds. With `instructions`, each version is counted once
under valgrind's cachegrind instead (instructions a sentence: 100 answers less the same run judging none, which the
machine's load does not change). Not a bench of `make bench` (its name starts with `_`).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_RUN = """
import sys, time
from tests.bench import gate as B
record, lexicon = B._record(), B._lexicon()
site = B.Site.of(record, lexicon)
mentions = B._mentions(record, lexicon, site)
answers = B._answers()
B._judge(answers[:50], record, lexicon, site, mentions, B.RULES)
count = int(sys.argv[1])
start = time.process_time()
_, judged = B._judge(answers[50:50 + count], record, lexicon, site, mentions, B.RULES)
print(judged, time.process_time() - start)
"""


def _env(src: str) -> dict[str, str]:
    # One hash seed for both: a set's order, and so the work done on it, would differ between runs.
    return {**os.environ, "PYTHONPATH": f"{src}{os.pathsep}{ROOT}", "PYTHONHASHSEED": "0"}


def _timed(src: str, count: int) -> float:
    done = subprocess.run([sys.executable, "-c", _RUN, str(count)], env=_env(src), capture_output=True, text=True,
                          check=True, cwd=ROOT)
    judged, spent = done.stdout.split()
    return float(spent) / int(judged) * 1e6


def _instructions(src: str, count: int) -> tuple[int, int]:
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", sys.executable, "-c",
         _RUN, str(count)], env=_env(src), capture_output=True, text=True, check=True, cwd=ROOT,
    )
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    assert refs is not None, done.stderr[-2000:]
    return int(refs.group(1).replace(",", "")), int(done.stdout.split()[0])


def main(argv: list[str]) -> None:
    other = next(a for a in argv if not a.isdigit() and a != "instructions")
    versions = {"this": str(ROOT / "src"), "other": str(Path(other).resolve())}
    if "instructions" in argv:
        for name, src in versions.items():
            (none, _), (some, judged) = _instructions(src, 0), _instructions(src, 100)
            print(f"{name}: {(some - none) / judged / 1e3:.0f} k instructions a sentence ({src})")
        return
    rounds = int(next((a for a in argv if a.isdigit()), "4"))
    spent: dict[str, list[float]] = {name: [] for name in versions}
    for _ in range(rounds):
        for name, src in versions.items():
            spent[name].append(_timed(src, 400))
    for name, runs in spent.items():
        print(f"{name}: {' '.join(f'{r:.1f}' for r in runs)} us a sentence; lowest {min(runs):.1f}, median "
              f"{statistics.median(runs):.1f} ({versions[name]})")


if __name__ == "__main__":
    main(sys.argv[1:])
