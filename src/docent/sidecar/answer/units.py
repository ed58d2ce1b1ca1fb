"""Figures joined to their units, as documentation writes them, read as quantities (`numbers` makes them).

Kubernetes quantities ("1Gi", "512Mi", "250m" of CPU), Go and CLI durations ("30s", "100ms", "1m30s", "5m0s",
"--interval=1m"), sizes ("10KiB", "2G", "25M"), rates ("100rps"). A figure is read in its unit's family: durations in
seconds, sizes in bytes, CPU in millicores (a whole CPU or core is 1000m). A size's prefix is binary whether or not an
"i" is written ("512Mi" and "512 MB" are one size; "1Gi" is 1024Mi): docs write MB for MiB ("16384 bytes (16 KB)"),
and a 5 % gap between the two is no falsehood a reader would be misled by; but a lower-case "kB" is 1000 bytes
(Docker's sizes) and "KB" either. Where a joined figure can be read more than one way, each reading vouches: a
lower-case "m" is minutes in a duration, millicores beside "CPU" (its only reading there), a size or millions beside
memory or RAM ("250m of memory" is no CPU's), millions after a currency sign; with none beside it, any of the three.
What the number rule never reads here: a figure in the sentence's inline code (the code_term rule checks it as
written), a version ("v1.2"), a hash or an id ("sha256: 9f2c1d"), which are the digits of a name, "1d" to "3d" in a
sentence (an array's or a plot's dimensions more often than days; a section's states days too), "5G networks" (a
name), and a compound that is no Go duration ("3d5s").
"""

from __future__ import annotations

import re

# Size words in bytes, binary whether or not written with an "i"; `numbers` reads them after a figure too.
BYTES: dict[str, float] = {
    "byte": 1.0, "bytes": 1.0,
    **dict.fromkeys(("kb", "kib", "ki", "kilobyte", "kilobytes", "kibibyte", "kibibytes"), 1024.0),
    **dict.fromkeys(("mb", "mib", "mi", "megabyte", "megabytes", "mebibyte", "mebibytes"), 1024.0**2),
    **dict.fromkeys(("gb", "gib", "gi", "gigabyte", "gigabytes", "gibibyte", "gibibytes"), 1024.0**3),
    **dict.fromkeys(("tb", "tib", "ti", "terabyte", "terabytes", "tebibyte", "tebibytes"), 1024.0**4),
}
# CPU in millicores: a whole CPU, core or vCPU is 1000m ("half a CPU (0.5 cores)" is "500m"); `numbers` keeps the bare
# count as another reading of a whole one ("2 core maintainers" is two).
CPU: dict[str, float] = {
    "millicore": 1.0, "millicores": 1.0, "milli cpu": 1.0, "millicpu": 1.0,
    **dict.fromkeys(("cpu", "cpus", "core", "cores", "vcpu", "vcpus", "vcore", "vcores"), 1000.0),
}

# Go's units, longest first where one begins another ("ms" before "m").
_GO = r"(?:ns|us|µs|ms|h|m|s)"
_FIGURE = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# A compound Go duration ("1m30s", "5m0s", "1h0m0s"); else one figure and its joined unit, which `numbers`' own
# pattern does not read ("30s", "100ms", "5MB", "2x" it reads already).
_JOINED = re.compile(
    rf"(?P<go>(?:\d+(?:\.\d+)?{_GO}){{2,}})(?!\w|\.\d)"
    rf"|(?P<figure>{_FIGURE})(?P<unit>ns|us|µs|m|d|w|[KMGTkmgt]iB|[KMGT]i|G|T|rps|qps)(?!\w|\.\d)"
)
_GO_PART = re.compile(rf"(\d+(?:\.\d+)?)({_GO})")
_GO_UNITS = {"ns": "ns", "us": "us", "µs": "us", "ms": "ms", "h": "h", "m": "min", "s": "s"}
# The word after a joined unit's letters, as `numbers` looks it up.
_WORD = {"d": "day", "w": "week", "ns": "ns", "us": "µs", "µs": "µs", "G": "gb", "T": "tb"}
# "cpu: 250m", "cpu=500m", "250m of CPU", "100m CPU", "1500m cores": a lower-case m beside CPU counts millicores.
_CPU_BEFORE = re.compile(r"cpus?[\"']?\s*[:=]\s*[\"']?$", re.IGNORECASE)
_CPU_AFTER = re.compile(r"\s*(?:of\s+(?:a\s+|the\s+)?)?(?:v?cpus?|cores?|millicores?)\b", re.IGNORECASE)
# "250m of memory", "memory: 250m": a lower-case m beside memory is no CPU's; a size ("250M") or a million.
_MEMORY_BEFORE = re.compile(r"mem(?:ory)?[\"']?\s*[:=]\s*[\"']?$", re.IGNORECASE)
_MEMORY_AFTER = re.compile(r"\s*(?:of\s+(?:the\s+)?)?(?:memory|ram)\b", re.IGNORECASE)
# "5G networks", "4G signal": a generation's name, no size.
_NAMED_AFTER = re.compile(r"[\s\-]+(?:networks?|signals?|coverage|connectivity|cellular|mobile|modems?)\b",
                          re.IGNORECASE)
_CURRENCY = frozenset("$£€")
_DIMENSIONS = frozenset((1.0, 2.0, 3.0))

Reading = tuple[float, str]  # a figure and the unit word `numbers` reads it with ("" for a count)


def cpu_before(text: str, start: int) -> bool:
    """Whether "cpu:" or "cpu=" stands right before `start` on its line (a resources block's "cpu: 1" is 1000m)."""
    line_start = text.rfind("\n", 0, start) + 1
    begin = max(line_start, start - 24)
    # The pattern needs "cpu" in any case (no other character folds to one of its letters): most figures have none
    # before them, and are spared it.
    if "cpu" not in text[begin:start].lower():
        return False
    return _CPU_BEFORE.search(text, begin, start) is not None


def may_join(text: str) -> bool:
    """A quick test: a digit with a letter right after it somewhere (the pattern's search is left out otherwise)."""
    return _DIGIT_LETTER.search(text) is not None


_DIGIT_LETTER = re.compile(r"\d[A-Za-zµ]")


def joined(text: str, *, record: bool = False) -> list[tuple[int, int, tuple[Reading, ...]]]:
    """Each figure joined to its unit, with where it stands and its readings, the likeliest first. `record`: a
    section's text, which states "2d" as two days too (it vouches; a sentence's "2d array" is let through)."""
    out = []
    for m in _JOINED.finditer(text):
        start = m.start()
        if start and (text[start - 1].isalnum() or text[start - 1] in "._"
                      or text[start - 1] == "-" and start > 1 and text[start - 2].isalpha()):
            continue  # the digits of a name: sha256:9f2c1d, v1.2m, ISO-8601
        readings = _go(m.group("go")) if m.group("go") else _single(text, m, record)
        if readings:
            out.append((start, m.end(), readings))
    return out


def _go(compound: str) -> tuple[Reading, ...]:
    """A compound Go duration in seconds: "1m30s" is 90 s."""
    seconds = 0.0
    for figure, unit in _GO_PART.findall(compound):
        seconds += float(figure) * _GO_SECONDS[_GO_UNITS[unit]]
    return ((seconds, "s"),)


_GO_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0, "min": 60.0, "h": 3600.0}


def _single(text: str, m: re.Match[str], record: bool) -> tuple[Reading, ...]:
    value, unit = float(m.group("figure").replace(",", "")), m.group("unit")
    if unit in ("rps", "qps"):  # "100rps": a count of requests, its period the rate rule's
        return ((value, ""),)
    if unit == "d" and value in _DIMENSIONS and not record:  # "a 2d array", "3d plots": a name, as "3-D" is, not days
        return ()
    if unit in ("G", "T") and _NAMED_AFTER.match(text, m.end()):  # "5G networks"
        return ()
    if unit != "m":
        return ((value, _WORD.get(unit, unit.lower())),)
    start = m.start()
    if cpu_before(text, start) or _CPU_AFTER.match(text, m.end()):
        return ((value, "millicores"),)
    line_start = text.rfind("\n", 0, start) + 1
    if _MEMORY_BEFORE.search(text, max(line_start, start - 24), start) or _MEMORY_AFTER.match(text, m.end()):
        return ((value, "mb"), (value * 1e6, ""))
    if start and text[start - 1] in _CURRENCY:  # "£5m"
        return ((value * 1e6, ""),)
    return ((value, "min"), (value, "millicores"), (value * 1e6, ""))
