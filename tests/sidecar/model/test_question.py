"""The question the stand-in models read: the policy's fence read back, brackets and all."""

from __future__ import annotations

from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.model.port import ModelRequest
from docent.sidecar.model.question import asked, calls_since_question

FENCE = AnswerPolicy().fence


def request(*messages: dict) -> ModelRequest:
    return ModelRequest(system=[], tools=[], messages=list(messages))


def test_the_last_fenced_question_is_read_back_as_typed_and_the_calls_after_it_counted():
    first = {"role": "user", "content": FENCE("Does he know Kafka?")}
    second = {"role": "user", "content": [{"type": "text", "text": "A note.\n" + FENCE("Is <b> a tag?")}]}
    tool = {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "show_page", "input": {}}]}
    result = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "Opened."}]}
    assert asked(request(first, second, tool, result)) == "Is <b> a tag?"
    assert calls_since_question(request(first, second, tool, result)) == 1
    assert calls_since_question(request(first, second)) == 0


def test_without_a_fence_the_last_user_text_is_the_question():
    assert asked(request({"role": "user", "content": "  Has he led a team? "})) == "Has he led a team?"
    assert asked(request()) == "" and calls_since_question(request()) == 0
