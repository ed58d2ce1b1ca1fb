"""The model check after the gate (answer/checking.py, DOCENT_CHECK): each cited sentence the gate would show is read by
a model against its cited sections; unsupported, erring, late or unpaid, it is held; the rest go out in order."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.checking import TOOL_NAME, Checker, request_for
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Action, Done, Held, Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import MODELS, spec_for
from docent.sidecar.model.openai import openai_body
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec, Overloaded, Stop, ToolCall, Usage
from docent.sidecar.model.port import checked_sentence as sentence_of
from docent.sidecar.model.replay import ReplayModel
from docent.sidecar.model.verdicts import VerdictsModel
from docent.sidecar.model.wire import anthropic_body
from docent.sidecar.spending.budget import Budget
from docent.sidecar.spending.factory import checking_model

BUNDLE = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle.json")
LEADING, LAB = "[[roles-alderway-leading]]", "[[lab-leak]]"
ANSWER = (f"Yes. She led a team of five. {LEADING} The lab has a heap that leaks. {LAB} "
          f"It draws the heap in two generations. {LAB} She mentored engineers. {LEADING}")
SHOWN = ["Yes.", "She led a team of five.", "The lab has a heap that leaks.", "It draws the heap in two generations.",
         "She mentored engineers."]
CHECKED = SHOWN[1:]  # "Yes." cites nothing: no check
PRICED = ModelSpec("checker", input_per_mtok=1.0, output_per_mtok=5.0)


def verdicts(judge: Any, *, spec: ModelSpec = PRICED, delay: Any = None) -> HandlerModel:
    """A check model: `judge(sentence)` says whether it is supported (or raises); `delay(sentence)` seconds first."""

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        sentence = sentence_of(request)
        yield Usage(input_tokens=1000)
        if delay is not None:
            await asyncio.sleep(delay(sentence))
        supported = judge(sentence)
        yield ToolCall("toolu_1", TOOL_NAME, {"supported": supported, "point": "" if supported else "not said"})
        yield Usage(input_tokens=1000, output_tokens=20)
        yield Stop("tool_use")

    return HandlerModel(answer, spec=spec)


def rig(tmp_path: Path, checker: Checker | None, text: str = ANSWER, *, calls: list[Any] | None = None,
        spec: ModelSpec | None = None) -> tuple[Turn, Conversation]:
    script = tmp_path / "script.json"
    calls = calls or [[{"text": text}]]
    script.write_text(json.dumps({"replies": [{"question": ".", "calls": calls}]}), encoding="utf-8")
    model = ReplayModel(script, spec=spec)
    return Turn(bundle=BUNDLE, model=model, policy=AnswerPolicy(), checker=checker), Conversation("t", time.time())


async def run(turn: Turn, conversation: Conversation, question: str = "Has she led a team?") -> list[Any]:
    return [e async for e in turn.run(conversation, Ask(question=question, screen={"page": "home"}))]


def said(events: list[Any]) -> list[str]:
    return [e.text if isinstance(e, Sentence) else f"held:{e.reason}" for e in events if isinstance(e, (Sentence, Held))]


@pytest.mark.anyio
async def test_without_the_check_the_gate_alone_shows_the_answer(tmp_path: Path) -> None:
    assert said(await run(*rig(tmp_path, None))) == SHOWN


@pytest.mark.anyio
async def test_a_model_that_says_unsupported_holds_the_sentence_as_a_code_hold_is(tmp_path: Path) -> None:
    checker = Checker(verdicts(lambda s: "mentored" not in s))
    turn, conversation = rig(tmp_path, checker)
    events = await run(turn, conversation)
    assert said(events) == [*SHOWN[:-1], "held:unsupported"]
    held = next(e for e in events if isinstance(e, Held))
    assert held.message == AnswerPolicy().held_message("unsupported") and "not said" not in held.message
    assert conversation.held_last == ["unsupported"]  # the next question's note tells the model, as a code hold does
    asked = [sentence_of(r) for r in checker.model.requests]  # type: ignore[attr-defined]
    assert sorted(asked) == sorted(CHECKED)  # one request a cited sentence, none for "Yes."


@pytest.mark.anyio
async def test_a_check_that_errs_holds_its_sentence(tmp_path: Path) -> None:
    def judge(sentence: str) -> bool:
        if "heap that leaks" in sentence:
            raise Overloaded("the check's provider is overloaded")
        return True

    events = await run(*rig(tmp_path, Checker(verdicts(judge))))
    assert said(events) == [SHOWN[0], SHOWN[1], "held:unchecked", *SHOWN[3:]]
    assert isinstance(events[-1], Done)


@pytest.mark.anyio
async def test_a_check_that_gives_no_verdict_or_takes_too_long_holds_its_sentence(tmp_path: Path) -> None:
    async def words_only(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        yield Usage(input_tokens=10)
        yield Stop("end_turn")

    events = await run(*rig(tmp_path, Checker(HandlerModel(words_only, spec=PRICED))))
    assert said(events) == [SHOWN[0], *["held:unchecked"] * 4]
    slow = verdicts(lambda s: True, delay=lambda s: 30 if "two generations" in s else 0)
    events = await run(*rig(tmp_path, Checker(slow, timeout_s=0.2)))
    assert said(events) == [*SHOWN[:3], "held:unchecked", SHOWN[4]]


@pytest.mark.anyio
async def test_checks_run_at_once_and_their_sentences_go_out_in_the_order_written(tmp_path: Path) -> None:
    busy, most = 0, 0

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        nonlocal busy, most
        busy += 1
        most = max(most, busy)
        try:
            # the first sentence's check ends last
            await asyncio.sleep(0.2 if "team of five" in sentence_of(request) else 0.01)
            yield ToolCall("toolu_1", TOOL_NAME, {"supported": True, "point": ""})
            yield Stop("tool_use")
        finally:
            busy -= 1

    checker = Checker(HandlerModel(answer, spec=PRICED), places=3)
    events = await run(*rig(tmp_path, checker))
    assert said(events) == SHOWN
    assert most == 3  # bounded by its places, and more than one at once


@pytest.mark.anyio
async def test_an_action_goes_out_after_the_checked_sentences_written_before_it(tmp_path: Path) -> None:
    calls = [[{"text": f"The lab has a heap that leaks. {LAB} "}, {"tool": "show_page", "input": {"id": "lab"}}],
             [{"text": f"It draws the heap in two generations. {LAB}"}]]
    slow = verdicts(lambda s: True, delay=lambda s: 0.1)
    events = await run(*rig(tmp_path, Checker(slow), calls=calls), "Where is the leak?")
    order = [e.text if isinstance(e, Sentence) else type(e).__name__ for e in events if isinstance(e, (Sentence, Action))]
    assert order == ["The lab has a heap that leaks.", "Action", "It draws the heap in two generations."]


@pytest.mark.anyio
async def test_checks_spend_from_the_days_budget_and_count_in_the_questions_cost(tmp_path: Path) -> None:
    budget = Budget(1.0)
    model = checking_model(verdicts(lambda s: True), budget=budget)
    events = await run(*rig(tmp_path, Checker(model)))
    each = PRICED.cost(Usage(input_tokens=1000, output_tokens=20))
    assert said(events) == SHOWN
    assert budget.spent_usd() == pytest.approx(4 * each)
    assert events[-1].cost_usd == pytest.approx(4 * each)  # the answer's replay is free: the cost is the checks'


@pytest.mark.anyio
async def test_a_check_the_days_budget_refuses_holds_its_sentence(tmp_path: Path) -> None:
    spent = Budget(0.0)
    inner = verdicts(lambda s: True)
    events = await run(*rig(tmp_path, Checker(checking_model(inner, budget=spent))))
    assert said(events) == [SHOWN[0], *["held:unchecked"] * 4]
    assert inner.requests == []  # refused before the call


@pytest.mark.anyio
async def test_the_offline_models_answers_are_not_checked(tmp_path: Path) -> None:
    checker = Checker(verdicts(lambda s: False))
    events = await run(*rig(tmp_path, checker, spec=spec_for("offline")))
    assert said(events) == SHOWN and checker.model.requests == []  # type: ignore[attr-defined]


@pytest.mark.anyio
async def test_a_visitor_gone_mid_answer_cancels_the_checks_still_running(tmp_path: Path) -> None:
    model = verdicts(lambda s: True, delay=lambda s: 30)
    turn, conversation = rig(tmp_path, Checker(model))
    seen: list[Any] = []

    async def listen() -> None:
        async with contextlib.aclosing(turn.run(conversation, Ask(question="Has she led a team?", screen={"page": "home"}))) as stream:
            async for event in stream:
                seen.append(event)

    listening = asyncio.get_running_loop().create_task(listen())
    await asyncio.sleep(0.3)
    checks = [t for t in asyncio.all_tasks() if t.get_coro().__qualname__ == "Checker.judge"]  # type: ignore[union-attr]
    assert len(checks) == 4 and said(seen) == ["Yes."]  # the answer is written, its checks under way
    listening.cancel()  # the visitor goes
    with contextlib.suppress(asyncio.CancelledError):
        await listening
    await asyncio.sleep(0)
    assert all(t.cancelled() for t in checks) and said(seen) == ["Yes."]


def test_the_check_request_gives_the_cited_sections_as_the_record_does_and_the_sentence_last() -> None:
    sections = [BUNDLE.record["lab-leak"]]
    request = request_for("The lab has a heap that leaks.", sections)
    text = request.messages[0]["content"][0]["text"]
    assert "[[lab-leak]] Lab › A heap that leaks\nA JVM service's heap in two generations." in text
    assert sentence_of(request) == "The lab has a heap that leaks."
    assert request.tool_choice == "any" and request.max_tokens <= 256 and request.tools[0]["name"] == TOOL_NAME


def test_the_check_request_asks_for_no_cache_write_that_no_later_request_could_read() -> None:
    # Each check's request ends with its own sentence, so no later one begins with it: the automatic breakpoint at its
    # tail would write it to the cache, at 1.25 times the input price over the model's minimum, and never read it.
    # (tests.bench.model_check --rounds: 5-19's 1,613 checks, 26 % of their input tokens in requests of 1,024 or more.)
    check = anthropic_body(request_for("The lab has a heap that leaks.", [BUNDLE.record["lab-leak"]]), MODELS["claude-haiku-5-5"])
    assert "cache_control" not in check and not any("cache_control" in block for block in check["system"])
    answer = anthropic_body(ModelRequest(BUNDLE.system, BUNDLE.tools, [{"role": "user", "content": "Hi"}]), MODELS["claude-haiku-5-5"])
    assert answer["cache_control"] == {"type": "ephemeral"}  # an answer's calls still cache the conversation


@pytest.mark.parametrize("spec", [s for s in MODELS.values() if not s.offline], ids=lambda s: s.id)
def test_the_check_request_is_valid_for_the_official_sdks_types(spec: ModelSpec) -> None:
    from .model.test_sdk import ANTHROPIC_REQUEST, OPENAI_KEYS, OPENAI_REQUEST, closed_anthropic, force

    request = request_for("The lab has a heap that leaks.", [BUNDLE.record["lab-leak"]])
    body = anthropic_body(request, spec)
    closed_anthropic(body)
    force(ANTHROPIC_REQUEST.validate_python(body))
    # A forced call where the model takes one; Sonnet 5.5 answers 400 to it, so there the prompt asks for the call.
    assert body.get("tool_choice") == ({"type": "any", "disable_parallel_tool_use": True} if spec.forced_tool_choice else None)
    chat = openai_body(request, spec)
    assert set(chat) <= OPENAI_KEYS and chat["tool_choice"] == "required"
    force(OPENAI_REQUEST.validate_python(chat))


@pytest.mark.anyio
async def test_recorded_verdicts_answer_the_check_by_the_sentence_and_an_unrecorded_one_is_held(tmp_path: Path) -> None:
    recorded = {"verdicts": [
        {"sentence": f"She led a **team** of five {LEADING}.", "supported": True, "point": ""},
        {"sentence": f"The lab has a heap that leaks. {LAB}", "supported": False, "point": "a lab"},
        {"sentence": "It draws the heap in two generations.", "supported": True},
    ]}
    model = VerdictsModel(tmp_path / "v.json", data=recorded)
    events = await run(*rig(tmp_path, Checker(model)))
    assert said(events) == [SHOWN[0], SHOWN[1], "held:unsupported", SHOWN[3], "held:unchecked"]
    assert (model.asked, model.unknown) == (4, 1)


@pytest.mark.anyio
async def test_the_app_checks_each_sentence_when_the_operator_turns_the_check_on(tmp_path: Path) -> None:
    """Through the real app: DOCENT_CHECK with recorded verdicts for the check's model (DOCENT_CHECK_MODEL=replay:...)."""
    from dataclasses import replace

    import httpx

    from docent.sidecar.app import create_app
    from docent.sidecar.operator.client import UNLIMITED, ask, open_conversation
    from docent.sidecar.settings import Settings

    script = tmp_path / "script.json"
    script.write_text(json.dumps({"replies": [{"question": ".", "calls": [[{"text": ANSWER}]]}]}), encoding="utf-8")
    recorded = tmp_path / "verdicts.json"
    recorded.write_text(json.dumps({"verdicts": [{"sentence": s, "supported": "mentored" not in s} for s in CHECKED]}))
    bundle = Path(__file__).resolve().parents[1] / "evals" / "bundle.json"
    base = replace(Settings(), enabled=True, bundle=bundle, pow_maxnumber=2000, rate_address=UNLIMITED,
                   rate_conversation=UNLIMITED, rate_overall=UNLIMITED, rate_start=UNLIMITED, rate_read=UNLIMITED,
                   model=f"replay:{script}")
    for on, expected in ((False, SHOWN), (True, [*SHOWN[:-1], "held:unsupported"])):
        settings = replace(base, check_sentences=on, check_model=f"replay:{recorded}" if on else None)
        app = create_app(settings)
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://check") as client:
            events = await ask(client, await open_conversation(client), "Has she led a team?", screen={"page": "home"})
        seen = [d["text"] if name == "sentence" else f"held:{d['reason']}" for name, d in events if name in ("sentence", "held")]
        assert seen == expected and events[-1][0] == "done"


def test_the_held_out_measure_runs_the_twins_through_the_gate_and_the_recorded_check(tmp_path: Path) -> None:
    from tests.evals.checked import constructions

    recorded = tmp_path / "verdicts.json"
    recorded.write_text(json.dumps({"verdicts": [
        {"sentence": f"She led a team of six. {LEADING}", "supported": False},  # the gate holds it first: never asked
        {"sentence": f"She mentored engineers. {LEADING}", "supported": False},
        {"sentence": f"She led a team of five. {LEADING}", "supported": True},
    ]}))
    falsehoods = [{"kind": "number", "sentence": f"She led a team of six. {LEADING}"},
                  {"kind": "role", "sentence": f"She mentored engineers. {LEADING}"}]
    faithful = [{"kind": "number", "sentence": f"She led a team of five. {LEADING}"},
                {"kind": "role", "sentence": f"It draws the heap in two generations. {LAB}"}]  # not recorded
    part, made = constructions(BUNDLE, falsehoods, faithful, recorded)
    assert (sum(part.held.values()), sum(part.shown.values())) == (2, 1)
    assert made == {"unsupported": 1, "unchecked": 1, "unrecorded": 1}
