"""The guide's state and readiness: the switch, the bundle, the model and the policy, each made when first needed."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import httpx

from docent.sidecar.bundle import Bundle, BundleError, BundleSource
from docent.sidecar.metrics import Metrics
from docent.sidecar.model.port import LanguageModel
from docent.sidecar.proof import ProofOfWork
from docent.sidecar.ratelimit import RateLimits
from docent.sidecar.settings import Settings
from docent.sidecar.spending.budget import BudgetStore
from docent.sidecar.store import Store
from docent.sidecar.tally import Listener

if TYPE_CHECKING:
    from docent.sidecar.model.catalogue import ModelFacts

logger = logging.getLogger("docent.sidecar")

ModelFactory = Callable[[Settings], Any]  # -> LanguageModel, or an object saying why there is none (`why`, `message`)
TurnFactory = Callable[..., Any]  # (bundle=, model=, policy=) -> an object whose run(conversation, ask) yields events

OFF_WORDS = {
    "switched_off": "The guide is switched off on this site.",
    "no_model": "The guide has no model to answer with: its owner must set DOCENT_MODEL.",
    "budget_spent": "The guide has spent today's budget: ask again tomorrow.",
    "no_bundle": "The guide has no record to answer from: its owner must build the site (`mkdocs build`).",
}


class Ready:
    """What a question needs, when the guide is on; `degraded` says why the offline model stands in, if it does."""

    __slots__ = ("bundle", "degraded", "model")

    def __init__(self, bundle: Bundle, model: LanguageModel, degraded: str | None = None) -> None:
        self.bundle = bundle
        self.model = model
        self.degraded = degraded


class Guide:
    """Holds the sidecar's parts; the bundle, model and policy are made with the first call that needs them."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store,
        proof: ProofOfWork,
        limits: RateLimits,
        model_factory: ModelFactory | None,
        turn_factory: TurnFactory,
        budget_store: BudgetStore | None = None,
        metrics: Metrics | None = None,
        listeners: Sequence[Listener] = (),
    ) -> None:
        self.settings = settings
        self.store = store
        self.proof = proof
        self.limits = limits
        self.metrics = metrics
        self.listeners = tuple(listeners)  # told of each answer once it has ended: the metrics, the day's counts
        self.bundles = BundleSource(settings.bundle)
        self.budget_store = budget_store
        self.facts: ModelFacts | None = None  # what the Models API said of the model at start, when asked
        self._model_factory = model_factory or model_factory_for(self.bundle, budget_store, lambda: self.facts)
        self._turn_factory = turn_factory
        self._model: Any = None
        self._fallback: Any = None
        self._policy: tuple[str, Any] | None = None
        self._bundle: Bundle | None = None

    async def prepare(self, client: httpx.AsyncClient | None = None) -> None:
        """Once at start, with a key: the model's context and capabilities from the Models API; else the table's."""
        from docent.sidecar.model.catalogue import read_facts
        from docent.sidecar.model.models import UnknownModel, spec_for
        from docent.sidecar.model.port import ModelError

        kind, _, model_id = self.settings.model.partition(":")
        key = self.settings.anthropic_api_key
        if kind != "anthropic" or not key:
            return
        http = client or httpx.AsyncClient()
        try:
            self.facts = await read_facts(spec_for(model_id), api_key=key, client=http)
            logger.info("%s: a context of %s tokens, by the Models API", model_id, self.facts.max_input_tokens)
        except (ModelError, UnknownModel, ValueError) as exc:
            logger.warning("Kept the model table's row for %s: the Models API did not answer (%s)", model_id, exc)
        finally:
            if client is None:
                await http.aclose()

    def readiness(self) -> tuple[str | None, Ready | None]:
        """Why the guide is off (None when on), and what a question needs when it is on."""
        if not self.settings.enabled:
            return "switched_off", None
        bundle = self.bundle()
        if bundle is None:
            return "no_bundle", None
        model = self.model()
        degraded = model.degraded() if hasattr(model, "degraded") else None
        if degraded is not None and self.settings.degrade:
            return None, Ready(bundle, self.fallback(), degraded=degraded)
        why = _why_off(model)
        if why is not None:
            return why, None
        return None, Ready(bundle, model)

    def bundle(self) -> Bundle | None:
        """The bundle, reloaded when rebuilt; a rebuild caught half-written keeps the last good one."""
        try:
            self._bundle = self.bundles.get()
        except BundleError as exc:
            if self._bundle is None:
                logger.warning("%s", exc)
            else:
                logger.warning("Kept the last bundle: %s", exc)
        return self._bundle

    def model(self) -> Any:
        if self._model is None:
            self._model = self._model_factory(self.settings)
            if self.metrics is not None and hasattr(self._model, "meter"):
                self._model.meter.listeners.append(self.metrics.called)
        return self._model

    def fallback(self) -> Any:
        """The offline model that answers while the day's budget is spent or the model is down: it costs nothing."""
        if self._fallback is None:
            from docent.sidecar.spending.factory import make_feature_model

            self._fallback = make_feature_model(
                "guide",
                model="offline",
                api_key=None,
                budget_usd=0.0,
                bulkhead=self.settings.bulkhead,
                record=lambda: _part(self.bundle(), "record", {}),
                manifest=lambda: _part(self.bundle(), "manifest", {}),
                lexicon=lambda: _part(self.bundle(), "lexicon", []),
                meter=getattr(self.model(), "meter", None),
            )
        return self._fallback

    def pressure(self) -> float:
        """How near the day's spend is to its budget, 0 to 1 (and 0 while the offline model answers for free)."""
        model = self.model()
        budget = getattr(model, "budget", None)
        if budget is None or model.spec.offline or budget.limit_usd <= 0:
            return 0.0
        return min(1.0, budget.spent_usd() / budget.limit_usd)

    def policy(self, bundle: Bundle) -> Any:
        """The owner's policy, as the bundle carries it; made again when the site is rebuilt."""
        if self._policy is None or self._policy[0] != bundle.hash:
            from docent.sidecar.policy import AnswerPolicy

            self._policy = (bundle.hash, AnswerPolicy.for_site(bundle.manifest))
        return self._policy[1]

    def turn(self, ready: Ready) -> Any:
        parts: dict[str, Any] = {"bundle": ready.bundle, "model": ready.model, "policy": self.policy(ready.bundle)}
        if self._turn_factory is default_turn_factory and self.metrics is not None:
            parts["on_check"] = self.metrics.checked
        return self._turn_factory(**parts)

    async def aclose(self) -> None:
        if self._model is not None and hasattr(self._model, "aclose"):
            await self._model.aclose()


def _why_off(model: Any) -> str | None:
    """A model factory answers with a model, or with why there is none (`Off`); a spent budget turns a model off."""
    if not hasattr(model, "stream"):
        return "no_model"
    off_reason = getattr(model, "off_reason", None)
    if off_reason is not None and off_reason():
        return "budget_spent"
    return None


def model_factory_for(
    guide_bundle: Callable[[], Bundle | None],
    budget_store: BudgetStore | None = None,
    facts: Callable[[], ModelFacts | None] = lambda: None,
) -> ModelFactory:
    """The default: the model the settings name, behind the guide's own budget (kept in `budget_store`) and bulkhead."""

    def make(settings: Settings) -> Any:
        from docent.sidecar.spending.factory import make_feature_model

        def record() -> Any:
            bundle = guide_bundle()
            return bundle.record if bundle is not None else {}

        def manifest() -> Any:
            bundle = guide_bundle()
            return bundle.manifest if bundle is not None else {}

        def lexicon() -> Any:
            bundle = guide_bundle()
            return bundle.lexicon if bundle is not None else []

        model = make_feature_model(
            "guide",
            model=settings.model,
            api_key=settings.anthropic_api_key,
            budget_usd=settings.budget_usd,
            bulkhead=settings.bulkhead,
            record=record,
            manifest=manifest,
            lexicon=lexicon,
            replay_log=settings.replay_log,
            openai_api_key=settings.openai_api_key,
            store=budget_store,
            facts=facts(),
        )
        if not hasattr(model, "stream"):
            logger.warning("The guide has no model: %s", getattr(model, "reason", model))
        return model

    return make


def _part(bundle: Bundle | None, name: str, empty: Any) -> Any:
    return getattr(bundle, name) if bundle is not None else empty


def default_turn_factory(**parts: Any) -> Any:
    from docent.sidecar.turn import Turn

    return Turn(**parts)
