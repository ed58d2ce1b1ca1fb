"""The model check's promise on each path answer text takes to a visitor (review24b of verify24's answer/checking.py):
a check that answers more than once is read by every answer, a card's words about a page are checked as a cited
sentence is, and a table's header goes out only with a row the check let through. And how a request's answer is read
for each of its sentences (round 25: several sentences a request): a verdict each, counted only where it is the
sentence's own, by the sentence's own citations."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.checking import (
    CARD_UNCHECKED,
    CARD_UNSUPPORTED,
    CHOICES_UNCHECKED,
    CHOICES_UNSUPPORTED,
    TOOL_NAME,
    Checker,
)
from docent.sidecar.answer.events import Card, Done, Held, Sentence
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.port import (
    CheckedSentence,
    ModelEvent,
    ModelRequest,
    Overloaded,
    Stop,
    ToolCall,
    Usage,
    cited_sections,
)
from docent.sidecar.model.port import checked_sentences as asked_in

from .test_checking import LAB, LEADING, PRICED, SHOWN, asked_of, rig, run, said, verdicts

Given = Callable[[list[CheckedSentence]], Any]  # a call's input, made from the request's sentences


def answering(*inputs: Given, requests: list[list[CheckedSentence]] | None = None) -> HandlerModel:
    """A check model that calls `verdict` once for each input given, in order, each made from the request's sentences
    (None: a call whose JSON broke); each request's sentences kept in `requests`."""

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        asked = asked_in(request)
        if requests is not None:
            requests.append(asked)
        yield Usage(input_tokens=100)
        for n, given in enumerate(inputs):
            yield ToolCall(f"toolu_{n}", TOOL_NAME, given(asked), "")
        yield Stop("tool_use")

    return HandlerModel(answer, spec=PRICED)


def each(supported: bool, *, skip: str = "", by: Callable[[CheckedSentence], list[str]] | None = None) -> Given:
    """A verdict for every sentence but the one with `skip` in it, `by` its own citations unless given."""
    def given(asked: list[CheckedSentence]) -> dict[str, Any]:
        named = [s for s in asked if not (skip and skip in s.text)]
        if not supported:
            return {"supported": [], "unsupported": [s.n for s in named]}
        return {"supported": [{"n": s.n, "by": by(s) if by else list(s.cites)} for s in named], "unsupported": []}

    return given


YES, NO = each(True), each(False)


@pytest.mark.anyio
async def test_a_check_that_answers_twice_is_held_where_either_answer_says_unsupported(tmp_path: Path) -> None:
    for inputs in ((YES, NO), (NO, YES)):
        assert said(await run(*rig(tmp_path, Checker(answering(*inputs))))) == [SHOWN[0], *["held:unsupported"] * 4]
    # a second call that is no verdict leaves the check without one; two verdicts for a sentence are none of its own
    assert said(await run(*rig(tmp_path, Checker(answering(YES, lambda _asked: None))))) == [SHOWN[0], *["held:unchecked"] * 4]
    assert said(await run(*rig(tmp_path, Checker(answering(YES, YES))))) == [SHOWN[0], *["held:unchecked"] * 4]
    assert said(await run(*rig(tmp_path, Checker(answering(YES))))) == SHOWN


@pytest.mark.anyio
async def test_a_sentence_the_model_gives_no_verdict_is_held_and_the_others_of_its_request_shown(tmp_path: Path) -> None:
    requests: list[list[CheckedSentence]] = []
    events = await run(*rig(tmp_path, Checker(answering(each(True, skip="heap that leaks"), requests=requests))))
    assert [len(r) for r in requests] == [4]  # one request for the paragraph
    assert said(events) == [SHOWN[0], SHOWN[1], "held:unchecked", *SHOWN[3:]]


@pytest.mark.anyio
@pytest.mark.parametrize(("side", "bad"), [
    ("supported", {"n": 3, "by": ["S1"]}),  # a third sentence of two
    ("unsupported", 3),
    ("supported", {"n": 0, "by": ["S1"]}),
    ("unsupported", "2"),
    ("supported", {"n": True, "by": ["S1"]}),
    ("supported", {"by": ["S1"]}),
    ("supported", "S1"),
], ids=["past-the-last", "past-the-last-unsupported", "zero", "text", "boolean", "no-number", "no-object"])
async def test_a_verdict_naming_no_sentence_of_the_request_holds_all_of_it(tmp_path: Path, side: str, bad: Any) -> None:
    """The model lost the numbering: no verdict of the call can be read as its sentence's, so none is shown. (A
    sentence of another paragraph, asked in another request, is not touched.)"""

    def given(asked: list[CheckedSentence]) -> Any:
        verdicts = each(True)(asked)
        if len(asked) > 1:
            verdicts[side].append(bad)
        return verdicts

    text = (f"Yes. She led a team of five. {LEADING} The lab has a heap that leaks. {LAB}\n\n"
            f"It draws the heap in two generations. {LAB}")
    events = await run(*rig(tmp_path, Checker(answering(given)), text))
    assert said(events) == [SHOWN[0], "held:unchecked", "held:unchecked", SHOWN[3]]


@pytest.mark.anyio
async def test_a_verdict_is_counted_only_by_the_sentences_own_citations(tmp_path: Path) -> None:
    """Each sentence is judged by the sections IT cites: "supported" by a section only another sentence of the request
    cites, by no section, or by a label no section has, is no verdict of its own. A malformed verdict (`by` no list)
    is none either, and a call without its two lists none for every sentence. A label is read in either case ("s1"
    for S1: the labels are the request's own, S and a number), and so still only a label of its own counts."""
    def also_other(s: CheckedSentence) -> list[str]:
        return [*s.cites, "S2" if s.cites != ("S2",) else "S1"]

    lower = lambda s: [c.lower() for c in s.cites]  # noqa: E731
    for by, expected in ((also_other, "held:unchecked"), (lambda s: [], "held:unchecked"), (lambda s: ["S9"], "held:unchecked"),
                         (lambda s: list(s.cites), SHOWN[2]), (lower, SHOWN[2]),
                         (lambda s: [c.lower() for c in also_other(s)], "held:unchecked"), (lambda s: ["ſ1"], "held:unchecked")):
        events = await run(*rig(tmp_path, Checker(answering(each(True, by=by)))))
        assert said(events)[2] == expected, by
        assert said(events)[1] == (SHOWN[1] if expected == SHOWN[2] else "held:unchecked")
    malformed = lambda asked: {"supported": [{"n": s.n, "by": "S1"} for s in asked], "unsupported": []}  # noqa: E731
    assert said(await run(*rig(tmp_path, Checker(answering(malformed))))) == [SHOWN[0], *["held:unchecked"] * 4]
    half = lambda asked: {"supported": [{"n": s.n, "by": list(s.cites)} for s in asked]}  # noqa: E731
    assert said(await run(*rig(tmp_path, Checker(answering(half))))) == [SHOWN[0], *["held:unchecked"] * 4]


LINKS = [[{"text": f"The lab has a heap that leaks. {LAB} "},
          {"tool": "show_links", "input": {"items": [{"to": "lab", "title": "Lab", "gist": "A heap that leaks ten gigabytes"}]}}],
         [{"text": f"It draws the heap in two generations. {LAB}"}]]


@pytest.mark.anyio
async def test_a_links_cards_words_are_checked_against_the_page_before_the_card_is_shown(tmp_path: Path) -> None:
    """A link's title and gist are the model's words about a page, which the gate reads against the page's sections
    (cards.vet): with the check on, they are checked as a cited sentence is, and a card they fail is not shown."""
    for gist_supported, shown in ((False, False), (True, True)):
        checker = Checker(verdicts(lambda s, ok=gist_supported: ok or "gigabytes" not in s))
        turn, conversation = rig(tmp_path, checker, calls=LINKS)
        events = await run(turn, conversation, "Where is the leak?")
        assert any(isinstance(e, Card) for e in events) is shown
        assert said(events) == ["The lab has a heap that leaks.", "It draws the heap in two generations."]
        asked = [r for r in checker.model.requests if any("gigabytes" in s.text for s in asked_in(r))]  # type: ignore[attr-defined]
        assert [[s.text for s in asked_in(r)] for r in asked] == [["A heap that leaks ten gigabytes"]]  # the title is the page's label
        assert "Lab › A heap that leaks" in [trail for _l, trail, _t in cited_sections(asked[0])]  # the page's sections, as cited
        results = [b for m in conversation.messages if m["role"] == "user" and isinstance(m["content"], list)
                   for b in m["content"] if b.get("type") == "tool_result"]
        assert (results[0].get("content") == CARD_UNSUPPORTED) is not shown  # the model is told, as for the gate's
    each = PRICED.cost(Usage(input_tokens=1000, output_tokens=20))
    assert events[-1].cost_usd == pytest.approx(3 * each)  # two sentences and the card's one link, in the cost


@pytest.mark.anyio
async def test_a_links_card_whose_check_fails_is_not_shown(tmp_path: Path) -> None:
    def judge(sentence: str) -> bool:
        if "gigabytes" in sentence:
            raise Overloaded("the check's provider is overloaded")
        return True

    turn, conversation = rig(tmp_path, Checker(verdicts(judge)), calls=LINKS)
    events = await run(turn, conversation, "Where is the leak?")
    assert not any(isinstance(e, Card) for e in events) and isinstance(events[-1], Done)


TABLE = (f"She led a team of five. {LEADING}\n\n| Team | Size |\n|---|---|\n| Alderway {LEADING} | five engineers |\n"
         f"| Mentored {LEADING} | four engineers |\n\nShe mentored engineers. {LEADING}")


@pytest.mark.anyio
async def test_a_tables_header_goes_out_only_with_a_row_the_check_shows(tmp_path: Path) -> None:
    """The gate shows a header only before a row it lets through; with the check, only before a row the check lets
    through: a table whose rows the check holds, every one, shows no header."""

    def shown(events: list[Any]) -> list[str]:
        return [("header:" if e.row is not None and e.row.header else "") + e.text if isinstance(e, Sentence)
                else f"held:{e.reason}" for e in events if isinstance(e, (Sentence, Held))]

    rows = await run(*rig(tmp_path, None, text=TABLE))
    assert shown(rows)[:3] == ["She led a team of five.", "header:Team; Size", "Alderway; five engineers"]  # the gate's
    events = await run(*rig(tmp_path, Checker(verdicts(lambda s: ";" not in s)), text=TABLE))
    assert shown(events) == ["She led a team of five.", "held:unsupported", "held:unsupported", "She mentored engineers."]
    events = await run(*rig(tmp_path, Checker(verdicts(lambda s: "Alderway" not in s)), text=TABLE))
    assert shown(events) == ["She led a team of five.", "held:unsupported", "header:Team; Size", "Mentored; four engineers",
                             "She mentored engineers."]


@pytest.mark.anyio
@pytest.mark.parametrize("text", [
    f"She led a team of five. {LEADING} She mentored designers.",  # a short claim the gate takes as a connective
    f"She leads in two ways:\n\n- She reviews code {LEADING}\n- She mentors designers\n",  # an item under its lead
    f"She mentored designers:\n\n- She reviews code {LEADING}\n",  # a line before its list, the list's cited after it
])
async def test_an_uncited_sentence_the_gate_shows_is_checked_against_the_cited_sentences_beside_it(
    tmp_path: Path, text: str
) -> None:
    """The gate lets a short uncited sentence through (a connective of six words or fewer, an item under its lead, a
    line before a list); with the check on, one with words of substance is read against the sections of the cited
    sentences beside it, so that leaving the citation off is no way past the check. "Yes." is not asked."""
    alone = await run(*rig(tmp_path, None, text=text))
    assert any(isinstance(e, Sentence) and "designers" in e.text and not e.cites for e in alone)  # the gate shows it
    checker = Checker(verdicts(lambda s: "designers" not in s))
    events = await run(*rig(tmp_path, checker, text=f"Yes. {text}"))
    assert not any(isinstance(e, Sentence) and "designers" in e.text for e in events)
    assert [e.reason for e in events if isinstance(e, Held)] == ["unsupported"]
    requests = checker.model.requests  # type: ignore[attr-defined]
    assert not any(s.text == "Yes." for r in requests for s in asked_in(r))
    request = next(r for r in requests if any("designers" in s.text for s in asked_in(r)))
    label = next(s.cites for s in asked_in(request) if "designers" in s.text)
    assert label and (label[0], "Roles › Alderway Bank: staff engineer, card issuing › Leading and mentoring") in [
        (lab, trail) for lab, trail, _t in cited_sections(request)]


@pytest.mark.anyio
async def test_a_confirmation_of_an_action_is_grounded_by_the_action_not_asked(tmp_path: Path) -> None:
    """An uncited sentence that only restates this turn's action ("The Lab page is open.") is grounded by the action's
    result, as the gate reads it (`rules.confirmation`): it is not asked against the sections of a sentence beside it,
    which say nothing of the page being open."""
    calls = [[{"text": f"The lab has a heap that leaks. {LAB} "}, {"tool": "show_page", "input": {"id": "lab"}}],
             [{"text": "The Lab page is open."}]]
    alone = await run(*rig(tmp_path, None, calls=calls), "Where is the leak?")
    assert said(alone) == ["The lab has a heap that leaks.", "The Lab page is open."]
    checker = Checker(verdicts(lambda s: "open" not in s))
    events = await run(*rig(tmp_path, checker, calls=calls), "Where is the leak?")
    assert said(events) == ["The lab has a heap that leaks.", "The Lab page is open."]
    assert asked_of(checker.model) == [["The lab has a heap that leaks."]]


@pytest.mark.anyio
async def test_a_header_kept_back_never_goes_out_over_another_tables_rows(tmp_path: Path) -> None:
    """A header kept back for a table whose rows the check held is not sent before the rows of a later table whose own
    header the gate held (a hold that is no row of its table ends the wait)."""
    text = f"{TABLE}\n\n| Haskell | Size |\n|---|---|\n| Mentoring {LEADING} | four engineers |\n"
    alone = await run(*rig(tmp_path, None, text=text))
    assert [e.reason for e in alone if isinstance(e, Held)] == ["unknown_term"]  # the gate holds the second header
    assert any(isinstance(e, Sentence) and e.text == "Mentoring; four engineers" for e in alone)
    events = await run(*rig(tmp_path, Checker(verdicts(lambda s: s.startswith(("She led", "Mentoring")))), text=text))
    assert [e.text for e in events if isinstance(e, Sentence)] == ["She led a team of five.", "Mentoring; four engineers"]


HEADED = (f"## Leading\n\nShe led a team of five. {LEADING}\n\n## Mentoring\n\nShe mentored engineers. {LEADING}\n\n"
          f"## Teams\n\n| Team | Size |\n|---|---|\n| Alderway {LEADING} | five engineers |\n"
          f"| Mentored {LEADING} | four engineers |\n")


@pytest.mark.anyio
@pytest.mark.parametrize(("held", "expected"), [
    ("five", ["held:unsupported", "Mentoring", "She mentored engineers.", "held:unsupported", "Teams", "Team; Size",
              "Mentored; four engineers"]),
    ("Alderway", ["Leading", "She led a team of five.", "Mentoring", "She mentored engineers.", "held:unsupported",
                  "Teams", "Team; Size", "Mentored; four engineers"]),
    ("engineers", ["Leading", "She led a team of five.", *["held:unsupported"] * 3]),
])
async def test_a_heading_goes_out_only_with_what_it_labels_the_check_shows(
    tmp_path: Path, held: str, expected: list[str]
) -> None:
    """The gate shows a heading the model wrote only before the first thing under it it lets through (`headings`); with
    the check, only before the first the check lets through: a heading over a sentence the check holds, or over a table
    whose rows it holds every one, is not shown over nothing."""
    assert said(await run(*rig(tmp_path, None, text=HEADED))) == [
        "Leading", "She led a team of five.", "Mentoring", "She mentored engineers.", "Teams", "Team; Size",
        "Alderway; five engineers", "Mentored; four engineers"]  # the gate's
    checker = Checker(verdicts(lambda s: held not in s))
    events = await run(*rig(tmp_path, checker, text=HEADED))
    assert said(events) == expected
    assert "Leading" in [s for r in asked_of(checker.model) for s in r]  # asked too
    assert all(e.heading == (e.text in ("Leading", "Mentoring", "Teams")) for e in events if isinstance(e, Sentence))


@pytest.mark.anyio
async def test_a_heading_is_asked_in_the_request_of_what_it_labels(tmp_path: Path) -> None:
    """A heading goes out only with the first thing under it the check shows, so it waits for that one's request and
    is asked in it, as a line ending in a colon joins its list's: no request of its own for one or two words
    (review25a: a request a heading, the blank line under it ending its 'paragraph')."""
    checker = Checker(verdicts(lambda s: True))
    events = await run(*rig(tmp_path, checker, text=HEADED))
    assert said(events) == ["Leading", "She led a team of five.", "Mentoring", "She mentored engineers.", "Teams",
                            "Team; Size", "Alderway; five engineers", "Mentored; four engineers"]
    assert asked_of(checker.model) == [["Leading", "She led a team of five."], ["Mentoring", "She mentored engineers."],
                                       ["Teams", "Alderway; five engineers", "Mentored; four engineers"]]


@pytest.mark.anyio
async def test_a_heading_over_a_code_block_is_asked_without_waiting_for_the_paragraph_after_it() -> None:
    """A heading waits to be asked with what it labels; a code block is not asked (the record's own lines), so the
    heading's request goes when the block is let out, and heading and block go out then, not a paragraph later."""
    from docent.sidecar.answer.policy import AnswerPolicy
    from docent.sidecar.answer.turn import default_gate

    from .test_checking import BUNDLE

    block = ("```text\n num   #instances     #bytes  class name\n   1:   11,408,112  912,648,960  "
             "java.util.concurrent.ConcurrentHashMap$Node\n```\n[[case-leak-approach]]\n\n")
    policy = AnswerPolicy()
    checker = Checker(verdicts(lambda s: True))
    checked = checker.over(default_gate(BUNDLE, policy, refer=True), BUNDLE.record, policy)
    out = [*checked.feed(f"She led a team of five. {LEADING}\n\n"), *checked.feed("## The histogram\n\n"),
           *checked.feed(block)]
    for _ in range(20):  # the requests sent so far answer (no paragraph after the block has been written)
        await asyncio.sleep(0)
    out += checked.feed("")
    assert asked_of(checker.model) == [["She led a team of five."], ["The histogram"]]
    assert [type(e).__name__ for e in out] == ["Sentence", "Sentence", "Code"]


@pytest.mark.anyio
async def test_a_heading_over_a_referred_sentence_goes_out_with_it_when_the_check_supports_it(tmp_path: Path) -> None:
    """A sentence only the gate's unsure rules hold is referred to the check (`Judge.refers`): the heading over it waits
    for the check's verdict, shown with the sentence or not at all."""
    text = f"## Mentoring\n\nShe never mentored engineers. {LEADING}\n"
    assert said(await run(*rig(tmp_path, None, text=text))) == ["held:polarity"]
    shown = await run(*rig(tmp_path, Checker(verdicts(lambda s: True)), text=text))
    assert said(shown) == ["Mentoring", "She never mentored engineers."]
    held = await run(*rig(tmp_path, Checker(verdicts(lambda s: "never" not in s)), text=text))
    assert said(held) == ["held:unsupported"]


def choices(option: str) -> list[Any]:
    return [[{"text": f"The lab has a heap that leaks. {LAB} "},
             {"tool": "offer_choices", "input": {"question": "Which part of the heap?", "options": ["Yes", option]}}]]


@pytest.mark.anyio
@pytest.mark.parametrize(("option", "shown"), [("The old generation", True), ("The heap that leaks ten gigabytes", False)])
async def test_an_offer_of_choices_is_checked_against_the_sections_the_answer_cites(
    tmp_path: Path, option: str, shown: bool
) -> None:
    """offer_choices' words cite nothing, and the gate vets them as a connective's (no term the answer has not stood
    on), yet an answer may state a claim ("ten gigabytes"): with the check on, the question and each answer with words
    of substance are asked against the sections the answer has cited, and a card they fail is not shown."""
    alone = await run(*rig(tmp_path, None, calls=choices(option)), "Where is the leak?")
    # With the check off, the gate reads the answers as sentences citing nothing (cards.vet): the figure is held.
    assert any(isinstance(e, Card) for e in alone) is shown
    checker = Checker(verdicts(lambda s: "gigabytes" not in s))
    turn, conversation = rig(tmp_path, checker, calls=choices(option))
    events = await run(turn, conversation, "Where is the leak?")
    assert any(isinstance(e, Card) and e.kind == "choices" for e in events) is shown
    requests = checker.model.requests  # type: ignore[attr-defined]
    assert sorted(asked_of(checker.model)) == [["The lab has a heap that leaks."], ["Which part of the heap?", option]]  # not "Yes"
    request = next(r for r in requests if len(asked_in(r)) == 2)  # the card's texts, one request
    card = next(s for s in asked_in(request) if s.text == option)
    assert card.cites == ("S1",) and ("S1", "Lab › A heap that leaks") in [(lab, trail) for lab, trail, _t in cited_sections(request)]
    results = [b for m in conversation.messages if m["role"] == "user" and isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    assert [r.get("content") for r in results] == ([] if shown else [CHOICES_UNSUPPORTED])  # a card shown waits


@pytest.mark.anyio
@pytest.mark.parametrize("supported", [True, False])
async def test_an_offer_of_choices_before_any_citation_is_asked_against_none_and_shown_when_supported(
    tmp_path: Path, supported: bool
) -> None:
    """Choices offered before the answer cites anything are asked against no section: a sentence that cites none can
    be supported by none (`by` empty: words that state nothing), and the card is shown; a `by` naming any section is
    none of its own, and unsupported is unsupported."""
    calls = [[{"tool": "offer_choices", "input": {"question": "Which part of the heap?", "options": ["The old one", "The young one"]}}]]
    turn, conversation = rig(tmp_path, Checker(verdicts(lambda s: supported)), calls=calls)
    events = await run(turn, conversation, "Where is the leak?")
    assert any(isinstance(e, Card) and e.kind == "choices" for e in events) is supported
    results = [b for m in conversation.messages if m["role"] == "user" and isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    assert [r.get("content") for r in results] == ([] if supported else [CHOICES_UNSUPPORTED])
    borrowed = answering(each(True, by=lambda s: ["S1"]))  # a label the request does not have
    turn, conversation = rig(tmp_path, Checker(borrowed), calls=calls)
    assert not any(isinstance(e, Card) for e in await run(turn, conversation, "Where is the leak?"))


@pytest.mark.anyio
@pytest.mark.parametrize("calls", [LINKS, choices("The old generation")], ids=["links", "choices"])
async def test_a_card_whose_check_breaks_is_not_shown_and_the_answer_goes_on(tmp_path: Path, calls: list[Any]) -> None:
    """A check that breaks (an error no adapter names: a bug, a transport's own) holds a sentence it asked as
    unchecked (`Checked._verdict`); a card's likewise: the card is not shown, the model is told, and the answer goes on
    to its end rather than failing with it (review25a: the turn raised the check's error)."""

    def judge(sentence: str) -> bool:
        if "gigabytes" in sentence or "old generation" in sentence:
            raise RuntimeError("the check broke")
        return True

    turn, conversation = rig(tmp_path, Checker(verdicts(judge)), calls=calls)
    events = await run(turn, conversation, "Where is the leak?")
    assert not any(isinstance(e, Card) for e in events) and isinstance(events[-1], Done)
    assert said(events)[0] == "The lab has a heap that leaks."
    results = [b for m in conversation.messages if m["role"] == "user" and isinstance(m["content"], list)
               for b in m["content"] if b.get("type") == "tool_result"]
    assert [r.get("content") for r in results] == [CARD_UNCHECKED if calls is LINKS else CHOICES_UNCHECKED]
