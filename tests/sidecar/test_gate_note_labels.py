"""A cited note's label that says nothing ("Heads up:", "Note:", "**Pro tip:**") is no word of its claim (issue 21, round
20): the rules read the note without it, so "Heads up" is no role and "Note: without X, ..." opens its scene as
"Without X, ..." does; what the note says is still checked against the sections it cites."""

from __future__ import annotations

import pytest

from tests.sidecar.gating import docs_section, fates, record_of, verdicts

LOADER = docs_section(
    "loader",
    "Loader",
    "Without a config file, the loader falls back to its defaults. The loader reads YAML and TOML.",
)
verdict = verdicts(LOADER)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("Heads up: the loader reads YAML and TOML [[loader]].", "shown"),
        ("**Pro tip:** the loader reads YAML and TOML [[loader]].", "shown"),
        ("Note: without a config file, the loader falls back to its defaults [[loader]].", "shown"),
        ("Heads up: the loader never reads YAML [[loader]].", "polarity"),
        ("Note: without a config file, the loader reads JSON [[loader]].", "unknown_term"),
    ],
)
def test_a_cited_notes_label_is_no_word_of_its_claim(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("In short: yes, it can read both.", "shown"),
        ("**Tip:** yes, it can read both.", "shown"),
        ("To sum it all up: yes, it can read both.", "uncited"),
        ("In short: it can read both, and it will also read JSON.", "uncited"),
    ],
)
def test_a_short_uncited_note_is_a_connective_of_its_own_words(note: str, expected: str) -> None:
    """A note's label that says nothing is no word of a short uncited note either (issue 21, round 21): "In short:
    yes, it can read both." is a connective of five words, as "Yes, it can read both." is; another label's words
    ("To sum it all up") count, and a note past six words of its own is checked as before."""
    assert fates(record_of(LOADER), f"The loader reads YAML and TOML [[loader]].\n\n{note}") == ["shown", expected]


CITED = "The loader reads YAML and TOML [[loader]]."


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("Note: the loader can read both formats.", "shown"),  # six words of its own, seven with its label
        ("**Pro tip:** the loader can read both formats.", "shown"),
        ("The loader can read both formats.", "shown"),  # the same words with no label
        ("To sum it all up: yes, it can read both.", "uncited"),  # no note word's label: its words count
        ("Note: the loader can read both formats quickly.", "uncited"),  # seven words of its own
    ],
)
def test_an_uncited_note_anywhere_is_read_less_its_label(note: str, expected: str) -> None:
    """A label that says nothing is taken off every note outside a list's item, cited or not and wherever it stands
    (ec305dc9; `sentence_labels.read`): an uncited note first in the answer or in a paragraph's middle is the
    connective of its own words that it is on a line after a cited sentence, as the same words unlabelled are. Before,
    only the last was read less its label, and the others, with the label's word counted, were held (uncited)."""
    first = fates(record_of(LOADER), f"{note}\n\n{CITED}")
    inside = fates(record_of(LOADER), f"{CITED} {note}")
    after = fates(record_of(LOADER), f"{CITED}\n\n{note}")
    assert (first[0], inside[1], after[1]) == (expected, expected, expected)
