"""The rate limits' windows in memory (windows.Windows) count as `limits`' own memory storage does, hit for hit."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import partial

import limits
import pytest
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import SlidingWindowCounterRateLimiter

from docent.sidecar import windows
from docent.sidecar.ratelimit import Limited, RateLimits
from docent.sidecar.settings import Settings
from docent.sidecar.store import MemoryStore
from docent.sidecar.windows import Windows

pytestmark = pytest.mark.anyio


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The wall clock both storages read, moved by hand."""
    now = [1_764_000_000.25]
    monkeypatch.setattr(time, "time", lambda: now[0])
    return now


async def test_every_hit_and_every_window_read_as_limits_memory_storage(clock: list[float]) -> None:
    theirs = SlidingWindowCounterRateLimiter(MemoryStorage())
    ours = SlidingWindowCounterRateLimiter(Windows())
    items = [limits.parse(text) for text in ("3/second", "5/minute", "2/10 seconds", "40/hour", "1/minute")]
    keys = ["1.2.3.4", "5.6.7.8", "all"]
    rng = random.Random(26)
    said: list[bool] = []
    for _ in range(3000):
        clock[0] += rng.choice((0.0, 0.0, 0.0, 0.01, 0.01, 0.3, 1.7, 4.0, 13.0, 61.0))
        item, key, cost = rng.choice(items), rng.choice(keys), rng.choice((1, 1, 1, 2))
        if rng.random() < 0.8:
            passed = await ours.hit(item, "scope", key, cost=cost)
            assert passed == await theirs.hit(item, "scope", key, cost=cost)
            said.append(passed)
        else:
            assert await ours.get_window_stats(item, "scope", key) == await theirs.get_window_stats(item, "scope", key)
            assert await ours.test(item, "scope", key) == await theirs.test(item, "scope", key)
    assert said.count(True) > 100 and said.count(False) > 100  # both ways, often


async def test_expired_windows_are_swept_in_a_later_hit(clock: list[float]) -> None:
    ours = Windows()
    for n in range(50):
        assert ours.acquire(f"conversation/{n}", 5, 60)
    assert len(ours) == 50
    clock[0] += 121  # past twice the expiry: every window gone
    assert ours.acquire("conversation/new", 5, 60)
    assert len(ours) == 1
    clock[0] += windows.SWEEP_S / 2  # a sweep at most once a SWEEP_S
    assert ours.acquire("conversation/newer", 5, 60)
    assert len(ours) == 2


async def test_a_questions_limits_counted_in_the_take_are_the_same_hits_one_by_one(clock: list[float]) -> None:
    """MemoryStore.take counts a question's limits in one call (Windows.hit_all, as RedisStore.take does in one
    script): the same answers as `limits`' own storage hit by hit, and the same windows left behind."""
    settings = replace(
        Settings(), rate_address="5/minute", rate_conversation="2/minute", rate_overall="12/minute",  # share: 1
    )
    store = MemoryStore()
    taken = RateLimits(settings, store.limiter_storage, batch=store.limit_hits)
    plain = RateLimits(settings, MemoryStorage())
    tokens = {f"c{n}": (await store.create()).token for n in range(10)}
    asked = [(f"10.0.0.{n % 5}", f"c{n % 8}") for n in range(40)] + [("10.0.0.9", "c9")] * 3

    async def outcomes(limits_: RateLimits) -> list[str]:
        said = []
        for n, (address, conversation) in enumerate(asked):
            clock[0] += 0.5 if n % 7 else 9.0
            try:
                if limits_ is taken:
                    token = tokens[conversation]
                    got = await limits_.admit(address=address, conversation=token, take=partial(store.take, token))
                    assert not isinstance(got, str)
                    await got[0].release()
                else:
                    await limits_.question(address=address, conversation=tokens[conversation])
                said.append("passed")
            except Limited as exc:
                said.append(f"{exc.scope} {exc.retry_after}")
        return said

    start = clock[0]
    expected = await outcomes(plain)
    clock[0] = start
    assert await outcomes(taken) == expected
    assert {"passed"} < set(expected) and any(s.startswith("address") for s in expected)
    assert any(s.startswith("conversation") for s in expected) and any(s.startswith("overall") for s in expected)
    for address in ("10.0.0.1", "10.0.0.9"):
        assert await taken.pressure(address) == await plain.pressure(address)
    assert await store.lease(tokens["c9"]) is not None  # a question refused by a limit took no lease
