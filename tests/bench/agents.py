"""The MCP endpoint on a real documentation site: `mcp_search_hit_at_5`, the share of the vendored Starlette docs'
answerable questions (tests/evals/starlette-questions.json, from its GitHub issues) for which the endpoint's `search`,
called as an agent calls it (the SDK's client, k=5, the question as asked), returns one of the question's sections;
`mcp_search_docsite_p50_ms`: one such call as the sidecar spends it, CPU time from the request entering the app to
its reply. The 10,000-page figure, `mcp_search_p50_ms`, is `large.py`'s.

`read_section_by_url_us`, `read_section_id_miss_us`: what read_section spends finding what an agent names (`located`,
then `left_out` where no section is found, as the tool does), CPU microseconds a lookup, best of five rounds, on the
same build, the bundle's tables made before: each section's URL as search gives it, and an id no table has (plain and
percent-encoded). A lookup that scans the record (decoding each section's path, or each id) costs the record's size
each time; the tables make both a few dict reads (round 30: NetBox 0.6 ms -> 1.4 us by URL, 51 -> 0.6 us a miss).

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
        figures = anyio.run(_searched, built.bundle, docsite.answerable()) | _read_section(built.bundle)
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


def _read_section(bundle_path: Path) -> dict[str, float]:
    from docent.sidecar.agents.results import left_out, located
    from docent.sidecar.answer.bundle import Bundle

    bundle = Bundle.load(bundle_path)
    base = bundle.manifest.site_url.rstrip("/") or "http://127.0.0.1"
    urls = [base + s.path for s in bundle.record.values()]
    misses = ["no-such-section", "no%20such%20section"] * (len(urls) // 2 or 1)

    def lookup(wanted: str) -> object:  # as the tool finds it (`endpoint.Agents.read_section`)
        return located(bundle, wanted, base) or left_out(bundle, wanted, base)

    def per_lookup_us(asked: list[str]) -> float:
        best = float("inf")
        for _ in range(5):
            began = time.process_time()
            for wanted in asked * 20:
                lookup(wanted)
            best = min(best, time.process_time() - began)
        return round(best / (20 * len(asked)) * 1e6, 2)

    assert all(located(bundle, url, base) is not None for url in urls)  # each found, its tables made
    assert all(lookup(miss) is None for miss in misses[:2])
    return {"read_section_by_url_us": per_lookup_us(urls), "read_section_id_miss_us": per_lookup_us(misses),
            "read_section_docsite_sections": float(len(urls))}


if __name__ == "__main__":
    run()
