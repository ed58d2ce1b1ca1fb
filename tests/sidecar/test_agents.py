"""The MCP endpoint as coding agents use it: the official SDK's client (`ClientSession` over streamable HTTP)
against the real app on a real uvicorn on loopback."""

from __future__ import annotations

import importlib.util
import json
import logging
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from docent.cli import main
from docent.sidecar.agents.endpoint import INSTRUCTIONS
from docent.sidecar.answer.policy import OFF_WORDS
from docent.sidecar.counts import SQLiteCounts
from docent.sidecar.settings import Settings, SettingsError

from ..loopback import free_port
from .agentkit import (
    QUESTION,
    agent,
    answering,
    data,
    settings,
    sidecar,
    words,
)

pytestmark = pytest.mark.anyio


async def test_off_by_default_and_its_tools_listed_the_same_on_every_start(tmp_path: Path) -> None:
    async with sidecar(replace(settings(tmp_path), mcp=False)) as base, httpx.AsyncClient() as http:
        assert (await http.post(f"{base}/mcp", json={})).status_code in (404, 405)
    listings = []
    for _ in range(2):
        async with sidecar(settings(tmp_path)) as base, agent(base) as session:
            listings.append([tool.model_dump_json(by_alias=True, exclude_none=True) for tool in (await session.list_tools()).tools])
    assert listings[0] == listings[1]
    tools = {json.loads(t)["name"]: json.loads(t) for t in listings[0]}
    assert list(tools) == ["search", "read_section", "list_pages", "ask"]
    assert all(t["annotations"]["readOnlyHint"] for t in tools.values())
    assert tools["search"]["inputSchema"]["properties"]["k"]["maximum"] == 10
    assert "budget" in tools["ask"]["description"]
    # An excerpt's `more` is explained where an agent chooses its next call, and so is an empty reply.
    assert "`more` true: read_section gives the rest" in tools["search"]["description"]
    assert "No results: try other words" in tools["search"]["description"]
    # The same words serve a portfolio and a documentation site: none says which the site is.
    said = [INSTRUCTIONS, *(tool["description"] for tool in tools.values())]
    assert not [words for words in said if "documentation" in words.lower()]


async def test_the_policy_refuses_before_any_model_is_asked(tmp_path: Path) -> None:
    model, inner = answering("never [[client]]")
    async with sidecar(settings(tmp_path), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "What is her salary?"}))
    assert answer["refused"] is not None and answer["refused"]["reason"] == "pay"
    assert answer["sentences"] == [] and not inner.requests


async def test_the_token_is_asked_for_when_set(tmp_path: Path) -> None:
    async with sidecar(settings(tmp_path, mcp_token="a token of the owner's")) as base:
        async with httpx.AsyncClient() as http:
            bare = await http.post(f"{base}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                   headers={"Accept": "application/json, text/event-stream"})
        assert bare.status_code == 401 and bare.headers["www-authenticate"].startswith("Bearer")
        assert "bearer token" in bare.json()["error"]["message"]
        with pytest.raises(Exception):  # noqa: B017 - the SDK's client fails its first request; which class is its own
            async with agent(base, headers={"Authorization": "Bearer a wrong one"}):
                pass
        async with agent(base, headers={"Authorization": "Bearer a token of the owner's"}) as session:
            assert len((await session.list_tools()).tools) == 4


async def test_agents_have_rate_limits_of_their_own(tmp_path: Path) -> None:
    limited = settings(tmp_path, rate_mcp="3/minute", rate_mcp_ask="1/minute")
    model, _ = answering("A client retries a failed call three times. [[client]]")
    async with sidecar(limited, model_factory=lambda _: model) as base, agent(base) as session:
        assert data(await session.call_tool("ask", {"question": QUESTION}))["sentences"]
        second = await session.call_tool("ask", {"question": QUESTION})
        assert "Too many calls of `ask` from your address" in words(second)
        data(await session.call_tool("list_pages", {}))
        third = await session.call_tool("list_pages", {})
        assert "Too many tool calls from your address for now: try again in" in words(third)
        async with httpx.AsyncClient() as http:  # the panel's own limits are untouched
            assert (await http.get(f"{base}/api/guide")).status_code == 200


async def test_the_host_check_follows_site_url_and_the_setting(tmp_path: Path) -> None:
    hosts = settings(tmp_path, mcp_hosts=("mcp.example.net",))
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    accept = {"Accept": "application/json, text/event-stream"}
    async with sidecar(hosts) as base, httpx.AsyncClient() as http:
        for host, status in (("evil.example", 421), ("docs.example.org", 200), ("mcp.example.net:8443", 200),
                             (base.removeprefix("http://"), 200)):
            response = await http.post(f"{base}/mcp", json=body, headers={**accept, "Host": host})
            assert response.status_code == status, (host, response.text)
        foreign = await http.post(f"{base}/mcp", json=body, headers={**accept, "Origin": "https://evil.example"})
        assert foreign.status_code == 403


async def test_a_spent_budget_answers_offline_or_says_so(tmp_path: Path) -> None:
    model, _ = answering("A client retries a failed call three times. [[client]]", input_tokens=15_000_000)
    async with sidecar(settings(tmp_path), model_factory=lambda _: model) as base, agent(base) as session:
        first = data(await session.call_tool("ask", {"question": QUESTION}))  # this answer spends the whole day's
        assert first["model"] == "claude-haiku-5-5"
        then = data(await session.call_tool("ask", {"question": QUESTION}))
    assert then["model"] == "offline" and then["degraded"] == "budget_spent"
    assert then["sentences"] and all(s["sources"] for s in then["sentences"])
    model, _ = answering("A client retries a failed call three times. [[client]]", input_tokens=15_000_000)
    strict = settings(tmp_path, degrade=False)
    async with sidecar(strict, model_factory=lambda _: model) as base, agent(base) as session:
        data(await session.call_tool("ask", {"question": QUESTION}))
        spent = await session.call_tool("ask", {"question": QUESTION})
        assert "spent today's budget" in words(spent)
        assert data(await session.call_tool("search", {"query": "retries"}))["results"]  # the free tools stay on


async def test_ask_switched_off_leaves_the_free_tools(tmp_path: Path) -> None:
    async with sidecar(settings(tmp_path, mcp_ask=False)) as base, agent(base) as session:
        assert [t.name for t in (await session.list_tools()).tools] == ["search", "read_section", "list_pages"]
        refused = await session.call_tool("ask", {"question": QUESTION})
        assert refused.is_error


async def test_bad_input_gets_mcps_error_shapes_never_a_500(tmp_path: Path) -> None:
    async with sidecar(settings(tmp_path)) as base:
        async with agent(base) as session:
            for name, arguments in (("search", {"query": ""}), ("search", {"query": "x", "k": 50}),
                                    ("search", {"query": 3}), ("search", {}), ("read_section", {"id": ["a"]}),
                                    ("ask", {"question": "x" * 501}), ("search", {"query": "   "}),
                                    ("ask", {"question": " \n "})):
                result = await session.call_tool(name, arguments)
                assert result.is_error and words(result), (name, arguments)
        async with httpx.AsyncClient() as http:
            accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
            for raw in (b"{not json", b"[]", b'{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": 7}',
                        b'{"jsonrpc": "2.0", "id": 1, "method": "no/such"}', b"x" * 40_000):
                response = await http.post(f"{base}/mcp", content=raw, headers=accept)
                assert 400 <= response.status_code < 500 or "error" in response.json(), raw[:40]
                assert response.status_code != 500


async def test_bad_arguments_are_said_in_a_line_that_never_quotes_them(tmp_path: Path) -> None:
    """Pydantic's report quoted the value sent, named its model (`searchArguments`) and linked its own site."""
    async with sidecar(settings(tmp_path)) as base, agent(base) as session:
        said = {}
        for name, arguments in (("search", {"query": "zanzibar " * 60}), ("search", {"query": "zanzibar", "k": 50}),
                                ("search", {"q": "zanzibar"}), ("ask", {"question": ""})):
            said[name, json.dumps(arguments)[:20]] = words(await session.call_tool(name, arguments))
    for text in said.values():
        assert text.startswith("Error executing tool ") and text.endswith("inputSchema says what each argument takes.")
        assert not [w for w in ("zanzibar", "pydantic", "input_value", "Arguments", "[type=") if w in text], text
    assert list(said.values())[:3] == [
        "Error executing tool search: `query`: String should have at most 500 characters. "
        "The tool's inputSchema says what each argument takes.",
        "Error executing tool search: `k`: Input should be less than or equal to 10. "
        "The tool's inputSchema says what each argument takes.",
        "Error executing tool search: `query`: Field required. The tool's inputSchema says what each argument takes.",
    ]


async def test_redis_down_is_an_error_an_agent_can_read(tmp_path: Path) -> None:
    down = settings(tmp_path, redis_url=f"redis://127.0.0.1:{free_port()}/0")
    async with sidecar(down) as base, agent(base) as session:
        for name, arguments in (("search", {"query": "retries"}), ("ask", {"question": QUESTION})):
            result = await session.call_tool(name, arguments)
            assert "cannot reach its shared state" in words(result)


async def test_nothing_an_agent_sends_is_logged_and_calls_are_counted_by_tool(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = "zanzibar quokka"
    counts = SQLiteCounts(tmp_path / "state")
    caplog.set_level(logging.DEBUG)
    async with sidecar(settings(tmp_path, metrics_token="m" * 20), counts=counts) as base:
        async with agent(base) as session:
            await session.call_tool("search", {"query": secret})
            await session.call_tool("search", {"query": secret, "k": 99})
            await session.call_tool("read_section", {"id": secret})
            await session.call_tool("ask", {"question": f"What about {secret}?"})
        async with httpx.AsyncClient() as http:
            scraped = (await http.get(f"{base}/api/guide/metrics", headers={"Authorization": "Bearer " + "m" * 20})).text
    server_side = [r for r in caplog.records if not r.name.startswith(("mcp.client", "httpx", "httpcore"))]
    assert server_side and not any("zanzibar" in r.getMessage() for r in server_side)
    assert 'docent_mcp_calls_total{outcome="ok",tool="search"} 1.0' in scraped
    assert 'docent_mcp_calls_total{outcome="invalid",tool="read_section"} 1.0' in scraped
    assert 'docent_mcp_calls_total{outcome="invalid",tool="search"} 1.0' in scraped  # k=99, refused by the schema
    assert "zanzibar" not in scraped
    counts.close()
    assert main(["report", "--json", "--state-dir", str(tmp_path / "state")]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["mcp_calls"] == {"search": 2, "ask": 1, "read_section": 1}
    assert figures["mcp_refused"] == {"invalid": 2} and figures["questions"] == 1
    assert main(["report", "--state-dir", str(tmp_path / "state")]) == 0
    said = capsys.readouterr().out
    assert "MCP calls by agents: search: 2, ask: 1, read_section: 1; refused: invalid: 2" in said
    assert "zanzibar" not in said


def test_the_settings_read_the_endpoints_switches_and_say_what_to_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    env = {"DOCENT_MCP": "1", "DOCENT_MCP_ASK": "0", "DOCENT_MCP_TOKEN": "t" * 20, "DOCENT_MCP_HOSTS": "Docs.Example.org, mcp.example.net:8443",
           "DOCENT_RATE_MCP": "20/minute", "DOCENT_RATE_MCP_ASK": "2/minute", "DOCENT_POW_SECRET": "s" * 20}
    read = Settings.from_env(env)
    assert (read.mcp, read.mcp_ask, read.mcp_hosts) == (True, False, ("docs.example.org", "mcp.example.net:8443"))
    assert (read.rate_mcp, read.rate_mcp_ask) == ("20/minute", "2/minute") and "t" * 20 not in repr(read)
    assert Settings.from_env({"DOCENT_POW_SECRET": "s" * 20}).mcp is False  # off by default
    with pytest.raises(SettingsError) as bad:
        Settings.from_env({**env, "DOCENT_MCP_HOSTS": "https://docs.example.org/,a b", "DOCENT_RATE_MCP_ASK": "often"})
    said = str(bad.value)
    assert "DOCENT_MCP_HOSTS: 'https://docs.example.org/' is not a host name" in said and "'a b'" in said
    assert "DOCENT_RATE_MCP_ASK='often' is not a rate" in said
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "mcp" else real(name, *a))
    with pytest.raises(SettingsError, match=r"pip install 'mkdocs-docent\[mcp\]'"):
        Settings.from_env(env)


async def test_a_bundle_that_failed_to_load_is_said_so_to_an_agent_not_as_none_built(tmp_path: Path) -> None:
    broken = tmp_path / "broken-bundle.json"
    broken.write_text("{not a bundle", encoding="utf-8")
    async with sidecar(settings(tmp_path, bundle=broken)) as base, agent(base) as session:
        refused = await session.call_tool("search", {"query": "retries"})
        assert refused.is_error and OFF_WORDS["bundle_failed"] in words(refused)
    missing = settings(tmp_path, bundle=tmp_path / "never-built.json")
    async with sidecar(missing) as base, agent(base) as session:
        assert OFF_WORDS["no_bundle"] in words(await session.call_tool("search", {"query": "retries"}))
