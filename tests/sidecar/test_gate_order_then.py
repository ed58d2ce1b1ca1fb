"""The alignment on "only then", which tells an order, no quantifier (the order rule reads it): on the example's
record, two steps of a list told in their order with it are shown; told the other way round they are still held, by
the order rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from docent.sidecar.answer import order_pairs
from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from tests.sidecar.gating import fate

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")


def verdict(sentence: str) -> str:
    return fate(default_gate(BUNDLE, AnswerPolicy()), sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The directory server routes the request to the bank's Access Control Server, and only then does the "
         "decision service score it [[case-3ds-approach]].", "shown"),
        ("The decision service scores the request, and only then does the directory server route it to the bank's "
         "Access Control Server [[case-3ds-approach]].", "order"),
    ],
)
def test_only_then_tells_an_order(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def _every_marker(text: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """`order_pairs.pairs` with every pattern tried on every text, none passed over for a word it lacks."""
    out = order_pairs.leading(text)  # "After X, Y", "Once X, Y": no marker's words looked for first
    for pattern, first in order_pairs.MARKERS:
        for m in pattern.finditer(text):
            start, end = m.span("cut") if pattern.groupindex else m.span()  # "first X, and Y then": cut at the "and"
            left, right = (0, start), (end, len(text))
            out.append((left, right) if first == "left" else (right, left))
    out += [((m.start(1), m.end(1)), (m.start(2), m.end(2))) for m in order_pairs.FROM_TO.finditer(text)]
    return out


@pytest.mark.parametrize(
    "text",
    [
        "He measured latency before guessing.", "Deploy First, and test afterwards.", "Build it, and ship it Later.",
        "Tests run, AND the docs build next.", "The build, preceded by a lint, passes.", "Lint PRECEDED the build.",
        "Ahead Of the release, freeze.", "It is sent Once the response has been sent.", "Moved From the cache to disk.",
        "After the build, run tests.", "Lint; the Second step builds.", "Build, after which we deploy.",
        "It ran only after the cache warmed, then stopped.", "Le café ouvre, then closes AFTER noon.", "Nothing here.",
    ],
)
def test_the_order_markers_looked_for_by_their_words_first(text: str) -> None:
    # each pattern runs only where the text holds one of its words: the same spans as every pattern everywhere
    assert order_pairs.pairs(text) == _every_marker(text)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # "Once X, Y" opening the sentence tells X first, as "After X, Y" does; "once a day" is how often
        ("Once the decision service has scored the request as a challenge, the mobile app asks the cardholder to "
         "confirm [[case-3ds-approach]].", "shown"),
        ("Once the merchant has sent the authorisation, the mobile app asks a challenged cardholder to confirm "
         "[[case-3ds-approach]].", "order"),
    ],
)
def test_once_opening_a_sentence_tells_an_order(sentence: str, expected: str) -> None:
    assert verdict(sentence) == expected


def test_once_a_day_opening_a_sentence_orders_nothing() -> None:
    assert order_pairs.leading("Once a day, the relay polls the table.") == []
    assert order_pairs.leading("Once the build passes, deploy.") == [((5, 21), (23, 30))]  # "the build passes", then "deploy."
    assert order_pairs.leading("Once it works, `mkdocs --version` checks the install.") == []  # "it" points back
