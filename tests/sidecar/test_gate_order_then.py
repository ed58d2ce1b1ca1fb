"""The alignment on "only then", which tells an order, no quantifier (the order rule reads it): on the example's
record, two steps of a list told in their order with it are shown; told the other way round they are still held, by
the order rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.sidecar.gating import fate

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def verdict(sentence: str) -> str:
    return fate(default_gate(BUNDLE, AnswerPolicy()), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The directory server routes the request to the bank's Access Control Server, and only then does the "
         "decision service score it [[case-3ds-approach]].", "shown"),
        ("The decision service scores the request, and only then does the directory server route it to the bank's "
         "Access Control Server [[case-3ds-approach]].", "order"),
    ],
)
def test_only_then_tells_an_order(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
