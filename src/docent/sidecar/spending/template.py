"""The template every spending decorator shares: one streamed call wrapped in before, after and failed."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import Any

from ..model.port import LanguageModel, ModelError, ModelEvent, ModelRequest, ModelSpec, Stop, TextDelta, Usage


class ModelDecorator:
    """Wraps a model with the same interface; subclasses fill in the hooks.

    `before(request)` runs when the call starts (through `abefore`, which a hook that waits on the network
    overrides) and may refuse it by raising; what it returns
    (a ticket) comes back to `after(request, usage, ticket)` when the stream completes, or to
    `failed(request, exc, billed, ticket)` when it fails or the reader goes away. A reader gone
    after the stop is a completed call; gone before it, the call is billed the last usage seen.
    Hooks observe; the exception always goes on.
    """

    def __init__(self, inner: LanguageModel) -> None:
        self.inner = inner
        # The stack below is fixed when it is built: its decorators, outermost first, and the model they wrap, found
        # here once rather than walked at each call and at each read of `spec` (nine a question).
        if isinstance(inner, ModelDecorator):
            self._chain: tuple[ModelDecorator, ...] = (self, *inner._chain)
            self._model: LanguageModel = inner._model
        else:
            self._chain, self._model = (self,), inner

    @property
    def spec(self) -> ModelSpec:
        return self._model.spec  # the wrapped model's

    def before(self, request: ModelRequest) -> Any:
        return None

    async def abefore(self, request: ModelRequest) -> Any:
        """`before` as the stream calls it: a hook that waits on the network (the budget in Redis) awaits it."""
        return self.before(request)

    def after(self, request: ModelRequest, usage: Usage, ticket: Any) -> None:
        return None

    def failed(self, request: ModelRequest, exc: BaseException, billed: Usage, ticket: Any) -> None:
        return None

    def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        # The stack is folded into one loop: each event passes one generator, not one per decorator.
        return _wrapped(self._chain, self._model, request)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def _wrapped(chain: tuple[ModelDecorator, ...], model: LanguageModel, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
    """One call through a stack of decorators: `before` outermost first, `after`/`failed` innermost first."""
    taken: list[tuple[ModelDecorator, Any]] = []
    usage, stopped = Usage(), False
    try:
        for decorator in chain:  # inside the generator: a stream never iterated reserves nothing
            taken.append((decorator, await decorator.abefore(request)))
        async with aclosing(model.stream(request)) as events:
            async for event in events:
                if event.__class__ is not TextDelta:  # the words, nearly every event, pass as they are
                    if isinstance(event, Usage):
                        usage = event
                    elif isinstance(event, Stop):
                        stopped = True
                yield event
    except GeneratorExit as exc:
        for decorator, ticket in reversed(taken):
            if stopped:
                decorator.after(request, usage, ticket)
            else:
                decorator.failed(request, exc, usage, ticket)
        raise
    except BaseException as exc:
        billed = exc.billed if isinstance(exc, ModelError) and exc.billed != Usage() else usage
        for decorator, ticket in reversed(taken):
            decorator.failed(request, exc, billed, ticket)
        raise
    else:
        for decorator, ticket in reversed(taken):
            decorator.after(request, usage, ticket)
