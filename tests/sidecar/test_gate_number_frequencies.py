"""The number rule on a frequency written before its unit ("a fortnightly hour"): the article counts the unit, one
hour, as "an hour every fortnight" does; another count or another frequency is still held. The record is made up."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import numbers
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(_section("mentoring", "Mentoring", "Mentoring is a fortnightly hour per person."))


def verdict(sentence: str) -> str:
    return fate(Gate(RECORD, Lexicon([])), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Each person gets an hour every fortnight [[mentoring]].", "shown"),
        ("Each person gets two hours every fortnight [[mentoring]].", "number"),
        ("Each person gets an hour every week [[mentoring]].", "number"),
    ],
)
def test_a_frequency_before_its_unit(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_the_article_counts_the_unit_after_the_frequency() -> None:
    hour, fortnight = numbers.Quantity(3600.0, "time", 1.0), numbers.Quantity(1209600.0, "time", 1.0)
    assert set(numbers.quantities("It is a fortnightly hour per person.")) == {hour, fortnight}
    assert numbers.quantities("A weekly review.") == (numbers.Quantity(604800.0, "time", 1.0),)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Backups run EVERY NIGHT and Weekly.", [86400.0, 604800.0]),
        ("It took Thirty-Two minutes, then Half An Hour.", [1920.0, 1800.0]),
        ("The Two of them differ; FIVE services run Hourly.", [5.0, 3600.0]),
    ],
)
def test_numbers_in_words_in_any_case(text: str, said: list[float]) -> None:
    # ASCII text is read in lower case by the pattern without IGNORECASE; text beyond ASCII with the flag: the same
    assert [q.value for q in numbers.quantities(text)] == said
    assert numbers.quantities(text) == numbers.quantities(text + " Café.")
