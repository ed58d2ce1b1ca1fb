"""The lane's slices on uvloop, whose `loop.time()` counts whole milliseconds: a slice still lasts its whole length
(read on the monotonic clock), not anywhere from none of it to all of it."""

from __future__ import annotations

import time

import pytest

from docent.sidecar import lane as lanes


async def _slice_s() -> float:
    """How long a turn holds the lane after taking it, before `pace` would hand it on (as `_produce` asks)."""
    lane = lanes.lane()
    taken = time.perf_counter()
    await lane.enter()
    while lane.clock() < lane.ends:
        pass
    held = time.perf_counter() - taken
    lane.leave()
    return held


def test_a_slice_lasts_its_length_on_uvloops_millisecond_clock() -> None:
    uvloop = pytest.importorskip("uvloop")
    loop = uvloop.new_event_loop()
    try:
        slices = [loop.run_until_complete(_slice_s()) for _ in range(20)]
    finally:
        loop.close()
    # On the loop's clock, a slice taken 0.9 ms into a millisecond ended 0.1 ms later: most were shorter than SLICE_S.
    assert min(slices) >= lanes.SLICE_S * 0.999
