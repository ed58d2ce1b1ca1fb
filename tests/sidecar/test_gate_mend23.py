"""Round 23's mends of the gate's readings (review22a and review22b's findings, mend23), each with the case that
failed before it."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import polarity
from docent.sidecar.answer.words import stems
from tests.sidecar.gating import docs_section, verdicts

# "Recommended against — ...": the dash ends the clause of "against", so nothing follows it there.
EMPTY = verdicts(docs_section("install", "Installing",
                              "Recommended against — running the installer as root. Pin the installer to a minor version."))


def test_an_against_with_nothing_after_it_denies_nothing() -> None:
    """2166f81's `_reread` moved an advice verb to the head of what its "against" denies even where nothing follows it,
    so "Recommended against —" denied "recommend" of nothing, and that empty denial backed any denial of a
    recommendation under the section (review22b)."""
    (denial,) = polarity.denials("Recommended against — running the installer as root.", stems)
    assert denial.scope == frozenset() and denial.head == ""
    (denial,) = polarity.denials("We recommend against running the installer as root.", stems)
    assert denial.head == "recommend" and {"run", "installer", "root"} <= denial.scope


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # a made-up denial: shown before, backed by the empty one
        ("The documentation does not recommend pinning the installer to a minor version [[install]].", "polarity"),
        ("The documentation tells you to pin the installer to a minor version [[install]].", "shown"),
    ],
)
def test_an_empty_advice_backs_no_denial(sentence: str, expected: str) -> None:
    assert EMPTY(sentence) == expected
