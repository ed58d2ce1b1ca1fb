"""The day's spend in Redis, shared by every sidecar: reserved and settled atomically, each in one Lua script.

Per UTC day, in whole nano-dollars: `spent` (what calls cost), `held` (the sum of live reservations), and each
reservation in a sorted set scored by its expiry, with its amount in a hash. Reserving sweeps the expired
reservations first (a sidecar that died mid-call never settles its own), then adds the amount only if spent,
held and the amount stay within the limit. Settling removes the reservation, if it is still there, and adds
the cost, which counts whether or not the reservation expired first. The time is Redis's own, so sidecars
on several machines agree on when a reservation expires.

The client is Redis's blocking one, on purpose: the budget's hooks run as a call ends, cancelled or not, and a
blocking round trip (a fraction of a millisecond) cannot itself be cancelled halfway and lose the spend. The
bulkhead keeps the calls in flight to a handful, so these round trips are few. A settlement Redis does not take
is kept here, counted, and written with the next one; a reservation Redis cannot take is refused.
"""

from __future__ import annotations

import logging
import math
import secrets
import time

import redis

from ..redis_store import UNREACHABLE, reachable
from .budget import Reservation
from .daybook import NANO

logger = logging.getLogger("docent.sidecar")

PREFIX = "docent:spend:"
KEEP_S = 40 * 86_400  # a day's figures stay forty days, for the owner's reports
SPEND = " for the day's spend"  # what did not answer, in StoreUnavailable's words
SPENT_EVERY_S = 1.0  # how stale `spent` may be between this store's own reservations and settlements
HOLD_S = 600  # a reservation outlives any model call; one whose sidecar died is released after this

# KEYS: spent, held, holds (zset id -> expiry ms), amounts (hash id -> nano)
_SWEEP = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local gone = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 1000)
if #gone > 0 then
  local freed = 0
  for _, amount in ipairs(redis.call('HMGET', KEYS[4], unpack(gone))) do
    if amount then freed = freed + tonumber(amount) end
  end
  redis.call('ZREM', KEYS[3], unpack(gone))
  redis.call('HDEL', KEYS[4], unpack(gone))
  redis.call('DECRBY', KEYS[2], freed)
end
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
local held = tonumber(redis.call('GET', KEYS[2]) or '0')
"""
# ARGV: nano, limit nano, id, hold ms, keep s
RESERVE = _SWEEP + """
local nano = tonumber(ARGV[1])
if spent + held + nano > tonumber(ARGV[2]) then return -1 end
redis.call('INCRBY', KEYS[2], nano)
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[4]), ARGV[3])
redis.call('HSET', KEYS[4], ARGV[3], nano)
for i = 2, 4 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
return spent + held + nano
"""
SPENT = _SWEEP + """
return spent + held
"""
# ARGV: id, cost nano, keep s
SETTLE = """
local nano = redis.call('HGET', KEYS[4], ARGV[1])
if nano then
  redis.call('HDEL', KEYS[4], ARGV[1])
  redis.call('ZREM', KEYS[3], ARGV[1])
  redis.call('DECRBY', KEYS[2], nano)
end
local spent = redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return spent + tonumber(redis.call('GET', KEYS[2]) or '0')
"""


def connect(url: str) -> redis.Redis:
    """A blocking client with short timeouts: a Redis that hangs holds the event loop a second at most.

    A Redis that is down refuses at once; the timeout is for one that hangs, or a machine too loaded to answer.
    """
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1, health_check_interval=30)




class RedisBudgetStore:
    """The day's spend in Redis; see the module's docstring for the keys and the scripts."""

    def __init__(self, client: redis.Redis, *, hold_s: float = HOLD_S, fresh_s: float = SPENT_EVERY_S) -> None:
        self.client = client
        self.hold_s = hold_s
        self.fresh_s = fresh_s
        self._reserve = client.register_script(RESERVE)
        self._spent = client.register_script(SPENT)
        self._settle = client.register_script(SETTLE)
        self._unsettled: list[tuple[Reservation, int]] = []  # settlements Redis did not take yet
        self._read: tuple[str, float, int] | None = None  # (day, when, spent) as last read from Redis

    def reserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        self._write()
        key = secrets.token_hex(8)
        nano = math.ceil(amount * NANO)
        with reachable(SPEND):
            total = self._reserve(keys=_keys(day), args=[nano, math.floor(limit * NANO) - self._local(day), key,
                                                         int(self.hold_s * 1000), KEEP_S])
        if int(total) < 0:
            return None
        self._read = (day, time.monotonic(), int(total))  # Redis's own figure, this reservation in it
        return Reservation(day, amount, key=key)

    def settle(self, reservation: Reservation, cost: float) -> None:
        self._unsettled.append((reservation, round(cost * NANO)))
        self._write()

    def spent(self, day: str) -> float:
        """The day's spend, as Redis last told it: read afresh at most once a second, and told with each of this
        store's own reservations and settlements, so that a busy sidecar does not ask for it per question.

        Every question asks it (is the budget spent, so that the offline model answers?); a second's staleness
        from other sidecars changes nothing that matters, since a reservation is checked against Redis itself.
        """
        self._write()
        now = time.monotonic()
        if self._read is None or self._read[0] != day or now - self._read[1] >= self.fresh_s:
            with reachable(SPEND):
                self._read = (day, now, int(self._spent(keys=_keys(day))))
        return (self._read[2] + self._local(day)) / NANO

    def close(self) -> None:
        self._write()
        self.client.close()

    def _local(self, day: str) -> int:
        return sum(cost for reservation, cost in self._unsettled if reservation.day == day)

    def _write(self) -> None:
        """Settle what Redis has not taken yet, in order; what it still does not take stays counted here."""
        while self._unsettled:
            reservation, cost = self._unsettled[0]
            try:
                total = int(self._settle(keys=_keys(reservation.day), args=[reservation.key, cost, KEEP_S]))
            except UNREACHABLE as exc:
                logger.warning("The day's spend could not be written to Redis (%s); kept until it can.", type(exc).__name__)
                return
            self._unsettled.pop(0)
            self._read = (reservation.day, time.monotonic(), total)  # Redis's own figure, as it answered


def _keys(day: str) -> list[str]:
    return [f"{PREFIX}{day}", f"{PREFIX}{day}:held", f"{PREFIX}{day}:holds", f"{PREFIX}{day}:amounts"]
