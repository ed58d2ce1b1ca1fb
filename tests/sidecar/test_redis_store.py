"""The Redis store: what the memory store does, shared between sidecars, with leases that expire."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from docent.sidecar.answer.conversation import Waiting
from docent.sidecar.counts import day_of
from docent.sidecar.redis_lease import Renewals
from docent.sidecar.redis_store import RedisStore, connect, dump, load
from docent.sidecar.store import MemoryStore, Store, StoreFull, StoreUnavailable
from tests.redis_server import RedisServer
from tests.waiting import auntil

from ..loopback import free_port, served
from .appkit import make_app
from .conftest import RedisGuide

pytestmark = pytest.mark.anyio


@pytest.fixture(params=["memory", "redis"])
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Store]:
    if request.param == "memory":
        yield MemoryStore(max_conversations=3)
        return
    made = RedisStore(connect(request.getfixturevalue("redis_url")), max_conversations=3)
    yield made
    await made.aclose()


@pytest.fixture
async def sidecars(redis_url: str) -> AsyncIterator[Callable[..., list[RedisStore]]]:
    """Makes stores as several sidecars would, each with its own connections; closes them after."""
    made: list[RedisStore] = []

    def make(n: int = 2, **options: float) -> list[RedisStore]:
        made.extend(RedisStore(connect(redis_url), **options) for _ in range(n))  # type: ignore[arg-type]
        return made[-n:]

    yield make
    for store in made:
        await store.aclose()


async def test_a_conversation_is_found_by_its_token_until_forgotten(store: Store) -> None:
    conversation = await store.create()
    found = await store.get(conversation.token)
    assert found is not None and found.token == conversation.token and found.questions == 0
    assert await store.get("no-such-token-here") is None
    assert await store.forget(conversation.token) is True
    assert await store.get(conversation.token) is None
    assert await store.forget(conversation.token) is False


async def test_one_question_at_a_time_holds_the_lease_until_released(store: Store) -> None:
    conversation = await store.create()
    lease = await store.lease(conversation.token)
    assert lease is not None
    assert await store.lease(conversation.token) is None
    await lease.release()
    again = await store.lease(conversation.token)
    assert again is not None
    await again.release()


async def test_a_saved_turn_is_what_the_next_question_reads(store: Store) -> None:
    conversation = await store.create()
    lease = await store.lease(conversation.token)
    assert lease is not None
    waiting = Waiting("toolu_1", "offer_choices", "choices", ("Yes", "No"), ({"type": "tool_result", "tool_use_id": "t0", "content": "ok"},))
    conversation.commit([{"role": "user", "content": [{"type": "text", "text": "Hi ✓"}]}], held=["unsupported"], waiting=waiting, question=True)
    assert await store.save(conversation, lease) is True
    await lease.release()
    found = await store.get(conversation.token)
    assert found == conversation


async def test_take_is_the_lease_and_the_conversation_in_one_step(store: Store) -> None:
    conversation = await store.create()
    taken = await store.take(conversation.token)
    assert not isinstance(taken, str) and taken[1].token == conversation.token
    assert await store.take(conversation.token) == "busy"
    await taken[0].release()
    assert await store.take("no-such-token-here") == "unknown"
    assert await store.take("no-such-token-here") == "unknown"  # no lease was kept for it
    again = await store.take(conversation.token)
    assert not isinstance(again, str)
    assert await store.save(again[1], again[0]) is True
    after = await store.take(conversation.token)  # the save gave the lease back
    assert not isinstance(after, str)
    await after[0].release()


async def test_a_full_store_refuses_new_conversations(store: Store) -> None:
    for _ in range(3):
        await store.create()
    with pytest.raises(StoreFull):
        await store.create()


async def test_a_challenge_is_used_once(store: Store) -> None:
    assert await store.use_challenge("sig", 4_000_000_000) is True
    assert await store.use_challenge("sig", 4_000_000_000) is False
    assert await store.use_challenge("other", 4_000_000_000) is True


async def test_a_conversation_opened_on_one_sidecar_is_found_whole_on_another(sidecars: Callable[..., list[RedisStore]]) -> None:
    a, b = sidecars()
    conversation = await a.create()
    lease = await a.lease(conversation.token)
    assert lease is not None
    conversation.commit([{"role": "user", "content": "q"}, {"role": "assistant", "content": [{"type": "text", "text": "a"}]}],
                        held=[], waiting=None, question=True)
    assert await b.lease(conversation.token) is None  # A answers
    assert await a.save(conversation, lease)
    await lease.release()  # given back by the save already: nothing to do
    taken = await b.take(conversation.token)  # the save gave the lease back: B may take the next question at once
    assert not isinstance(taken, str) and taken[1] == conversation
    await taken[0].release()
    assert await b.get(conversation.token) == conversation
    assert await b.use_challenge("sig", 4_000_000_000) is True and await a.use_challenge("sig", 4_000_000_000) is False


async def _gone(store: RedisStore, token: str) -> bool:
    return await store.get(token) is None


async def test_a_conversation_expires_with_its_key_thirty_minutes_from_its_start(sidecars: Callable[..., list[RedisStore]]) -> None:
    (store,) = sidecars(1, conversation_s=1)
    conversation = await store.create()
    assert 0 < await store.client.ttl(f"docent:conversation:{conversation.token}") <= 1
    await auntil(lambda: _gone(store, conversation.token))  # its key expired
    assert await store.count() == 0


async def test_a_lease_held_is_renewed_and_one_whose_holder_died_expires(sidecars: Callable[..., list[RedisStore]]) -> None:
    a, b = sidecars(lease_s=0.3)
    conversation = await a.create()
    held = await a.lease(conversation.token)
    assert held is not None
    taken_at, ttl = time.monotonic(), [300]

    async def renewed_past_two_lives() -> bool:
        # Redis's own word: the lease's time left went back up (renewed while A answers), once it has outlived two
        # of its lives. Waited for rather than slept: a fixed sleep failed on a loaded machine.
        left = await a.client.pttl(held.key)  # type: ignore[attr-defined]
        renewed, ttl[0] = left > ttl[0], left
        return renewed and time.monotonic() - taken_at > 0.6

    await auntil(renewed_past_two_lives, every_s=0.01)
    assert await b.lease(conversation.token) is None
    held.stop()  # type: ignore[attr-defined]  # A dies mid-answer: no renewal, no release
    leases: list[Any] = []

    async def taken_by_b() -> bool:
        leases.append(await b.lease(conversation.token))
        return leases[-1] is not None

    await auntil(taken_by_b)  # once A's last renewal has run out
    taken = leases[-1]
    conversation.commit([{"role": "user", "content": "late"}], held=[], waiting=None, question=True)
    assert await a.save(conversation, held) is False  # A's late turn is not remembered over B's lease
    assert (await b.get(conversation.token)).questions == 0  # type: ignore[union-attr]
    await taken.release()


async def test_redis_down_is_store_unavailable_and_back_is_served(redis_server: RedisServer, sidecars: Callable[..., list[RedisStore]]) -> None:
    (store,) = sidecars(1)
    redis_server.stop()
    try:
        with pytest.raises(StoreUnavailable):
            await store.create()
        with pytest.raises(StoreUnavailable):
            await store.get("token")
    finally:
        redis_server.start()
    assert (await store.create()).token


class _Held:
    """A lease as `Renewals` sees it: when it was taken or last renewed, and its renewals."""

    def __init__(self) -> None:
        self.since, self.renewals = 0.0, 0

    def renew(self) -> None:
        self.renewals += 1


async def test_leases_are_renewed_by_one_timer_each_before_a_third_of_its_life() -> None:
    renewals = Renewals(60, renew=None, release=None)  # type: ignore[arg-type]  # a tick of 10 s, ticked by hand
    old, young, dropped = _Held(), _Held(), _Held()
    for lease in (old, young, dropped):
        renewals.hold(lease)  # type: ignore[arg-type]
    renewals.drop(dropped)  # type: ignore[arg-type]
    now = asyncio.get_running_loop().time()
    old.since, young.since, dropped.since = now - 10, now - 9.9, now - 30
    renewals._ticked()
    # A lease a tick old or more is renewed; one younger is at most two ticks (a third of 60 s) old at the next tick.
    assert (old.renewals, young.renewals, dropped.renewals) == (1, 0, 0)
    assert old.since >= now and renewals._timer is not None  # the timer goes on while any lease is held
    renewals.drop(old)  # type: ignore[arg-type]
    renewals.drop(young)  # type: ignore[arg-type]
    renewals._ticked()
    assert renewals._timer is None  # none held: no timer left running


def test_a_conversation_round_trips_through_json_with_every_field_of_its_card() -> None:
    from docent.sidecar.answer.conversation import Conversation

    # A confirm card a page's field lent, stopped mid-turn: its page, element id and value are what an approval
    # acts on, and its calls, actions and tokens are the bounds the answer continues.
    waiting = Waiting(
        "call-1", "leak_preset", "confirm", ("Yes", "No"), ({"type": "tool_result", "tool_use_id": "c0", "content": "ok"},),
        page="lab", field_id="leak-preset", value="slow", calls=2, actions=3, output_tokens=411, asked_for_run=True,
    )
    conversation = Conversation("t", 12.5, [{"role": "user", "content": "é"}], 2, ["why"], waiting, ["s1"], ["q?"])
    for record in (waiting, conversation):  # no field left at its default, so a field the store drops is caught
        assert all(getattr(record, f.name) != _default(f) for f in dataclasses.fields(record)), record
    assert load(dump(conversation)) == conversation


def _default(f: dataclasses.Field[object]) -> object:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


async def test_a_redis_that_does_not_answer_is_logged_at_start_without_its_password_and_answered_503(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    url = f"redis://:hunter2-secret@127.0.0.1:{free_port()}/0"  # nothing listens there
    app = make_app(tmp_path, redis_url=url)
    with caplog.at_level(logging.WARNING, logger="docent.sidecar"):
        async with served(app) as base, httpx.AsyncClient(base_url=base, timeout=20) as http:
            response = await http.post("/api/guide/challenge", json={"purpose": "guide"})
    assert "does not answer: the guide answers 503 store_unavailable" in caplog.text
    assert "hunter2" not in caplog.text
    assert response.status_code == 503 and response.json()["error"]["code"] == "store_unavailable"
    assert response.headers["retry-after"] == "30"


async def test_a_question_on_redis_is_two_round_trips(redis_guide: RedisGuide, redis_url: str) -> None:
    """The limits, lease, conversation and the budget's reservation of the first call (carrying the last call's
    settlement) in one; the save and the lease given back in one. The day's counts go once a second, not per question
    (their own test, tests/sidecar/test_counts_redis.py), so the app here keeps them in memory."""
    from tests.redis_server import counted

    async def ask() -> None:
        answer = await redis_guide.ask("Has he led a team?")
        assert answer.status_code == 200 and "event: done" in answer.text, answer.text

    await ask()  # the scripts loaded, the day's spend read once
    with counted() as trips:
        for _ in range(4):
            await ask()
    assert trips[0] == 4 * 2
    assert not redis_guide.spend._unsettled[:-1]  # each call's settlement rode on the next question's take
    with redis.Redis.from_url(redis_url) as plain:
        spent = int(plain.get(f"docent:spend:{day_of(time.time())}") or 0)
        assert spent > 0 and plain.zcard("docent:conversations") == 1  # the settlements reached Redis
