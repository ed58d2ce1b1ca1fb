"""The budget's reservation riding on the take (one round trip for the limits, the lease, the conversation and the
question's first call's allowance): what it holds, who uses it, and how it is given back."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator

import pytest
import redis

from docent.sidecar.answer.conversation import Conversation
from docent.sidecar.model.port import ModelRequest, ModelSpec, Usage
from docent.sidecar.redis_store import RedisStore, connect, dump
from docent.sidecar.spending.budget import Budget, utc_day
from docent.sidecar.spending.redis_budget import RedisBudgetStore
from docent.sidecar.spending.redis_budget import connect as connect_budget
from docent.sidecar.store import StoreUnavailable
from tests.redis_server import RedisServer, counted
from tests.waiting import auntil

from .conftest import RedisGuide

pytestmark = pytest.mark.anyio

SPEC = ModelSpec("priced", input_per_mtok=1.0, output_per_mtok=5.0, cache_write_per_mtok=1.25)
NANO = 1_000_000_000


@pytest.fixture
async def pair(redis_url: str) -> AsyncIterator[tuple[RedisStore, RedisBudgetStore, Conversation]]:
    """A sidecar's conversations and its spend in one Redis, on one asyncio client, as `state` makes them, and a
    conversation begun there for the take to lease."""
    store = RedisStore(connect(redis_url))
    spend = RedisBudgetStore(connect_budget(redis_url), aclient=store.client, settle_s=60, fresh_s=60)
    assert store.carries(spend) and not store.carries(RedisBudgetStore(connect_budget(redis_url)))
    yield store, spend, await store.create()
    spend._unsettled.clear()  # nothing written at close: each test reads Redis itself
    spend.close()
    await store.aclose()


def _held(redis_url: str, day: str) -> int:
    with redis.Redis.from_url(redis_url) as plain:
        return int(plain.get(f"docent:spend:{day}:held") or 0)


def _spent(redis_url: str, day: str) -> int:
    with redis.Redis.from_url(redis_url) as plain:
        return int(plain.get(f"docent:spend:{day}") or 0)


def _request(budget: Budget, allowance: object, chars: int = 100) -> ModelRequest:
    return ModelRequest([], [], [{"role": "user", "content": "x" * chars}], max_tokens=100, allowance=allowance)


async def test_the_take_holds_an_allowance_priced_from_the_conversation_and_a_call_within_it_asks_nothing(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    budget = Budget(1.0, store=spend)
    day = budget.day()
    ride = spend.ride(day, 0.01, 1e-6, 1.0)  # $0.01, and a millionth of a dollar a byte of the stored conversation
    taken = await store.take(conversation.token, (), ride)
    assert not isinstance(taken, (str, int))
    nano = math.ceil(0.01 * NANO) + math.ceil(len(dump(conversation)) * 1000)
    assert ride.allowance is not None and math.ceil(ride.allowance.reservation.amount * NANO) == nano
    assert _held(redis_url, day) == nano
    with counted() as trips:
        reservation = await budget.areserve(SPEC, _request(budget, ride.allowance))
    assert trips[0] == 0 and reservation is ride.allowance.reservation  # its own, with no round trip
    budget.settle(reservation, SPEC, Usage(input_tokens=10, output_tokens=10))
    lease, _ = taken
    await lease.release()  # the question ends: the allowance was used, nothing more is given back
    assert [(r.key, cost) for r, cost in spend._unsettled] == [(reservation.key, round(SPEC.cost(Usage(10, 10)) * NANO))]
    spend._write()
    assert _held(redis_url, day) == 0 and _spent(redis_url, day) == round(SPEC.cost(Usage(10, 10)) * NANO)


async def test_a_first_call_the_allowance_does_not_cover_reserves_its_own_and_gives_the_allowance_back_in_that_trip(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    budget = Budget(1.0, store=spend)
    day = budget.day()
    assert await spend.areserve(day, 0.0, 1.0) is not None  # the reservation's script loaded, holding nothing
    ride = spend.ride(day, 0.0, 0.0, 1.0)  # an allowance of nothing
    taken = await store.take(conversation.token, (), ride)
    assert ride.allowance is not None and ride.allowance.reservation.amount == 0 and not isinstance(taken, (str, int))
    request = _request(budget, ride.allowance)
    with counted() as trips:
        reservation = await budget.areserve(SPEC, request)
    assert trips[0] == 1 and reservation is not ride.allowance.reservation
    exact = math.ceil(budget.worst_case(SPEC, request) * NANO)
    assert _held(redis_url, day) == exact and not spend._unsettled  # the allowance went back in the same trip
    await taken[0].release()
    assert not spend._unsettled  # given back once


async def test_an_allowance_a_question_did_not_use_is_given_back_when_its_lease_ends(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    day = utc_day(time.time())
    ride = spend.ride(day, 0.25, 0.0, 1.0)
    taken = await store.take(conversation.token, (), ride)
    assert not isinstance(taken, (str, int)) and _held(redis_url, day) == NANO // 4
    await taken[0].release()  # refused by the policy, the bulkhead full, the visitor gone: no call took it
    assert [cost for _, cost in spend._unsettled] == [0]
    spend._write()
    assert _held(redis_url, day) == 0 and _spent(redis_url, day) == 0


async def test_a_take_a_limit_refuses_holds_nothing_and_still_carries_the_settlements(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    day = utc_day(time.time())
    earlier = await spend.areserve(day, 0.5, 1.0)
    assert earlier is not None
    spend.settle(earlier, 0.125)  # kept here, to ride on the next round trip
    ride = spend.ride(day, 0.25, 0.0, 1.0)
    assert await store.take(conversation.token, [("docent:limits/none", 0, 60, "hard")], ride) == 1
    assert ride.allowance is None and not spend._unsettled and not spend._carried
    assert _held(redis_url, day) == 0 and _spent(redis_url, day) == NANO // 8
    assert spend.spent(day) == pytest.approx(0.125)  # Redis's figure, told with the take


async def test_an_allowance_the_days_limit_cannot_hold_is_not_taken_and_the_question_goes_on(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    day = utc_day(time.time())
    assert await spend.areserve(day, 0.8, 1.0) is not None
    ride = spend.ride(day, 0.25, 0.0, 1.0)
    taken = await store.take(conversation.token, (), ride)
    assert not isinstance(taken, (str, int)) and ride.allowance is None  # the call reserves its own, as before
    assert _held(redis_url, day) == math.ceil(0.8 * NANO)
    await taken[0].release()
    assert not spend._unsettled


async def test_a_question_cancelled_while_its_take_is_answered_gives_its_allowance_back(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_url: str
) -> None:
    store, spend, conversation = pair
    day = utc_day(time.time())
    ride = spend.ride(day, 0.25, 0.0, 1.0)
    asking = asyncio.ensure_future(store.take(conversation.token, (), ride))
    await asyncio.sleep(0)  # the script is on its way
    asking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asking

    async def given_back() -> bool:
        return [cost for _, cost in spend._unsettled] == [0]

    await auntil(given_back)  # as Redis's answer came
    spend._write()
    assert _held(redis_url, day) == 0


async def test_redis_down_at_the_take_keeps_the_settlements_it_carried(
    pair: tuple[RedisStore, RedisBudgetStore, Conversation], redis_server: RedisServer, redis_url: str
) -> None:
    store, spend, conversation = pair
    day = utc_day(time.time())
    earlier = await spend.areserve(day, 0.5, 1.0)
    assert earlier is not None
    spend.settle(earlier, 0.25)
    redis_server.stop()
    try:
        ride = spend.ride(day, 0.25, 0.0, 1.0)
        with pytest.raises(StoreUnavailable):
            await store.take(conversation.token, (), ride)
        assert ride.allowance is None and [cost for _, cost in spend._unsettled] == [NANO // 4] and not spend._carried
    finally:
        redis_server.start()  # empty: persistence is off
    spend._write()
    assert _spent(redis_url, day) == NANO // 4  # written once it was back


async def test_a_question_the_policy_refuses_gives_its_allowance_back_through_the_app(
    redis_guide: RedisGuide, redis_url: str
) -> None:
    """The whole path: the route prices the allowance, the take holds it, no model is called, the save ends the lease
    and gives it back; Redis holds nothing once it is written."""
    answer = await redis_guide.ask("What is his salary?")
    assert answer.status_code == 200 and "event: done" in answer.text and "event: delta" not in answer.text
    spend, day = redis_guide.spend, utc_day(time.time())
    assert [cost for _, cost in spend._unsettled] == [0] and _held(redis_url, day) > 0  # held until written
    spend._write()
    assert _held(redis_url, day) == 0 and _spent(redis_url, day) == 0
