"""The sidecar's app on Redis, as the Redis tests that follow a question through it share it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from docent.sidecar.redis_store import RedisStore
from docent.sidecar.spending.redis_budget import RedisBudgetStore

ANSWER = "He led the platform team of six at Acme. [[roles-acme]]"


@dataclass
class RedisGuide:
    """An app whose conversations and spend share one Redis, a conversation begun in it, and its client."""

    http: httpx.AsyncClient
    token: str
    store: RedisStore
    spend: RedisBudgetStore

    async def ask(self, question: str) -> httpx.Response:
        return await self.http.post("/api/guide/questions", json={"conversation": self.token, "question": question})


@pytest.fixture
async def redis_guide(tmp_path: Path, redis_url: str) -> AsyncIterator[RedisGuide]:
    """The app on Redis: its conversations, and the day's spend on their client (as `state.budget_store` keeps it, no
    timer firing here: `settle_s` a minute); the day's counts in memory (they go to Redis once a second, not per
    question: tests/sidecar/test_counts_redis.py); its model a replay that answers each question it is asked with one
    cited sentence (`ANSWER`)."""
    from docent.sidecar.app import create_app
    from docent.sidecar.counts import MemoryCounts
    from docent.sidecar.proof import solve
    from docent.sidecar.redis_store import connect
    from docent.sidecar.spending.redis_budget import connect as connect_budget

    from .appkit import client, settings

    script = {"replies": [{"question": ".", "calls": [[{"text": ANSWER}]]}]}
    (tmp_path / "replay.json").write_text(json.dumps(script))
    store = RedisStore(connect(redis_url))
    spend = RedisBudgetStore(connect_budget(redis_url), aclient=store.client, settle_s=60, fresh_s=60)
    app = create_app(
        settings(tmp_path, redis_url=redis_url, model=f"replay:{tmp_path / 'replay.json'}#claude-haiku-5-5", budget_usd=5.0),
        counts=MemoryCounts(), store=store, budget_store=spend,
    )
    async with app.router.lifespan_context(app), client(app) as http:
        challenge = (await http.post("/api/guide/challenge", json={"purpose": "guide"})).json()
        token = (await http.post("/api/guide/conversations", json={"proof": solve(challenge)})).json()["conversation"]
        yield RedisGuide(http, token, store, spend)
