"""The apart rule: a comparison the record never writes, made from figures it states apart (a table's rows, a list's
items, two sentences), held where it goes the other way; the true comparison shown, and a near miss (no figure for a
side, a side's word by several figures, units that do not compare, a hedge) let through. The record is made up."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section(
        "quotas",
        "Quotas",
        "Each plan has its own quota.\n| plan | quota |\n| --- | --- |\n| Hobby | 200 |\n| Studio | 5000 |",
    ),
    _section("rates", "Rates", "The default rates are set per client:\n- 'guest': '60/hour'\n- 'member': '600/hour'"),
    _section("context", "Context", "Default value: 2. The patch tool itself keeps 5 lines around each change."),
    _section(
        "pauses", "Pauses", "The pause is 40 ms with the serial collector; the parallel collector keeps it under 9 ms."
    ),
    _section("waves", "Waves", "Wave 1 moved 4 services. Wave 2 moved 11 services. Wave 1 took 3 weeks."),
    _section("sizes", "Sizes", "The cache holds 64 entries; the queue holds 2 MB."),
)


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # A table's rows: each side by its name, its figure the row's.
        ("The Studio plan has a higher quota than the Hobby plan [[quotas]].", "shown"),
        ("The Hobby plan has a higher quota than the Studio plan [[quotas]].", "direction"),
        # A list's items, a side matched by the word it begins with ("guests" by "guest"); "/hour" is the unit's.
        ("Guests get a lower rate than members [[rates]].", "shown"),
        ("Guests get a higher rate than members [[rates]].", "direction"),
        # The sentence writes one side's figure, the section the other's.
        ("The default of 2 lines is smaller than the 5 the patch tool keeps [[context]].", "shown"),
        ("The default of 2 context lines is larger than what the patch tool keeps [[context]].", "direction"),
        # Two parts of one sentence, each a thing's, in comparable units.
        ("The serial collector's pause is longer than the parallel collector's [[pauses]].", "shown"),
        ("The serial collector's pause is shorter than the parallel collector's [[pauses]].", "direction"),
    ],
)
def test_comparison_of_figures_stated_apart(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        # Wave 1 has two figures (4 services, 3 weeks): its word stands by several, none tells which.
        "Wave 1 took longer than wave 2 [[waves]].",
        # Entries and megabytes do not compare.
        "The cache holds more than the queue [[sizes]].",
        # A hedge: the comparison is not said to be so.
        "The Hobby plan may have a higher quota than the Studio plan [[quotas]].",
    ],
)
def test_near_misses_are_let_through(sentence: str) -> None:
    assert verdict(sentence) == "shown"
