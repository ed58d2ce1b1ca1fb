"""The guide's endpoints in-process: what a visitor's browser sees, errors included, with a fake turn injected."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from docent.sidecar.answer.conversation import Waiting
from docent.sidecar.app import create_app
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.operator.client import open_conversation, parse_sse
from docent.sidecar.proof import solve

from ..clock import Clock
from .appkit import FakeTurns, client, fake_model, make_app, settings

pytestmark = pytest.mark.anyio


def ask(token: str, question: str = "Has he led a team?", **more: Any) -> dict[str, Any]:
    return {"conversation": token, "question": question, **more}


async def test_status_says_the_guide_is_on_with_its_model_bundle_and_limits(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        status = (await http.get("/api/guide")).json()
    assert status["on"] is True and status["why"] is None
    assert status["model"] == "fake-1" and status["offline"] is True
    assert len(status["bundle"]) == 64
    assert status["limits"]["questions"] == 12 and status["limits"]["question_chars"] == 500


async def test_what_the_gate_reads_of_the_bundle_is_made_at_start_not_in_the_first_questions_turn(tmp_path: Path) -> None:
    """The lexicon compiled, the site's names and each section's mentions: made in the first turn, they held the event
    loop (300 ms on load.py's bundle) while a burst's other questions waited for their first event."""
    app = make_app(tmp_path)
    bundle = app.state.guide.bundle()
    assert not {"matcher", "site", "mentions"} & set(vars(bundle))
    async with app.router.lifespan_context(app):
        assert {"matcher", "site", "mentions"} <= set(vars(app.state.guide.bundle()))


async def test_switched_off_the_guide_says_why_and_refuses_without_making_a_model(tmp_path: Path) -> None:
    made: list[Any] = []
    app = create_app(settings(tmp_path, enabled=False), turn_factory=FakeTurns(), model_factory=lambda s: made.append(s))
    async with client(app) as http:
        status = (await http.get("/api/guide")).json()
        refused = await http.post("/api/guide/challenge", json={"purpose": "guide"})
    assert (status["on"], status["why"], status["model"]) == (False, "switched_off", None)
    assert refused.status_code == 503
    assert refused.json()["error"]["code"] == "switched_off"
    assert made == []


async def test_without_a_bundle_the_guide_is_off_and_says_to_build_the_site(tmp_path: Path) -> None:
    app = make_app(tmp_path, bundle=tmp_path / "missing.json")
    async with client(app) as http:
        status = (await http.get("/api/guide")).json()
        refused = await http.post("/api/guide/challenge", json={"purpose": "guide"})
    assert status["why"] == "no_bundle"
    assert "mkdocs build" in refused.json()["error"]["message"]


async def test_with_no_model_the_guide_is_off_and_no_question_reaches_a_turn(tmp_path: Path) -> None:
    class Off:
        reason = "No model is configured."

    turns = FakeTurns()
    app = create_app(settings(tmp_path), turn_factory=turns, model_factory=lambda s: Off())
    async with client(app) as http:
        status = (await http.get("/api/guide")).json()
        refused = await http.post("/api/guide/questions", json=ask("q3Jx0cV1mN8bT5wLzA2e9g"))
    assert (status["on"], status["why"]) == (False, "no_model")
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "no_model"
    assert turns.asks == []


async def test_a_rebuilt_bundle_is_picked_up_without_a_restart(tmp_path: Path) -> None:
    from .appkit import write_bundle

    app = make_app(tmp_path)
    async with client(app) as http:
        before = (await http.get("/api/guide")).json()["bundle"]
        write_bundle(tmp_path / "docent-bundle.json", site_name="Rebuilt, with more in it")
        with anyio.fail_after(5):  # looked for once a second, loaded off the event loop
            while (after := (await http.get("/api/guide")).json()["bundle"]) == before:
                await anyio.sleep(0.05)
    assert after != before


async def test_a_conversation_answers_a_question_as_a_stream_starting_at_once(tmp_path: Path) -> None:
    turns = FakeTurns()
    async with client(make_app(tmp_path, turns=turns)) as http:
        token = await open_conversation(http)
        screen = {"page": "lab", "running": True, "fields": {"leak-preset": "slow"}}
        failed = [{"tool": "point_at", "id": "leak-chart", "reason": "not_found"}]
        response = await http.post("/api/guide/questions", json=ask(token, screen=screen, failed=failed))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["x-accel-buffering"] == "no"
    assert response.headers["cache-control"] == "no-store"
    events = parse_sse(response.text)
    assert [name for name, _ in events] == ["start", "sentence", "sentence", "done"]
    assert events[0][1] == {"conversation": token, "question": 1, "model": "fake-1"}
    assert events[1][1]["cites"] == [{"id": "roles-acme", "title": "Acme", "path": "/roles/#roles-acme"}]
    assert turns.asks[0].question == "Has he led a team?"
    assert turns.asks[0].screen == screen and turns.asks[0].failed == failed


async def test_the_questions_are_numbered_and_the_thirteenth_is_refused(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        token = await open_conversation(http)
        numbers = []
        for _ in range(12):
            events = parse_sse((await http.post("/api/guide/questions", json=ask(token))).text)
            numbers.append(events[0][1]["question"])
        thirteenth = await http.post("/api/guide/questions", json=ask(token))
    assert numbers == list(range(1, 13))
    assert thirteenth.status_code == 409
    assert thirteenth.json()["error"]["code"] == "conversation_full"
    assert "start a new one" in thirteenth.json()["error"]["message"]


async def test_a_failed_answer_is_not_counted_or_remembered(tmp_path: Path) -> None:
    turns = FakeTurns(fail=True)
    app = make_app(tmp_path, turns=turns)
    async with client(app) as http:
        token = await open_conversation(http)
        events = parse_sse((await http.post("/api/guide/questions", json=ask(token))).text)
        conversation = await app.state.store.get(token)
    assert events[-1][0] == "error"
    assert conversation.questions == 0 and conversation.messages == []


@pytest.mark.parametrize(("save", "code"), [("unavailable", "store_unavailable"), ("late", "incomplete")])
async def test_an_answer_that_could_not_be_saved_ends_with_an_error_instead_of_done(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save: str, code: str
) -> None:
    """The save runs before `done` goes out; when it fails, the visitor reads an error in its place, and it is
    counted as one."""
    from docent.sidecar.store import StoreUnavailable

    app = make_app(tmp_path)

    async def failing(*_: Any) -> bool:
        if save == "unavailable":
            raise StoreUnavailable("Redis does not answer.")
        return False  # the lease was lost: another answer's save came first

    async with client(app) as http:
        token = await open_conversation(http)
        monkeypatch.setattr(app.state.store, "save", failing)
        events = parse_sse((await http.post("/api/guide/questions", json=ask(token))).text)
        metrics = app.state.guide.metrics.exposition().decode()
    assert [name for name, _ in events][-2:] == ["sentence", "error"] and events[-1][1]["code"] == code
    assert f'docent_answers_total{{outcome="error",reason="{code}"}} 1.0' in metrics


async def test_a_second_question_while_one_streams_gets_409_and_the_first_still_finishes(tmp_path: Path) -> None:
    turns = FakeTurns(hold=anyio.Event())
    async with client(make_app(tmp_path, turns=turns)) as http:
        token = await open_conversation(http)
        first: dict[str, Any] = {}

        async def ask_first() -> None:
            first["response"] = await http.post("/api/guide/questions", json=ask(token))

        with anyio.fail_after(5):
            async with anyio.create_task_group() as tasks:
                tasks.start_soon(ask_first)
                while not turns.asks:
                    await anyio.sleep(0.01)
                second = await http.post("/api/guide/questions", json=ask(token, "And Kafka?"))
                turns.hold.set()
        third = await http.post("/api/guide/questions", json=ask(token, "And now?"))
    assert second.status_code == 409
    assert second.json()["error"]["code"] == "busy"
    assert parse_sse(first["response"].text)[-1][0] == "done"
    assert parse_sse(third.text)[0][1]["question"] == 2


async def test_an_unknown_or_forgotten_conversation_is_404_saying_to_start_anew(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        unknown = await http.post("/api/guide/questions", json=ask("A" * 22))
        token = await open_conversation(http)
        forgotten = await http.request("DELETE", "/api/guide/conversations", json={"conversation": token})
        after = await http.post("/api/guide/questions", json=ask(token))
        again = await http.request("DELETE", "/api/guide/conversations", json={"conversation": token})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "unknown_conversation"
    assert forgotten.status_code == 204 and again.status_code == 204
    assert after.status_code == 404


async def test_a_conversation_expires_thirty_minutes_after_it_starts(tmp_path: Path) -> None:
    clock = Clock()
    async with client(make_app(tmp_path, clock=clock)) as http:
        token = await open_conversation(http)
        clock.now += 1799
        assert (await http.post("/api/guide/questions", json=ask(token))).status_code == 200
        clock.now += 1
        assert (await http.post("/api/guide/questions", json=ask(token))).status_code == 404


async def test_a_proof_is_good_for_one_conversation(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
        proof = solve(challenge)
        first = await http.post("/api/guide/conversations", json={"proof": proof})
        replayed = await http.post("/api/guide/conversations", json={"proof": proof})
    assert first.status_code == 201
    assert first.json()["expires_in"] == 1800 and first.json()["questions"] == 12
    assert replayed.status_code == 403
    assert replayed.json()["error"] == {
        "code": "replayed",
        "message": "This challenge has been used already: ask for a new one and solve it.",
    }
    assert "set-cookie" not in first.headers


async def test_a_forged_proof_is_403(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
        forged = solve({**challenge, "signature": "0" * 64})
        response = await http.post("/api/guide/conversations", json={"proof": forged})
    assert response.status_code == 403 and response.json()["error"]["code"] == "forged"


async def test_an_expired_proof_is_403(tmp_path: Path) -> None:
    clock = Clock()
    async with client(make_app(tmp_path, clock=clock)) as http:
        proof = solve((await http.post("/api/guide/challenge", json={"purpose": "guide"})).json())
        clock.now += 601
        response = await http.post("/api/guide/conversations", json={"proof": proof})
    assert response.status_code == 403 and response.json()["error"]["code"] == "expired"


@pytest.mark.parametrize(
    ("body", "headers", "status", "words"),
    [
        (b"not json", {"content-type": "application/json"}, 400, "The body is not JSON"),
        (b"{}", {"content-type": "text/plain"}, 415, "Content-Type: application/json"),
        (b"[1]", {"content-type": "application/json"}, 422, "must be a JSON object"),
        (json.dumps({"question": "x"}).encode(), {"content-type": "application/json"}, 422, "lacks conversation"),
        (json.dumps({"conversation": 7, "question": "x"}).encode(), {}, 422, "conversation must be a string"),
        (json.dumps({"conversation": "A" * 22, "question": 7}).encode(), {}, 422, "question must be a string"),
        (json.dumps({"conversation": "A" * 22, "question": "x" * 501}).encode(), {}, 422, "at most 500 characters (this has 501)"),
        (json.dumps({"conversation": "A" * 22}).encode(), {}, 422, "exactly one of question or reply"),
        (json.dumps({"conversation": "A" * 22, "question": "x", "mood": "cheery"}).encode(), {}, 422, "unknown field 'mood'"),
        (json.dumps({"conversation": "A" * 22, "question": "x", "screen": {"page": 3}}).encode(), {}, 422, "screen.page must be a string or null"),
        (json.dumps({"conversation": "A" * 22, "question": "x", "failed": [{"tool": "t"}]}).encode(), {}, 422, "failed[0] lacks reason"),
        (json.dumps({"conversation": "no/slashes", "question": "x"}).encode(), {}, 422, "not a conversation token"),
        (json.dumps({"conversation": "A" * 22, "question": "x" * 17000}).encode(), {}, 413, "larger than 16384 bytes"),
    ],
)
async def test_bad_input_is_refused_precisely(tmp_path: Path, body: bytes, headers: dict, status: int, words: str) -> None:
    async with client(make_app(tmp_path)) as http:
        response = await http.post(
            "/api/guide/questions", content=body, headers={"content-type": "application/json", **headers}
        )
    assert response.status_code == status, response.text
    assert words in response.json()["error"]["message"]


async def test_bad_input_loses_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with client(app) as http:
        token = await open_conversation(http)
        await http.post("/api/guide/questions", json=ask(token))
        bad = await http.post("/api/guide/questions", json=ask(token, "x" * 501))
        blank = await http.post("/api/guide/questions", json=ask(token, "   "))
        good = await http.post("/api/guide/questions", json=ask(token))
    assert bad.status_code == blank.status_code == 422
    assert parse_sse(good.text)[0][1]["question"] == 2


async def test_a_reply_must_answer_the_card_the_conversation_waits_on(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with client(app) as http:
        token = await open_conversation(http)
        stray = await http.post("/api/guide/questions", json={"conversation": token, "reply": {"call": "c1", "pick": "A"}})
        conversation = await app.state.store.get(token)
        conversation.waiting = Waiting(call="c1", name="offer_choices", kind="choices", options=("A", "B"))
        wrong = await http.post("/api/guide/questions", json={"conversation": token, "reply": {"call": "c1", "pick": "C"}})
        kind = await http.post("/api/guide/questions", json={"conversation": token, "reply": {"call": "c1", "approved": True}})
        right = await http.post("/api/guide/questions", json={"conversation": token, "reply": {"call": "c1", "pick": "B"}})
    assert stray.status_code == 409 and stray.json()["error"]["code"] == "no_card"
    assert wrong.status_code == 422 and "not one of the card's choices" in wrong.json()["error"]["message"]
    assert kind.status_code == 422
    assert right.status_code == 200 and parse_sse(right.text)[-1][0] == "done"


async def test_too_many_questions_from_one_address_get_429_with_retry_after(tmp_path: Path) -> None:
    async with client(make_app(tmp_path, rate_address="2/minute")) as http:
        token = await open_conversation(http)
        statuses = [(await http.post("/api/guide/questions", json=ask(token))).status_code for _ in range(3)]
        limited = await http.post("/api/guide/questions", json=ask(token))
    assert statuses == [200, 200, 429]
    assert limited.status_code == 429
    assert 1 <= int(limited.headers["retry-after"]) <= 60
    assert limited.json()["error"]["code"] == "rate_limited"


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/guide", None),
        ("GET", "/api/guide/openapi.json", None),
        ("DELETE", "/api/guide/conversations", {"conversation": "q3Jx0cV1mN8bT5wLzA2e9g"}),
    ],
)
async def test_the_endpoints_that_spend_nothing_are_rate_limited_too(
    tmp_path: Path, method: str, path: str, body: dict[str, Any] | None
) -> None:
    async with client(make_app(tmp_path, rate_read="2/minute")) as http:
        responses = [await http.request(method, path, json=body) for _ in range(3)]
        other = await http.get("/api/guide", headers={"x-forwarded-for": "203.0.113.9"})  # not trusted: same peer
    assert [r.status_code < 400 for r in responses] == [True, True, False]
    limited = responses[-1]
    assert limited.status_code == 429 and limited.json()["error"]["code"] == "rate_limited"
    assert "requests from your address" in limited.json()["error"]["message"]
    assert 1 <= int(limited.headers["retry-after"]) <= 60
    assert other.status_code == 429

async def test_the_api_carries_security_headers_and_cors_lets_only_the_named_origin(tmp_path: Path) -> None:
    app = make_app(tmp_path, origins=("https://site.example",))
    async with client(app) as http:
        allowed = await http.options(
            "/api/guide/questions",
            headers={"origin": "https://site.example", "access-control-request-method": "POST", "access-control-request-headers": "content-type"},
        )
        other = await http.get("/api/guide", headers={"origin": "https://evil.example"})
        mine = await http.get("/api/guide", headers={"origin": "https://site.example"})
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == "https://site.example"
    assert "access-control-allow-credentials" not in allowed.headers
    assert "access-control-allow-origin" not in other.headers
    assert mine.headers["access-control-allow-origin"] == "https://site.example"
    assert "Retry-After" in mine.headers["access-control-expose-headers"]
    assert mine.headers["x-content-type-options"] == "nosniff"
    assert mine.headers["cache-control"] == "no-store"


async def test_the_site_is_served_after_the_api(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "lab").mkdir(parents=True)
    (site / "index.html").write_text("<h1>Home</h1>")
    (site / "lab" / "index.html").write_text("<h1>Lab</h1>")
    async with client(make_app(tmp_path, site=site)) as http:
        home, lab, api = await http.get("/"), await http.get("/lab/"), await http.get("/api/guide")
        missing = await http.get("/nowhere/")
    assert "Home" in home.text and "Lab" in lab.text
    assert api.json()["on"] is True
    assert missing.status_code == 404
    assert "content-security-policy" not in home.headers  # the host's pages keep the host's headers


async def test_a_sites_own_api_and_mcp_pages_keep_the_hosts_headers(tmp_path: Path) -> None:
    """A docs site's API reference at /api/... (pydantic-settings', mkdocstrings') and a page at /mcp/ (Docent's own
    docs) are the site's: the API's CSP (default-src 'none') left them without styles or scripts."""
    site = tmp_path / "site"
    for folder in ("api/pydantic_settings", "mcp"):
        (site / folder).mkdir(parents=True)
        (site / folder / "index.html").write_text(f"<h1>{folder}</h1>")
    async with client(make_app(tmp_path, site=site)) as http:
        reference, mcp, api = await http.get("/api/pydantic_settings/"), await http.get("/mcp/"), await http.get("/api/guide")
    assert "api/pydantic_settings" in reference.text and "mcp" in mcp.text
    assert "content-security-policy" not in reference.headers and "content-security-policy" not in mcp.headers
    assert api.headers["content-security-policy"] == "default-src 'none'; frame-ancestors 'none'"


async def test_the_model_is_made_once_on_first_need_and_closed_with_the_app(tmp_path: Path) -> None:
    made: list[HandlerModel] = []

    def factory(s: Any) -> HandlerModel:
        made.append(fake_model())
        return made[-1]

    app = create_app(settings(tmp_path), turn_factory=FakeTurns(), model_factory=factory)
    assert made == []  # nothing at start
    async with client(app) as http:
        await http.get("/api/guide")
        await http.get("/api/guide")
    assert len(made) == 1
    await app.state.guide.aclose()
    assert made[0].closed


def test_the_default_turn_is_made_once_for_each_bundle_model_and_policy(tmp_path: Path) -> None:
    from docent.sidecar.answer.bundle import BundleSource
    from docent.sidecar.answer.turn import Turn
    from docent.sidecar.guide import Ready

    from .appkit import write_bundle

    guide = create_app(settings(tmp_path), model_factory=lambda s: fake_model()).state.guide
    ready = guide.readiness()[1]
    turn = guide.turn(ready)
    assert isinstance(turn, Turn) and guide.turn(guide.readiness()[1]) is turn  # a question's state is not the turn's
    other = fake_model("fake-2")
    assert guide.turn(Ready(ready.bundle, other)).model is other  # the fallback standing in: its own turn
    rebuilt = BundleSource(write_bundle(tmp_path / "rebuilt.json", site_name="Rebuilt")).get()
    assert rebuilt is not None
    remade = guide.turn(Ready(rebuilt, ready.model))
    assert remade.bundle is rebuilt and remade.policy is guide.policy(rebuilt)
