"""The state several sidecars share, in Redis (7 or later) or Valkey: the `Store` for conversations and the rest.

- A conversation is one key holding its JSON, its thirty minutes a key expiry; a sorted set of the live ones,
  scored by expiry, keeps their number bounded as the memory store does.
- The question lock is a lease: a key naming its holder, with an expiry the holder renews while it answers,
  so that a sidecar that dies mid-answer frees its conversation when the lease runs out. A turn is saved only
  while its lease is still held, in one script, so two sidecars never both write one conversation.
- A used challenge is a key that expires when the challenge would.
- The rate limits are `limits`' own Redis storage, on the same connections.

Conversations must never reach a disk (seed 002: "Nothing is written down"), so the sidecar reads this Redis's
persistence settings at start and refuses one that would write them (`disk_refusal`), unless the owner accepts it.

A Redis that does not answer raises `StoreUnavailable`, which the app turns into a 503 `store_unavailable`.
Cluster mode is not supported: the scripts touch keys of one conversation or one day in one call.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import redis
import redis.asyncio as aioredis
from limits.aio.storage import RedisStorage, Storage
from redis import exceptions as redis_errors

from .answer.conversation import Conversation
from .lane import aside
from .lua import Lua
from .redis_errors import UNREACHABLE, reachable
from .redis_lease import RedisLease, Renewals
from .settings import redacted
from .spending.redis_budget import BUDGET, RedisBudgetStore, Ride
from .store import Hit, Lease, StoreFull, Taken

logger = logging.getLogger("docent.sidecar")

PREFIX = "docent:"
# A question's scripts (its two round trips) go pipelined on one of these, held for them (lua.Link); the other
# commands hold one only while Redis answers them, so sixteen carry hundreds of questions at once. More cost more than
# they carry: a burst of questions opened as many connections at once, each to
# be made within the connect timeout by an event loop busy with the burst itself, and some were not (a 503).
CONNECTIONS = 16

CREATE = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[1])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[1]) * 1000, KEYS[1])
return 1
"""
# Saved only by the lease's holder, and only while the conversation lives: it keeps its expiry. The lease goes
# in the same step: the next question may come at once.
SAVE = """
if redis.call('GET', KEYS[2]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2])
if not redis.call('SET', KEYS[1], ARGV[2], 'XX', 'KEEPTTL') then return 0 end
return 1
"""
RENEW = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('PEXPIRE', KEYS[1], ARGV[2])
"""
RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
return redis.call('DEL', KEYS[1])
"""


# The rate limits of one question in one step: `limits`' own sliding-window-counter script (acquire_sliding_window.lua,
# limits 5.8), run once for each limit, in order, on the same keys. KEYS from k0 on: previous and current window of
# each; ARGV from a0 on: "limit expiry mode" of each, one argument (fewer to send), the expiry in seconds. Mode `hard`: refused, the loop stops and answers
# its place (1 first); `gate`: never refuses, but when it would, the next (`gated`) is not counted. 0: every hard
# one passed.
_HITS = """
local function hits(k0, a0)
  local skip = false
  for i = 1, (#KEYS - k0) / 2 do
    local previous_key, current_key = KEYS[k0 + 2 * i - 1], KEYS[k0 + 2 * i]
    local limit, expiry, mode = string.match(ARGV[a0 + i], '^(%d+) (%d+) (%a+)$')
    limit, expiry = tonumber(limit), tonumber(expiry) * 1000
    local counted = true
    if mode == 'gated' and skip then counted = false end
    skip = false
    if counted then
      local passed = limit >= 1
      if passed then
        local current_ttl = tonumber(redis.call('pttl', current_key))
        if current_ttl > 0 and current_ttl < expiry then
          redis.call('rename', current_key, previous_key)
          redis.call('set', current_key, 0, 'PX', current_ttl + expiry)
        end
        local previous_count = tonumber(redis.call('get', previous_key)) or 0
        local previous_ttl = tonumber(redis.call('pttl', previous_key)) or 0
        local current_count = tonumber(redis.call('get', current_key)) or 0
        current_ttl = tonumber(redis.call('pttl', current_key)) or 0
        if previous_ttl <= 0 then previous_ttl = 0 end
        if current_ttl <= 0 then current_ttl = 0 end
        if math.floor(previous_count * previous_ttl / expiry) + current_count + 1 > limit then
          passed = false
        elseif redis.call('exists', current_key) == 1 then
          redis.call('incrby', current_key, 1)
        else
          redis.call('set', current_key, 1, 'PX', expiry * 2)
        end
      end
      if not passed then
        if mode == 'hard' then return i end
        if mode == 'gate' then skip = true end
      end
    end
  end
  return 0
end
"""
HITS = _HITS + "return hits(0, 0)"
# A question's rate limits, then its lease, then the conversation the lease is for, in one step: a question a limit
# refuses takes no lease; no conversation, no lease kept. KEYS: lease, conversation, then the limits' windows; ARGV:
# holder, lease ms, then the limits'. Answers {2, place} when a limit refused, {0} when busy, {1} when unknown, {1, data}.
TAKE = _HITS + """
local refused = hits(2, 2)
if refused > 0 then return {2, refused} end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0} end
local data = redis.call('GET', KEYS[2])
if not data then
  redis.call('DEL', KEYS[1])
  return {1}
end
return {1, data}
"""
# The same, with the budget's reservation of the question's first call in the same step (spending.redis_budget.Ride):
# the settlements it carries first, whatever the take answers; then, once the conversation is read, an allowance priced
# from its size (a fixed part and a part a byte of the stored conversation), held if the day's limit lets it. KEYS:
# lease, conversation, the day's four spend keys, then the limits' windows; ARGV: holder, lease ms, the budget's (keep,
# settlements, fixed nano, nano a byte, limit nano, id, hold ms), then the limits'. Answers {code, place or data, nano
# held or -1, spent + held}: code 2 a limit refused, 0 busy, 3 unknown, 1 taken.
TAKE_RESERVING = _HITS + BUDGET + """
local spent, held, now, rest = settle_and_sweep(2, 2)
local refused = hits(6, rest + 5)
if refused > 0 then return {2, refused, -1, spent + held} end
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {0, '', -1, spent + held} end
local data = redis.call('GET', KEYS[2])
if not data then
  redis.call('DEL', KEYS[1])
  return {3, '', -1, spent + held}
end
local nano = tonumber(ARGV[rest + 1]) + math.ceil(#data * tonumber(ARGV[rest + 2]))
if not reserve(2, rest + 2, nano, spent, held, now, ARGV[3]) then return {1, data, -1, spent + held} end
return {1, data, nano, spent + held + nano}
"""


def connect(url: str) -> aioredis.Redis:
    """A client for `url` with short timeouts: a Redis that does not answer is a 503 within seconds.

    The pool waits for a free connection rather than failing, so a burst waits its turn instead of erring (or
    opening a connection per question); a connection is never held longer than the socket timeout, so the wait is
    bounded by it.
    """
    pool = aioredis.BlockingConnectionPool.from_url(
        url, socket_connect_timeout=2, socket_timeout=2, health_check_interval=30, max_connections=CONNECTIONS, timeout=20
    )
    return aioredis.Redis.from_pool(pool)  # closing the client closes its pool


def limiter_storage(client: aioredis.Redis) -> Storage:
    """`limits`' own Redis storage on the client's connections; its errors come wrapped, to be told apart."""
    return RedisStorage(
        "async+redis://",
        implementation="redispy",
        connection_pool=client.connection_pool,  # type: ignore[arg-type]  # limits types its options as scalars
        key_prefix=f"{PREFIX}limits",
        wrap_exceptions=True,
    )


def persistence(client: redis.Redis) -> tuple[str, str] | None:
    """This Redis's `save` and `appendonly` settings; None when it does not let us read them (CONFIG disabled)."""
    try:
        config = client.config_get("save") | client.config_get("appendonly")
    except redis_errors.ResponseError:  # CONFIG renamed away, or not allowed to this user
        return None
    return str(config.get("save", "")).strip(), str(config.get("appendonly", "no")).strip().lower()


def disk_refusal(url: str, *, accepted: bool) -> tuple[str | None, str | None]:
    """Why the sidecar must not start on this Redis (its conversations would reach a disk), and what to warn of.

    Either may be None. A Redis that does not answer is neither: the app says so at start and answers 503 until it
    does. `accepted`: the owner has set DOCENT_CONVERSATIONS_ON_DISK=1, and the refusal becomes a warning.
    """
    with redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2) as client:
        try:
            found = persistence(client)
        except (*UNREACHABLE, OSError):
            return None, None
    where = f"Redis at {redacted(url)}"
    if found is None:
        problem = (
            f"{where} does not let Docent read its persistence settings (CONFIG GET is disabled or not allowed), so "
            "it cannot tell whether conversations would be written to that server's disk. Allow it to Docent's user "
            "(ACL `+config|get`), or, having checked persistence yourself, accept it with DOCENT_CONVERSATIONS_ON_DISK=1."
        )
    else:
        save, appendonly = found
        if not save and appendonly == "no":
            return None, None
        what = "; ".join(filter(None, [f'RDB snapshots (save "{save}")' if save else "", "the AOF (appendonly yes)" if appendonly != "no" else ""]))
        problem = (
            f"{where} writes its data to disk ({what}), and with it every conversation, questions included. "
            "Turn persistence off for this Redis (in its redis.conf: `save \"\"` and `appendonly no`; now: "
            "`redis-cli CONFIG SET save \"\"` and `redis-cli CONFIG SET appendonly no`) and keep the day's spend and "
            "the counts in a second Redis that persists (DOCENT_REDIS_KEEP_URL; see \"Running several sidecars\" "
            "in the documentation, site-docs/docs/operating.md), or accept it with DOCENT_CONVERSATIONS_ON_DISK=1 (the privacy text then says so)."
        )
    if accepted:
        return None, problem.split(". ")[0] + ": accepted (DOCENT_CONVERSATIONS_ON_DISK=1)."
    return problem, None


class RedisStore:
    """Conversations, leases, used challenges and the rate limits, shared by every sidecar on one Redis."""

    counts_hits = True  # a question's limits are counted in the take's own script

    def __init__(
        self, client: aioredis.Redis, *, conversation_s: float = 1800, max_conversations: int = 10_000, lease_s: float = 10
    ) -> None:
        self.client = client
        self.conversation_s = int(conversation_s)
        self.max_conversations = max_conversations
        self.lease_s = lease_s
        self._lease_ms = int(lease_s * 1000)
        self.limiter_storage: Storage = limiter_storage(client)
        # A limit's two windows' keys, as `limits`' storage names them, around the limit's own key: worked out once.
        storage = self.limiter_storage
        assert isinstance(storage, RedisStorage)
        self._window_names = [
            tuple(storage.bridge.prefixed_key(name("\0")).split("\0"))
            for name in (storage._previous_window_key, storage._current_window_key)
        ]
        self._create, self._save = Lua(client, CREATE), Lua(client, SAVE)
        self._take, self._hits = Lua(client, TAKE), Lua(client, HITS)
        self._take_reserving = Lua(client, TAKE_RESERVING)
        self._leases = Renewals(lease_s, renew=Lua(client, RENEW), release=Lua(client, RELEASE))

    async def create(self) -> Conversation:
        token = secrets.token_urlsafe(16)  # 128 random bits
        conversation = Conversation(token=token, created=time.time())
        with reachable():
            made = await self._create(
                keys=[_conversation(token), f"{PREFIX}conversations"],
                args=[self.conversation_s, self.max_conversations, dump(conversation)],
            )
        if not made:
            raise StoreFull("The guide holds as many conversations as it can: try again in a few minutes.")
        return conversation

    async def get(self, token: str) -> Conversation | None:
        with reachable():
            data = await self.client.get(_conversation(token))
        return None if data is None else load(data)

    async def lease(self, token: str) -> Lease | None:
        holder = secrets.token_hex(8)
        key = f"{PREFIX}lease:{token}"
        with reachable():
            taken = await self.client.set(key, holder, nx=True, px=self._lease_ms)
        return RedisLease(self._leases, key, holder) if taken else None

    async def take(self, token: str, hits: Sequence[Hit] = (), ride: Ride | None = None) -> Taken | int:
        """The lease and the conversation in one round trip; `hits` (a question's rate limits) are counted first, in
        the same step, and a refusal answers the place of the limit refused (1 first), with no lease taken. `ride`, the
        budget's reservation for the question's first call (`carries`), goes in the same step, told of Redis's answer
        as it comes; what the question did not use of it is given back when the lease ends."""
        holder, key = secrets.token_hex(8), f"{PREFIX}lease:{token}"
        if ride is None:
            keys, args = self._windows(hits, [key, _conversation(token)], [holder, self._lease_ms])
            with reachable():
                found = await self._take(keys=keys, args=args)
        else:
            keys, args = self._windows(hits, [key, _conversation(token), *ride.keys], [holder, self._lease_ms, *ride.args])
            try:
                with reachable():
                    found = await self._take_reserving.start(keys=keys, args=args, told=_budget_part(ride))
            except BaseException:
                ride.give_back()  # the question is gone, or Redis did not answer: nothing of it is used
                raise
        if found[0] == 2:
            return int(found[1])
        if not found[0]:
            return "busy"
        if len(found) < 2 or found[0] == 3:
            return "unknown"
        return RedisLease(self._leases, key, holder, ending=ride.give_back if ride else None), load(found[1])

    def carries(self, spend: object) -> bool:
        """Whether the budget store `spend` keeps the day's spend in this Redis, on this client: its reservations
        may then ride on the take (`take`'s `ride`)."""
        return isinstance(spend, RedisBudgetStore) and spend.aclient is self.client

    async def limit_hits(self, entries: Sequence[Hit]) -> int:
        """Several rate limits hit in one round trip, as `limits`' sliding window counter hits each: (its key as
        `limits` makes it, limit, expiry in seconds, mode); the place of the first hard one refused, else 0."""
        keys, args = self._windows(entries, [], [])
        with reachable(" for the rate limits"):
            return int(await self._hits(keys=keys, args=args))

    def _windows(self, entries: Sequence[Hit], keys: list[str], args: list[str | int]) -> tuple[list[str], list[str | int]]:
        """The scripts' keys and arguments for `entries`, after those given: each limit's two windows, as `limits`'
        Redis storage names them, and its limit, expiry and mode."""
        (previous, previous_end), (current, current_end) = self._window_names
        for key, limit, expiry, mode in entries:
            keys += (previous + key + previous_end, current + key + current_end)
            args.append(f"{limit} {expiry} {mode}")
        return keys, args

    async def save(self, conversation: Conversation, lease: Lease) -> bool:
        assert isinstance(lease, RedisLease)
        with reachable():
            # The turn saves as it ends, holding the lane: the next turn runs while Redis answers.
            saved = await aside(self._save(keys=[_conversation(conversation.token), lease.key], args=[lease.holder, dump(conversation)]))
        lease.stop()
        lease.released = True  # given back by the script, or lost already
        return bool(saved)

    async def forget(self, token: str) -> bool:
        with reachable():
            async with self.client.pipeline(transaction=True) as pipe:
                pipe.delete(_conversation(token))
                pipe.zrem(f"{PREFIX}conversations", _conversation(token))
                deleted, _ = await pipe.execute()
        return bool(deleted)

    async def use_challenge(self, key: str, until: float) -> bool:
        with reachable():
            return bool(await self.client.set(f"{PREFIX}challenge:{key}", 1, nx=True, exat=max(int(until) + 1, 1)))

    async def count(self) -> int:
        """Conversations alive now (an estimate between sweeps: expired ones go when the next one starts)."""
        with reachable():
            return int(await self.client.zcount(f"{PREFIX}conversations", time.time() * 1000, "+inf"))

    async def reachable(self) -> bool:
        """Whether Redis answers now; asked once at start, so that a wrong address is in the log at once."""
        try:
            return bool(await self.client.ping())
        except (*UNREACHABLE, OSError):
            return False

    async def aclose(self) -> None:
        await self.client.aclose()


def _budget_part(ride: Ride) -> Callable[[Any], None]:
    """Who hears the take's answer for the budget: `ride`, told its own part ({nano or -1, spent + held}) or the error."""
    return lambda answer: ride.told(answer if isinstance(answer, BaseException) else answer[2:])


def _conversation(token: str) -> str:
    return f"{PREFIX}conversation:{token}"


def dump(conversation: Conversation) -> bytes:
    """A conversation as compact JSON: what was sent, exactly, and what the next question must know."""
    return msgspec.json.encode(conversation)


def load(data: bytes | str) -> Conversation:
    """The conversation `dump` wrote, every field of it and of the card it waits on, read from its annotations."""
    return msgspec.json.decode(data, type=Conversation)
