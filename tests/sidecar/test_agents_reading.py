"""The MCP endpoint's reading tools and `ask` as coding agents use them: search, read_section, list_pages and the
answers, through the official SDK's client against the real app on loopback."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

from docent.manifest_build.manifest import told_apart
from docent.schema import Block, Manifest, Page, RecordSection, plain
from docent.sidecar.counts import MemoryCounts

from . import appkit
from .agentkit import (
    CODE,
    PAGES,
    QUESTION,
    RECORD,
    SITE_URL,
    agent,
    answering,
    data,
    settings,
    sidecar,
    words,
    write_bundle,
)

pytestmark = pytest.mark.anyio


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
            {"kind": "paragraph", "text": "A client retries a failed call three times.", "lang": "", "marker": "", "links": []},
            {"kind": "code", "text": CODE, "lang": "python", "marker": "", "links": []},
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


async def test_a_pages_id_from_list_pages_reads_it_and_a_page_left_out_of_the_record_says_so(tmp_path: Path) -> None:
    """A new user's agent on Uvicorn's docs (round 25) took ids from list_pages: `concepts-asgi` (a page whose first
    section is `asgi`) and `release-notes` (a page the record leaves out, its sections []) were both refused with
    "take an id from search or list_pages", the list it had taken them from."""
    pages = (*PAGES, Page("changes", "Release notes", "/changes/"))
    bundle = appkit.write_bundle(tmp_path / "out.json", manifest=Manifest(site_name="Kit", pages=pages, site_url=SITE_URL),
                                 record=RECORD)
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        listed = data(await session.call_tool("list_pages", {}))["pages"]
        assert [(p["id"], p["sections"]) for p in listed] == [("start", ["install", "client"]), ("guide", ["retries"]),
                                                              ("changes", [])]
        assert data(await session.call_tool("read_section", {"id": "guide"}))["id"] == "retries"
        assert data(await session.call_tool("read_section", {"id": "start"}))["id"] == "install"
        for name in ("changes", "https://docs.example.org/kit/changes/", "/changes/", "/kit/changes/#fixed"):
            said = words(await session.call_tool("read_section", {"id": name}))
            assert "“Release notes” is on the site but not in the guide's record" in said, name
            assert "open https://docs.example.org/kit/changes/ instead" in said, name
        for name in ("nowhere", "https://docs.example.org/kit/guide/#nowhere-else", "/elsewhere/"):
            said = words(await session.call_tool("read_section", {"id": name}))
            assert "No section has that id or URL" in said and "nowhere" not in said, name


async def test_pages_of_one_title_are_listed_and_found_by_their_names(tmp_path: Path) -> None:
    """Traefik's docs have two pages "Docker" (round 30): list_pages and a hit's page_title gave an agent "Docker"
    twice. Each now reads as the build named it; a page of a title of its own reads as before."""
    pages = told_apart((*PAGES, Page("providers-docker", "Docker", "/providers/docker/"),
                        Page("routing-docker", "Docker", "/routing/docker/")),
                       nav={"providers-docker": ("Providers",), "routing-docker": ("Routing",)})
    docker = RecordSection.of("docker-labels", page="routing-docker", path="/routing/docker/#docker-labels",
                              headings=("Docker", "Labels"), blocks=(Block("paragraph", "Routers read container labels."),))
    bundle = appkit.write_bundle(tmp_path / "same.json", manifest=Manifest(site_name="Kit", pages=pages, site_url=SITE_URL),
                                 record=[*RECORD, plain(docker)])
    async with sidecar(settings(tmp_path, bundle=bundle)) as base, agent(base) as session:
        listed = data(await session.call_tool("list_pages", {}))["pages"]
        assert [p["title"] for p in listed] == ["Getting started", "User guide", "Docker (Providers)", "Docker (Routing)"]
        found = data(await session.call_tool("search", {"query": "container labels", "k": 1}))["results"]
        assert (found[0]["id"], found[0]["page_title"]) == ("docker-labels", "Docker (Routing)")


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
        {"language": "python", "text": "client = Client(retries=3)", "whole": False, "lines": [3, 3], "block_lines": 4}
    ]
    assert [(s["id"], s["url"], s["quote"]) for s in answer["code"][0]["sources"]] == [
        ("client", "https://docs.example.org/kit/start/#client", "```python\nclient = Client(retries=3)\n```")
    ]  # the lines it quotes, kept as code (newuser25: quote "" told an agent the source said nothing of it)
    assert any(h["reason"].startswith("code_") for h in answer["held"]) and "retries=None" not in json.dumps(answer)
    assert "```python\nclient = Client(retries=3)\n```" in answer["answer"]


async def test_ask_writes_a_heading_the_model_wrote_as_a_markdown_heading_line(tmp_path: Path) -> None:
    """A heading ("## Retries", or a bold line alone) goes out as a sentence marked `heading`; the answer's Markdown
    writes it as a heading line of its own, not run into the paragraph under it, its bold (a heading's own) left off."""
    text = (
        "## Retries\n\nA client retries a failed call three times [[client]]:\n```python\nclient = Client(retries=3)\n```\n"
        "[[client]]\n\n**Giving up**\n\nA client retries a failed call three times. [[client]]"
    )
    model, _ = answering(text)
    async with sidecar(settings(tmp_path), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": QUESTION}))
    assert answer["answer"] == (
        "### Retries\n\nA client retries a failed call three times:\n\n```python\nclient = Client(retries=3)\n```\n\n"
        "### Giving up\n\nA client retries a failed call three times."
    )
    assert [s["text"] for s in answer["sentences"]][:2] == ["Retries", "A client retries a failed call three times:"]


def test_inline_code_is_marked_where_it_stands_as_a_word_not_inside_a_longer_one() -> None:
    """The record keeps a block's inline code in order but not where it stands: `path` was marked inside the "pathlib"
    before it, and `sync` inside "--sync"; a span written twice as a whole word is marked at its first."""
    from docent.sidecar.agents.marks import ticked

    def marked(text: str, *code: str) -> str:
        return ticked(Block("paragraph", text, code=code)).text

    assert marked("Use pathlib to build the path.", "path") == "Use pathlib to build the `path`."
    assert marked("Pass --sync, or sync by hand.", "sync") == "Pass --sync, or `sync` by hand."
    assert marked("Run uv sync --inexact; __init__ and a_b.", "uv sync --inexact", "__init__", "a_b") == (
        "Run `uv sync --inexact`; `__init__` and `a_b`.")
    assert marked("Set path in the pathlib.", "pathlib", "path") == "Set path in the pathlib."  # not in order: as it is


async def test_a_source_that_is_code_is_quoted_by_its_first_lines_kept_as_code(tmp_path: Path) -> None:
    """A sentence citing a section that is a code block (no sentence of its own to point at) and a long code block shown
    are quoted by the code's first lines, whole and exact, fenced in its language, at most `QUOTE_LINES` and
    `QUOTE_CHARS`: never `quote: ""` for a source that is code (newuser25), never the whole of a long block twice."""
    from docent.sidecar.agents.results import QUOTE_CHARS, QUOTE_LINES

    script = "\n".join(f"kit run --step {n}  # step {n}" for n in range(1, 13))
    steps = RecordSection.of("steps", page="guide", path="/guide/#steps", headings=("User guide", "Every step"),
                             blocks=(Block("code", script, lang="console"),))
    bundle = appkit.write_bundle(tmp_path / "steps.json", manifest=Manifest(site_name="Kit", pages=PAGES, site_url=SITE_URL),
                                 record=[*RECORD, plain(steps)])
    text = f"Kit runs every step in order. [[steps]]\n```console\n{script}\n```\n[[steps]]"
    model, _ = answering(text)
    async with sidecar(settings(tmp_path, bundle=bundle), model_factory=lambda _: model) as base, agent(base) as session:
        answer = data(await session.call_tool("ask", {"question": "How does kit run its steps?"}))
    first = "\n".join(script.split("\n")[:QUOTE_LINES])
    quoted = f"```console\n{first}\n```"
    assert [s["text"] for s in answer["sentences"]] == ["Kit runs every step in order."]
    assert [s["quote"] for s in answer["sentences"][0]["sources"]] == [quoted]
    assert answer["code"][0]["text"] == script and [s["quote"] for s in answer["code"][0]["sources"]] == [quoted]
    assert len(first) <= QUOTE_CHARS


def test_a_code_quote_keeps_whole_lines_within_its_most_and_a_section_with_words_is_not_quoted_by_its_code() -> None:
    """`code_quote` keeps whole lines while `QUOTE_CHARS` allows (a first line longer than that cut there), and ends on
    no blank line; a cited section with words beside its code, none of which the sentence matched, keeps quote "" (its
    words are what a citation points at), where a section that is code alone is quoted by its code (`_coded`)."""
    from docent.sidecar.agents.results import QUOTE_CHARS, code_quote, sources
    from docent.sidecar.answer.events import Cite

    wide = "x" * 150
    assert code_quote("\n".join([wide] * 4), "text") == f"```text\n{wide}\n{wide}\n```"  # a third would pass 400
    assert code_quote("y" * (QUOTE_CHARS + 9) + "\nz", "") == f"```\n{'y' * QUOTE_CHARS}\n```"
    assert code_quote("a = 1\n\n   \n", "python") == "```python\na = 1\n```"
    code = Block("code", "kit run", lang="console")
    coded = RecordSection.of("coded", page="guide", path="/guide/#coded", headings=("Guide", "Run"), blocks=(code,))
    worded = RecordSection.of("worded", page="guide", path="/guide/#worded", headings=("Guide", "Run it"),
                              blocks=(Block("paragraph", "Run the kit from its folder."), code))
    cites = [Cite("coded", "Run", "/guide/#coded"), Cite("worded", "Run it", "/guide/#worded")]
    quoted = [s["quote"] for s in sources(cites, "https://docs.example.org", {"coded": coded, "worded": worded})]
    assert quoted == ["```console\nkit run\n```", ""]
