"""The one layer around the router: Starlette's error handling, its exception handlers and the API's security headers.

Starlette stacks three middlewares around the router (its server-error middleware, ours for the security headers,
its exception middleware) and wraps each route's handler in a fourth, each wrapping `send` in a function of its own:
every frame of an answer went through four. `Front` does what the three did, in their order, with one `send`
wrapper, and the guide's routes (`routes.Endpoint`) call their handlers without a wrapper of their own, their
exceptions answered here as the route's wrapper answered them (same handlers, same responses, tests/sidecar/
test_front.py). With CORS on, Starlette's server-error and CORS middlewares stay outside it, where they stood.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from starlette.exceptions import HTTPException
from starlette.middleware.errors import ServerErrorMiddleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route, Router
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .routes import GUIDE, MCP

Handler = Callable[[Request, Exception], Awaitable[Response]]

# The API answers JSON and streams to scripts, never to be framed, sniffed, cached or to send a referrer.
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"default-src 'none'; frame-ancestors 'none'"),
]
_ALREADY = "Caught handled exception, but response already started."  # Starlette's words for this case


def ours(path: str) -> bool:
    """Whether a path is the sidecar's own (the guide's API under /api/guide, MCP at /mcp), not a page of the site: a
    docs site's /api/ reference or /mcp/ page is the site's, served as the host serves it (a CSP of default-src
    'none' on it left pydantic-settings' API reference, and Docent's own MCP page, without styles or scripts)."""
    return path in (GUIDE, MCP) or path.startswith(GUIDE + "/")


def secured(message: Message) -> Message:
    """A response's start with the API's security headers, and `no-store` unless it says how to cache."""
    headers = list(message.get("headers", ()))
    if not any(k == b"cache-control" for k, _ in headers):
        headers.append((b"cache-control", b"no-store"))
    return {**message, "headers": headers + SECURITY_HEADERS}


async def _http_exception(request: Request, exc: Exception) -> Response:
    """Starlette's own answer to its `HTTPException` (the router's 404, a route's 405 with its Allow header)."""
    assert isinstance(exc, HTTPException)
    if exc.status_code in {204, 304}:
        return Response(status_code=exc.status_code, headers=exc.headers)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)


class Front:
    """Starlette's server-error middleware (with `errors`), the security headers and its exception middleware as one
    pure ASGI layer. Lifespan (and any scope but HTTP) goes straight to the router. `handlers` are the app's: each
    an exception class (or a status code of Starlette's `HTTPException`) to an async `handler(request, exc)`.

    It leaves Starlette's private scope key for the handlers (`starlette.exception_handlers`) unset: a route Starlette
    wraps itself (a plain `Route` of a function) then finds no handler there and raises on, to be answered here."""

    def __init__(self, app: ASGIApp, handlers: Mapping[Any, Any], *, errors: bool) -> None:
        self.app = app
        self.errors = errors
        self.status_handlers: dict[int, Handler] = {key: value for key, value in handlers.items() if isinstance(key, int)}
        self.handlers: dict[Any, Handler] = {HTTPException: _http_exception}
        self.handlers.update((key, value) for key, value in handlers.items() if not isinstance(key, int))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        secure = ours(scope["path"])

        async def sender(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if secure:
                    message = secured(message)
            await send(message)

        try:
            try:
                await self.app(scope, receive, sender)
            except Exception as exc:
                handler = self._handler(exc)
                if handler is None:
                    raise
                if started:
                    raise RuntimeError(_ALREADY) from exc
                response = await handler(Request(scope, receive, send), exc)
                await response(scope, receive, sender)
                exc.__traceback__ = None  # a reused exception instance would gather tracebacks across requests
        except Exception:
            if self.errors and not started:  # outside the security headers, as the server-error middleware was
                await PlainTextResponse("Internal Server Error", status_code=500)(scope, receive, send)
            raise  # the server logs it, as Starlette let it

    def _handler(self, exc: Exception) -> Handler | None:
        if isinstance(exc, HTTPException) and exc.status_code in self.status_handlers:
            return self.status_handlers[exc.status_code]
        for kind in type(exc).__mro__:
            if kind in self.handlers:
                return self.handlers[kind]
        return None


class Direct:
    """The router, with the routes it would find by their exact path found in one look-up.

    Starlette's router tries each route's pattern in turn (the questions' route is the fourth). A route without
    parameters matches its own path alone, so a request for that path with a method it takes goes to it at once, as
    the router would send it, when no route before it could have matched first (a mount, a route with parameters):
    the routes after the first such one, a method refused (405) and any other path go through the router."""

    def __init__(self, router: Router) -> None:
        self.router = router
        self.exact: dict[str, Route] = {}
        for route in router.routes:
            if not isinstance(route, Route) or route.param_convertors:
                break
            self.exact.setdefault(route.path, route)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            route = self.exact.get(route_path(scope))
            if route is not None and (route.methods is None or scope["method"] in route.methods):
                scope.setdefault("router", self.router)  # what the router and the route's match leave in the scope
                scope["endpoint"] = route.endpoint
                scope["path_params"] = dict(scope.get("path_params", {}))
                await route.app(scope, receive, send)
                return
        await self.router(scope, receive, send)


def route_path(scope: Scope) -> str:
    """The path the routes match: the request's, less the root path the app is served under (ASGI's `root_path`,
    which the server may leave in `path`), as Starlette's router reads it; a path outside the root is left whole."""
    path: str = scope["path"]
    root = scope.get("root_path", "")
    if not root or not path.startswith(root):
        return path
    if path == root:
        return ""
    return path[len(root):] if path[len(root)] == "/" else path


def stack(router: ASGIApp, handlers: Mapping[Any, Any], cors: Callable[[ASGIApp], ASGIApp] | None) -> ASGIApp:
    """The layers around the router: `Front` alone, or with CORS (a layer of its own, between the server-error
    middleware and the security headers, as Starlette stacked them)."""
    if cors is None:
        return Front(router, handlers, errors=True)
    return ServerErrorMiddleware(cors(Front(router, handlers, errors=False)))
