"""The turn with the record searched: each question brings its excerpts, once; a citation of any real section is
checked against it, given or not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.excerpts import HEADING, given
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from tests.sidecar.test_turn import ON_HOME, Rig, kinds

SEARCHED = Bundle.load(Path(__file__).resolve().parents[1] / "evals" / "bundle-search.json")
LEAD = "She led the 3-D Secure 2 programme as its technical lead, a team of five. [[roles-alderway-leading]]"


class SearchRig(Rig):
    async def ask(self, ask: Ask) -> list[Any]:
        turn = Turn(bundle=SEARCHED, model=self.model, policy=AnswerPolicy())
        return [event async for event in turn.run(self.conversation, ask)]

    def question_message(self, n: int = -1) -> list[dict[str, Any]]:
        """The content of the user message that asked the last question of request `n`."""
        messages = self.bodies()[n]["messages"]
        return next(m["content"] for m in reversed(messages)
                    if m["role"] == "user" and any("<question>" in b.get("text", "") for b in m["content"]))


def test_the_cached_prompt_holds_rules_and_map_but_no_record() -> None:
    texts = [block["text"] for block in SEARCHED.system]
    assert SEARCHED.searched
    assert not any("[[roles-alderway-leading]]" in text for text in texts)
    assert "## The record, in excerpts" in texts[0]
    assert texts[-1].startswith("# The site's map") and "cache_control" in SEARCHED.system[-1]


@pytest.mark.anyio
async def test_a_question_brings_its_excerpts_before_its_fence(tmp_path: Path) -> None:
    rig = SearchRig(tmp_path, [{"question": "led", "calls": [[{"text": LEAD}]]}])
    events = await rig.ask(Ask(question="Has she led a team?", screen=ON_HOME))
    assert kinds(events) == ["sentence", "done"]
    assert events[0].cites[0].id == "roles-alderway-leading"
    content = rig.question_message()
    excerpt = next(i for i, b in enumerate(content) if b.get("text", "").startswith(HEADING))
    fence = next(i for i, b in enumerate(content) if "<question>" in b.get("text", ""))
    assert excerpt < fence
    section = SEARCHED.record["roles-alderway-leading"]
    assert f"[[{section.id}]] {section.trail} ({section.path})\n{section.shown()}" in content[excerpt]["text"]
    assert rig.conversation.given == given(rig.bodies()[-1]["messages"])
    assert "roles-alderway-leading" in rig.conversation.given


@pytest.mark.anyio
async def test_a_follow_up_is_not_given_a_section_twice_and_may_cite_what_was_given(tmp_path: Path) -> None:
    rig = SearchRig(tmp_path, [
        {"question": "led", "calls": [[{"text": LEAD}]]},
        {"question": "how many", "calls": [[{"text": "A team of five. [[roles-alderway-leading]]"}]]},
    ])
    await rig.ask(Ask(question="Has she led a team?", screen=ON_HOME))
    first = list(rig.conversation.given)
    committed = list(rig.conversation.messages)
    events = await rig.ask(Ask(question="How many people did she lead as technical lead?", screen=ON_HOME))
    assert kinds(events) == ["sentence", "done"]
    assert events[0].cites[0].id == "roles-alderway-leading"
    messages = rig.bodies()[-1]["messages"]
    ids = [line[2:line.index("]]")] for m in messages if m["role"] == "user" for b in m["content"]
           if b.get("text", "").startswith(HEADING) for line in b["text"].splitlines() if line.startswith("[[")]
    assert len(ids) == len(set(ids))  # every section given once
    assert rig.conversation.given[: len(first)] == first
    # the conversation only grows: the second request starts with the first turn as committed, so its cache holds
    first_request = rig.bodies()[0]["messages"]
    assert messages[: len(first_request)] == first_request
    assert messages[len(first_request)]["role"] == "assistant" and len(messages) > len(committed)


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "expected"), [
    # a section of the record the conversation was never given: checked against its own text, as in whole mode
    ("New calls between internal services use gRPC with Protocol Buffers. [[adr-grpc-decision]]", ["sentence"]),
    ("New calls between internal services never use gRPC. [[adr-grpc-decision]]", ["held"]),
    # an id the record lacks is dropped, so the answer cited nothing
    ("New calls between internal services use gRPC with Protocol Buffers. [[adr-grpc-choice]]", ["held"]),
])
async def test_a_citation_of_a_real_section_never_given_is_checked_against_it(
    tmp_path: Path, text: str, expected: list[str]
) -> None:
    assert "adr-grpc-decision" in SEARCHED.record and "adr-grpc-choice" not in SEARCHED.record
    rig = SearchRig(tmp_path, [{"question": "led", "calls": [[{"text": text}]]}])
    events = await rig.ask(Ask(question="Has she led a team?", screen=ON_HOME))
    assert "adr-grpc-decision" not in rig.conversation.given
    assert kinds(events) == [*expected, "done"], [getattr(e, "reason", e) for e in events]


@pytest.mark.anyio
async def test_a_question_the_record_has_nothing_for_says_so_in_its_excerpts(tmp_path: Path) -> None:
    rig = SearchRig(tmp_path, [{"question": "piano", "calls": [[{"text": "[[none]]"}]]}])
    events = await rig.ask(Ask(question="Does she play the piano?", screen=ON_HOME))
    assert kinds(events) == ["refused", "done"]
    block = next(b["text"] for b in rig.question_message() if b.get("text", "").startswith(HEADING))
    assert "found no section" in block
    assert rig.conversation.given == []


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["What did she do on 3-D Secure?", "What caused the memory leak?",
                                      "What did the Kafka backbone achieve?", "Why gRPC?"])
async def test_the_offline_model_answers_from_the_sections_it_was_given(question: str) -> None:
    import time

    from docent.sidecar.answer.conversation import Conversation
    from docent.sidecar.offline import OfflineModel

    model = OfflineModel(lambda: SEARCHED)
    conversation = Conversation("token", time.time())
    turn = Turn(bundle=SEARCHED, model=model, policy=AnswerPolicy())
    events = [e async for e in turn.run(conversation, Ask(question=question, screen=ON_HOME))]
    cited = {c.id for e in events if e.event == "sentence" for c in e.cites}
    assert cited and cited <= set(given(conversation.messages)), [e.event for e in events]  # whole or cut
    assert not [e for e in events if e.event == "held"]


def test_the_offline_model_cites_no_section_outside_those_allowed() -> None:
    from docent.sidecar.offline import OfflineModel

    model = OfflineModel(lambda: SEARCHED)
    assert "[[roles-alderway-leading]]" in " ".join(model.answer("Has she led a team?")[0])
    said = " ".join(model.answer("Has she led a team?", allowed=["how-review", "how-teams"])[0])
    assert "roles-alderway-leading" not in said
    assert model.answer("Has she led a team?", allowed=[])[0] == ["[[none]]"]
