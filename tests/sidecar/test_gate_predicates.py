"""Opposite predicates (`answer/predicates.py`): a sentence that says of a thing the opposite predicate that the clause
it restates says, in other words than a bare denial of its word. The gate's cases are development sentences (rounds 8
and 9, on the example's record) with their faithful twins; the readings' are record sentences of development sites."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer import predicates
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.answer.words import fold

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def verdict(sentence: str) -> str:
    gate = default_gate(BUNDLE, AnswerPolicy())
    events = [*gate.feed(sentence), *gate.finish()]
    held = [e.reason for e in events if isinstance(e, Held)]
    return held[0] if held else "shown" if any(isinstance(e, Sentence) for e in events) else "nothing"


@pytest.mark.parametrize(
    "sentence",
    [
        # Round 8's falsehood: the record says "the weekly restart was retired".
        "Even after the leak was fixed, the payment gateway's weekly restart stayed in place [[case-leak-results]].",
        # Round 9's: the record says the switch to Debezium "removed the polling load on the databases".
        "Switching the outbox relay to Debezium cut the delay to under 100 ms but did not take away the polling load "
        "on the databases [[case-kafka-hard]].",
    ],
)
def test_the_opposite_predicate_of_the_clause_restated_is_held(sentence: str) -> None:
    assert verdict(sentence) == "polarity"


@pytest.mark.parametrize(
    "sentence",
    [
        # Their faithful twins (rounds 8 and 9).
        "After the fix the weekly restart was retired, and declined payments from gateway restarts, about 2,300 a "
        "month, went to zero [[case-leak-results]].",
        "Switching the outbox relay to Debezium reading the PostgreSQL write-ahead log cut the delay from a second to "
        "under 100 ms and removed the polling load on the databases [[case-kafka-hard]].",
    ],
)
def test_the_same_predicate_in_other_words_is_shown(sentence: str) -> None:
    assert verdict(sentence) == "shown"


def _values(text: str) -> list[tuple[str, str, int]]:
    u = unit(text, fold)
    return [(u.tokens[m.at].word, predicates.PREDICATES[m.predicate][0], m.value) for m in predicates.mentions(u)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A denial turns the pole: "no CSS included" leaves it out, "did not take away" keeps it.
        ("There is no CSS included as part of this extension.", [("included", "include", -1)]),
        ("It did not take away the polling load on the databases.", [("take", "keep", 1)]),
        ("DMS does not provide any automation or support for key rotation.",
         [("provide", "include", -1), ("support", "~accept", -1)]),
        ("Since version 0.22.0, we have stopped supporting this.", [("stopped", "~start", -1), ("supporting", "~accept", -1)]),
        ("Copier doesn't provide an image by default.", [("provide", "include", -1)]),
        ("Copier ships no container image by default.", [("ships", "include", -1)]),
        # "without" denies the word right after it only; "None" set as a value denies nothing.
        ("Mark an operation as deprecated without removing it.", [("removing", "keep", 1)]),
        ("Without backoff the attempts stay three times above capacity.", [("stay", "keep", 1)]),
        ("Setting the URL to None turns off the docs viewer.", [("turns", "enable", -1)]),
        # A denied contrary says nothing of the other pole: "never deletes" is no "creates".
        ("Copier will never delete the folder.", [("delete", "keep", 1)]),
        # Offered, named as a thing, or code: no mention.
        ("You can disable it, and the changes are kept in the officially supported ones.", [("kept", "keep", 1)]),
        ("Neither .create() nor .update() is mandatory.", [("mandatory", "require", -1)]),
    ],
)
def test_each_mention_has_its_value(text: str, expected: list[tuple[str, str, int]]) -> None:
    assert _values(text) == expected
