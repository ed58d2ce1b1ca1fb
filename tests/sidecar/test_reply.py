"""The reply rules, checked once for the HTTP edge and the turn: a question, or an answer to the card waited on."""

from __future__ import annotations

from typing import Any

import pytest

from docent.sidecar.conversation import Waiting
from docent.sidecar.reply import NO_APPROVAL, NO_CARD, NO_PICK, NO_QUESTION, NOT_A_CHOICE, Rule, broken

CHOICES = Waiting("toolu_1", "offer_choices", "choices", ("Cases", "Lab"))
CONFIRM = Waiting("toolu_2", "clear_lab", "confirm", page="lab")


@pytest.mark.parametrize(
    ("question", "reply", "waiting", "rule"),
    [
        ("Has she led a team?", None, None, None),
        ("Has she led a team?", None, CHOICES, None),  # a new question leaves the card, answered as left
        (None, None, CHOICES, NO_QUESTION),
        (None, {"call": "toolu_1", "pick": "Lab"}, None, NO_CARD),
        (None, {"call": "toolu_forged", "pick": "Lab"}, CHOICES, NO_CARD),
        (None, {"call": "toolu_1", "pick": "Lab"}, CHOICES, None),
        (None, {"call": "toolu_1", "approved": True}, CHOICES, NO_PICK),
        (None, {"call": "toolu_1", "pick": "Home"}, CHOICES, NOT_A_CHOICE),
        (None, {"call": "toolu_1", "pick": 1}, CHOICES, NOT_A_CHOICE),
        (None, {"call": "toolu_2", "approved": False}, CONFIRM, None),
        (None, {"call": "toolu_2", "pick": "Lab"}, CONFIRM, NO_APPROVAL),
        (None, {"call": "toolu_2", "approved": "yes"}, CONFIRM, NO_APPROVAL),
        ("And this?", {"call": "toolu_2"}, CONFIRM, NO_APPROVAL),  # a reply is checked even beside a question
    ],
)
def test_the_first_rule_a_request_breaks(
    question: str | None, reply: dict[str, Any] | None, waiting: Waiting | None, rule: Rule | None
) -> None:
    assert broken(question, reply, waiting) is rule


def test_the_http_edge_says_what_to_change_and_the_turn_ends_on_the_card() -> None:
    assert (NO_CARD.status, NO_CARD.code) == (409, "no_card")
    assert {r.status for r in (NO_QUESTION, NO_PICK, NOT_A_CHOICE, NO_APPROVAL)} == {422}
    assert {r.error.code for r in (NO_CARD, NO_PICK, NOT_A_CHOICE, NO_APPROVAL)} == {"no_card"}
    assert NO_QUESTION.error.code == "invalid"
