"""Rate limits per client address, per conversation and overall, on the `limits` library's sliding windows."""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Awaitable, Callable, Sequence
from functools import lru_cache

import limits
from limits.aio.storage import Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError
from starlette.types import Scope

from .settings import Settings
from .settings_read import Network
from .store import Hit, StoreUnavailable, Taken
from .windows import Windows

SHARE = 0.1  # so it takes five addresses at their share to raise everyone's difficulty (proof.GLOBAL_CALM_UNTIL)


# Several limits hit at once: (key as `limits` makes it, limit, expiry in seconds, mode); the place of the first
# refused, else 0 (redis_store.RedisStore.limit_hits).
Batch = Callable[[Sequence[Hit]], Awaitable[int]]


class Limited(Exception):
    """A limit is reached; `retry_after` says in how many seconds the next try may pass."""

    def __init__(self, scope: str, retry_after: int) -> None:
        super().__init__(scope)
        self.scope = scope
        self.retry_after = retry_after

    @property
    def message(self) -> str:
        whose = {
            "address": "from your address",
            "conversation": "in this conversation",
            "overall": "for the guide as a whole",
            "start": "to start conversations from your address",
            "read": "from your address",
            "agent": "from your address",
            "agent_ask": "from your address",
        }[self.scope]
        what = {"read": "requests", "agent": "tool calls", "agent_ask": "calls of `ask`"}.get(self.scope, "questions")
        unit = "second" if self.retry_after == 1 else "seconds"
        return f"Too many {what} {whose} for now: try again in {self.retry_after} {unit}."


class RateLimits:
    """The guide's limits; a hit that passes is counted, one that fails is refused with a time to wait."""

    def __init__(self, settings: Settings, storage: Storage, *, batch: Batch | None = None) -> None:
        self._limiter = SlidingWindowCounterRateLimiter(storage)
        self._batch = batch  # with Redis, a question's limits in one round trip (RedisStore.limit_hits)
        self._address = limits.parse(settings.rate_address)
        self._conversation = limits.parse(settings.rate_conversation)
        self._overall = limits.parse(settings.rate_overall)
        self._start = limits.parse(settings.rate_start)
        self._read = limits.parse(settings.rate_read)
        # The probes (health, readiness, metrics) are counted in this process's memory: they answer while Redis
        # does not, and one address's flood cannot use up another's (an orchestrator's) probes.
        self._local = SlidingWindowCounterRateLimiter(Windows())
        # An address's share of the overall limit's window in the busyness everyone's difficulty reads.
        self._share = type(self._overall)(max(1, int(self._overall.amount * SHARE)), self._overall.multiples)
        self._agent = limits.parse(settings.rate_mcp)
        self._agent_ask = limits.parse(settings.rate_mcp_ask)
        self._plan = self._planned()

    async def question(self, *, address: str, conversation: str) -> None:
        """Every limit a question passes, in order: its address's (with its share of everyone's load, see
        `asking`), its conversation's, the guide's. With Redis, in one round trip."""
        if self._batch is None:
            await self.asking(address=address)
            await self.question_of(conversation=conversation)
            return
        await self._refused(await self._batch(self._hits(address, conversation)), address, conversation)

    async def admit(self, *, address: str, conversation: str, take: Callable[[Sequence[Hit]], Awaitable[Taken | int]]) -> Taken:
        """Every limit of `question`, then `take` (the store's lease and conversation). A store that counts the limits
        itself (Redis) is handed them, to count in the take's own round trip; a refusal answers the place of the
        limit refused, raised here as `Limited`."""
        if self._batch is None:
            await self.question(address=address, conversation=conversation)
            taken = await take(())
        else:
            taken = await take(self._hits(address, conversation))
        if isinstance(taken, int):
            await self._refused(taken, address, conversation)
            raise AssertionError("a store answered a place refused that is none")  # _refused raised on any place
        return taken

    def _hits(self, address: str, conversation: str) -> list[Hit]:
        """A question's limits as the store counts them: each key as `limits`' `key_for` writes it (its namespace, the
        scope, whose, then the limit's amount, multiples and granularity), put together from the parts fixed per
        limit, worked out once (`key_for` and `get_expiry` for each of five limits were some 15 us a question)."""
        whose = (address, conversation)
        return [(head + (whose[key] if isinstance(key, int) else key) + tail, amount, expiry, mode)
                for head, key, tail, amount, expiry, mode in self._plan]

    def _planned(self) -> list[tuple[str, int | str, str, int, int, str]]:
        """`_hits`'s fixed parts: a key's head and tail around whose it is (0 the address, 1 the conversation, or the
        key itself), the amount, expiry and mode."""
        address, conversation = object(), object()
        plan: list[tuple[str, int | str, str, int, int, str]] = []
        for item, scope, key, mode in self._steps(address, conversation):  # type: ignore[arg-type]
            tail = "/".join(["", str(item.amount), str(item.multiples), item.GRANULARITY.name])
            whose: int | str = 0 if key is address else 1 if key is conversation else key
            plan.append((f"{item.namespace}/{scope}/", whose, tail, item.amount, item.get_expiry(), mode))
        return plan

    def _steps(self, address: str, conversation: str) -> list[tuple[limits.RateLimitItem, str, str, str]]:
        """A question's limits in order, with their modes (see redis_store.HITS): the address's, its share of the
        guide's busyness (whose `gated` spread is counted only when the share passes), the conversation's, the
        guide's."""
        return [
            (self._address, "address", address, "hard"),
            (self._share, "share", address, "gate"),
            (self._overall, "spread", "all", "gated"),
            (self._conversation, "conversation", conversation, "hard"),
            (self._overall, "overall", "all", "hard"),
        ]

    async def _refused(self, failed: int, address: str, conversation: str) -> None:
        """Raise `Limited` for the limit at place `failed` (1 first), with the time its window next lets one by."""
        if not failed:
            return
        item, scope, key, _ = self._steps(address, conversation)[failed - 1]
        try:
            stats = await self._limiter.get_window_stats(item, scope, key)
        except StorageError as exc:
            raise StoreUnavailable(f"The rate limits could not be read ({type(exc.storage_error).__name__}).") from None
        raise Limited(scope, max(1, math.ceil(stats.reset_time - time.time())))

    async def asking(self, *, address: str) -> None:
        """A question's first check, its address's, before the store is asked anything: a flood of made-up
        conversations is refused here, as a flood of questions is."""
        await self._hit(self._address, "address", address)
        # The busyness everyone's proof of work reads counts an address's questions only up to its share of the
        # overall limit: one address's burst raises its own difficulty, not every visitor's (see `pressure`).
        try:
            if await self._limiter.hit(self._share, "share", address):
                await self._limiter.hit(self._overall, "spread", "all")
        except StorageError as exc:
            raise StoreUnavailable(f"The rate limits could not be counted ({type(exc.storage_error).__name__}).") from None

    async def question_of(self, *, conversation: str) -> None:
        """A question's other checks, once its conversation is known to hold it: the conversation's, the guide's."""
        await self._hit(self._conversation, "conversation", conversation)
        await self._hit(self._overall, "overall", "all")

    async def pressure(self, address: str) -> tuple[float, float]:
        """How near `address` is to its own limits (challenges or questions), and how busy the guide is across
        addresses (the overall limit's window, each address counted up to its share), each 0 to 1."""
        try:
            used = [
                await self._use(self._start, "start", address),
                await self._use(self._address, "address", address),
                await self._use(self._overall, "spread", "all"),
            ]
        except StorageError as exc:
            raise StoreUnavailable(f"The rate limits could not be read ({type(exc.storage_error).__name__}).") from None
        return max(used[0], used[1]), used[2]

    async def _use(self, item: limits.RateLimitItem, scope: str, key: str) -> float:
        stats = await self._limiter.get_window_stats(item, scope, key)
        return 1 - stats.remaining / item.amount

    async def start(self, *, address: str) -> None:
        await self._hit(self._start, "start", address)

    async def read(self, *, address: str) -> None:
        """The endpoints that spend nothing (status, forgetting, the reference) are limited all the same."""
        await self._hit(self._read, "read", address)

    async def agent(self, *, address: str, asks: bool) -> None:
        """An MCP tool call: the agents' own limit per address; `ask` also its own, and the guide's overall one."""
        await self._hit(self._agent, "agent", address)
        if asks:
            await self._hit(self._agent_ask, "agent_ask", address)
            await self._hit(self._overall, "overall", "all")

    async def probe(self, *, address: str) -> None:
        """Health, readiness and metrics, `DOCENT_RATE_READ` per address, counted in this process alone."""
        if not await self._local.hit(self._read, "probe", address):
            stats = await self._local.get_window_stats(self._read, "probe", address)
            raise Limited("read", max(1, math.ceil(stats.reset_time - time.time())))

    async def _hit(self, item: limits.RateLimitItem, scope: str, key: str) -> None:
        try:
            if await self._limiter.hit(item, scope, key):
                return
            stats = await self._limiter.get_window_stats(item, scope, key)
        except StorageError as exc:  # a shared storage (Redis) that did not answer
            raise StoreUnavailable(f"The rate limits could not be checked ({type(exc.storage_error).__name__}).") from None
        raise Limited(scope, max(1, math.ceil(stats.reset_time - time.time())))


def client_address(scope: Scope, trusted: tuple[Network, ...]) -> str:
    """The address to limit: the peer's, or, behind a trusted proxy, the nearest untrusted one it forwarded for.

    IPv6 addresses are limited by their /64, the block one subscriber usually holds.
    """
    peer = (scope.get("client") or ("unknown", 0))[0]
    if trusted and _trusted(peer, trusted):
        forwarded = [h.decode("latin-1") for k, h in scope["headers"] if k == b"x-forwarded-for"]
        hops = [hop.strip() for line in forwarded for hop in line.split(",") if hop.strip()]
        for hop in reversed(hops):
            if not _trusted(hop, trusted):
                peer = hop
                break
    return _block(peer)


def _trusted(address: str, trusted: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in trusted)


@lru_cache(maxsize=4096)
def _block(address: str) -> str:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]  # not an address (a test client, a socket path): limit it as it is
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
