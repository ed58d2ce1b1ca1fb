"""Bad input written by hand: each case gets a clear JSON refusal with a code and words, never a 5xx or a stream."""

from __future__ import annotations

import base64
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from docent.sidecar.app import create_app
from docent.sidecar.model.handler import Handler, HandlerModel
from docent.sidecar.model.port import ModelEvent, ModelRequest, ModelSpec, Stop, TextDelta, Usage
from docent.sidecar.proof import solve

from ..attack.harness import guarded, settings
from ..attack.site import write_hand_bundle
from ..attack.visitor import API, Answer, ask, open_conversation, send
from ..clock import Clock

GOOD = "She designed the authentication decision service in Java 17. [[case-3ds-approach]]"


def answering(gate: anyio.Event | None = None) -> Handler:
    """A handler that answers well, after `gate` opens when one is given."""

    async def answer(request: ModelRequest) -> AsyncIterator[ModelEvent]:
        yield Usage(100, 0)
        if gate is not None:
            await gate.wait()
        yield TextDelta(GOOD)
        yield Usage(100, 20)
        yield Stop("end_turn")

    return answer


Parts = tuple[httpx.AsyncClient, HandlerModel, Clock]  # the client, the model that records, the clock


@pytest.fixture
def parts(tmp_path: Path) -> Parts:
    recorder, clock = HandlerModel(answering(), spec=ModelSpec("recorder")), Clock()
    app = create_app(settings(write_hand_bundle(tmp_path)), model_factory=lambda _s: guarded(recorder), clock=clock)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://docent.test"), recorder, clock


def refused(answer: Answer, status: int, code: str | None = None) -> None:
    assert answer.status == status, (answer.status, answer.body, answer.events[:2])
    assert isinstance(answer.body, dict) and set(answer.body) == {"error"}, answer.body
    assert answer.body["error"]["message"].strip()
    if code is not None:
        assert answer.body["error"]["code"] == code


@pytest.mark.anyio
async def test_bodies_that_are_too_large_not_json_or_misshapen(parts: Parts) -> None:
    client, recorder, _ = parts
    async with client:
        token = await open_conversation(client)
        refused(await send(client, json.dumps({"conversation": token, "question": "x" * 40_000}).encode()), 413, "too_large")
        refused(await send(client, b"{not json"), 400)
        refused(await send(client, b"\xff\xfe"), 400)
        no_type = await client.post(f"{API}/questions", content=b"{}", headers={"content-type": "text/plain"})
        assert no_type.status_code == 415 and no_type.json()["error"]["code"] == "not_json"
        for wrong in (
            [],
            "a question",
            {"conversation": token},
            {"conversation": token, "question": 5},
            {"conversation": 123, "question": "Led?"},
            {"conversation": token, "question": "Led?", "screen": "home"},
            {"conversation": token, "question": "Led?", "failed": {"tool": "x"}},
            {"conversation": token, "question": "Led?", "extra": True},
            {"conversation": token, "question": "   "},
        ):
            refused(await send(client, wrong), 422)
        assert recorder.requests == [], "a misshapen body reached the model"


@pytest.mark.anyio
async def test_a_question_of_501_characters_is_refused_and_500_is_answered(parts: Parts) -> None:
    client, recorder, _ = parts
    async with client:
        token = await open_conversation(client)
        refused(await ask(client, token, "a" * 501), 422)
        assert recorder.requests == []
        answer = await ask(client, token, "What did she lead? " + "a" * 481)
        assert answer.status == 200 and answer.last == "done"


@pytest.mark.anyio
async def test_unknown_ids_on_screen_never_reach_the_model(parts: Parts) -> None:
    client, recorder, _ = parts
    screen = {"page": "zz-page", "section": "zz-section", "experiment": "zz-exp", "running": True, "preset": "zz-preset",
              "fields": {"zz-field": "zz-value", "leak-preset": "zz-option"}}
    failed = [{"tool": "point_at", "id": "zz-part", "reason": "not_found"}, {"tool": "zz-tool", "id": "x", "reason": "zz-reason"}]
    async with client:
        answer = await ask(client, await open_conversation(client), "What did she lead?", screen=screen, failed=failed)
    assert answer.status == 200 and answer.last == "done"
    sent = json.dumps(recorder.requests[0].messages)
    assert "zz-" not in sent, "an id the manifest lacks went into the model's note"


@pytest.mark.anyio
async def test_forged_expired_replayed_and_wrong_purpose_proofs(parts: Parts) -> None:
    client, _, clock = parts
    async with client:

        async def challenge() -> dict[str, Any]:
            return dict((await client.post(f"{API}/challenge", json={"purpose": "guide"})).json())

        async def present(proof: str) -> httpx.Response:
            return await client.post(f"{API}/conversations", json={"proof": proof})

        def forged(c: dict[str, Any], **change: Any) -> str:
            payload = json.loads(base64.b64decode(str(solve(c))))
            return base64.b64encode(json.dumps({**payload, **change}).encode()).decode()

        c = await challenge()
        for proof in (
            forged(c, number=json.loads(base64.b64decode(str(solve(c))))["number"] + 1),
            forged(c, signature="0" * 64),
            forged(c, salt=c["salt"].replace("purpose=guide", "purpose=other")),
            forged(c, salt=c["salt"].replace("expires=", "expires=9")),
            "not base64 at all!",
            base64.b64encode(b"[1, 2]").decode(),
        ):
            response = await present(proof)
            assert response.status_code in (400, 403, 422), response.text
            assert response.json()["error"]["code"]
        good = str(solve(c))
        assert (await present(good)).status_code == 201
        replayed = await present(good)
        assert replayed.status_code == 403 and replayed.json()["error"]["code"] == "replayed"
        old = await challenge()
        clock.now += 3600
        expired = await present(str(solve(old)))
        assert expired.status_code == 403 and expired.json()["error"]["code"] == "expired"
        wrong_purpose = await client.post(f"{API}/challenge", json={"purpose": "admin"})
        assert wrong_purpose.status_code == 422


@pytest.mark.anyio
async def test_unknown_token_thirteenth_question_and_forget(parts: Parts) -> None:
    client, recorder, _ = parts
    async with client:
        refused(await ask(client, "A" * 22, "Led?"), 404)
        refused(await ask(client, "../../etc/passwd", "Led?"), 422)  # not even a token's shape
        token = await open_conversation(client)
        for _ in range(12):
            assert (await ask(client, token, "What did she lead?")).last == "done"
        thirteenth = await ask(client, token, "What did she lead?")
        assert thirteenth.status in (409, 429), thirteenth.status
        refused(thirteenth, thirteenth.status)
        assert len(recorder.requests) == 12
        forgot = await client.request("DELETE", f"{API}/conversations", json={"conversation": token})
        assert forgot.status_code == 204
        refused(await ask(client, token, "Led?"), 404)


@pytest.mark.anyio
async def test_two_questions_at_once_on_one_conversation(parts: Parts) -> None:
    client, recorder, _ = parts
    gate = anyio.Event()
    recorder.handler = answering(gate)
    answers: list[Answer] = []
    async with client:
        token = await open_conversation(client)

        async def one() -> None:
            answers.append(await ask(client, token, "What did she lead?"))

        with anyio.fail_after(10):
            async with anyio.create_task_group() as group:
                group.start_soon(one)
                while not recorder.requests:
                    await anyio.sleep(0.01)
                second = await ask(client, token, "And then?")
                gate.set()
        refused(second, 409, "busy")
        assert answers[0].last == "done"
        recorder.handler = answering()
        assert (await ask(client, token, "And then?")).last == "done"  # free again once the first is done
