"""The model check and the lines that lead into a code block (leadin26): the sentence right before a block is asked
with the block's first lines beside it (`code_after`, the answer's own code, not evidence), so that "looks like
this:" can be read at all; its request goes when the block is let out, not with the paragraph after the block.

The block itself is the gate's to pass: a fenced block is shown only as a run of the record's own lines in a section
the answer cites (`quote.match`, through `blocks.fence`), held `code_edited` or `code_unknown` otherwise. A lead-in
that calls a real block something its own sections do not show it as is the check's to hold."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.check_request import CODE_CHARS, CODE_LINES, CODE_NOTE, SYSTEM, CheckRequest, code_after
from docent.sidecar.answer.checking import TOOL_NAME, Checker
from docent.sidecar.answer.events import Action, Code, Held, Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import MODELS
from docent.sidecar.model.openai import openai_body
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec, Stop, ToolCall, Usage, checked_sentences
from docent.sidecar.model.wire import anthropic_body

from .test_checking import BUNDLE, LAB, LEADING, PRICED, asked_of, rig, run, said, verdicts

HISTOGRAM = " num   #instances     #bytes  class name\n   1:   11,408,112  912,648,960  java.util.concurrent.ConcurrentHashMap$Node"
BLOCK = f"```text\n{HISTOGRAM}\n```\n"  # the first lines of case-leak-approach's block: the record's own
APPROACH = "[[case-leak-approach]]"
FIRST = f"One map held 1.9 GB. {APPROACH}\n\n"  # the answer cites the histogram's section before the block
AFTER = f"It draws the heap in two generations. {LAB}"


def reading_code() -> HandlerModel:
    """A check model that judges a sentence's `code_after` as the note asks: supported only where one of the sections
    it cites shows the block's first line; every other sentence supported, `by` its own citations."""

    async def check(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        shown = request.messages[0]["content"][0]["text"]
        sections = dict(re.findall(r"\[(S\d+)\] [^\n]*\n(.*?)(?=\n\n\[S\d+\] |\n</cited_sections>)", shown, re.DOTALL))
        asked = checked_sentences(request)

        def ok(code: str, cites: tuple[str, ...]) -> bool:
            first = code.split("\n")[1] if code else ""
            return not code or any(first in sections.get(label, "") for label in cites)

        said = {s.n: ok(s.code, s.cites) for s in asked}
        yield Usage(input_tokens=1000)
        yield ToolCall("v", TOOL_NAME, {"supported": [{"n": s.n, "by": list(s.cites)} for s in asked if said[s.n]],
                                        "unsupported": [s.n for s in asked if not said[s.n]]})
        yield Stop("tool_use")

    return HandlerModel(check, spec=PRICED)


@pytest.mark.anyio
async def test_a_lead_in_is_asked_with_the_block_it_introduces_beside_it(tmp_path: Path) -> None:
    text = f"{FIRST}The top of the class histogram looks like this: {APPROACH}\n\n{BLOCK}\n{AFTER}"
    checker = Checker(verdicts(lambda s: True))
    events = await run(*rig(tmp_path, checker, text=text))
    assert [type(e).__name__ for e in events if isinstance(e, (Sentence, Code, Held))] == ["Sentence", "Sentence", "Code", "Sentence"]
    requests = checker.model.requests  # type: ignore[attr-defined]
    assert asked_of(checker.model) == [["One map held 1.9 GB."], ["The top of the class histogram looks like this:"],
                                       ["It draws the heap in two generations."]]
    lead = checked_sentences(requests[1])[0]
    assert lead.code == f"```text\n{HISTOGRAM}\n```"  # what the visitor is shown after it, the record's lines
    line = json.loads(requests[1].messages[0]["content"][1]["text"].split("\n")[1])
    assert line["code_after"] == lead.code  # in the sentence's own line of JSON, escaped as its words are
    assert [b["text"] for b in requests[1].system] == [SYSTEM, CODE_NOTE]  # the note, only where a block is shown
    for other in (requests[0], requests[2]):
        assert [b["text"] for b in other.system] == [SYSTEM] and "code_after" not in other.messages[0]["content"][1]["text"]


@pytest.mark.anyio
@pytest.mark.parametrize("text", [
    f"{FIRST}She leads in two ways: {LEADING}\n\n- She reviews code {LEADING}\n- She mentors {LEADING}\n",  # a list
    f"{FIRST}The heap, in short: {LAB}\n\n{AFTER}",  # a paragraph
    f"{FIRST}The top of the class histogram looks like this: {APPROACH}",  # the answer's end
], ids=["list", "paragraph", "end"])
async def test_a_lead_in_with_no_block_after_it_is_asked_as_before(tmp_path: Path, text: str) -> None:
    checker = Checker(verdicts(lambda s: True))
    await run(*rig(tmp_path, checker, text=text))
    for request in checker.model.requests:  # type: ignore[attr-defined]
        assert not any(s.code for s in checked_sentences(request)) and len(request.system) == 1
        asked = [(s.text, [BUNDLE.record[i] for i in _ids(request, s.cites)]) for s in checked_sentences(request)]
        assert request.messages == CheckRequest(asked).request.messages  # the request a sentence got before


def _ids(request: ModelRequest, labels: tuple[str, ...]) -> list[str]:
    """The record ids of a request's labels, by the heading trails it shows."""
    shown = request.messages[0]["content"][0]["text"]
    trails = dict(re.findall(r"\[(S\d+)\] ([^\n]*)\n", shown))
    return [next(sid for sid, s in BUNDLE.record.items() if s.trail == trails[label]) for label in labels]


@pytest.mark.anyio
async def test_a_lead_in_calling_the_record_s_block_what_its_sections_do_not_show_is_held_by_the_check(tmp_path: Path) -> None:
    """The hole probe. The gate shows the block (the record's lines, in a section the answer cited), whatever the line
    before it calls it; a lead-in that calls the histogram the lab's heap generations, citing the lab's section, which
    shows no such thing, is the check's to hold: its request shows the block beside it, and a model that reads the
    note holds it. Its faithful twin, citing the histogram's own section, is shown."""
    false = f"{FIRST}The lab's heap generations look like this: {LAB}\n\n{BLOCK}\n{AFTER}"
    alone = await run(*rig(tmp_path, None, text=false))
    assert "The lab's heap generations look like this:" in said(alone) and any(isinstance(e, Code) for e in alone)
    events = await run(*rig(tmp_path, Checker(reading_code()), text=false))
    assert said(events) == ["One map held 1.9 GB.", "held:unsupported", "It draws the heap in two generations."]
    twin = false.replace(f"The lab's heap generations look like this: {LAB}",
                         f"The top of the class histogram looks like this: {APPROACH}")
    assert said(await run(*rig(tmp_path, Checker(reading_code()), text=twin)))[1] == "The top of the class histogram looks like this:"


@pytest.mark.anyio
async def test_a_block_that_is_not_the_records_is_held_by_the_gate_and_its_lead_in_asked_without_it(tmp_path: Path) -> None:
    """Code of the model's own is never shown: the gate's code rule holds it (`code_unknown`; lines mostly the record's
    but edited, `code_edited`). Its lead-in is asked as before, with no block beside it (the visitor sees none), and
    its request goes at the hold, not with the paragraph after it."""
    invented = f"{FIRST}The heap generations look like this: {LAB}\n```text\nyoung: 64 MB\nold: 192 MB\n```\n{AFTER}"
    edited = invented.replace("young: 64 MB\nold: 192 MB", HISTOGRAM.replace("11,408,112", "11,408,113"))
    for text, reason in ((invented, "code_unknown"), (edited, "code_edited")):
        checker = Checker(reading_code())
        events = await run(*rig(tmp_path, checker, text=text))
        assert said(events) == ["One map held 1.9 GB.", "The heap generations look like this:", f"held:{reason}",
                                "It draws the heap in two generations."]
        assert asked_of(checker.model)[1] == ["The heap generations look like this:"]  # alone: sent at the hold
        assert not any(s.code for r in checker.model.requests for s in checked_sentences(r))  # type: ignore[attr-defined]


def test_a_long_block_is_shown_beside_its_lead_in_in_part() -> None:
    long = "\n".join(f"line {n}" for n in range(1, 31))
    assert code_after("python", long) == "```python\n" + "\n".join(f"line {n}" for n in range(1, CODE_LINES + 1)) + \
        f"\n```\n({30 - CODE_LINES} more lines not shown)"
    wide = "x" * (CODE_CHARS + 50) + "\ny"
    assert code_after("", wide) == f"```\n{'x' * CODE_CHARS}\n```\n(2 more lines not shown)"  # the rest of one, and one
    assert code_after("sh", "pip install x") == "```sh\npip install x\n```"


@pytest.mark.anyio
@pytest.mark.parametrize("between", ["", "\n"], ids=["no-blank-after", "blank-after"])
async def test_a_lead_in_waits_for_its_block_not_for_the_paragraph_after_it(between: str) -> None:
    """The lead-in's request goes when the gate lets its block out: the lead-in and the block go out then, while the
    paragraph after the block is still being written (before leadin26, with no blank line after the fence, it waited
    for that paragraph's end and was asked with it)."""
    policy = AnswerPolicy()
    checker = Checker(verdicts(lambda s: True))
    checked = checker.over(default_gate(BUNDLE, policy, refer=True), BUNDLE.record, policy)
    out = [*checked.feed(FIRST), *checked.feed(f"The top of the class histogram looks like this: {APPROACH}\n"),
           *checked.feed(BLOCK), *checked.feed(f"{between}It draws the heap")]
    for _ in range(20):  # the requests sent so far answer; the paragraph after the block is not ended
        await asyncio.sleep(0)
    out += checked.feed("")
    assert asked_of(checker.model) == [["One map held 1.9 GB."], ["The top of the class histogram looks like this:"]]
    assert [type(e).__name__ for e in out] == ["Sentence", "Sentence", "Code"]
    out += checked.feed(f" in two generations. {LAB}")
    out += [*checked.finish(), *[e async for e in checked.drain()]]
    assert [e.text if isinstance(e, Sentence) else type(e).__name__ for e in out] == [
        "One map held 1.9 GB.", "The top of the class histogram looks like this:", "Code", "It draws the heap in two generations."]


@pytest.mark.anyio
async def test_an_action_after_a_lead_in_and_its_block_goes_out_after_them(tmp_path: Path) -> None:
    """What the visitor sees, in order: the lead-in, its block, the sentence after it, then the action, and what the
    model wrote after the action."""
    calls: list[Any] = [[{"text": f"{FIRST}The top of the class histogram looks like this: {APPROACH}\n{BLOCK}{AFTER} "},
                         {"tool": "show_page", "input": {"id": "lab"}}],
                        [{"text": f"The lab has a heap that leaks. {LAB}"}]]
    for checker in (None, Checker(verdicts(lambda s: True))):
        events = await run(*rig(tmp_path, checker, calls=calls), "Where is the leak?")
        shown = [e.text if isinstance(e, Sentence) else type(e).__name__ for e in events
                 if isinstance(e, (Sentence, Code, Action, Held))]
        assert shown == ["One map held 1.9 GB.", "The top of the class histogram looks like this:", "Code",
                         "It draws the heap in two generations.", "Action", "The lab has a heap that leaks."]


@pytest.mark.parametrize("spec", [s for s in MODELS.values() if not s.offline], ids=lambda s: s.id)
def test_a_request_with_a_block_beside_a_sentence_is_valid_for_the_official_sdks_types(spec: ModelSpec) -> None:
    """The note in a second system block and the block in the sentence's line: both SDKs' request types take them."""
    from .model.test_sdk import ANTHROPIC_REQUEST, OPENAI_KEYS, OPENAI_REQUEST, closed_anthropic, force

    request = CheckRequest([("One map held 1.9 GB.", [BUNDLE.record["case-leak-approach"]]),
                            ("The top of the class histogram looks like this:", [BUNDLE.record["case-leak-approach"]])],
                           {1: code_after("text", HISTOGRAM)}).request
    assert [s.code for s in checked_sentences(request)] == ["", f"```text\n{HISTOGRAM}\n```"]
    body = anthropic_body(request, spec)
    closed_anthropic(body)
    force(ANTHROPIC_REQUEST.validate_python(body))
    assert [b["text"] for b in body["system"]] == [SYSTEM, CODE_NOTE]
    chat = openai_body(request, spec)
    assert set(chat) <= OPENAI_KEYS
    force(OPENAI_REQUEST.validate_python(chat))
    system = chat["messages"][0]["content"]
    assert chat["messages"][0]["role"] == "system" and SYSTEM in system and CODE_NOTE in system


def test_a_block_that_shows_a_fence_is_fenced_past_it() -> None:
    """A record's block may show Markdown with a fence of its own (a docs site's example of a code block): the request's
    fence outruns its backticks, so the block is not ended at its example's fence and its rest read as the request's
    own words (review26: it was always three backticks)."""
    example = "Write:\n\n```python\nprint(1)\n```\n\nThen build."
    given = code_after("markdown", example)
    assert given == f"````markdown\n{example}\n````"
    inner = given.split("\n")[1:-1]
    assert "\n".join(inner) == example and not any(line.startswith("````") for line in inner)
