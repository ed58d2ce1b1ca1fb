"""A number as the gate compares it (`Quantity`): its value in one unit of its family (durations in seconds, sizes
in bytes, CPU in millicores; a percentage, a factor, basis points by name), made from a figure and the unit written
after it (`quantity`), each once; `numbers` reads them from a text.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import units

# Durations in seconds; other units by name.
SECONDS = {
    "ns": 1e-9, "nanosecond": 1e-9, "nanoseconds": 1e-9, "µs": 1e-6, "microsecond": 1e-6, "microseconds": 1e-6,
    "ms": 0.001, "millisecond": 0.001, "milliseconds": 0.001,
    "s": 1.0, "sec": 1.0, "secs": 1.0, "second": 1.0, "seconds": 1.0,
    "min": 60.0, "mins": 60.0, "minute": 60.0, "minutes": 60.0,
    "h": 3600.0, "hr": 3600.0, "hrs": 3600.0, "hour": 3600.0, "hours": 3600.0,
    "day": 86400.0, "days": 86400.0, "night": 86400.0, "nights": 86400.0,
    "week": 604800.0, "weeks": 604800.0, "fortnight": 1209600.0, "fortnights": 1209600.0,
    "month": 2592000.0, "months": 2592000.0, "quarter": 7776000.0, "quarters": 7776000.0,
    "year": 31536000.0, "years": 31536000.0,
}
OTHER_UNITS = {
    "%": "%", "percent": "%", "per cent": "%", "pct": "%",
    "x": "x", "times": "x", "bps": "bp", "basis points": "bp", "basis point": "bp",
}


@dataclass(frozen=True, slots=True)
class Quantity:
    value: float  # in seconds for a duration, in bytes for a size
    unit: str  # "" for none, "time" for a duration, "bytes" for a size, else "%", "millicores", ...
    raw: float = field(default=0.0, compare=False)  # as written, before a duration's conversion: 40 of "40 minutes"
    # Its other readings, each of which vouches for it ("5m": 5 minutes, 5 millicores or 5 million; "512 bytes": 512)
    other: tuple[Quantity, ...] = field(default=(), compare=False)
    # A version's parts, whole numbers without trailing zeros ("1.10": 1, 10; "2.0": 2): 1.1 and 1.10 are one float
    parts: tuple[int, ...] = ()

    def said(self) -> str:
        if self.unit in ("time", "bytes"):
            return f"{self.value:g} {'s' if self.unit == 'time' else 'B'}"
        return f"{self.value:g}{' ' + self.unit if self.unit else ''}"


def unit_name(q: Quantity) -> str:
    """A unit to give a bare number from its neighbour: the neighbour's, its duration in seconds (or size in bytes) as
    written."""
    table = {"time": SECONDS, "bytes": units.BYTES, "millicores": units.CPU}.get(q.unit)
    if table is None:
        return {v: k for k, v in OTHER_UNITS.items()}.get(q.unit, "")
    per = q.value / q.raw if q.raw else 1.0
    return next((name for name, factor in table.items() if abs(factor - per) < 1e-9 * max(factor, 1.0)), "")


def quantity(value: float, unit: str) -> Quantity:
    try:  # a figure and its unit as written, looked up: most come again ("2021", "3 weeks"), and a frozen dataclass
        return _MADE[value, unit]  # costs a call for each field it sets, `round` a conversion to text
    except KeyError:
        pass
    words = " ".join(unit.split())
    if words in SECONDS:
        made = Quantity(round(value * SECONDS[words], 9), "time", value)
    elif words in units.BYTES:  # "512 bytes" is 512 as a bare count was before sizes were read in bytes
        bare = (Quantity(value, "", value),) if units.BYTES[words] == 1.0 else ()
        made = Quantity(round(value * units.BYTES[words], 3), "bytes", value, bare)
    elif words in units.CPU:  # "4 cores" is 4000m, and four as a bare count
        bare = (Quantity(value, "", value),) if units.CPU[words] != 1.0 else ()
        made = Quantity(round(value * units.CPU[words], 3), "millicores", value, bare)
    else:
        made = Quantity(value, OTHER_UNITS.get(words, ""), value)
    if len(_MADE) < 10_000:  # bounded, as `words.stems`' folds are
        _MADE[value, unit] = made
    return made


_MADE: dict[tuple[float, str], Quantity] = {}
