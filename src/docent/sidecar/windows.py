"""The rate limits' counters in this process's memory: `limits`' sliding window counter, counted in plain dicts.

`limits`' own memory storage keeps each counter behind an asyncio lock and, on every hit, makes sure a task is
sweeping its expired counters (a new task whenever the last one has ended, each walking every key): about 180 us for
a question's five hits on the bench's machine. In one event loop nothing else runs between two lines without an
`await`, so the counters need no locks; expired ones are swept at most once every `SWEEP_S`, in the hit's own call.

The strategy is `limits`' (`SlidingWindowCounterRateLimiter` reads and hits these windows through the methods it
calls on any storage), and the arithmetic is its memory storage's, line for line: tests/sidecar/test_windows.py
holds the two equal hit for hit, and the question's limits counted in one call equal to the same hits one by one.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from math import floor

from limits.aio.storage import MemoryStorage

# A rate limit a store counts itself, with the take (store.Store.take): its key as `limits` makes it, its limit, its
# expiry in seconds, and its mode (see hit_all).
Hit = tuple[str, int, int, str]
SWEEP_S = 10.0


class Windows(MemoryStorage):
    """`limits`' memory storage whose sliding window counters are kept here (its other strategies are its own)."""

    def __init__(self) -> None:
        super().__init__()
        self._counts: dict[tuple[str, int], list[float]] = {}  # (key, window) -> [count, expires at]
        self._swept = 0.0

    def acquire(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """One hit: whether it passed (and was counted); `limits`' `acquire_sliding_window_entry`, without awaits."""
        if amount > limit:
            return False
        now = time.time()
        if now >= self._swept + SWEEP_S:
            self._sweep(now)
        counts = self._counts
        current = (key, int(now / expiry))
        found = counts.get(current)
        if found is not None and found[1] <= now:
            found = None  # expired: counted again from nothing, as `limits`' storage drops it when read
        current_count = found[0] if found is not None else 0
        previous = counts.get((key, int((now - expiry) / expiry)))
        weighted = float(current_count)
        if previous is not None and previous[1] > now and previous[0]:
            weighted += previous[0] * ((1 - (((now - expiry) / expiry) % 1)) * expiry) / expiry
        if floor(weighted) + amount > limit:
            return False
        if found is None:
            counts[current] = [amount, now + 2 * expiry]
        else:
            found[0] += amount
        return True

    def hit_all(self, entries: Sequence[Hit]) -> int:
        """A question's limits in order, as RedisStore.limit_hits counts them (redis_store._HITS): `hard` refuses
        (its place, 1 first, and nothing after it counted); `gate` never refuses, but when it would, the next one
        (`gated`) is not counted. 0: every hard one passed."""
        skip = False
        for place, (key, limit, expiry, mode) in enumerate(entries, 1):
            if mode == "gated" and skip:
                skip = False
                continue
            skip = False
            if not self.acquire(key, limit, expiry):
                if mode == "hard":
                    return place
                skip = mode == "gate"
        return 0

    async def limit_hits(self, entries: Sequence[Hit]) -> int:
        return self.hit_all(entries)

    async def acquire_sliding_window_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        return self.acquire(key, limit, expiry, amount)

    async def get_sliding_window(self, key: str, expiry: int) -> tuple[int, float, int, float]:
        now = time.time()
        previous_count = self._count((key, int((now - expiry) / expiry)), now)
        current_count = self._count((key, int(now / expiry)), now)
        previous_ttl = 0.0 if previous_count == 0 else (1 - (((now - expiry) / expiry) % 1)) * expiry
        current_ttl = (1 - ((now / expiry) % 1)) * expiry + expiry
        return previous_count, previous_ttl, current_count, current_ttl

    async def clear_sliding_window(self, key: str, expiry: int) -> None:
        now = time.time()
        self._counts.pop((key, int((now - expiry) / expiry)), None)
        self._counts.pop((key, int(now / expiry)), None)

    async def reset(self) -> int | None:
        cleared = len(self._counts)
        self._counts.clear()
        return max(cleared, await super().reset() or 0)

    def __len__(self) -> int:
        return len(self._counts)

    def _count(self, window: tuple[str, int], now: float) -> int:
        found = self._counts.get(window)
        return int(found[0]) if found is not None and found[1] > now else 0

    def _sweep(self, now: float) -> None:
        self._swept = now
        for window in [w for w, (_, expires) in self._counts.items() if expires <= now]:
            del self._counts[window]
