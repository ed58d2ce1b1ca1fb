"""The day's spend in Redis: shared by every sidecar, a dead sidecar's reservation released by its expiry,
and a settlement Redis could not take written once it is back."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from docent.sidecar.spending.redis_budget import RedisBudgetStore
from docent.sidecar.store import StoreUnavailable
from tests.loopback import free_port
from tests.redis_server import RedisServer, counted
from tests.sidecar.appkit import settings
from tests.waiting import auntil, until

DAY = "2027-01-15"
Stores = Callable[..., RedisBudgetStore]


@pytest.fixture
def stores(redis_budget_stores: Stores) -> Stores:
    return redis_budget_stores


@pytest.fixture
async def on_asyncio(redis_url: str, stores: Stores) -> AsyncIterator[Stores]:
    """Makes stores whose questions' reservations go through one asyncio client, as a sidecar's do (the conversations'
    client); closes it after, as `stores` closes each store's own."""
    from docent.sidecar.redis_store import connect as connect_async

    aclient = connect_async(redis_url)
    yield lambda **options: stores(aclient=aclient, **options)
    await aclient.aclose()


def test_two_sidecars_share_one_days_spend_and_one_limit(stores: Stores) -> None:
    a, b = stores(), stores()
    held = a.reserve(DAY, 0.6, 1.0)
    assert held is not None
    assert b.reserve(DAY, 0.5, 1.0) is None  # 0.6 held on A leaves too little on B
    a.settle(held, 0.2)
    assert b.spent(DAY) == pytest.approx(0.2)
    assert b.reserve(DAY, 0.5, 1.0) is not None


def test_a_reservation_whose_sidecar_died_is_released_by_its_expiry(stores: Stores) -> None:
    dead = stores(hold_s=0.3)
    assert dead.reserve(DAY, 0.9, 1.0) is not None  # and never settled: the process was killed
    alive = stores(fresh_s=0)  # reads Redis every time (by default a second may pass between two reads)
    assert alive.reserve(DAY, 0.5, 1.0) is None
    assert alive.spent(DAY) == pytest.approx(0.9)
    until(lambda: alive.spent(DAY) == 0)  # the reservation's expiry came
    assert alive.reserve(DAY, 0.5, 1.0) is not None


def test_the_spend_is_read_from_redis_at_most_once_a_second_and_told_with_each_own_change(stores: Stores) -> None:
    reader, other = stores(), stores()
    assert reader.spent(DAY) == 0
    theirs = other.reserve(DAY, 0.25, 1.0)
    assert theirs is not None
    other.settle(theirs, 0.25)
    assert reader.spent(DAY) == 0  # another sidecar's spend: seen within the second, not at once
    own = reader.reserve(DAY, 0.25, 1.0)
    assert own is not None
    assert reader.spent(DAY) == pytest.approx(0.5)  # its own reservation brought Redis's figure back: both
    reader.settle(own, 0.125)
    assert reader.spent(DAY) == pytest.approx(0.375)  # and so did its settlement
    assert stores(fresh_s=0).spent(DAY) == pytest.approx(0.375)


def test_a_call_settling_after_its_reservation_expired_still_counts_its_cost(stores: Stores) -> None:
    slow = stores(hold_s=0.1, fresh_s=0)
    held = slow.reserve(DAY, 0.5, 1.0)
    assert held is not None
    until(lambda: slow.spent(DAY) == 0)  # swept
    slow.settle(held, 0.3)
    assert slow.spent(DAY) == pytest.approx(0.3)


def test_redis_down_refuses_new_reservations_and_keeps_settlements_until_it_is_back(
    redis_server: RedisServer, stores: Stores
) -> None:
    store = stores()
    held = store.reserve(DAY, 0.5, 1.0)
    assert held is not None
    redis_server.stop()
    try:
        store.settle(held, 0.25)  # Redis is gone: kept here, counted
        with pytest.raises(StoreUnavailable):
            store.reserve(DAY, 0.1, 1.0)
    finally:
        redis_server.start()  # empty: persistence is off, as a Redis that lost its data
    assert store.spent(DAY) == pytest.approx(0.25)
    assert stores().spent(DAY) == pytest.approx(0.25)  # written once it was back


@pytest.mark.anyio
async def test_a_settlement_rides_on_the_next_reservation_or_is_written_within_its_time(stores: Stores) -> None:
    """One round trip a call: its settlement waits for the next reservation; Redis holds the worst case meanwhile."""
    from tests.redis_server import counted

    store, other = stores(settle_s=0.2), stores(fresh_s=0)
    first = store.reserve(DAY, 0.5, 1.0)
    assert first is not None
    with counted() as trips:
        store.settle(first, 0.25)
        assert store.spent(DAY) == pytest.approx(0.25)  # its own settlement, told at once
    assert trips[0] == 0
    assert other.spent(DAY) == pytest.approx(0.5)  # Redis still holds the worst case: stricter, never looser
    with counted() as trips:
        second = store.reserve(DAY, 0.5, 1.0)
    assert trips[0] == 1 and second is not None  # the settlement went with it, in its one round trip
    assert other.spent(DAY) == pytest.approx(0.75)
    store.settle(second, 0.125)
    async def written() -> bool:
        return bool(other.spent(DAY) == pytest.approx(0.375))

    await auntil(written)  # no reservation came: written by itself after settle_s


@pytest.mark.anyio
async def test_a_reservation_awaited_on_the_asyncio_client_keeps_the_limit_and_carries_the_last_settlement(
    on_asyncio: Stores, stores: Stores
) -> None:
    """A question's reservation does not hold the event loop: it goes through the conversations' asyncio client,
    with the same script, the same shared limit, and the last settlement riding on it in its one round trip."""
    store, other = on_asyncio(settle_s=5), stores(fresh_s=0)
    held = await store.areserve(DAY, 0.6, 1.0)
    assert held is not None
    assert await other.areserve(DAY, 0.5, 1.0) is None  # 0.6 held by the first leaves too little
    store.settle(held, 0.2)
    assert store.spent(DAY) == pytest.approx(0.2)  # its own settlement, told at once
    assert other.spent(DAY) == pytest.approx(0.6)  # Redis still holds the worst case
    with counted() as trips:
        second = await store.areserve(DAY, 0.5, 1.0)
    assert trips[0] == 1 and second is not None  # the settlement went with it
    assert other.spent(DAY) == pytest.approx(0.7)
    assert await store.areserve(DAY, 0.5, 1.0) is None


@pytest.mark.anyio
async def test_a_reservation_for_a_question_cancelled_while_redis_answers_is_given_back(
    on_asyncio: Stores, stores: Stores
) -> None:
    store, other = on_asyncio(settle_s=0.1), stores(fresh_s=0)
    asking = asyncio.ensure_future(store.areserve(DAY, 0.5, 1.0))
    await asyncio.sleep(0)  # the script is on its way
    asking.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asking
    assert len(store._trips) == 1  # the script's task held by the store, not by the event loop's weak reference
    async def given_back() -> bool:  # the script ended, and what it reserved was settled at no cost and written
        return not store._trips and not store._unsettled

    await auntil(given_back)  # by the store itself, within settle_s: nothing here asks it anything
    assert not store._trips
    assert other.spent(DAY) == 0
    assert await other.areserve(DAY, 1.0, 1.0) is not None


class _Script:
    """The reservation's script as the store starts it (`Lua.start`): its reply a future, and who is told of it, both
    resolved by the test at the moment it chooses."""

    def __init__(self) -> None:
        self.reply: asyncio.Future[object] | None = None
        self.told: Callable[[object], None] | None = None

    def start(self, *, keys: object, args: object, told: Callable[[object], None]) -> asyncio.Future[object]:
        self.reply, self.told = asyncio.get_running_loop().create_future(), told
        return self.reply

    def answer(self, answer: object) -> None:
        assert self.told is not None and self.reply is not None
        self.told(answer)
        if not self.reply.done():
            self.reply.set_result(answer)


@pytest.mark.anyio
@pytest.mark.parametrize("when", ["before its reply", "after its reply, before it resumed"])
@pytest.mark.parametrize("reserved", [True, False])
async def test_what_a_question_gone_while_its_reservation_is_answered_reserved_is_given_back(
    on_asyncio: Stores, when: str, reserved: bool
) -> None:
    store = on_asyncio(settle_s=60)  # nothing written within the test
    script = store._areserve = _Script()  # type: ignore[assignment]
    try:
        asking = asyncio.ensure_future(store.areserve(DAY, 0.5, 1.0))
        await asyncio.sleep(0)  # awaiting the reply
        if when == "before its reply":
            asking.cancel()
            await asyncio.sleep(0)
            script.answer([1 if reserved else 0, 500_000_000])
        else:
            script.answer([1 if reserved else 0, 500_000_000])
            asking.cancel()  # told, its reply in, and the question not yet resumed
        with pytest.raises(asyncio.CancelledError):
            await asking
        given = [(reservation.amount, cost) for reservation, cost in store._unsettled]
        assert given == ([(0.5, 0)] if reserved else [])  # settled at no cost, to go with the next round trip
        assert not store._trips and not store._orphans
    finally:
        store._unsettled.clear()


@pytest.mark.anyio
async def test_a_keeping_redis_of_its_own_takes_reservations_without_holding_the_event_loop(
    redis_url: str, tmp_path: Path
) -> None:
    """The spend kept apart from the conversations (DOCENT_REDIS_KEEP_URL): its reservations are awaited on an asyncio
    client of the budget store's own, as they are on the conversations' in the shared case, and closing closes it."""
    from docent.sidecar.state import budget_store

    elsewhere = f"redis://127.0.0.1:{free_port()}/0"  # the conversations' Redis: never asked here
    store = budget_store(settings(tmp_path, redis_url=elsewhere, redis_keep_url=redis_url))
    assert isinstance(store, RedisBudgetStore) and store._owned is not None
    blocking, store.client = store.client, _Unused()  # type: ignore[assignment]
    try:
        assert await store.areserve(DAY, 0.4, 1.0) is not None  # the connection made, the script loaded
        with counted() as trips:
            assert await store.areserve(DAY, 0.4, 1.0) is not None
            assert await store.areserve(DAY, 0.4, 1.0) is None  # the limit, as Redis keeps it
        assert trips[0] == 2
        held = store._owned.connection_pool._docent_link._held  # type: ignore[attr-defined]
    finally:
        store.client = blocking
        await store.aclose()
    assert held.transport.is_closing()


class _Unused:
    """A blocking client that must not be used."""

    def __getattr__(self, name: str) -> None:
        raise AssertionError(f"the blocking client was asked for {name}")
