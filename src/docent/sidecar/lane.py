"""Answers take the event loop in turns, so that a new question's first event goes before other answers' tails.

What a visitor waits for is the first event (`start`), which the app sends before its turn does anything costly. Under
a burst, though, every answer already under way was in the event loop's queue of ready work ahead of the newcomers:
each ran a slice of its turn (`SLICE_S`) in every step of the loop, so a question that arrived behind a hundred
answers waited a hundred slices before its request was even read (tests/bench/README.md). Here one turn at a time
holds the lane, a slice at a time, and hands it on in a later step of the loop: in between, the loop reads the
sockets and runs the new questions' heads (the request, its limits, the `start` event) before any turn again.

A turn that waits on Redis gives the lane up while it waits (`aside`). One that waits for something else (a model over
the network) while it holds the lane keeps it no longer than its slice: a timer hands the lane on, and the turn queues
again at its next event. One lane per event loop.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable
from typing import TypeVar
from weakref import WeakKeyDictionary

# A turn gives the lane up after an event once this much of its time is up: often enough for the others' first
# events, seldom enough that an answer's events still go out together (each step apart costs a write).
SLICE_S = 0.001
_LEAST_S = 0.001
_NOT_BEGUN = float("inf")  # the `ends` of a turn handed the lane that has not yet resumed to take it up
T = TypeVar("T")


class Lane:
    """Who runs a turn's work now: one task at a time, a slice each, first come first served."""

    __slots__ = ("_loop", "clock", "holder", "ends", "_waiting", "_timer")

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop = loop
        # The slices are read on the monotonic clock itself, which asyncio's own loop reads: uvloop's `time()` counts
        # whole milliseconds, which would cut a 1 ms slice to anywhere from none to one.
        self.clock = time.monotonic
        self.holder: asyncio.Task[object] | None = None
        self.ends = 0.0  # when the holder's slice is up
        self._waiting: deque[tuple[asyncio.Task[object], asyncio.Future[None]]] = deque()
        self._timer: asyncio.TimerHandle | None = None

    async def enter(self) -> None:
        """Hold the lane: at once when it is free and nobody waits, else after those before."""
        me = _current()
        if self.holder is None and not self._waiting:
            self._take(me)
            return
        await self._queue(me)

    async def pace(self) -> None:
        """After an event: go on while the slice lasts; once it is up, queue behind the turns waiting. The lane is
        handed on at once, but whoever is handed it resumes in the loop's next step, after the loop has looked at its
        sockets: new questions' heads run between two slices, before any turn runs again."""
        me = _current()
        if self.holder is me and self.clock() < self.ends:
            return
        self.leave()
        await self._queue(me)

    def leave(self) -> None:
        """Give the lane up, if held (a turn ending, however it ends)."""
        if self.holder is _current():
            self._free()

    async def _queue(self, me: asyncio.Task[object]) -> None:
        waited = self._loop.create_future()
        self._waiting.append((me, waited))
        self._hand()
        try:
            if waited.done():  # handed back at once, nobody waiting: still let the loop look at its sockets
                await asyncio.sleep(0)
            else:
                await waited
        except asyncio.CancelledError:
            if self.holder is me:  # handed the lane, cancelled before taking it up
                self._free()
            elif (me, waited) in self._waiting:
                self._waiting.remove((me, waited))
            raise
        self._take(me)

    def _take(self, me: asyncio.Task[object]) -> None:
        self.holder = me
        self.ends = self.clock() + SLICE_S
        if self._timer is None:  # one timer for the lane, not one made and cancelled per slice
            self._timer = self._loop.call_later(SLICE_S, self._due)

    def _free(self) -> None:
        self.holder = None
        self._hand()

    def _hand(self) -> None:
        while self.holder is None and self._waiting:
            task, waited = self._waiting.popleft()
            if not waited.done():
                self.holder = task
                self.ends = _NOT_BEGUN  # its slice begins when it resumes (`_take`)
                waited.set_result(None)

    def _due(self) -> None:
        """The timer. Once the holder's slice is up and the loop is free, the holder is waiting for something else,
        so the lane goes on; a slice still running (one begun after the timer was set) is looked at again at its end.
        With no slice running (the lane free, or handed and not yet taken up), the next `_take` sets it again."""
        self._timer = None
        if self.holder is None or self.ends == _NOT_BEGUN:
            return
        left = self.ends - self.clock()
        if left <= 0:
            self._free()
        else:  # no sooner than a millisecond, uvloop's timers' least
            self._timer = self._loop.call_later(max(left, _LEAST_S), self._due)


async def aside(awaitable: Awaitable[T]) -> T:
    """Await something across the network (a store) without holding the lane: the next turn runs meanwhile, and this
    one queues for the lane again once answered. A task that does not hold the lane just awaits. A failure is not
    queued for: the turn's next event finds the lane gone and queues then (stream.Answer._produce)."""
    found = _lanes.get(asyncio.get_running_loop())
    if found is None or found.holder is not asyncio.current_task():
        return await awaitable
    found.leave()
    result = await awaitable
    await found.enter()
    return result


_lanes: WeakKeyDictionary[asyncio.AbstractEventLoop, Lane] = WeakKeyDictionary()


def lane() -> Lane:
    """This event loop's lane."""
    loop = asyncio.get_running_loop()
    found = _lanes.get(loop)
    if found is None:
        found = _lanes[loop] = Lane(loop)
    return found


def _current() -> asyncio.Task[object]:
    task = asyncio.current_task()
    if task is None:
        raise RuntimeError("a lane is held by a task")
    return task
