""""Before and after" (or "after and before") orders nothing: both sides of one thing (faith31; round 19's NetBox and
round 24's Instructor Markdown answers, "minimal before and after states", "callbacks that run before and after each
attempt", were held by the order rule, cut at the "before" into "minimal" coming before "and after states"). A
"before" or an "after" alone still orders its two sides."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("callbacks", "Retry callbacks", "Visibility: define callbacks that run before and after each retry attempt. "
             "They are useful for logging or debugging."),
    _section("upgrade", "Upgrading", "Stop the service. Then run the upgrade script. The snapshot keeps the minimal "
             "state before and after the change."),
)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Visibility: you can also define before and after callbacks that run before and after each attempt, which "
         "is useful for logging or debugging [[callbacks]].", "shown"),
        ("The snapshot keeps minimal before and after states of the change [[upgrade]].", "shown"),
        # one word alone still orders
        ("Run the upgrade script before you stop the service [[upgrade]].", "order"),
        ("Stop the service after you run the upgrade script [[upgrade]].", "order"),
    ],
)
def test_before_and_after_orders_nothing(sentence: str, expected: str) -> None:
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
