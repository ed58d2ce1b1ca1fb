"""The day's budget: each call's worst case reserved before it starts, settled to its usage after.

Without the reservation, concurrent calls all see the same headroom and together overspend.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Any, Protocol

import msgspec

from ..model.port import BudgetSpent, LanguageModel, ModelRequest, ModelSpec, Unavailable, Usage
from ..store import StoreUnavailable
from .template import ModelDecorator

# Newer tokenizers count some 30% more tokens than characters/4 suggests.
CHARS_PER_TOKEN = 3.0


@dataclass(frozen=True)
class Reservation:
    """A call's worst case, held against its day until the call settles."""

    day: str
    amount: float
    key: str = ""  # the store's own name for it, where the store keeps each reservation apart


class Allowance:
    """A reservation made before its call, in another script's round trip (the take's: the question's limits, lease and
    conversation): the question's first call takes it as its own when the call's worst case is within it, with no
    round trip of its own; otherwise, or when the question ends without a call, it is given back at no cost (settled
    at $0, with the store's next round trip). Used or given back once."""

    __slots__ = ("reservation", "_store", "_free")

    def __init__(self, reservation: Reservation, store: BudgetStore) -> None:
        self.reservation = reservation
        self._store = store
        self._free = True

    def take(self, day: str, amount: float) -> Reservation | None:
        """The reservation, for a call of `day` whose worst case is `amount`; None, and given back, when it does not
        cover it (the call reserves its own, carrying this one's return)."""
        if not self._free:
            return None
        if day == self.reservation.day and amount <= self.reservation.amount:
            self._free = False
            return self.reservation
        self.give_back()
        return None

    def give_back(self) -> None:
        if self._free:
            self._free = False
            self._store.settle(self.reservation, 0.0)


@lru_cache(maxsize=8)
def _day(days: int) -> str:
    return (_EPOCH + timedelta(days=days)).isoformat()


_EPOCH = date(1970, 1, 1)


def utc_day(moment: float) -> str:
    """The UTC day of a unix time, as 2027-01-15: a day is 86,400 seconds of unix time, so it is the days since the
    epoch, each written once (a question asked it twice or thrice through datetime, about 2% of its time outside the
    gate). The second is rounded to the microsecond as datetime rounds it, so the two agree to the last one."""
    whole = math.trunc(moment)
    micro = round((moment - whole) * 1e6)
    if micro >= 1_000_000:
        whole += 1
    elif micro < 0:
        whole -= 1
    return _day(whole // 86_400)


class BudgetStore(Protocol):
    """Dollars spent and reserved per UTC day.

    `reserve` checks and adds in one step, and answers None when the amount would pass the limit; `settle`
    replaces a reservation with what the call cost. The methods are plain calls, not coroutines, so that a
    call cancelled mid-stream still settles: an await there could be cancelled in turn and lose the spend.
    """

    def reserve(self, day: str, amount: float, limit: float) -> Reservation | None: ...

    async def areserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        """`reserve` for the event loop, which a store across the network (Redis) does not hold while it answers; a
        reservation made for a call cancelled meanwhile is given back (settled at no cost)."""
        ...

    def settle(self, reservation: Reservation, cost: float) -> None: ...

    def spent(self, day: str) -> float: ...

    def close(self) -> None:
        """Give back what the store holds open (a file, connections); nothing to do in memory."""
        ...


class MemoryBudgetStore:
    """One process's day: check and add with no await between them, which is atomic under asyncio."""

    def __init__(self) -> None:
        self._day = ""
        self._spent = 0.0

    def _roll(self, day: str) -> None:
        if day != self._day:
            self._day, self._spent = day, 0.0

    def reserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        self._roll(day)
        if self._spent + amount > limit:
            return None
        self._spent += amount
        return Reservation(day, amount)

    async def areserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        return self.reserve(day, amount, limit)

    def settle(self, reservation: Reservation, cost: float) -> None:
        if reservation.day == self._day:  # a call that began yesterday settles into a day already reset
            self._spent = max(0.0, self._spent + cost - reservation.amount)

    def spent(self, day: str) -> float:
        return self._spent if day == self._day else 0.0

    def close(self) -> None:
        return None  # nothing held open


class SpendUnknown(Unavailable):
    """The day's spend cannot be read, so no call may start: the budget is never guessed."""

    code = "store_unavailable"
    retryable = True


def _size(messages: Any) -> int:
    """The conversation's size as compact JSON in UTF-8 (msgspec): json.dumps took 5 to 240 us a question on the bench,
    growing with the conversation, msgspec 0 to 7. Bytes count a non-ASCII character more than once, and compact JSON
    drops the spaces json.dumps wrote after its separators (about 2% of the characters): an estimate as before."""
    try:
        return len(_encode(messages))
    except UnicodeEncodeError:  # a lone surrogate, which UTF-8 cannot carry
        return len(json.dumps(messages, ensure_ascii=False))


_encode = msgspec.json.Encoder().encode


class Budget:
    def __init__(
        self, limit_usd: float, *, store: BudgetStore | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.limit_usd = limit_usd
        self.store = store or MemoryBudgetStore()
        self.clock = clock
        self._static: tuple[Any, Any, int] | None = None

    def day(self) -> str:
        return utc_day(self.clock())

    def spent_usd(self) -> float:
        return self.store.spent(self.day())

    def left_usd(self) -> float:
        return max(0.0, self.limit_usd - self.spent_usd())

    def _prompt_chars(self, request: ModelRequest) -> int:
        # The tools and instructions are the bundle's same objects every call: measure them once.
        return self.static_chars(request.system, request.tools) + _size(request.messages)

    def worst_case(self, spec: ModelSpec, request: ModelRequest) -> float:
        """Every prompt token written to the cache at full price, and every allowed output token."""
        prompt = self._prompt_chars(request) / CHARS_PER_TOKEN
        per_prompt_token = max(spec.input_per_mtok, spec.cache_write_per_mtok)
        return (prompt * per_prompt_token + request.max_tokens * spec.output_per_mtok) / 1_000_000

    def allowance_terms(self, spec: ModelSpec, fixed_chars: int, max_tokens: int) -> tuple[float, float]:
        """An allowance's price, as `worst_case` prices a call, in two terms: dollars for `fixed_chars` of prompt and
        `max_tokens` of output, and dollars a character for the rest of the prompt (the stored conversation)."""
        per_char = max(spec.input_per_mtok, spec.cache_write_per_mtok) / CHARS_PER_TOKEN / 1_000_000
        return fixed_chars * per_char + max_tokens * spec.output_per_mtok / 1_000_000, per_char

    def ride(self, spec: ModelSpec, system: Any, tools: Any, *, added: int, max_tokens: int) -> Any:
        """An allowance for a question's first call, to be reserved with its take where the store can (a Redis one:
        `RedisBudgetStore.ride`; None elsewhere): the call's worst case as `worst_case` prices it, for the instructions
        and tools, `added` characters more than the stored conversation, and `max_tokens` of output, the conversation
        priced by the store from its size."""
        riding = getattr(self.store, "ride", None)
        if riding is None:
            return None
        fixed, per_char = self.allowance_terms(spec, self.static_chars(system, tools) + added, max_tokens)
        return riding(self.day(), fixed, per_char, self.limit_usd)

    def static_chars(self, system: Any, tools: Any) -> int:
        """The size of the instructions and tools every call sends, as `worst_case` counts them (measured once)."""
        if self._static is None or self._static[0] is not system or self._static[1] is not tools:
            self._static = (system, tools, len(json.dumps([system, tools], ensure_ascii=False)))
        return self._static[2]

    async def areserve(self, spec: ModelSpec, request: ModelRequest) -> Reservation:
        """The call's worst case reserved, the store asked without holding the event loop (Redis's round trip
        awaited); BudgetSpent when the day's budget cannot cover it. A call that brings an allowance (reserved with
        the question's take) within which its worst case falls takes it, and asks the store nothing."""
        day, amount = self.day(), self.worst_case(spec, request)
        if request.allowance is not None:
            taken: Reservation | None = request.allowance.take(day, amount)
            if taken is not None:
                return taken
        try:
            reservation = await self.store.areserve(day, amount, self.limit_usd)
        except StoreUnavailable as exc:
            raise SpendUnknown(str(exc)) from None
        return self._held(reservation, amount)

    def _held(self, reservation: Reservation | None, amount: float) -> Reservation:
        """The reservation made, or BudgetSpent saying what is left."""
        if reservation is None:
            if self.left_usd() <= 0:
                raise BudgetSpent(
                    f"The day's budget of ${self.limit_usd:.2f} is spent: the guide is back at 00:00 UTC "
                    "(the operator can raise DOCENT_BUDGET_USD)."
                )
            raise BudgetSpent(
                f"What is left of the day's budget (${self.left_usd():.4f}) cannot cover this question's "
                f"worst case (${amount:.4f}): the guide is back at 00:00 UTC."
            )
        return reservation

    def settle(self, reservation: Reservation, spec: ModelSpec, usage: Usage) -> None:
        """Replace the worst case with what was billed; a failure bills what it used, a refusal before the call nothing."""
        self.store.settle(reservation, spec.cost(usage))


class Budgeted(ModelDecorator):
    def __init__(self, inner: LanguageModel, *, budget: Budget) -> None:
        super().__init__(inner)
        self.budget = budget

    async def abefore(self, request: ModelRequest) -> Reservation:
        return await self.budget.areserve(self.spec, request)

    def after(self, request: ModelRequest, usage: Usage, ticket: Reservation) -> None:
        self.budget.settle(ticket, self.spec, usage)

    def failed(self, request: ModelRequest, exc: BaseException, billed: Usage, ticket: Reservation) -> None:
        self.budget.settle(ticket, self.spec, billed)
