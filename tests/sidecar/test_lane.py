"""The lane: turns run a slice at a time, one at a time, and what else is ready runs between two slices."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

import pytest

from docent.sidecar import lane as lanes
from docent.sidecar.answer.events import Done, Start, StreamEvent
from docent.sidecar.stream import Answer, _Mailbox

pytestmark = pytest.mark.anyio


@pytest.fixture
def every_event_a_slice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lanes, "SLICE_S", 0.0)  # each pace gives the lane up: the order no longer hangs on the clock


async def turn(name: str, steps: int, seen: list[str], wait: asyncio.Event | None = None) -> None:
    """A turn as stream.Answer._produce runs one: the lane entered, a pace after each event, left at the end."""
    lane = lanes.lane()
    try:
        await lane.enter()
        for step in range(steps):
            seen.append(f"{name}{step}")
            if wait is not None and step == 0:
                await wait.wait()  # a model's call over the network, while holding the lane
            await lane.pace()
    finally:
        lane.leave()


async def test_turns_take_the_lane_in_turns_one_slice_each(every_event_a_slice: None) -> None:
    seen: list[str] = []
    await asyncio.gather(turn("a", 3, seen), turn("b", 3, seen), turn("c", 2, seen))
    # a's first pace finds nobody queued yet (b and c start in the same step of the loop, after it): it gives the loop
    # a step and goes on; from then on, round and round.
    assert seen == ["a0", "a1", "b0", "c0", "a2", "b1", "c1", "b2"]


async def test_what_arrives_meanwhile_runs_before_the_next_slice(every_event_a_slice: None) -> None:
    """A new question's head (here any task made while a turn runs) goes before the turns' next slices."""
    seen: list[str] = []

    async def head() -> None:
        seen.append("head")

    async def turn_that_sees_a_head_arrive() -> None:
        lane = lanes.lane()
        try:
            await lane.enter()
            seen.append("a0")
            asyncio.get_running_loop().create_task(head())  # a request read while this slice runs
            await lane.pace()
            seen.append("a1")
        finally:
            lane.leave()

    await asyncio.gather(turn_that_sees_a_head_arrive(), turn("b", 2, seen))
    await asyncio.sleep(0)
    assert seen.index("head") < seen.index("b0")
    assert seen.index("head") < seen.index("a1")


async def test_a_turn_waiting_on_its_model_does_not_hold_the_others_up(every_event_a_slice: None) -> None:
    seen: list[str] = []
    answered = asyncio.Event()
    first = asyncio.ensure_future(turn("a", 2, seen, wait=answered))
    others = asyncio.ensure_future(asyncio.gather(turn("b", 3, seen), turn("c", 3, seen)))
    await asyncio.wait_for(others, timeout=5)  # the lane went on when a's slice was up, though a never paced
    assert seen[:1] == ["a0"] and "a1" not in seen
    answered.set()
    await asyncio.wait_for(first, timeout=5)
    assert seen[-1] == "a1"


async def test_a_turn_cancelled_while_it_waits_for_the_lane_is_passed_over(every_event_a_slice: None) -> None:
    seen: list[str] = []
    holder_waits = asyncio.Event()
    first = asyncio.ensure_future(turn("a", 2, seen, wait=holder_waits))
    await asyncio.sleep(0)
    gone = asyncio.ensure_future(turn("gone", 2, seen))
    then = asyncio.ensure_future(turn("then", 1, seen))
    await asyncio.sleep(0)
    gone.cancel()
    holder_waits.set()
    await asyncio.wait_for(asyncio.gather(first, then), timeout=5)
    assert gone.cancelled()
    assert not any(step.startswith("gone") for step in seen)
    assert seen == ["a0", "then0", "a1"] or seen == ["a0", "a1", "then0"]


async def test_a_turn_that_lost_the_lane_while_it_waited_queues_at_its_next_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its slice ran out while it waited and another turn holds the lane: it goes on no further than its next event,
    whatever is left of the other's slice (the lane's `ends` is the holder's, not its own)."""

    monkeypatch.setattr(lanes, "SLICE_S", 0.001)
    lane = lanes.lane()
    a_answered, b_answered = asyncio.Event(), asyncio.Event()
    seen: list[str] = []

    async def events(name: str, answered: asyncio.Event) -> AsyncGenerator[StreamEvent, None]:
        seen.append(f"{name}0")
        yield Start(name, 1, "replay")
        await answered.wait()  # its model over the network, the lane held
        for step in (1, 2):
            seen.append(f"{name}{step}")
            yield Start(name, 1 + step, "replay")
        yield Done("replay")

    async def nothing() -> None:
        return None

    def answer(name: str, answered: asyncio.Event) -> asyncio.Task[None]:
        turn = Answer(Start(name, 0, "replay"), events(name, answered), release=nothing)
        return asyncio.ensure_future(turn._produce(_Mailbox(asyncio.get_running_loop())))

    a = answer("a", a_answered)
    await asyncio.sleep(0)
    assert lane.holder is a
    monkeypatch.setattr(lanes, "SLICE_S", 60.0)  # b's slice, taken once a's is up, lasts the whole test
    b = answer("b", b_answered)
    for _ in range(500):  # a's 1 ms slice runs out by its timer while a waits, and b takes the lane
        if lane.holder is b:
            break
        await asyncio.sleep(0.002)
    assert lane.holder is b and seen == ["a0", "b0"]
    a_answered.set()  # a resumes outside the lane, while b waits holding it
    for _ in range(5):
        await asyncio.sleep(0)
    assert seen == ["a0", "b0", "a1"]
    b_answered.set()
    await asyncio.wait_for(asyncio.gather(a, b), timeout=5)
    assert seen.index("a2") > seen.index("b2")


async def test_a_turn_awaiting_a_store_aside_lets_the_next_turn_run_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A round trip to Redis awaited through `aside`: the lane goes on at once, not when the holder's slice is up,
    and the holder has it again once answered, after those who queued meanwhile."""
    monkeypatch.setattr(lanes, "SLICE_S", 60.0)  # no timer hands the lane on within the test
    lane = lanes.lane()
    answered: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    seen: list[str] = []

    async def saving() -> None:
        await lane.enter()
        try:
            seen.append("a0")
            seen.append(await lanes.aside(answered))
            assert lane.holder is asyncio.current_task()
            seen.append("a1")
        finally:
            lane.leave()

    a = asyncio.ensure_future(saving())
    await asyncio.sleep(0)
    b = asyncio.ensure_future(turn("b", 2, seen))
    for _ in range(5):
        await asyncio.sleep(0)
    assert seen == ["a0", "b0", "b1"]  # b ran while a awaited, though a's slice had most of a minute left
    answered.set_result("saved")
    await asyncio.wait_for(asyncio.gather(a, b), timeout=5)
    assert seen == ["a0", "b0", "b1", "saved", "a1"]


async def test_aside_outside_the_lane_just_awaits() -> None:
    assert await lanes.aside(asyncio.sleep(0, "answered")) == "answered"
