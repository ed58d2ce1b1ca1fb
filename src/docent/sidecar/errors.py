"""The guide's refusals before a stream starts: JSON `{"error": {"code", "message"}}`, the message saying what to do."""

from __future__ import annotations

import json
import logging

from starlette.requests import Request
from starlette.responses import Response

logger = logging.getLogger("docent.sidecar")


class GuideError(Exception):
    """A request the guide refuses; raised anywhere in an endpoint, answered as JSON with its status."""

    def __init__(self, status: int, code: str, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after

    def response(self) -> Response:
        headers = {"Retry-After": str(self.retry_after)} if self.retry_after is not None else None
        return error_response(self.status, self.code, self.message, headers=headers)


def error_response(status: int, code: str, message: str, *, headers: dict[str, str] | None = None) -> Response:
    body = json.dumps({"error": {"code": code, "message": message}}, ensure_ascii=False).encode()
    return Response(body, status_code=status, headers=headers, media_type="application/json")


async def handle(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, GuideError)
    return exc.response()


STORE_UNAVAILABLE = "The guide cannot reach its shared state just now: try again in a minute."


async def store_unavailable(request: Request, exc: Exception) -> Response:
    """The store (Redis, the state file) did not answer: a 503 that says to wait, never a 500."""
    logger.warning("The store did not answer: %s", exc)
    return error_response(503, "store_unavailable", STORE_UNAVAILABLE, headers={"Retry-After": "30"})
