"""The memory store: conversations for thirty minutes from their start, used challenges until they expire."""

from __future__ import annotations

import pytest

from docent.sidecar.store import MemoryStore, StoreFull

from ..clock import Clock


@pytest.mark.anyio
async def test_a_conversation_is_a_fresh_128_bit_token_and_is_found_by_it() -> None:
    store = MemoryStore()
    one, two = await store.create(), await store.create()
    assert len(one.token) == 22 and one.token != two.token  # token_urlsafe(16): 128 bits
    assert await store.get(one.token) is one
    assert await store.get("no-such-token-here") is None


@pytest.mark.anyio
async def test_a_conversation_expires_thirty_minutes_after_its_start_however_busy() -> None:
    clock = Clock(1000.0)
    store = MemoryStore(clock=clock)
    conversation = await store.create()
    clock.now += 1799
    assert await store.get(conversation.token) is conversation
    clock.now += 1
    assert await store.get(conversation.token) is None
    assert len(store) == 0


@pytest.mark.anyio
async def test_expired_conversations_are_swept_as_new_ones_start() -> None:
    clock = Clock(1000.0)
    store = MemoryStore(clock=clock)
    for _ in range(5):
        await store.create()
    clock.now += 1800
    await store.create()
    assert len(store) == 1


@pytest.mark.anyio
async def test_a_forgotten_conversation_is_gone() -> None:
    store = MemoryStore()
    conversation = await store.create()
    assert await store.forget(conversation.token) is True
    assert await store.get(conversation.token) is None
    assert await store.forget(conversation.token) is False


@pytest.mark.anyio
async def test_a_full_store_refuses_new_conversations_until_old_ones_expire() -> None:
    clock = Clock(1000.0)
    store = MemoryStore(clock=clock, max_conversations=2)
    await store.create()
    await store.create()
    with pytest.raises(StoreFull):
        await store.create()
    clock.now += 1800
    assert (await store.create()).token


@pytest.mark.anyio
async def test_a_challenge_is_used_once_until_it_expires() -> None:
    clock = Clock(1000.0)
    store = MemoryStore(wall_clock=clock)
    assert await store.use_challenge("sig", clock.now + 10) is True
    assert await store.use_challenge("sig", clock.now + 10) is False
    assert await store.use_challenge("other", clock.now + 10) is True
    clock.now += 11
    assert await store.use_challenge("sig", clock.now + 10) is True
