"""A cited note's label that says nothing ("Heads up:", "Note:", "**Pro tip:**") is no word of its claim (issue 21, round
20): the rules read the note without it, so "Heads up" is no role and "Note: without X, ..." opens its scene as
"Without X, ..." does; what the note says is still checked against the sections it cites."""

from __future__ import annotations

import pytest

from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from tests.sidecar.gating import docs_section, fate, record_of

RECORD = record_of(
    docs_section(
        "loader",
        "Loader",
        "Without a config file, the loader falls back to its defaults. The loader reads YAML and TOML.",
    ),
)


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
    assert fate(Gate(RECORD, Lexicon([])), sentence) == expected
