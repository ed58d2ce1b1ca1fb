"""Fixtures of the browser tests: Chromium, the example site built once, a real sidecar on the replay model,
and a fresh page per test whose last state is saved as a screenshot under test-output/browser/."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.chromium import chromium
from tests.browser.script import script
from tests.browser.sidecar import ROOT, Sidecar, build_site, free_port, sidecar

SCREENSHOTS = ROOT / "test-output" / "browser"

# The docs-site fixture's replies: the first opens the page it speaks of.
RETRIES = "Retries are off by default: a request that fails to connect raises `ConnectError` at once [[retries]]. "
RETRY_CODE = "client = fetchkit.Client(transport=fetchkit.Transport(retries=3))"
MORE = "Pass `retries=3` to the transport to try a connection up to three more times before giving up [[retries]]."


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    with chromium() as (_, browser):
        yield browser


@pytest.fixture(scope="package")
def guide(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    folder = tmp_path_factory.mktemp("site")
    site, bundle = build_site(folder)
    path = folder / "replay.json"
    path.write_text(json.dumps(script()), encoding="utf-8")
    with sidecar(site, bundle, path, folder / "replay-log.jsonl") as running:
        yield running


@pytest.fixture(scope="package")
def material(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    """The example site built with Material for MkDocs and its instant navigation, and its own sidecar."""
    folder = tmp_path_factory.mktemp("material")
    port = free_port()  # instant navigation follows only the links its sitemap lists under site_url
    site, bundle = build_site(folder, material=True, site_url=f"http://127.0.0.1:{port}/")
    path = folder / "replay.json"
    path.write_text(json.dumps(script()), encoding="utf-8")
    with sidecar(site, bundle, path, folder / "replay-log.jsonl", port=port) as running:
        yield running


@pytest.fixture(scope="module")
def fetchkit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    """A docs site (tests/browser/docs_site: Fetchkit, Material with instant navigation, `kind: docs`) whose answer
    opens the page it speaks of, and its own sidecar."""
    folder = tmp_path_factory.mktemp("fetchkit")
    shutil.copytree(Path(__file__).parent / "docs_site", folder, dirs_exist_ok=True)
    port = free_port()  # instant navigation follows only the links its sitemap lists under site_url
    config = (folder / "mkdocs.yml").read_text(encoding="utf-8").replace("http://127.0.0.1/", f"http://127.0.0.1:{port}/")
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], check=True, cwd=folder, timeout=120)
    script = folder / "replay.json"
    calls = [[{"text": RETRIES}, {"tool": "show_page", "input": {"id": "clients"}}], [{"text": MORE}]]
    code = [[{"text": f"```python\n{RETRY_CODE}\n```\n[[retries]]\n"}, {"tool": "show_page", "input": {"id": "clients"}}],
            [{"text": ""}]]
    replies = [{"question": "clients page", "calls": calls}, {"question": "only its code", "calls": code}]
    script.write_text(json.dumps({"replies": replies}), encoding="utf-8")
    with sidecar(folder / "site", folder / "docent-bundle.json", script, folder / "replay-log.jsonl", port=port) as running:
        yield running


@pytest.fixture
def context_options() -> dict[str, object]:
    """The browser context a test's page opens in; a test overrides it (a phone's screen, reduced motion)."""
    return {"viewport": {"width": 1280, "height": 860}}


@pytest.fixture
def foreign_errors_allowed() -> bool:
    """Whether the site's own scripts may fail (under a strict CSP the MkDocs theme's inline scripts do)."""
    return False


def _settle(page: Page) -> None:
    """Waits (up to 2 s) for a smooth scroll the test left running to end: taken mid-scroll, a phone-sized screenshot
    showed the page shifted by the scroll still to go, the site's header below a blank band no visitor sees."""
    where = None
    for _ in range(20):
        try:
            now = page.evaluate("() => [scrollX, scrollY]")
        except PlaywrightError:  # a page navigating as the test ended: the screenshot shows it as it is
            return
        if now == where:
            return
        where = now
        page.wait_for_timeout(100)


@pytest.fixture
def page(
    browser: Browser, request: pytest.FixtureRequest, context_options: dict[str, object], foreign_errors_allowed: bool
) -> Iterator[Page]:
    """A fresh tab (its own sessionStorage); uncaught script errors fail the test (only the panel's, where allowed)."""
    context = browser.new_context(**context_options)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error.message}\n{error.stack}"))
    yield page
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
    try:
        _settle(page)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    finally:
        context.close()
    if foreign_errors_allowed:
        errors = [e for e in errors if "/docent/" in e]
    assert not errors, f"uncaught errors on the page: {errors}"
