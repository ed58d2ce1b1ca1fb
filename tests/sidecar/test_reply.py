"""The reply rules, checked once for the HTTP edge and the turn: a question, or an answer to the card waited on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation, Waiting
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.reply import NO_APPROVAL, NO_CARD, NO_PICK, NO_QUESTION, NOT_A_CHOICE, Rule, broken
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelSpec
from docent.sidecar.operator.client import open_conversation

from .appkit import client, make_app

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")

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


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("reply", "waiting", "rule"),
    [
        (None, None, NO_QUESTION),
        ({"call": "toolu_forged", "pick": "Lab"}, CHOICES, NO_CARD),
        ({"call": "toolu_1", "approved": True}, CHOICES, NO_PICK),
        ({"call": "toolu_1", "pick": "Home"}, CHOICES, NOT_A_CHOICE),
        ({"call": "toolu_2", "approved": "yes"}, CONFIRM, NO_APPROVAL),
    ],
)
async def test_a_turn_asked_to_go_on_anyway_ends_on_the_rules_error_and_asks_no_model(
    reply: dict[str, Any] | None, waiting: Waiting, rule: Rule
) -> None:
    model = HandlerModel(lambda request: [], spec=ModelSpec("unasked"))
    conversation = Conversation("token", 0.0, waiting=waiting)
    turn = Turn(bundle=BUNDLE, model=model, policy=AnswerPolicy())
    events = [event async for event in turn.run(conversation, Ask(reply=reply, screen={"page": "lab"}))]
    assert events == [rule.error] and model.requests == []
    assert conversation.waiting is waiting and conversation.messages == []


@pytest.mark.anyio
@pytest.mark.parametrize(
    ("reply", "waiting", "rule", "status", "code"),
    [
        # (An empty request never reaches these rules over HTTP: the body's check, "exactly one of question or
        # reply", answers it first.)
        ({"call": "toolu_1", "pick": "Lab"}, None, NO_CARD, 409, "no_card"),
        ({"call": "toolu_1", "approved": True}, CHOICES, NO_PICK, 422, "invalid"),
        ({"call": "toolu_1", "pick": "Home"}, CHOICES, NOT_A_CHOICE, 422, "invalid"),
        ({"call": "toolu_2", "pick": "Lab"}, CONFIRM, NO_APPROVAL, 422, "invalid"),
    ],
)
async def test_the_http_edge_refuses_with_the_rules_status_code_and_words(
    tmp_path: Path, reply: dict[str, Any] | None, waiting: Waiting | None, rule: Rule, status: int, code: str
) -> None:
    """A stray reply is a conflict (409), a misshapen one invalid (422); the message says what to change."""
    app = make_app(tmp_path)
    async with client(app) as http:
        token = await open_conversation(http)
        (await app.state.store.get(token)).waiting = waiting
        body: dict[str, Any] = {"conversation": token} | ({"reply": reply} if reply is not None else {})
        response = await http.post("/api/guide/questions", json=body)
    assert response.status_code == status
    error = response.json()["error"]
    assert (error["code"], error["message"]) == (code, rule.message)
