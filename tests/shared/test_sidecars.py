"""Several sidecars, one state: real `docent serve` processes on loopback sharing a real Redis, and one sidecar
without Redis keeping the day's spend across a restart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest

from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import Usage
from docent.sidecar.operator.client import open_conversation
from docent.sidecar.proof import solve
from docent.sidecar.redis_store import RedisStore
from docent.sidecar.redis_store import connect as connect_store
from docent.sidecar.spending.daybook import SPEND_FILE, SqliteBudgetStore
from docent.sidecar.spending.redis_budget import RedisBudgetStore, connect

from ..redis_server import RedisServer
from ..sidecar.appkit import write_bundle
from ..sidecars import Served, serving, start

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

ANSWER = "He led the platform team of six at Acme. [[roles-acme]]"
USAGE = {"input_tokens": 1000, "output_tokens": 100}
COST = spec_for("claude-haiku-5-5").cost(Usage(1000, 100))
SCRIPT = {
    "fragments": 8,
    "replies": [
        {"question": "slow", "calls": [[{"text": ANSWER + " "}, {"sleep": 60}, {"text": ANSWER}]], "usage": USAGE},
        {"question": "linger", "calls": [[{"sleep": 1.5}, {"text": ANSWER}]], "usage": USAGE},
        {"question": "pause", "calls": [[{"sleep": 0.3}, {"text": ANSWER}]], "usage": USAGE},
        {"question": "dear", "calls": [[{"text": ANSWER}]], "usage": {"input_tokens": 3_000_000, "output_tokens": 10}},
        {"question": ".", "calls": [[{"text": ANSWER}]], "usage": USAGE},
    ],
}
OPEN_RATES = {f"DOCENT_RATE_{n}": "100000/minute" for n in ("ADDRESS", "CONVERSATION", "OVERALL", "START", "READ")}


def today() -> str:
    return datetime.now(UTC).date().isoformat()


def spent_in_redis(url: str) -> float:
    """The day's spend as every sidecar sees it."""
    store = RedisBudgetStore(connect(url))
    try:
        return store.spent(today())
    finally:
        store.close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A bundle and a replay script priced as claude-haiku-5-5, as a sidecar's environment."""
    folder = tmp_path_factory.mktemp("sidecars")
    (folder / "replay.json").write_text(json.dumps(SCRIPT))
    return {
        "DOCENT_BUNDLE": str(write_bundle(folder / "docent-bundle.json")),
        "DOCENT_MODEL": f"replay:{folder / 'replay.json'}#claude-haiku-5-5",
        "DOCENT_POW_MAXNUMBER": "20",
        **OPEN_RATES,
    }


@pytest.fixture(scope="module")
def pair(site: dict[str, str], redis_server: RedisServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Served]]:
    """Sidecars A and B on one Redis, for the module; a conversation's questions limited to three an hour."""
    env = {**site, "DOCENT_REDIS_URL": redis_server.url, "DOCENT_RATE_CONVERSATION": "3/hour"}
    folder = tmp_path_factory.mktemp("pair")
    with serving("a", folder, env) as a, serving("b", folder, env) as b:
        yield a, b


async def ask(http: httpx.AsyncClient, base: str, token: str, question: str) -> tuple[int, list[tuple[str, dict[str, Any]]]]:
    response = await http.post(f"{base}/api/guide/questions", json={"conversation": token, "question": question})
    if not response.headers.get("content-type", "").startswith("text/event-stream"):
        return response.status_code, [("refusal", response.json())]
    events = []
    for block in response.text.split("\r\n\r\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "event" in lines:
            events.append((lines["event"], json.loads(lines["data"])))
    return response.status_code, events


def names(events: list[tuple[str, dict[str, Any]]]) -> list[str]:
    return [name for name, _ in events]


async def test_a_conversation_opened_on_a_continues_on_b_with_its_whole_history(pair: tuple[Served, Served]) -> None:
    a, b = pair
    async with httpx.AsyncClient(base_url=a.base, timeout=20) as http:
        token = await open_conversation(http)
        first = await ask(http, a.base, token, "Has he led a team?")
        second = await ask(http, b.base, token, "And how large was it?")
    assert names(first[1]) == ["start", "sentence", "done"] and names(second[1]) == ["start", "sentence", "done"]
    assert second[1][0][1]["question"] == 2  # B counts on from A's question
    sent = b.requests()[-1]["messages"]
    said = json.dumps(sent)
    assert "Has he led a team?" in said and "And how large was it?" in said  # the whole history went to B's model
    assert [m["role"] for m in sent] == ["user", "assistant", "user"]
    assert sent[1]["content"][0]["text"] == ANSWER


async def test_a_challenge_used_on_a_is_refused_on_b(pair: tuple[Served, Served]) -> None:
    a, b = pair
    async with httpx.AsyncClient(timeout=20) as http:
        challenge = (await http.post(f"{a.base}/api/guide/challenge", json={"purpose": "guide"})).json()
        proof = solve(challenge)
        on_a = await http.post(f"{a.base}/api/guide/conversations", json={"proof": proof})
        on_b = await http.post(f"{b.base}/api/guide/conversations", json={"proof": proof})
    assert on_a.status_code == 201
    assert on_b.status_code == 403 and on_b.json()["error"]["code"] == "replayed"


async def test_a_rate_limit_counts_across_both(pair: tuple[Served, Served]) -> None:
    a, b = pair
    async with httpx.AsyncClient(base_url=a.base, timeout=20) as http:
        token = await open_conversation(http)
        statuses = [(await ask(http, side.base, token, "Has he led a team?"))[0] for side in (a, b, a)]
        fourth_b = await http.post(f"{b.base}/api/guide/questions", json={"conversation": token, "question": "Again?"})
        fourth_a = await http.post(f"{a.base}/api/guide/questions", json={"conversation": token, "question": "Again?"})
    assert statuses == [200, 200, 200]
    for refused in (fourth_b, fourth_a):
        assert refused.status_code == 429 and refused.json()["error"]["code"] == "rate_limited"
        assert "in this conversation" in refused.json()["error"]["message"]


async def test_200_concurrent_questions_on_two_sidecars_never_take_the_days_spend_past_the_budget(
    site: dict[str, str], redis_url: str, tmp_path: Path
) -> None:
    budget = 0.01
    # A database of its own: the module's pair of sidecars, still running, writes its last settlement within a second
    # of its last answer (redis_budget.SETTLE_WITHIN_S), after this test's Redis was emptied.
    redis_url = redis_url.rsplit("/", 1)[0] + "/2"
    env = {**site, "DOCENT_REDIS_URL": redis_url, "DOCENT_BUDGET_USD": str(budget), "DOCENT_BULKHEAD": "1000"}
    with serving("a", tmp_path, env) as a, serving("b", tmp_path, env) as b:
        # The conversations are opened in the shared store itself: each through a sidecar would be a proof of work
        # and two requests apiece, and the test is about the questions.
        store = RedisStore(connect_store(redis_url))
        tokens = [(await store.create()).token for _ in range(200)]
        await store.aclose()
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=200, keepalive_expiry=1)
        async with httpx.AsyncClient(timeout=60, limits=limits) as http:
            outcomes: list[tuple[str, dict[str, Any]]] = []

            async def one(i: int) -> None:
                status, events = await ask(http, (a, b)[i % 2].base, tokens[i], "A pause, then: has he led a team?")
                assert status == 200, events
                outcomes.append(events[-1])

            with anyio.fail_after(60):
                async with anyio.create_task_group() as group:
                    for i in range(200):
                        group.start_soon(one, i)
    done = [data for name, data in outcomes if name == "done"]
    refused = [data for name, data in outcomes if name == "error"]
    assert len(done) + len(refused) == 200
    assert done and refused and {e["code"] for e in refused} == {"budget_spent"}
    spent = spent_in_redis(redis_url)
    assert spent <= budget
    assert spent == pytest.approx(sum(d["cost_usd"] for d in done), abs=1e-8)
    assert spent == pytest.approx(len(done) * COST, abs=1e-8)


async def test_a_sidecar_killed_mid_answer_frees_its_conversation_when_the_lease_expires(
    site: dict[str, str], redis_url: str, tmp_path: Path
) -> None:
    env = {**site, "DOCENT_REDIS_URL": redis_url, "DOCENT_LEASE_S": "4"}
    a = start("a", tmp_path, env)
    try:
        with serving("b", tmp_path, env) as b:
            async with httpx.AsyncClient(base_url=b.base, timeout=20) as http:
                token = await open_conversation(http)
                assert (await ask(http, b.base, token, "Has he led a team?"))[0] == 200
                with anyio.fail_after(10):
                    async with http.stream("POST", f"{a.base}/api/guide/questions",
                                           json={"conversation": token, "question": "A slow one, please"}) as answer:
                        lines = answer.aiter_lines()  # held: an iterator let go would close the stream, and A would stop
                        async for line in lines:
                            if line.startswith("event: start"):
                                break
                        while not any("slow one" in json.dumps(r["messages"]) for r in a.requests()):
                            await anyio.sleep(0.02)
                        a.kill()  # A is mid-answer, its model asleep
                busy = await http.post(f"{b.base}/api/guide/questions", json={"conversation": token, "question": "Still there?"})
                assert busy.status_code == 409 and busy.json()["error"]["code"] == "busy"  # A's lease outlives A
                with anyio.fail_after(20):
                    status = 409
                    while status == 409:  # until the lease's four seconds are up
                        await anyio.sleep(0.25)
                        status, events = await ask(http, b.base, token, "Still there?")
    finally:
        a.stop()
    assert status == 200 and names(events) == ["start", "sentence", "done"]
    assert events[0][1]["question"] == 2  # the killed answer's question was never counted
    said = json.dumps(b.requests()[-1]["messages"])
    assert "Has he led a team?" in said and "Still there?" in said
    assert "slow one" not in said  # nothing half-remembered


async def test_redis_stopped_mid_run_is_a_503_not_a_500_and_loses_no_spend(
    pair: tuple[Served, Served], redis_server: RedisServer, redis_url: str
) -> None:
    a, b = pair
    async with httpx.AsyncClient(base_url=a.base, timeout=20) as http:
        token = await open_conversation(http)
        async def answer_while_redis_stops() -> tuple[int, list[tuple[str, dict[str, Any]]]]:
            return await ask(http, a.base, token, "Please linger a moment")

        async with anyio.create_task_group() as group:
            result: list[Any] = []
            group.start_soon(lambda: _into(result, answer_while_redis_stops()))
            with anyio.fail_after(10):
                while not any("linger" in json.dumps(r["messages"]) for r in a.requests()):
                    await anyio.sleep(0.02)  # until the answer has reserved and its model sleeps
            redis_server.stop()
        try:
            status, events = result[0]
            assert status == 200 and names(events)[-1] == "error" and events[-1][1]["code"] == "store_unavailable"
            down = [
                await http.get(f"{b.base}/api/guide"),
                await http.post(f"{b.base}/api/guide/challenge", json={"purpose": "guide"}),
                await http.post(f"{a.base}/api/guide/questions", json={"conversation": token, "question": "Hello?"}),
                await http.request("DELETE", f"{b.base}/api/guide/conversations", json={"conversation": token}),
            ]
            for response in down:
                assert response.status_code == 503, response.text
                assert response.json()["error"]["code"] == "store_unavailable"
                assert "try again" in response.json()["error"]["message"]
        finally:
            redis_server.start()  # back, and empty: persistence is off
        status_a = await http.get(f"{a.base}/api/guide")  # A writes what it could not settle before answering
        spent = spent_in_redis(redis_url)
        token = await open_conversation(http)
        status, events = await ask(http, b.base, token, "Has he led a team?")
    assert status_a.status_code == 200 and status_a.json()["on"] is True
    assert spent == pytest.approx(COST, abs=1e-9)  # the answer cut short by the outage was still paid for
    assert status == 200 and names(events) == ["start", "sentence", "done"]


async def _into(result: list[Any], awaitable: Any) -> None:
    result.append(await awaitable)


async def test_a_restarted_sidecar_without_redis_keeps_the_days_spend(site: dict[str, str], tmp_path: Path) -> None:
    state = tmp_path / "state"
    env = {**site, "DOCENT_STATE_DIR": str(state), "DOCENT_BUDGET_USD": "0.25"}
    first = start("one", tmp_path, env)
    try:
        async with httpx.AsyncClient(base_url=first.base, timeout=20) as http:
            token = await open_conversation(http)
            status, events = await ask(http, first.base, token, "A dear question: has he led a team?")
    finally:
        first.kill()  # no shutdown: what was spent must already be on disk
    assert status == 200 and events[-1][0] == "done" and events[-1][1]["cost_usd"] > 0.25
    with serving("two", tmp_path, env) as second:
        async with httpx.AsyncClient(base_url=second.base, timeout=20) as http:
            said = (await http.get("/api/guide")).json()
    assert said["degraded"] == "budget_spent"  # the restarted sidecar knows the day's budget is spent
    assert SqliteBudgetStore(state / SPEND_FILE).spent(today()) == pytest.approx(events[-1][1]["cost_usd"], abs=1e-9)


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid`, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


async def test_several_workers_serve_one_guide_on_redis(site: dict[str, str], redis_url: str, tmp_path: Path) -> None:
    with serving("workers", tmp_path, site, args=("--workers", "2", "--redis", redis_url)) as served:
        workers = children(served.process.pid)
        results, tokens = [], []
        for _ in range(4):
            # The conversation opened on one connection and asked on another: the kernel hands each to either
            # worker, so a question may land on the worker that did not open its conversation.
            async with httpx.AsyncClient(base_url=served.base, timeout=20) as opener:
                tokens.append(await open_conversation(opener))
            async with httpx.AsyncClient(base_url=served.base, timeout=20) as asker:
                results.append(await ask(asker, served.base, tokens[-1], "Has he led a team?"))
        shared = RedisStore(connect_store(redis_url))
        try:
            kept = [await shared.get(token) for token in tokens]
        finally:
            await shared.aclose()
    assert len(workers) >= 2
    assert all(status == 200 and names(events) == ["start", "sentence", "done"] for status, events in results)
    # Every answered turn is in Redis, where either worker reads it: no conversation lived in one worker's memory.
    assert [c.questions if c is not None else None for c in kept] == [1, 1, 1, 1]
