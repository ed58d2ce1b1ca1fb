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

from docent.sidecar.answer.check_request import (
    CODE_CHARS,
    CODE_LINES,
    CODE_NOTE,
    SYSTEM,
    CheckRequest,
    CodeAfter,
    code_after,
)
from docent.sidecar.answer.checking import TOOL_NAME, Checker
from docent.sidecar.answer.events import Action, Code, Held, Sentence
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import default_gate
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import MODELS
from docent.sidecar.model.openai import openai_body
from docent.sidecar.model.port import (
    CheckedSentence,
    ModelEvent,
    ModelRequest,
    ModelSpec,
    Stop,
    ToolCall,
    Usage,
    checked_sentences,
    cited_sections,
)
from docent.sidecar.model.wire import anthropic_body

from .test_checking import BUNDLE, LAB, LEADING, PRICED, asked_of, rig, run, said, verdicts

HISTOGRAM = " num   #instances     #bytes  class name\n   1:   11,408,112  912,648,960  java.util.concurrent.ConcurrentHashMap$Node"
BLOCK = f"```text\n{HISTOGRAM}\n```\n"  # the first lines of case-leak-approach's block: the record's own
APPROACH = "[[case-leak-approach]]"
FIRST = f"One map held 1.9 GB. {APPROACH}\n\n"  # the answer cites the histogram's section before the block
AFTER = f"It draws the heap in two generations. {LAB}"


def reading_code(*, by_code: bool = True) -> HandlerModel:
    """A check model that judges a sentence's `code_after` as the note asks: supported only where what it calls the
    code (its words before "look(s) like this") is written in one of the sections it cites or its block is from
    (`code_from`), `by` those; every other sentence supported, `by` its own citations. `by_code=False`: every
    sentence's `by` also names the lead-in's `code_from` labels (a model that misreads the note)."""

    async def check(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        sections = {label: text for label, _trail, text in cited_sections(request)}
        asked = checked_sentences(request)
        lent = tuple(label for s in asked for label in s.code_from)

        def by(s: CheckedSentence) -> list[str] | None:
            if not s.code:
                return [*s.cites, *(() if by_code else lent)]
            name = re.split(r" looks? like this", s.text)[0].lower()
            found = [label for label in dict.fromkeys((*s.cites, *s.code_from)) if name in sections.get(label, "").lower()]
            return found or None

        said = {s.n: by(s) for s in asked}
        yield Usage(input_tokens=1000)
        yield ToolCall("v", TOOL_NAME, {"supported": [{"n": n, "by": b} for n, b in said.items() if b is not None],
                                        "unsupported": [n for n, b in said.items() if b is None]})
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


@pytest.mark.anyio
async def test_a_block_no_sentence_waits_for_is_not_fenced_for_the_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A block is fenced for the request (`code_after`) only where the sentence right before it waits to be asked with
    it: a second block after the first (whose request went with the first) is shown, and no fence is made for it
    (re-reading 359b689: every block was fenced, and the fence dropped where no sentence waited)."""
    from docent.sidecar.answer import checking

    fenced: list[str] = []
    monkeypatch.setattr(checking, "code_after", lambda language, code: fenced.append(code) or code_after(language, code))
    checker = Checker(verdicts(lambda s: True))
    text = f"{FIRST}The top of the class histogram looks like this: {APPROACH}\n\n{BLOCK}\n{BLOCK}\n{AFTER}"
    events = await run(*rig(tmp_path, checker, text=text))
    assert [type(e).__name__ for e in events if isinstance(e, (Sentence, Code, Held))] == [
        "Sentence", "Sentence", "Code", "Code", "Sentence"]
    beside = [s.code for r in checker.model.requests for s in checked_sentences(r) if s.code]  # type: ignore[attr-defined]
    assert beside == [f"```text\n{HISTOGRAM}\n```"] and fenced == [HISTOGRAM]


def _ids(request: ModelRequest, labels: tuple[str, ...]) -> list[str]:
    """The record ids of a request's labels, by the heading trails it shows."""
    trails = {label: trail for label, trail, _text in cited_sections(request)}
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
                           CodeAfter(code_after("text", HISTOGRAM), (BUNDLE.record["case-leak-approach"],))).request
    assert [s.code for s in checked_sentences(request)] == ["", f"```text\n{HISTOGRAM}\n```"]
    assert [s.code_from for s in checked_sentences(request)] == [(), ("S1",)]
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


# leadin26b: the block's own section, named beside it. A lead-in may cite one section while the block it introduces is
# another's the answer cites ("In YAML:" citing Traefik's Ping, the block from its static configuration's section):
# the request shows that section too, labelled, and the lead-in's line says which (`code_from`).
ELSEWHERE = f"A heap dump looks like this: {LAB}"  # the block is case-leak-approach's (a heap dump's), cited before


@pytest.mark.anyio
async def test_a_lead_in_names_the_section_its_block_is_from_and_may_be_supported_by_it(tmp_path: Path) -> None:
    text = f"{FIRST}{ELSEWHERE}\n\n{BLOCK}\n{AFTER}"
    checker = Checker(reading_code())
    events = await run(*rig(tmp_path, checker, text=text))
    assert said(events) == ["One map held 1.9 GB.", "A heap dump looks like this:",
                            "It draws the heap in two generations."] and any(isinstance(e, Code) for e in events)
    request = checker.model.requests[1]  # type: ignore[attr-defined]
    lead = checked_sentences(request)[0]
    assert (lead.cites, lead.code_from) == (("S1",), ("S2",))  # its own citation first, then the block's section
    assert _ids(request, lead.cites) == ["lab-leak"] and _ids(request, lead.code_from) == ["case-leak-approach"]
    line = json.loads(request.messages[0]["content"][1]["text"].split("\n")[1])
    assert line["code_from"] == ["S2"] and list(line) == ["n", "cites", "sentence", "code_after", "code_from"]
    # a model that judges it by its own citation alone holds it, as before leadin26b
    checker = Checker(verdicts(lambda s: s != "A heap dump looks like this:"))
    assert said(await run(*rig(tmp_path, checker, text=text)))[1] == "held:unsupported"


@pytest.mark.anyio
async def test_a_block_from_the_lead_ins_own_section_is_labelled_once(tmp_path: Path) -> None:
    text = f"{FIRST}The top of the class histogram looks like this: {APPROACH}\n\n{BLOCK}\n{AFTER}"
    checker = Checker(reading_code())
    await run(*rig(tmp_path, checker, text=text))
    request = checker.model.requests[1]  # type: ignore[attr-defined]
    lead = checked_sentences(request)[0]
    assert (lead.cites, lead.code_from) == (("S1",), ("S1",))
    assert [label for label, _trail, _text in cited_sections(request)] == ["S1"]


@pytest.mark.anyio
async def test_the_blocks_section_counts_for_its_lead_in_alone(tmp_path: Path) -> None:
    """The hole probe of leadin26b. The block's section is in view for the whole request; a `by` naming it counts for
    the lead-in only: a sentence beside it that does not cite it ("It draws the heap in two generations", said of the
    lab on the lab's section, and a model that names the histogram's section for it) is held, unchecked. And a lead-in
    that calls the block what neither its own nor the block's section says (the lab's heap generations) is held."""
    text = f"{FIRST}It draws the heap in two generations. {LAB} {ELSEWHERE}\n\n{BLOCK}\n{AFTER}"
    checker = Checker(reading_code(by_code=False))
    events = await run(*rig(tmp_path, checker, text=text))
    assert asked_of(checker.model)[1] == ["It draws the heap in two generations.", "A heap dump looks like this:"]
    assert said(events) == ["One map held 1.9 GB.", "held:unchecked", "A heap dump looks like this:",
                            "It draws the heap in two generations."]
    false = text.replace(ELSEWHERE, f"The lab's heap generations look like this: {LAB}")
    assert said(await run(*rig(tmp_path, Checker(reading_code()), text=false)))[1:3] == [
        "It draws the heap in two generations.", "held:unsupported"]


def test_a_verdict_by_the_blocks_section_is_read_for_its_lead_in_only() -> None:
    lab, approach = BUNDLE.record["lab-leak"], BUNDLE.record["case-leak-approach"]
    request = CheckRequest([("It draws the heap in two generations.", [lab]), ("It leaks.", [lab]),
                            ("The top of the histogram looks like this:", [lab])], CodeAfter(code_after("text", HISTOGRAM), (approach,)))
    assert request.cites == [("S1",), ("S1",), ("S1",)] and request.code_from == [(), (), ("S2",)]

    def read(by: list[str]) -> list[bool | None]:
        return request.verdicts([ToolCall("v", TOOL_NAME, {"supported": [{"n": n, "by": by} for n in (1, 2, 3)], "unsupported": []})])

    assert read(["S2"]) == [None, None, True]  # the block's section: the lead-in's alone
    assert read(["s2"]) == [None, None, True]
    assert read(["S1", "S2"]) == [None, None, True]
    assert read(["S1"]) == [True, True, True]
    assert read(["S3"]) == [None, None, None] and read([]) == [None, None, None]  # no section of its own: held
    assert CheckRequest([("It leaks.", [lab])]).code_from == [()]
    # the block is the last sentence's: a request with a block and no sentence is an error, not a request
    with pytest.raises(ValueError, match="asks one"):
        CheckRequest([], CodeAfter(code_after("text", HISTOGRAM), (approach,)))


@pytest.mark.anyio
@pytest.mark.parametrize("batch", [1, 2])
async def test_a_lead_in_that_fills_its_request_is_asked_with_its_block(tmp_path: Path, batch: int) -> None:
    """A lead-in that is its request's last sentence (`Checker.batch`) waits for its block as one in a request not yet
    full does, and is asked with it beside it; the sentence after the block starts another request (before, a full
    request went at once and its lead-in was asked without the block)."""
    text = f"One map held 1.9 GB. {APPROACH} The top of the class histogram looks like this: {APPROACH}\n\n{BLOCK}\n{AFTER}"
    checker = Checker(verdicts(lambda s: True), batch=batch)
    events = await run(*rig(tmp_path, checker, text=text))
    assert said(events) == ["One map held 1.9 GB.", "The top of the class histogram looks like this:",
                            "It draws the heap in two generations."] and any(isinstance(e, Code) for e in events)
    assert asked_of(checker.model) == [
        *([["One map held 1.9 GB."], ["The top of the class histogram looks like this:"]] if batch == 1
          else [["One map held 1.9 GB.", "The top of the class histogram looks like this:"]]),
        ["It draws the heap in two generations."]]
    lead = [s for r in checker.model.requests for s in checked_sentences(r)  # type: ignore[attr-defined]
            if s.text.endswith("like this:")]
    assert [s.code for s in lead] == [f"```text\n{HISTOGRAM}\n```"]


@pytest.mark.anyio
@pytest.mark.parametrize("text", [
    f"She leads in two ways: {LEADING}\n\n- She reviews code {LEADING}\n- She mentors {LEADING}\n",  # a list
    f"She leads in two ways: {LEADING} She reviews code. {LEADING}",  # the paragraph goes on
    f"## Leading\n\nShe led a team of five. {LEADING}",  # a heading, waiting for what it labels
], ids=["list", "paragraph", "heading"])
async def test_a_full_request_whose_lead_in_has_no_block_after_it_asks_no_more_than_it_holds(tmp_path: Path, text: str) -> None:
    checker = Checker(verdicts(lambda s: True), batch=1)
    events = await run(*rig(tmp_path, checker, text=text))
    asked = asked_of(checker.model)
    assert asked and all(len(one) == 1 for one in asked) and len(asked) == len(said(events))
