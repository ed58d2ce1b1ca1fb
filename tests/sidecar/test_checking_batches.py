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
from docent.sidecar.model.port import (
    ModelEvent,
    ModelRequest,
    Stop,
    TextDelta,
    ToolCall,
    checked_sentences,
    cited_sections,
)

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
        assert sorted(sum(card, [])) == sorted(f"Page {n}: What the page {page} says" for n, page in enumerate(pages))
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


def reading_every_section() -> HandlerModel:
    """A check model that takes a sentence as supported where its words are in any section the request shows, its
    own or another's (the cross-support a request of several sentences puts in view), `by` its own citations."""

    async def check(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        shown = "\n".join(f"{trail}\n{text}" for _label, trail, text in cited_sections(request)).lower()
        sentences = checked_sentences(request)
        said = {s.n: s.text.lower() in shown for s in sentences}
        yield ToolCall("v", TOOL_NAME, {"supported": [{"n": s.n, "by": list(s.cites)} for s in sentences if said[s.n]],
                                        "unsupported": [s.n for s in sentences if not said[s.n]]})
        yield Stop("tool_use")

    return HandlerModel(check, spec=PRICED)


@pytest.mark.anyio
async def test_a_card_text_citing_no_section_is_asked_with_no_other_texts_sections_in_view(tmp_path: Path) -> None:
    """A link to a page the record has no section of (the CV) is asked against none: supported only by `by` empty,
    which names no section, so nothing shows what it was judged by. Asked beside a link to the Lab, the Lab's sections
    were in view: the CV link's 'A heap that leaks' was supported by them. Asked apart, it is not."""
    from docent.sidecar.answer.events import Card

    from .test_checking import rig, run

    items = [{"to": "lab", "title": "Lab", "gist": "A heap that leaks"},
             {"to": "cv", "title": "CV", "gist": "A heap that leaks"}]
    calls = [[{"text": f"The lab has a heap that leaks. {LAB} "}, {"tool": "show_links", "input": {"items": items}}],
             [{"text": f"It draws the heap in two generations. {LAB}"}]]
    model = reading_every_section()
    events = await run(*rig(tmp_path, Checker(model), calls=calls), "Where is the leak?")
    for request in model.requests:
        if any(not s.cites for s in checked_sentences(request)):
            assert not cited_sections(request)  # no section in view
    assert not any(isinstance(e, Card) for e in events)  # the CV's words, unsupported: the card is not shown
    alone = [dict(items[0])]  # the Lab's link alone is supported by its own page
    calls[0][1] = {"tool": "show_links", "input": {"items": alone}}
    events = await run(*rig(tmp_path, Checker(reading_every_section()), calls=calls), "Where is the leak?")
    assert any(isinstance(e, Card) for e in events)


def test_supported_by_none_counts_only_in_a_request_that_shows_no_section() -> None:
    """`by` empty is the verdict of a sentence citing none, which names no section: it counts only where the request
    shows none, whatever asked it (Checked.card asks such texts apart; this holds the request to it)."""
    from docent.sidecar.answer.check_request import CheckRequest

    lab = BUNDLE.record["lab-leak"]
    said = {"supported": [{"n": 1, "by": ["S1"]}, {"n": 2, "by": []}], "unsupported": []}
    beside = CheckRequest([("A heap that leaks", [lab]), ("A heap that leaks", [])])
    assert beside.verdicts([ToolCall("v", TOOL_NAME, said)]) == [True, None]  # the Lab's section in view
    alone = CheckRequest([("Keep the default?", []), ("Yes, keep it", [])])
    both = {"supported": [{"n": 1, "by": []}, {"n": 2, "by": []}], "unsupported": []}
    assert alone.verdicts([ToolCall("v", TOOL_NAME, both)]) == [True, True]
