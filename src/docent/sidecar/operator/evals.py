"""`docent eval`: the evals of seeds 002 and 000, run through the real app in-process, one table per model.

The cases and how a cases file reads are in `cases.py`, what a check may be in `checks.py`. After the cases, the
offline model is measured on the visitor sets (`visitors.py`) and the gate on its corpora (`corpora.py`), when the
cases folder holds them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..answer.bundle import Bundle
from ..model.port import LanguageModel
from .cases import REPLAY, Case, Outcome, load_cases, make_model, replays
from .checks import check
from .client import Events, Recorder, ask_once

# the visitor question sets the offline model is measured on (`offline_hit_rate`): the one it was tuned with, and a
# held-out one written by another writer, which says how it does on questions nobody fitted it to
VISITORS = ("visitors.json", "visitors-holdout.json", "visitors-round4-holdout.json")


async def run_cases(
    cases: list[Case], *, model_name: str, bundle_path: Path, make: Callable[[Case], LanguageModel] | None = None
) -> list[Outcome]:
    """Each case through the app; `make` gives a case's model where the caller has its own (preflight's client)."""
    bundle = Bundle.load(bundle_path)
    outcomes = []
    for case in cases:
        recorder = Recorder(make(case) if make is not None else make_model(model_name, case, bundle))
        events = await ask_once(bundle_path, recorder, case.question, screen=case.screen, failed=case.failed)
        outcome = Outcome(case, events, recorder.bodies, [])
        rules = case.checks + (case.scripted if replays(model_name) else [])
        outcome.misses = [miss for rule in rules if (miss := check(outcome, rule)) is not None]
        if not events or events[-1][0] not in ("done", "error"):
            outcome.misses.append("the stream did not end with done or error")
        outcomes.append(outcome)
    return outcomes


SAID: dict[str, Callable[[dict[str, Any]], str]] = {  # an event in a word or two, by its kind
    "sentence": lambda data: "sentence",
    "action": lambda data: f"action {data.get('tool')}:{data.get('id')}",
    "card": lambda data: f"card {data.get('kind')}",
    "held": lambda data: f"held {data.get('reason')}",
    "refused": lambda data: f"refused {data.get('reason')}",
    "error": lambda data: f"error {data.get('code')}",
}


def summary(events: Events) -> str:
    """What came out, in a few words: sentence×2, action show_page:lab, held first_person, ..."""
    words: list[str] = []
    for kind, data in events:
        if kind in ("start", "done"):
            continue
        word = SAID[kind](data) if kind in SAID else kind
        if words and words[-1].split("×")[0] == word:
            count = int(words[-1].split("×")[1]) + 1 if "×" in words[-1] else 2
            words[-1] = f"{word}×{count}"
        else:
            words.append(word)
    if any(kind == "done" and data.get("waiting") for kind, data in events):
        words.append("waits")
    return ", ".join(words) or "nothing"


def table(outcomes: list[Outcome]) -> str:
    rows = [("case", "question", "must come to", "came out", "pass")]
    for o in outcomes:
        came = summary(o.events) + ("" if o.passed else f" [missed: {'; '.join(o.misses)}]")
        rows.append((o.case.name, _cut(o.case.question, 48), o.case.must, came, "yes" if o.passed else "NO"))
    widths = [min(max(len(r[i]) for r in rows), 60) for i in range(4)]
    lines = []
    for r in rows:
        lines.append("  ".join(_cut(c, w).ljust(w) for c, w in zip(r[:4], widths, strict=True)) + "  " + r[4])
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def bakeoff(results: dict[str, list[Outcome]]) -> str:
    lines = ["model                        passed   cost_usd   first_word_ms (mean)"]
    for name, outcomes in results.items():
        passed = sum(o.passed for o in outcomes)
        cost = sum(float(o.done.get("cost_usd") or 0) for o in outcomes)
        firsts = [o.done["first_word_ms"] for o in outcomes if o.done.get("first_word_ms") is not None]
        first = f"{sum(firsts) / len(firsts):.0f}" if firsts else "-"
        lines.append(f"{name[:28]:<28} {passed:>3}/{len(outcomes):<4} {cost:>9.4f}   {first}")
    return "\n".join(lines)


def default_bundle(cases: Path) -> Path:
    built = Path("docent-bundle.json")
    return built if built.exists() else cases / "bundle.json"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--model", action="append", dest="models", metavar="M",
                        help="a model to run the evals on: replay (the cases' scripts, the default), replay:PATH, "
                        "offline, anthropic:<model id>; repeat for a bake-off")
    parser.add_argument("--cases", type=Path, default=Path("tests/evals"), metavar="DIR",
                        help="the folder holding cases/*.json, their replay scripts and bundle.json (default: tests/evals, "
                             "this repository's)")
    parser.add_argument("--bundle", type=Path, default=None, metavar="PATH",
                        help="the bundle to answer from (default: ./docent-bundle.json when built, else DIR/bundle.json)")


def run(args: argparse.Namespace) -> int:
    cases = load_cases(args.cases)
    if not cases:
        print(f"No eval cases in {args.cases / 'cases'}.")
        return 1
    bundle_path = args.bundle or default_bundle(args.cases)
    models = args.models or [REPLAY]
    results: dict[str, list[Outcome]] = {}
    for name in models:
        results[name] = asyncio.run(run_cases(cases, model_name=name, bundle_path=bundle_path))
        print(f"\n{name} ({bundle_path}):\n{table(results[name])}")
    if len(models) > 1:
        print("\n" + bakeoff(results))
    missed = sum(not o.passed for outcomes in results.values() for o in outcomes)
    print(f"\n{'All evals passed.' if not missed else f'{missed} eval(s) missed.'}")
    _measure_beside(args.cases, bundle_path)
    return 1 if missed else 0


def _measure_beside(folder: Path, bundle_path: Path) -> None:
    """The visitor sets and the gate's corpora the cases folder holds, measured and printed."""
    visitors = [folder / name for name in VISITORS if (folder / name).is_file()]
    if visitors:
        from .visitors import measure_sets

        _, report = measure_sets(visitors, bundle_path=bundle_path)
        print(f"\nThe offline model on questions as visitors ask them, on {len(visitors)} set(s):\n{report}")
    corpora_folder = folder / "corpora"
    if corpora_folder.is_dir():
        from .corpora import measure as measure_corpora

        figures = measure_corpora(corpora_folder, bundle_path)
        print(f"\nThe gate's corpora ({corpora_folder}):\n{figures.report()}\n{json.dumps(figures.as_json())}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="docent eval", description="Run the guide's evals and print a table.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
