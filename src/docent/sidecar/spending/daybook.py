"""The day's spend in a small SQLite file in the state directory, so that a restart continues the day.

What calls cost is written, one row per UTC day; what calls in flight reserved is held in memory. A process
that restarts has no calls in flight, so what it had reserved is rightly gone with it, while what it spent
stays spent. Amounts are whole nano-dollars, so that adding them up never drifts.

One sidecar per state directory: several share their state through Redis instead (`DOCENT_REDIS_URL`).
"""

from __future__ import annotations

import logging
import math
import sqlite3
from pathlib import Path

from ..store import StoreUnavailable
from .budget import Reservation

logger = logging.getLogger("docent.sidecar")

NANO = 1_000_000_000  # nano-dollars per dollar
SPEND_FILE = "spend.sqlite3"


class StateDirError(Exception):
    """The state directory cannot hold the day's spend or the counts; the message says how to fix it."""


def state_file(path: Path, table: str, *, what: str, timeout_s: float, threads: bool = False) -> sqlite3.Connection:
    """`path`, a SQLite file in the state directory made if missing, in autocommit and WAL mode with `table` (its
    CREATE TABLE's columns), or a StateDirError that names `what` it was to keep and says how to fix it.
    `threads`: the connection is used from more than one thread (the caller holds a lock)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(path, timeout=timeout_s, check_same_thread=not threads, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # with WAL: durable across a crash of the process, not a power cut
        db.execute(f"CREATE TABLE IF NOT EXISTS {table}")
    except (OSError, sqlite3.Error) as exc:
        raise StateDirError(
            f"{what} cannot be kept in {path} ({exc}): set DOCENT_STATE_DIR to a directory this user can write."
        ) from None
    return db


class SqliteBudgetStore:
    """The day's spend in `path`; written in WAL mode, so a commit survives the process being killed."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db = state_file(path, "spend (day TEXT PRIMARY KEY, nano INTEGER NOT NULL)", what="The day's spend",
                              timeout_s=2)
        self._reserved: dict[str, int] = {}  # day -> nano-dollars reserved by calls in flight
        self._unwritten: dict[str, int] = {}  # day -> costs a failed write left for the next one
        self._written: dict[str, int] = {}  # day -> its row in the file, read once, then kept up to date here

    def reserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        nano = math.ceil(amount * NANO)
        if self._total(day) + nano > limit * NANO:
            return None
        self._reserved[day] = self._reserved.get(day, 0) + nano
        return Reservation(day, amount, key=str(nano))

    async def areserve(self, day: str, amount: float, limit: float) -> Reservation | None:
        return self.reserve(day, amount, limit)  # a local file: as quick as the loop's own work

    def settle(self, reservation: Reservation, cost: float) -> None:
        day = reservation.day
        left = self._reserved.get(day, 0) - int(reservation.key)
        if left > 0:
            self._reserved[day] = left
        else:
            self._reserved.pop(day, None)
        nano = round(cost * NANO)
        if nano:  # a call that cost nothing (the offline model, a refusal before the call) writes nothing
            self._unwritten[day] = self._unwritten.get(day, 0) + nano
            self._write()

    def spent(self, day: str) -> float:
        return self._total(day) / NANO

    def close(self) -> None:
        self._write()
        self._db.close()

    def _total(self, day: str) -> int:
        """The day's row is read from the file once: this process is its only writer (one state directory per
        sidecar), so what it writes afterwards is added here as it goes."""
        self._write()
        if day not in self._written:
            try:
                row = self._db.execute("SELECT nano FROM spend WHERE day = ?", (day,)).fetchone()
            except sqlite3.Error as exc:
                raise StoreUnavailable(f"The day's spend cannot be read from {self.path}: {exc}.") from None
            self._written = {day: row[0] if row else 0}  # only today's is asked for: yesterday's goes
        return self._written[day] + self._reserved.get(day, 0) + self._unwritten.get(day, 0)

    def _write(self) -> None:
        """Add what is unwritten to the file; on failure it stays counted here and is written next time."""
        while self._unwritten:
            day, nano = next(iter(self._unwritten.items()))
            try:
                self._db.execute(
                    "INSERT INTO spend (day, nano) VALUES (?, ?) ON CONFLICT (day) DO UPDATE SET nano = nano + excluded.nano",
                    (day, nano),
                )
            except sqlite3.Error as exc:
                logger.warning("The day's spend could not be written to %s (%s); kept in memory until it can.", self.path, exc)
                return
            del self._unwritten[day]
            if day in self._written:
                self._written[day] += nano
