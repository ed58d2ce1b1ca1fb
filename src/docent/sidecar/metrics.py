"""The guide's Prometheus metrics, through `prometheus-client`, in a registry of the app's own.

Every label value is a fixed code (a reason, a check, an error), a tool name from the manifest or a model id from
the settings; `_label` turns anything else into `other`, so neither a visitor's words nor a token can become one.
The gauges are read when scraped. An answer's counts are summed in plain numbers on the event loop and handed to
prometheus-client when scraped (`Metrics.flush`): its locked `inc` a count, six to eight an answer, was most of what
the metrics cost a question. With several processes, `PROMETHEUS_MULTIPROC_DIR` makes every scrape the sum of all of
them, and each process writes its counts at once, since another process's scrape cannot ask it for them. Served on their own address (`DOCENT_METRICS`) or, with `DOCENT_METRICS_TOKEN`,
at `/api/guide/metrics` behind that bearer token; never on the public path without one.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import hmac
import logging
import math
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, start_http_server
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import RestrictedRegistry
from starlette.requests import Request
from starlette.responses import Response

from .answer.tools import Failed, Verdict
from .model.port import Usage
from .tally import Tally

logger = logging.getLogger("docent.sidecar")
T = TypeVar("T")
# Several processes of one sidecar (workers, or sidecars on one host) each write their figures to files in this
# folder, and a scrape of any of them sums them: prometheus-client's multiprocess mode.
MULTIPROCESS = bool(os.environ.get("PROMETHEUS_MULTIPROC_DIR"))
_SAFE = re.compile(r"[A-Za-z0-9_.:\-]{0,64}")
# Time to the first word and to the end: a good answer starts within a second and ends within ten.
FIRST_WORD_BUCKETS = (0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
DURATION_BUCKETS = (0.5, 1.0, 2.0, 3.0, 5.0, 7.5, 10.0, 15.0, 20.0, 30.0, 60.0)


@functools.lru_cache(maxsize=256)  # the same few codes and names each answer; bounded whatever comes
def _label(value: str) -> str:
    return value if _SAFE.fullmatch(value) else "other"


# With several processes, how each gauge adds up: the shared day's figures are one value, the places and
# conversations each process holds are summed over the processes alive.
GAUGES: tuple[tuple[str, str, Literal["max", "livesum"]], ...] = (
    ("docent_spend_dollars", "The day's spend so far.", "max"),
    ("docent_budget_dollars", "The day's budget.", "max"),
    ("docent_conversations_open", "Conversations held now.", "livesum"),
    ("docent_bulkhead_in_use", "Model calls in flight (places taken in the bulkhead).", "livesum"),
    ("docent_bulkhead_size", "Places in the bulkhead.", "livesum"),
)


class _Registry(CollectorRegistry):
    """A registry that has its owner's pending counts handed over before any scrape reads it."""

    def __init__(self, before: Callable[[], None]) -> None:
        super().__init__()
        self._before = before

    def collect(self) -> Iterable[Metric]:
        self._before()
        return super().collect()

    def restricted_registry(self, names: Iterable[str]) -> RestrictedRegistry:  # a scrape asking for `name[]`
        self._before()
        return super().restricted_registry(names)


class Metrics:
    """Counters, histograms and gauges for one sidecar; `answered` takes a tally, the other hooks their events.

    The hooks run on the event loop, which alone writes the counts waiting for a scrape (`_pending`)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None  # set when served on an address of its own
        # (counter, label values...) -> what it has counted since the last scrape
        self._pending: defaultdict[tuple[Any, ...], float] = defaultdict(int)
        r = self.registry = _Registry(self._on_loop(self.flush, None))
        self.questions = Counter("docent_questions", "Questions asked (not the answers to cards).", registry=r)
        self.answers = Counter(
            "docent_answers", "Answers by how they ended: answered, refused (by reason), error (by code), cancelled.",
            ["outcome", "reason"], registry=r,
        )
        self.sentences = Counter(
            "docent_sentences", "Sentences shown, and held by the gate's reason.", ["fate", "reason"], registry=r
        )
        self.tool_calls = Counter(
            "docent_tool_calls", "Tool calls passed, and refused by the check they failed.", ["verdict", "check"], registry=r
        )
        self.actions = Counter("docent_actions", "Actions carried out on the page, by tool.", ["tool"], registry=r)
        self.model_calls = Counter("docent_model_calls", "Model calls by model and outcome.", ["model", "outcome"], registry=r)
        self.tokens = Counter(
            "docent_model_tokens", "Tokens by model and kind: input, output, cache_read, cache_write.", ["model", "kind"],
            registry=r,
        )
        self.dollars = Counter("docent_spent_dollars", "Dollars spent on model calls, by model.", ["model"], registry=r)
        self.challenges = Counter(
            "docent_pow_challenges", "Proof-of-work challenges issued and solved.", ["state"], registry=r
        )
        self.agent_calls = Counter(
            "docent_mcp_calls", "MCP calls by tool (search, read_section, list_pages, ask; http: refused before any)"
            " and outcome.", ["tool", "outcome"], registry=r,
        )
        self.limited = Counter("docent_rate_limited", "Requests refused by a rate limit, by limit.", ["limit"], registry=r)
        self.first_word = Histogram(
            "docent_first_word_seconds", "Time from a question to its first shown sentence.", buckets=FIRST_WORD_BUCKETS,
            registry=r,
        )
        self.duration = Histogram(
            "docent_answer_seconds", "Time from a question to the answer's end.", buckets=DURATION_BUCKETS, registry=r
        )
        self._gauges: dict[str, Gauge] = {
            name: Gauge(name, help_text, registry=r, multiprocess_mode=mode) for name, help_text, mode in GAUGES
        }
        self._readers: dict[str, Callable[[], float]] = {}
        self._children: dict[tuple[Any, tuple[str, ...]], Any] = {}  # (metric, label values) -> its child
        self.pow_maxnumber = Gauge(
            "docent_pow_maxnumber", "The most tries the last challenge may take (it rises with pressure).",
            registry=r, multiprocess_mode="mostrecent",
        )

    def read_gauges(self, **readers: Callable[[], float]) -> None:
        """Read these gauges when scraped, e.g. `spend_dollars=budget.spent_usd`, on the app's event loop.

        With several processes (`PROMETHEUS_MULTIPROC_DIR`) a scrape cannot call into the others: each process
        sets its gauges instead, after each answer and each model call, and before it answers a scrape."""
        for name, reader in readers.items():
            if MULTIPROCESS:
                self._readers[f"docent_{name}"] = reader
            else:
                self._gauges[f"docent_{name}"].set_function(self._on_loop(reader, math.nan))

    def flush(self) -> None:
        """Hand the counts summed since the last scrape to their counters (on the event loop, which writes them)."""
        pending, self._pending = self._pending, defaultdict(int)
        for (metric, *values), amount in pending.items():
            (self._child(metric, *values) if values else metric).inc(amount)

    def refresh(self) -> None:
        """Set the gauges from their readers (several processes only; one process reads them when scraped)."""
        for name, reader in self._readers.items():
            try:
                self._gauges[name].set(reader())
            except Exception:
                logger.warning("A gauge could not be read for the metrics", exc_info=True)

    def _on_loop(self, reader: Callable[[], T], failed: T) -> Callable[[], T]:
        """The guide's parts belong to the event loop (a SQLite store to its thread), and so do the pending
        counts: a scrape on the metrics server's own thread reads them there. A part that cannot be read reads as
        `failed` (NaN for a gauge), not a failed scrape."""

        def read() -> T:
            try:
                loop = self.loop
                if loop is None or loop.is_closed() or _running_loop() is loop:  # closed: nothing counts any more
                    return reader()

                async def hop() -> T:
                    return reader()

                return asyncio.run_coroutine_threadsafe(hop(), loop).result(timeout=5)
            except Exception:
                logger.warning("A gauge or the counts could not be read for the metrics", exc_info=True)
                return failed

        return read

    def _counted(self) -> None:
        """After a hook: with several processes, another's scrape reads this one's files, so they are written now."""
        if MULTIPROCESS:
            self.flush()
            self.refresh()

    def _child(self, metric: Any, *values: str) -> Any:
        """The metric's child for these label values, made once: `labels` checks and locks each time (about a
        microsecond, five to nine times an answer). The values are fixed codes and names (`_label`), so few."""
        key = (metric, values)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*values)
        return child

    # hooks

    def answered(self, tally: Tally) -> None:
        pending = self._pending
        if tally.question:
            pending[self.questions,] += 1
        pending[self.answers, tally.outcome, _label(tally.reason)] += 1
        if tally.shown:
            pending[self.sentences, "shown", ""] += tally.shown
        for reason in tally.held:
            pending[self.sentences, "held", _label(reason)] += 1
        for tool in tally.actions:
            pending[self.actions, _label(tool)] += 1
        if tally.first_word_s is not None:
            self.first_word.observe(tally.first_word_s)
        if tally.outcome != "cancelled":
            self.duration.observe(tally.duration_s)
        self._counted()

    def checked(self, verdict: Verdict) -> None:
        if isinstance(verdict, Failed):
            self._pending[self.tool_calls, "refused", _label(verdict.check)] += 1
        else:
            self._pending[self.tool_calls, "passed", ""] += 1
        self._counted()

    def called(self, model: str, usage: Usage, cost_usd: float, failure: str | None) -> None:
        pending, model = self._pending, _label(model)
        pending[self.model_calls, model, _label(failure) if failure else "ok"] += 1
        for kind, tokens in (("input", usage.input_tokens), ("output", usage.output_tokens),
                             ("cache_read", usage.cache_read_tokens), ("cache_write", usage.cache_write_tokens)):
            if tokens:
                pending[self.tokens, model, kind] += tokens
        if cost_usd:
            pending[self.dollars, model] += cost_usd
        self._counted()

    def exposition(self) -> bytes:
        """The scrape of `/api/guide/metrics`, on the event loop."""
        self.flush()
        self.refresh()
        return generate_latest(self._scraped())

    def _scraped(self) -> CollectorRegistry:
        """What a scrape reads: this process's registry, or every process's files summed."""
        if not MULTIPROCESS:
            return self.registry
        registry = CollectorRegistry()
        MultiProcessCollector(registry)
        return registry

    def close(self) -> None:
        """This process is going: its share of the summed gauges goes with it (several processes only)."""
        if MULTIPROCESS:
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(os.getpid())

    def serve(self, host: str, port: int) -> Any:
        """The metrics on their own address, in a thread; returns the server, to shut down with the app, or None
        where another process of the same sidecar serves them already. Call it on the app's event loop."""
        self.loop = asyncio.get_running_loop()
        try:
            server, _thread = start_http_server(port, addr=host, registry=self._scraped())
        except OSError as exc:
            if not MULTIPROCESS or exc.errno != errno.EADDRINUSE:
                raise
            logger.info("Metrics at %s:%d are served by another of this sidecar's processes.", host, port)
            return None
        return server


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def metrics_endpoint(metrics: Metrics, token: str | None) -> Callable[[Request], Any]:
    """`/api/guide/metrics` behind the bearer token; with none set, nothing opens it. Compared in constant time."""
    expected = f"Bearer {token}".encode() if token else None

    async def endpoint(request: Request) -> Response:
        from .errors import GuideError

        given = request.headers.get("authorization", "").encode()
        if expected is None:
            raise GuideError(
                401, "unauthorized", "Metrics are not served here: the owner sets DOCENT_METRICS_TOKEN (or DOCENT_METRICS)."
            )
        if not hmac.compare_digest(given, expected):
            raise GuideError(401, "unauthorized", "Metrics need the bearer token the owner set in DOCENT_METRICS_TOKEN.")
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return endpoint
