"""Code and Markdown in the panel, on a small documentation site built with Material: the record's code block shown
monospaced with its language and a copy button, scrolling inside the panel without widening the page (a phone's
too), lists and inline code rendered, and axe clean."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.browser.panel import ask, open_panel
from tests.browser.sidecar import Sidecar, free_port, sidecar

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
LONG_LINES = [
    'with fetchkit.Client(timeout=5.0, follow_redirects=True, headers={"User-Agent": '
    '"fetchkit-example/1.0 (+https://example.org/contact)"}) as client:',
    '    response = client.get("https://example.org/a/rather/long/path/that/goes/on/and/on?with=query&and=more")',
]
REPLY = (
    "Pass a timeout to the client [[timeouts]]:\n\n```python\n" + "\n".join(LONG_LINES) + "\n```\n[[timeouts]]\n"
    "Two things matter here:\n"
    "1. A `Client` keeps its connections open between requests [[timeouts]].\n"
    "2. Pass `timeout=5.0` to **bound every request** it makes [[timeouts]]."
)
DESKTOP = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    folder = tmp_path_factory.mktemp("docs")
    shutil.copytree(HERE / "docs_site", folder, dirs_exist_ok=True)
    port = free_port()
    config = (folder / "mkdocs.yml").read_text(encoding="utf-8").replace("http://127.0.0.1/", f"http://127.0.0.1:{port}/")
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], check=True, cwd=folder, timeout=120)
    script = folder / "replay.json"
    script.write_text(json.dumps({"replies": [{"question": "timeout", "calls": [[{"text": REPLY}]]}]}), encoding="utf-8")
    with sidecar(folder / "site", folder / "docent-bundle.json", script, folder / "replay-log.jsonl", port=port) as running:
        yield running


@pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_quoted_code_block_is_shown_as_the_record_has_it_and_never_widens_the_page(
    page: Page, docs: Sidecar, context_options: dict[str, object]
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=docs.base.rstrip("/"))
    open_panel(page, docs.base + "clients/")
    log = ask(page, "How do I set a timeout?")
    figure = log.locator("figure.docent-code")
    expect(figure).to_have_count(1)
    expect(figure.locator(".docent-code-language")).to_have_text("python")
    assert figure.locator("pre code").evaluate("e => e.textContent") == "\n".join(LONG_LINES)
    assert figure.locator("pre").evaluate("e => getComputedStyle(e).fontFamily").startswith("ui-monospace")
    # The long lines scroll inside their box; neither the panel nor the page grows for them.
    assert figure.locator("pre").evaluate("e => e.scrollWidth > e.clientWidth")
    width = context_options["viewport"]["width"]  # type: ignore[index]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    box = figure.bounding_box()
    panel = log.bounding_box()
    assert box and panel and box["x"] >= panel["x"] - 1 and box["x"] + box["width"] <= panel["x"] + panel["width"] + 1
    # Lists and inline code are rendered, never as raw marks.
    items = log.locator("ol.docent-list > li")
    expect(items).to_have_count(2)
    expect(items.nth(1).locator("code.docent-code-inline")).to_have_text("timeout=5.0")
    expect(items.nth(1).locator("strong")).to_have_text("bound every request")
    assert not any(mark in log.inner_text() for mark in ("```", "**", "`"))
    figure.get_by_role("button", name="Copy the python code").click()
    expect(figure.get_by_role("button", name="Copy the python code")).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == "\n".join(LONG_LINES)
    # The panel's own part of the page: Material's search dialog and footer have axe findings of their own.
    found = Axe().run(page, context="[data-docent-view]").response["violations"]
    serious = [(v["id"], [n["target"] for n in v["nodes"]][:5]) for v in found if v["impact"] in ("serious", "critical")]
    assert serious == []
