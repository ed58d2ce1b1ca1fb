"""The MCP endpoint as coding agents use it: the official SDK's client (`ClientSession` over streamable HTTP)
against the real app on a real uvicorn on loopback."""

from __future__ import annotations

import importlib.util
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from docent.cli import main
from docent.schema import Block, Manifest, Page, RecordSection, plain
from docent.sidecar.agents.endpoint import INSTRUCTIONS
from docent.sidecar.app import create_app
from docent.sidecar.counts import MemoryCounts, SQLiteCounts
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import ModelEvent, ModelRequest, Stop, TextDelta, Usage
from docent.sidecar.settings import Settings, SettingsError
from docent.sidecar.spending.factory import FeatureModel, guard

from ..loopback import free_port, served
from . import appkit

pytestmark = pytest.mark.anyio

SITE_URL = "https://docs.example.org/kit"
CODE = "from kit import Client\n\nclient = Client(retries=3)\n    client.run()  # blocks"
SECTIONS = [
    RecordSection.of("install", page="start", path="/start/#install", headings=("Getting started", "Installing"),
                     blocks=(Block("paragraph", "Install the kit with pip. The kit needs Python 3.11 or newer."),)),
    RecordSection.of("client", page="start", path="/start/#client", headings=("Getting started", "The client"),
                     blocks=(Block("paragraph", "A client retries a failed call three times."),
                             Block("code", CODE, lang="python"))),
    RecordSection.of("retries", page="guide", path="/guide/#retries", headings=("User guide", "Retries"),
                     blocks=(Block("paragraph", "Retries wait one second, then two, then four, before the client "
                                                "gives up."),)),
]
RECORD = [plain(s) for s in SECTIONS]
PAGES = (Page("start", "Getting started", "/start/"), Page("guide", "User guide", "/guide/"))
QUESTION = "How many times does a client retry a failed call?"


def write_bundle(path: Path, *, site_url: str = SITE_URL) -> Path:
    return appkit.write_bundle(path, manifest=Manifest(site_name="Kit", pages=PAGES, site_url=site_url), record=RECORD)


def settings(tmp_path: Path, **changes: Any) -> Settings:
    base = Settings(
        enabled=True,
        bundle=write_bundle(tmp_path / "docent-bundle.json"),
        pow_secret=b"a test secret of some length",
        pow_secret_made=False,
        mcp=True,
        rate_mcp="1000/minute",
        rate_mcp_ask="1000/minute",
    )
    return replace(base, **changes)


def answering(text: str, *, input_tokens: int = 100) -> tuple[FeatureModel, HandlerModel]:
    """A model that writes `text`, behind the real meter, bulkhead and a budget of a dollar."""

    def handler(request: ModelRequest) -> list[ModelEvent]:
        return [TextDelta(text), Usage(input_tokens, 20), Stop("end_turn")]

    model = HandlerModel(handler, spec=spec_for("claude-haiku-5-5"))
    return guard(model, feature="guide", budget_usd=1.0, bulkhead=2), model


@asynccontextmanager
async def agent(base: str, *, headers: dict[str, str] | None = None) -> AsyncIterator[ClientSession]:
    """The SDK's own client, as Claude Code or Cursor would connect."""
    async with (
        httpx2.AsyncClient(headers=headers or {}, timeout=30) as http,
        streamable_http_client(f"{base}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


@asynccontextmanager
async def sidecar(app_settings: Settings, **inject: Any) -> AsyncIterator[str]:
    async with served(create_app(app_settings, **inject)) as base:
        yield base


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def words(result: CallToolResult) -> str:
    assert result.is_error
    return " ".join(getattr(block, "text", "") for block in result.content)


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


async def test_search_gives_sections_with_their_urls_and_code_intact(tmp_path: Path) -> None:
    async with sidecar(settings(tmp_path)) as base, agent(base) as session:
        found = data(await session.call_tool("search", {"query": "client retries", "k": 2}))["results"]
        assert [hit["id"] for hit in found] == ["client", "retries"]
        client = found[0]
        assert client["url"] == "https://docs.example.org/kit/start/#client"
        assert client["page_title"] == "Getting started"
        assert client["heading_path"] == ["Getting started", "The client"]
        assert f"```python\n{CODE}\n```" in client["text"]  # byte for byte: the blank line, the indentation, the comment
        one = data(await session.call_tool("search", {"query": "pip install"}))["results"]
        assert one[0]["id"] == "install"


async def test_the_2026_07_28_protocol_is_answered_too(tmp_path: Path) -> None:
    """A client that discovers instead of initialising sends each request self-contained: the same tools answer."""
    async with (
        sidecar(settings(tmp_path)) as base,
        httpx2.AsyncClient(timeout=30) as http,
        streamable_http_client(f"{base}/mcp", http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        found_server = await session.discover()
        info = found_server.model_dump(by_alias=True)["_meta"]["io.modelcontextprotocol/serverInfo"]
        assert info["name"] == "docent" and info["version"]
        assert [t.name for t in (await session.list_tools()).tools] == ["search", "read_section", "list_pages", "ask"]
        found = data(await session.call_tool("search", {"query": "client retries", "k": 1}))["results"]
        assert [hit["id"] for hit in found] == ["client"] and found[0]["url"].startswith("https://docs.example.org/")
        answer = data(await session.call_tool("ask", {"question": QUESTION}))
        assert answer["sentences"] and answer["sentences"][0]["sources"][0]["id"] == "client"


async def test_read_section_and_list_pages(tmp_path: Path) -> None:
    async with sidecar(settings(tmp_path)) as base, agent(base) as session:
        section = data(await session.call_tool("read_section", {"id": "client"}))
        assert section["url"] == "https://docs.example.org/kit/start/#client" and f"```python\n{CODE}\n```" in section["text"]
        assert "blocks" not in section
        section = data(await session.call_tool("read_section", {"id": "client", "blocks": True}))
        assert section["blocks"] == [
            {"kind": "paragraph", "text": "A client retries a failed call three times.", "lang": "", "marker": ""},
            {"kind": "code", "text": CODE, "lang": "python", "marker": ""},
        ]
        missing = await session.call_tool("read_section", {"id": "nowhere"})
        assert "No section has that id or URL" in words(missing) and "nowhere" not in words(missing)
        # An agent holding a link (from an answer's `pages`, the user, a page) reads it without a search first.
        for link, wanted in (("https://docs.example.org/kit/start/#client", "client"), ("/guide/#retries", "retries"),
                             ("https://docs.example.org/kit/start/", "install"), ("start/index.html", "install"),
                             ("#retries", "retries"), ("/kit/guide/#retries", "retries")):
            assert data(await session.call_tool("read_section", {"id": link}))["id"] == wanted, link
        for link in ("https://docs.example.org/kit/start/#nowhere", "/elsewhere/#client", "https://docs.example.org/kit/nope/"):
            assert "No section has that id or URL" in words(await session.call_tool("read_section", {"id": link})), link
        pages = data(await session.call_tool("list_pages", {}))
        assert (pages["site"], pages["total"], pages["next"]) == ("Kit", 2, None)
        assert pages["pages"] == [
            {"id": "start", "title": "Getting started", "url": "https://docs.example.org/kit/start/", "sections": ["install", "client"]},
            {"id": "guide", "title": "User guide", "url": "https://docs.example.org/kit/guide/", "sections": ["retries"]},
        ]


async def test_a_long_section_is_read_once_not_twice(tmp_path: Path) -> None:
    """A 16,000-character section (prose and code, as uv's Docker guide has) came back at 2.2 times its length: its
    text, then the same again block by block. An agent's context pays for each character."""
    prose = "Install uv into the image with the installer or copy the binary from the official image. " * 6
    code = "\n".join(f"RUN --mount=type=cache,target=/root/.cache/uv uv sync --locked --no-install-project  # {n}" for n in range(9))
    blocks = tuple(b for _ in range(12) for b in (Block("paragraph", prose), Block("code", code, lang="dockerfile")))
    long = RecordSection.of("docker", page="guide", path="/guide/#docker", headings=("User guide", "Docker"), blocks=blocks)
    bundle = appkit.write_bundle(tmp_path / "long.json", manifest=Manifest(site_name="Kit", pages=PAGES, site_url=SITE_URL),
                                 record=[*RECORD, plain(long)])
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        result = await session.call_tool("read_section", {"id": "docker"})
        section = data(result)
        assert 15_000 < len(section["text"]) < 17_000 and section["text"].count("```dockerfile\n" + code + "\n```") == 12
        assert len(json.dumps(data(result))) < 1.1 * len(section["text"])
        assert len(data(await session.call_tool("read_section", {"id": "docker", "blocks": True}))["blocks"]) == 24


async def test_a_big_sites_map_comes_a_hundred_pages_at_a_time(tmp_path: Path) -> None:
    """uv's 81 pages were listed in 26,000 characters, all in one reply: a site of a few hundred pages passed what a
    coding agent takes from one tool (Claude Code files a reply over 50,000 characters away, refuses one over 25,000
    tokens), with no way to ask for less."""
    many = tuple(Page(f"p{n}", f"Page {n}", f"/p{n}/") for n in range(250))
    bundle = appkit.write_bundle(tmp_path / "many.json", manifest=Manifest(site_name="Kit", pages=many, site_url=SITE_URL),
                                 record=RECORD)
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        first = data(await session.call_tool("list_pages", {}))
        assert (first["total"], len(first["pages"]), first["next"]) == (250, 100, 100)
        assert first["pages"][0] == {"id": "p0", "title": "Page 0", "url": f"{SITE_URL}/p0/", "sections": []}
        then = data(await session.call_tool("list_pages", {"start": first["next"]}))
        assert (then["pages"][0]["id"], then["next"]) == ("p100", 200)
        last = data(await session.call_tool("list_pages", {"start": 200}))
        assert (len(last["pages"]), last["pages"][-1]["id"], last["next"]) == (50, "p249", None)
        past = data(await session.call_tool("list_pages", {"start": 900}))
        assert (past["pages"], past["next"], past["total"]) == ([], None, 250)
        assert words(await session.call_tool("list_pages", {"start": -1})).endswith("what each argument takes.")


async def test_inline_code_keeps_its_backticks_in_the_markdown(tmp_path: Path) -> None:
    """uv's page marks `uv sync` and `--inexact` as code; the text said "use the --inexact flag", and uvicorn's
    "use uvicorn.run(app, **config)" read in Markdown as the start of bold."""
    extra = RecordSection.of("extraneous", page="guide", path="/guide/#extraneous", headings=("User guide", "Extraneous"),
                             blocks=(Block("paragraph", 'uv sync performs "exact" syncing by default, which means it will '
                                           "remove any packages that are not present in the lockfile.", code=("uv sync",)),
                                     Block("paragraph", "To retain extraneous packages, use the --inexact flag:",
                                           code=("--inexact",)),
                                     Block("code", "$ uv sync --inexact", lang="console"),
                                     Block("item", "Or call uvicorn.run(app, **config) with `ticks` in it.", marker="-",
                                           code=("uvicorn.run(app, **config)", "`ticks`"))))
    bundle = appkit.write_bundle(tmp_path / "ticks.json", manifest=Manifest(site_name="Kit", pages=PAGES, site_url=SITE_URL),
                                 record=[*RECORD, plain(extra)])
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        section = data(await session.call_tool("read_section", {"id": "extraneous", "blocks": True}))
        found = data(await session.call_tool("search", {"query": "retain extraneous packages inexact"}))["results"][0]
    assert section["text"] == found["text"] == (
        '`uv sync` performs "exact" syncing by default, which means it will remove any packages that are not present in '
        "the lockfile. To retain extraneous packages, use the `--inexact` flag:\n```console\n$ uv sync --inexact\n```\n"
        "- Or call `uvicorn.run(app, **config)` with `` `ticks` `` in it."
    )
    assert section["blocks"][1]["text"] == "To retain extraneous packages, use the --inexact flag:"  # the record's own


async def test_without_a_site_url_the_urls_are_the_sidecars_own(tmp_path: Path) -> None:
    own = replace(settings(tmp_path), bundle=write_bundle(tmp_path / "plain.json", site_url=""))
    async with sidecar(own) as base, agent(base) as session:
        section = data(await session.call_tool("read_section", {"id": "install"}))
        assert section["url"] == f"{base}/start/#install"


async def test_ask_shows_checked_sentences_with_sources_and_reports_held_ones(tmp_path: Path) -> None:
    text = (
        "A client retries a failed call three times. [[client]] "
        "The client is written in Rust and retries forever. [[client]]"
    )
    model, _ = answering(text)
    counts = MemoryCounts()
    async with sidecar(settings(tmp_path), model_factory=lambda _: model, counts=counts) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": QUESTION}))
    assert answer["sentences"] == [
        {"text": "A client retries a failed call three times.",
         "sources": [{"id": "client", "title": "The client", "url": "https://docs.example.org/kit/start/#client",
                      "quote": "A client retries a failed call three times."}]},
    ]
    assert answer["answer"] == "A client retries a failed call three times."
    assert [h["reason"] for h in answer["held"]] == ["unknown_term"]
    assert "retries forever" not in json.dumps(answer)  # the held sentence is reported, never shown
    assert answer["refused"] is None and answer["model"] == "claude-haiku-5-5" and answer["degraded"] is None
    assert model.budget.spent_usd() > 0  # the guide's own budget paid for it
    day = counts.read(list(counts._days))
    assert day["mcp:ask"] == 1 and day["questions"] == 1 and day["shown"] == 1 and day["held:unknown_term"] == 1


async def test_ask_quotes_code_only_as_the_record_has_it(tmp_path: Path) -> None:
    text = (
        "A client retries a failed call three times [[client]]:\n```python\nclient = Client(retries=3)\n```\n[[client]]\n"
        "Or make one that never gives up [[client]]:\n```python\nclient = Client(retries=None)\n```\n[[client]]"
    )
    model, _ = answering(text)
    async with sidecar(settings(tmp_path), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "How do I make a client?"}))
    assert [{k: v for k, v in c.items() if k != "sources"} for c in answer["code"]] == [
        {"language": "python", "text": "client = Client(retries=3)"}
    ]
    assert [(s["id"], s["url"], s["quote"]) for s in answer["code"][0]["sources"]] == [
        ("client", "https://docs.example.org/kit/start/#client", "")]  # the code's text is its quote, said once
    assert any(h["reason"].startswith("code_") for h in answer["held"]) and "retries=None" not in json.dumps(answer)
    assert "```python\nclient = Client(retries=3)\n```" in answer["answer"]


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
