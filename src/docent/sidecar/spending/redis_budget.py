"""The day's spend in Redis, shared by every sidecar: reserved and settled atomically, in Lua scripts.

Per UTC day, in whole nano-dollars: `spent` (what calls cost), `held` (the sum of live reservations), and each
reservation in a sorted set scored by its expiry, with its amount in a hash. Reserving sweeps the expired
reservations first (a sidecar that died mid-call never settles its own), then adds the amount only if spent,
held and the amount stay within the limit. Settling removes the reservation, if it is still there, and adds
the cost, which counts whether or not the reservation expired first. The time is Redis's own, so sidecars
on several machines agree on when a reservation expires.

No round trip of its own a question, where the spend is kept in the conversations' Redis: the question's first call
is reserved by the take's own script (`ride`, redis_store.TAKE_RESERVING), as an allowance priced from the stored
conversation's size, which the call takes when its worst case is within it (spending.budget.Allowance) and which is
given back at no cost otherwise; a call it does not cover reserves in a round trip of its own (`areserve`). A
settlement is kept here and carried by the store's next script (the next take or reservation, or a read of the
spend), settled there before anything else, or written by itself within a second when no call comes. Meanwhile Redis holds the call's worst case, which is more than it cost: the limit is kept,
only more strictly, for that second. A sidecar killed in that second loses those costs, as it loses a call's
cost when killed mid-call; its reservations are released by their expiry.

Settling and reading use Redis's blocking client, on purpose: the budget's hooks run as a call ends, cancelled or
not, and a blocking round trip (a fraction of a millisecond) cannot itself be cancelled halfway and lose the spend.
A call's own reservation goes through an asyncio client (`aclient`:
the conversations' own when the spend is kept in their Redis, else one of this store's), so the event loop serves
other visitors while Redis answers; the script runs to its end even if the question is cancelled meanwhile, and a reservation made for a
question gone is given back. A settlement Redis does not take stays here, counted, and goes with the next round
trip; a reservation Redis cannot take is refused.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from typing import Any

import redis
import redis.asyncio as aioredis

from ..lane import aside
from ..lua import Lua
from ..redis_errors import UNREACHABLE, reachable
from .budget import Allowance, Reservation
from .daybook import NANO

logger = logging.getLogger("docent.sidecar")

PREFIX = "docent:spend:"
KEEP_S = 40 * 86_400  # a day's figures stay forty days, for the owner's reports
SPEND = " for the day's spend"  # what did not answer, in StoreUnavailable's words
SPENT_EVERY_S = 1.0  # how stale `spent` may be between this store's own reservations and settlements
SETTLE_WITHIN_S = 1.0  # how long a settlement may wait for the next round trip to carry it
HOLD_S = 600  # a reservation outlives any model call; one whose sidecar died is released after this

# Every script first settles the settlements it carries, then sweeps the expired reservations (a sidecar that died
# mid-call never settles its own), as a function of where its keys and arguments begin (k, a), so that another
# script (the take's, redis_store.TAKE_RESERVING) runs it on its own. KEYS from k + 1: spent, held, holds (zset id ->
# expiry ms), amounts (hash id -> nano). ARGV from a + 1: keep s, the number of settlements n, then each one's id and
# cost nano. Answers spent, held, Redis's time in ms and where its arguments end; what the script itself takes follows.
# `reserve` holds `nano` when spent, held and it stay within the limit: ARGV from a + 1: limit nano, id, hold ms.
BUDGET = """
local function settle_and_sweep(k, a)
  local keep, n = ARGV[a + 1], tonumber(ARGV[a + 2])
  for i = 1, n do
    local id, cost = ARGV[a + 1 + 2 * i], ARGV[a + 2 + 2 * i]
    local nano = redis.call('HGET', KEYS[k + 4], id)
    if nano then
      redis.call('HDEL', KEYS[k + 4], id)
      redis.call('ZREM', KEYS[k + 3], id)
      redis.call('DECRBY', KEYS[k + 2], nano)
    end
    redis.call('INCRBY', KEYS[k + 1], cost)
  end
  if n > 0 then redis.call('EXPIRE', KEYS[k + 1], keep) end
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  local gone = redis.call('ZRANGEBYSCORE', KEYS[k + 3], '-inf', now, 'LIMIT', 0, 1000)
  if #gone > 0 then
    local freed = 0
    for _, amount in ipairs(redis.call('HMGET', KEYS[k + 4], unpack(gone))) do
      if amount then freed = freed + tonumber(amount) end
    end
    redis.call('ZREM', KEYS[k + 3], unpack(gone))
    redis.call('HDEL', KEYS[k + 4], unpack(gone))
    redis.call('DECRBY', KEYS[k + 2], freed)
  end
  local spent = tonumber(redis.call('GET', KEYS[k + 1]) or '0')
  local held = tonumber(redis.call('GET', KEYS[k + 2]) or '0')
  return spent, held, now, a + 2 * n + 2
end
local function reserve(k, a, nano, spent, held, now, keep)
  if spent + held + nano > tonumber(ARGV[a + 1]) then return false end
  redis.call('INCRBY', KEYS[k + 2], nano)
  redis.call('ZADD', KEYS[k + 3], now + tonumber(ARGV[a + 3]), ARGV[a + 2])
  redis.call('HSET', KEYS[k + 4], ARGV[a + 2], nano)
  for i = 2, 4 do redis.call('EXPIRE', KEYS[k + i], keep) end
  return true
end
"""
# ARGV after the settlements: nano, limit nano, id, hold ms. Answers {1 or 0 (refused), spent + held}.
RESERVE = BUDGET + """
local spent, held, now, rest = settle_and_sweep(0, 0)
local nano = tonumber(ARGV[rest + 1])
if not reserve(0, rest + 1, nano, spent, held, now, ARGV[1]) then return {0, spent + held} end
return {1, spent + held + nano}
"""
# Settles what it carries and answers spent + held.
SPENT = BUDGET + """
local spent, held = settle_and_sweep(0, 0)
return spent + held
"""


def connect(url: str) -> redis.Redis:
    """A blocking client with short timeouts: a Redis that hangs holds the event loop a second at most.

    A Redis that is down refuses at once; the timeout is for one that hangs, or a machine too loaded to answer.
    """
    return redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1, health_check_interval=30)


class RedisBudgetStore:
    """The day's spend in Redis; see the module's docstring for the keys and the scripts."""

    def __init__(
        self,
        client: redis.Redis,
        *,
        aclient: aioredis.Redis | None = None,
        owns_aclient: bool = False,
        hold_s: float = HOLD_S,
        fresh_s: float = SPENT_EVERY_S,
        settle_s: float = SETTLE_WITHIN_S,
    ) -> None:
        self.client = client
        self.aclient = aclient  # the asyncio client of this Redis, which the counts share (counts.RedisCounts)
        self._areserve = Lua(aclient, RESERVE) if aclient is not None else None
        self._owned = aclient if owns_aclient else None  # a client of its own (a keeping Redis), closed with it
        self.hold_s = hold_s
        self.fresh_s = fresh_s
        self.settle_s = settle_s
        self._reserve = client.register_script(RESERVE)
        self._trips: set[asyncio.Future[Any]] = set()  # reservations under way through the asyncio client
        self._orphans: dict[asyncio.Future[Any], Reservation] = {}  # those whose question is gone, to give back
        self._spent = client.register_script(SPENT)
        # Settlements not in Redis yet, in order: (reservation, cost nano); and those an awaited script carries now.
        self._unsettled: list[tuple[Reservation, int]] = []
        self._carried: list[tuple[Reservation, int]] = []
        self._failed = False  # the last write did not reach Redis: the next question tries again, whatever it asks
        self._due: asyncio.TimerHandle | None = None  # the write of settlements no round trip has carried yet
        self._read: tuple[str, float, int] | None = None  # (day, when, spent + held) as last read from Redis

    def reserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        self._other_days(day)
        key = secrets.token_hex(8)
        nano = math.ceil(amount * NANO)
        carried = bool(self._unsettled)
        with reachable(SPEND):
            passed, total = self._run(self._reserve, day, self._unsettled, [nano, math.floor(limit * NANO), key, int(self.hold_s * 1000)])
        if passed or carried:  # Redis's own figure, with the settlements carried and the reservation made in it
            self._read = (day, time.monotonic(), int(total))
        if not passed:
            return None
        return Reservation(day, amount, key=key)

    async def areserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        """`reserve` through the asyncio client, awaited; the blocking one without it."""
        if self._areserve is None:
            return self.reserve(day, amount, limit)
        self._other_days(day)
        key = secrets.token_hex(8)
        # The day's settlements go with the script, out of `_unsettled` while it runs (a reservation beside it must
        # not carry them twice), and back if Redis does not answer.
        mine = [pending for pending in self._unsettled if pending[0].day == day]
        self._unsettled = [pending for pending in self._unsettled if pending[0].day != day]
        self._carried += mine
        args = _settlements(mine) + [math.ceil(amount * NANO), math.floor(limit * NANO), key, int(self.hold_s * 1000)]
        reservation = Reservation(day, amount, key=key)
        # The script's answer is kept as it arrives (`_reserved`), whether this question still waits for it or not:
        # the script runs to its end even if the question is cancelled meanwhile, and then what it reserved is given
        # back. No task of its own: told in the step its reply arrives, the question resumes in the next.
        trip: list[Any] = []  # the reply's future, then whether Redis reserved
        reply = self._areserve.start(keys=_keys(day), args=args, told=lambda answer: self._reserved(answer, trip, day, mine))
        trip.append(reply)
        self._trips.add(reply)  # held until told: what a question gone must give back is still to come
        try:
            with reachable(SPEND):
                passed, _ = await aside(reply)  # a turn's call: the next turn runs while Redis answers
        except asyncio.CancelledError:
            if reply in self._trips:  # the question is gone, the script not yet answered: given back once it is
                self._orphans[reply] = reservation
            elif trip[1:] == [True]:  # answered, reserved, and the question gone before it resumed
                self.settle(reservation, 0.0)
            raise
        return reservation if passed else None

    def _reserved(self, answer: Any, trip: list[Any], day: str, mine: list[tuple[Reservation, int]]) -> None:
        """The reservation's answer, kept as `_run` keeps the blocking one's: Redis's figure, the settlements taken."""
        reply = trip[0]
        self._trips.discard(reply)
        passed = self._answered(answer, day, mine)
        trip.append(passed)
        orphan = self._orphans.pop(reply, None)
        if orphan is not None and passed:
            self.settle(orphan, 0.0)

    def _answered(self, answer: Any, day: str, mine: list[tuple[Reservation, int]]) -> bool:
        """A script's answer ({reserved or not, spent + held}, or its error) that carried `mine`: Redis's figure kept,
        the settlements it took no longer carried, those it could not take (Redis unreachable) kept for the next.
        Whether it reserved."""
        taken = {id(pending) for pending in mine}
        self._carried = [pending for pending in self._carried if id(pending) not in taken]
        if isinstance(answer, UNREACHABLE):
            self._failed = True
            self._unsettled = mine + self._unsettled
            return False
        if isinstance(answer, BaseException):
            return False
        passed, total = answer
        self._failed = False
        if passed or mine:
            self._read = (day, time.monotonic(), int(total))
        if not self._unsettled and self._due is not None:
            self._due.cancel()
            self._due = None
        return bool(passed)

    def ride(self, day: str, fixed: float, per_byte: float, limit: float) -> Ride:
        """An allowance for a question's first call, to be reserved by the take's script (redis_store.TAKE_RESERVING)
        in its own round trip, carrying the day's settlements: `fixed` dollars, and `per_byte` dollars a byte of the
        conversation the take reads (its stored JSON, which holds every message the call sends again)."""
        self._other_days(day)
        mine = [pending for pending in self._unsettled if pending[0].day == day]
        self._unsettled = [pending for pending in self._unsettled if pending[0].day != day]
        self._carried += mine
        key = secrets.token_hex(8)
        terms: list[int | str] = [math.ceil(fixed * NANO), repr(per_byte * NANO), math.floor(limit * NANO), key, int(self.hold_s * 1000)]
        return Ride(self, day, key, mine, _settlements(mine) + terms)

    def settle(self, reservation: Reservation, cost: float) -> None:
        """Kept here, and written with this store's next round trip (a reservation, a read of the spend), or within
        `settle_s` when none comes: a question's settlement rides on the next question's reservation. Until then
        Redis holds the call's worst case, more than it cost, so no sidecar can spend past the limit meanwhile."""
        self._unsettled.append((reservation, round(cost * NANO)))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop to write it later (a script, a test): now
            loop = None
        if loop is None or self.settle_s <= 0:
            self._write()
        elif self._due is None:
            self._due = loop.call_later(self.settle_s, self._write)

    def spent(self, day: str) -> float:
        """The day's spend, as Redis last told it: read afresh at most once a second, and told with each of this
        store's own reservations and settlements, so that a busy sidecar does not ask for it per question.

        Every question asks it (is the budget spent, so that the offline model answers?); a second's staleness
        from other sidecars changes nothing that matters, since a reservation is checked against Redis itself.
        """
        now = time.monotonic()
        if self._failed or self._read is None or self._read[0] != day or now - self._read[1] >= self.fresh_s:
            self._other_days(day)
            with reachable(SPEND):
                self._read = (day, now, int(self._run(self._spent, day, self._unsettled, [])))
        return (self._read[2] + self._local(day)) / NANO

    def close(self) -> None:
        self._write()
        self.client.close()

    async def aclose(self) -> None:
        """`close`, and the asyncio client too when it is this store's own."""
        self.close()
        if self._owned is not None:
            await self._owned.aclose()

    def _local(self, day: str) -> int:
        """What the settlements Redis has not yet taken change in its last figure: each replaces its reservation's
        worst case, held in that figure, by the call's cost."""
        pending = self._unsettled + self._carried
        return sum(cost - math.ceil(reservation.amount * NANO) for reservation, cost in pending if reservation.day == day)

    def _run(self, script: Any, day: str, carried: list[tuple[Reservation, int]], args: list[int | str]) -> Any:
        """`script` on the day's keys, carrying the day's settlements; those Redis took are no longer kept here."""
        mine = [pending for pending in carried if pending[0].day == day]
        try:
            answer = script(keys=_keys(day), args=_settlements(mine) + args)
        except UNREACHABLE:
            self._failed = True
            raise
        self._failed = False
        taken = {id(pending) for pending in mine}
        self._unsettled = [pending for pending in self._unsettled if id(pending) not in taken]
        if not self._unsettled and self._due is not None:
            self._due.cancel()
            self._due = None
        return answer

    def _other_days(self, day: str) -> None:
        """Settlements of another day (a call that began before midnight) go in their own round trip, first."""
        for other in {reservation.day for reservation, _ in self._unsettled} - {day}:
            self._flush(other)

    def _write(self) -> None:
        """Settle what Redis has not taken yet; what it does not take stays counted here and goes with the next."""
        self._due = None
        for day in dict.fromkeys(reservation.day for reservation, _ in self._unsettled):
            self._flush(day)

    def _flush(self, day: str) -> None:
        try:
            total = int(self._run(self._spent, day, self._unsettled, []))
        except UNREACHABLE as exc:
            logger.warning("The day's spend could not be written to Redis (%s); kept until it can.", type(exc).__name__)
            return
        if self._read is None or self._read[0] == day:
            self._read = (day, time.monotonic(), total)  # Redis's own figure, as it answered


class Ride:
    """A reservation riding on another script's round trip (the take's): the day's keys and the arguments of `BUDGET`'s
    functions, then, once Redis answered ({nano reserved or -1, spent + held}), the allowance it holds. A question
    gone before the answer came gives it back as it comes; one that ends without using it, at its end (`give_back`)."""

    __slots__ = ("store", "day", "key", "mine", "keys", "args", "allowance", "gone")

    def __init__(self, store: RedisBudgetStore, day: str, key: str, mine: list[tuple[Reservation, int]], args: list[int | str]) -> None:
        self.store, self.day, self.key, self.mine = store, day, key, mine
        self.keys, self.args = _keys(day), args
        self.allowance: Allowance | None = None
        self.gone = False

    def told(self, answer: Any) -> None:
        """Redis's answer, in the step it arrives, whether the question still waits for it or not."""
        nano = -1 if isinstance(answer, BaseException) else int(answer[0])
        kept = answer if isinstance(answer, BaseException) else (nano >= 0, answer[1])
        if self.store._answered(kept, self.day, self.mine):
            self.allowance = Allowance(Reservation(self.day, _amount(nano), key=self.key), self.store)
            if self.gone:
                self.allowance.give_back()

    def give_back(self) -> None:
        """The question is over, or gone: what it did not use goes back (now, or as Redis's answer comes)."""
        self.gone = True
        if self.allowance is not None:
            self.allowance.give_back()


def _amount(nano: int) -> float:
    """Dollars whose nano-dollars, rounded up as the store rounds them (`_local`), are `nano`."""
    amount = nano / NANO
    while math.ceil(amount * NANO) > nano:
        amount = math.nextafter(amount, 0.0)
    return amount


def _settlements(mine: list[tuple[Reservation, int]]) -> list[int | str]:
    """The scripts' first arguments: how long the day's keys stay, and the settlements carried, each id and cost."""
    settlements: list[int | str] = [KEEP_S, len(mine)]
    for reservation, cost in mine:
        settlements += [reservation.key, cost]
    return settlements


def _keys(day: str) -> list[str]:
    return [f"{PREFIX}{day}", f"{PREFIX}{day}:held", f"{PREFIX}{day}:holds", f"{PREFIX}{day}:amounts"]
