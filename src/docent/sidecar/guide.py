"""The guide's state and readiness: the switch, the bundle, the model and the policy, each made when first needed."""

from __future__ import annotations

import logging
from collections.abc import AsyncGenerator, Callable
from typing import TYPE_CHECKING, Protocol

import httpx

from .answer.bundle import Bundle, BundleError, BundleSource
from .answer.conversation import Conversation
from .answer.events import StreamEvent
from .metrics import Metrics
from .model.port import LanguageModel
from .settings import Settings
from .spending.budget import BudgetStore
from .spending.factory import FeatureModel, Off
from .vectors import question_embed

if TYPE_CHECKING:
    from .answer.checking import Checker
    from .answer.policy import AnswerPolicy, Policy
    from .answer.tools import Verdict
    from .answer.turn import Ask, Turn
    from .model.catalogue import ModelFacts

logger = logging.getLogger("docent.sidecar")

ModelFactory = Callable[[Settings], LanguageModel | Off]  # a model, or why there is none


class Answering(Protocol):
    """A turn: it answers one question, or one reply to a card, of a conversation as events."""

    def run(self, conversation: Conversation, ask: Ask) -> AsyncGenerator[StreamEvent, None]: ...


class TurnFactory(Protocol):
    def __call__(self, *, bundle: Bundle, model: LanguageModel, policy: Policy) -> Answering: ...



class Ready:
    """What a question needs, when the guide is on; `degraded` says why the offline model stands in, if it does."""

    __slots__ = ("bundle", "degraded", "model")

    def __init__(self, bundle: Bundle, model: LanguageModel, degraded: str | None = None) -> None:
        self.bundle = bundle
        self.model = model
        self.degraded = degraded


class Guide:
    """The guide's readiness: the switch, the bundle, the model and the policy, each made with the first call that
    needs it, and a question's turn. The HTTP edge's own parts (the store, the proof of work, the limits, who is
    told of each answer) are handed to the endpoints by the app, not kept here; `metrics` hears the model's calls
    and the turn's checks."""

    def __init__(
        self,
        settings: Settings,
        *,
        model_factory: ModelFactory | None,
        turn_factory: TurnFactory,
        budget_store: BudgetStore | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        self.settings = settings
        self.metrics = metrics
        self.bundles = BundleSource(settings.bundle, embedder=question_embed)
        self.budget_store = budget_store
        self.facts: ModelFacts | None = None  # what the Models API said of the model at start, when asked
        self._model_factory = model_factory or model_factory_for(self.bundle, budget_store, lambda: self.facts)
        self._turn_factory = turn_factory
        self._model: LanguageModel | Off | None = None
        self._fallback: LanguageModel | None = None
        self._policy: tuple[str, AnswerPolicy] | None = None
        self._bundle: Bundle | None = None
        self._told: BundleError | None = None  # the last load's failure, logged
        self._turn: Turn | None = None  # the default turn, for the bundle, model and policy it was made with
        self._checker: Checker | None = None

    async def prepare(self, client: httpx.AsyncClient | None = None) -> None:
        """Once at start, with a key: the model's context and capabilities from the Models API; else the table's."""
        from .model.catalogue import read_facts
        from .model.client import using
        from .model.models import UnknownModel, spec_for
        from .model.port import ModelError

        kind, _, model_id = self.settings.model.partition(":")
        key = self.settings.anthropic_api_key
        if kind == "openai":
            await self._ask_server(client)
            return
        if kind != "anthropic" or not key:
            return
        async with using(client) as http:
            try:
                self.facts = await read_facts(spec_for(model_id), api_key=key, client=http)
                logger.info("%s: a context of %s tokens, by the Models API", model_id, self.facts.max_input_tokens)
            except (ModelError, UnknownModel, ValueError) as exc:
                logger.warning("Kept the model table's row for %s: the Models API did not answer (%s)", model_id, exc)

    async def _ask_server(self, client: httpx.AsyncClient | None) -> None:
        """An OpenAI-compatible server, asked once at start: does it answer, hold the prompt, take tools?

        One that does not answer trips the model's circuit, so the status says `model_down` (and a guide that may
        degrade answers offline) until a call gets through."""
        from .fit import conversation_tokens, prompt_tokens
        from .model.client import using
        from .model.served import read_server

        url = self.settings.model.partition(":")[2].rpartition("#")[0]
        async with using(client) as http:
            facts = await read_server(url, client=http, api_key=self.settings.openai_api_key)
        model, bundle = self.model(), self.bundle()
        check = f"`docent preflight --model {self.settings.model}` says more"
        if not facts.answers:
            logger.warning("The model server does not answer: %s Questions fail until it does; %s.", facts.error, check)
            if isinstance(model, FeatureModel):
                model.circuit.trip()
            return
        needed = prompt_tokens(bundle) + conversation_tokens(bundle) if bundle is not None else None
        if facts.context is not None and needed is not None and facts.context < needed:
            logger.warning("The model server's context is %s tokens; the prompt with a conversation needs ~%s: start "
                           "it with a larger one (llama-server -c %s); %s.", facts.context, needed, needed, check)
        if facts.tools is False:
            logger.warning("The model server's chat template declares no tools, so it drops them: start llama-server "
                           "with --jinja and a template that takes tools; %s.", check)
        logger.info("The model server answers (%s; context %s).", ", ".join(facts.models) or "no model listed",
                    facts.context if facts.context is not None else "not said")

    def readiness(self) -> tuple[str | None, Ready | None]:
        """Why the guide is off (None when on), and what a question needs when it is on."""
        if not self.settings.enabled:
            return "switched_off", None
        bundle = self.bundle()
        if bundle is None:
            return ("bundle_failed" if self.bundles.failed is not None else "no_bundle"), None
        model = self.model()
        degraded = model.degraded() if isinstance(model, FeatureModel) else None
        if degraded is not None and self.settings.degrade:
            return None, Ready(bundle, self.fallback(), degraded=degraded)
        # A FeatureModel first: the Protocol's isinstance walks its members (some 20 us a question).
        if not isinstance(model, FeatureModel) and not isinstance(model, LanguageModel):
            return "no_model", None
        if degraded == "budget_spent":  # without degrading, a spent budget turns the model off
            return "budget_spent", None
        return None, Ready(bundle, model)

    def bundle(self) -> Bundle | None:
        """The bundle, reloaded when rebuilt; a rebuild that cannot be loaded keeps the last good one. Why a file
        could not be loaded is said once: it is read again only when it changes (`BundleSource`)."""
        try:
            self._bundle = self.bundles.get()
        except BundleError as exc:
            if exc is not self._told:
                self._told = exc
                again = "It is read again when the file changes."
                if self._bundle is None:
                    logger.warning("%s %s", exc, again)
                else:
                    logger.warning("Kept the last bundle: %s %s", exc, again)
        return self._bundle

    def model(self) -> LanguageModel | Off:
        if self._model is None:
            self._model = self._model_factory(self.settings)
            if self.metrics is not None and isinstance(self._model, FeatureModel):
                self._model.meter.listeners.append(self.metrics.called)
        return self._model

    def fallback(self) -> LanguageModel:
        """The offline model that answers while the day's budget is spent or the model is down: it costs nothing."""
        if self._fallback is None:
            from .offline import OfflineModel
            from .spending.factory import make_feature_model

            model = self.model()
            made = make_feature_model(
                "guide", OfflineModel(self.bundle), budget_usd=0.0, bulkhead=self.settings.bulkhead,
                meter=model.meter if isinstance(model, FeatureModel) else None,
            )
            if isinstance(made, Off):  # "offline" always parses: this would be a bug in the factory
                raise RuntimeError(f"The offline model could not be made: {made.reason}")
            self._fallback = made
        return self._fallback

    def pressure(self) -> float:
        """How near the day's spend is to its budget, 0 to 1: 0 while the offline model answers for free, whether it
        is the one chosen or it stands in for a paid one (budget spent, model down)."""
        model = self.model()
        if not isinstance(model, FeatureModel) or model.spec.offline or model.degraded() or model.budget.limit_usd <= 0:
            return 0.0
        return min(1.0, model.budget.spent_usd() / model.budget.limit_usd)

    def policy(self, bundle: Bundle) -> AnswerPolicy:
        """The owner's policy, as the bundle carries it; made again when the site is rebuilt."""
        if self._policy is None or self._policy[0] != bundle.hash:
            from .answer.policy import AnswerPolicy

            self._policy = (bundle.hash, AnswerPolicy.for_site(bundle.manifest))
        return self._policy[1]

    def turn(self, ready: Ready) -> Answering:
        """A question's turn. The default `Turn` keeps nothing of a question (that is `Underway`'s): one is made for
        each bundle, model and policy and answers every question until one of them changes."""
        bundle, model, policy = ready.bundle, ready.model, self.policy(ready.bundle)
        if self._turn_factory is not default_turn_factory:
            return self._turn_factory(bundle=bundle, model=model, policy=policy)
        made = self._turn
        if made is None or made.bundle is not bundle or made.model is not model or made.policy is not policy:
            checked = self.metrics.checked if self.metrics is not None else None
            made = self._turn = default_turn_factory(
                bundle=bundle, model=model, policy=policy, on_check=checked, checker=self.checker()
            )
        return made

    def checker(self) -> Checker | None:
        """The model check of each cited sentence (DOCENT_CHECK), made once: its model behind the guide's day's budget.
        A check model that cannot be made checks nothing, so every sentence it would check is held (it fails closed)."""
        if not self.settings.check_sentences:
            return None
        if self._checker is None:
            from .answer.checking import Checker
            from .model.absent import AbsentModel
            from .spending.budget import Budget
            from .spending.factory import Wiring, checking_model, make_adapter

            settings, model = self.settings, self.model()
            # The guide's budget and meter; a model made without them (an app made in code) gets the day's budget anew.
            budget = model.budget if isinstance(model, FeatureModel) else Budget(settings.budget_usd, store=self.budget_store)
            meter = model.meter if isinstance(model, FeatureModel) else None
            wiring = Wiring(api_key=settings.anthropic_api_key, openai_api_key=settings.openai_api_key)
            adapter = make_adapter(settings.check_model or settings.model, wiring)
            if isinstance(adapter, Off):
                logger.warning("The sentence check has no model, so every sentence it checks is held: %s", adapter.reason)
                adapter = AbsentModel(adapter.reason)
            self._checker = Checker(checking_model(adapter, budget=budget, meter=meter), places=settings.check_places)
        return self._checker

    async def aclose(self) -> None:
        if isinstance(self._model, LanguageModel):
            await self._model.aclose()
        if self._checker is not None:  # its own adapter (and its client), made apart from the guide's
            await self._checker.model.aclose()


def model_factory_for(
    guide_bundle: Callable[[], Bundle | None],
    budget_store: BudgetStore | None = None,
    facts: Callable[[], ModelFacts | None] = lambda: None,
) -> ModelFactory:
    """The default: the model the settings name, behind the guide's own budget (kept in `budget_store`) and bulkhead."""

    def make(settings: Settings) -> LanguageModel | Off:
        from .spending.factory import Wiring, make_adapter, make_feature_model

        wiring = Wiring(
            bundle=guide_bundle, api_key=settings.anthropic_api_key, openai_api_key=settings.openai_api_key,
            replay_log=settings.replay_log, facts=facts(),
        )
        model = make_feature_model(
            "guide", make_adapter(settings.model, wiring), budget_usd=settings.budget_usd, bulkhead=settings.bulkhead,
            store=budget_store,
        )
        if isinstance(model, Off):
            logger.warning("The guide has no model: %s", model.reason)
        return model

    return make


def default_turn_factory(
    *, bundle: Bundle, model: LanguageModel, policy: Policy, on_check: Callable[[Verdict], None] | None = None,
    checker: Checker | None = None,
) -> Turn:
    from .answer.turn import Turn

    return Turn(bundle=bundle, model=model, policy=policy, on_check=on_check, checker=checker)
