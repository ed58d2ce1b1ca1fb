"""What the guide did, counted per UTC day for the owner's report: numbers under fixed names, never visitor text.

A name is a kind and, for some kinds, a key: `questions`, `refused:pay`, `held:unknown_term`, `term:Rust` (a
lexicon term the gate held because the record never names it), `cited:<section id>`, `cost_usd`. Every key comes
from the site's own record, lexicon or the guide's fixed codes, so nothing a visitor typed can become one.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol

from .spending.budget import utc_day
from .spending.daybook import state_file
from .tally import Tally

logger = logging.getLogger("docent.sidecar")
FILE = "counts.sqlite3"


class CountStore(Protocol):
    def add(self, day: str, counts: Mapping[str, float]) -> Awaitable[None] | None:
        """Add each count to the day's running totals (a networked store hands back what to await)."""
        ...

    def read(self, days: Iterable[str]) -> dict[str, float]:
        """The totals of the days given, summed."""
        ...


class MemoryCounts:
    """Counts in this process only: for tests, and for a sidecar told to keep no state."""

    def __init__(self) -> None:
        self._days: dict[str, dict[str, float]] = {}

    def add(self, day: str, counts: Mapping[str, float]) -> None:
        totals = self._days.setdefault(day, {})
        for name, n in counts.items():
            totals[name] = totals.get(name, 0) + n

    def read(self, days: Iterable[str]) -> dict[str, float]:
        out: dict[str, float] = {}
        for day in days:
            for name, n in self._days.get(day, {}).items():
                out[name] = out.get(name, 0) + n
        return out


class SQLiteCounts:
    """Counts in the state directory's SQLite file; several processes on one host may add to it at once."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE
        self._lock = threading.Lock()
        self._db = state_file(
            self.path, "counts (day TEXT NOT NULL, name TEXT NOT NULL, n REAL NOT NULL, PRIMARY KEY (day, name))",
            what="The guide's counts", timeout_s=10, threads=True,
        )

    def add(self, day: str, counts: Mapping[str, float]) -> None:
        rows = [(day, name, n) for name, n in counts.items() if n]
        if not rows:
            return
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")  # one answer's counts land together
            try:
                self._db.executemany(
                    "INSERT INTO counts (day, name, n) VALUES (?, ?, ?)"
                    " ON CONFLICT (day, name) DO UPDATE SET n = n + excluded.n",
                    rows,
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def read(self, days: Iterable[str]) -> dict[str, float]:
        wanted = list(days)
        marks = ",".join("?" * len(wanted))
        with self._lock:
            rows = self._db.execute(
                f"SELECT name, SUM(n) FROM counts WHERE day IN ({marks}) GROUP BY name", wanted  # noqa: S608 - marks only
            ).fetchall()
        return {name: n for name, n in rows}

    def close(self) -> None:
        self._db.close()


class RedisCounts:
    """Counts in Redis, one hash a day (`docent:counts:<day>`), so that every sidecar and worker adds to one total.

    Adding goes through an asyncio client, in one script (`ADD`): the store's own when it is given one (the spend's,
    which keeps the counts' Redis), so the counts open no pool and no connection of their own; reading (for
    `docent report`) through a plain one. A write as a MULTI pipeline of redis-py cost 350 us of CPU here, and the
    first write, its client's first connection, 50 ms in one step of the event loop (tests/bench/README.md)."""

    PREFIX = "docent:counts:"
    KEEP_S = 400 * 86_400  # a day's counts outlive any report asked of them
    # KEYS: the day's hash. ARGV: how long it is kept (s), then each count's name and amount.
    ADD = """
for i = 2, #ARGV, 2 do redis.call('HINCRBYFLOAT', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[1], ARGV[1])
"""

    def __init__(self, url: str, *, client: Any = None) -> None:
        self.url = url
        self._client: Any = client
        self._owned = client is None  # a client made here is closed here; one given is its giver's
        self._add: Any = None

    async def add(self, day: str, counts: Mapping[str, float]) -> None:
        if self._add is None:
            from .lua import Lua
            from .redis_store import connect

            if self._client is None:
                self._client = connect(self.url)
            self._add = Lua(self._client, self.ADD)
        args: list[str | int] = [self.KEEP_S]
        for name, n in counts.items():
            if n:
                args += [name, repr(n)]
        await self._add(keys=[self.PREFIX + day], args=args)

    def read(self, days: Iterable[str]) -> dict[str, float]:
        import redis

        out: dict[str, float] = {}
        with redis.Redis.from_url(self.url) as client:
            for day in days:
                for name, n in client.hgetall(self.PREFIX + day).items():
                    out[name.decode()] = out.get(name.decode(), 0) + float(n)
        return out

    async def aclose(self) -> None:
        if self._owned and self._client is not None:
            await self._client.aclose()


def open_counts(state_dir: Path | None, redis_url: str | None = None, *, client: Any = None) -> CountStore:
    """The counts for these settings: Redis when several sidecars share one (through `client`, an asyncio client of
    that Redis, when given), else the state directory's file, else memory."""
    if redis_url:
        return RedisCounts(redis_url, client=client)
    return SQLiteCounts(state_dir) if state_dir is not None else MemoryCounts()


def day_of(moment: float) -> str:
    return utc_day(moment)


class DailyCounts:
    """Listens to answers and adds what each did to its UTC day's counts.

    Counts kept in this process's memory are added as each answer ends. Those kept in the state directory's file or
    in Redis are written at most once every `every_s`, in the background: what answers end meanwhile is summed and
    goes in that one write, so counting costs no statement or round trip of a question's own (a crash loses at most
    that second's counts; closing writes what waits).
    """

    def __init__(self, store: CountStore, *, clock: Callable[[], float] = time.time, every_s: float = 1.0) -> None:
        self.store = store
        self.clock = clock
        self.every_s = every_s
        self._later = not isinstance(store, MemoryCounts)
        self._writing: asyncio.Future[None] | None = None  # the write under way, with a networked store
        self._due: asyncio.TimerHandle | None = None  # the next write
        self._waiting: dict[str, dict[str, float]] = {}  # day -> counts of answers not written yet

    def answered(self, tally: Tally) -> None:
        counts: dict[str, float] = {"questions": 1} if tally.question else {}
        if tally.outcome == "refused" and tally.reason == "none":
            counts["unanswered"] = 1  # the model found nothing in the record: `[[none]]`
        elif tally.outcome in ("refused", "error"):
            counts[f"{tally.outcome}:{tally.reason}"] = 1
        else:
            counts[tally.outcome] = 1  # answered, cancelled
        counts["shown"] = tally.shown
        for prefix, names in (("held:", tally.held), ("term:", tally.terms), ("cited:", tally.cited)):
            for name in names:
                key = prefix + name
                counts[key] = counts.get(key, 0) + 1
        done = tally.done
        if done is not None:
            counts["input_tokens"] = done.input_tokens
            counts["cache_read_tokens"] = done.cache_read_tokens
            counts["cache_write_tokens"] = done.cache_write_tokens
            counts["output_tokens"] = done.output_tokens
            counts[f"model:{done.model}"] = 1
        if tally.first_word_s is not None:
            counts["first_word_ms"] = round(tally.first_word_s * 1000)
            counts["first_words"] = 1
        if done is not None:  # the spend in dollars beside the counts
            counts["cost_usd"] = done.cost_usd
        self.add(counts)

    def add(self, counts: Mapping[str, float]) -> None:
        """Add these counts to today's: at once in memory; else with the next write, at most one every `every_s`,
        summed with those of every answer that ends meanwhile."""
        day = day_of(self.clock())
        if not self._later:
            self.store.add(day, counts)
            return
        waiting = self._waiting.get(day)
        if waiting is None:
            self._waiting[day] = dict(counts)
        else:  # a plain dict's loop: Counter.update's item assignment (a dict subclass's) took twice as long
            for name, n in counts.items():
                waiting[name] = waiting.get(name, 0) + n
        if self._due is None and self._writing is None:
            try:
                self._due = asyncio.get_running_loop().call_later(self.every_s, self._write)
            except RuntimeError:  # no event loop to write them later (a script): now
                self._write()

    def _write(self) -> None:
        """Write what waits, a day at a time; a networked store one write at a time, the next when it is done."""
        self._due = None
        while self._waiting:
            day = next(iter(self._waiting))
            try:
                pending = self.store.add(day, self._waiting.pop(day))
            except Exception as exc:  # counting must never cost a visitor anything: logged, and lost
                logger.error("Could not add the answers' counts: %s", type(exc).__name__)
                continue
            if pending is not None:
                self._writing = asyncio.ensure_future(pending)
                self._writing.add_done_callback(self._settled)
                return

    def _settled(self, task: asyncio.Future[None]) -> None:
        self._writing = None
        if not task.cancelled() and task.exception() is not None:
            logger.error("Could not add the answers' counts: %s", type(task.exception()).__name__)
        if self._waiting and self._due is None:
            self._due = asyncio.get_running_loop().call_later(self.every_s if len(self._waiting) < 2 else 0, self._write)

    async def aclose(self) -> None:
        """Write the counts still waiting (and wait for those being written), then close the store."""
        deadline = time.monotonic() + 5
        while (self._writing is not None or self._waiting) and time.monotonic() < deadline:
            if self._due is not None:
                self._due.cancel()
                self._due = None
            if self._writing is None:
                self._write()
                continue
            await asyncio.wait([self._writing], timeout=max(0.0, deadline - time.monotonic()))
        if self._due is not None:
            self._due.cancel()
            self._due = None
        closing = getattr(self.store, "aclose", None)
        if closing is not None:
            await closing()
