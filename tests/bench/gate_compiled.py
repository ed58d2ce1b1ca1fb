"""The gate compiled with mypyc beside the same gate pure (issue 26; setup.py's `DOCENT_COMPILE`, `make compiled`).

The gate's modules as a compiled build compiles them (`_gate_mypyc.cached`: compiled once for a version of `src`, the
first run on it takes a few minutes, later ones none), then, each in a fresh process from its own `src`:
- the events both give the bench's answers (`gate.py`, every rule): the same, or the bench fails;
- us a sentence, the process's CPU time, ROUNDS runs of each in turns (`_gate_ab._timed`): pure beside compiled
  (`gate_us_per_sentence_pure_beside_compiled`, `gate_compiled_us_per_sentence`, their ratio
  `gate_speed_compiled_vs_pure`). The pure figure here is the same gate as `gate_us_per_sentence`, timed as the
  compiled one is, so that the ratio compares like with like.
Without mypyc, a C compiler or Python's headers, it says so and gives no figure: `gate.py`'s pure one stands alone.
"""

from __future__ import annotations

import statistics

from tests.bench import _gate_ab, _gate_mypyc

ROUNDS = 3  # turns of each
ANSWERS = 200  # timed a run, after 50 to warm: some 2,200 sentences


def run() -> dict[str, float]:
    lacking = _gate_mypyc.missing()
    if lacking:
        print(f"the compiled gate is not measured: {lacking}; the pure gate's figure (gate_us_per_sentence) stands alone")
        return {}
    versions = {"pure": _gate_mypyc.ROOT / "src", "compiled": _gate_mypyc.cached()}
    events = {name: _gate_mypyc._events(src) for name, src in versions.items()}
    assert events["compiled"].split()[2].endswith(".so"), f"the compiled gate was not the one loaded: {events}"
    assert events["pure"].split()[:2] == events["compiled"].split()[:2], f"the compiled gate's events differ: {events}"
    spent: dict[str, list[float]] = {name: [] for name in versions}
    for _ in range(ROUNDS):
        for name, src in versions.items():
            spent[name].append(_gate_ab._timed(str(src), ANSWERS))
    pure, compiled = (statistics.median(spent[name]) for name in versions)
    return {
        "gate_us_per_sentence_pure_beside_compiled": round(pure, 2),
        "gate_compiled_us_per_sentence": round(compiled, 2),
        "gate_speed_compiled_vs_pure": round(pure / compiled, 3),
    }


if __name__ == "__main__":
    print(run())
