"""The model check's requests a paragraph (batch25) where answer text is cut by what is not a blank line (review25b):
a tool call the checks refuse ends the model's words as an action does, so the paragraph before it is asked then,
not after the model's next call."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

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

