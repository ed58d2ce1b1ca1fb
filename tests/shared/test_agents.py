"""The MCP endpoint on two workers sharing a real Redis, through the SDK's own client: stateless, so either
worker answers any request; the agents' limits counted across both; Redis down an error an agent can read."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from ..redis_server import RedisServer
from ..sidecar.agentkit import QUESTION, data, words, write_bundle
from ..sidecars import serving
from .test_sidecars import children

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@asynccontextmanager
async def agent(base: str) -> AsyncIterator[ClientSession]:
    """The SDK's client with no kept-alive connection: each request is accepted anew, by either worker."""
    limits = httpx2.Limits(max_keepalive_connections=0)
    async with (
        httpx2.AsyncClient(limits=limits, timeout=30) as http,
        streamable_http_client(f"{base}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


async def test_two_workers_answer_agents_from_one_redis(redis_server: RedisServer, redis_url: str, tmp_path: Path) -> None:
    env = {
        "DOCENT_BUNDLE": str(write_bundle(tmp_path / "docent-bundle.json")),
        "DOCENT_MODEL": "offline",
        "DOCENT_RATE_MCP": "8/minute",
        "DOCENT_RATE_MCP_ASK": "2/minute",
    }
    args = ("--workers", "2", "--redis", redis_url, "--mcp")
    # Each worker imports the MCP SDK at start (about 3 s of CPU): sidecars.UP_WITHIN_S is generous for two.
    with serving("agents", tmp_path, env, args=args) as served:
        assert len(children(served.process.pid)) >= 2
        async with agent(served.base) as session:
            assert [t.name for t in (await session.list_tools()).tools] == ["search", "read_section", "list_pages", "ask"]
            for query in ("client retries", "zanzibar quokka", "pip"):
                data(await session.call_tool("search", {"query": query}))
            assert data(await session.call_tool("read_section", {"id": "client"}))["id"] == "client"
            assert len(data(await session.call_tool("list_pages", {}))["pages"]) == 2
            for _ in range(2):
                answer = data(await session.call_tool("ask", {"question": QUESTION}))
                assert answer["model"] == "offline" and answer["sentences"]
                assert all(s["sources"][0]["url"].startswith("https://docs.example.org/kit/") for s in answer["sentences"])
            third = await session.call_tool("ask", {"question": QUESTION})  # the eighth call: the asks' limit, on either
            assert "Too many calls of `ask` from your address" in words(third)
            ninth = await session.call_tool("list_pages", {})
            assert "Too many tool calls from your address" in words(ninth)
        redis_server.stop()
        try:
            async with agent(served.base) as session:
                down = await session.call_tool("search", {"query": "retries"})
                assert "cannot reach its shared state" in words(down)
        finally:
            redis_server.start()
    assert "zanzibar" not in served.output.read_text(errors="replace")
