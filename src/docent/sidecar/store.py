"""Where the sidecar keeps its state: conversations, the question lock, used challenges, the rate limiter's counters.

In memory by default (a restart forgets everything); the Protocol is what a shared store must offer, and
`redis_store.RedisStore` offers it to several sidecars at once.
A conversation lives thirty minutes from its start, however busy: "in this server's memory for thirty minutes at most".
One question at a time per conversation: a question takes the conversation's lease, and gives it back when its
answer ends; the answer is saved, when it ends with `done`, while the lease is still held.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from limits.aio.storage import Storage

from .answer.conversation import Conversation
from .windows import Hit as Hit  # a rate limit a store counts itself, with the take
from .windows import Windows

Clock = Callable[[], float]


class StoreFull(Exception):
    """Too many conversations at once; new ones wait for old ones to expire."""


class StoreUnavailable(Exception):
    """The shared state cannot be reached (Redis down, a state file unreadable); nothing was changed."""


class Lease(Protocol):
    """A conversation held for one question; given back when the answer ends, however it ends."""

    released: bool  # given back already (by `release`, or by the save, which gives it back in its own step)

    async def release(self) -> None: ...


# What a take answers (Store.take): the lease and the conversation, or why not ("busy", "unknown").
Taken = tuple[Lease, Conversation] | str


class Store(Protocol):
    limiter_storage: Storage
    counts_hits: bool  # counts a question's rate limits itself, in the take's own step

    async def create(self) -> Conversation: ...

    async def get(self, token: str) -> Conversation | None: ...

    async def lease(self, token: str) -> Lease | None:
        """The conversation's question lock, or None while another question holds it."""
        ...

    async def take(self, token: str, hits: Sequence[Hit] = (), ride: Any = None) -> Taken | int:
        """The lease and the conversation in one step (one round trip to Redis), or why not: "busy" while another
        question holds it, "unknown" when there is no such conversation (then no lease is kept). `ride`: the budget's
        reservation that goes in the same step, where the store keeps the spend too (`RedisStore.carries`); else None.

        A store that keeps the rate limits' counters itself (`counts_hits`) counts `hits` first, in the same step,
        and answers the place (1 first) of the one refused, taking no lease; the others are given none."""
        ...

    async def save(self, conversation: Conversation, lease: Lease) -> bool:
        """Remember a turn the conversation committed, and give the lease back in the same step; False when it has
        ended or the lease was lost meanwhile."""
        ...

    async def forget(self, token: str) -> bool: ...

    async def use_challenge(self, key: str, until: float) -> bool:
        """True the first time `key` is used before `until`, False after."""
        ...

    async def reachable(self) -> bool:
        """Whether the store answers now; asked once at start, so that a wrong address is in the log at once."""
        ...

    async def aclose(self) -> None: ...


class _MemoryLease:
    __slots__ = ("_busy", "_token", "released")

    def __init__(self, busy: set[str], token: str) -> None:
        self._busy, self._token = busy, token
        self.released = False

    async def release(self) -> None:
        self.released = True
        self._busy.discard(self._token)


class MemoryStore:
    """State in this process's memory; creation order is expiry order, so expiring is a sweep from the front."""

    counts_hits = True  # a question's limits counted in the take, in the limiter's own windows (windows.py)

    def __init__(
        self,
        *,
        conversation_s: float = 1800,
        max_conversations: int = 10_000,
        clock: Clock = time.monotonic,
        wall_clock: Clock = time.time,
    ) -> None:
        self.conversation_s = conversation_s
        self.max_conversations = max_conversations
        self._windows = Windows()
        self.limiter_storage: Storage = self._windows
        self._clock = clock
        self._wall_clock = wall_clock  # challenges expire at a unix time written in their salt
        self._conversations: dict[str, Conversation] = {}
        self._challenges: dict[str, float] = {}
        self._busy: set[str] = set()  # conversations answering a question

    def __len__(self) -> int:
        return len(self._conversations)

    async def create(self) -> Conversation:
        self._sweep()
        if len(self._conversations) >= self.max_conversations:
            raise StoreFull("The guide holds as many conversations as it can: try again in a few minutes.")
        token = secrets.token_urlsafe(16)  # 128 random bits
        conversation = Conversation(token=token, created=self._clock())
        self._conversations[token] = conversation
        return conversation

    async def get(self, token: str) -> Conversation | None:
        conversation = self._conversations.get(token)
        if conversation is not None and self._expired(conversation):
            del self._conversations[token]
            return None
        return conversation

    async def lease(self, token: str) -> Lease | None:
        if token in self._busy:
            return None
        self._busy.add(token)
        return _MemoryLease(self._busy, token)

    async def limit_hits(self, entries: Sequence[Hit]) -> int:
        return self._windows.hit_all(entries)

    async def take(self, token: str, hits: Sequence[Hit] = (), ride: Any = None) -> Taken | int:
        if hits:
            refused = self._windows.hit_all(hits)
            if refused:
                return refused
        lease = await self.lease(token)
        if lease is None:
            return "busy"
        conversation = await self.get(token)
        if conversation is None:
            await lease.release()
            return "unknown"
        return lease, conversation

    async def save(self, conversation: Conversation, lease: Lease) -> bool:
        # The conversation committed is the very object held here: nothing to write.
        await lease.release()
        return self._conversations.get(conversation.token) is conversation

    async def forget(self, token: str) -> bool:
        return self._conversations.pop(token, None) is not None

    async def reachable(self) -> bool:
        return True  # memory always answers

    async def aclose(self) -> None:
        return None

    async def use_challenge(self, key: str, until: float) -> bool:
        now = self._wall_clock()
        while self._challenges:  # challenges are issued with one lifetime, so the oldest come first, nearly
            first, first_until = next(iter(self._challenges.items()))
            if first_until > now:
                break
            del self._challenges[first]
        if self._challenges.get(key, 0) > now:
            return False
        self._challenges[key] = until
        return True

    def _expired(self, conversation: Conversation) -> bool:
        return self._clock() - conversation.created >= self.conversation_s

    def _sweep(self) -> None:
        while self._conversations:
            token, conversation = next(iter(self._conversations.items()))
            if not self._expired(conversation):
                break
            del self._conversations[token]
