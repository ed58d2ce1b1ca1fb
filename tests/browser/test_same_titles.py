"""Pages that share a title (Traefik's docs have two "Docker", eight "Overview"), told apart where the visitor reads
them: a links card's links and the citations' "Page · Section" chips, on a real build of a small site."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Page, expect

from tests.browser.answered import cites, says
from tests.browser.panel import ask, open_panel, wait_for_answer
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
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small site built once, for both its sidecars."""
    folder = tmp_path_factory.mktemp("proxykit")
    for name, text in PAGES.items():
        (folder / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    config = {"site_name": "Proxykit", "theme": {"name": "mkdocs", "highlightjs": False}, "markdown_extensions": ["attr_list", {"toc": {"permalink": True}}],
              "nav": [{"Home": "index.md"}, {"Providers": ["providers/docker.md"]}, {"Routing": ["routing/docker.md"]}],
              "plugins": ["search", {"docent": {"kind": "docs"}}]}
    (folder / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"], check=True, cwd=folder, timeout=120)
    return folder


@pytest.fixture(scope="module")
def proxykit(built: Path) -> Iterator[Sidecar]:
    folder = built
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


@pytest.fixture(scope="module")
def offline(built: Path) -> Iterator[Sidecar]:
    """The same site served on the embedded (offline) model."""
    with sidecar(built / "site", built / "docent-bundle.json", None, built / "offline-log.jsonl") as running:
        yield running


def test_the_suggestion_that_names_one_of_two_pages_of_one_title_is_answered_from_that_page(
    page: Page, offline: Sidecar
) -> None:
    """look32, Commitizen's docs: the panel suggested "What should I know about “commit (Commands)”?" and "... “bump
    (Commands)”?" (two pages of each title), and the embedded model answered both with a passage about ignoring tags:
    the question named the page by its name, "bump (Commands)", and the model looked for a page of that label. Pressed,
    each suggestion is answered with its own page's fact (the one sentence each says), cited to that page alone."""
    panel = open_panel(page, offline.base)
    for named, path, fact in [
        ("Docker (Routing)", "/routing/docker/", "Routers read Docker labels to match requests."),
        ("Docker (Providers)", "/providers/docker/", "The Docker provider reads container labels to find services."),
    ]:
        if panel.locator(".docent-log .docent-answer").count():
            panel.get_by_role("button", name="New conversation").click()
            expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
        panel.get_by_role("button", name=f"What should I know about “{named}”?").click()
        wait_for_answer(page)
        says(panel.locator(".docent-log"), fact)
        cites(panel.locator(".docent-log"), path)
        links = panel.locator(".docent-log .docent-answer").last.locator("a.docent-cite")
        expect(links.first).to_be_visible()
        assert {text.split(" · ")[0] for text in links.all_inner_texts()} == {named}, links.all_inner_texts()
