"""The polarity rule's readings of faithful prose (issue 21, round 20): "Y instead of X" where a section "replaced X
with Y", a denial of what the record lists, and a passive denial of what a section's active one denies are shown,
while the same words told falsely are still held. The record is a small made-up tool's docs."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section, fate, record_of

RECORD = record_of(
    docs_section(
        "pricing",
        "Results",
        "The p99 latency fell from 900 ms to 120 ms after we replaced per-request tariff loading with a "
        "cache that was refreshed by events.",
    ),
    docs_section(
        "secrets",
        "Attributes",
        "- reset_secret: Secret to encode reset tokens. Use a strong passphrase.\n"
        "- reset_lifetime: Lifetime of reset tokens. Defaults to 3600.",
    ),
    docs_section(
        "suffix",
        "Templates suffix",
        "Version 7 no longer uses the old template default, whatever the minimum version says.",
    ),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A section's "replaced X with Y" ends X: "Y instead of X" stands on it, "X instead of Y" does not.
        (
            "The p99 latency dropped once tariffs came from a cache refreshed by events instead of being loaded on "
            "every request [[pricing]].",
            "shown",
        ),
        (
            "The p99 latency dropped once tariffs were loaded on every request instead of coming from a cache "
            "[[pricing]].",
            "polarity",
        ),
        # "No default listed" says what the record leaves untold, not that the thing lacks it.
        ("The reset_secret has no default listed: use a strong passphrase [[secrets]].", "shown"),
        ("The reset_secret has no default: use a strong passphrase [[secrets]].", "polarity"),
        # A passive denial of what a section's active denial is of, in another verb.
        ("From version 7, the old template default is no longer applied [[suffix]].", "shown"),
        ("From version 7, the old theme default is no longer applied [[suffix]].", "polarity"),
    ],
)
def test_polarity_reading(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected
