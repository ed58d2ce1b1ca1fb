"""A denial in other words than the cited unit's, whose clause that unit affirms with another verb (issue 21, round 19):
"Unit tests never run on your local computer" where the section says "Unit tests provide a quick and efficient way to
exercise your code on your local computer, without needing to run faas-cli build ..." (its "run" is denied only of
faas-cli build). The reworded-denial reading (`rules/reworded.py`) let it through; the unit affirms every other word
it denies, so it is held. The section is OpenFaaS's "Unit tests"; the faithful sentences beside it stay shown."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import polarity
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.rules.affirmations import affirms_rest
from docent.sidecar.answer.rules.reworded import affirming
from docent.sidecar.answer.words import fold, stems
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

UNIT_TESTS = ("Unit tests provide a quick and efficient way to exercise your code on your local computer, without "
              "needing to run faas-cli build or to deploy the function to a remote cluster.")
RECORD = record_of(_section("unit-tests", "Unit tests", UNIT_TESTS + "\n\nWith the node22 template, any unit tests that "
                            "you provide will be run automatically upon each invocation of faas-cli build."))


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        ("Unit tests never run on your local computer [[unit-tests]].", "polarity"),
        ("Unit tests do not run on your local computer [[unit-tests]].", "polarity"),
        # The section's own denials, in its words and in others.
        ("Unit tests never need faas-cli build [[unit-tests]].", "shown"),
        ("You don't need to deploy the function to a remote cluster to run unit tests [[unit-tests]].", "shown"),
        ("Unit tests exercise your code on your local computer [[unit-tests]].", "shown"),
    ],
)
def test_a_denial_of_what_a_cited_clause_affirms_in_another_verb(sentence: str, said: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == said


def test_the_rest_must_be_affirmed_whole() -> None:
    """Every word the sentence denies but its deed stands in one affirming clause, and what it is said of in the unit."""
    text = UNIT_TESTS
    u = unit(text, fold)
    (local,) = polarity.denials("Unit tests never run on your local computer", stems, most=polarity.SAID_WORDS)
    (cluster,) = polarity.denials("Unit tests never run on a remote cluster", stems, most=polarity.SAID_WORDS)
    assert affirms_rest(local, u, affirming)
    assert not affirms_rest(cluster, u, affirming)  # "remote cluster" is denied there, after "without needing to"
