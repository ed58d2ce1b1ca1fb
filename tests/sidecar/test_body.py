"""A request's body read from its messages, as Starlette's `Request.stream` read it: chunks joined, the limit on
what arrives as well as on what is declared, a visitor gone mid-body, the media type's parameters and case."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.requests import ClientDisconnect, Request

from docent.sidecar.body import read_body
from docent.sidecar.errors import GuideError

BODY = json.dumps({"purpose": "guide"}).encode()


def request(messages: list[dict[str, Any]], headers: list[tuple[bytes, bytes]]) -> Request:
    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    return Request({"type": "http", "method": "POST", "path": "/", "headers": headers}, receive)


def chunks(body: bytes, size: int) -> list[dict[str, Any]]:
    parts = [body[i:i + size] for i in range(0, len(body), size)] or [b""]
    return [{"type": "http.request", "body": part, "more_body": i < len(parts) - 1} for i, part in enumerate(parts)]


JSON = [(b"content-type", b"application/json")]


@pytest.mark.anyio
async def test_a_body_in_chunks_is_read_whole() -> None:
    assert await read_body(request(chunks(BODY, 3), JSON), "ChallengeRequest", limit=1000) == {"purpose": "guide"}


@pytest.mark.anyio
async def test_the_media_type_is_read_without_its_parameters_in_any_case() -> None:
    headers = [(b"host", b"x"), (b"content-type", b"Application/JSON; charset=utf-8"), (b"content-type", b"text/plain")]
    assert await read_body(request(chunks(BODY, 100), headers), "ChallengeRequest", limit=1000) == {"purpose": "guide"}
    with pytest.raises(GuideError) as refused:
        await read_body(request(chunks(BODY, 100), [(b"content-type", b"text/plain")]), "ChallengeRequest", limit=1000)
    assert (refused.value.status, refused.value.code) == (415, "not_json")


@pytest.mark.anyio
async def test_a_body_past_the_limit_is_refused_declared_or_not() -> None:
    declared = [*JSON, (b"content-length", b"5000")]
    with pytest.raises(GuideError) as refused:
        await read_body(request([], declared), "ChallengeRequest", limit=1000)  # no message read
    assert (refused.value.status, refused.value.code) == (413, "too_large")
    with pytest.raises(GuideError) as refused:
        await read_body(request(chunks(b" " * 1500 + BODY, 100), JSON), "ChallengeRequest", limit=1000)
    assert (refused.value.status, refused.value.code) == (413, "too_large")


@pytest.mark.anyio
async def test_a_visitor_gone_mid_body_is_a_client_disconnect() -> None:
    messages = [*chunks(BODY, 3)[:2], {"type": "http.disconnect"}]
    with pytest.raises(ClientDisconnect):
        await read_body(request(messages, JSON), "ChallengeRequest", limit=1000)
