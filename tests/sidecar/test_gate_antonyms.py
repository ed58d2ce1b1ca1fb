"""The opposites from WordNet (`answer/antonyms.py`): a cited sentence that writes a word whose opposite the clause it
restates writes in its place, on the example site's record. Each sentence here is this file's own, written against
the record, not taken from a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer import antonyms
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.words import fold

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def held(sentence: str, *ids: str) -> bool:
    said = unit(sentence, fold)
    sections = [BUNDLE.mentions.passages[sid] for sid in ids]
    return antonyms.wakes(said.words, said.stems, sections) and antonyms.held(said, sections)


def test_the_table_holds_opposites_both_ways_and_their_comparatives() -> None:
    assert "slow" in antonyms.OPPOSITE["fast"] and "fast" in antonyms.OPPOSITE["slow"]
    assert "slower" in antonyms.OPPOSITE["faster"]
    assert fold("found") in antonyms.OPPOSITE[fold("missed") or ""]


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        # "it found a time-zone bug in the velocity counters".
        ("In shadow mode the team missed the time-zone bug in the velocity counters.", ("case-3ds-lessons",)),
        # "packing services onto fewer, larger nodes".
        ("The AWS bill fell by 31 %, mostly from packing services onto fewer but smaller nodes.", ("case-k8s-results",)),
    ],
)
def test_a_word_whose_opposite_the_clause_writes_in_its_place_is_held(sentence: str, ids: tuple[str, ...]) -> None:
    assert held(sentence, *ids)


@pytest.mark.parametrize(
    ("sentence", "ids"),
    [
        # The clause's own word, in other words around it.
        ("Shadow mode found a time-zone bug in the velocity counters during its first week.", ("case-3ds-lessons",)),
        # A denied opposite says the same thing.
        ("Shadow mode did not miss the time-zone bug in the velocity counters.", ("case-3ds-lessons",)),
        # Both opposites in the sentence: it compares, nothing was swapped.
        ("Shadow mode found a time-zone bug in the velocity counters that a launch without it would have missed.", ("case-3ds-lessons",)),
        # No clause holds enough of the sentence: nothing to compare.
        ("The team missed the deadline for the velocity work.", ("case-3ds-lessons",)),
    ],
)
def test_a_faithful_sentence_or_one_it_cannot_align_is_let_through(sentence: str, ids: tuple[str, ...]) -> None:
    assert not held(sentence, *ids)
