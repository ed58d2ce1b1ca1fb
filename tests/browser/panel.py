"""What a visitor does with the panel, as steps the tests share."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

PANEL = "[data-docent-view]"
# The two screens the layout is held to: a desktop's, and a phone's at its pixel density.
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
SIZES = pytest.mark.parametrize("context_options", [DESKTOP, PHONE], ids=["desktop", "phone"])


def open_panel(page: Page, url: str) -> Locator:
    """Opens a page, presses the guide's button, and waits for the proof of work and the conversation."""
    page.goto(url)
    page.get_by_role("button", name="Ask the guide").click()
    panel = page.locator(PANEL)
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)
    return panel


def ask(page: Page, question: str, *, leaving_for: str | None = None) -> Locator:
    """Asks a question and waits for the answer's end; returns the transcript.

    `leaving_for`: the URL an answer that opens another page goes to; the panel there holds the transcript."""
    page.locator(PANEL).get_by_label("Your question").fill(question)
    page.locator(PANEL).get_by_role("button", name="Ask").click()
    if leaving_for is not None:
        page.wait_for_url(leaving_for, timeout=15_000)
        expect(page.locator(PANEL)).to_be_visible()  # open again on the new page
    wait_for_answer(page)
    return page.locator(PANEL).locator(".docent-log")


def wait_for_answer(page: Page) -> None:
    panel = page.locator(PANEL)
    expect(panel.locator(".docent-status")).not_to_have_text("The guide is answering…", timeout=15_000)
    expect(panel).to_have_attribute("data-ready", "true", timeout=15_000)


def whole(page: Page) -> Locator:
    """Brings the panel back whole where it shrank out of the way of what it showed (a phone; a desktop where neither
    side is free), as the visitor does with one press, and waits for its question field; returns the panel."""
    panel = page.locator(PANEL)
    shrunk = panel.get_by_role("button", name="Show the whole guide")
    if shrunk.count():
        shrunk.click()
    expect(panel.get_by_label("Your question")).to_be_visible()
    return panel


def serious(page: Page, *, context: str | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page, or in the part `context` selects, one line each."""
    results: dict[str, Any] = Axe().run(page, context=context).response
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
