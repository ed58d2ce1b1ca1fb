"""The bulkhead refuses at once when full, never queues, and gives every place back."""

from __future__ import annotations

import time

import anyio
import pytest

from docent.sidecar.model.port import BulkheadFull, Overloaded
from docent.sidecar.spending.bulkhead import Bulkhead, Bulkheaded

from .fakes import REQUEST, drain, fake_model


@pytest.mark.anyio
async def test_a_full_bulkhead_refuses_at_once_and_gives_places_back():
    bulkhead = Bulkhead(2)
    hanging = Bulkheaded(fake_model(hang=True), bulkhead=bulkhead)
    refusals: list[BulkheadFull] = []
    async with anyio.create_task_group() as tg:
        tg.start_soon(drain, hanging.stream(REQUEST))
        tg.start_soon(drain, hanging.stream(REQUEST))
        await anyio.sleep(0.01)
        assert bulkhead.in_use == 2
        started = time.perf_counter()
        try:
            await drain(hanging.stream(REQUEST))
        except BulkheadFull as exc:
            refusals.append(exc)
        assert time.perf_counter() - started < 0.05  # refused, not queued
        tg.cancel_scope.cancel()
    assert len(refusals) == 1 and "ask again in a moment" in refusals[0].message
    assert refusals[0].retryable and refusals[0].code == "busy"
    assert bulkhead.in_use == 0


@pytest.mark.anyio
async def test_places_come_back_after_success_failure_and_a_reader_gone():
    bulkhead = Bulkhead(1)
    await drain(Bulkheaded(fake_model(), bulkhead=bulkhead).stream(REQUEST))
    with pytest.raises(Overloaded):
        await drain(Bulkheaded(fake_model(fail=Overloaded("busy")), bulkhead=bulkhead).stream(REQUEST))
    stream = Bulkheaded(fake_model(), bulkhead=bulkhead).stream(REQUEST)
    await stream.__anext__()
    assert bulkhead.in_use == 1
    await stream.aclose()
    assert bulkhead.in_use == 0
    await drain(Bulkheaded(fake_model(), bulkhead=bulkhead).stream(REQUEST))
    assert bulkhead.in_use == 0


def test_a_bulkhead_needs_a_place():
    with pytest.raises(ValueError, match="DOCENT_BULKHEAD"):
        Bulkhead(0)
