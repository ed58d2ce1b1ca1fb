"""Which of the gate's holds are sure (`Rule.sure`: they stand with the model check on; the others are referred to it)
is chosen by each rule's precision on rounds 5-15 (`tests/evals/precision.py`, its counts in
`tests/evals/precision-round33.json`): a mark changed without the table fails here, and so does a rule the table has
no row for. A rule moved from sure to unsure by it (number, proper_name, unknown_term) has its holds referred."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from docent.sidecar.answer.checking import Checker
from docent.sidecar.answer.events import Held, Referred, Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.rules import RULES
from docent.sidecar.answer.turn import default_gate
from tests.evals import precision
from tests.sidecar.test_checking import BUNDLE, LEADING, rig, run, said, verdicts


def test_each_rules_sure_mark_is_the_precision_tables_choice() -> None:
    table = json.loads(precision.TABLE.read_text(encoding="utf-8"))
    chosen = precision.chosen(table)
    for r in RULES:
        name = precision.label(r)
        assert name in chosen, f"{name}: no row in {precision.TABLE.name}; run tests/evals/precision.py 5-15 --json"
        assert r.sure == chosen[name], f"{name}: marked {'sure' if r.sure else 'unsure'}, the table chose otherwise"


@pytest.mark.parametrize(("sentence", "reason"), [
    ("She led a team of six.", "number"),  # the section says five
    ("She led a team of five at Kubernetes.", "unknown_term"),  # a term of the lexicon no cited section mentions
])
def test_a_hold_of_a_rule_the_table_made_unsure_is_referred_and_the_check_decides(sentence: str, reason: str) -> None:
    """With the check on, the hold is referred (a `Referred` carrying the sentence the gate would show, with its
    citation), not held; with it off, it is held as before."""
    off = [*(gate := default_gate(BUNDLE, AnswerPolicy())).feed(f"{sentence} {LEADING}"), *gate.finish()]
    assert [(type(e), e.reason) for e in off if isinstance(e, Held)] == [(Held, reason)]
    on = [*(gate := default_gate(BUNDLE, AnswerPolicy(), refer=True)).feed(f"{sentence} {LEADING}"), *gate.finish()]
    assert [type(e) for e in on] == [Referred]
    referred = on[0]
    assert isinstance(referred, Referred) and referred.reason == reason
    assert isinstance(referred.sentence, Sentence)
    assert [c.id for c in referred.sentence.cites] == ["roles-alderway-leading"]


@pytest.mark.anyio
async def test_a_figure_no_section_states_is_shown_where_the_check_supports_it_and_held_where_not(tmp_path: Path) -> None:
    """Through a turn with the check on: the number rule's hold, unsure now, is the check's to decide, one request."""
    six = "She led a team of six."
    answer = f"She led a team of five. {LEADING} {six} {LEADING}"
    checker = Checker(verdicts(lambda s: True))
    events = await run(*rig(tmp_path, checker, answer))
    assert said(events) == ["She led a team of five.", six]
    events = await run(*rig(tmp_path, Checker(verdicts(lambda s: "six" not in s)), answer))
    assert said(events) == ["She led a team of five.", "held:unsupported"]
