"""A request's JSON body: declared as JSON, at most so many bytes, parsed, and shaped as its schema says."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from .errors import GuideError
from .reference import problem


async def read_body(request: Request, schema: str, *, limit: int) -> dict[str, Any]:
    """The body as the schema shapes it, or a GuideError: 415 not JSON, 413 too large, 400 unparsable, 422 misshapen."""
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        raise GuideError(415, "not_json", "Send the body as JSON, with the header Content-Type: application/json.")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _too_large(limit)
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
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


def _too_large(limit: int) -> GuideError:
    return GuideError(413, "too_large", f"The body is larger than {limit} bytes: send less.")
