"""The model check as the app wires it (review24b of verify24): its spend where the day's budget is kept in Redis,
shared by every worker (each check reserved and settled there, in the question's `done` cost, a worker's checks counted
in another's), its model closed with the guide, and the real Anthropic adapter's answers to a check read."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
import pytest
import redis

from docent.sidecar.answer.check_request import MAX_TOKENS_BASE, MAX_TOKENS_EACH
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import Usage
from docent.sidecar.operator.client import parse_sse
from docent.sidecar.spending.budget import utc_day

pytestmark = pytest.mark.anyio

ANSWER = "He led the platform team of six at Acme. [[roles-acme]] The platform team at Acme had six. [[roles-acme]]"
NANO = 1_000_000_000


async def test_checks_are_reserved_and_settled_in_the_shared_days_spend(tmp_path: Path, redis_url: str) -> None:
    from docent.sidecar.app import create_app
    from docent.sidecar.counts import MemoryCounts
    from docent.sidecar.proof import solve
    from docent.sidecar.redis_store import RedisStore, connect
    from docent.sidecar.spending.redis_budget import RedisBudgetStore
    from docent.sidecar.spending.redis_budget import connect as connect_budget

    from .appkit import client, settings

    (tmp_path / "replay.json").write_text(json.dumps({"replies": [{"question": ".", "calls": [[{"text": ANSWER}]]}]}))
    (tmp_path / "verdicts.json").write_text(json.dumps({"verdicts": [
        {"sentence": "He led the platform team of six at Acme.", "supported": True},
        {"sentence": "The platform team at Acme had six.", "supported": False, "point": "the section says nothing of a lab"},
    ]}))
    store = RedisStore(connect(redis_url))
    spend = RedisBudgetStore(connect_budget(redis_url), aclient=store.client, settle_s=60, fresh_s=60)
    app = create_app(
        settings(tmp_path, redis_url=redis_url, model=f"replay:{tmp_path / 'replay.json'}#claude-haiku-5-5", budget_usd=5.0,
                 check_sentences=True, check_model=f"replay:{tmp_path / 'verdicts.json'}#claude-haiku-5-5"),
        counts=MemoryCounts(), store=store, budget_store=spend,
    )
    async with app.router.lifespan_context(app), client(app) as http:
        challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
        token = (await http.post("/api/guide/conversations", json={"proof": solve(challenge)})).json()["conversation"]
        answer = await http.post("/api/guide/questions", json={"conversation": token, "question": "Who led it?"})
        events = parse_sse(answer.text)
        spend._write()
    said = [d.get("text") or d.get("reason") for name, d in events if name in ("sentence", "held")]
    assert said == ["He led the platform team of six at Acme.", "unsupported"]
    done = events[-1][1]
    day = utc_day(time.time())
    with redis.Redis.from_url(redis_url) as plain:
        spent, held = int(plain.get(f"docent:spend:{day}") or 0), int(plain.get(f"docent:spend:{day}:held") or 0)
    assert held == 0  # every reservation settled: the answer's call and the two checks
    answered = spec_for("claude-haiku-5-5").cost(Usage(done["input_tokens"], done["output_tokens"]))
    assert done["cost_usd"] > answered and spent == pytest.approx(done["cost_usd"] * NANO, abs=3)  # the checks' in both
    other = RedisBudgetStore(connect_budget(redis_url), fresh_s=0)  # another worker's view of the day
    assert other.spent(day) == pytest.approx(done["cost_usd"], abs=3 / NANO)
    other.close()


async def test_the_checks_model_is_closed_with_the_guide(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check's adapter is made apart from the guide's model (its own client, for an API): closed with the guide."""
    from docent.sidecar.guide import Guide, default_turn_factory
    from docent.sidecar.model.verdicts import VerdictsModel

    from .appkit import settings

    closed: list[object] = []

    async def aclose(self: VerdictsModel) -> None:
        closed.append(self)

    monkeypatch.setattr(VerdictsModel, "aclose", aclose)
    (tmp_path / "replay.json").write_text(json.dumps({"replies": [{"question": ".", "calls": [[{"text": ANSWER}]]}]}))
    (tmp_path / "verdicts.json").write_text(json.dumps({"verdicts": []}))
    guide = Guide(settings(tmp_path, model=f"replay:{tmp_path / 'replay.json'}", check_sentences=True,
                           check_model=f"replay:{tmp_path / 'verdicts.json'}"),
                  model_factory=None, turn_factory=default_turn_factory)
    checker = guide.checker()
    assert checker is not None and not closed
    await guide.aclose()
    assert len(closed) == 1


def _verdict_stream(given: str, stop: str, *, words: bool = False) -> bytes:
    """A Messages API stream that calls `verdict` with `given` (its raw JSON), or says it in words, and stops for `stop`."""
    block = {"type": "text", "text": ""} if words else {"type": "tool_use", "id": "toolu_01", "name": "verdict", "input": {}}
    delta = {"type": "text_delta", "text": given} if words else {"type": "input_json_delta", "partial_json": given}
    events = [
        ("message_start", {"type": "message_start", "message": {"usage": {"input_tokens": 900, "output_tokens": 1}}}),
        ("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop}, "usage": {"output_tokens": 20}}),
        ("message_stop", {"type": "message_stop"}),
    ]
    return b"".join(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode() for name, data in events)


@pytest.mark.parametrize(("stream", "verdict"), [
    (_verdict_stream('{"supported": [{"n": 1, "by": ["S1"]}], "unsupported": []}', "tool_use"), True),
    (_verdict_stream('{"supported": [], "unsupported": [1]}', "tool_use"), False),
    (_verdict_stream('{"supported": [{"n": 1, "by": ["S1"]}], "unsupported": []}', "max_tokens"), None),  # a stop for length: no verdict
    (_verdict_stream('{"supported": [{"n": 1, "by": ["S', "max_tokens"), None),  # the call cut off
    (_verdict_stream("Supported.", "tool_use"), None),  # a broken call
    (_verdict_stream('Supported: {"supported": true}', "end_turn", words=True), None),  # the verdict in words
    ("refusal.sse", None),  # the API's own recorded refusal
], ids=["supported", "unsupported", "length-after-verdict", "length-mid-verdict", "broken", "words", "refusal"])
async def test_the_anthropic_adapters_answers_to_a_check_and_their_cost(stream: bytes | str, verdict: bool | None) -> None:
    """Through the real Anthropic adapter: a verdict is read from a whole call that ended the reply; a stop for length,
    a cut or broken call, a refusal give none (the sentence is held); what the call was billed is its cost either way."""
    from docent.sidecar.answer.checking import Checker
    from docent.sidecar.model.anthropic import AnthropicModel

    from .model.streams import fixture, replies, sse
    from .test_checking import BUNDLE

    body = fixture(stream) if isinstance(stream, str) else stream
    handler, seen = replies(sse(body))
    spec = spec_for("claude-haiku-5-5")
    model = AnthropicModel(spec, api_key="sk-test", client=httpx.AsyncClient(transport=httpx.MockTransport(handler)))
    (got,), cost = await Checker(model).judge([("The lab has a heap that leaks.", [BUNDLE.record["lab-leak"]])], None)
    assert got is verdict
    assert cost > 0  # billed, whatever came of it
    sent = json.loads(seen[0].content)
    assert sent["tool_choice"] == {"type": "any", "disable_parallel_tool_use": True} and sent["max_tokens"] == MAX_TOKENS_BASE + MAX_TOKENS_EACH


async def test_a_budget_spent_between_two_checks_holds_the_rest_and_a_visitor_gone_settles_what_was_billed(
    tmp_path: Path,
) -> None:
    """The day's budget covers the first check's cost and nine tenths of the next one's worst case: the first check is
    paid and its sentence shown, the rest are refused before their calls and held; the done cost is the one check. A visitor gone mid-answer leaves no
    reservation held: each cancelled check settles at what it was billed."""
    import asyncio
    import contextlib

    from docent.sidecar.answer.check_request import CheckRequest
    from docent.sidecar.answer.checking import Checker
    from docent.sidecar.answer.turn import Ask
    from docent.sidecar.spending.budget import Budget
    from docent.sidecar.spending.factory import checking_model

    from .test_checking import BUNDLE, PARAGRAPHS, PRICED, SHOWN, rig, run, said, verdicts

    worst = Budget(1.0).worst_case(PRICED, CheckRequest([(SHOWN[2], [BUNDLE.record["lab-leak"]])]).request)
    paid = PRICED.cost(Usage(input_tokens=1000, output_tokens=20))  # what the first check is billed
    inner = verdicts(lambda s: True)
    events = await run(*rig(tmp_path, Checker(checking_model(inner, budget=Budget(paid + 0.9 * worst)), places=1), PARAGRAPHS))
    assert said(events) == [*SHOWN[:2], *["held:unchecked"] * 3] and len(inner.requests) == 1
    assert events[-1].cost_usd == pytest.approx(PRICED.cost(Usage(input_tokens=1000, output_tokens=20)))

    budget = Budget(1.0)
    turn, conversation = rig(tmp_path, Checker(checking_model(verdicts(lambda s: True, delay=lambda s: 30), budget=budget)),
                             PARAGRAPHS)
    ask = Ask(question="Has she led a team?", screen={"page": "home"})

    async def listen() -> None:
        async with contextlib.aclosing(turn.run(conversation, ask)) as stream:
            async for _event in stream:
                pass

    listening = asyncio.get_running_loop().create_task(listen())
    await asyncio.sleep(0.3)
    assert budget.spent_usd() > 4 * PRICED.cost(Usage(input_tokens=1000))  # four worst cases reserved
    listening.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await listening
    await asyncio.sleep(0.05)
    assert budget.spent_usd() == pytest.approx(4 * PRICED.cost(Usage(input_tokens=1000)))  # what each was billed
