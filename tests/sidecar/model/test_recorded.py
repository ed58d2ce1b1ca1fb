"""Streams recorded from a real llama-server (`make local-model-record`), replayed through the OpenAI adapter.

The server: llama.cpp's llama-server with --jinja, Gemma 3 270M, and Gemma 3's official template with tools declared
(tests/localmodel/gemma3-tools.jinja), which like the official one refuses a system message after the first user
turn. Each fixture is the server's response byte for byte; test_sdk.py holds every chunk to the openai SDK's types.
Recorded: its refusal of a mid-conversation system note, a context overflow, a reply cut at `length`, a conversation
of three questions with the note, and five tool calls streamed one after another before the reply was cut at `length`.
tests/fixtures/openai/README.md says how each was recorded.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from docent.sidecar.answer.bundle import Bundle
from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.answer.events import Action, Done, Error
from docent.sidecar.answer.policy import AnswerPolicy
from docent.sidecar.answer.turn import Ask, Turn
from docent.sidecar.model.openai import ChunkReader, OpenAIModel
from docent.sidecar.model.port import CutShort, Misconfigured, ModelSpec, SystemRoleUnsupported, ToolCall
from docent.sidecar.model.retry import Retry
from docent.sidecar.spending.factory import Wiring, make_adapter

from .streams import REQUEST, collect, sse
from .test_gemma_template import render

RECORDED = Path(__file__).parents[2] / "fixtures" / "openai"
BUNDLE = Bundle.load(Path(__file__).resolve().parents[2] / "evals" / "bundle.json")
SPEC = ModelSpec("gemma-3-270m")
QUESTIONS = ["What did she do on 3-D Secure?", "Has she led a team?", "Does she know Kafka?"]
SCREENS = [{"page": "home"}, {"page": "roles"}, {"page": "lab"}]


def response(name: str) -> httpx.Response:
    """The recorded response: a 200 stream (`.sse`) or an error (`.json`, its status and body)."""
    if (RECORDED / f"{name}.sse").exists():
        return sse((RECORDED / f"{name}.sse").read_bytes())
    recorded = json.loads((RECORDED / f"{name}.json").read_text(encoding="utf-8"))
    return httpx.Response(recorded["status"], json=recorded["body"])


def chunks(name: str) -> list[str]:
    """The `data:` payloads of a recorded stream, in order."""
    text = (RECORDED / f"{name}.sse").read_text(encoding="utf-8")
    return [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]


def server(*names: str, seen: list[httpx.Request] | None = None) -> httpx.AsyncClient:
    """A client whose server answers each request with the next recorded response."""
    queue = [response(name) for name in names]

    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        return queue.pop(0)

    return httpx.AsyncClient(transport=httpx.MockTransport(handler))


def model(*names: str, seen: list[httpx.Request] | None = None) -> OpenAIModel:

    async def sleep(_: float) -> None:
        return None

    return OpenAIModel(SPEC, base_url="http://127.0.0.1:8091/v1", client=server(*names, seen=seen), retry=Retry(sleep=sleep))


def alternates(messages: list[dict[str, Any]]) -> bool:
    """Gemma 3's rule, as the recorded template applies it: after the first system message, user (or tool results)
    and model take turns, and a system message may not stand where the model's turn comes."""
    turns: list[str] = []
    for message in messages[1:] if messages and messages[0]["role"] == "system" else messages:
        side = "user" if message["role"] in ("user", "tool") else message["role"]
        if turns and side == "user" == turns[-1]:
            continue  # tool results and the question after them are one user turn
        turns.append(side)
    return all(side == ("user" if i % 2 == 0 else "assistant") for i, side in enumerate(turns))


@pytest.mark.anyio
async def test_the_role_alternation_400_maps_to_the_reminder_fallback() -> None:
    _, exc = await collect(model("roles").stream(REQUEST))
    assert isinstance(exc, SystemRoleUnsupported) and "Conversation roles must alternate" in exc.message
    assert "takes tools" not in exc.message


@pytest.mark.anyio
async def test_a_context_overflow_says_the_sizes_and_the_flag() -> None:
    said = json.loads((RECORDED / "overflow.json").read_text(encoding="utf-8"))["body"]["error"]
    _, exc = await collect(model("overflow").stream(REQUEST))
    assert isinstance(exc, Misconfigured) and "llama-server -c" in exc.message
    assert f"{said['n_prompt_tokens']:,} tokens; the server's context is {said['n_ctx']:,}" in exc.message
    assert "takes tools" not in exc.message


@pytest.mark.anyio
async def test_a_reply_cut_at_length_is_cut_short_with_what_it_said_and_what_it_was_billed() -> None:
    events, exc = await collect(model("text_length").stream(REQUEST))
    assert isinstance(exc, CutShort) and "finish_reason length" in exc.message and "raise max_tokens" not in exc.message
    assert exc.billed.output_tokens == json.loads(chunks("text_length")[-2])["usage"]["completion_tokens"]
    assert not [e for e in events if isinstance(e, ToolCall)]


def recorded(prefix: str) -> list[str]:
    """The names of one recorded exchange's responses, in the order they were sent (`conversation-1`, ...)."""
    names = {p.name.split(".")[0] for p in RECORDED.glob(f"{prefix}-*.request.json")}
    return sorted(names, key=lambda name: int(name.rsplit("-", 1)[1]))


def completed_at(name: str) -> dict[str, int]:
    """For each tool call of a recorded stream, the chunk (counted from 0) whose fragment made its arguments a whole
    JSON object: read from the raw chunks, apart from the adapter."""
    parts: dict[int, tuple[str, str]] = {}
    done: dict[str, int] = {}
    for number, data in enumerate(chunks(name)):
        if data == "[DONE]":
            continue
        for choice in json.loads(data).get("choices") or []:
            for fragment in (choice.get("delta") or {}).get("tool_calls") or []:
                index = fragment.get("index", 0)
                id, raw = parts.get(index, ("", ""))
                if fragment.get("id") and fragment["id"] != id:
                    id, raw = fragment["id"], ""
                raw += (fragment.get("function") or {}).get("arguments") or ""
                parts[index] = (id, raw)
                try:
                    whole = isinstance(json.loads(raw), dict)
                except ValueError:
                    whole = False
                if whole:
                    done.setdefault(id, number)
    return done


def released_at(name: str) -> dict[str, int]:
    """For each tool call, the chunk at whose feeding the adapter's chunk reader released it."""
    reader = ChunkReader(SPEC, "http://127.0.0.1:8091/v1/chat/completions")
    released: dict[str, int] = {}
    for number, data in enumerate(chunks(name)):
        for event in reader.feed(data):
            if isinstance(event, ToolCall):
                released[event.id] = number
    return released


def test_each_recorded_tool_call_is_released_in_the_chunk_that_completes_it() -> None:
    """Five calls streamed one after another: each goes out when its arguments are whole, not when the reply ends."""
    done, released = completed_at("tool_calls_length"), released_at("tool_calls_length")
    assert len(done) == 5
    for id, number in done.items():
        assert id in released, f"{id} was never released"
        assert 0 <= released[id] - number <= 1, (id, number, released[id])
    assert min(released.values()) < len(chunks("tool_calls_length")) - 8  # the first went out long before the end


@pytest.mark.anyio
async def test_a_recorded_reply_cut_at_length_after_its_calls_keeps_the_whole_calls() -> None:
    events, exc = await collect(model("tool_calls_length").stream(REQUEST))
    assert isinstance(exc, CutShort) and "finish_reason length" in exc.message
    calls = [e for e in events if isinstance(e, ToolCall)]
    assert [c.id for c in calls] == list(completed_at("tool_calls_length"))
    assert [c.name for c in calls] == ["reset_leak", "reset_storm", "reset_leak", "reset_storm", "send_message"]
    assert all(c.input == {} for c in calls)


CONVERSATION = recorded("conversation")


@pytest.mark.anyio
async def test_a_recorded_conversation_of_three_questions_with_the_note_completes() -> None:
    """The three questions through the real turn and the adapter the app builds for `openai:`, each model call answered
    by what the real server sent: every turn ends done, and every request is the one the server took through a
    template that refuses a system message mid-conversation (the roles as recorded, each note in the user's message,
    the earlier answers kept)."""
    seen: list[httpx.Request] = []
    adapter = make_adapter("openai:http://127.0.0.1:8091/v1#gemma-3-270m", Wiring(client=server(*CONVERSATION, seen=seen)))
    assert isinstance(adapter, OpenAIModel)
    talk = Conversation("replay", time.time())
    for question, screen in zip(QUESTIONS, SCREENS, strict=True):
        events = [e async for e in Turn(bundle=BUNDLE, model=adapter, policy=AnswerPolicy()).run(talk, Ask(question, screen=screen))]
        assert isinstance(events[-1], Done), events[-1]
    assert len(seen) == len(CONVERSATION) == 3
    for request, name in zip(seen, CONVERSATION, strict=True):
        sent = json.loads(request.content)
        kept = json.loads((RECORDED / f"{name}.request.json").read_text(encoding="utf-8"))
        assert [m["role"] for m in sent["messages"]] == [m["role"] for m in kept["messages"]]
        assert "system" not in [m["role"] for m in sent["messages"][1:]] and alternates(sent["messages"])
        assert all("<system-reminder>" in m["content"] for m in sent["messages"] if m["role"] == "user")
        render(sent)  # the template the server ran: it raises where the roles do not alternate
    last = json.loads(seen[-1].content)["messages"]
    assert [m["role"] for m in last] == ["system", "user", "assistant", "user", "assistant", "user"]


@pytest.mark.anyio
async def test_a_turn_cut_at_length_after_the_recorded_calls_keeps_what_it_did() -> None:
    """The real stream of five calls through the turn on Lab: the two new presses are shown as they complete, the two
    repeats are refused as repeats, the press of another page's button is refused; the cut ends the turn as cut short,
    and the conversation keeps the calls and their results, so the next question knows what was done."""
    talk = Conversation("replay", time.time())
    turn = Turn(bundle=BUNDLE, model=model("tool_calls_length"), policy=AnswerPolicy())
    events = [e async for e in turn.run(talk, Ask("Reset the lab", screen={"page": "lab"}))]
    assert [e.tool for e in events if isinstance(e, Action)] == ["reset_leak", "reset_storm"]
    assert isinstance(events[-1], Error) and events[-1].code == "cut_short"
    assert [m["role"] for m in talk.messages] == ["user", "assistant", "user"]
    called = [b["name"] for b in talk.messages[1]["content"] if b["type"] == "tool_use"]
    assert called == ["reset_leak", "reset_storm", "reset_leak", "reset_storm", "send_message"]
    results = talk.messages[2]["content"]
    assert [bool(r.get("is_error")) for r in results] == [False, False, True, True, True]
    assert all("done already in this answer" in r["content"] for r in results[2:4])
