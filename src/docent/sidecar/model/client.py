"""What the HTTP adapters share: a client injected or made on first use, retries, the event stream a POST opens,
transport errors, closing."""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import httpx

if TYPE_CHECKING:
    from httpx_sse import ServerSentEvent

from .port import CutShort, ModelError, ModelEvent, ModelRequest, ModelSpec, TimedOut, Unreachable, Usage
from .retry import Retry


@asynccontextmanager
async def using(client: httpx.AsyncClient | None) -> AsyncIterator[httpx.AsyncClient]:
    """The client given, left open (an injected client is its owner's to close), or one made for the block and closed
    after it."""
    if client is not None:
        yield client
        return
    async with httpx.AsyncClient() as own:
        yield own


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

    @asynccontextmanager
    async def events(
        self, *, headers: dict[str, str], refused: Callable[[httpx.Response], ModelError], billed: Callable[[], Usage],
        **body: Any,
    ) -> AsyncIterator[AsyncIterator[ServerSentEvent]]:
        """POSTs `body` (`content=` or `json=`) to the url and gives its server-sent events. A non-200 answer is read
        whole and raised as `refused` makes it; a transport failure, the stream's included, as `transport_error`,
        billed what `billed` says at that moment."""
        from httpx_sse import EventSource, SSEError  # lazily: only the HTTP adapters need it

        try:
            async with self.client.stream("POST", self.url, headers=headers, timeout=self.timeout, **body) as response:
                if response.status_code != 200:
                    await response.aread()
                    raise refused(response)
                yield EventSource(response).aiter_sse()
        except (httpx.TransportError, SSEError) as exc:
            raise self.transport_error(exc, billed=billed()) from exc

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
