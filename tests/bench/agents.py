"""The MCP endpoint on a real documentation site: `mcp_search_hit_at_5`, the share of the vendored Starlette docs'
answerable questions (tests/evals/starlette-questions.json, from its GitHub issues) for which the endpoint's `search`,
called as an agent calls it (the SDK's client, k=5, the question as asked), returns one of the question's sections;
`mcp_search_docsite_p50_ms`: one such call as the sidecar spends it, CPU time from the request entering the app to
its reply. The 10,000-page figure, `mcp_search_p50_ms`, is `large.py`'s.

Run alone: `python -m tests.bench.agents`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio


def run() -> dict[str, float]:
    from tests.evals import docsite

    with tempfile.TemporaryDirectory(prefix="docent-agents-") as tmp:
        built = docsite.build(Path(tmp))
        figures = anyio.run(_searched, built.bundle, docsite.answerable())
    for key, value in figures.items():
        print(f"{key:<26} {value}")
    return figures


async def _searched(bundle: Path, asked: list[dict[str, Any]]) -> dict[str, float]:
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    from docent.sidecar.app import create_app
    from docent.sidecar.settings import Settings

    app = create_app(Settings(enabled=True, bundle=bundle, pow_secret_made=False, mcp=True, rate_mcp="1000000/minute"))
    served: list[float] = []

    async def timed(scope: Any, receive: Any, send: Any) -> None:
        began = time.process_time()
        await app(scope, receive, send)
        served.append((time.process_time() - began) * 1000)

    hits = 0
    async with (
        app.router.lifespan_context(app),
        httpx2.AsyncClient(transport=httpx2.ASGITransport(app=timed), base_url="http://127.0.0.1") as http,
        streamable_http_client("http://127.0.0.1/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()  # the handshake protocol, as coding agents connect today
        served.clear()
        for q in asked:
            result = await session.call_tool("search", {"query": q["question"], "k": 5})
            found = {hit["id"] for hit in (result.structured_content or {}).get("results", [])}
            hits += bool(found & set(q["sections"]))
    return {
        "mcp_search_hit_at_5": round(hits / len(asked), 4),
        "mcp_search_docsite_questions": float(len(asked)),
        "mcp_search_docsite_p50_ms": round(statistics.median(served), 3),
    }


if __name__ == "__main__":
    run()
