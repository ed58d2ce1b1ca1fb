"""A request's JSON body: declared as JSON, at most so many bytes, parsed, and shaped as its schema says."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import ClientDisconnect, Request

from .errors import GuideError
from .reference import problem


async def read_body(request: Request, schema: str, *, limit: int) -> dict[str, Any]:
    """The body as the schema shapes it, or a GuideError: 415 not JSON, 413 too large, 400 unparsable, 422 misshapen.

    Read from the request's messages as `Request.stream` reads them (a visitor gone raises ClientDisconnect), without
    its async generator and the headers' mapping: one loop over the raw headers, one over the messages."""
    media, declared = _declared(request.scope["headers"])
    if media.split(";", 1)[0].strip().lower() != "application/json":
        raise GuideError(415, "not_json", "Send the body as JSON, with the header Content-Type: application/json.")
    if declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    raw = bytearray()
    receive, more = request.receive, True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            raise ClientDisconnect()
        raw += message.get("body", b"")
        more = message.get("more_body", False)
        if len(raw) > limit:
            raise _too_large(limit)
    try:
        body = json.loads(raw)
    except UnicodeDecodeError:
        raise GuideError(400, "not_json", "The body is not UTF-8 text: send JSON encoded as UTF-8.") from None
    except json.JSONDecodeError as exc:
        raise GuideError(
            400, "not_json", f"The body is not JSON ({exc.msg} at character {exc.pos}): send a JSON object."
        ) from None
    if not isinstance(body, dict):
        raise GuideError(422, "invalid", "The body must be a JSON object.")
    wrong = problem(schema, body)
    if wrong is not None:
        raise GuideError(422, "invalid", wrong)
    return body


def _declared(headers: list[tuple[bytes, bytes]]) -> tuple[str, str]:
    """The request's Content-Type and Content-Length ("" where absent), each its first, as Starlette's `Headers`
    reads them (names in lower case, as ASGI sends them; values as Latin-1)."""
    media = length = None
    for name, value in headers:
        if name == b"content-type" and media is None:
            media = value
        elif name == b"content-length" and length is None:
            length = value
    return (media or b"").decode("latin-1"), (length or b"").decode("latin-1")


def _too_large(limit: int) -> GuideError:
    return GuideError(413, "too_large", f"The body is larger than {limit} bytes: send less.")
