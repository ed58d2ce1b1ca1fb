"""The replay model: the documented script format, fragments, stops, errors and the request log."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import (
    CutShort,
    ModelRequest,
    Overloaded,
    Refused,
    Stop,
    TextDelta,
    ToolCall,
    Usage,
)
from docent.sidecar.model.replay import ReplayModel, Script, ScriptError
from docent.sidecar.model.wire import anthropic_body, body_bytes

from .streams import collect

SCRIPT = {
    "replies": [
        {
            "question": "led a team",
            "calls": [
                [{"text": "Yes. He led the platform team. [[roles-acme]]"}, {"tool": "show_page", "input": {"id": "lab"}}],
                [{"text": "The lab shows it. [[lab-leak]]"}],
            ],
            "usage": {"input_tokens": 1200, "cache_read_input_tokens": 18000, "output_tokens": 90},
        },
        {"question": "cut", "calls": [[{"text": "Half an"}, {"stop": "max_tokens"}]]},
        {"question": "refuse", "calls": [[{"stop": "refusal"}]]},
        {"question": "overload", "calls": [[{"text": "He"}, {"error": "overloaded"}]]},
        {"question": "broken", "calls": [[{"tool": "show_page", "input": "{\"id\": \"la"}]]},
    ]
}


def ask(question: str, *, turns: int = 0, prior: list | None = None) -> ModelRequest:
    messages = list(prior or [])
    messages.append({"role": "user", "content": [{"type": "text", "text": f"note\n<question>{question}</question>"}]})
    for n in range(turns):
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_replay_{n + 1}", "name": "show_page", "input": {"id": "lab"}}]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_replay_{n + 1}", "content": "Opened Lab."}]})
    return ModelRequest(system=[{"type": "text", "text": "rules"}], tools=[], messages=messages)


def text(events) -> str:
    return "".join(e.text for e in events if isinstance(e, TextDelta))


@pytest.mark.anyio
async def test_the_first_matching_reply_answers_in_fragments_then_calls_a_tool():
    model = ReplayModel(Script.from_json(SCRIPT))
    events, exc = await collect(model.stream(ask("Has he LED A TEAM?")))
    assert exc is None
    assert text(events) == "Yes. He led the platform team. [[roles-acme]]"
    assert len([e for e in events if isinstance(e, TextDelta)]) > 5  # streamed in small pieces
    assert [e for e in events if isinstance(e, ToolCall)] == [ToolCall("toolu_replay_1", "show_page", {"id": "lab"}, '{"id": "lab"}')]
    assert events[-2] == Usage(input_tokens=1200, output_tokens=90, cache_read_tokens=18000)
    assert events[-1] == Stop("tool_use")


@pytest.mark.anyio
async def test_the_second_call_of_a_turn_takes_the_second_entry_and_ends_the_turn():
    model = ReplayModel(Script.from_json(SCRIPT))
    events, _ = await collect(model.stream(ask("has he led a team", turns=1)))
    assert text(events) == "The lab shows it. [[lab-leak]]"
    assert events[-1] == Stop("end_turn")
    beyond, _ = await collect(model.stream(ask("has he led a team", turns=2)))
    assert text(beyond) == "" and beyond[-1] == Stop("end_turn")


@pytest.mark.anyio
async def test_the_last_fenced_question_is_matched_not_earlier_turns():
    earlier = [
        {"role": "user", "content": "<question>has he led a team</question>"},
        {"role": "assistant", "content": [{"type": "text", "text": "Yes. [[roles-acme]]"}]},
    ]
    events, _ = await collect(ReplayModel(Script.from_json(SCRIPT)).stream(ask("what does he cook", prior=earlier)))
    assert text(events) == "[[none]]"
    assert events[-1] == Stop("end_turn")


@pytest.mark.anyio
async def test_fragments_are_repeatable_and_can_be_pinned():
    a, _ = await collect(ReplayModel(Script.from_json(SCRIPT)).stream(ask("led a team")))
    b, _ = await collect(ReplayModel(Script.from_json(SCRIPT)).stream(ask("led a team")))
    assert a == b
    pinned, _ = await collect(ReplayModel(Script.from_json({**SCRIPT, "fragments": 4})).stream(ask("led a team")))
    pieces = [e.text for e in pinned if isinstance(e, TextDelta)]
    assert pieces[:3] == ["Yes.", " He ", "led "]


@pytest.mark.anyio
async def test_stops_and_errors_break_the_stream_with_what_was_billed():
    model = ReplayModel(Script.from_json(SCRIPT))
    events, exc = await collect(model.stream(ask("cut")))
    assert text(events) == "Half an" and isinstance(exc, CutShort) and exc.billed.input_tokens > 0
    _, exc = await collect(model.stream(ask("refuse")))
    assert isinstance(exc, Refused)
    events, exc = await collect(model.stream(ask("overload")))
    assert text(events) == "He" and isinstance(exc, Overloaded) and exc.retryable


@pytest.mark.anyio
async def test_a_tool_block_with_broken_json_gives_input_none_and_the_raw_text():
    events, _ = await collect(ReplayModel(Script.from_json(SCRIPT)).stream(ask("broken")))
    assert [e for e in events if isinstance(e, ToolCall)] == [ToolCall("toolu_replay_1", "show_page", None, '{"id": "la')]


@pytest.mark.anyio
async def test_the_log_holds_exactly_the_body_a_model_would_be_sent(tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(SCRIPT), encoding="utf-8")
    log = tmp_path / "sent.jsonl"
    model = ReplayModel(path, log_path=log)
    first, second = ask("led a team"), ask("led a team", turns=1)
    await collect(model.stream(first))
    await collect(model.stream(second))
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == [anthropic_body(r, spec_for("replay")) for r in (first, second)]


def test_a_bad_script_says_where_and_what(tmp_path):
    with pytest.raises(ScriptError, match=r"replies\[0\]\.calls\[0\]\[0\]: a block is one of"):
        Script.from_json({"replies": [{"question": "x", "calls": [[{"say": "hi"}]]}]})
    with pytest.raises(ScriptError, match="unknown error 'melted'"):
        Script.from_json({"replies": [{"question": "x", "calls": [[{"error": "melted"}]]}]})
    with pytest.raises(ScriptError, match="not a regular expression"):
        Script.from_json({"replies": [{"question": "(", "calls": []}]})
    with pytest.raises(ScriptError, match="No replay script at"):
        Script.load(tmp_path / "missing.json")


_TEXT = st.text(st.characters(blacklist_categories=("Cs",)))  # every character UTF-8 carries: controls, U+2028, ...
_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(_TEXT, _JSON, max_size=6))
@settings(max_examples=300, deadline=None)
def test_a_body_is_the_compact_json_the_standard_library_writes(body: dict[str, Any]) -> None:
    """Encoded with msgspec for speed: byte for byte json.dumps(ensure_ascii=False)'s compact UTF-8."""
    assert body_bytes(body) == json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def test_a_body_with_a_lone_surrogate_is_refused_as_before() -> None:
    with pytest.raises(UnicodeEncodeError):
        body_bytes({"messages": [{"role": "user", "content": "caf\u00e9 \ud800"}]})
