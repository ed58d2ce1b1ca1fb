"""What the HTTP adapters share: a client injected or made on first use, retries, transport errors, closing."""

from __future__ import annotations

from collections.abc import AsyncGenerator

import httpx

from .port import CutShort, ModelError, ModelEvent, ModelRequest, ModelSpec, TimedOut, Unreachable, Usage
from .retry import Retry


class HttpModel:
    """Base of the adapters that speak to a model over HTTP; each writes `_once`, one attempt at a call."""

    name = "The model server"  # the other end, as error messages name it
    unreachable_hint = "is it running?"

    def __init__(
        self,
        spec: ModelSpec,
        *,
        url: str,
        client: httpx.AsyncClient | None,
        timeout: httpx.Timeout | float,
        retry: Retry | None,
    ) -> None:
        self.spec = spec
        self.url = url
        self.timeout = timeout
        self.retry = retry or Retry()
        self._client = client
        self._owns_client = client is None  # an injected client is its owner's to close

    @property
    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(timeout=self.timeout)
        return self._client

    def stream(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        return self.retry.run(lambda: self._once(request))

    def _once(self, request: ModelRequest) -> AsyncGenerator[ModelEvent, None]:
        raise NotImplementedError

    def transport_error(self, exc: Exception, *, billed: Usage) -> ModelError:
        """The port's error for a transport failure (httpx's, or the SSE reader's): what to raise `from exc`."""
        if isinstance(exc, (httpx.ConnectError, httpx.ConnectTimeout)):
            return Unreachable(f"{self.name} at {self.url} could not be reached ({exc!r}): {self.unreachable_hint}")
        if isinstance(exc, httpx.TimeoutException):
            return TimedOut(f"{self.name} at {self.url} went silent ({exc!r}): try again.", billed=billed)
        return CutShort(f"The stream from {self.url} broke off ({exc!r}): try again.", billed=billed)

    async def aclose(self) -> None:
        if self._owns_client and self._client is not None:
            await self._client.aclose()
            self._client = None
