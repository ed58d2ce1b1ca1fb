"""The opposites from WordNet (`answer/antonyms.py`): a cited sentence that writes a word whose opposite the clause it
restates writes in its place, on the example site's record. Each sentence here is this file's own, written against
the record, not taken from a corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer import antonyms
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.events import Held, Sentence
from docent.sidecar.answer.passage import unit
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
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


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # The record: "... nightly files and fragile synchronous calls", "keep RabbitMQ for work queues inside a
        # service", "New calls between internal services use gRPC": opposites no contrast class of the gate holds,
        # so only this rule stands between the visitor and them.
        ("Fourteen services exchanged data through nightly files and fragile asynchronous calls [[adr-kafka]].",
         "opposite"),
        ("We use Apache Kafka for domain events between services and keep RabbitMQ for work queues outside a "
         "service [[adr-kafka-decision]].", "opposite"),
        ("New calls between external services use gRPC with Protocol Buffers [[adr-grpc-decision]].", "opposite"),
        ("Fourteen services exchanged data through nightly files and fragile synchronous calls [[adr-kafka]].",
         "shown"),
        ("New calls between internal services use gRPC with Protocol Buffers [[adr-grpc-decision]].", "shown"),
    ],
)
def test_what_the_visitor_sees_of_an_opposite(sentence: str, expected: str) -> None:
    """Through the whole gate, as a one-sentence answer: held for the opposite, where no earlier rule holds it."""
    gate = default_gate(BUNDLE, AnswerPolicy())
    events = [e for e in (*gate.feed(sentence), *gate.finish()) if isinstance(e, Sentence | Held)]
    assert len(events) == 1, events
    assert ("shown" if isinstance(events[0], Sentence) else events[0].reason) == expected
