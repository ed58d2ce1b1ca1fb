"""Where the sidecar's state lives, chosen from its settings: in this process, in the state directory, or in Redis.

Without Redis, conversations, used challenges and rate limits live in the process's memory (a restart forgets
them, as seed 002 allows), and the day's spend is kept in the state directory, so that a restart continues the
day where it stopped. With Redis (`DOCENT_REDIS_URL`), all of it lives there, shared by every worker and sidecar,
except that the day's spend and the counts go to `DOCENT_REDIS_KEEP_URL` when it is set: a Redis that may write
to its disk, where the conversations' own may not.
"""

from __future__ import annotations

from collections.abc import Callable

from .counts import CountStore, open_counts
from .settings import Settings, lasting_url
from .spending.budget import BudgetStore, MemoryBudgetStore
from .store import MemoryStore, Store


def store(settings: Settings, *, clock: Callable[[], float]) -> Store:
    """Conversations, leases, used challenges and rate limits: in Redis when the settings name one."""
    if settings.redis_url is not None:
        from .redis_store import RedisStore, connect

        return RedisStore(
            connect(settings.redis_url), conversation_s=settings.conversation_s, max_conversations=settings.max_conversations,
            lease_s=settings.lease_s,
        )
    return MemoryStore(
        conversation_s=settings.conversation_s, max_conversations=settings.max_conversations, clock=clock, wall_clock=clock
    )


def budget_store(settings: Settings, shared: Store | None = None) -> BudgetStore:
    """The day's spend: in Redis (the keeping one when set), else in the state directory when named, else in memory.

    A question's reservation goes through an asyncio client, so that the event loop serves others while Redis answers:
    the conversations' store's own when the spend is kept in that Redis, else one of the budget store's own."""
    url = lasting_url(settings)
    if url is not None:
        from .redis_store import RedisStore
        from .redis_store import connect as aconnect
        from .spending.redis_budget import RedisBudgetStore, connect

        if isinstance(shared, RedisStore) and url == settings.redis_url:
            return RedisBudgetStore(connect(url), aclient=shared.client)
        return RedisBudgetStore(connect(url), aclient=aconnect(url), owns_aclient=True)
    if settings.state_dir is not None:
        from .spending.daybook import SPEND_FILE, SqliteBudgetStore

        return SqliteBudgetStore(settings.state_dir / SPEND_FILE)
    return MemoryBudgetStore()


def counts(settings: Settings, spend: BudgetStore) -> CountStore:
    """The answers' day counts, kept where the spend is: in its Redis through the spend's asyncio client (no pool of
    their own) when the spend is Redis's own store, else in the state directory, else in memory."""
    url = lasting_url(settings)
    client = None
    if url is not None:
        from .spending.redis_budget import RedisBudgetStore

        client = spend.aclient if isinstance(spend, RedisBudgetStore) else None
    return open_counts(settings.state_dir, url, client=client)


__all__ = ["budget_store", "counts", "store"]
