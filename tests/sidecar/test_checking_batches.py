"""The model check's requests a paragraph (batch25), reviewed (review25b): a tool call the checks refuse ends the
model's words as an action does, so the paragraph before it is asked then, not after the model's next call; a links
card is asked a request's most at a time; MCP `ask` holds what the check does not support."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from docent.sidecar.answer.checking import TOOL_NAME, Checker
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import ModelEvent, ModelRequest, Stop, TextDelta, ToolCall, checked_sentences

from .test_checking import BUNDLE, LAB, LEADING, PRICED, said

FIRST = ["The lab has a heap that leaks.", "It draws the heap in two generations."]


@pytest.mark.anyio
@pytest.mark.parametrize("call", [ToolCall("t1", "show_page", {"id": "no-such-page"}),  # refused by the tool check
                                  ToolCall("t1", "get_page_content", {})])  # passed, no action
async def test_the_words_before_a_tool_call_are_asked_before_the_models_next_call_writes(call: ToolCall) -> None:
    log: list[str] = []
    asked = asyncio.Event()

    async def check(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        sentences = checked_sentences(request)
        log.append(f"asked {[s.text for s in sentences]}")
        asked.set()
        yield ToolCall("v", TOOL_NAME, {"supported": [{"n": s.n, "by": list(s.cites)} for s in sentences], "unsupported": []})
        yield Stop("tool_use")

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        if len(request.messages) == 1:
            yield TextDelta(f"{FIRST[0]} {LAB} {FIRST[1]} {LAB} ")
            yield call
            yield Stop("tool_use")
            return
        # The next call (a model's round trip, seconds) writes once the words before the call are asked; a bound, so
        # that a check that never asks them fails the assertion below rather than waiting here.
        with_bound = asyncio.wait_for(asked.wait(), 2.0)
        try:
            await with_bound
        except TimeoutError:
            pass
        log.append("the next call writes")
        yield TextDelta(f"She mentored engineers. {LEADING}")
        yield Stop("end_turn")

    checker = Checker(HandlerModel(check, spec=PRICED))
    turn = Turn(bundle=BUNDLE, model=HandlerModel(answer), policy=AnswerPolicy(), checker=checker)
    events = [e async for e in turn.run(Conversation("t", time.time()), Ask(question="Where?", screen={"page": "lab"}))]
    assert said(events) == [*FIRST, "She mentored engineers."]
    assert log == [f"asked {FIRST}", "the next call writes", "asked ['She mentored engineers.']"]



@pytest.mark.anyio
async def test_a_links_cards_words_are_asked_at_most_a_requests_sentences_at_a_time(tmp_path: Path) -> None:
    """show_links takes any number of links: a card's words are asked `Checker.batch` at most a request, as a long
    list is, each request's verdicts its own, and the card shown only if every one is supported."""
    from docent.sidecar.answer.events import Card

    from .test_checking import rig, run, verdicts

    pages = ["work", "experiments", "how-i-work", "contact", "cases-3ds", "cases-kafka", "cases-kubernetes",
             "cases-jvm-leak", "roles", "decisions"]
    items = [{"to": page, "title": f"Page {n}", "gist": f"What the page {page} says"} for n, page in enumerate(pages)]
    calls = [[{"text": f"The lab has a heap that leaks. {LAB} "}, {"tool": "show_links", "input": {"items": items}}],
             [{"text": f"It draws the heap in two generations. {LAB}"}]]
    for last_supported in (True, False):
        model = verdicts(lambda s, ok=last_supported: ok or "decisions" not in s)
        checker = Checker(model, batch=4)
        events = await run(*rig(tmp_path, checker, calls=calls), "Where is the leak?")
        asked = [[s.text for s in checked_sentences(r)] for r in model.requests]
        card = [a for a in asked if any("What the page" in s for s in a)]
        assert [len(a) for a in card] == [4, 4, 2]  # ten links, four at most a request
        assert sum(card, []) == [f"Page {n}: What the page {page} says" for n, page in enumerate(pages)]
        assert any(isinstance(e, Card) for e in events) is last_supported


@pytest.mark.anyio
async def test_mcp_ask_with_the_check_on_shows_only_what_each_paragraphs_request_supports(tmp_path: Path) -> None:
    """MCP `ask` runs the panel's turn: with DOCENT_CHECK its answer holds what the check does not support, a request
    a paragraph, the recorded verdicts (replay:) answering them."""
    import json

    from .agentkit import QUESTION, agent, answering, data, settings, sidecar

    kept, wrong, unrecorded = ("A client retries a failed call three times.",
                               "Retries wait one second, then two, then four, before the client gives up.",
                               "Install the kit with pip.")
    text = f"{kept} [[client]] {wrong} [[retries]]\n\n{unrecorded} [[install]]"
    recorded = tmp_path / "verdicts.json"
    recorded.write_text(json.dumps({"verdicts": [{"sentence": kept, "supported": True},
                                                 {"sentence": wrong, "supported": False}]}), encoding="utf-8")
    model, _ = answering(text)
    on = settings(tmp_path, check_sentences=True, check_model=f"replay:{recorded}")
    async with sidecar(on, model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": QUESTION}))
    assert [s["text"] for s in answer["sentences"]] == [kept]
    assert [h["reason"] for h in answer["held"]] == ["unsupported", "unchecked"]
    assert wrong not in json.dumps(answer) and unrecorded not in json.dumps(answer)
