"""Waiting for what a test expects to happen (a key expired, a write made) instead of a fixed time: the condition
polled until it holds, failing once a deadline has passed."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

import anyio


def until(check: Callable[[], bool], *, within_s: float = 5, every_s: float = 0.02) -> None:
    deadline = time.monotonic() + within_s
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"what the test waited for did not come within {within_s} s")
        time.sleep(every_s)


async def auntil(check: Callable[[], Awaitable[bool]], *, within_s: float = 5, every_s: float = 0.02) -> None:
    with anyio.fail_after(within_s):
        while not await check():
            await anyio.sleep(every_s)
