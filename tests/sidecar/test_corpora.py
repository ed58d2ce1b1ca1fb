"""The gate's corpora as evals (issue 11): faithful prose let through, subtle falsehoods held, a model's own
answers replayed through the real app with few holds, each one explained.

The corpora were written by someone who read only the example's record, prompt and tools, never the gate.
The floors below are the README's: the goals where they are met, the measured figure where they are not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.operator.corpora import FAITHFUL, REALISTIC, SUBTLE, Figures, markdown, measure

ROOT = Path(__file__).resolve().parents[1] / "evals"
CORPORA = ROOT / "corpora"

GOAL_FAITHFUL = 0.97
GOAL_SUBTLE = 0.85
# Per kind, the README states the shortfall where the goal is not met: a kind must not fall below it.
FLOOR_SUBTLE = {"number": 0.85, "negation": 0.80, "role": 0.85, "employer": 0.90, "time": 0.85}
# Holds that are right, each explained in the README: an opinion written after a links card, which no section
# or action grounds.
EXPLAINED = {
    "I only have five minutes, what's most worth seeing here?": "never_cited",
}
GOAL_REALISTIC = 0.03
# The round-2 blind set (a writer who never saw the gate; now the rules' development set): the goal is 0.8 held per
# kind and 0.97 of faithful sentences shown; where a kind is short of it, its floor is the figure measured when the
# rules last changed, so that a regression fails here. The README's gate section gives the figures.
FLOOR_BLIND = {
    "attribution": 10 / 15, "cause": 10 / 15, "comparative": 10 / 15, "hedge": 0.8,
    "negation_other_words": 0.8, "order": 11 / 15, "quantifier": 0.8, "unit": 1.0,
}
FLOOR_BLIND_FAITHFUL = 115 / 120


@pytest.fixture(scope="module")
def figures() -> Figures:
    return measure(CORPORA, ROOT / "bundle.json")


def test_the_corpora_are_as_large_as_asked_and_cover_the_record() -> None:
    faithful = json.loads((CORPORA / FAITHFUL).read_text(encoding="utf-8"))
    subtle = json.loads((CORPORA / SUBTLE).read_text(encoding="utf-8"))
    realistic = json.loads((CORPORA / REALISTIC).read_text(encoding="utf-8"))
    assert len(faithful) >= 150 and len(subtle) >= 100 and len(realistic) >= 40
    record = Bundle.load(ROOT / "bundle.json").record
    cited = {sid for item in faithful for sid in item["sections"]}
    # The corpus was written before a page's opening (its text before the first h2) became a section of its own:
    # it covers every heading's section; the openings (at the page's path, no anchor) wait for its next writing.
    headed = {sid for sid, section in record.items() if "#" in section.path}
    assert headed <= cited, f"sections no faithful paraphrase covers: {sorted(headed - cited)}"
    assert {item["kind"] for item in subtle} == {"number", "negation", "role", "employer", "time"}


def test_faithful_paraphrases_are_shown(figures: Figures) -> None:
    assert figures.faithful_shown / figures.faithful >= GOAL_FAITHFUL, figures.report()


def test_subtle_falsehoods_are_held_overall_and_per_kind(figures: Figures) -> None:
    held = figures.as_json()
    assert held["gate_subtle_held"] >= GOAL_SUBTLE, figures.report()
    for kind, floor in FLOOR_SUBTLE.items():
        assert held[f"gate_subtle_held_{kind}"] >= floor, (kind, figures.report())


def test_a_models_own_answers_are_held_only_where_explained(figures: Figures) -> None:
    held = {question: reason for question, reason, _ in figures.realistic_holds}
    assert held.items() <= EXPLAINED.items(), figures.report()
    assert figures.as_json()["realistic_hold_rate"] <= GOAL_REALISTIC, figures.report()
    # Every hold of an answer whose calls all passed is the one opinion explained above.
    passed = [q for q, _, _ in figures.realistic_holds if q not in figures.realistic_refused]
    assert passed == ["I only have five minutes, what's most worth seeing here?"]


def test_markdown_answers_reach_the_visitor_without_raw_marks() -> None:
    # A writer who saw only the prompt answered in the Markdown chat models write: lists, bold, inline code.
    figures = markdown(CORPORA, ROOT / "bundle.json")
    assert figures["markdown_raw_marks_shown"] == 0, figures


def test_the_blind_constructions_keep_their_floors_per_kind(figures: Figures) -> None:
    held = figures.as_json()
    for kind, floor in FLOOR_BLIND.items():
        assert held[f"gate_blind_held_{kind}"] >= round(floor, 4), (kind, figures.parts["blind"].report("blind"))
    assert held["gate_blind_faithful_shown"] >= round(FLOOR_BLIND_FAITHFUL, 4), figures.parts["blind"].report("blind")
