"""The sidecar's Starlette app: the guide's endpoints, their reference, CORS, security headers, and the site."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable, Sequence, Sized
from contextlib import asynccontextmanager, nullcontext
from functools import partial
from typing import TYPE_CHECKING, Any

import anyio
from starlette.applications import Starlette
from starlette.middleware.cors import CORSMiddleware
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

from . import collector, errors
from .counts import CountStore, DailyCounts
from .front import Direct, stack
from .guide import Guide, ModelFactory, TurnFactory, default_turn_factory
from .metrics import Metrics, metrics_endpoint
from .proof import ProofOfWork
from .ratelimit import RateLimits
from .routes import GUIDE, MCP, Endpoint, probed, routes
from .settings import Settings, redacted
from .spending.budget import BudgetStore
from .spending.factory import FeatureModel
from .state import budget_store as default_budget_store
from .state import counts as default_counts
from .state import store as default_store
from .store import Store, StoreUnavailable
from .tally import Listener

if TYPE_CHECKING:
    from .agents import Agents

logger = logging.getLogger("docent.sidecar")

def create_app(
    settings: Settings,
    *,
    turn_factory: TurnFactory | None = None,
    model_factory: ModelFactory | None = None,
    clock: Callable[[], float] | None = None,
    store: Store | None = None,
    budget_store: BudgetStore | None = None,
    counts: CountStore | None = None,
) -> Starlette:
    """The sidecar. Nothing heavy happens here: the bundle and the model are made with the first call needing them."""
    now = clock or time.time
    store = store if store is not None else default_store(settings, clock=now)  # an empty store has len 0
    spend = budget_store if budget_store is not None else default_budget_store(settings, store)
    counts = counts if counts is not None else default_counts(settings, spend)
    daily = DailyCounts(counts, clock=now)
    metrics = Metrics()
    proof = ProofOfWork(
        settings.pow_secret, use=store.use_challenge, maxnumber=settings.pow_maxnumber, expires_s=settings.pow_expires_s,
        clock=now,
    )
    batch = getattr(store, "limit_hits", None) if getattr(store, "counts_hits", False) else None
    limits = RateLimits(settings, store.limiter_storage, batch=batch)
    listeners = (metrics, daily)  # told of each answer once it has ended
    guide = Guide(
        settings, model_factory=model_factory, turn_factory=turn_factory or default_turn_factory, budget_store=spend,
        metrics=metrics,
    )
    _read_gauges(metrics, guide, store)
    agents = _agents(guide, limits, listeners, daily) if settings.mcp else None

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if not await store.reachable():  # a shared store: say at once if it cannot be reached
            logger.warning(
                "Redis at %s does not answer: the guide answers 503 store_unavailable until it does.",
                redacted(settings.redis_url or ""),
            )
        # The bundle read in a worker thread: a bundle with the record's vectors loads the rerank's model (0.3-0.5 s)
        await anyio.to_thread.run_sync(guide.bundle)
        await guide.prepare()  # with a key, the model's context and capabilities, once
        _warm(guide)
        collector.settle()  # a serving process's start, bundle and all, left out of later collections
        server = metrics.serve(*settings.metrics) if settings.metrics else None
        try:
            async with agents.running() if agents is not None else nullcontext():
                yield
        finally:
            if server is not None:
                server.shutdown()
                server.server_close()
            metrics.close()
            await daily.aclose()
            await guide.aclose()
            await store.aclose()
            closing = getattr(spend, "aclose", None)  # a store with an asyncio client of its own
            if closing is not None:
                await closing()
            else:
                spend.close()

    table: list[BaseRoute] = list(routes(guide, store=store, proof=proof, limits=limits, listeners=listeners))
    scrape = probed(limits, settings.trust_proxy, metrics_endpoint(metrics, settings.metrics_token))
    table.append(Endpoint(f"{GUIDE}/metrics", scrape, methods=["GET"]))
    if agents is not None:
        # POST only: stateless, it never sends unasked, and a GET would hold an event stream open per request,
        # unlimited (tests/attack/test_routes.py); the SDK's client takes the 405 as "no stream" and goes on.
        table.append(Route(MCP, agents, methods=["POST"]))
    if settings.site is not None:
        table.append(Mount("/", StaticFiles(directory=settings.site, html=True), name="site"))
    app = Sidecar(
        routes=table,
        exception_handlers={errors.GuideError: errors.handle, StoreUnavailable: errors.store_unavailable},
        lifespan=lifespan,
    )
    if settings.origins:
        app.cors = partial(
            CORSMiddleware,
            allow_origins=list(settings.origins),
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Content-Type"],
            allow_credentials=False,
            expose_headers=["Retry-After"],
            max_age=600,
        )
    app.state.guide = guide
    app.state.store = store
    app.state.limits = limits
    return app


def _warm(guide: Guide) -> None:
    """Load at start what the first question would load in its head, while every other question waits behind it: the
    turn's modules and anyio's asyncio backend (loaded at the first cancel scope), 130 ms of CPU on the bench's
    machine; the first question's own time then is as any other's (tests/bench/README.md). And the bundle, warmed
    (`Bundle.warm`); a rebuilt one is warmed as it loads (`BundleSource`)."""
    from .answer.turn import Turn

    with anyio.CancelScope():
        logger.debug("%s loaded before the first question.", Turn.__qualname__)
    bundle = guide.bundle()
    if bundle is not None:
        bundle.warm()


def _agents(guide: Guide, limits: RateLimits, listeners: Sequence[Listener], daily: DailyCounts) -> Agents:
    """The MCP endpoint (DOCENT_MCP, `--mcp`); the SDK is imported only when it is switched on."""
    from .agents import Agents

    return Agents(guide, limits=limits, listeners=listeners, counts=daily)


def _read_gauges(metrics: Metrics, guide: Guide, store: Store) -> None:
    """The gauges read the guide's parts when scraped; a part not made yet reads as zero."""

    def part(value: Callable[[FeatureModel], float]) -> Callable[[], float]:
        def read() -> float:
            model = guide.model()
            return float(value(model)) if isinstance(model, FeatureModel) else 0.0

        return read

    metrics.read_gauges(
        spend_dollars=part(lambda model: model.budget.spent_usd()),
        budget_dollars=part(lambda model: model.budget.limit_usd),
        bulkhead_in_use=part(lambda model: model.bulkhead.in_use),
        bulkhead_size=part(lambda model: model.bulkhead.size),
        conversations_open=lambda: float(len(store)) if isinstance(store, Sized) else 0.0,
    )


class Sidecar(Starlette):
    """Starlette with its layers around the router as one (`front.Front`), CORS between them when it is on, and the
    guide's routes found by their path (`front.Direct`). Built at the first request, from the routes as they are."""

    cors: Callable[[ASGIApp], ASGIApp] | None = None

    def build_middleware_stack(self) -> ASGIApp:
        return stack(Direct(self.router), self.exception_handlers, self.cors)

    def add_middleware(self, middleware_class: Any, *args: Any, **kwargs: Any) -> None:
        """Refused, not dropped: `build_middleware_stack` makes the layers itself and never reads Starlette's list."""
        raise RuntimeError("The sidecar builds its own layers around the router (front.stack): wrap the app in the "
                           "middleware instead, middleware(app, ...)")
