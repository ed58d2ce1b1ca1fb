"""Through a real uvicorn on loopback: the stream read event by event, a visitor leaving, an answer asked again at once."""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import httpx
import pytest
from httpx_sse import aconnect_sse

from docent.sidecar.operator.client import open_conversation

from ..loopback import served
from .appkit import FakeTurns, make_app

pytestmark = pytest.mark.anyio


async def test_the_answer_streams_in_order_over_a_real_connection(tmp_path: Path) -> None:
    async with served(make_app(tmp_path)) as base:
        async with httpx.AsyncClient(base_url=base) as http:
            token = await open_conversation(http)
            names, data = [], []
            with anyio.fail_after(5):
                async with aconnect_sse(http, "POST", "/api/guide/questions", json={"conversation": token, "question": "Has he led a team?"}) as source:
                    assert source.response.headers["content-type"].startswith("text/event-stream")
                    async for event in source.aiter_sse():
                        names.append(event.event)
                        data.append(json.loads(event.data))
    assert names == ["start", "sentence", "sentence", "done"]
    assert data[1]["text"] == "He led the platform team of six."


async def test_the_first_event_comes_before_the_answer_is_ready(tmp_path: Path) -> None:
    turns = FakeTurns(hold=anyio.Event())
    async with served(make_app(tmp_path, turns=turns)) as base:
        async with httpx.AsyncClient(base_url=base) as http:
            token = await open_conversation(http)
            with anyio.fail_after(5):
                async with aconnect_sse(http, "POST", "/api/guide/questions", json={"conversation": token, "question": "Hi?"}) as source:
                    events = source.aiter_sse()
                    first = await events.__anext__()
                    second = await events.__anext__()
                    assert (first.event, second.event) == ("start", "sentence")  # the last waits on the hold
                    turns.hold.set()
                    rest = [e.event async for e in events]
    assert rest == ["sentence", "done"]


async def test_a_visitor_who_leaves_cancels_the_turn_and_frees_the_conversation(tmp_path: Path) -> None:
    turns = FakeTurns(hold=anyio.Event())
    app = make_app(tmp_path, turns=turns)
    async with served(app) as base:
        async with httpx.AsyncClient(base_url=base) as http:
            token = await open_conversation(http)
            with anyio.fail_after(5):
                async with aconnect_sse(http, "POST", "/api/guide/questions", json={"conversation": token, "question": "Hi?"}) as source:
                    async for event in source.aiter_sse():
                        if event.event == "sentence":
                            break  # the visitor closes the panel mid-answer
            with anyio.fail_after(5):
                while turns.finished < 1:
                    await anyio.sleep(0.02)
            conversation = await app.state.store.get(token)
            remembered = (conversation.questions, list(conversation.messages))
            turns.hold = None
            again = await http.post("/api/guide/questions", json={"conversation": token, "question": "Again?"})
    assert turns.cancelled == 1
    assert remembered == (0, [])  # nothing half-remembered
    assert again.status_code == 200 and '"question":1' in again.text


async def test_a_question_sent_the_moment_done_arrives_is_answered_not_busy(tmp_path: Path) -> None:
    async with served(make_app(tmp_path)) as base:
        async with httpx.AsyncClient(base_url=base, limits=httpx.Limits(max_connections=1)) as http:
            token = await open_conversation(http)
            statuses = []
            with anyio.fail_after(10):
                for _ in range(6):  # one keep-alive connection, each question sent as soon as the last is read
                    response = await http.post("/api/guide/questions", json={"conversation": token, "question": "Again?"})
                    statuses.append((response.status_code, response.text.rstrip().rsplit("event: ", 1)[-1][:4]))
    assert statuses == [(200, "done")] * 6
