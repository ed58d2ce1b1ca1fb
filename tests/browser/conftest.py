"""Fixtures of the browser tests: Chromium, the example site built once, a real sidecar on the replay model,
and a fresh page per test whose last state is saved as a screenshot under test-output/browser/."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.chromium import chromium
from tests.browser.script import script
from tests.browser.sidecar import ROOT, Sidecar, build_site, sidecar

SCREENSHOTS = ROOT / "test-output" / "browser"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with chromium() as (_, browser):
        yield browser


@pytest.fixture(scope="session")
def guide(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    folder = tmp_path_factory.mktemp("site")
    site, bundle = build_site(folder)
    path = folder / "replay.json"
    path.write_text(json.dumps(script()), encoding="utf-8")
    with sidecar(site, bundle, path, folder / "replay-log.jsonl") as running:
        yield running


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh tab (its own sessionStorage); uncaught script errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    try:
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    finally:
        context.close()
    assert not errors, f"uncaught errors on the page: {errors}"
