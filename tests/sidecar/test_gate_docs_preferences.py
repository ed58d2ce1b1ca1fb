"""The preference rule on docs prose: a side written in inline code is read with its code, as the section's text
has it, and "the preferred way to" or "prefer to do" is no "prefer A to B"; a preference turned round is still held
by the rule. The record is made up, in the manner of a package manager's docs."""

from __future__ import annotations

import pytest

from docent.sidecar.answer import preferences
from docent.sidecar.answer.gate import Gate
from docent.sidecar.answer.lexicon import Lexicon
from docent.sidecar.answer.rules import RULES, Rule
from docent.sidecar.answer.rules.construction import rule
from tests.sidecar.gating import docs_section as _section
from tests.sidecar.gating import fate, record_of

RECORD = record_of(
    _section("adding", "Adding packages", "Use kit add to add packages to the project instead of pip install, "
             "which does not update the lockfile."),
    _section("installing", "Installing", "We prefer the standalone installer to pip."),
    _section("choosing", "Choosing an interpreter",
             "By default, the preference is managed, which prefers managed interpreters over system interpreters. "
             "The other options:\n- system: Prefer system interpreters over managed interpreters."),
)
PREFERENCES = rule("reversal", preferences)  # the rule alone: polarity, asked before it, holds these first


def verdict(sentence: str, rules: tuple[Rule, ...] = RULES) -> str:
    return fate(Gate(RECORD, Lexicon([]), rules=rules), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # With its code blanked, the sentence would turn down "to add packages to the project", the section's choice.
        ("Use `kit add` rather than `pip install` to add packages to the project [[adding]].", "shown"),
        # "The preferred way to install" is an adjective, not "preferred A to B".
        ("The preferred way to get the tool is the standalone installer [[installing]].", "shown"),
    ],
)
def test_preferences_read_as_docs_write_them(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The section prefers both ways, each under its option: it cannot decide either.
        ("The system option prefers system interpreters over managed ones [[choosing]].", "shown"),
        ("By default, managed interpreters are preferred, and the managed option prefers managed interpreters over "
         "system interpreters [[choosing]].", "shown"),
    ],
)
def test_a_section_preferring_both_ways_decides_neither(sentence: str, expected: str) -> None:
    assert verdict(sentence, (PREFERENCES,)) == expected


@pytest.mark.parametrize(
    "sentence",
    [
        "Use `pip install` rather than `kit add` to add packages to the project [[adding]].",
        "We prefer pip to the standalone installer [[installing]].",
    ],
)
def test_a_preference_turned_round_is_still_held_by_the_rule(sentence: str) -> None:
    assert verdict(sentence, (PREFERENCES,)) == "reversal"


def test_a_text_is_scanned_for_a_side_rather_than_another_only_where_it_writes_the_marker():
    # `preferences` asks `_INSTEAD` (which tries each place of a text as its first side's start: milliseconds on a long
    # sentence's "instead" alone) only where `_INSTEAD_MARK` finds what each of its matches holds
    texts = ["Use the file provider instead of the command line", "They stayed with the teams rather than with us.",
             "Run it instead.", "rather than, instead of", "X  RATHER\tTHAN y", "a instead of. b", "instead of the rest",
             "Prefer tabs over spaces rather than mixing them"]
    for text in texts:
        assert preferences._INSTEAD.search(text) is None or preferences._INSTEAD_MARK.search(text) is not None
    assert preferences._INSTEAD_MARK.search("Use the file provider instead for every environment you run") is None
