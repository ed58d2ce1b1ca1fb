"""The model check as the app wires it (review24b of verify24): its spend where the day's budget is kept in Redis,
shared by every worker (each check reserved and settled there, in the question's `done` cost, a worker's checks counted
in another's), and its model closed with the guide."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import redis

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
