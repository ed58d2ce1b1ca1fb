"""Pages that share a title (Traefik's docs have two "Docker", eight "Overview"), told apart where the visitor reads
them: a links card's links and the citations' "Page · Section" chips, on a real build of a small site."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.browser.panel import ask, open_panel
from tests.browser.sidecar import Sidecar, sidecar

pytestmark = pytest.mark.browser

RECORD = "---\ndocent:\n  record: true\n---\n"
PAGES = {
    "index.md": RECORD + "# Proxykit\n\nProxykit routes requests to your services.\n",
    "providers/docker.md": RECORD + "# Docker\n\n## Container labels { #provider-labels }\n\n"
                                    "The Docker provider reads container labels to find services.\n",
    "routing/docker.md": RECORD + "# Docker\n\n## Router labels { #router-labels }\n\n"
                                  "Routers read Docker labels to match requests.\n",
}
CALLS = [
    [{"text": "The Docker provider reads container labels to find services. [[provider-labels]] "},
     {"tool": "show_links", "input": {"items": [
         {"to": "providers-docker", "title": "Docker", "gist": "The Docker provider reads container labels."},
         {"to": "routing-docker", "title": "Docker", "gist": "Routers read Docker labels."}]}}],
    [{"text": "Routers read Docker labels to match requests. [[router-labels]]"}],
]


@pytest.fixture(scope="module")
def proxykit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sidecar]:
    folder = tmp_path_factory.mktemp("proxykit")
    for name, text in PAGES.items():
        (folder / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    config = {"site_name": "Proxykit", "theme": {"name": "mkdocs", "highlightjs": False}, "markdown_extensions": ["attr_list", {"toc": {"permalink": True}}],
              "nav": [{"Home": "index.md"}, {"Providers": ["providers/docker.md"]}, {"Routing": ["routing/docker.md"]}],
              "plugins": ["search", {"docent": {"kind": "docs"}}]}
    (folder / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], check=True, cwd=folder, timeout=120)
    script = folder / "replay.json"
    script.write_text(json.dumps({"replies": [{"question": "docker pages", "calls": CALLS}]}), encoding="utf-8")
    with sidecar(folder / "site", folder / "docent-bundle.json", script, folder / "replay-log.jsonl") as running:
        yield running


def test_two_pages_of_one_title_read_apart_in_a_links_card_and_in_the_citations(page: Page, proxykit: Sidecar) -> None:
    panel = open_panel(page, proxykit.base)
    log = ask(page, "Which docker pages are there?")
    links = log.locator("ul[data-assisted-links] li").get_by_role("link")
    expect(links).to_have_text(["Docker (Providers)", "Docker (Routing)"])
    expect(links.nth(0)).to_have_attribute("href", proxykit.base + "providers/docker/")
    expect(log.locator(".docent-sentence a.docent-cite")).to_have_text(
        ["Docker (Providers) · Container labels", "Docker (Routing) · Router labels"])
    # Each name whole on its row, inside the panel: two links, one above the other, none cut.
    box, first, second = panel.bounding_box(), links.nth(0).bounding_box(), links.nth(1).bounding_box()
    assert box and first and second and first["y"] + first["height"] <= second["y"]
    for link in (first, second):
        assert box["x"] <= link["x"] and link["x"] + link["width"] <= box["x"] + box["width"]
