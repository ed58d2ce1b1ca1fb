"""The quantifier rule on documentation's steps (issue 21, round 14): "only then" restricts when a step comes, no part
of anything, as "only once" and "only after" do; a part told against a whole still held. The record is a small
made-up resolver's."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("resolver", "The resolver",
             "In the worst case you have to try all versions of all packages. A version is picked for the selected "
             "package. Then all requirements of that version are added to the undecided packages."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("A version is picked for the selected package first, and only then are that version's requirements added "
         "to the undecided packages [[resolver]].", "shown"),
        ("A version is picked for the selected package, and only some of that version's requirements are added to "
         "the undecided packages [[resolver]].", "quantifier"),
    ],
)
def test_only_then_restricts_a_step(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
