"""The app's one layer around the router (front.py): what Starlette's three middlewares and the routes' wrappers did,
seen from outside: the router's 404 and 405, the guide's refusals, the store's silence, a bug's 500, the headers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import PlainTextResponse
from starlette.routing import Mount, Route, Router

from docent.sidecar.app import create_app
from docent.sidecar.front import SECURITY_HEADERS, Direct, route_path
from docent.sidecar.operator.client import open_conversation, parse_sse
from docent.sidecar.store import MemoryStore, StoreUnavailable

from .appkit import FakeTurns, client, fake_model, make_app, settings

pytestmark = pytest.mark.anyio

API_HEADERS = {name.decode(): value.decode() for name, value in SECURITY_HEADERS}


class Broken(MemoryStore):
    """Conversations in memory, but forgetting one raises `failure`; empty (its len 0), as create_app is given it."""

    def __init__(self, failure: Exception) -> None:
        super().__init__()
        self.failure = failure

    async def forget(self, token: str) -> bool:
        raise self.failure


def broken_app(tmp_path: Path, failure: Exception, **changes: Any) -> Any:
    return create_app(
        settings(tmp_path, **changes), turn_factory=FakeTurns(), model_factory=lambda s: fake_model(), store=Broken(failure)
    )


def has_api_headers(response: httpx.Response) -> bool:
    return all(response.headers.get(name) == value for name, value in API_HEADERS.items())


async def test_an_unknown_api_path_is_404_and_a_refused_method_405_naming_the_allowed_ones(tmp_path: Path) -> None:
    async with client(make_app(tmp_path)) as http:
        missing = await http.get("/api/guide/nowhere")
        refused = await http.get("/api/guide/questions")
        both = await http.put("/api/guide/conversations")
    assert (missing.status_code, missing.text) == (404, "Not Found")
    assert (refused.status_code, refused.text, refused.headers["allow"]) == (405, "Method Not Allowed", "POST")
    assert both.status_code == 405 and set(both.headers["allow"].split(", ")) == {"POST", "DELETE"}
    for response in (missing, refused, both):
        assert response.headers["content-type"] == "text/plain; charset=utf-8"
        assert has_api_headers(response) and response.headers["cache-control"] == "no-store"


async def test_a_refusal_and_the_stores_silence_are_json_with_the_api_headers(tmp_path: Path) -> None:
    forget = {"conversation": "A" * 22}
    async with client(broken_app(tmp_path, StoreUnavailable("no answer"))) as http:
        silent = await http.request("DELETE", "/api/guide/conversations", json=forget)
        refused = await http.request("DELETE", "/api/guide/conversations", content=b"{", headers={"content-type": "application/json"})
    assert silent.status_code == 503 and silent.json()["error"]["code"] == "store_unavailable"
    assert silent.headers["retry-after"] == "30"
    assert refused.status_code == 400 and refused.json()["error"]["message"]
    assert has_api_headers(silent) and has_api_headers(refused)


@pytest.mark.parametrize("origins", [(), ("https://site.example",)])
async def test_a_bug_is_a_plain_500_and_still_raised_to_the_server(tmp_path: Path, origins: tuple[str, ...]) -> None:
    """As Starlette's server-error middleware answered it: outside the API's headers, CORS on or off; and the
    exception goes on to the server, which logs it."""
    app = broken_app(tmp_path, KeyError("a bug"), origins=origins)
    forget = {"conversation": "A" * 22}
    quiet = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=quiet, base_url="http://guide.test") as http:
        failed = await http.request("DELETE", "/api/guide/conversations", json=forget)
    assert (failed.status_code, failed.text) == (500, "Internal Server Error")
    assert "content-security-policy" not in failed.headers
    async with client(app) as http:
        with pytest.raises(KeyError, match="a bug"):
            await http.request("DELETE", "/api/guide/conversations", json=forget)


async def test_an_answers_stream_carries_its_own_headers_then_the_apis_once(tmp_path: Path) -> None:
    messages: list[dict[str, Any]] = []
    app = make_app(tmp_path)
    async with client(app) as http:
        token = await open_conversation(http)

    body = [b'{"conversation": "' + token.encode() + b'", "question": "Has he led a team?"}']

    async def receive() -> dict[str, Any]:
        if body:
            return {"type": "http.request", "body": body.pop(), "more_body": False}
        await anyio.sleep_forever()  # the visitor stays till the end
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        messages.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST", "scheme": "http",
        "path": "/api/guide/questions", "raw_path": b"/api/guide/questions", "query_string": b"", "root_path": "",
        "headers": [(b"content-type", b"application/json")], "client": ("127.0.0.1", 5000), "server": ("guide.test", 80),
    }
    await app(scope, receive, send)
    start = messages[0]
    assert start["type"] == "http.response.start" and start["status"] == 200
    assert start["headers"][-len(SECURITY_HEADERS) :] == SECURITY_HEADERS
    names = [name for name, _ in start["headers"]]
    assert names.count(b"cache-control") == 1 and b"content-type" in names
    stream = b"".join(m.get("body", b"") for m in messages[1:])
    assert [event for event, _ in parse_sse(stream.decode())] == ["start", "sentence", "sentence", "done"]


async def test_a_route_is_found_by_its_path_as_the_router_finds_it(tmp_path: Path) -> None:
    """`Direct` takes the routes the router would find first by their exact path; what a mount before a route could
    take, a refused method and any other path go through the router, which answers them as before."""
    async def named(request: Any) -> PlainTextResponse:
        return PlainTextResponse(f"{request.scope['endpoint'].__name__} {request.scope.get('root_path', '')}")

    async def first(request: Any) -> PlainTextResponse:
        return await named(request)

    async def under(request: Any) -> PlainTextResponse:
        return await named(request)

    async def shadowed(request: Any) -> PlainTextResponse:
        return await named(request)

    router = Router([Route("/a", first), Mount("/m", routes=[Route("/b", under)]), Route("/m/b", shadowed)])
    direct = Direct(router)
    assert list(direct.exact) == ["/a"]
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=direct), base_url="http://x.test") as http:
        a, b, refused, missing = await http.get("/a"), await http.get("/m/b"), await http.post("/a"), await http.get("/z")
    assert (a.text, b.text) == ("first ", "under /m")  # the mount, not the route after it
    assert (refused.status_code, missing.status_code) == (405, 404)
    behind = httpx.ASGITransport(app=direct, root_path="/docs")
    async with httpx.AsyncClient(transport=behind, base_url="http://x.test") as http:
        assert (await http.get("/docs/a")).text == "first /docs"


@pytest.mark.parametrize(("path", "root", "matched"), [
    ("/a", "", "/a"), ("/docs/a", "/docs", "/a"), ("/docs", "/docs", ""), ("/docsa", "/docs", "/docsa"),
    ("/a", "/docs", "/a"),
])
def test_the_path_a_route_matches_is_the_requests_less_its_root(path: str, root: str, matched: str) -> None:
    """As Starlette's router reads it (its private `get_route_path`, which `Direct` used)."""
    assert route_path({"type": "http", "path": path, "root_path": root}) == matched


async def test_a_middleware_added_to_the_app_is_refused_not_dropped(tmp_path: Path) -> None:
    """The app builds its layers itself (`front.stack`), never reading Starlette's middleware list: a middleware added
    with `add_middleware` was dropped without a word (its header absent from every response)."""
    app = make_app(tmp_path)
    with pytest.raises(RuntimeError, match="wrap the app"):
        app.add_middleware(GZipMiddleware)
    async with client(app) as http:
        assert (await http.get("/api/guide/health")).status_code == 200


async def test_a_plain_starlette_route_is_answered_by_the_apps_handlers(tmp_path: Path) -> None:
    """Front sets no Starlette scope key for its handlers: a route Starlette wraps itself (`request_response`) raises
    its refusal on to Front, which answers it as the guide's routes' are answered, with the API's headers."""
    from docent.sidecar.errors import GuideError

    async def refusing(request: Any) -> PlainTextResponse:
        raise GuideError(409, "busy", "Wait for it.", retry_after=3)

    app = make_app(tmp_path)
    app.router.routes.append(Route("/api/guide/plain", refusing))
    async with client(app) as http:
        refused = await http.get("/api/guide/plain")
    assert (refused.status_code, refused.json(), refused.headers["retry-after"]) == (
        409, {"error": {"code": "busy", "message": "Wait for it."}}, "3")
    assert has_api_headers(refused)
