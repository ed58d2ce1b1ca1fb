"""The bodies the turn sends an `openai:` model, rendered by the chat template `make local-model` serves with.

tests/localmodel/gemma3-tools.jinja is Gemma 3's official template with tools declared; like the official one it
raises "Conversation roles must alternate" for a system message after the first user turn. Rendered here with
Jinja (llama-server renders it with its own engine): a conversation of three questions, each with the page's note,
tool calls and their results, goes through; the same conversation with the note as a system message, as every
`openai:` model had it, fails at the second question.
"""

from __future__ import annotations

import json
import time
from itertools import pairwise
from pathlib import Path
from typing import Any

import jinja2
import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Done
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.openai import openai_body
from docent.sidecar.model.port import ModelRequest, ModelSpec
from docent.sidecar.model.replay import ReplayModel

ROOT = Path(__file__).resolve().parents[3]
TEMPLATE = ROOT / "tests" / "localmodel" / "gemma3-tools.jinja"
BUNDLE = Bundle.load(ROOT / "tests" / "evals" / "bundle.json")
SCRIPT = [
    {"question": "3-D Secure", "calls": [[{"text": "She rebuilt it. [[cases-3ds]] "}, {"tool": "show_page", "input": {"id": "cases-3ds"}}],
                                         [{"text": "It is open. [[cases-3ds]]"}]]},
    {"question": "led", "calls": [[{"text": "Yes. [[roles-alderway-leading]]"}]]},
    {"question": "Kafka", "calls": [[{"text": "Yes. [[cases-kafka]]"}]]},
]
QUESTIONS = [("What did she do on 3-D Secure?", "home"), ("Has she led a team?", "cases-3ds"), ("Does she know Kafka?", "roles")]


def render(body: dict[str, Any]) -> str:
    def raise_exception(message: str) -> None:
        raise ValueError(message)

    template = jinja2.Environment().from_string(TEMPLATE.read_text(encoding="utf-8"))
    return template.render(messages=body["messages"], tools=body.get("tools"), bos_token="<bos>",
                           add_generation_prompt=True, raise_exception=raise_exception)


async def bodies(spec: ModelSpec, tmp_path: Path) -> list[dict[str, Any]]:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": SCRIPT}), encoding="utf-8")
    model = HandlerModel(ReplayModel(script, spec=spec).stream, spec=spec)
    talk = Conversation("token", time.time())
    for question, page in QUESTIONS:
        events = [e async for e in Turn(bundle=BUNDLE, model=model, policy=AnswerPolicy()).run(talk, Ask(question, screen={"page": page}))]
        assert isinstance(events[-1], Done), events[-1]
    return [openai_body(request, spec) for request in model.requests]


@pytest.mark.anyio
async def test_three_questions_with_the_note_render_where_every_template_takes_it(tmp_path: Path) -> None:
    sent = await bodies(ModelSpec("gemma-3-270m"), tmp_path)
    assert len(sent) == 4
    prompts = [render(body) for body in sent]
    last = prompts[-1]
    assert last.count("<start_of_turn>user\n") == 4 and last.count("<start_of_turn>model\n") == 4  # 3 questions, 1 result
    assert last.count("<system-reminder>") == 3 and '<tool_call>\n{"name": "show_page"' in last
    assert "<tool_response>\nOpened" in last and last.endswith("<start_of_turn>model\n")
    assert all(later.startswith(earlier.removesuffix("<start_of_turn>model\n")) for earlier, later in pairwise(prompts))


@pytest.mark.anyio
async def test_the_note_as_a_system_message_fails_from_the_second_question_as_gemmas_template_fails(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": SCRIPT}), encoding="utf-8")
    spec = ModelSpec("gemma-3-270m", mid_system=True)  # what every openai: model had
    model = HandlerModel(ReplayModel(script, spec=spec).stream, spec=spec)
    talk = Conversation("token", time.time())
    for question, page in QUESTIONS[:2]:
        [e async for e in Turn(bundle=BUNDLE, model=model, policy=AnswerPolicy()).run(talk, Ask(question, screen={"page": page}))]
    requests: list[ModelRequest] = model.requests
    render(openai_body(requests[0], spec))  # the first question passes: a system turn where the model's would be
    with pytest.raises(ValueError, match="Conversation roles must alternate"):
        render(openai_body(requests[-1], spec))
