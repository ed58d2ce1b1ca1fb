"""The absent model: no model is configured, and every call says so."""

from __future__ import annotations

from collections.abc import AsyncGenerator

from .models import spec_for
from .port import ModelEvent, ModelRequest, Unavailable

MESSAGE = (
    "No model is configured: set DOCENT_MODEL to offline, anthropic:<model id> (with ANTHROPIC_API_KEY), "
    "openai:<base url>#<model> or replay:<path>."
)


class AbsentModel:
    def __init__(self, reason: str = MESSAGE) -> None:
        self.spec = spec_for("absent")
        self.reason = reason

    async def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        raise Unavailable(self.reason)
        yield  # pragma: no cover - makes this an async generator, as the port expects

    async def aclose(self) -> None:
        return None
