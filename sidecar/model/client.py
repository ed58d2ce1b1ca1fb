"""The lifecycle the HTTP adapters share: a client injected or made on first use, retries, closing."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx

from .port import ModelEvent, ModelRequest, ModelSpec
from .retry import Retry


class HttpModel:
    """Base of the adapters that speak to a model over HTTP; each writes `_once`, one attempt at a call."""

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

    def stream(self, request: ModelRequest) -> AsyncIterator[ModelEvent]:
        return self.retry.run(lambda: self._once(request))

    def _once(self, request: ModelRequest) -> AsyncIterator[ModelEvent]:
        raise NotImplementedError

    async def aclose(self) -> None:
        if self._owns_client and self._client is not None:
            await self._client.aclose()
            self._client = None
