"""What each gate rule earns on prose nobody tuned it to, round by round: every rule of `rules.RULES` left out in
turn, over each round's falsehoods, faithful sentences and careful Markdown answers (rounds 2-4 as their notes
name them, 5 on as `heldout.ROUNDS` does; the example and each round's documentation site). Round 2's seen and
held-out parts were written by the engineer who wrote its rules; its blind part, and every later round's sets, by
writers who never saw the gate.

Per rule and per round it prints `c/f/m`: the falsehoods the gate holds only because of the rule (what it alone
catches: one another rule also holds is not counted), the faithful sentences it alone holds, and the Markdown
answers' sentences it alone holds. A rule that catches on the rounds it was read from and on no other is tuned
to them; one that catches nothing another rule misses and holds true sentences costs more than it gives. Each
round's sets were seen once the round ended; the newest (`heldout.ROUNDS`' last) is read by these counts only, never by its sentences.

`python -m tests.evals.ablation` prints the table; `--rounds` only the gate's figures per round and kind (what a
change should move, side by side with main: `PYTHONPATH=<main's export>/src`). Not part of `make test`.

A sentence is judged once with every rule, each rule's verdicts noted; left out, a rule changes only the items it
decided (the first rule to say something decides), so only those are judged again: the table is exact for rules
that read only the sentence and its grounds, as every rule does.
"""

from __future__ import annotations

import asyncio
import dataclasses
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docent.sidecar.answer import gate
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held
from docent.sidecar.answer.rules import RULES, Reading, Rule, Verdict
from docent.sidecar.operator.corpora import Figures, judge_sentence, replay_answers
from tests.evals import docsite
from tests.evals.heldout import CORPORA, EXAMPLE_BUNDLE, HERE, ROUNDS

STARLETTE = "starlette"
KINDS = {"negation_other_words": "negation"}  # rounds 2-6's name for the kind later rounds call "negation"
# Rounds 2-4's blind sets (`corpora/round<N>-notes.md`): per site, the (falsehoods, faithful) files and the careful
# Markdown answers; round 2's are the example's only, rounds 3 and 4 add Starlette's documentation.
EARLIER: dict[int, dict[str, tuple[tuple[tuple[str, str], ...], tuple[Path, ...]]]] = {
    2: {"example": (
        (("round2-falsehoods.json", "round2-faithful.json"),
         ("round2-heldout-falsehoods.json", "round2-heldout-faithful.json"),
         ("round2-blind-falsehoods.json", "round2-blind-faithful.json")),
        (CORPORA / "markdown-answers-holdout.json",),
    )},
    3: {
        "example": ((("round3-example-falsehoods.json", "round3-example-faithful.json"),),
                    (CORPORA / "markdown-answers-round3-holdout.json",)),
        STARLETTE: ((("round3-docs-falsehoods.json", "round3-docs-faithful.json"),
                     ("round3-docs-heldout-falsehoods.json", "round3-docs-heldout-faithful.json")),
                    (HERE / "starlette-answers-round3-holdout.json",)),
    },
    4: {
        "example": ((("round4-example-falsehoods.json", "round4-example-faithful.json"),),
                    (CORPORA / "markdown-answers-round4-holdout.json",)),
        STARLETTE: ((("round4-docs-falsehoods.json", "round4-docs-faithful.json"),
                     ("round4-docsdev-falsehoods.json", "round4-docsdev-faithful.json")),
                    (HERE / "starlette-answers-round4-holdout.json",)),
    },
}


@dataclass(frozen=True)
class Set:
    """One round's sets on one site: its sentences' files, its Markdown answers, and the bundle they cite."""

    round: int
    site: str
    bundle: Path
    pairs: tuple[tuple[str, str], ...]  # (falsehoods, faithful) under `corpora/`
    markdown: tuple[Path, ...]

    def sentences(self) -> Iterator[tuple[bool, str, str]]:
        """(false, kind, sentence) for each of the set's sentences."""
        for falsehoods, faithful in self.pairs:
            for false, name in ((True, falsehoods), (False, faithful)):
                for row in _rows(CORPORA / name):
                    yield false, KINDS.get(row["kind"], row["kind"]), row["sentence"]

    def answers(self) -> list[dict[str, Any]]:
        """The Markdown answers as replay scripts: one model call each, its text only (rounds 5 on write `answer`)."""
        return [
            a if "calls" in a else {**a, "calls": [[{"type": "text", "text": a["answer"]}]]}
            for path in self.markdown for a in _rows(path)
        ]


@dataclass
class Judged:
    """A set judged with every rule: each item's outcome and the rules that decided something in it."""

    sentences: list[tuple[bool, str, str, bool, frozenset[int]]] = field(default_factory=list)  # false, kind, text, held, by
    answers: list[tuple[dict[str, Any], int, int, frozenset[int]]] = field(default_factory=list)  # answer, held, sentences, by

    def tally(self) -> Tally:
        out = Tally()
        for false, kind, _, held, _ in self.sentences:
            (out.falsehoods if false else out.faithful)[kind] += 1
            if false and held:
                out.held[kind] += 1
            if not false and not held:
                out.shown[kind] += 1
        out.markdown_held = sum(a[1] for a in self.answers)
        out.markdown_sentences = sum(a[2] for a in self.answers)
        return out


@dataclass
class Tally:
    held: Counter[str] = field(default_factory=Counter)  # kind -> falsehoods held
    falsehoods: Counter[str] = field(default_factory=Counter)
    shown: Counter[str] = field(default_factory=Counter)  # kind -> faithful sentences shown
    faithful: Counter[str] = field(default_factory=Counter)
    markdown_held: int = 0
    markdown_sentences: int = 0

    def add(self, other: Tally) -> None:
        for mine, theirs in ((self.held, other.held), (self.falsehoods, other.falsehoods),
                             (self.shown, other.shown), (self.faithful, other.faithful)):
            mine.update(theirs)
        self.markdown_held += other.markdown_held
        self.markdown_sentences += other.markdown_sentences

    def line(self) -> str:
        held, false = sum(self.held.values()), sum(self.falsehoods.values())
        shown, true = sum(self.shown.values()), sum(self.faithful.values())
        return (f"falsehoods held {held}/{false} ({held / max(1, false):.2f}), faithful shown {shown}/{true} "
                f"({shown / max(1, true):.2f}), Markdown held {self.markdown_held}/{self.markdown_sentences}")


_DECIDED: set[int] = set()  # the rules (their places in `RULES`) that said something since it was last cleared


def _watched(rules: Sequence[Rule]) -> tuple[Rule, ...]:
    """The rules, each noting in `_DECIDED` when it says something."""

    def watch(number: int, check: Callable[[Reading], Verdict]) -> Callable[[Reading], Verdict]:
        def watched(reading: Reading) -> Verdict:
            verdict = check(reading)
            if verdict is not None:
                _DECIDED.add(number)
            return verdict

        return watched

    return tuple(dataclasses.replace(r, check=watch(n, r.check)) for n, r in enumerate(rules))


class _Table:
    """Every gate's rules while in use (`Gate`'s default, which the replayed answers' gates take too)."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = tuple(rules)

    def __enter__(self) -> None:
        defaults = gate.Gate.__init__.__kwdefaults__
        assert defaults is not None
        self.kept = defaults["rules"]
        defaults["rules"] = self.rules

    def __exit__(self, *_: object) -> None:
        defaults = gate.Gate.__init__.__kwdefaults__
        assert defaults is not None
        defaults["rules"] = self.kept


def _rows(path: Path) -> list[dict[str, Any]]:
    import json

    return list(json.loads(path.read_text(encoding="utf-8")))


def _held(bundle: Bundle, sentence: str, *, false: bool) -> bool:
    """Whether a one-sentence answer is held, as `corpora` counts it: a faithful one that shows nothing is too."""
    events = judge_sentence(bundle, sentence)
    return any(isinstance(e, Held) for e in events) or not (false or events)


def _replayed(answers: list[dict[str, Any]], bundle: Path) -> list[tuple[int, int, frozenset[int]]]:
    """Each answer's sentences held, its sentences, and the rules that decided something in it."""
    figures, out = Figures(), []

    def each() -> None:
        held = len(figures.realistic_holds) - sum(o[0] for o in out)
        out.append((held, figures.realistic_sentences - sum(o[1] for o in out), frozenset(_DECIDED)))
        _DECIDED.clear()

    _DECIDED.clear()
    if answers:
        asyncio.run(replay_answers(answers, bundle, figures, each=each))
    return out


def _judged(one: Set) -> Judged:
    out, bundle = Judged(), Bundle.load(one.bundle)
    with _Table(_watched(RULES)):
        for false, kind, sentence in one.sentences():
            _DECIDED.clear()
            held = _held(bundle, sentence, false=false)
            out.sentences.append((false, kind, sentence, held, frozenset(_DECIDED)))
        answers = one.answers()
        out.answers = [(a, *r) for a, r in zip(answers, _replayed(answers, one.bundle), strict=True)]
    return out


def _without(one: Set, judged: Judged, number: int) -> tuple[int, int, int]:
    """What rule `number` alone does on a set: (falsehoods it alone holds, faithful sentences it alone holds,
    Markdown sentences it alone holds); only the items it decided are judged again without it."""
    caught = freed = markdown = 0
    with _Table([r for n, r in enumerate(RULES) if n != number]):
        bundle: Bundle | None = None
        for false, _kind, sentence, held, by in judged.sentences:
            if number not in by:
                continue
            bundle = bundle or Bundle.load(one.bundle)
            change = int(held) - int(_held(bundle, sentence, false=false))
            caught, freed = (caught + change, freed) if false else (caught, freed + change)
        again = [(a, h) for a, h, _, by in judged.answers if number in by]
        for (_, held_before), (held_after, _, _) in zip(again, _replayed([a for a, _ in again], one.bundle), strict=True):
            markdown += held_before - held_after
    return caught, freed, markdown


def _sets(folder: Path) -> list[Set]:
    starlette = docsite.build(folder / STARLETTE).bundle
    sets = [
        Set(number, site, EXAMPLE_BUNDLE if site == "example" else starlette, pairs, markdown)
        for number, sites in EARLIER.items() for site, (pairs, markdown) in sites.items()
    ]
    for number, held in sorted(ROUNDS.items()):
        built = docsite.build_copy(held.folder, folder / f"round{number}")
        bundles = {"example": EXAMPLE_BUNDLE, held.site: built.bundle}
        for site, bundle in ((site, bundles[site]) for site in held.markdown):
            pair = (f"round{number}-{site}-falsehoods.json", f"round{number}-{site}-faithful.json")
            sets.append(Set(number, site, bundle, (pair,), (CORPORA / held.markdown[site],)))
    return sets


def _label(number: int, rule: Rule) -> str:
    """The rule's reason, and the module behind it where that is another name (`construction.rule`'s closure keeps
    its module in its cell; the two rules of reason "reversal" are `reversal` and `preferences`)."""
    cells = [c.cell_contents for c in getattr(rule.check, "__closure__", None) or ()]
    modules = [c.__name__ for c in cells if isinstance(c, type(gate))]
    module = (modules[0] if modules else getattr(rule.check, "__module__", "")).rsplit(".", 1)[-1]
    return f"{number:02d} {rule.name}" + (f" ({module})" if module and module != rule.name else "")


def _rounds(sets: Sequence[Set], judged: dict[Set, Judged]) -> None:
    """The gate's figures per round (both sites together) and per kind of falsehood, and over the rounds before the newest."""
    rounds: dict[int, Tally] = {}
    for one in sets:
        rounds.setdefault(one.round, Tally()).add(judged[one].tally())
    seen = Tally()
    for number, tally in sorted(rounds.items()):
        if number < max(ROUNDS):
            seen.add(tally)
        kinds = ", ".join(f"{k} {tally.held[k]}/{tally.falsehoods[k]}" for k in sorted(tally.falsehoods))
        print(f"round {number}: {tally.line()}\n  held per kind: {kinds}")
    kinds = ", ".join(f"{k} {seen.held[k]}/{seen.falsehoods[k]}" for k in sorted(seen.falsehoods))
    print(f"rounds 2-{max(ROUNDS) - 1}: {seen.line()}\n  held per kind: {kinds}")


def _table(sets: Sequence[Set], judged: dict[Set, Judged]) -> None:
    numbers = sorted({s.round for s in sets})
    newest = max(ROUNDS)
    print("\nc/f/m: falsehoods the rule alone holds / faithful sentences it alone holds / Markdown sentences it "
          f"alone holds; 'seen' sums rounds {numbers[0]}-{newest - 1}; 'rounds' counts those where it alone catches")
    print(f"{'rule':30}" + "".join(f"{'r' + str(n):>9}" for n in numbers) + f"{'seen':>10}{'rounds':>7}")
    for number, rule in enumerate(RULES):
        cells: dict[int, list[int]] = {n: [0, 0, 0] for n in numbers}
        for one in sets:
            for at, value in enumerate(_without(one, judged[one], number)):
                cells[one.round][at] += value
        seen = [sum(cells[n][at] for n in numbers if n != newest) for at in range(3)]
        caught = sum(1 for n in numbers if n != newest and cells[n][0] > 0)
        row = "".join(f"{'/'.join(map(str, cells[n])):>9}" for n in numbers)
        print(f"{_label(number, rule):30}{row}{'/'.join(map(str, seen)):>10}{caught:>7}", flush=True)


def main(argv: Sequence[str] = ()) -> None:
    with tempfile.TemporaryDirectory(prefix="docent-ablation-") as tmp:
        sets = _sets(Path(tmp))
        judged = {one: _judged(one) for one in sets}
        _rounds(sets, judged)
        if "--rounds" not in argv:
            _table(sets, judged)


if __name__ == "__main__":
    main(sys.argv[1:])
