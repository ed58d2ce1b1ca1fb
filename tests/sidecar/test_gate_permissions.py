"""The permission rule: a choice the sentence gives ("optional", "may also", "need not") held where the cited
sections give no choice, condition or default at all; shown where they do. The record is made up."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("keys", "Idempotency keys", "Every state-changing request carries an idempotency key chosen by the "
             "caller. The service stores each key for 48 hours."),
    _section("preset", "Presets", "The full-heap preset runs on the server. It fills the heap in about a minute."),
    _section("headers", "Headers", "A request may carry a trace header; the service adds one if it is missing."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("For callers, an idempotency key is optional on state-changing requests [[keys]].", "hedge"),
        ("Callers may optionally attach an idempotency key to a state-changing request [[keys]].", "hedge"),
        ("The full-heap preset can also run in the browser [[preset]].", "hedge"),
        ("The service is free to store each key for 48 hours [[keys]].", "hedge"),
        # The same claims as the sections make them, and a choice where the section gives one.
        ("Each state-changing request carries an idempotency key that the caller chooses [[keys]].", "shown"),
        ("The full-heap preset runs on the server [[preset]].", "shown"),
        ("A trace header is optional: the service adds one when a request lacks it [[headers]].", "shown"),
    ],
)
def test_a_choice_the_sections_do_not_give(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
