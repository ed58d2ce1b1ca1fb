"""The MCP endpoint's tests' shared parts: a small docs record, the settings that switch the endpoint on, a
model that writes a given text, the official SDK's client and the app on a real uvicorn on loopback."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.types import CallToolResult

from docent.manifest_build.page import page_id, read_page
from docent.schema import Block, Manifest, Page, RecordSection, plain
from docent.sidecar.app import create_app
from docent.sidecar.model.handler import HandlerModel
from docent.sidecar.model.models import spec_for
from docent.sidecar.model.port import ModelEvent, ModelRequest, Stop, TextDelta, Usage
from docent.sidecar.settings import Settings
from docent.sidecar.spending.factory import FeatureModel, guard

from ..loopback import served
from . import appkit

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


def pages_bundle(tmp_path: Path, *pages: tuple[str, str, str], name: str = "Kit", site_url: str = SITE_URL) -> Path:
    """A bundle of the sections the build reads off each page's HTML (path, title, HTML), as `docent manifest` does
    for a site at `site_url`."""
    record: list[RecordSection] = []
    for path, title, html in pages:
        record += read_page(html, path=path, title=title, record=True, site_url=site_url).record_sections
    manifest = Manifest(site_name=name, pages=tuple(Page(page_id(p), t, p) for p, t, _ in pages), site_url=site_url,
                        kind="docs")
    return appkit.write_bundle(tmp_path / "pages-bundle.json", manifest=manifest, record=[plain(s) for s in record])
