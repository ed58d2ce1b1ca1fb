"""A conversation's lease in Redis (`RedisLease`), and the one timer that renews a store's leases while they are held
(`Renewals`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .lua import Lua
from .redis_errors import UNREACHABLE, reachable
from .store import StoreUnavailable

logger = logging.getLogger("docent.sidecar")


class RedisLease:
    """A conversation's lease, renewed while held (`Renewals`) until released; `ending`, when given, is called as it
    stops (the question is over: what its take reserved and it did not use is given back)."""

    __slots__ = ("key", "holder", "released", "since", "_leases", "_renewing", "_ending")

    def __init__(self, leases: Renewals, key: str, holder: str, *, ending: Callable[[], None] | None = None) -> None:
        self.key = key
        self.holder = holder
        self._leases = leases
        self._ending = ending
        self.released = False  # given back already (a save gives it back in its own step)
        self.since = 0.0  # the loop's time it was taken or last renewed (Renewals)
        self._renewing: asyncio.Task[None] | None = None
        leases.hold(self)

    def renew(self) -> None:
        self._renewing = asyncio.get_running_loop().create_task(self._renew())

    async def _renew(self) -> None:
        try:
            held = await self._leases.renew_script(keys=[self.key], args=[self.holder, self._leases.lease_ms])
        except (*UNREACHABLE, OSError):
            held = True  # the lease lives on until its expiry; the save will tell if it was lost
        if not held:
            self._leases.drop(self)

    def stop(self) -> None:
        """No more renewals: the lease was given back, or its holder dies (as a test has it)."""
        self._leases.drop(self)
        if self._renewing is not None:
            self._renewing.cancel()
        if self._ending is not None:
            self._ending()
            self._ending = None

    async def release(self) -> None:
        self.stop()
        if self.released:
            return
        self.released = True
        try:
            with reachable():
                await self._leases.release_script(keys=[self.key], args=[self.holder])
        except StoreUnavailable:
            logger.warning("A conversation's lease could not be given back; it expires by itself.")


class Renewals:
    """A store's leases held now, renewed by one timer, each before a third of its life has passed since it was taken
    or last renewed: the timer ticks every sixth of a life while any lease is held, and renews those a tick old or
    more. Most answers end before their first renewal, and a timer made and cancelled for each cost more than the rest
    of the lease's own work (tests/bench/README.md, round 13)."""

    __slots__ = ("tick", "lease_ms", "renew_script", "release_script", "_leases", "_timer", "_loop")

    def __init__(self, lease_s: float, *, renew: Lua, release: Lua) -> None:
        self.tick = lease_s / 6
        self.lease_ms = int(lease_s * 1000)
        self.renew_script, self.release_script = renew, release  # each: if the holder still holds it
        self._leases: dict[RedisLease, None] = {}  # held now, oldest renewed first
        self._timer: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def hold(self, lease: RedisLease) -> None:
        loop = asyncio.get_running_loop()
        if self._timer is None or self._loop is not loop:
            self._loop, self._timer = loop, loop.call_later(self.tick, self._ticked)
        lease.since = loop.time()
        self._leases[lease] = None

    def drop(self, lease: RedisLease) -> None:
        self._leases.pop(lease, None)

    def _ticked(self) -> None:
        loop, leases = self._loop, self._leases
        assert loop is not None
        now = loop.time()
        for lease in [lease for lease in leases if now - lease.since >= self.tick]:  # renewed at most two ticks old
            del leases[lease]
            leases[lease] = None  # the latest renewed, last
            lease.since = now
            lease.renew()
        self._timer = loop.call_later(self.tick, self._ticked) if leases else None
