"""Every entry point of the app has a rate limit and attacks sent through it: a route added without either fails here.

The routes are read from the app itself, not from a list kept by hand. Each is asked, from one address, until a
429 comes (every limit set to two a minute); each must name the tests that attack it in `ATTACKED`, and those
tests must exist. A new route fails both until it is limited and attacked, and the row for it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.routing import Route

from .harness import app_with, guarded
from .site import write_hand_bundle

ROOT = Path(__file__).resolve().parents[2]
FUZZED = "tests/badinput/test_openapi.py::test_every_operation_answers_as_documented"  # schemathesis, every operation
# The tests that send attacks through each route: the corpus for what reaches the model, fuzzing for the rest.
ATTACKED: dict[tuple[str, str], list[str]] = {
    ("/api/guide", "GET"): [FUZZED],
    ("/api/guide/challenge", "POST"): [FUZZED, "tests/badinput/test_cases.py::test_bodies_that_are_too_large_not_json_or_misshapen"],
    ("/api/guide/conversations", "POST"): [FUZZED, "tests/badinput/test_cases.py::test_forged_expired_replayed_and_wrong_purpose_proofs"],
    ("/api/guide/conversations", "DELETE"): [FUZZED, "tests/badinput/test_cases.py::test_unknown_token_thirteenth_question_and_forget"],
    ("/api/guide/questions", "POST"): [
        FUZZED,
        "tests/attack/test_corpus.py::test_no_attack_gets_anything_unchecked_to_the_visitor",
        "tests/attack/test_corpus.py::test_no_attack_through_the_page_text_gets_anything_unchecked_to_the_visitor",
    ],
    ("/api/guide/openapi.json", "GET"): [FUZZED],
    ("/api/guide/health", "GET"): [FUZZED],
    ("/api/guide/ready", "GET"): [FUZZED],
    ("/api/guide/metrics", "GET"): [FUZZED, "tests/sidecar/test_operating.py::test_metrics_hold_no_visitor_text_and_need_the_token"],
    # The MCP endpoint, when switched on (DOCENT_MCP): its own bad-input test, and the corpus replayed through `ask`.
    ("/mcp", "POST"): [
        "tests/sidecar/test_agents.py::test_bad_input_gets_mcps_error_shapes_never_a_500",
        "tests/attack/test_agents.py::test_no_attack_through_ask_gets_anything_unchecked_to_an_agent",
    ],
}
# What each route is sent, so that its request reaches the limit rather than stopping at its own checks first.
BODIES: dict[tuple[str, str], Any] = {
    ("/api/guide/challenge", "POST"): {"purpose": "guide"},
    ("/api/guide/conversations", "POST"): {"proof": "bm90IGEgcHJvb2Y="},
    ("/api/guide/conversations", "DELETE"): {"conversation": "no-such-conversation-token"},
    ("/api/guide/questions", "POST"): {"conversation": "no-such-conversation-token", "question": "Hello?"},
    ("/mcp", "POST"): {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "list_pages", "arguments": {}}},
}
MCP_HEADERS = {"accept": "application/json, text/event-stream"}
TWO = "2/minute"


def app_routes(app: Any) -> list[tuple[str, str]]:
    """(path, method) for every route of the app; HEAD goes with its GET, and the site's files are not an entry point."""
    return sorted(
        (route.path, method) for route in app.routes if isinstance(route, Route) for method in (route.methods or ()) if method != "HEAD"
    )


def defined(where: str) -> bool:
    path, _, name = where.partition("::")
    source = ROOT / path
    if not source.is_file():
        return False
    tree = ast.parse(source.read_text(encoding="utf-8"))
    return any(isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name for node in tree.body)


def limited_app(tmp_path: Path) -> Any:
    from docent.sidecar.offline import OfflineModel

    bundle = write_hand_bundle(tmp_path)
    rates = {f"rate_{n}": TWO for n in ("address", "conversation", "overall", "start", "read")}
    model = guarded(OfflineModel.of({}))
    return app_with(bundle, model, metrics_token="a-token", mcp=True, rate_mcp=TWO, rate_mcp_ask=TWO, **rates)


def refused(response: httpx.Response) -> bool:
    """A 429 with its Retry-After, or an MCP tool call's error saying so (agents get limits as tool errors)."""
    if response.status_code == 429:
        assert response.headers.get("retry-after") and response.json()["error"]["code"] == "rate_limited"
        return True
    try:
        result = response.json().get("result") or {}
    except ValueError:
        return False
    return bool(result.get("isError")) and "Too many" in str(result.get("content"))


def test_every_route_is_attacked_by_a_test_that_exists(tmp_path: Path) -> None:
    routes = app_routes(limited_app(tmp_path))
    unattacked = [route for route in routes if route not in ATTACKED]
    assert not unattacked, f"routes no attack test covers (add them to ATTACKED with the tests that attack them): {unattacked}"
    missing = [where for route in routes for where in ATTACKED[route] if not defined(where)]
    assert not missing, f"ATTACKED names tests that do not exist: {missing}"
    assert not [route for route in ATTACKED if route not in routes], "ATTACKED names routes the app no longer has"


@pytest.mark.anyio
async def test_every_route_refuses_one_address_past_its_limit(tmp_path: Path) -> None:
    app = limited_app(tmp_path)
    unlimited = []
    transport = httpx.ASGITransport(app=app, client=("203.0.113.5", 5000))
    async with (
        app.router.lifespan_context(app),
        httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8000", headers={"authorization": "Bearer a-token"}) as http,
    ):
        for path, method in app_routes(app):
            body = BODIES.get((path, method), {} if method not in {"GET", "HEAD"} else None)
            statuses = []
            for _ in range(6):
                response = await http.request(method, path, json=body, headers=MCP_HEADERS if path == "/mcp" else {})
                statuses.append(response.status_code)
                if refused(response):
                    break
            else:
                if not all(status == 405 for status in statuses):  # a method the route refuses outright does nothing
                    unlimited.append(f"{method} {path}: {statuses}")
    assert not unlimited, "routes one address can call without end:\n" + "\n".join(unlimited)
