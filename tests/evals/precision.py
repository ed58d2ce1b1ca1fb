"""Each gate rule's holds on falsehoods and on faithful sentences, alone and as the first rule, and its precision: what
decides whether its hold is sure (`Rule.sure`: it stands with the model check on) or referred to the check.

`python -m tests.evals.precision FROM-TO [--probes FILE ...] [--json OUT]`: rounds FROM to TO's twins (falsehoods,
faithful sentences, each through a fresh gate, as `heldout`'s constructions are) and their careful Markdown answers
replayed through the real app (`Round.answers`; every sentence of them counted faithful), each round's site built
afresh; with `--probes`, a probe file's rows instead (`{site, truth, sentence, ...}`, each site's bundle at
`$MAT/<site>/<site>/docent-bundle.json`, MAT /tmp/mat by default); `--table FILE ...` prints saved counts, summed. The gate's verdict on each claim (a sentence, or a
table row's cell) is recorded as the gate makes it (`rules.first` on the gate's whole table), and beside it each rule's
verdict asked alone on the same reading; a rule's count "first" is the claims it decides, "alone" those it would hold
by itself, wherever it stands in the table. Precision: falsehoods held over all holds. `--json OUT` writes the counts.

`chosen(counts)` is how the sure set is chosen from rounds 5-15's counts (`SURE_PRECISION`, `SURE_MIN_HOLDS`):
`precision-round33.json` holds them, and `tests/sidecar/test_rule_sure.py` fails where a rule's mark is not its choice.
"""

from __future__ import annotations

import inspect
import json
import os
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docent.sidecar.answer import judge as judge_module
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.rules import RULES, Check, Hold, Reading, Rule, Show, Verdict, checks
from docent.sidecar.answer.rules import first as _first
from docent.sidecar.operator.corpora import judge_sentence
from tests.evals import docsite
from tests.evals.heldout import EXAMPLE_BUNDLE, HERE, ROUNDS

# The choice (chosen before rounds 16-28 were looked at): a rule is sure where, on rounds 5-15, of the claims it holds
# alone at least this share are falsehoods, over at least this many holds; a rule with fewer keeps its mark.
SURE_PRECISION = 0.95
SURE_MIN_HOLDS = 10
TABLE = HERE / "precision-round33.json"  # rounds 5-15's counts, as `--json` writes them: what the marks were chosen from


def label(r: Rule) -> str:
    """A rule's name in the table: its reason and its module ("actor:siblings"), code_term's two by what they read."""
    nonlocals = inspect.getclosurevars(r.check).nonlocals
    module = nonlocals["module"].__name__ if "module" in nonlocals else r.check.__module__
    name = f"{r.name}:{module.rsplit('.', 1)[-1]}"
    return name + (".cited" if r.cited else ".uncited") if module.endswith("code_term") else name


@dataclass
class Counts:
    """Per rule (by `label`): its holds alone and first, on falsehoods and on faithful claims; and the claims seen."""

    alone: Counter[tuple[str, bool]] = field(default_factory=Counter)
    first: Counter[tuple[str, bool]] = field(default_factory=Counter)
    claims: Counter[bool] = field(default_factory=Counter)
    partial: Counter[tuple[str, bool]] = field(default_factory=Counter)  # first holds not sure (`Hold.sure` false)

    def add(self, other: Counts) -> None:
        self.alone.update(other.alone)
        self.first.update(other.first)
        self.claims.update(other.claims)
        self.partial.update(other.partial)

    def as_json(self) -> dict[str, Any]:
        rows = {}
        for name, mark in marks().items():
            rows[name] = {"mark": mark, "alone_false": self.alone[(name, True)], "alone_faithful": self.alone[(name, False)],
                          "first_false": self.first[(name, True)], "first_faithful": self.first[(name, False)]}
        return {"claims_false": self.claims[True], "claims_faithful": self.claims[False], "rules": rows}


def counted(data: dict[str, Any]) -> Counts:
    """Counts as `--json` wrote them (`Counts.as_json`): a saved table read back, to print or sum."""
    counts = Counts()
    counts.claims.update({True: data["claims_false"], False: data["claims_faithful"]})
    for name, row in data["rules"].items():
        for truth, side in ((True, "false"), (False, "faithful")):
            counts.alone[(name, truth)] += row[f"alone_{side}"]
            counts.first[(name, truth)] += row[f"first_{side}"]
    return counts


def precision(false: int, faithful: int) -> float | None:
    return None if false + faithful == 0 else false / (false + faithful)


def chosen(table: dict[str, Any]) -> dict[str, bool]:
    """Each rule's sure mark by the table's counts: sure only where its alone precision is at least `SURE_PRECISION`
    over at least `SURE_MIN_HOLDS` holds; a rule with fewer holds keeps the mark it had when counted (`marks`), and no
    rule marked unsure then is made sure (a reading's hold goes to the check's own reading: its cost is one request)."""
    out = {}
    for name, row in table["rules"].items():
        holds = row["alone_false"] + row["alone_faithful"]
        found = precision(row["alone_false"], row["alone_faithful"])
        out[name] = row["mark"] and (holds < SURE_MIN_HOLDS or found is not None and found >= SURE_PRECISION)
    return out


class Recorder:
    """While `recording`, each claim the gate's whole table judges, labelled by `truth` (True: a falsehood)."""

    def __init__(self, rules: Sequence[Rule] = RULES) -> None:
        self.rules = rules
        self.names = [label(r) for r in rules]
        self.whole = checks(rules)
        self.each = [checks((r,)) for r in rules]  # each rule's own table, kept: a table is known by identity
        self.truth = False
        self.counts = Counts()
        self.mismatched = 0  # claims whose first rule alone does not give the gate's verdict: none expected

    def _record(self, reading: Reading, verdict: Verdict, cited: bool) -> None:
        truth, first_seen = self.truth, False
        self.counts.claims[truth] += 1
        for name, r, table in zip(self.names, self.rules, self.each, strict=True):
            if r.cited is not None and r.cited != cited:
                continue
            said = next((v for v in (check(reading) for check in table[cited]) if v is not None), None)
            if isinstance(said, Hold):
                self.counts.alone[(name, truth)] += 1
            if said is not None and not first_seen:
                first_seen = True
                if isinstance(said, Hold):
                    self.counts.first[(name, truth)] += 1
                    self.counts.partial[(name, truth)] += not said.sure
                if type(said) is not type(verdict) or isinstance(said, Hold) and said.reason != verdict.reason:  # type: ignore[union-attr]
                    self.mismatched += 1
        if not first_seen and isinstance(verdict, Hold):
            self.mismatched += 1

    @contextmanager
    def recording(self) -> Iterator[Recorder]:
        def first(reading: Reading, table: Sequence[Check]) -> Hold | Show:
            verdict = _first(reading, table)
            if table is self.whole[0] or table is self.whole[1]:
                self._record(reading, verdict, table is self.whole[1])
            return verdict

        judge_module.first = first  # type: ignore[attr-defined]  # the name the gate's judge calls its table by
        try:
            yield self
        finally:
            judge_module.first = _first  # type: ignore[attr-defined]


def twins(recorder: Recorder, bundle: Bundle, rows: list[dict[str, Any]]) -> None:
    """Each row's sentence through a fresh gate, labelled by its `truth` (False: a falsehood)."""
    for row in rows:
        recorder.truth = not row["truth"]
        judge_sentence(bundle, row["sentence"])
    recorder.truth = False


def rounds(first: int, last: int) -> Counts:
    """Rounds `first` to `last`: their twins and Markdown answers, each round's site built afresh."""
    recorder, total = Recorder(), Counts()
    for n in range(first, last + 1):
        held = ROUNDS[n]
        with tempfile.TemporaryDirectory(prefix=f"docent-precision{n}-") as tmp:
            bundles = {"example": EXAMPLE_BUNDLE, held.site: docsite.build_copy(held.folder, Path(tmp)).bundle}
            with recorder.recording():
                for site in held.markdown:
                    prefix = f"round{n}-{site}"
                    rows = held.rows(f"{prefix}-falsehoods.json") + held.rows(f"{prefix}-faithful.json")
                    twins(recorder, Bundle.load(bundles[site]), rows)
                    held.answers(site, bundles[site])
        print(f"round {n}: {recorder.counts.claims[True]} falsehood and {recorder.counts.claims[False]} faithful "
              f"claims so far", file=sys.stderr)
    total.add(recorder.counts)
    _mismatched(recorder)
    return total


def _mismatched(recorder: Recorder) -> None:
    if not recorder.counts.claims:  # the judge no longer asks its table through `judge.first`: nothing was counted
        sys.exit("no claim was recorded: the gate's judge no longer calls rules.first by that name (Recorder.recording)")
    if recorder.mismatched:
        print(f"{recorder.mismatched} claims whose first rule alone differs from the gate's verdict", file=sys.stderr)


def probes(files: list[Path]) -> Counts:
    """Probe files' rows, each site's bundle under $MAT (/tmp/mat by default)."""
    recorder = Recorder()
    mat = Path(os.environ.get("MAT", "/tmp/mat"))
    with recorder.recording():
        for path in files:
            rows = json.loads(path.read_text(encoding="utf-8"))
            for site in sorted({r["site"] for r in rows}):
                bundle = Bundle.load(mat / site / site / "docent-bundle.json")
                twins(recorder, bundle, [r for r in rows if r["site"] == site])
    _mismatched(recorder)
    return recorder.counts


def table(counts: Counts, marks: dict[str, bool] | None = None) -> list[str]:
    """The counts as a Markdown table, one row per rule that holds anything; `marks`: each rule's sure mark."""
    def share(false: int, faithful: int) -> str:
        found = precision(false, faithful)
        return "-" if found is None else f"{found:.3f}"

    lines = [f"claims: {counts.claims[True]} falsehoods, {counts.claims[False]} faithful", "",
             "| rule | sure | alone: falsehoods | faithful | precision | first: falsehoods | faithful | precision |",
             "|---|---|---|---|---|---|---|---|"]
    for name, row in counts.as_json()["rules"].items():
        if not any(v for k, v in row.items() if k != "mark"):
            continue
        sure = "" if marks is None else ("sure" if marks[name] else "unsure")
        lines.append(f"| {name} | {sure} | {row['alone_false']} | {row['alone_faithful']} | "
                     f"{share(row['alone_false'], row['alone_faithful'])} | {row['first_false']} | "
                     f"{row['first_faithful']} | {share(row['first_false'], row['first_faithful'])} |")
    partial = {f"{name} on {'falsehoods' if truth else 'faithful'}": n for (name, truth), n in counts.partial.items() if n}
    if partial:
        lines.append(f"\nFirst holds marked a reading (`Hold.sure` false): {partial}")
    return lines


def marks() -> dict[str, bool]:
    """Each rule's sure mark now, by `label` (code_term's two and a reason's modules apart)."""
    return {label(r): r.sure for r in RULES}


def main(argv: list[str]) -> None:
    out = Path(argv[argv.index("--json") + 1]) if "--json" in argv else None
    if argv and "-" in argv[0] and all(p.isdigit() for p in argv[0].split("-", 1)):
        first, last = (int(p) for p in argv[0].split("-", 1))
        counts = rounds(first, last)
    elif argv and argv[0] == "--table":  # saved tables, summed: `--table FILE [FILE ...]`
        counts = Counts()
        for name in argv[1:]:
            counts.add(counted(json.loads(Path(name).read_text(encoding="utf-8"))))
    elif "--probes" in argv:
        after = argv[argv.index("--probes") + 1:]
        files = [Path(a) for a in after[:next((i for i, a in enumerate(after) if a.startswith("--")), len(after))]]
        counts = probes(files)
    else:
        sys.exit("usage: python -m tests.evals.precision FROM-TO [--json OUT] | --probes FILE ... [--json OUT] | "
                 "--table FILE ...")
    print("\n".join(table(counts, marks())))
    if out is not None:
        out.write_text(json.dumps(counts.as_json(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
