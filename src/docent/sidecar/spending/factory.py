"""The factory: each feature's model behind its own budget and bulkhead, or why it is off.

Model strings (`DOCENT_MODEL`):
  offline                       the embedded model: no key, no network (the default)
  anthropic:<model id>          Anthropic's Messages API, e.g. anthropic:claude-haiku-5-5 (needs ANTHROPIC_API_KEY)
  openai:<base url>#<model>     an OpenAI-compatible server, e.g. openai:http://localhost:11434/v1#llama3.2
  replay:<path>                 a replay script (see site-docs/docs/models.md), free
  replay:<path>#<model id>      the same, priced as that model of the table, e.g. replay:run.json#claude-haiku-5-5
  absent                        no model: the guide is off and says so

The stack, outermost first: metering, then the bulkhead, then the budget, then the adapter.
The bulkhead stands outside the budget (seed 002), so a call refused for want of a place
reserves nothing; metering stands outside both, so it counts their refusals too. One
exception: where the day's spend is kept in the conversations' Redis, a question's first
call is reserved with the question's take (its limits, lease and conversation: an allowance,
`Budget.ride`), before the bulkhead is asked; a question the bulkhead refuses gives it back
at $0 as its lease ends, written within about a second (`SETTLE_WITHIN_S`), and holds it
till then.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, replace
from functools import reduce
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from ..model.absent import MESSAGE as ABSENT
from ..model.models import UnknownModel, spec_for
from ..model.port import LanguageModel, ModelEvent, ModelRequest, ModelSpec
from .budget import Budget, Budgeted, BudgetStore
from .bulkhead import Bulkhead, Bulkheaded
from .circuit import Circuit, Tripping
from .metering import Meter, Metered
from .template import ModelDecorator

if TYPE_CHECKING:
    from ..model.catalogue import ModelFacts
    from ..offline.source import Source

KINDS = ("offline", "anthropic:<model id>", "openai:<base url>#<model>", "replay:<path>[#<model id>]", "absent")


class ModelStringError(ValueError):
    """A DOCENT_MODEL value that names no model; the message says what would."""


@dataclass(frozen=True)
class ModelChoice:
    kind: str  # offline, anthropic, openai, replay, absent
    target: str = ""  # the model id, the script's path, or the server's base url
    model: str = ""  # the model name on an OpenAI-compatible server; the table model a replay is priced as


def _priced(value: str, model_id: str) -> None:
    """Raises ModelStringError when `model_id` is not a model of the table."""
    try:
        spec_for(model_id)
    except UnknownModel as exc:
        raise ModelStringError(f"DOCENT_MODEL={value}: {exc}") from None


def _bare(kind: str) -> Callable[[str, str], ModelChoice | None]:
    def parse(value: str, rest: str) -> ModelChoice | None:
        return None if rest else ModelChoice(kind)

    return parse


def _anthropic(value: str, rest: str) -> ModelChoice | None:
    if not rest:
        return None
    _priced(value, rest)
    return ModelChoice("anthropic", rest)


def _openai(value: str, rest: str) -> ModelChoice | None:
    url, hashed, model = rest.rpartition("#")
    if hashed and url.startswith(("http://", "https://")) and model:
        return ModelChoice("openai", url, model)
    return None


def _replay(value: str, rest: str) -> ModelChoice | None:
    if not rest:
        return None
    path, hashed, priced = rest.rpartition("#")
    if not hashed:
        return ModelChoice("replay", rest)
    _priced(value, priced)
    return ModelChoice("replay", path, priced) if path else None


# Each kind's reader of what follows its colon: a choice, None when the rest names nothing, or ModelStringError.
PARSERS: dict[str, Callable[[str, str], ModelChoice | None]] = {
    "offline": _bare("offline"),
    "absent": _bare("absent"),
    "anthropic": _anthropic,
    "openai": _openai,
    "replay": _replay,
}


def parse_model_string(value: str) -> ModelChoice:
    """The model a DOCENT_MODEL value names, checked at start; raises ModelStringError saying how to fix it."""
    kind, _, rest = value.strip().partition(":")
    parse = PARSERS.get(kind)
    choice = parse(value, rest) if parse else None
    if choice is None:
        raise ModelStringError(f"DOCENT_MODEL={value!r} names no model: use one of {', '.join(KINDS)}.")
    return choice


@dataclass(frozen=True)
class Off:
    """The feature has no model, and why, in words for the status endpoint."""

    reason: str


class FeatureModel(ModelDecorator):
    """A feature's whole stack, with its budget, bulkhead and meter in reach of status and `done`."""

    def __init__(
        self,
        inner: LanguageModel,
        *,
        feature: str,
        adapter: LanguageModel,
        budget: Budget,
        bulkhead: Bulkhead,
        meter: Meter,
        circuit: Circuit | None = None,
    ) -> None:
        super().__init__(inner)
        self.feature = feature
        self.adapter = adapter
        self.budget = budget
        self.bulkhead = bulkhead
        self.meter = meter
        self.circuit = circuit or Circuit()

    def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        return self.inner.stream(request)  # the decorators below do the work

    def degraded(self) -> str | None:
        """Why another model should answer for this one now: `budget_spent`, or `model_down` (circuit open)."""
        if self.spec.offline:
            return None
        if self.budget.left_usd() <= 0:
            return "budget_spent"
        if self.circuit.is_open():
            return "model_down"
        return None

    def status(self) -> dict[str, Any]:
        return {
            "model": self.spec.id,
            "offline": self.spec.offline,
            "budget_usd": self.budget.limit_usd,
            "spent_usd": round(self.budget.spent_usd(), 6),
            "bulkhead": {"size": self.bulkhead.size, "in_use": self.bulkhead.in_use},
            "meter": self.meter.snapshot().get(self.feature, {}),
        }


@dataclass(frozen=True)
class Wiring:
    """What the adapters are built from: the loaded bundle (the offline model's, read once per request), the keys,
    the client, the replay log, the Models API's facts."""

    bundle: Callable[[], Source | None] = lambda: None
    api_key: str | None = None
    openai_api_key: str | None = None
    client: httpx.AsyncClient | None = None
    replay_log: Path | None = None
    facts: ModelFacts | None = None


def _offline_adapter(choice: ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    from ..offline import OfflineModel

    return OfflineModel(wiring.bundle)


def _anthropic_adapter(choice: ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    if not wiring.api_key:
        return Off(f"No key for anthropic:{choice.target}: set ANTHROPIC_API_KEY, or DOCENT_MODEL=offline.")
    from ..model.anthropic import AnthropicModel
    from ..model.catalogue import informed

    spec = informed(spec_for(choice.target), wiring.facts) if wiring.facts else spec_for(choice.target)
    return AnthropicModel(spec, api_key=wiring.api_key, client=wiring.client)


def _openai_adapter(choice: ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    from ..model.openai import OpenAIModel

    # The note goes in the user's message, where every chat template takes it: Gemma's, for one, refuses a system
    # message after the first user turn ("Conversation roles must alternate"), and so fails every follow-up.
    spec = ModelSpec(choice.model, mid_system=False)
    return OpenAIModel(spec, base_url=choice.target, api_key=wiring.openai_api_key, client=wiring.client)


def _replay_adapter(choice: ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    from ..model.replay import ReplayModel, ScriptError
    from ..model.verdicts import VerdictsError, VerdictsModel, is_verdicts

    # Priced as a model of the table, a replay spends the budget as that model would, for tests and benches.
    spec = replace(spec_for(choice.model), id=f"replay#{choice.model}") if choice.model else None
    try:
        data = json.loads(Path(choice.target).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = None  # the script's own reader says what is wrong with it
    try:
        if is_verdicts(data):  # recorded verdicts, for the sentence check (DOCENT_CHECK_MODEL)
            return VerdictsModel(choice.target, spec=spec, data=data)
        return ReplayModel(Path(choice.target), spec=spec, log_path=wiring.replay_log)
    except (ScriptError, VerdictsError) as exc:
        return Off(str(exc))


def _absent_adapter(choice: ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    return Off(ABSENT)


# The adapter each kind of choice names; an adapter module is imported only when its kind is chosen.
ADAPTERS: dict[str, Callable[[ModelChoice, Wiring], LanguageModel | Off]] = {
    "offline": _offline_adapter,
    "anthropic": _anthropic_adapter,
    "openai": _openai_adapter,
    "replay": _replay_adapter,
    "absent": _absent_adapter,
}


def make_adapter(model: str | ModelChoice, wiring: Wiring) -> LanguageModel | Off:
    """The bare adapter a model string (or a parsed choice) names, built from `wiring`, or why there is none."""
    try:
        choice = parse_model_string(model) if isinstance(model, str) else model
    except ModelStringError as exc:
        return Off(str(exc))
    return ADAPTERS.get(choice.kind, _absent_adapter)(choice, wiring)


def make_feature_model(
    feature: str,
    adapter: LanguageModel | Off,
    *,
    budget_usd: float,
    bulkhead: int,
    meter: Meter | None = None,
    store: BudgetStore | None = None,
    clock: Callable[[], float] = time.time,
) -> FeatureModel | Off:
    """`feature`'s model around a built adapter, as httpx's client takes a transport: metering(bulkhead(budget(
    adapter))); an adapter that is Off stays Off, with its reason."""
    if isinstance(adapter, Off):
        return adapter
    return guard(adapter, feature=feature, budget_usd=budget_usd, bulkhead=bulkhead, meter=meter, store=store, clock=clock)


def guard(
    adapter: LanguageModel,
    *,
    feature: str,
    budget_usd: float,
    bulkhead: int,
    meter: Meter | None = None,
    store: BudgetStore | None = None,
    clock: Callable[[], float] = time.time,
) -> FeatureModel:
    """An adapter behind the feature's own budget, with a bulkhead outside it and metering outside both."""
    budget, places, meter = Budget(budget_usd, store=store, clock=clock), Bulkhead(bulkhead), meter or Meter()
    circuit = Circuit()
    # Folded from the inside out, as Starlette folds its middleware; the circuit sees the adapter's own failures.
    layers: list[Callable[[LanguageModel], LanguageModel]] = [
        lambda inner: Tripping(inner, circuit=circuit),
        lambda inner: Budgeted(inner, budget=budget),
        lambda inner: Bulkheaded(inner, bulkhead=places),
        lambda inner: Metered(inner, meter=meter, feature=feature),
    ]
    stack = reduce(lambda inner, layer: layer(inner), layers, adapter)
    return FeatureModel(
        stack, feature=feature, adapter=adapter, budget=budget, bulkhead=places, meter=meter, circuit=circuit
    )


def checking_model(adapter: LanguageModel, *, budget: Budget, meter: Meter | None = None) -> LanguageModel:
    """The sentence check's model (`answer.checking`): its adapter behind the guide's day's budget (the same store and
    limit: each check reserved and settled as the answer's calls are, priced as its adapter prices a call), metered as
    the feature `check`. No bulkhead: the check bounds its own calls, and waits for a place rather than being refused."""
    shared = Budget(budget.limit_usd, store=budget.store, clock=budget.clock)
    return Metered(Budgeted(adapter, budget=shared), meter=meter or Meter(), feature="check")


__all__ = [
    "ADAPTERS", "PARSERS", "FeatureModel", "checking_model", "ModelChoice", "ModelStringError", "Off", "Wiring", "guard",
    "make_adapter", "make_feature_model", "parse_model_string",
]
