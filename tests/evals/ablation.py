"""What each gate rule earns on prose nobody tuned it to: every rule of `rules.RULES` left out in turn, over the
held-out rounds' falsehoods, faithful sentences and careful Markdown answers (`heldout.ROUNDS`, both sites of each).

For each rule it prints how many falsehoods fewer the gate holds without it (what the rule alone catches: a falsehood
another rule also holds is not counted), how many faithful sentences more it shows, and how many Markdown sentences
fewer it holds. A rule that catches nothing any other rule misses and holds true sentences costs more than it gives.
These sets were written by writers who never saw the gate, but each is seen once its round ends: read the figures of
the newest round apart (the last column) as the nearest to a held-out measure.

`python -m tests.evals.ablation` (about four minutes on two cores; not part of `make test`).
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from docent.sidecar.answer import gate
from docent.sidecar.answer.rules import RULES, Rule
from tests.evals import docsite
from tests.evals.heldout import EXAMPLE_BUNDLE, ROUNDS, Round


@dataclass(frozen=True)
class Set:
    name: str
    held: Round
    site: str
    bundle: Path


@dataclass(frozen=True)
class Tally:
    held: int  # falsehoods held
    shown: int  # faithful sentences shown
    markdown_held: int  # careful Markdown answers' sentences held


def _sets(folder: Path) -> list[Set]:
    sets = []
    for number, held in sorted(ROUNDS.items()):
        built = docsite.build_copy(held.folder, folder / f"round{number}")
        for site, bundle in {"example": EXAMPLE_BUNDLE, held.site: built.bundle}.items():
            sets.append(Set(f"round{number}-{site}", held, site, bundle))
    return sets


def _measure(sets: Sequence[Set], rules: Sequence[Rule]) -> dict[str, Tally]:
    """Each set judged as `heldout` judges it (`Round.constructions`, `Round.answers`), with `rules` as every gate's
    table, the replayed answers' gates too."""
    defaults = gate.Gate.__init__.__kwdefaults__
    assert defaults is not None
    kept = defaults["rules"]
    defaults["rules"] = tuple(rules)
    try:
        out = {}
        for one in sets:
            part = one.held.constructions(one.site, one.bundle)
            said = one.held.answers(one.site, one.bundle)
            out[one.name] = Tally(sum(part.held.values()), sum(part.shown.values()), len(said.realistic_holds))
        return out
    finally:
        defaults["rules"] = kept


def _label(number: int, rule: Rule) -> str:
    """The rule's reason, and the module behind it where that is another name (`construction.rule`'s closure keeps
    its module in its cell; the two rules of reason "reversal" are `reversal` and `preferences`)."""
    cells = [c.cell_contents for c in getattr(rule.check, "__closure__", None) or ()]
    modules = [c.__name__ for c in cells if isinstance(c, type(gate))]
    module = (modules[0] if modules else getattr(rule.check, "__module__", "")).rsplit(".", 1)[-1]
    return f"{number:02d} {rule.name}" + (f" ({module})" if module and module != rule.name else "")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="docent-ablation-") as tmp:
        sets = _sets(Path(tmp))
        base = _measure(sets, RULES)
        newest = f"round{max(ROUNDS)}-"
        print(f"every rule: {sum(t.held for t in base.values())} falsehoods held, {sum(t.shown for t in base.values())} "
              f"faithful shown, {sum(t.markdown_held for t in base.values())} Markdown sentences held, over "
              f"{len(sets)} sets (rounds {', '.join(str(n) for n in sorted(ROUNDS))})")
        print(f"{'rule left out':34} {'falsehoods let through':>23} {'faithful shown':>15} {'Markdown held':>14}   newest round")
        for number, rule in enumerate(RULES):
            without = _measure(sets, [r for r in RULES if r is not rule])
            lost = sum(base[s].held - without[s].held for s in base)
            gained = sum(without[s].shown - base[s].shown for s in base)
            markdown = sum(without[s].markdown_held - base[s].markdown_held for s in base)
            late = [
                f"{s.removeprefix(newest)} {base[s].held - without[s].held}/{without[s].shown - base[s].shown}"
                f"/{without[s].markdown_held - base[s].markdown_held}"
                for s in base if s.startswith(newest)
            ]
            print(f"{_label(number, rule):34} {lost:>23} {gained:>+15} {markdown:>+14}   {', '.join(late)}")


if __name__ == "__main__":
    main()
